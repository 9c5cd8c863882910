//! # robo-core
//!
//! What every roborally edition shares: the grid ([`geom`], [`board`]),
//! movement with push chains ([`motion`]), simultaneous conveyance
//! ([`conveyance`]), lines of sight ([`ray`]), shared board elements
//! ([`element`]) and the steps that run them ([`pipeline`]), the seeded
//! generator ([`Rng`]) and decks ([`Deck`]), grid events ([`event`]), the
//! protocol every edition speaks ([`protocol`]), resumable resolution
//! ([`agenda`]), the kit of a programmed grid race ([`race`]: courses,
//! program slots, bodies, moves, lines of fire, cell tables, planning
//! bots), and the view every grid race shares ([`view`]).
//!
//! The library never draws, never blocks and never calls back into its
//! caller: a front end asks a game what it waits for, answers with an
//! action and animates the events it gets back.
//!
//! ```
//! use robo_core::board::Board;
//! use robo_core::geom::{Dir, Pos};
//! let board: Board<()> = Board::new(4, 4, ()).unwrap();
//! assert!(board.contains(Pos::new(3, 3).step(Dir::N)));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod agenda;
pub mod board;
pub mod conveyance;
pub mod deck;
pub mod element;
pub mod event;
pub mod geom;
#[cfg(feature = "proptest")]
pub mod harness;
pub mod ids;
pub mod motion;
pub mod pipeline;
pub mod protocol;
pub mod race;
pub mod ray;
pub mod rng;
#[cfg(feature = "proptest")]
pub mod strategy;
pub mod testing;
#[cfg(any(test, feature = "proptest"))]
pub mod toy;
pub mod transient;
pub mod view;

pub use deck::Deck;
pub use ids::{PlayerId, RobotId};
pub use protocol::{ActionError, Game, Legal, Outcome, Pending, Policy, Recorded, Replay};
/// Planning tools, now [`race::plan`] (kept at the old path).
pub use race::plan;
/// Distance maps, now [`race::plan::distance`] (kept at the old path).
pub use race::plan::distance;
pub use rng::Rng;
pub use transient::Transient;
