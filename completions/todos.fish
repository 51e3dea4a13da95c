complete --keep-order --exclusive --command todos --arguments "(COMPLETE=fish todos -- (commandline --current-process --tokenize --cut-at-cursor) (commandline --current-token))"
