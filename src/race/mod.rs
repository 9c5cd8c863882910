//! A 2023 race between bots, played to the end, told in text and kept as
//! an HTML replay: the engine of `examples/race.rs`, kept here so it can
//! be tested.
//!
//! Every seat is a bot: [`PolicyKind::Planner`] (the 2023 edition's
//! [`Planner`]) or [`PolicyKind::Random`] ([`RandomPolicy`]). A bot's
//! seed is the game's seed mixed with its seat ([`seat_seed`]), so the
//! same options always give the same race.
//!
//! ```
//! use roborally::race::{run_race, RaceOptions};
//! let options = RaceOptions { players: 2, seed: 3, ..RaceOptions::default() }.normalised();
//! let mut log = Vec::new();
//! let summary = run_race(&options, &mut log).unwrap();
//! let text = String::from_utf8(log).unwrap();
//! assert_eq!(text.lines().filter(|l| l.starts_with("round")).count(), usize::from(summary.rounds));
//! ```

mod args;
mod replay;
mod text;

pub use args::{ArgError, USAGE};
pub use replay::{course_picture, damage_held};
pub use text::render_board;

use crate::core::protocol::{ActionError, Game, Pending, Policy, RandomPolicy};
use crate::core::PlayerId;
use crate::viewer::{Frame, ReplayDoc};
use replay::Recorder;
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;
use text::RoundLog;
use variant_2023::bots::{seat_seed, Planner};
use variant_2023::courses::{self, CourseError, DEFAULT_COURSE};
use variant_2023::{Action, Event, Race, Reason, Setup, SetupError};

/// Which bot plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PolicyKind {
    /// The planning bot ([`Planner`]).
    Planner,
    /// A uniformly random legal action at every decision ([`RandomPolicy`]).
    Random,
}

/// How to run a race.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceOptions {
    /// A built-in course's name.
    pub course: String,
    /// Seats (2 to 6); [`RaceOptions::normalised`] makes `policies` match.
    pub players: u8,
    /// The game's seed.
    pub seed: u64,
    /// One bot per seat.
    pub policies: Vec<PolicyKind>,
    /// The round cap.
    pub max_rounds: u16,
    /// Print the board after every register.
    pub verbose: bool,
    /// Where to write the HTML replay.
    pub html: Option<PathBuf>,
    /// A scenario file to start from instead of a new race on `course`
    /// (its course, robots and cards; the number of seats is the file's).
    pub scenario: Option<PathBuf>,
}

impl Default for RaceOptions {
    /// Four planners on the default course, seed 1, at most 100 rounds.
    fn default() -> Self {
        RaceOptions {
            course: DEFAULT_COURSE.to_string(),
            players: 4,
            seed: 1,
            policies: vec![PolicyKind::Planner; 4],
            max_rounds: 100,
            verbose: false,
            html: None,
            scenario: None,
        }
    }
}

impl RaceOptions {
    /// The same options with one policy per seat: the first policy (or the
    /// planner) repeated when the list does not match `players`.
    #[must_use]
    pub fn normalised(mut self) -> Self {
        if self.policies.len() != usize::from(self.players) {
            let p = self
                .policies
                .first()
                .copied()
                .unwrap_or(PolicyKind::Planner);
            self.policies = vec![p; usize::from(self.players)];
        }
        self
    }
}

/// How a race ended.
#[derive(Clone, Debug, PartialEq)]
pub struct RaceSummary {
    /// The winner; `None` when the round cap ended it.
    pub winner: Option<PlayerId>,
    /// Rounds played.
    pub rounds: u16,
    /// Registers resolved.
    pub registers: u32,
    /// Actions the bots took.
    pub actions: usize,
    /// The replay.
    pub replay: ReplayDoc,
}

impl RaceSummary {
    /// The last line of the race log: winner, rounds, registers resolved and
    /// the wall time (measured by the caller: the library reads no clock).
    ///
    /// ```
    /// # use roborally::race::{run_race, RaceOptions};
    /// # let s = run_race(&RaceOptions { players: 2, ..RaceOptions::default() }.normalised(), &mut Vec::new()).unwrap();
    /// let line = s.final_line(std::time::Duration::from_millis(250));
    /// assert!(line.ends_with("0.250 s"));
    /// ```
    #[must_use]
    pub fn final_line(&self, wall: Duration) -> String {
        let who = match self.winner {
            Some(p) => format!("winner {p}"),
            None => "no winner (round cap)".to_string(),
        };
        format!(
            "{who} | {} rounds | {} registers resolved | {:.3} s",
            self.rounds,
            self.registers,
            wall.as_secs_f64()
        )
    }
}

/// A race that could not be run.
#[derive(Debug, thiserror::Error)]
pub enum RaceError {
    /// No built-in course of that name.
    #[error("{0} (courses: {names})", names = courses::course_names().collect::<Vec<_>>().join(", "))]
    Course(#[from] CourseError),
    /// The setup is refused.
    #[error("the race cannot be set up: {0}")]
    Setup(#[from] SetupError),
    /// A bot chose a refused action (a bug in the bot).
    #[error("{player}'s bot chose a refused action: {error}")]
    Refused {
        /// Whose bot.
        player: PlayerId,
        /// Why.
        error: ActionError<Reason>,
    },
    /// A bot had no action.
    #[error("{0}'s bot gave up")]
    Resigned(PlayerId),
    /// The race went on past any sensible number of actions.
    #[error("the race did not end after {0} actions")]
    TooLong(usize),
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

/// Actions allowed per round before a race is called broken.
const ACTIONS_PER_ROUND: usize = 2_000;

/// The bot of `seat` in a race of `seed`.
#[must_use]
pub fn bot(kind: PolicyKind, seed: u64, seat: PlayerId) -> Box<dyn Policy<Race>> {
    let seed = seat_seed(seed, seat);
    match kind {
        PolicyKind::Planner => Box::new(Planner::new(seed)),
        PolicyKind::Random => Box::new(RandomPolicy::new(seed)),
    }
}

/// Plays a race to the end. Writes the course with the robots on their
/// start spaces, one line per round and, when `verbose`, the board after
/// every register to `out`; returns the summary with the replay (the
/// caller prints the final line and writes the HTML).
///
/// # Errors
/// A [`RaceError`]: not one policy per seat, an unknown course, a refused
/// setup, a bot's refused action, or a failed write.
pub fn run_race(options: &RaceOptions, out: &mut dyn Write) -> Result<RaceSummary, RaceError> {
    let mut race = match &options.scenario {
        Some(path) => crate::scenario::load_2023(path)?.0,
        None => {
            if options.policies.len() != usize::from(options.players) {
                return Err(RaceError::Seats {
                    players: options.players,
                    policies: options.policies.len(),
                });
            }
            let course = courses::course(&options.course)?;
            let mut setup = Setup::new(course, options.players);
            setup.max_rounds = Some(options.max_rounds);
            Race::new(setup, options.seed)?
        }
    };
    // A scenario decides the seats; one policy given serves them all.
    let seats = race.seats();
    let policies: Vec<PolicyKind> = match options.policies.as_slice() {
        list if list.len() == seats => list.to_vec(),
        [one, ..] if options.scenario.is_some() => vec![*one; seats],
        list => {
            return Err(RaceError::Seats {
                players: seats as u8,
                policies: list.len(),
            })
        }
    };
    let mut bots: Vec<Box<dyn Policy<Race>>> = policies
        .iter()
        .enumerate()
        .map(|(i, &k)| bot(k, options.seed, PlayerId(i as u8)))
        .collect();
    let names: Vec<String> = policies
        .iter()
        .enumerate()
        .map(|(i, k)| format!("P{i} {k}"))
        .collect();
    writeln!(
        out,
        "{} ({} players: {}), seed {}",
        race.course().name(),
        seats,
        names.join(", "),
        options.seed
    )?;
    let mut rec = Recorder::new(&race);
    let mut round = RoundLog::new(1, race.seats());
    let mut events: Vec<Event> = Vec::new();
    let mut actions = 0usize;
    let mut shown_start = false;
    let limit = ACTIONS_PER_ROUND * (usize::from(options.max_rounds) + 2);
    // What this action adds to the log (writing to a String cannot fail).
    let mut text = String::new();
    let outcome = loop {
        let player = match race.pending() {
            Pending::Terminal(o) => break o,
            Pending::Decision { player, .. } => player,
            Pending::Simultaneous { players, .. } => match players.first() {
                Some(p) => *p,
                None => return Err(RaceError::TooLong(actions)),
            },
        };
        let seat = bots
            .get_mut(player.index())
            .ok_or(RaceError::Resigned(player))?;
        let action: Action = seat
            .choose(&race, player)
            .ok_or(RaceError::Resigned(player))?;
        events.clear();
        race.apply_into(player, action, &mut events)
            .map_err(|error| RaceError::Refused { player, error })?;
        actions += 1;
        if actions > limit {
            return Err(RaceError::TooLong(actions));
        }
        text.clear();
        rec.observe(&race, &events, |r| {
            if !shown_start {
                shown_start = true;
                text.push_str(&render_board(race.course(), &r.robots()));
            } else if options.verbose {
                if let Some(f) = r.frames.last() {
                    let _ = writeln!(text, "after round {} register {}:", f.round, f.register);
                }
                text.push_str(&render_board(race.course(), &r.robots()));
            }
        });
        for e in &events {
            match e {
                Event::RoundStarted { round: r } if *r > 1 => {
                    let _ = writeln!(text, "{}", round.line());
                    round = RoundLog::new(*r, race.seats());
                }
                Event::GameOver { .. } => {
                    let _ = writeln!(text, "{}", round.line());
                }
                e => round.note(e),
            }
        }
        out.write_all(text.as_bytes())?;
    };
    let replay = ReplayDoc {
        title: format!(
            "Robo Rally 2023: {}, seed {}",
            race.course().name(),
            options.seed
        ),
        board: course_picture(&race),
        // A no-break space keeps "P0 planner" on one line in the page.
        robots: names.iter().map(|n| n.replace(' ', "\u{a0}")).collect(),
        frames: rec.frames,
    };
    Ok(RaceSummary {
        winner: outcome.winner,
        rounds: outcome.rounds,
        registers: rec.registers,
        actions,
        replay,
    })
}

/// The frames of a replay that show a register (not the starting grid).
pub fn register_frames(doc: &ReplayDoc) -> impl Iterator<Item = &Frame> {
    doc.frames.iter().filter(|f| f.register > 0)
}

#[cfg(test)]
mod tests;
