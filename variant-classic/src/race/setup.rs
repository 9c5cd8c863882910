//! A game's setup: how many robots, their lives, the flags, how the robots
//! start, the optional rules; and the checks that refuse an impossible one
//! with a [`SetupError`].

use crate::courses::{self, Course};
use crate::tiles::{Cell, Tile};
use robo_core::board::BoardId;
use robo_core::geom::Pos;
use robo_core::race::course::CourseTile;
use robo_core::rng::Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The fewest robots of a game.
pub const MIN_ROBOTS: u8 = 2;
/// The most robots of a game.
pub const MAX_ROBOTS: u8 = 8;
/// The most flags of a course.
pub const MAX_FLAGS: usize = 8;
/// Lives of each robot.
pub const LIVES: u8 = 3;
/// Lives of each robot under the Extra Lives rule.
pub const EXTRA_LIVES: u8 = 4;

/// How the robots come onto the course.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StartRule {
    /// Before the first turn each robot takes a free dock of the docking
    /// bay, in the order of one dealt card's priority (highest first).
    #[default]
    Docks,
    /// No docking bay: every robot starts virtual on this one cell (its
    /// archive marker too), and chooses its facing in priority order.
    Shared(Pos),
    /// First Out of the Starting Gate: no robot is placed before play; in
    /// the first register of the first turn each robot picks a free dock
    /// in the order of its card's priority, then runs its card from there.
    Gate,
}

/// Where the flags lie.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FlagRule {
    /// The course's own flags.
    #[default]
    Course,
    /// These cells, in order (the players place the flags).
    Placed(Vec<Pos>),
    /// Random Flag Placement: this many flags on random cells of one
    /// factory board of the course, drawn at random (seeded).
    Random(u8),
}

/// A game's setup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// The course.
    pub course: Course,
    /// Robots (2 to 8).
    pub players: u8,
    /// Lives of each robot ([`LIVES`]; [`EXTRA_LIVES`] with Extra Lives).
    pub lives: u8,
    /// End after this many turns without a winner.
    #[serde(default)]
    pub max_rounds: Option<u16>,
    /// How the robots start.
    #[serde(default)]
    pub start: StartRule,
    /// Where the flags lie.
    #[serde(default)]
    pub flags: FlagRule,
    /// On the Clock: a late programmer's empty registers can be filled at
    /// random by [`Action::TimeUp`](super::Action::TimeUp).
    #[serde(default)]
    pub on_the_clock: bool,
    /// Play on: the game goes on after the first robot finishes, to
    /// rank the others (see [`Race::ranking`](super::Race::ranking)).
    #[serde(default)]
    pub play_on: bool,
    /// Options each robot draws before the first turn (the Standard
    /// Option Package deals 1).
    #[serde(default)]
    pub options: u8,
    /// The variant rules of the options and the game's end.
    #[serde(default)]
    pub variants: super::Variants,
    /// High-Flying: flying robots also pass over walls, crushers,
    /// flamers, pushers and board lasers, and meet only flying robots
    /// (see [`World::high_flying`](crate::world::World::high_flying)).
    #[serde(default)]
    pub high_flying: bool,
}

impl Setup {
    /// `players` robots on `course` with 3 lives each, docks, the course's
    /// flags and no turn cap.
    #[must_use]
    pub fn new(course: Course, players: u8) -> Self {
        Setup {
            course,
            players,
            lives: LIVES,
            max_rounds: None,
            start: StartRule::Docks,
            flags: FlagRule::Course,
            on_the_clock: false,
            play_on: false,
            options: 0,
            variants: super::Variants::default(),
            high_flying: false,
        }
    }

    /// `players` robots on the built-in course `name` (case is ignored).
    ///
    /// ```
    /// use variant_classic::{Setup, SetupError};
    /// assert_eq!(Setup::named("risky exchange", 8).unwrap().players, 8);
    /// assert!(matches!(Setup::named("Nowhere", 2), Err(SetupError::UnknownCourse(_))));
    /// ```
    ///
    /// # Errors
    /// [`SetupError::UnknownCourse`] for a name that is not a built-in course.
    pub fn named(name: &str, players: u8) -> Result<Self, SetupError> {
        let course = courses::course(name).map_err(|_| SetupError::UnknownCourse(name.into()))?;
        Ok(Setup::new(course, players))
    }

    /// The Extra Lives rule: four lives instead of three.
    #[must_use]
    pub fn extra_lives(mut self) -> Self {
        self.lives = EXTRA_LIVES;
        self
    }
}

/// A setup the game refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// More options to deal than the deck holds.
    #[error("{0} options for each robot is more than the 52 of the option deck")]
    Options(u8),
    /// Not 2 to 8 robots.
    #[error("a classic game takes 2 to 8 robots, not {0}")]
    Players(u8),
    /// Not 1 to 9 lives.
    #[error("robots have 1 to 9 lives, not {0}")]
    Lives(u8),
    /// Fewer docks than robots.
    #[error("the course has {docks} docks for {robots} robots")]
    Docks {
        /// Docks on the course.
        docks: usize,
        /// Robots.
        robots: u8,
    },
    /// Two docks with one number (the dock order would be ambiguous).
    #[error("two docks are numbered {0}")]
    DuplicateDock(u8),
    /// Not 1 to 8 flags.
    #[error("a course has 1 to 8 flags, not {0}")]
    Flags(usize),
    /// A flag off the floor.
    #[error("flag {number} at {at} is off the course")]
    FlagOffBoard {
        /// The flag (from 1).
        number: usize,
        /// Its cell.
        at: Pos,
    },
    /// A flag where it could not lie or be reached (a pit, a drain, a trap
    /// door).
    #[error("flag {number} at {at} is on a pit, drain or trap door")]
    FlagOnPit {
        /// The flag (from 1).
        number: usize,
        /// Its cell.
        at: Pos,
    },
    /// A flag on a dock.
    #[error("flag {number} at {at} is on a dock")]
    FlagOnDock {
        /// The flag (from 1).
        number: usize,
        /// Its cell.
        at: Pos,
    },
    /// Two flags on one cell.
    #[error("flag {number} at {at} shares its cell with an earlier flag")]
    FlagTwice {
        /// The flag (from 1).
        number: usize,
        /// Its cell.
        at: Pos,
    },
    /// The chosen board has too few cells for the random flags.
    #[error("board `{board}` has room for {room} random flags, not {flags}")]
    FlagRoom {
        /// The board drawn.
        board: String,
        /// Cells a flag may take there.
        room: usize,
        /// Flags asked for.
        flags: u8,
    },
    /// The shared start cell is off the floor or on a pit.
    #[error("robots cannot start on {0}: it is off the floor, a pit, drain or trap door")]
    StartCell(Pos),
    /// A portal without exactly one partner of its colour.
    #[error(transparent)]
    Portals(#[from] crate::courses::PortalError),
    /// No built-in course of that name.
    #[error("no classic course is named `{0}`")]
    UnknownCourse(String),
}

/// Can a flag lie on `cell` and a robot stand there in every register
/// (no pit, drain, trap door or crusher)?
fn safe(cell: &Cell) -> bool {
    cell.can_hold_marker() && cell.crusher.is_none() && !(1..=5).any(|r| cell.tile.swallows(r))
}

/// Checks `flags` (in order) against `course`.
fn check_flags(course: &Course, flags: &[Pos]) -> Result<(), SetupError> {
    if !(1..=MAX_FLAGS).contains(&flags.len()) {
        return Err(SetupError::Flags(flags.len()));
    }
    for (i, &at) in flags.iter().enumerate() {
        let number = i + 1;
        let Some(tile) = course.board().tile(at) else {
            return Err(SetupError::FlagOffBoard { number, at });
        };
        if !safe(tile) {
            return Err(SetupError::FlagOnPit { number, at });
        }
        if tile.is_start() {
            return Err(SetupError::FlagOnDock { number, at });
        }
        if flags[..i].contains(&at) {
            return Err(SetupError::FlagTwice { number, at });
        }
    }
    Ok(())
}

/// `course` with its flags on `flags` (already checked).
fn with_flags(course: &Course, flags: Vec<Pos>) -> Result<Course, SetupError> {
    let n = flags.len();
    course
        .clone()
        .edit(|p| p.checkpoints = flags)
        .map_err(|_| SetupError::Flags(n))
}

/// `count` flags on random cells of one factory board of `course` drawn
/// with `rng`: the board first, then each flag uniformly among the cells
/// left that a flag may take (the same as rolling the board's size per
/// axis and rolling again on an unusable cell). Only cells `within`
/// says yes to count.
fn random_flags(
    course: &Course,
    count: u8,
    rng: &mut Rng,
    within: impl Fn(Pos) -> bool,
) -> Result<Vec<Pos>, SetupError> {
    if !(1..=MAX_FLAGS).contains(&usize::from(count)) {
        return Err(SetupError::Flags(usize::from(count)));
    }
    let bay = course.docking_bay();
    let mut boards: Vec<BoardId> = (0..course.board_names().len())
        .map(|i| BoardId(i as u8))
        .filter(|&b| b != bay)
        .collect();
    if boards.is_empty() {
        boards.push(bay);
    }
    let board = boards[rng.index(boards.len())];
    let grid = course.board();
    let mut cells: Vec<Pos> = grid
        .cells()
        .filter(|&(p, t)| grid.board_id(p) == Some(board) && safe(t) && !t.is_start() && within(p))
        .map(|(p, _)| p)
        .collect();
    if cells.len() < usize::from(count) {
        return Err(SetupError::FlagRoom {
            board: course.board_name(board).unwrap_or_default().to_string(),
            room: cells.len(),
            flags: count,
        });
    }
    Ok((0..count)
        .map(|_| cells.swap_remove(rng.index(cells.len())))
        .collect())
}

/// The course the game is played on, its flags placed as `setup` says;
/// the setup checked (everything but the random flags, which need the
/// game's generator: see [`place_random_flags`]).
pub(super) fn checked_course(setup: &Setup) -> Result<Course, SetupError> {
    let n = setup.players;
    if !(MIN_ROBOTS..=MAX_ROBOTS).contains(&n) {
        return Err(SetupError::Players(n));
    }
    if usize::from(setup.options) * usize::from(n) > crate::options::OptionCard::ALL.len() {
        return Err(SetupError::Options(setup.options));
    }
    if !(1..=9).contains(&setup.lives) {
        return Err(SetupError::Lives(setup.lives));
    }
    courses::check_portals(setup.course.board())?;
    let course = match &setup.flags {
        FlagRule::Course => {
            check_flags(&setup.course, setup.course.checkpoints())?;
            setup.course.clone()
        }
        FlagRule::Placed(flags) => {
            check_flags(&setup.course, flags)?;
            with_flags(&setup.course, flags.clone())?
        }
        FlagRule::Random(k) if !(1..=MAX_FLAGS).contains(&usize::from(*k)) => {
            return Err(SetupError::Flags(usize::from(*k)));
        }
        FlagRule::Random(_) => setup.course.clone(),
    };
    let mut numbers: Vec<u8> = course
        .starts()
        .iter()
        .filter_map(|&p| match course.board().tile(p) {
            Some(&Cell {
                tile: Tile::Dock(k),
                ..
            }) => Some(k),
            _ => None,
        })
        .collect();
    numbers.sort_unstable();
    if let Some(w) = numbers.windows(2).find(|w| w[0] == w[1]) {
        return Err(SetupError::DuplicateDock(w[0]));
    }
    match setup.start {
        StartRule::Docks | StartRule::Gate if course.starts().len() < usize::from(n) => {
            Err(SetupError::Docks {
                docks: course.starts().len(),
                robots: n,
            })
        }
        StartRule::Shared(at) if !course.board().tile(at).is_some_and(safe) => {
            Err(SetupError::StartCell(at))
        }
        _ => Ok(course),
    }
}

/// The course with Random Flag Placement done with `rng`, when `setup`
/// asks for it.
pub(super) fn place_random_flags(
    setup: &Setup,
    course: Course,
    rng: &mut Rng,
) -> Result<Course, SetupError> {
    match setup.flags {
        FlagRule::Random(k) => {
            let flags = random_flags(&course, k, rng, |_| true)?;
            with_flags(&course, flags)
        }
        _ => Ok(course),
    }
}

/// Random Flag Placement on `course` for a scenario file: `count` flags
/// drawn with `rng` as in a game (see [`place_random_flags`]), on cells
/// `within` says yes to (the file's own rows, not the rows a scenario
/// adds for its docking bay).
pub(crate) fn random_flags_within(
    course: &Course,
    count: u8,
    rng: &mut Rng,
    within: impl Fn(Pos) -> bool,
) -> Result<Course, SetupError> {
    let flags = random_flags(course, count, rng, within)?;
    with_flags(course, flags)
}
