//! A race between bots, played to the end, told in text and kept as an
//! HTML replay: the engine of `examples/race.rs`, kept here so it can be
//! tested.
//!
//! Any playable edition can be raced: a grid edition (one that implements
//! [`RaceEdition`]; 2023 today) through one loop with a round log, boards
//! and a replay recorder ([`run_grid`]); another edition (conquest) through
//! a plain loop that prints each round's standings. Every seat is a bot
//! from the registry ([`crate::bots`]); a bot's seed is the game's seed
//! mixed with its seat ([`crate::core::protocol::seat_seed`]), so the same options always give the
//! same race.
//!
//! ```
//! use roborally::race::{run_race, RaceOptions};
//! let options = RaceOptions { players: 2, seed: 3, ..RaceOptions::default() };
//! let mut log = Vec::new();
//! let summary = run_race(&options, &mut log).unwrap();
//! let text = String::from_utf8(log).unwrap();
//! assert_eq!(text.lines().filter(|l| l.starts_with("round")).count(), usize::from(summary.rounds));
//! ```

mod args;
pub(crate) mod classic;
mod conquest;
mod edition;
mod grid;
mod log;
mod plain;
mod recorder;
mod replay;
mod table;
pub(crate) mod transformers;
mod v2023;

pub use args::{ArgError, USAGE};
pub use classic::{classic_picture, render_classic};
pub use conquest::{map_picture, MapRecorder};
pub use edition::RaceEdition;
pub use grid::run_grid;
pub use log::{LogWords, SeatNote};
pub use recorder::GridReplay;
pub use replay::{picture_json, replay_html, ReplayDocError};
pub use transformers::render_board as transformers_board;
pub use v2023::{course_picture, damage_held, render_board};

use crate::bots::{self, UnknownBot};
use crate::core::PlayerId;
use crate::editions::{NewGameError, Playable, Visit};
use crate::viewer::{Frame, ReplayDoc};
use crate::{AnySetupError, Edition};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// How to run a race.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceOptions {
    /// The edition.
    pub edition: Edition,
    /// A built-in course's name; `None` for the edition's default.
    pub course: Option<String>,
    /// Seats.
    pub players: u8,
    /// The game's seed.
    pub seed: u64,
    /// One bot name per seat; empty for the edition's default bot in
    /// every seat ([`RaceOptions::normalised`] fills it in).
    pub policies: Vec<String>,
    /// The round cap (for editions that have one).
    pub max_rounds: u16,
    /// The seat that first holds the priority token (2023), or plays
    /// first (conquest).
    pub priority: u8,
    /// Print the board after every register.
    pub verbose: bool,
    /// The terminal's width in characters (0: any): a course too wide for
    /// it is drawn compact.
    pub columns: usize,
    /// Where to write the HTML replay (grid editions).
    pub html: Option<PathBuf>,
    /// A scenario file to start from instead of a new race on `course`
    /// (its course, robots and cards; the number of seats is the file's).
    pub scenario: Option<PathBuf>,
    /// The edition's optional setup rules by name (`--option NAME`,
    /// repeatable; [`crate::editions::Playable::choose`]).
    pub options: Vec<String>,
}

impl Default for RaceOptions {
    /// Four of the default bot (the planner) on 2023's default course,
    /// seed 1, at most 100 rounds.
    fn default() -> Self {
        RaceOptions {
            edition: Edition::V2023,
            course: None,
            players: 4,
            seed: 1,
            policies: Vec::new(),
            max_rounds: 100,
            priority: 0,
            verbose: false,
            columns: 0,
            html: None,
            scenario: None,
            options: Vec::new(),
        }
    }
}

impl RaceOptions {
    /// The same options with one policy per seat: the first policy (or the
    /// edition's default bot) repeated when the list does not match
    /// `players`.
    #[must_use]
    pub fn normalised(mut self) -> Self {
        if self.policies.len() != usize::from(self.players) {
            let p = self
                .policies
                .first()
                .cloned()
                .or_else(|| bots::default_name(self.edition).map(String::from))
                .unwrap_or_default();
            self.policies = vec![p; usize::from(self.players)];
        }
        self
    }
}

/// How a race ended.
#[derive(Clone, Debug, PartialEq)]
pub struct RaceSummary {
    /// The edition raced.
    pub edition: Edition,
    /// The winners (one in a grid race; allies may share a conquest);
    /// empty when the round cap ended it.
    pub winners: Vec<PlayerId>,
    /// Rounds played.
    pub rounds: u16,
    /// Every seat, best first, for editions that rank them (classic);
    /// empty otherwise.
    pub ranking: Vec<PlayerId>,
    /// Registers resolved (0 for editions without registers).
    pub registers: u32,
    /// Actions the bots took.
    pub actions: usize,
    /// The replay, for grid editions.
    pub replay: Option<ReplayDoc>,
    /// The HTML replay page and its frames, when `html` was asked for
    /// (every edition with a replay: grid races and conquest).
    pub html: Option<(String, usize)>,
}

impl RaceSummary {
    /// The one winner, if exactly one seat won.
    #[must_use]
    pub fn winner(&self) -> Option<PlayerId> {
        match self.winners.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// The last line of the race log: winner, rounds, registers resolved
    /// (or actions, without registers) and the wall time (measured by the
    /// caller: the library reads no clock).
    ///
    /// ```
    /// # use roborally::race::{run_race, RaceOptions};
    /// # let s = run_race(&RaceOptions { players: 2, ..RaceOptions::default() }.normalised(), &mut Vec::new()).unwrap();
    /// let line = s.final_line(std::time::Duration::from_millis(250));
    /// assert!(line.ends_with("0.250 s"));
    /// ```
    #[must_use]
    pub fn final_line(&self, wall: Duration) -> String {
        let who = match self.winners.as_slice() {
            [] => "no winner (round cap)".to_string(),
            [p] => format!("winner {p}"),
            many => format!(
                "winners {}",
                many.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        };
        let places = if self.ranking.len() > 1 {
            let seats: Vec<String> = self.ranking.iter().map(ToString::to_string).collect();
            format!(" | ranking {}", seats.join(" "))
        } else {
            String::new()
        };
        let work = if self.registers > 0 {
            format!("{} registers resolved", self.registers)
        } else {
            format!("{} actions", self.actions)
        };
        format!(
            "{who}{places} | {} rounds | {work} | {:.3} s",
            self.rounds,
            wall.as_secs_f64()
        )
    }
}

/// A race that could not be run.
#[derive(Debug, thiserror::Error)]
pub enum RaceError {
    /// No built-in course of that name, or a course for an edition
    /// without courses.
    #[error(transparent)]
    Course(NewGameError),
    /// The setup is refused.
    #[error("the race cannot be set up: {0}")]
    Setup(AnySetupError),
    /// The edition cannot be played yet.
    #[error("the {0} edition cannot be raced yet")]
    NotPlayable(Edition),
    /// A bot name the edition does not have.
    #[error(transparent)]
    Bot(#[from] UnknownBot),
    /// An HTML replay asked of an edition without one.
    #[error("the {0} edition has no HTML replay")]
    NoReplay(Edition),
    /// A bot chose a refused action (a bug in the bot).
    #[error("{player}'s bot chose a refused action: {error}")]
    Refused {
        /// Whose bot.
        player: PlayerId,
        /// Why, in the edition's words.
        error: String,
    },
    /// A bot had no action.
    #[error("{0}'s bot gave up")]
    Resigned(PlayerId),
    /// The race went on past any sensible number of actions.
    #[error("the race did not end after {0} actions")]
    TooLong(usize),
    /// More seats than the edition takes.
    #[error("the {edition} edition takes at most {max} seats, not {players}")]
    TooManySeats {
        /// The edition.
        edition: Edition,
        /// Seats asked for.
        players: u8,
        /// Its most seats.
        max: u8,
    },
    /// Not one policy per seat.
    #[error("{players} seats but {policies} policies: give one policy per seat")]
    Seats {
        /// Seats asked for.
        players: u8,
        /// Policies given.
        policies: usize,
    },
    /// Writing the log failed.
    #[error("cannot write the race log: {0}")]
    Io(#[from] std::io::Error),
    /// The scenario file to start from cannot be used.
    #[error(transparent)]
    Scenario(#[from] crate::scenario::ScenarioError),
}

impl From<NewGameError> for RaceError {
    fn from(e: NewGameError) -> Self {
        match e {
            NewGameError::Setup(s) => RaceError::Setup(s),
            NewGameError::NotPlayable(edition) => RaceError::NotPlayable(edition),
            other => RaceError::Course(other),
        }
    }
}

/// Actions allowed per round before a race is called broken.
const ACTIONS_PER_ROUND: usize = 2_000;

/// The race driver of a grid edition, as its [`Playable::grid_race`]
/// gives it: [`run_grid`] for that edition.
pub type GridRaceFn = fn(&RaceOptions, &mut dyn Write) -> Result<RaceSummary, RaceError>;

struct Drive<'a, 'w> {
    options: &'a RaceOptions,
    out: &'w mut dyn Write,
}

impl Visit for Drive<'_, '_> {
    type Out = Result<RaceSummary, RaceError>;
    fn visit<G: Playable>(self) -> Self::Out {
        match G::grid_race() {
            Some(run) => run(self.options, self.out),
            None => plain::run::<G>(self.options, self.out),
        }
    }
}

/// Plays a race of `options.edition` to the end and writes its log to
/// `out`: the header, then for a grid edition the course with the robots
/// on their start spaces, one line per round and, when `verbose`, the
/// board after every register; for another edition one line of standings
/// per round. Returns the summary with the replay (the caller prints the
/// final line and writes the HTML).
///
/// # Errors
/// A [`RaceError`]: not one policy per seat, an unknown course or bot, a
/// refused setup, a bot's refused action, or a failed write.
pub fn run_race(options: &RaceOptions, out: &mut dyn Write) -> Result<RaceSummary, RaceError> {
    let max = options.edition.max_seats();
    if options.scenario.is_none() && max > 0 && options.players > max {
        return Err(RaceError::TooManySeats {
            edition: options.edition,
            players: options.players,
            max,
        });
    }
    options
        .edition
        .visit(Drive { options, out })
        .unwrap_or(Err(RaceError::NotPlayable(options.edition)))
}

/// The frames of a replay that show a register (not the starting grid).
pub fn register_frames(doc: &ReplayDoc) -> impl Iterator<Item = &Frame> {
    doc.frames.iter().filter(|f| f.register > 0)
}

#[cfg(test)]
mod tests;
