#!/usr/bin/env bash
# The board in a real browser: headless Chromium from the distribution's packages, driven over
# WebDriver by scripts/board_browser.py (Python's standard library only), checks what a person
# sees: three repositories' plans, a change appearing within a second, a hostile item shown as
# text, a request without the token refused; a person's clicks making the command line's changes,
# and a page on another origin getting nothing done. tests/cli/board_browser.rs runs it; CI too.
#
#   scripts/board-browser.sh TODOS_BINARY [--screenshot docs/board.png] [--phone PATH]
#
# Installs Chromium and its driver where they are missing (Debian: apt-get, as root). Exits 77
# when they cannot be installed, so the test that runs it can skip, loudly; any other failure
# is the board's.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -lt 1 ]]; then
    echo "usage: $0 TODOS_BINARY [--screenshot PATH]" >&2
    exit 2
fi

find_tools() {
    chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
    driver=$(command -v chromedriver || true)
}

find_tools
if [[ -z $chromium || -z $driver ]] || ! command -v python3 >/dev/null; then
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
        echo "board-browser: installing chromium, chromium-driver and python3 with apt-get" >&2
        export DEBIAN_FRONTEND=noninteractive
        if ! { apt-get update -qq >/dev/null &&
            apt-get install -y -qq --no-install-recommends chromium chromium-driver \
                fonts-dejavu-core python3 >/dev/null; }; then
            echo "board-browser: apt-get could not install chromium" >&2
        fi
        find_tools
    fi
fi
if [[ -z $chromium || -z $driver ]]; then
    echo "board-browser: chromium and chromedriver are not installed and could not be installed" >&2
    echo "hint: apt-get install chromium chromium-driver (Debian), or put both on PATH" >&2
    exit 77
fi
if ! command -v python3 >/dev/null; then
    echo "board-browser: python3 is not installed and could not be installed" >&2
    exit 77
fi

exec python3 scripts/board_browser.py --chromium "$chromium" --driver "$driver" --todos "$@"
