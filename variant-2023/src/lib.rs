//! # variant-2023
//!
//! Robo Rally, 2023 edition (programming decks, SPAM and Haywire damage,
//! energy, upgrades, reboot tokens), built on [`robo_core`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The edition's short name, as used by the facade's `Edition` enum.
pub const EDITION: &str = "2023";

pub mod courses;
pub mod tiles;
