//! An edition's boards and courses by name.

use super::{BuiltCourse, CourseError, CourseSpec, CourseTile, ExtraError, ExtrasSpec};
use crate::board::{Board, ParseError};
use std::marker::PhantomData;
use thiserror::Error;

/// A name a [`Library`] does not know, or a library board that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LookupError {
    /// No board or course of that name.
    #[error("no board or course is named `{0}`")]
    Unknown(String),
    /// A board that does not parse.
    #[error("board `{board}`: {error}")]
    Parse {
        /// The board.
        board: String,
        /// Where and why.
        error: ParseError,
    },
}

impl<E> From<LookupError> for CourseError<E> {
    fn from(e: LookupError) -> Self {
        match e {
            LookupError::Unknown(name) => CourseError::Unknown(name),
            LookupError::Parse { board, error } => CourseError::Parse { board, error },
        }
    }
}

/// Do two names name the same board or course? Case and surrounding
/// spaces are ignored.
///
/// ```
/// use robo_core::race::course::same_name;
/// assert!(same_name(" Milk Run", "milk run"));
/// assert!(!same_name("Milk Run", "Milk"));
/// ```
#[must_use]
pub fn same_name(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// One course of a [`Library`], in whatever compact form the edition keeps
/// its data.
pub trait CourseEntry {
    /// The markers of the edition, in file form.
    type Extras;

    /// The course's name.
    fn name(&self) -> &'static str;

    /// The course as a spec, to build as it is or to change first.
    fn spec(&self) -> CourseSpec<Self::Extras>;
}

/// An entry type for libraries of boards only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoCourses {}

impl CourseEntry for NoCourses {
    type Extras = ();
    fn name(&self) -> &'static str {
        match *self {}
    }
    fn spec(&self) -> CourseSpec<()> {
        match *self {}
    }
}

/// An edition's boards (name and text, tile type `T`) and courses (`C`,
/// see [`CourseEntry`]), looked up by name with [`same_name`]. Built as a
/// constant from static data.
///
/// ```
/// use robo_core::race::course::{CourseSpec, Difficulty, Library, NoCourses, PlacedBoard, Spot};
/// use robo_core::geom::Pos;
/// use robo_core::toy::ToyTile;
/// const BOARDS: [(&str, &str); 2] = [
///     ("Yard", "+--+--+\n|.. ..|\n+--+--+\n"),
///     ("Bay", "+--+--+\n|S. S.|\n+--+--+\n"),
/// ];
/// static LIBRARY: Library<ToyTile, NoCourses> = Library::new(&BOARDS, &[]);
/// assert_eq!(LIBRARY.board("yard").unwrap().width(), 2);
/// let spec = CourseSpec {
///     name: "Short".into(),
///     difficulty: Difficulty::Starter,
///     boards: vec![
///         PlacedBoard { name: "Yard".into(), text: None, at: Pos::new(0, 0), turns: 0 },
///         PlacedBoard { name: "Bay".into(), text: None, at: Pos::new(0, 1), turns: 0 },
///     ],
///     checkpoints: vec![Spot::new("Yard", 1, 0)],
///     extras: (),
/// };
/// let course = LIBRARY.build(&spec).unwrap();
/// assert_eq!(course.starts().len(), 2);
/// assert_eq!(course.checkpoints(), [Pos::new(1, 0)]);
/// ```
pub struct Library<T, C: 'static> {
    boards: &'static [(&'static str, &'static str)],
    courses: &'static [C],
    tile: PhantomData<fn() -> T>,
}

impl<T, C> Library<T, C> {
    /// A library of these boards (name, text) and courses.
    #[must_use]
    pub const fn new(
        boards: &'static [(&'static str, &'static str)],
        courses: &'static [C],
    ) -> Self {
        Library {
            boards,
            courses,
            tile: PhantomData,
        }
    }

    /// The boards' names, in library order.
    pub fn board_names(&self) -> impl Iterator<Item = &'static str> {
        self.boards.iter().map(|(name, _)| *name)
    }

    /// The text of a board by name.
    #[must_use]
    pub fn board_text(&self, name: &str) -> Option<&'static str> {
        self.boards
            .iter()
            .find(|(n, _)| same_name(n, name))
            .map(|(_, text)| *text)
    }
}

impl<T: CourseTile, C> Library<T, C> {
    /// A board by name, as printed (not turned).
    ///
    /// # Errors
    /// [`LookupError::Unknown`] for a name that is not a board of the
    /// library, [`LookupError::Parse`] for a board that does not parse.
    pub fn board(&self, name: &str) -> Result<Board<T>, LookupError> {
        let (found, text) = self
            .boards
            .iter()
            .find(|(n, _)| same_name(n, name))
            .ok_or_else(|| LookupError::Unknown(name.to_string()))?;
        Board::parse(text).map_err(|error| LookupError::Parse {
            board: (*found).to_string(),
            error,
        })
    }

    /// Checks a spec and builds its course, loading named boards from the
    /// library (boards given as text need not be in it).
    ///
    /// Checks, each with its own [`CourseError`]: boards load and assemble
    /// without overlap, names differ, turns are 0 to 3; exactly one board
    /// holds start spaces (the docking bay) and it lies next to another
    /// board; every spot names a board of the course and a floor cell of
    /// it; the edition's own checks of its spots ([`ExtrasSpec::place`]);
    /// then every check of [`Course::new`](super::Course::new).
    ///
    /// # Errors
    /// The first check that fails.
    pub fn build<X>(&self, spec: &CourseSpec<X>) -> Result<BuiltCourse<T, X>, ExtraError<T, X>>
    where
        X: ExtrasSpec<T>,
    {
        spec.build_with(|name| self.board_text(name))
    }

    /// The same spec turned a quarter turn clockwise as a whole (see
    /// [`CourseSpec`]): built, it is the course turned.
    ///
    /// # Errors
    /// A [`CourseError`] when a board does not load.
    pub fn rotated_cw<X: Clone, E>(
        &self,
        spec: &CourseSpec<X>,
    ) -> Result<CourseSpec<X>, CourseError<E>> {
        spec.rotated_cw_with::<T, E>(|name| self.board_text(name))
    }
}

impl<T, C: CourseEntry> Library<T, C> {
    /// The courses' names, in library order.
    pub fn course_names(&self) -> impl Iterator<Item = &'static str> {
        self.courses.iter().map(CourseEntry::name)
    }

    /// A course's spec by name.
    ///
    /// # Errors
    /// [`LookupError::Unknown`] for a name that is not a course of the library.
    pub fn course_spec(&self, name: &str) -> Result<CourseSpec<C::Extras>, LookupError> {
        self.courses
            .iter()
            .find(|c| same_name(c.name(), name))
            .map(CourseEntry::spec)
            .ok_or_else(|| LookupError::Unknown(name.to_string()))
    }

    /// A course by name, built and checked.
    ///
    /// # Errors
    /// [`CourseError::Unknown`] for a name that is not a course of the
    /// library; a build error for a course whose data is wrong.
    pub fn course(&self, name: &str) -> Result<BuiltCourse<T, C::Extras>, ExtraError<T, C::Extras>>
    where
        T: CourseTile,
        C::Extras: ExtrasSpec<T>,
    {
        self.build(&self.course_spec(name)?)
    }
}
