//! Games told in plain words, shared by every front end that tells them:
//! the terminal client, the HTML replays and the examples.
//!
//! [`describe`] and [`tell`] tell a 2023 race: one event in a line, and
//! the events of an action as a transcript in the order they happened;
//! [`transformers`] tells a Transformers race the same way.
//! [`ConquestWords`] tells a conquest game: zones by their map names,
//! players by their leaders, every event in a sentence (battles with the
//! dice and who lost what), what each card and leader does, and how the
//! game ended.

mod conquest;
pub mod transformers;
mod v2023;

pub use conquest::{card_effect, count, dice_text, leader_effect, ConquestWords, Seen};
pub use v2023::{describe, grid_event, tell};
