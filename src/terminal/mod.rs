//! A 2023 race in a terminal: one robot played by a person at the
//! keyboard, the others by bots.
//!
//! The client is a loop over the protocol: it asks the race what it waits
//! for, lets a bot answer for the bots' seats, and asks the person for
//! theirs. It reads lines from any [`BufRead`](std::io::BufRead) and
//! writes to any [`Write`](std::io::Write), so a test (or a pipe) can
//! drive a whole game with a script. `examples/play.rs` is a thin wrapper
//! around [`play`].
//!
//! What the person sees comes from their own [`View`](variant_2023::View)
//! and the public course only: the board with the robots ([`draw_board`]),
//! every robot's public state ([`draw_robots`]), their own mat and
//! numbered hand ([`draw_mat`]), and every event as a line
//! ([`describe`]).
//!
//! What the person types:
//!
//! - A program: hand numbers, one per open register (`3 1 4 2 5`); see
//!   [`parse_program`] for face-down Haywires (`h` or left out), Crab Legs
//!   pairs (`3+7`) and Memory Cards (`| 6 8`). `random` asks for a random
//!   legal program; `o1`, `o2`, ... pick the other answers listed
//!   (shutting down, upgrades usable while programming).
//! - Every other choice: the number of an option from the list shown
//!   (built from the race's legal actions, labelled by [`label`]). A choice
//!   with one option is taken without asking.
//! - At any prompt: `help`, `board` (draw it again), `quit`. Lines that
//!   start with `#` are ignored (comments in scripts).
//!
//! Bad input is refused with the reason (the client's, or the engine's own
//! via [`refusal`]) and asked again. The end of input ends the session
//! cleanly with [`Finish::InputEnded`].
//!
//! ```
//! use roborally::terminal::{play, Config, Finish};
//! let config = Config { max_rounds: Some(1), ..Config::default() };
//! // the first start space, no upgrades, hand cards 1 to 5, then any
//! // answer to whatever else is asked
//! let script = "1\ndone\n1 2 3 4 5\nrandom\nrandom\nrandom\n";
//! let mut out = Vec::new();
//! let finish = play(&config, script.as_bytes(), &mut out).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.contains("Your program: 1:"));
//! assert_eq!(finish, Finish::RoundCap { rounds: 1 });
//! assert!(text.ends_with("the round cap ended the race after 1 round.\n"));
//! ```

mod args;
mod board;
mod choices;
mod events;
mod program;
mod prompts;
mod session;

pub use args::{ArgsError, USAGE};
pub use board::{
    draw_board, draw_hand, draw_mat, draw_robots, draw_upgrades, robot_legend, LEGEND,
};
pub use choices::{label, question};
pub use events::describe;
pub use program::{parse_program, prefilled_registers, refusal, ProgramInputError};
pub use session::{play, play_with, Finish};

use robo_core::protocol::RandomPolicy;
use robo_core::{PlayerId, Policy};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;
use variant_2023::courses::{CourseError, DEFAULT_COURSE};
use variant_2023::{Race, SetupError};

/// How the robots that nobody types for choose their actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum BotKind {
    /// A uniformly random legal action at every choice
    /// ([`RandomPolicy`]).
    #[default]
    Random,
    /// The planning bot of the 2023 edition ([`variant_2023::bots::Planner`]).
    Planner,
}

impl BotKind {
    /// A bot of this kind for one seat, from its own seed.
    ///
    /// ```
    /// use roborally::terminal::BotKind;
    /// let _random = BotKind::Random.policy(7);
    /// let _planner = BotKind::Planner.policy(7);
    /// ```
    #[must_use]
    pub fn policy(self, seed: u64) -> Box<dyn Policy<Race>> {
        match self {
            BotKind::Random => Box::new(RandomPolicy::new(seed)),
            BotKind::Planner => Box::new(variant_2023::bots::Planner::new(seed)),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BotKind::Random => "random",
            BotKind::Planner => "planner",
        })
    }
}

/// A bot kind that does not exist.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not a kind of bot: use random or planner")]
pub struct UnknownBot(pub String);

impl FromStr for BotKind {
    type Err = UnknownBot;

    /// `random` or `planner`, in any case.
    ///
    /// ```
    /// use roborally::terminal::BotKind;
    /// assert_eq!("Random".parse::<BotKind>().unwrap(), BotKind::Random);
    /// assert!("smart".parse::<BotKind>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "random" => Ok(BotKind::Random),
            "planner" => Ok(BotKind::Planner),
            _ => Err(UnknownBot(s.to_string())),
        }
    }
}

/// One terminal game: which race, which seat the person plays, and how
/// the others play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// A built-in 2023 course (looked up without case).
    pub course: String,
    /// Robots in the race, 2 to 6.
    pub players: u8,
    /// The seat the person plays (from 0, as `P0`).
    pub seat: u8,
    /// The game's seed; the bots' seeds derive from it.
    pub seed: u64,
    /// End without a winner after this many rounds.
    pub max_rounds: Option<u16>,
    /// How the other robots play.
    pub bots: BotKind,
    /// Write every line read back into the output, so that a transcript
    /// of piped input reads like a session at the keyboard.
    pub echo: bool,
    /// A 2023 scenario file to start from (its course, robots and cards;
    /// the number of seats is the file's) instead of a new race.
    pub scenario: Option<std::path::PathBuf>,
}

impl Default for Config {
    /// Two robots on the default course, the person in seat 0, random bots,
    /// seed 1, no round cap.
    fn default() -> Self {
        Config {
            course: DEFAULT_COURSE.to_string(),
            players: 2,
            seat: 0,
            seed: 1,
            max_rounds: None,
            bots: BotKind::Random,
            echo: false,
            scenario: None,
        }
    }
}

impl Config {
    /// The seed of the bot in `seat`: derived from the game's seed, so the
    /// same seed and the same typed answers give the same game.
    #[must_use]
    pub fn bot_seed(&self, seat: PlayerId) -> u64 {
        robo_core::protocol::seat_seed(self.seed, seat)
    }
}

/// Why a terminal game could not be played.
#[derive(Debug, Error)]
pub enum TerminalError {
    /// Reading the input or writing the output failed.
    #[error("input/output: {0}")]
    Io(#[from] std::io::Error),
    /// The course does not exist or does not build.
    #[error(transparent)]
    Course(#[from] CourseError),
    /// The race's setup is refused.
    #[error("the race cannot be set up: {0}")]
    Setup(#[from] SetupError),
    /// The person's seat is not a seat of the race.
    #[error("seat {seat} is not a seat of a {players}-player race")]
    Seat {
        /// The seat asked for.
        seat: u8,
        /// Robots in the race.
        players: u8,
    },
    /// The scenario file to start from cannot be used.
    #[error(transparent)]
    Scenario(#[from] crate::scenario::ScenarioError),
    /// A bot chose an action the race refused (a bug in the bot).
    #[error("{player}'s bot chose a refused action: {reason}")]
    BotRefused {
        /// Whose bot.
        player: PlayerId,
        /// The race's reason.
        reason: String,
    },
    /// The race waits for something nobody can answer (a bug in the race).
    #[error("the race waits for an answer nobody can give")]
    Stuck,
}
