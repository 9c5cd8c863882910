//! # variant-2023
//!
//! Robo Rally, 2023 edition (programming decks, SPAM and Haywire damage,
//! energy, upgrades, reboot tokens), built on [`robo_core`].
//!
//! A [`Race`] is a game value speaking the [`robo_core::Game`] protocol:
//! set it up from a [`Setup`] (a built-in course by name from
//! [`courses::course`], and the optional rules as [`Options`]), ask
//! [`pending`](robo_core::Game::pending) what it waits for, answer with an
//! [`Action`], animate the [`Event`]s and show each player its [`View`].
//!
//! ```
//! use robo_core::{Game, Pending, PlayerId, Rng};
//! use variant_2023::{courses, Race, Setup};
//!
//! let mut setup = Setup::new(courses::course("Milk Run").unwrap(), 3);
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
//! ## What the game asks
//!
//! | [`Decision`] | asked of | answered with |
//! |---|---|---|
//! | `BlockStart`, `ChooseStart` | each seat at setup | a start space |
//! | `Upgrades` (everyone at once) | each player, any number of times | `DrawUpgrade`, `Install`, `Uninstall`, `Use`, `Done` |
//! | `Program` (everyone at once) | each player | a whole [`Program`], `ShutDown`, `TimeUp`, `Use`, `ReturnCard` |
//! | `Window` | a robot with temporary upgrades, around its card | `Use` or `Done` |
//! | `RebootFacing`, `Brakes`, `Haywire`, `Order`, `Weapon`, `Shield`, ... | the robot's owner, when the rule gives a choice | see [`Action`] |
//!
//! A decision with a single option is taken without asking. A program is
//! one action, so [`legal_actions`](robo_core::Game::legal_actions) says
//! [`Legal::TooMany`](robo_core::Legal) while programming and
//! [`sample_action`](robo_core::Game::sample_action) draws one.
//!
//! ## How resolution works
//!
//! The position in the rules lives in the state: an agenda of small tasks
//! (a register, a step of the register [`arena::register_pipeline`], one
//! robot's card, one maneuver, one damage draw). A task that needs a
//! choice waits before changing anything; the answer is checked against
//! its options and the task runs again with it. So any pending point can
//! be saved as JSON and resumed, and a game replays exactly from its seed
//! and actions.
//!
//! ## For tools
//!
//! - [`position`]: build a race at an exact position (scenarios, tests).
//! - [`Race::simulate_solo`]: one program for one robot alone, through the
//!   real register pipeline, without allocating (planning bots).
//! - [`testkit`]: small courses from one text board.
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
pub mod bots;
pub mod cards;
pub mod courses;
mod damage;
mod decisions;
mod elements;
pub mod events;
mod game;
#[cfg(test)]
mod golden;
mod grid;
mod haywire;
pub mod maneuvers {
    //! The maneuvers every card is made of ([`Op`]) and each card's list of
    //! them ([`card_ops`]); carried out by the engine's `moves` module.
    pub use crate::task::{card_ops, Op};
}
mod moves;
pub mod position;
mod program;
mod quick;
mod race;
mod reboot;
mod register;
mod resolve;
pub mod robot;
mod round;
mod saved;
pub mod scenario;
mod scratch;
pub mod setup;
pub mod solo;
mod task;
pub mod testkit;
pub mod tiles;
pub mod upgrades;
pub mod view;
mod world;

pub use actions::{Action, Decision, Program, Reason, Slot};
pub use cards::{Card, CardId, Haywire};
pub use events::Event;
pub use race::Race;
pub use robo_core::agenda::{Milestone, Reached};
pub use setup::{Options, Outcome, Setup, SetupError};
pub use upgrades::{Upgrade, UpgradeUse, Weapon};
pub use view::View;
