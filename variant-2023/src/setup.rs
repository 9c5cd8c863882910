//! Setting up a race: the unchecked [`Setup`], its optional rules
//! ([`Options`]) and the checks that refuse a bad one ([`SetupError`]).

use crate::courses::Course;
use robo_core::board::BoardId;
use robo_core::geom::Pos;
use robo_core::race::course::CourseExtras;
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use thiserror::Error;

/// The variant rules of the rulebook, each off by default. Read from JSON,
/// a field the engine does not know is refused (a misspelt rule would
/// otherwise be silently off).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// A lighter game: no upgrades, no upgrade phase, no energy; batteries
    /// and Power Up do nothing.
    pub lighter: bool,
    /// A less deadly game: board edges with no board beyond them act as
    /// walls (pits still swallow robots).
    pub less_deadly: bool,
    /// A less SPAM-y game: SPAM left in the hand after programming goes to
    /// the discard pile.
    pub less_spammy: bool,
    /// Dynamic archiving: no reboot tokens; a robot that ends a register on
    /// a checkpoint or battery moves its archive token there and always
    /// reboots on it.
    pub dynamic_archiving: bool,
    /// Competitive mode: before choosing starts, each player in priority
    /// order covers a start space with an energy cube (the course's own
    /// covered spaces are ignored).
    pub competitive: bool,
    /// Act fast mode: a time's-up action fills empty registers at random.
    pub act_fast: bool,
    /// Less foreshadowing: at the end of each round, deck, discard pile and
    /// the regular cards of the hand are shuffled into a new deck.
    pub less_foreshadowing: bool,
}

impl Options {
    /// Options with each rule on or off as `rule` says, asked once per rule
    /// in the order the fields are declared (for example, every rule drawn
    /// at random for a simulation).
    ///
    /// ```
    /// use variant_2023::Options;
    /// assert_eq!(Options::from_fn(|| false), Options::default());
    /// assert!(Options::from_fn(|| true).act_fast);
    /// ```
    pub fn from_fn(mut rule: impl FnMut() -> bool) -> Options {
        Options {
            lighter: rule(),
            less_deadly: rule(),
            less_spammy: rule(),
            dynamic_archiving: rule(),
            competitive: rule(),
            act_fast: rule(),
            less_foreshadowing: rule(),
        }
    }
}

/// A race to set up: the form written to files. Checked by
/// [`crate::Race::new`](robo_core::Game::new).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The course.
    pub course: Course,
    /// Number of robots (players), 2 to 6.
    pub robots: u8,
    /// Who holds the priority token first.
    #[serde(default)]
    pub priority: PlayerId,
    /// Variant rules.
    #[serde(default)]
    pub options: Options,
    /// End the game without a winner after this many rounds.
    #[serde(default)]
    pub max_rounds: Option<u16>,
}

impl Setup {
    /// A setup of `robots` robots on `course`, standard rules, no round cap.
    #[must_use]
    pub fn new(course: Course, robots: u8) -> Self {
        Setup {
            course,
            robots,
            priority: PlayerId(0),
            options: Options::default(),
            max_rounds: None,
        }
    }
}

/// The result of a finished race.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Outcome {
    /// The first robot to end a register on the final checkpoint; `None`
    /// when the round cap ended the game.
    pub winner: Option<PlayerId>,
    /// Rounds played (the last one included).
    pub rounds: u16,
}

impl robo_core::Outcome for Outcome {
    fn winners(&self) -> SmallVec<[PlayerId; 4]> {
        self.winner.into_iter().collect()
    }
}

/// A setup that cannot be played, naming the failed check. The course
/// itself was checked when it was made (see
/// [`Course`](robo_core::race::course::Course)); these are the checks of
/// the race around it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Fewer than 2 robots.
    #[error("a race needs at least 2 robots, not {0}")]
    TooFewRobots(u8),
    /// More than 6 robots.
    #[error("a race has at most 6 robots, not {0}")]
    TooManyRobots(u8),
    /// The first priority holder is not a player.
    #[error("{0} cannot hold the priority token: there are only {1} players")]
    PriorityNotAPlayer(PlayerId, u8),
    /// Too few start spaces to place every robot.
    #[error("{robots} robots need {robots} free start spaces; the course has {free}")]
    NotEnoughStarts {
        /// Robots to place.
        robots: u8,
        /// Free start spaces.
        free: usize,
    },
    /// A board other than the docking bay without a reboot token.
    #[error("board {0} has no reboot token (needed unless dynamic archiving is on)")]
    MissingRebootToken(usize),
    /// A round cap of zero.
    #[error("the round cap must be at least 1")]
    NoRounds,
}

/// The start spaces robots may choose: the course's starts minus those
/// covered by cubes (the course's own, unless competitive mode lets the
/// players place theirs).
pub(crate) fn free_starts(course: &Course, competitive: bool, cubes: &[Pos]) -> SmallVec<[Pos; 8]> {
    course
        .starts()
        .iter()
        .copied()
        .filter(|p| !cubes.contains(p) && (competitive || !course.extras().covers(*p)))
        .collect()
}

/// Every check of a setup, in a fixed order: the robots, the priority
/// token, the round cap, then what the rules ask of the course for this
/// race (enough free start spaces; reboot tokens unless dynamic archiving).
pub(crate) fn validate(setup: &Setup) -> Result<(), SetupError> {
    validate_seats(setup, 2)
}

/// [`validate`] with `min` robots at least (a position built by hand, such
/// as a scenario's, may hold a single robot).
pub(crate) fn validate_seats(setup: &Setup, min: u8) -> Result<(), SetupError> {
    validate_parts(
        &setup.course,
        setup.robots,
        min,
        setup.priority,
        setup.max_rounds,
        &setup.options,
    )
}

/// [`validate`] on a setup's parts, with `min` robots at least (a race
/// read back checks its own, and may be a one-robot position).
pub(crate) fn validate_parts(
    c: &Course,
    n: u8,
    min: u8,
    priority: PlayerId,
    max_rounds: Option<u16>,
    options: &Options,
) -> Result<(), SetupError> {
    if n < min.max(1) {
        return Err(SetupError::TooFewRobots(n));
    }
    if usize::from(n) > crate::cards::MAX_ROBOTS {
        return Err(SetupError::TooManyRobots(n));
    }
    if priority.0 >= n {
        return Err(SetupError::PriorityNotAPlayer(priority, n));
    }
    if max_rounds == Some(0) {
        return Err(SetupError::NoRounds);
    }
    let free = free_starts(c, options.competitive, &[]).len();
    if free < usize::from(n) {
        return Err(SetupError::NotEnoughStarts { robots: n, free });
    }
    if !options.dynamic_archiving {
        let board = c.board();
        let mut ids: SmallVec<[BoardId; 8]> = board
            .positions()
            .filter_map(|p| board.board_id(p))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            if id != c.docking_bay() && c.extras().reboot_token(id).is_none() {
                return Err(SetupError::MissingRebootToken(usize::from(id.0)));
            }
        }
    }
    Ok(())
}
