//! # variant-classic
//!
//! RoboRally classic by the Ultimate Collection rules (with the factory
//! floor guide), built on [`robo_core`]. Not implemented yet: this crate
//! names the edition so the workspace and the facade are complete.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The edition's short name, as used by the facade's `Edition` enum.
pub const EDITION: &str = "classic";
