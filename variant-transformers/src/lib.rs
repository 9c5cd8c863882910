//! # variant-transformers
//!
//! Robo Rally: Transformers (bot and alt modes, roads, buildings, jump
//! ramps, walkways, fire pits, personal upgrades), built on [`robo_core`]
//! and its race kit.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod cards;
pub mod characters;
pub mod courses;
pub mod damage;
pub mod tiles;
pub mod upgrades;

/// The edition's short name, as used by the facade's `Edition` enum.
pub const EDITION: &str = "transformers";
