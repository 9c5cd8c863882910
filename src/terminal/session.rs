//! The loop: ask the race what it waits for, let bots answer for their
//! seats, and ask the person for theirs.

use super::board::{draw_board, draw_mat, draw_robots, robot_legend, LEGEND};
use super::events::describe;
use super::program::refusal;
use super::{Config, TerminalError};
use robo_core::protocol::{Legal, Pending};
use robo_core::{Game, PlayerId, Policy, Rng};
use std::io::{BufRead, Write};
use variant_2023::courses::{self, Course};
use variant_2023::{Action, Decision, Event, Race, Setup, View};

/// How a terminal game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finish {
    /// A robot reached the last checkpoint.
    Won {
        /// The winner.
        winner: PlayerId,
        /// Rounds played.
        rounds: u16,
    },
    /// The round cap ended the race without a winner.
    RoundCap {
        /// Rounds played.
        rounds: u16,
    },
    /// The input ended before the race did.
    InputEnded {
        /// The round it ended in.
        round: u16,
    },
    /// The person typed `quit`.
    Quit {
        /// The round they left in.
        round: u16,
    },
    /// A bot gave up (its policy had no action).
    Resigned(PlayerId),
}

/// Plays `config`'s race: the person in `config.seat` answers on `input`,
/// bots of `config.bots` play the other seats, and everything is written to
/// `output`.
///
/// # Errors
/// A [`TerminalError`]: an unknown course, a bad seat, a bot kind that is
/// not available, or failed input/output. Bad typed answers are never
/// errors: they are asked again.
pub fn play<R: BufRead, W: Write>(
    config: &Config,
    input: R,
    output: W,
) -> Result<Finish, TerminalError> {
    let kind = config.bots;
    play_with(
        config,
        |seat| Ok(kind.policy(config.bot_seed(seat))),
        input,
        output,
    )
}

/// As [`play`], with the bots made by `make_bot` (called once per seat the
/// person does not play), so any [`Policy`] can sit at the table.
///
/// # Errors
/// As [`play`], and whatever `make_bot` returns.
pub fn play_with<R, W, F>(
    config: &Config,
    mut make_bot: F,
    input: R,
    output: W,
) -> Result<Finish, TerminalError>
where
    R: BufRead,
    W: Write,
    F: FnMut(PlayerId) -> Result<Box<dyn Policy<Race>>, TerminalError>,
{
    let race = match &config.scenario {
        Some(path) => crate::scenario::load_2023(path)?.0,
        None => {
            let course = courses::course(&config.course)?;
            let mut setup = Setup::new(course, config.players);
            setup.max_rounds = config.max_rounds;
            Race::new(setup, config.seed)?
        }
    };
    let players = race.seats() as u8;
    if config.seat >= players {
        return Err(TerminalError::Seat {
            seat: config.seat,
            players,
        });
    }
    let course = race.course().clone();
    let you = PlayerId(config.seat);
    let mut bots = Vec::new();
    for s in 0..players {
        let seat = PlayerId(s);
        bots.push(if seat == you {
            None
        } else {
            Some(make_bot(seat)?)
        });
    }
    let mut session = Session {
        race,
        course,
        you,
        bots,
        input,
        out: output,
        echo: config.echo,
        rng: Rng::from_seed(config.bot_seed(you)),
    };
    session.intro(config)?;
    session.run()
}

/// What the person's answer did.
pub(super) enum Step {
    /// The race went on.
    Went,
    /// The session is over.
    Over(Finish),
}

/// One line of input, read.
pub(super) enum Line {
    /// Something to act on, trimmed.
    Text(String),
    /// End of input.
    End,
}

pub(super) struct Session<R, W> {
    pub(super) race: Race,
    pub(super) course: Course,
    pub(super) you: PlayerId,
    pub(super) bots: Vec<Option<Box<dyn Policy<Race>>>>,
    pub(super) input: R,
    pub(super) out: W,
    pub(super) echo: bool,
    /// For `random` programs; seeded from the game's seed.
    pub(super) rng: Rng,
}

const HELP: &str = "\
How to answer:
  a numbered list: type the number of your choice, or its short form
    (`done`, `face N`, `start (1,12)`, `brake`, ...), or `random`.
  a program: hand numbers, one per open register, like `3 1 4 2 5`.
    A number is one card: typing it twice is refused.
    A register holding a face-down Haywire is not open: leave it out
    (`3 1 4 2`), or type all five with `h` in its place (`3 h 1 4 2`).
    `3+7` puts a Crab Legs pair (a rotate card and a Move 1) in one register.
    `-` leaves a register empty (only when your hand has run out).
    `| 6 8` after the registers keeps cards 6 and 8 on Memory Cards.
    `random` programs at random; `o1`, `o2`, ... choose the other answers listed.
  anywhere: `board` draws the board again, `help` shows this, `quit` leaves.";

impl<R: BufRead, W: Write> Session<R, W> {
    fn intro(&mut self, config: &Config) -> Result<(), TerminalError> {
        writeln!(
            self.out,
            "Robo Rally 2023 on {}: {} robots, you play {}, {} bots, seed {}{}.",
            self.course.name(),
            config.players,
            self.you,
            config.bots,
            config.seed,
            match config.max_rounds {
                Some(n) => format!(", at most {n} rounds"),
                None => String::new(),
            }
        )?;
        let goal = match self.course.checkpoints().len() {
            1 => "Reach checkpoint 1 to win.".to_string(),
            n => format!("Reach checkpoints 1 to {n} in order to win."),
        };
        writeln!(self.out, "{goal} Type `help` at any prompt.")?;
        Ok(())
    }

    fn run(&mut self) -> Result<Finish, TerminalError> {
        loop {
            let step = match self.race.pending() {
                Pending::Terminal(outcome) => {
                    let view = self.race.view(self.you);
                    self.show_board(&view)?;
                    let finish = match outcome.winner {
                        Some(w) => {
                            writeln!(
                                self.out,
                                "{w}{} wins the race after {}.",
                                if w == self.you { " (you)" } else { "" },
                                rounds_text(outcome.rounds)
                            )?;
                            Finish::Won {
                                winner: w,
                                rounds: outcome.rounds,
                            }
                        }
                        None => {
                            writeln!(
                                self.out,
                                "Nobody wins: the round cap ended the race after {}.",
                                rounds_text(outcome.rounds)
                            )?;
                            Finish::RoundCap {
                                rounds: outcome.rounds,
                            }
                        }
                    };
                    return Ok(finish);
                }
                Pending::Decision { player, decision } => {
                    if player == self.you {
                        self.person(decision)?
                    } else {
                        self.bot(player)?
                    }
                }
                Pending::Simultaneous { players, decision } => {
                    // Bots answer first, so the register resolves right
                    // after the person's answer.
                    if let Some(&bot) = players.iter().find(|p| **p != self.you) {
                        self.bot(bot)?
                    } else if players.contains(&self.you) {
                        self.person(decision)?
                    } else {
                        return Err(TerminalError::Stuck);
                    }
                }
            };
            if let Step::Over(finish) = step {
                return Ok(finish);
            }
        }
    }

    fn bot(&mut self, player: PlayerId) -> Result<Step, TerminalError> {
        let Some(bot) = self.bots.get_mut(player.index()).and_then(Option::as_mut) else {
            return Err(TerminalError::Stuck);
        };
        let Some(action) = bot.choose(&self.race, player) else {
            writeln!(self.out, "{player}'s bot gives up.")?;
            return Ok(Step::Over(Finish::Resigned(player)));
        };
        match self.race.apply(player, action) {
            Ok(events) => {
                self.print_events(&events)?;
                Ok(Step::Went)
            }
            Err(e) => Err(TerminalError::BotRefused {
                player,
                reason: e.to_string(),
            }),
        }
    }

    fn print_events(&mut self, events: &[Event]) -> Result<(), TerminalError> {
        for e in events {
            writeln!(self.out, "  {}", describe(e))?;
        }
        Ok(())
    }

    pub(super) fn show_board(&mut self, view: &View) -> Result<(), TerminalError> {
        write!(self.out, "{}", draw_board(&self.course, view))?;
        writeln!(self.out, "{}\n{LEGEND}", robot_legend(self.you))?;
        write!(self.out, "{}", draw_robots(view))?;
        Ok(())
    }

    /// Reads the next line to act on, skipping blank lines and `#`
    /// comments.
    pub(super) fn read(&mut self, prompt: &str) -> Result<Line, TerminalError> {
        loop {
            write!(self.out, "{prompt}> ")?;
            self.out.flush()?;
            let mut buf = String::new();
            if self.input.read_line(&mut buf)? == 0 {
                writeln!(self.out)?;
                return Ok(Line::End);
            }
            let line = buf.trim();
            if self.echo {
                writeln!(self.out, "{line}")?;
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            return Ok(Line::Text(line.to_string()));
        }
    }

    pub(super) fn bad(&mut self, why: &str) -> Result<(), TerminalError> {
        writeln!(self.out, "Not accepted: {why}. Try again.")?;
        Ok(())
    }

    /// The person's turn: a program, or a choice from a list.
    fn person(&mut self, decision: Decision) -> Result<Step, TerminalError> {
        let mut options = Vec::new();
        match self.race.legal_actions(self.you, &mut options) {
            Legal::TooMany => self.program(options),
            Legal::Complete => self.choose(decision, options),
        }
    }

    /// A command every prompt understands; `Some` when the line was one.
    pub(super) fn command(
        &mut self,
        line: &str,
        view: &View,
    ) -> Result<Option<Step>, TerminalError> {
        match line.to_ascii_lowercase().as_str() {
            "help" | "?" => writeln!(self.out, "{HELP}")?,
            "board" => {
                self.show_board(view)?;
                write!(self.out, "{}", draw_mat(view))?;
            }
            "quit" | "exit" => {
                writeln!(self.out, "You leave the race in round {}.", view.round)?;
                return Ok(Some(Step::Over(Finish::Quit { round: view.round })));
            }
            _ => return Ok(None),
        }
        Ok(Some(Step::Went))
    }

    pub(super) fn input_ended(&mut self) -> Result<Step, TerminalError> {
        let round = self.race.round();
        writeln!(self.out, "Input ended in round {round}: leaving the race.")?;
        Ok(Step::Over(Finish::InputEnded { round }))
    }

    /// Applies the person's action, printing `accepted` and then the
    /// events; the refusal in words on failure.
    pub(super) fn answer(
        &mut self,
        action: Action,
        view: &View,
        accepted: Option<String>,
    ) -> Result<Result<(), String>, TerminalError> {
        match self.race.apply(self.you, action) {
            Ok(events) => {
                if let Some(line) = accepted {
                    writeln!(self.out, "{line}")?;
                }
                self.print_events(&events)?;
                Ok(Ok(()))
            }
            Err(e) => Ok(Err(refusal(&e, view))),
        }
    }
}

/// `1 round`, `7 rounds`.
fn rounds_text(n: u16) -> String {
    if n == 1 {
        "1 round".to_string()
    } else {
        format!("{n} rounds")
    }
}
