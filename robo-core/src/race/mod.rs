//! The programmed-grid-race kit: what every edition in which robots run
//! programs over a factory floor shares (classic, 2023, Transformers),
//! above the grid primitives of [`crate::motion`], [`crate::pipeline`] and
//! [`crate::ray`].
//!
//! - [`course`]: validated courses with the edition's markers.
//! - [`program`]: program slots (fixed registers, checks, samples).
//! - [`plan`]: planning bots (distance maps, program search, solo worlds).
//! - [`cards`]: physical card ids written once for every edition
//!   ([`card_ids!`](crate::card_ids)).
//! - [`body`]: robots on the grid ([`body::Bodies`], with a generation
//!   counter that caches of "what stands where" key on).
//! - [`moves`]: making a move and noting what it set off
//!   ([`moves::MoveNotes`], [`moves::MoveKind`], [`moves::make_room`]).
//! - [`fire`]: robots' lines of fire ([`fire::nearest_in_line`],
//!   [`fire::in_line`], [`fire::volley`]).
//! - [`upgrades`]: upgrade slots with their limits as data, and the
//!   upgrade market ([`upgrades::Slots`], [`upgrades::market_options`]).
//! - [`table`]: the per-cell table a register reads ([`table::CellTable`]),
//!   an arena shared between clones ([`table::SharedArena`]) and the laser
//!   mounts that can hit this register ([`table::LiveMounts`]).
//!
//! - [`frame`]: the frame every grid race is built on ([`frame::RaceCore`],
//!   [`frame::GridRace`]): the protocol, the register loop and saves read
//!   back through checks, provided once.
//!
//! The agenda that resolves a race step by step is [`crate::agenda`].

pub mod body;
pub mod cards;
pub mod course;
pub mod fire;
pub mod frame;
pub mod moves;
pub mod plan;
pub mod program;
pub mod scenario;
pub mod table;
pub mod upgrades;
