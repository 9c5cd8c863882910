//! # roborally-wasm
//!
//! The roborally engines as WebAssembly for JavaScript and TypeScript
//! front ends: a game of any edition ([`roborally::AnyGame`]) created from
//! its setup and a seed, asked what it waits for, its legal actions and a
//! seat's view, played action by action (events back), saved and loaded,
//! replayed from its record, and the built-in bots choosing for a seat.
//!
//! Values cross as the JSON of the server protocol
//! (`docs/server-protocol.md`), typed by the same generated TypeScript
//! definitions (`docs/protocol/roborally.d.ts`). A refusal is a thrown
//! JavaScript `Error` carrying the engine's message, and changes nothing.
//!
//! `scripts/wasm-build.sh` builds the npm package into `roborally-wasm/pkg/`
//! (the `.wasm`, wasm-bindgen's glue, the typed wrapper `roborally.js`
//! and its `.d.ts`); `node --test roborally-wasm/tests/` tests it.
//! Natively the crate is a plain library: [`Session`] and [`Bot`] are the
//! same operations without JavaScript, tested here.
//!
//! ```
//! use roborally_wasm::{Bot, Session};
//! let mut game = Session::create("conquest", r#"{"players": 2}"#, 7).unwrap();
//! let mut bots = [Bot::new("conquest", "greedy", 1).unwrap(), Bot::new("conquest", "random", 2).unwrap()];
//! while let Some(&seat) = game.waiting().first() {
//!     let action = bots[seat as usize].choose(&game, seat).unwrap();
//!     game.apply(seat, &action, None).unwrap();
//! }
//! let replayed = Session::replay(&game.record().unwrap(), None).unwrap();
//! assert_eq!(replayed.save(), game.save());
//! ```
#![forbid(unsafe_code)]

mod bindings;
mod bot;
mod catalog;
mod check;
mod error;
mod session;
pub mod workload;

pub use bindings::{RawBot, RawGame};
pub use bot::Bot;
pub use catalog::{default_setup, editions, editions_json, seat_seed, EditionEntry};
pub use check::check_action;
pub use error::Error;
pub use session::{parse_seed, LegalList, Session, Settings};
