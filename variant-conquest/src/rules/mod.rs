//! The rules, phase by phase. Each handler checks everything before it
//! changes anything, so a refused action leaves the game as it was.

mod attack;
mod backup;
mod flow;
pub(crate) mod legal;
pub(crate) mod load;
mod morph;
mod place;
mod setup;

pub use place::Reinforcement;
