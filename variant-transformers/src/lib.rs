//! # variant-transformers
//!
//! Robo Rally: Transformers (bot and alt modes, roads, buildings, jump
//! ramps, walkways, fire pits, personal upgrades), built on [`robo_core`]
//! and its race kit: the race is a stack of tasks on the kit's agenda
//! (`resolve.rs`), its register a pipeline of steps (`register.rs`), its
//! moves the kit's motion primitives (`world.rs`, `play.rs`).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod actions;
pub mod arena;
pub mod bots;
pub mod cards;
pub mod characters;
pub mod courses;
pub mod damage;
pub mod events;
mod game;
mod harm;
pub mod mode;
mod play;
mod quick;
mod race;
mod register;
mod resolve;
pub mod robot;
mod round;
pub mod scenario;
pub mod setup;
pub mod task;
pub mod tiles;
pub mod upgrades;
pub mod view;
mod world;

pub use actions::{Action, Decision, Program, Reason, Slot};
pub use cards::{Card, CardId};
pub use characters::Character;
pub use events::{Event, Phase, Source};
pub use mode::Mode;
pub use race::{Paused, Race};
pub use round::MARKET;
pub use setup::{Outcome, Seat, Setup, SetupError};
pub use view::View;

/// The edition's short name, as used by the facade's `Edition` enum.
pub const EDITION: &str = "transformers";
