//! Courses of a programmed grid race: boards placed together, a docking
//! bay with start spaces, checkpoints in order, and whatever markers an
//! edition lays on top (2023 reboot tokens and covered starts, classic
//! numbered docks and flags, Transformers energon spots).
//!
//! Two forms:
//! - [`CourseSpec`], the unchecked file form: boards by name (or inline
//!   text) with where each goes and how far it is turned, and spots named
//!   by board and printed cell. [`Library::build`] checks and assembles it.
//! - [`Course`], the validated course a game plays on: one grid, cells in
//!   course coordinates. It is made only through validation
//!   ([`Course::new`] from [`CourseParts`], a spec, or a save read back),
//!   so a `Course` in hand always holds its promises (see [`Course::new`]).
//!
//! An edition plugs in through three small traits: [`CourseTile`] (its tile
//! type says which cells are start spaces and which can hold a marker),
//! [`CourseExtras`] (its markers on a built course, with their own checks
//! and error) and [`ExtrasSpec`] (the same markers in file form). `()` is
//! the edition with no markers.
//!
//! ```
//! use robo_core::geom::{Dir, Pos};
//! use robo_core::race::course::{course_from_text, Course};
//! use robo_core::toy::ToyTile;
//! let text = "\
//! +--+--+--+
//! |.. [] ..|
//! +  +  +  +
//! |S. S. S.|
//! +--+--+--+
//! ";
//! let course: Course<ToyTile, ()> = course_from_text(text, &[Pos::new(2, 0)], Dir::N, |_| ()).unwrap();
//! assert_eq!(course.starts().len(), 3);
//! assert_eq!(course.checkpoint_at(Pos::new(2, 0)), Some(1));
//! // A checkpoint on the pit is refused.
//! assert!(course_from_text::<ToyTile, ()>(text, &[Pos::new(1, 0)], Dir::N, |_| ()).is_err());
//! ```

mod build;
mod door;
mod error;
mod library;
mod render;
mod serde_form;
mod testkit;
mod valid;

#[cfg(test)]
mod tests;

pub use build::Layout;
pub use error::CourseError;
pub use library::{same_name, CourseEntry, Library, LookupError, NoCourses};
pub use testkit::course_from_text;
pub use valid::{Course, CourseParts, MAX_CHECKPOINTS};

use crate::board::{Glyph, Rotate};
use crate::geom::{Dir, Pos};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a course asks of an edition's tile type (besides its text
/// legend, [`Glyph`], and turning with its board, [`Rotate`]).
pub trait CourseTile: Glyph + Rotate + Clone + Default {
    /// Is this a start space (robots begin the race here)? The board
    /// holding start spaces is the course's docking bay.
    fn is_start(&self) -> bool;

    /// Can a robot end a move here (floor of some kind, not a pit)?
    fn can_stand(&self) -> bool;

    /// Can a checkpoint, flag or other marker lie here? By default,
    /// wherever a robot can stand.
    fn can_hold_marker(&self) -> bool {
        self.can_stand()
    }
}

/// An edition's markers on a built course (cells in course coordinates),
/// checked when the course is made.
pub trait CourseExtras<T>: Sized {
    /// Why the markers do not fit the course.
    type Error: std::error::Error + Clone + PartialEq + Eq;

    /// Checks the markers against a course whose own parts (boards, bay,
    /// starts, checkpoints) are already valid.
    ///
    /// # Errors
    /// The first problem found.
    fn validate(course: &Course<T, Self>) -> Result<(), Self::Error>;

    /// Is this start space covered, so that no robot may choose it?
    fn covers(&self, _start: Pos) -> bool {
        false
    }

    /// Writes the markers over the course's picture ([`Course::render`]):
    /// `mark(cell, glyph)` with a glyph of up to three characters.
    fn marks(&self, _mark: &mut dyn FnMut(Pos, &str)) {}

    /// Writes a course in the edition's save form. The default writes its
    /// [`CourseParts`] (the markers flattened beside the course's fields).
    ///
    /// # Errors
    /// The serializer's.
    fn serialize_course<S: serde::Serializer>(
        course: &Course<T, Self>,
        serializer: S,
    ) -> Result<S::Ok, S::Error>
    where
        T: Serialize,
        Self: Serialize,
    {
        serde_form::serialize_parts(course, serializer)
    }

    /// Reads a course back from the edition's save form, through the same
    /// validation as [`Course::new`]. The default reads [`CourseParts`].
    ///
    /// # Errors
    /// The deserializer's, or the course's validation error as a message.
    fn deserialize_course<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Course<T, Self>, D::Error>
    where
        T: Deserialize<'de> + CourseTile,
        Self: Deserialize<'de>,
    {
        serde_form::deserialize_parts(deserializer)
    }
}

/// The no-markers edition.
impl<T> CourseExtras<T> for () {
    type Error = std::convert::Infallible;
    fn validate(_: &Course<T, ()>) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// An edition's markers in file form (spots on named boards), placed on
/// the course as it is built.
pub trait ExtrasSpec<T> {
    /// The markers on the built course.
    type Built: CourseExtras<T>;

    /// Finds every spot on the laid-out boards. Checks that need only the
    /// file form (for example "one token per board") belong here; checks
    /// of the markers against the course belong to
    /// [`CourseExtras::validate`], which runs on every course.
    ///
    /// # Errors
    /// [`CourseError::BadSpot`] from [`Layout::locate`], or the edition's
    /// own error as [`CourseError::Extra`].
    fn place(&self, layout: &Layout<'_, T>) -> Result<Self::Built, ExtraError<T, Self>>;
}

/// The course a spec with markers `S` builds.
pub type BuiltCourse<T, S> = Course<T, <S as ExtrasSpec<T>>::Built>;

/// The error type of building an edition's markers from a spec.
pub type ExtraError<T, S> = CourseError<<<S as ExtrasSpec<T>>::Built as CourseExtras<T>>::Error>;

impl<T> ExtrasSpec<T> for () {
    type Built = ();
    fn place(&self, _: &Layout<'_, T>) -> Result<(), CourseError<std::convert::Infallible>> {
        Ok(())
    }
}

/// How hard a course is, in the rulebooks' grades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Difficulty {
    /// For a first game.
    Starter,
    /// A few more elements.
    Beginner,
    /// Belts and timing matter.
    Intermediate,
    /// Every element, long races.
    Advanced,
    /// Many boards, every element, the hardest races.
    Expert,
}

impl fmt::Display for Difficulty {
    /// The grade's word.
    ///
    /// ```
    /// use robo_core::race::course::Difficulty;
    /// assert_eq!(Difficulty::Intermediate.to_string(), "Intermediate");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Difficulty::Starter => "Starter",
            Difficulty::Beginner => "Beginner",
            Difficulty::Intermediate => "Intermediate",
            Difficulty::Advanced => "Advanced",
            Difficulty::Expert => "Expert",
        })
    }
}

/// A board of a course spec: a library board by name, or inline text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedBoard {
    /// The board's name (a library board unless `text` is given).
    pub name: String,
    /// The board in the text format, for boards that are not in the library.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Course cell of the turned board's top-left cell.
    pub at: Pos,
    /// Quarter turns clockwise, 0 to 3.
    #[serde(default)]
    pub turns: u8,
}

/// A cell of one board of a course, in that board's printed coordinates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spot {
    /// The board's name, as in [`PlacedBoard::name`] (case is ignored).
    pub board: String,
    /// The cell as printed.
    pub at: Pos,
}

impl Spot {
    /// The spot on `board` at printed cell `(x, y)`.
    ///
    /// ```
    /// use robo_core::race::course::Spot;
    /// assert_eq!(Spot::new("Cactus", 3, 4).at.x, 3);
    /// ```
    #[must_use]
    pub fn new(board: &str, x: i16, y: i16) -> Self {
        Spot {
            board: board.to_string(),
            at: Pos::new(x, y),
        }
    }
}

/// A marker with an arrow (a reboot token, a numbered dock facing), in
/// file form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrowSpot {
    /// Where it lies.
    pub spot: Spot,
    /// Its arrow, as printed on the board.
    pub dir: Dir,
}

/// The unchecked description of a course (the form written to files):
/// boards, checkpoints in order and the edition's markers `X` (an
/// [`ExtrasSpec`]), whose fields sit beside the others in the file.
/// [`Library::build`] checks and assembles it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourseSpec<X> {
    /// The course's name.
    pub name: String,
    /// How hard it is.
    pub difficulty: Difficulty,
    /// The boards, docking bay included.
    pub boards: Vec<PlacedBoard>,
    /// Checkpoints (or flags) in order, 1 first.
    pub checkpoints: Vec<Spot>,
    /// The edition's markers.
    #[serde(flatten)]
    pub extras: X,
}
