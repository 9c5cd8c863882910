//! The front door of an edition's built-in courses, written once.

/// Writes an edition's course front door: the free functions `board_names`,
/// `board`, `course_names`, `course_spec`, `course`, `build` and
/// `rotated_cw`, each looking the name up in the edition's [`Library`]
/// (names compare without regard to case). Invoked in the edition's
/// `courses` module, where the aliases `CourseSpec`, `Course` and
/// `CourseError` name the edition's course types.
///
/// ```ignore
/// robo_core::course_door!(library(), Tile);
/// ```
///
/// [`Library`]: crate::race::course::Library
#[macro_export]
macro_rules! course_door {
    ($library:expr, $tile:ty) => {
        /// Names of the built-in boards.
        pub fn board_names() -> impl Iterator<Item = &'static str> {
            $library.board_names()
        }

        /// A built-in board by name (case is ignored), as printed (not
        /// turned).
        ///
        /// # Errors
        /// [`CourseError::Unknown`] for a name that is not a built-in board.
        pub fn board(name: &str) -> Result<$crate::board::Board<$tile>, CourseError> {
            Ok($library.board(name)?)
        }

        /// Names of the built-in courses, from the starter course to the
        /// advanced ones.
        pub fn course_names() -> impl Iterator<Item = &'static str> {
            $library.course_names()
        }

        /// The description of a built-in course by name (case is ignored),
        /// to build as it is or to change first.
        ///
        /// # Errors
        /// [`CourseError::Unknown`] for a name that is not a built-in course.
        pub fn course_spec(name: &str) -> Result<CourseSpec, CourseError> {
            Ok($library.course_spec(name)?)
        }

        /// A built-in course by name (case is ignored), built and checked.
        ///
        /// # Errors
        /// [`CourseError::Unknown`] for a name that is not a built-in course.
        pub fn course(name: &str) -> Result<Course, CourseError> {
            $library.course(name)
        }

        /// Validates a spec and assembles its course, loading named boards
        /// from the built-in ones (see
        /// [`Library::build`]($crate::race::course::Library::build) for the
        /// checks; the edition's markers add theirs).
        ///
        /// # Errors
        /// The first check that fails, as a [`CourseError`].
        pub fn build(spec: &CourseSpec) -> Result<Course, CourseError> {
            $library.build(spec)
        }

        /// The same course turned a quarter turn clockwise as a whole:
        /// every board turns once more and moves where the turn takes it.
        /// Spots stay as they are (they are in printed coordinates of their
        /// boards).
        ///
        /// # Errors
        /// A [`CourseError`] when a board does not load.
        pub fn rotated_cw(spec: &CourseSpec) -> Result<CourseSpec, CourseError> {
            $library.rotated_cw(spec)
        }
    };
}
