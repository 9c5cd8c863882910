//! The kit of a programmed grid race: what classic, 2023 and Transformers
//! share above the motion primitives. Courses ([`course`]), program slots
//! ([`program`]) and planning bots ([`plan`]).

pub mod course;
pub mod plan;
pub mod program;
