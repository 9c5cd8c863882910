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
//! The front door ([`board_names`], [`board`], [`course_names`],
//! [`course_spec`], [`course`], [`build`], [`rotated_cw`]) is the kit's
//! ([`robo_core::course_door`]) over this edition's [`library`].
//!
//! ```
//! use robo_core::geom::Pos;
//! use variant_2023::courses::{self, CourseError, DEFAULT_COURSE};
//! use variant_2023::tiles::Tile;
//! let course = courses::course(DEFAULT_COURSE).unwrap();
//! assert_eq!(course.name(), "Milk Run");
//! assert_eq!(course.checkpoints().len(), 1);
//! assert!(course.free_starts().count() >= 2);
//! // names are looked up without regard to case
//! assert_eq!(courses::course("milk run").unwrap(), course);
//! assert_eq!(courses::course("CRY HAVOC").unwrap().extras().reboot_damage, 3);
//! assert!(courses::course("Nowhere").is_err());
//! // boards: the two docking bay sides, then the factory boards
//! let names: Vec<_> = courses::board_names().collect();
//! assert!(names.contains(&"Docking Bay A") && names.contains(&"Cactus"));
//! let bay = courses::board("docking bay b").unwrap();
//! assert_eq!((bay.width(), bay.height()), (10, 3));
//! assert!(bay.cells().filter(|(_, t)| **t == Tile::Start).count() >= 6);
//! assert!(courses::board("Nowhere").is_err());
//! // courses, from the starter course on
//! let names: Vec<_> = courses::course_names().collect();
//! assert_eq!(names[0], DEFAULT_COURSE);
//! assert!(names.contains(&"Cry Havoc"));
//! // a spec, built as it is, changed, or turned
//! let mut spec = courses::course_spec("Milk Run").unwrap();
//! assert_eq!(courses::build(&spec).unwrap().board_names(), ["In & Out", "Docking Bay B"]);
//! let tour = courses::course_spec("Castle Tour").unwrap();
//! let turned = courses::build(&courses::rotated_cw(&tour).unwrap()).unwrap();
//! let course = courses::build(&tour).unwrap();
//! assert_eq!(turned.board(), &course.board().rotated_cw());
//! assert_eq!(turned.start_facing(), course.start_facing().rotated_cw(1));
//! spec.checkpoints.clear();
//! assert_eq!(courses::build(&spec), Err(CourseError::NoCheckpoints));
//! ```

mod length;
mod library;
mod markers;
mod saved;
#[cfg(test)]
mod tests;

pub use length::GameLength;
pub use library::{game_length, library, CourseData, DEFAULT_COURSE};
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

robo_core::course_door!(library(), Tile);
