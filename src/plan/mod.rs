//! The plan and its pure rules: items and the rules of a valid plan, the lists of a
//! workspace, dependencies and readiness, claims, leases and owners.

pub(crate) mod claims;
pub(crate) mod dependencies;
pub mod list;
pub mod model;
