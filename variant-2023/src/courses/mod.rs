//! Boards and courses of the 2023 edition, on the race kit's courses
//! ([`robo_core::race::course`]).
//!
//! A [`CourseSpec`] is the unchecked, serialisable description of a course
//! (boards by name or inline text, where each goes, checkpoints, and the
//! 2023 markers: reboot tokens, covered start spaces, reboot damage).
//! [`build`] validates it and assembles a [`Course`], the form the game
//! plays on. Built-in boards and courses load by name: [`board`],
//! [`course`].
//!
//! Positions in a spec are in the printed coordinates of the board they are
//! on; positions in a [`Course`] are on the assembled grid.
//!
//! ```
//! use variant_2023::courses::{self, DEFAULT_COURSE};
//! let course = courses::course(DEFAULT_COURSE).unwrap();
//! assert_eq!(course.name(), "Milk Run");
//! assert_eq!(course.checkpoints().len(), 1);
//! assert!(course.free_starts().count() >= 2);
//! // names are looked up without regard to case
//! assert_eq!(courses::course("milk run").unwrap(), course);
//! ```

mod library;
mod markers;
mod saved;
#[cfg(test)]
mod tests;

pub use library::{
    board, board_names, build, course, course_names, course_spec, library, rotated_cw, CourseData,
    DEFAULT_COURSE,
};
pub use markers::{MarkerError, MarkerSpec, Markers};
pub use robo_core::race::course::{Difficulty, PlacedBoard, Spot};

use crate::tiles::Tile;

/// A reboot token in a spec: where it lies, and the arrow that says where
/// an occupant is moved.
pub type TokenSpec = robo_core::race::course::ArrowSpot;

/// The unchecked description of a course (the form written to files): the
/// kit's spec with the 2023 markers ([`MarkerSpec`]) beside its fields.
pub type CourseSpec = robo_core::race::course::CourseSpec<MarkerSpec>;

/// A validated, assembled 2023 course: the kit's course of 2023 tiles with
/// the 2023 markers ([`Markers`], through [`Course::extras`]).
pub type Course = robo_core::race::course::Course<Tile, Markers>;

/// The unchecked parts of a 2023 course, to change a course and check it
/// again ([`Course::new`], [`Course::edit`]).
pub type CourseParts = robo_core::race::course::CourseParts<Tile, Markers>;

/// A course description that does not make a playable course; the 2023
/// markers' own problems are [`CourseError::Extra`].
pub type CourseError = robo_core::race::course::CourseError<MarkerError>;
