//! # roborally
//!
//! Rules engines for the Robo Rally family of board games, behind one
//! protocol. This facade re-exports the core and every edition:
//!
//! | module | crate | edition |
//! |---|---|---|
//! | [`core`] | `robo-core` | shared grid, motion, pipeline, decks, protocol |
//! | [`classic`] | `variant-classic` | RoboRally classic (Ultimate Collection) |
//! | [`v2023`] | `variant-2023` | Robo Rally 2023 |
//! | [`transformers`] | `variant-transformers` | Robo Rally: Transformers |
//! | [`conquest`] | `variant-conquest` | Transformers zone conquest |
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![doc = ""]
#![doc = "## The README"]
#![doc = include_str!("../README.md")]

pub use robo_core as core;
pub use variant_2023 as v2023;
pub use variant_classic as classic;
pub use variant_conquest as conquest;
pub use variant_transformers as transformers;

pub mod any;
pub mod batch;
pub mod bots;
pub mod editions;
pub mod frame;
pub mod race;
pub mod scenario;
pub mod terminal;
mod textboard;
pub mod viewer;
pub mod words;
pub use any::{AnyAction, AnyGame, AnySetup, AnySetupError};
pub use editions::{Edition, UnknownEdition};
