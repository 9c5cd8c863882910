//! Planning bots for the grid editions: what a bot knows of a course
//! ([`CourseMaps`], built on [`DistanceMap`]s), every distinct program a
//! hand allows ([`distinct_programs`]), a one-robot world to simulate a
//! program in ([`SoloWorld`]), the search that puts these together
//! ([`best_program`], and the same search sharing register prefixes:
//! [`best_program_tree`]) and a score ([`Weights`]).
//!
//! An edition supplies its answers through [`PlanCourse`] (its course
//! tables), [`SoloRules`] and `Step<SoloWorld<_>>` (its register steps
//! for one robot alone), [`PlanEdition`] (simulate and score one
//! program) and [`PrefixPlan`] (the same simulation one register at a
//! time, for the prefix-tree search).

pub mod distance;
mod maps;
mod programs;
mod search;
mod solo;
mod tree;
mod weights;

#[cfg(test)]
mod tests;

pub use distance::DistanceMap;
pub use maps::{CourseMaps, PlanCourse, UNREACHABLE_MARGIN};
pub use programs::distinct_programs;
pub use search::{assign, best_program, BestProgram, PlanEdition};
pub use solo::{SoloOutcome, SoloRules, SoloWorld, SOLO_ROBOT};
pub use tree::{best_program_tree, PrefixPlan};
pub use weights::{SoloResult, Weights};
