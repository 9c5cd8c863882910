//! # roborally-py
//!
//! The Python package `roborally`: every edition of the engine behind
//! PettingZoo, Gymnasium and OpenSpiel faces (written in Python, in
//! `python/roborally/`) and a batched native environment that steps many
//! games in one call without the GIL. See `docs/python.md`.
//!
//! The Rust side is plain Rust ([`table`], [`batch`], [`encode`],
//! [`menu`]), tested with `cargo test`; [`python`] is the thin pyo3 layer
//! over it.
//!
//! ```
//! use roborally_py::table::{make, Settings};
//! use roborally::editions::NewGame;
//! use roborally::Edition;
//! let settings = Settings {
//!     edition: Edition::V2023,
//!     game: NewGame { players: 2, ..NewGame::default() },
//!     menu: 64,
//!     full_information: false,
//! };
//! let mut table = make(settings, 7).unwrap();
//! let mut obs = vec![0.0; table.layout().len()];
//! table.observe(0, &mut obs);
//! let asked = table.asked(); // the first seat places its robot
//! assert_eq!(table.step(&[0, 0]).unwrap(), asked.len());
//! ```

pub mod batch;
pub mod encode;
pub mod menu;
pub mod python;
pub mod table;

use thiserror::Error;

/// Why the binding refused a call. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Error {
    /// The engine refused the settings (an unknown course, option, bot).
    #[error("{0}")]
    Setup(String),
    /// No such seat.
    #[error("seat {0} is not a seat of this game")]
    NoSeat(usize),
    /// The seat has nothing to decide.
    #[error("seat {0} has nothing to decide now")]
    NotAsked(usize),
    /// An index past the seat's menu.
    #[error("action {index} is not in seat {seat}'s menu of {len} entries")]
    BadIndex {
        /// The seat.
        seat: usize,
        /// The index given (`usize::MAX` for a negative one).
        index: usize,
        /// Entries in the menu.
        len: usize,
    },
    /// The engine refused the action, in its words.
    #[error("{0}")]
    Refused(String),
    /// JSON that is not what was asked for.
    #[error("{0}")]
    Json(String),
    /// An array of the wrong shape or type.
    #[error("{0}")]
    Shape(String),
}
