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
use robo_core::board::Board;

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

/// Names of the built-in boards: the two docking bay sides, then the
/// factory boards.
///
/// ```
/// let names: Vec<_> = variant_2023::courses::board_names().collect();
/// assert!(names.contains(&"Docking Bay A") && names.contains(&"Cactus"));
/// ```
pub fn board_names() -> impl Iterator<Item = &'static str> {
    library().board_names()
}

/// A built-in board by name (case is ignored), as printed (not turned).
///
/// ```
/// use robo_core::geom::Pos;
/// use variant_2023::courses;
/// use variant_2023::tiles::Tile;
/// let bay = courses::board("docking bay b").unwrap();
/// assert_eq!((bay.width(), bay.height()), (10, 3));
/// assert!(bay.cells().filter(|(_, t)| **t == Tile::Start).count() >= 6);
/// assert!(courses::board("Nowhere").is_err());
/// ```
///
/// # Errors
/// [`CourseError::Unknown`] for a name that is not a built-in board.
pub fn board(name: &str) -> Result<Board<Tile>, CourseError> {
    Ok(library().board(name)?)
}

/// Names of the built-in courses, from the starter course to the advanced ones.
///
/// ```
/// let names: Vec<_> = variant_2023::courses::course_names().collect();
/// assert_eq!(names[0], variant_2023::courses::DEFAULT_COURSE);
/// assert!(names.contains(&"Cry Havoc"));
/// ```
pub fn course_names() -> impl Iterator<Item = &'static str> {
    library().course_names()
}

/// The description of a built-in course by name (case is ignored), to
/// build as it is or to change first.
///
/// # Errors
/// [`CourseError::Unknown`] for a name that is not a built-in course.
pub fn course_spec(name: &str) -> Result<CourseSpec, CourseError> {
    Ok(library().course_spec(name)?)
}

/// A built-in course by name (case is ignored), built and checked.
///
/// ```
/// use variant_2023::courses;
/// let havoc = courses::course("CRY HAVOC").unwrap();
/// assert_eq!(havoc.extras().reboot_damage, 3);
/// assert!(courses::course("Nowhere").is_err());
/// ```
///
/// # Errors
/// [`CourseError::Unknown`] for a name that is not a built-in course.
pub fn course(name: &str) -> Result<Course, CourseError> {
    library().course(name)
}

/// Validates a spec and assembles its course, loading named boards from
/// the built-in ones (see [`Library::build`](robo_core::race::course::Library::build) for the checks; the 2023
/// markers add theirs, [`MarkerError`]).
///
/// ```
/// use variant_2023::courses::{self, CourseError};
/// let mut spec = courses::course_spec("Milk Run").unwrap();
/// let course = courses::build(&spec).unwrap();
/// assert_eq!(course.board_names(), ["In & Out", "Docking Bay B"]);
/// spec.checkpoints.clear();
/// assert_eq!(courses::build(&spec), Err(CourseError::NoCheckpoints));
/// ```
///
/// # Errors
/// The first check that fails, as a [`CourseError`].
pub fn build(spec: &CourseSpec) -> Result<Course, CourseError> {
    library().build(spec)
}

/// The same course turned a quarter turn clockwise as a whole: every
/// board turns once more and moves where the turn takes it. Spots stay
/// as they are (they are in printed coordinates of their boards).
///
/// ```
/// use variant_2023::courses;
/// let spec = courses::course_spec("Castle Tour").unwrap();
/// let course = courses::build(&spec).unwrap();
/// let turned = courses::build(&courses::rotated_cw(&spec).unwrap()).unwrap();
/// assert_eq!(turned.board(), &course.board().rotated_cw());
/// assert_eq!(turned.start_facing(), course.start_facing().rotated_cw(1));
/// ```
///
/// # Errors
/// A [`CourseError`] when a board does not load.
pub fn rotated_cw(spec: &CourseSpec) -> Result<CourseSpec, CourseError> {
    library().rotated_cw(spec)
}
