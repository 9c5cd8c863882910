//! The loop, written once for every edition: ask the game what it waits
//! for, let bots answer for their seats, and ask the person for theirs
//! through the edition's [`Presenter`].

use super::present::{Presenter, TerminalEdition};
use super::{Config, TerminalError};
use crate::editions::NewGame;
use robo_core::protocol::{Legal, Pending};
use robo_core::{Game, PlayerId, Policy, Rng};
use std::io::{BufRead, Write};

/// How a terminal game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finish {
    /// One seat won.
    Won {
        /// The winner.
        winner: PlayerId,
        /// Rounds played.
        rounds: u16,
    },
    /// Several seats won together (allies, or a shared win).
    Shared {
        /// The winners.
        winners: Vec<PlayerId>,
        /// Rounds played.
        rounds: u16,
    },
    /// The round cap ended the race without a winner.
    RoundCap {
        /// Rounds played.
        rounds: u16,
    },
    /// The input ended before the game did.
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

/// Plays `config`'s game of `G`: the person in `config.seat` answers on
/// `input`, bots made by `make_bot` (called once per seat the person does
/// not play) play the others, and everything is written to `output`. Any
/// [`Policy`] can sit at the table.
///
/// # Errors
/// A [`TerminalError`]: an unknown course, a bad seat, a refused setup,
/// `config.edition` not `G`'s, failed input/output, or whatever
/// `make_bot` returns. Bad typed answers are never errors: they are asked
/// again.
pub fn play_with<G, R, W, F>(
    config: &Config,
    mut make_bot: F,
    input: R,
    output: W,
) -> Result<Finish, TerminalError>
where
    G: TerminalEdition,
    R: BufRead,
    W: Write,
    F: FnMut(PlayerId) -> Result<Box<dyn Policy<G>>, TerminalError>,
{
    if config.edition != G::EDITION {
        return Err(TerminalError::Edition {
            asked: config.edition,
            played: G::EDITION,
        });
    }
    let game: G = match &config.scenario {
        Some(path) => crate::scenario::load::<G>(path)?,
        None => G::new_game(&NewGame {
            course: config.course.clone(),
            players: config.players,
            seed: config.seed,
            max_rounds: config.max_rounds,
        })?,
    };
    let players = game.num_players() as u8;
    if config.seat >= players {
        return Err(TerminalError::Seat {
            seat: config.seat,
            players,
        });
    }
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
        presenter: G::presenter(&game, you),
        game,
        you,
        bots,
        input,
        out: output,
        echo: config.echo,
        rng: Rng::from_seed(config.bot_seed(you)),
    };
    let intro = session.presenter.intro(&session.game, config);
    write!(session.out, "{intro}")?;
    session.run()
}

/// What the person's answer did.
pub(super) enum Step {
    /// The game went on.
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

pub(super) struct Session<G: Game, P, R, W> {
    pub(super) game: G,
    pub(super) presenter: P,
    pub(super) you: PlayerId,
    pub(super) bots: Vec<Option<Box<dyn Policy<G>>>>,
    pub(super) input: R,
    pub(super) out: W,
    pub(super) echo: bool,
    /// For `random` answers; seeded from the game's seed.
    pub(super) rng: Rng,
}

impl<G: Game, P: Presenter<G>, R: BufRead, W: Write> Session<G, P, R, W> {
    fn run(&mut self) -> Result<Finish, TerminalError> {
        loop {
            let step = match self.game.pending() {
                Pending::Terminal(outcome) => {
                    let view = self.game.view(self.you);
                    self.show_board(&view)?;
                    let (line, finish) = self.presenter.finish(&outcome, self.you);
                    writeln!(self.out, "{line}")?;
                    return Ok(finish);
                }
                Pending::Decision { player, decision } => {
                    if player == self.you {
                        self.person(&decision)?
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
                        self.person(&decision)?
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
        let Some(action) = bot.choose(&self.game, player) else {
            writeln!(self.out, "{player}'s bot gives up.")?;
            return Ok(Step::Over(Finish::Resigned(player)));
        };
        match self.game.apply(player, action) {
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

    fn print_events(&mut self, events: &[G::Event]) -> Result<(), TerminalError> {
        for e in events {
            if let Some(line) = self.presenter.describe(e) {
                writeln!(self.out, "  {line}")?;
            }
        }
        Ok(())
    }

    pub(super) fn show_board(&mut self, view: &G::View) -> Result<(), TerminalError> {
        write!(self.out, "{}", self.presenter.draw(view))?;
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

    /// The person's turn: a program (a decision with too many options to
    /// list), or a choice from a list.
    fn person(&mut self, decision: &G::Decision) -> Result<Step, TerminalError> {
        let mut options = Vec::new();
        match self.game.legal_actions(self.you, &mut options) {
            Legal::TooMany => self.program(options),
            Legal::Complete => self.choose(decision, options),
        }
    }

    /// A command every prompt understands; `Some` when the line was one.
    pub(super) fn command(
        &mut self,
        line: &str,
        view: &G::View,
    ) -> Result<Option<Step>, TerminalError> {
        match line.to_ascii_lowercase().as_str() {
            "help" | "?" => writeln!(self.out, "{}", self.presenter.help())?,
            "board" => {
                self.show_board(view)?;
                write!(self.out, "{}", self.presenter.draw_own(view))?;
            }
            "quit" | "exit" => {
                let round = self.presenter.round(view);
                writeln!(
                    self.out,
                    "You leave the {} in round {round}.",
                    self.presenter.noun()
                )?;
                return Ok(Some(Step::Over(Finish::Quit { round })));
            }
            _ => return Ok(None),
        }
        Ok(Some(Step::Went))
    }

    pub(super) fn input_ended(&mut self) -> Result<Step, TerminalError> {
        let round = self.presenter.round(&self.game.view(self.you));
        writeln!(
            self.out,
            "Input ended in round {round}: leaving the {}.",
            self.presenter.noun()
        )?;
        Ok(Step::Over(Finish::InputEnded { round }))
    }

    /// Applies the person's action, printing `accepted` and then the
    /// events; the refusal in words on failure.
    pub(super) fn answer(
        &mut self,
        action: G::Action,
        view: &G::View,
        accepted: Option<String>,
    ) -> Result<Result<(), String>, TerminalError> {
        match self.game.apply(self.you, action) {
            Ok(events) => {
                if let Some(line) = accepted {
                    writeln!(self.out, "{line}")?;
                }
                self.print_events(&events)?;
                Ok(Ok(()))
            }
            Err(e) => Ok(Err(self.presenter.refusal(&e, view))),
        }
    }
}

/// `1 round`, `7 rounds`.
pub(super) fn rounds_text(n: u16) -> String {
    if n == 1 {
        "1 round".to_string()
    } else {
        format!("{n} rounds")
    }
}
