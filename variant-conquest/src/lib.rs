//! # variant-conquest
//!
//! The Transformers zone-conquest board game (Risk-like) for two to four
//! players, speaking [`robo_core`]'s protocol without its grid.
//!
//! * [`map`]: zones, sectors, the Launch Pad, secret factories and shifting
//!   pieces, as data with validation; the default map [`Map::cybertron`].
//! * [`Conquest`] implements [`robo_core::Game`]: setup placement, six
//!   rounds of place / morph / attack / backup / draw, battles with the
//!   defender's choice of dice, capture and move-in, upgrade cards with
//!   hidden hands, elimination and end-of-game scoring.
//! * [`odds`]: exact battle odds (one roll by enumeration of the dice, the
//!   whole battle by a Markov chain), with every modifier the game applies
//!   (leaders, the eight-sided leader die, cards, Roadblock, Blitz).
//! * [`bots`]: a random bot and a greedy bot.
//!
//! ```
//! use robo_core::{Game, Pending, PlayerId, Policy};
//! use variant_conquest::{bots::RandomBot, Conquest, Setup};
//! let mut game = Conquest::new(Setup::for_players(2), 1).unwrap();
//! let mut bots = [RandomBot::new(1), RandomBot::new(2)];
//! let mut events = Vec::new();
//! while let Pending::Decision { player, .. } = game.pending() {
//!     let action = bots[player.index()].choose(&game, player).unwrap();
//!     events.clear();
//!     game.apply_into(player, action, &mut events).unwrap();
//! }
//! assert!(game.pending().is_terminal());
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

/// The edition's short name, as used by the facade's `Edition` enum.
pub const EDITION: &str = "conquest";

mod action;
pub mod battle;
pub mod bots;
mod card;
mod event;
mod faction;
mod game;
mod ids;
pub mod map;
pub mod odds;
mod outcome;
mod rules;
mod setup;
mod state;
mod view;

pub use action::{Action, Decision, Reason, Target};
pub use card::{Card, CardKind, UnknownCard};
pub use event::Event;
pub use faction::{Faction, Leader, Mode, UnknownLeader};
pub use ids::{PieceId, SectorId, ZoneId, ZoneSet, ZoneSetIter, MAX_ZONES};
pub use map::{Map, MapData, MapError, MapHandle, MapSource, ZoneKind};
pub use outcome::{ConquestOutcome, Victory};
pub use rules::Reinforcement;
pub use setup::{Setup, SetupError, DEFAULT_ROBOTS, DEFAULT_ROUNDS, DEFAULT_SETUP_ROBOTS};
pub use state::{Battle, Conquest, PlayerState, Rules, Stage, ZoneState};
pub use view::{PlayerView, View};

#[cfg(test)]
mod tests;
