//! # variant-2023
//!
//! Robo Rally, 2023 edition (programming decks, SPAM and Haywire damage,
//! energy, upgrades, reboot tokens), built on [`robo_core`].
//!
//! A [`Race`] is a game value speaking the [`robo_core::Game`] protocol:
//! set it up from a [`Setup`], ask [`pending`](robo_core::Game::pending)
//! what it waits for, answer with an [`Action`], animate the [`Event`]s and
//! show each player its [`View`].
//!
//! ```
//! use robo_core::{Game, Pending, PlayerId, Rng};
//! use variant_2023::testkit::simple_course;
//! use variant_2023::{Race, Setup};
//!
//! let mut setup = Setup::new(simple_course(), 2);
//! setup.max_rounds = Some(2);
//! let mut race = Race::new(setup, 42).unwrap();
//! let mut rng = Rng::from_seed(1);
//! while !race.pending().is_terminal() {
//!     let p = race.pending().players()[0];
//!     let a = race.sample_action(p, &mut rng).unwrap();
//!     race.apply(p, a).unwrap();
//! }
//! assert!(race.round() <= 2);
//! ```
//!
//! Rulings on what the rulebook leaves open are in `docs/rulings.md`
//! ("2023 edition").
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The edition's short name, as used by the facade's `Edition` enum.
pub const EDITION: &str = "2023";

pub mod actions;
mod agenda;
pub mod arena;
pub mod cards;
pub mod courses;
mod damage;
pub mod events;
mod game;
mod haywire;
pub mod maneuvers;
pub mod position;
mod program;
mod race;
mod reboot;
mod register;
mod resolve;
pub mod robot;
mod round;
mod saved;
pub mod setup;
pub mod solo;
pub mod testkit;
pub mod tiles;
pub mod upgrades;
pub mod view;
mod world;

pub use actions::{Action, Decision, Program, Reason, Slot};
pub use cards::{Card, CardId, Haywire};
pub use events::Event;
pub use race::Race;
pub use setup::{Options, Outcome, Setup, SetupError};
pub use upgrades::{Upgrade, UpgradeUse, Weapon};
pub use view::View;
