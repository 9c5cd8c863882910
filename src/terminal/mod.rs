//! A game in a terminal: one seat played by a person at the keyboard (or
//! several seats by people sharing it, the screen cleared between them),
//! the others by bots, for any edition that has a [`Presenter`].
//!
//! The client is a loop over the protocol, written once
//! ([`play_with`]): it asks the game what it waits for, lets a bot answer
//! for the bots' seats, and asks the person for theirs. It reads lines
//! from any [`std::io::BufRead`] and writes to any
//! [`std::io::Write`], so a test (or a pipe) can drive a whole
//! game with a script. `examples/play.rs` is a thin wrapper around
//! [`play`], which picks the edition's presenter through the editions
//! list. An edition's words live in its presenter: 2023 in
//! `terminal/v2023/`, conquest in `terminal/conquest/`.
//!
//! What the person sees comes from their own view only. In a 2023 race:
//! the board with the robots ([`draw_board`]), every robot's public state
//! ([`draw_robots`]), their own mat and numbered hand ([`draw_mat`]), and
//! every event as a line ([`describe`], a move told in one line). In
//! conquest: the map sector by sector ([`draw_map`]), their own cards, and
//! every event in words ([`crate::words::ConquestWords`]).
//!
//! What the person types:
//!
//! - Every choice: the number of an option from the list shown (built
//!   from the game's legal actions, labelled by the presenter, 2023's
//!   [`label`]), or its short form. A choice with one option is taken
//!   without asking. A presenter with [`Facet`]s (conquest) asks short
//!   questions instead of one long list; a name answers them too.
//! - A 2023 program: hand numbers, one per open register (`3 1 4 2 5`);
//!   see [`parse_program`] for face-down Haywires (`h` or left out), Crab
//!   Legs pairs (`3+7`) and Memory Cards (`| 6 8`). `random` asks for a
//!   random legal program; `o1`, `o2`, ... pick the other answers listed
//!   (shutting down, upgrades usable while programming).
//! - At any prompt: `help`, `board` (draw it again), `save FILE` (resume
//!   it with [`Config::load`]), `quit`. Lines that start with `#` are
//!   ignored (comments in scripts).
//!
//! Bad input is refused with the reason (the client's, or the engine's own
//! in the presenter's words, 2023's [`refusal`]) and asked again. The end
//! of input ends the session cleanly with [`Finish::InputEnded`].
//!
//! ```
//! use roborally::terminal::{play, Config, Finish};
//! let config = Config { max_rounds: Some(1), ..Config::default() };
//! // (Rush Hour: the start spaces are listed first, then the upgrades)
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
mod classic;
mod conquest;
mod guide;
mod input;
mod present;
mod prompts;
mod save;
mod session;
pub(crate) mod transformers;
mod v2023;
mod width;

pub use args::{ArgsError, USAGE};
pub use classic::ClassicPresenter;
pub use conquest::{draw_map, ConquestPresenter, MAP_KEY};
pub use present::{Facet, Presenter, TerminalEdition};
pub use session::{play_with, Finish, CLEAR_SCREEN};
pub use v2023::{
    course_text, describe, draw_board, draw_board_fitting, draw_hand, draw_mat, draw_robots,
    draw_robots_on, draw_upgrades, full_width, label, parse_program, prefilled_registers, question,
    refusal, robot_legend, under, ProgramInputError, Standing, V2023Presenter, LEGEND,
};
pub use width::terminal_width;

use crate::bots::{self, UnknownBot};
use crate::editions::{NewGameError, Playable, Visit};
use crate::{AnySetupError, Edition};
use robo_core::PlayerId;
use std::io::{BufRead, Write};
use thiserror::Error;

/// One terminal game: which edition and game, which seat the person
/// plays, and how the others play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The edition.
    pub edition: Edition,
    /// A built-in course (looked up without case); `None` for the
    /// edition's default.
    pub course: Option<String>,
    /// Seats (2 to 6).
    pub players: u8,
    /// The seat the person plays (from 0, as `P0`).
    pub seat: u8,
    /// Seats played by people sharing the keyboard (hot seat), the screen
    /// cleared between them; empty for `seat` alone.
    pub seats: Vec<u8>,
    /// The game's seed; the bots' seeds derive from it.
    pub seed: u64,
    /// End without a winner after this many rounds (editions with a cap).
    pub max_rounds: Option<u16>,
    /// How the other seats play: a bot name of the edition
    /// ([`crate::bots`]).
    pub bots: String,
    /// Write every line read back into the output, so that a transcript
    /// of piped input reads like a session at the keyboard.
    pub echo: bool,
    /// A scenario file to start from (its course, robots and cards; the
    /// number of seats is the file's) instead of a new game.
    pub scenario: Option<std::path::PathBuf>,
    /// A game saved with `save FILE` to resume (its edition, seats, bots
    /// and seed are the file's).
    pub load: Option<std::path::PathBuf>,
    /// Where to write an HTML replay of the game when it ends.
    pub html: Option<std::path::PathBuf>,
    /// The terminal's width in characters (0: any): a board too wide for
    /// it is drawn compact.
    pub columns: usize,
}

impl Default for Config {
    /// A 2023 race of two robots on the default course, the person in
    /// seat 0, random bots, seed 1, no round cap.
    fn default() -> Self {
        Config {
            edition: Edition::V2023,
            course: None,
            players: 2,
            seat: 0,
            seats: Vec::new(),
            seed: 1,
            max_rounds: None,
            bots: "random".to_string(),
            echo: false,
            scenario: None,
            load: None,
            html: None,
            columns: 80,
        }
    }
}

impl Config {
    /// The seats people play: `seats`, or `seat` alone.
    ///
    /// ```
    /// use roborally::terminal::Config;
    /// use robo_core::PlayerId;
    /// let c = Config { seat: 1, ..Config::default() };
    /// assert_eq!(c.people(), [PlayerId(1)]);
    /// let c = Config { seats: vec![0, 2], ..Config::default() };
    /// assert_eq!(c.people(), [PlayerId(0), PlayerId(2)]);
    /// ```
    #[must_use]
    pub fn people(&self) -> Vec<PlayerId> {
        if self.seats.is_empty() {
            vec![PlayerId(self.seat)]
        } else {
            self.seats.iter().map(|&s| PlayerId(s)).collect()
        }
    }

    /// Who plays, for a game's first line: `you play P1` and the bots, or
    /// the seats people share at one keyboard (hot seat). `about_you`
    /// follows the one person's seat (their leader, say).
    ///
    /// ```
    /// use roborally::terminal::Config;
    /// let c = Config { seat: 1, ..Config::default() };
    /// assert_eq!(c.who_plays(3, "planner", ""), "you play P1, planner bots");
    /// let c = Config { seats: vec![0, 2], ..Config::default() };
    /// assert_eq!(
    ///     c.who_plays(3, "random", " (ignored)"),
    ///     "P0 and P2 play at this keyboard in turn (hot seat), random bots"
    /// );
    /// assert!(c.who_plays(2, "random", "").ends_with("(hot seat), no bots"));
    /// ```
    #[must_use]
    pub fn who_plays(&self, players: usize, bots: &str, about_you: &str) -> String {
        let people = self.people();
        let bots = if people.len() >= players {
            "no bots".to_string()
        } else {
            format!("{bots} bots")
        };
        match people.as_slice() {
            [you] => format!("you play {you}{about_you}, {bots}"),
            [rest @ .., last] => {
                let rest: Vec<String> = rest.iter().map(ToString::to_string).collect();
                format!(
                    "{} and {last} play at this keyboard in turn (hot seat), {bots}",
                    rest.join(", ")
                )
            }
            [] => bots,
        }
    }

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
    /// The course does not exist, or the edition has none.
    #[error(transparent)]
    Course(NewGameError),
    /// The game's setup is refused.
    #[error("the race cannot be set up: {0}")]
    Setup(AnySetupError),
    /// The person's seat is not a seat of the game.
    #[error("seat {seat} is not a seat of a {players}-player race")]
    Seat {
        /// The seat asked for.
        seat: u8,
        /// Seats in the game.
        players: u8,
    },
    /// The edition cannot be played at the keyboard (yet).
    #[error("the {0} edition cannot be played at the keyboard yet")]
    NoTerminal(Edition),
    /// The configuration names another edition than the one played.
    #[error("the configuration is for the {asked} edition, but this is a game of {played}")]
    Edition {
        /// The configuration's edition.
        asked: Edition,
        /// The edition played.
        played: Edition,
    },
    /// A bot name the edition does not have.
    #[error(transparent)]
    Bot(#[from] UnknownBot),
    /// The scenario file to start from cannot be used.
    #[error(transparent)]
    Scenario(#[from] crate::scenario::ScenarioError),
    /// A bot chose an action the game refused (a bug in the bot).
    #[error("{player}'s bot chose a refused action: {reason}")]
    BotRefused {
        /// Whose bot.
        player: PlayerId,
        /// The game's reason.
        reason: String,
    },
    /// A saved game that cannot be resumed: unreadable, or an action of it
    /// refused.
    #[error("cannot resume the saved game {0}")]
    Load(String),
    /// The HTML replay cannot be written.
    #[error("{0}")]
    Replay(String),
    /// The game waits for something nobody can answer (a bug in the game).
    #[error("the race waits for an answer nobody can give")]
    Stuck,
}

impl From<NewGameError> for TerminalError {
    fn from(e: NewGameError) -> Self {
        match e {
            NewGameError::Setup(s) => TerminalError::Setup(s),
            NewGameError::NotPlayable(edition) => TerminalError::NoTerminal(edition),
            other => TerminalError::Course(other),
        }
    }
}

/// The terminal client of an edition, as its [`Playable::terminal`]
/// gives it: [`run_terminal`] for that edition.
pub type TerminalFn =
    fn(&Config, &mut dyn BufRead, &mut dyn Write) -> Result<Finish, TerminalError>;

/// Plays `config` for an edition with a presenter, the other seats taken
/// by bots named `config.bots` from the registry.
///
/// # Errors
/// As [`play`].
pub fn run_terminal<G: TerminalEdition>(
    config: &Config,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<Finish, TerminalError> {
    let name = bots::canonical(G::EDITION, &config.bots)?;
    play_with::<G, _, _, _>(
        config,
        |seat| Ok(bots::typed::<G>(name, config.bot_seed(seat))?),
        input,
        output,
    )
}

struct Client<'a, 'i, 'o> {
    config: &'a Config,
    input: &'i mut dyn BufRead,
    output: &'o mut dyn Write,
}

impl Visit for Client<'_, '_, '_> {
    type Out = Result<Finish, TerminalError>;
    fn visit<G: Playable>(self) -> Self::Out {
        match G::terminal() {
            Some(run) => run(self.config, self.input, self.output),
            None => Err(TerminalError::NoTerminal(G::EDITION)),
        }
    }
}

/// Plays `config`'s game: the person in `config.seat` answers on `input`,
/// bots named `config.bots` play the other seats, and everything is
/// written to `output`.
///
/// # Errors
/// A [`TerminalError`]: an unknown course or bot, a bad seat, an edition
/// without a terminal client, or failed input/output. Bad typed answers
/// are never errors: they are asked again.
pub fn play<R: BufRead, W: Write>(
    config: &Config,
    mut input: R,
    mut output: W,
) -> Result<Finish, TerminalError> {
    let resumed;
    let config = match &config.load {
        Some(path) => {
            resumed = save::resumed_config(config, path)?;
            &resumed
        }
        None => config,
    };
    config
        .edition
        .visit(Client {
            config,
            input: &mut input,
            output: &mut output,
        })
        .unwrap_or(Err(TerminalError::NoTerminal(config.edition)))
}
