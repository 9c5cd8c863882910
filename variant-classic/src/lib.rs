//! # variant-classic
//!
//! RoboRally classic by the Ultimate Collection rules (with the factory
//! floor guide), written on the race kit of [`robo_core`]: the game keeps
//! an agenda of small tasks ([`race::Task`]), runs each register as a
//! pipeline of steps in the rulebook's order ([`race::ClassicStep`]) and
//! plays on kit courses ([`courses`]).
//!
//! ```
//! use robo_core::Game;
//! use robo_core::protocol::{play_out, RandomPolicy};
//! use variant_classic::{courses, Race, Setup};
//! let course = courses::course(courses::DEFAULT_COURSE).unwrap();
//! let mut setup = Setup::new(course, 2);
//! setup.max_rounds = Some(3);
//! let mut race = Race::new(setup, 7).unwrap();
//! assert_eq!(race.robots().len(), 2);
//! // Docks are chosen first, in the order of a dealt card's priority.
//! let mut legal = Vec::new();
//! for _ in 0..2 {
//!     let p = race.pending().players()[0];
//!     race.legal_actions(p, &mut legal);
//!     race.apply(p, legal[0]).unwrap();
//! }
//! assert_eq!(race.robots()[0].hand.len(), 9);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bots;
pub mod cards;
pub mod courses;
mod event;
pub mod options;
mod pieces;
pub mod race;
pub mod scenario;
pub mod tiles;
pub mod world;

#[cfg(test)]
mod tests;

pub use cards::{Card, Kind};
pub use race::{Action, Decision, Event, Outcome, Race, Reason, Robot, Setup, SetupError, View};

/// The edition's short name, as used by the facade's `Edition` enum.
pub const EDITION: &str = "classic";
