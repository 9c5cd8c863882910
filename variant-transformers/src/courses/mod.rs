//! Maps, starting tiles and racecourses of Robo Rally: Transformers, on
//! the race kit's courses ([`robo_core::race::course`]).
//!
//! A [`CourseSpec`] is the unchecked, serialisable description of a
//! course (boards by name or inline text, where each goes, checkpoints,
//! and the Transformers markers: Energon cubes, mines, space bridges,
//! barred start spaces, player counts). [`build`] validates it and
//! assembles a [`Course`], the form the game plays on. Built-in boards and
//! courses load by name: [`board`], [`course`].
//!
//! Positions in a spec are in the printed coordinates of the board they
//! are on; positions in a [`Course`] are on the assembled grid.
//!
//! ```
//! use variant_transformers::courses::{self, DEFAULT_COURSE};
//! let course = courses::course(DEFAULT_COURSE).unwrap();
//! assert_eq!(course.name(), "Twin Loop Warm-Up Lap");
//! assert_eq!(course.checkpoints().len(), 2);
//! assert_eq!(course.extras().energon.len(), 5);
//! // names are looked up without regard to case
//! assert_eq!(courses::course("twin loop warm-up lap").unwrap(), course);
//! assert!(courses::course("Nowhere").is_err());
//! // boards: the eight maps, then the starting tile's sides
//! let names: Vec<_> = courses::board_names().collect();
//! assert_eq!(names.len(), 10);
//! assert!(names.contains(&"Maccadam's Motorway") && names.contains(&"Starting Tile B"));
//! let tile = courses::board("starting tile a").unwrap();
//! assert_eq!((tile.width(), tile.height()), (10, 3));
//! assert!(courses::board("Nowhere").is_err());
//! // courses, the beginner course first
//! let names: Vec<_> = courses::course_names().collect();
//! assert_eq!(names[0], DEFAULT_COURSE);
//! assert_eq!(names.len(), 8);
//! let gp = courses::course("Triple Threat Grand Prix").unwrap();
//! assert_eq!(gp.extras().mines.len(), 4);
//! assert_eq!(gp.free_starts().count(), gp.starts().len() - 2);
//! // a spec, built as it is or changed
//! let mut spec = courses::course_spec("Spiral Mesa").unwrap();
//! assert!(courses::build(&spec).is_ok());
//! spec.checkpoints.clear();
//! assert_eq!(courses::build(&spec), Err(courses::CourseError::NoCheckpoints));
//! ```
//!
//! The front door ([`board_names`], [`board`], [`course_names`],
//! [`course_spec`], [`course`], [`build`], [`rotated_cw`]) is the kit's
//! ([`robo_core::course_door`]) over this edition's [`library`].

mod library;
mod markers;
#[cfg(test)]
mod tests;

pub use library::{library, CourseData, DEFAULT_COURSE};
pub use markers::{Bridge, MarkerError, MarkerSpec, Markers, PlayerRange, CUBE_SUPPLY};
pub use robo_core::race::course::{Difficulty, PlacedBoard, Spot};

use crate::tiles::Tile;

/// The unchecked description of a course (the form written to files): the
/// kit's spec with the Transformers markers ([`MarkerSpec`]) beside its
/// fields.
pub type CourseSpec = robo_core::race::course::CourseSpec<MarkerSpec>;

/// A validated, assembled Transformers course: the kit's course of
/// Transformers tiles with the Transformers markers ([`Markers`], through
/// [`Course::extras`]).
pub type Course = robo_core::race::course::Course<Tile, Markers>;

/// The unchecked parts of a course, to change a course and check it again.
pub type CourseParts = robo_core::race::course::CourseParts<Tile, Markers>;

/// A course description that does not make a playable course; the
/// markers' own problems are [`CourseError::Extra`].
pub type CourseError = robo_core::race::course::CourseError<MarkerError>;

robo_core::course_door!(library(), Tile);
