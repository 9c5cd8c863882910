//! The loop, written once for every edition: ask the game what it waits
//! for, let bots answer for their seats, and ask the people for theirs
//! through the edition's [`Presenter`].

use super::present::{Presenter, TerminalEdition};
use super::save::{self, SaveFile};
use super::{Config, TerminalError};
use crate::editions::NewGame;
use crate::viewer::ReplayRecorder;
use robo_core::protocol::{Legal, Pending};
use robo_core::{PlayerId, Policy, Rng};
use std::io::{BufRead, Write};

/// Clears a terminal screen and puts the cursor at the top (ANSI).
pub const CLEAR_SCREEN: &str = "\x1b[2J\x1b[H";

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

/// Plays `config`'s game of `G`: the people in `config.people()` answer
/// on `input`, bots made by `make_bot` (called once per seat nobody plays)
/// play the others, and everything is written to `output`. Any [`Policy`]
/// can sit at the table.
///
/// # Errors
/// A [`TerminalError`]: an unknown course, a bad seat, a refused setup,
/// `config.edition` not `G`'s, a save that cannot be read, failed
/// input/output, or whatever `make_bot` returns. Bad typed answers are
/// never errors: they are asked again.
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
    let (start, actions) = match (&config.load, &config.scenario) {
        (Some(path), _) => {
            let saved: SaveFile<G> = save::load(path)?;
            (saved.start, saved.actions)
        }
        (None, Some(path)) => (crate::scenario::load::<G>(path)?, Vec::new()),
        (None, None) => (
            G::new_game(&NewGame {
                course: config.course.clone(),
                players: config.players,
                seed: config.seed,
                max_rounds: config.max_rounds,
                priority: 0,
            })?,
            Vec::new(),
        ),
    };
    let players = start.num_players() as u8;
    let people = config.people();
    if let Some(&bad) = people.iter().find(|p| p.0 >= players) {
        return Err(TerminalError::Seat {
            seat: bad.0,
            players,
        });
    }
    let mut bots = Vec::new();
    for s in 0..players {
        let seat = PlayerId(s);
        bots.push(if people.contains(&seat) {
            None
        } else {
            Some(make_bot(seat)?)
        });
    }
    let names: Vec<String> = (0..players)
        .map(|s| {
            let who = if people.contains(&PlayerId(s)) {
                "person"
            } else {
                config.bots.as_str()
            };
            format!("P{s} {who}")
        })
        .collect();
    let mut recorder = config
        .html
        .as_ref()
        .and_then(|_| G::replay_recorder(&start, &names));
    let mut presenters: Vec<(PlayerId, G::Presenter)> = people
        .iter()
        .map(|&p| (p, G::presenter(&start, p, config.columns)))
        .collect();
    // A loaded game is replayed, each action checked; the presenters and
    // the replay follow it.
    let mut game = start.clone();
    for (i, (player, action)) in actions.iter().enumerate() {
        let events = game.apply(*player, action.clone()).map_err(|e| {
            TerminalError::Load(format!(
                "{}: action {} of the save is refused: {e}",
                config
                    .load
                    .as_deref()
                    .unwrap_or(std::path::Path::new("?"))
                    .display(),
                i + 1
            ))
        })?;
        if let Some(r) = recorder.as_mut() {
            r.observe(&game, &events);
        }
        for (_, pr) in &mut presenters {
            let _ = pr.tell(&events);
        }
    }
    let mut session = Session {
        game,
        people: presenters,
        at_keyboard: None,
        bots,
        input,
        out: output,
        echo: config.echo,
        rng: Rng::from_seed(config.bot_seed(people[0])),
        start,
        actions,
        recorder,
        config: config.clone(),
    };
    let intro = session.people[0].1.intro(&session.game, config);
    write!(session.out, "{intro}")?;
    if config.load.is_some() {
        writeln!(
            session.out,
            "Resumed from the save ({} actions replayed).",
            session.actions.len()
        )?;
    }
    let finish = session.run();
    session.write_replay()?;
    finish
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

/// An answer typed at a prompt, the commands every prompt understands
/// already done.
pub(super) enum Answer {
    /// A line to read as an answer.
    Text(String),
    /// The session is over (`quit`, the end of input).
    Over(Step),
}

pub(super) struct Session<G: TerminalEdition, R, W> {
    pub(super) game: G,
    /// The seats people play, each with its presenter.
    pub(super) people: Vec<(PlayerId, G::Presenter)>,
    /// Which of `people` is at the keyboard (hot seat).
    pub(super) at_keyboard: Option<usize>,
    pub(super) bots: Vec<Option<Box<dyn Policy<G>>>>,
    pub(super) input: R,
    pub(super) out: W,
    pub(super) echo: bool,
    /// For `random` answers; seeded from the game's seed.
    pub(super) rng: Rng,
    /// The game when the session (or the saved game) began.
    pub(super) start: G,
    /// Every action since `start`.
    pub(super) actions: Vec<(PlayerId, G::Action)>,
    pub(super) recorder: Option<Box<dyn ReplayRecorder<G>>>,
    pub(super) config: Config,
}

impl<G: TerminalEdition, R: BufRead, W: Write> Session<G, R, W> {
    /// The seat at the keyboard now.
    pub(super) fn you(&self) -> PlayerId {
        self.people[self.at_keyboard.unwrap_or(0)].0
    }

    /// The presenter of the person at the keyboard.
    pub(super) fn presenter(&mut self) -> &mut G::Presenter {
        let k = self.at_keyboard.unwrap_or(0);
        &mut self.people[k].1
    }

    fn run(&mut self) -> Result<Finish, TerminalError> {
        loop {
            let step = match self.game.pending() {
                Pending::Terminal(outcome) => {
                    let you = self.you();
                    let view = self.game.view(you);
                    self.show_board(&view)?;
                    let (line, finish) = self.presenter().finish(&outcome, you);
                    writeln!(self.out, "{line}")?;
                    return Ok(finish);
                }
                Pending::Decision { player, decision } => {
                    if self.is_person(player) {
                        self.person(player, &decision)?
                    } else {
                        self.bot(player)?
                    }
                }
                Pending::Simultaneous { players, decision } => {
                    // Bots answer first, so the register resolves right
                    // after the last person's answer.
                    if let Some(&bot) = players.iter().find(|p| !self.is_person(**p)) {
                        self.bot(bot)?
                    } else if let Some(&p) = players.first() {
                        self.person(p, &decision)?
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

    pub(super) fn is_person(&self, p: PlayerId) -> bool {
        self.people.iter().any(|(q, _)| *q == p)
    }

    pub(super) fn bot(&mut self, player: PlayerId) -> Result<Step, TerminalError> {
        let Some(bot) = self.bots.get_mut(player.index()).and_then(Option::as_mut) else {
            return Err(TerminalError::Stuck);
        };
        let Some(action) = bot.choose(&self.game, player) else {
            writeln!(self.out, "{player}'s bot gives up.")?;
            return Ok(Step::Over(Finish::Resigned(player)));
        };
        match self.game.apply(player, action.clone()) {
            Ok(events) => {
                self.record(player, action, &events);
                self.print_events(&events)?;
                Ok(Step::Went)
            }
            Err(e) => Err(TerminalError::BotRefused {
                player,
                reason: e.to_string(),
            }),
        }
    }

    /// Keeps an accepted action for saves and the replay.
    fn record(&mut self, player: PlayerId, action: G::Action, events: &[G::Event]) {
        self.actions.push((player, action));
        if let Some(r) = self.recorder.as_mut() {
            r.observe(&self.game, events);
        }
    }

    /// Tells every presenter the events; prints what the one at the
    /// keyboard makes of them.
    fn print_events(&mut self, events: &[G::Event]) -> Result<(), TerminalError> {
        let k = self.at_keyboard.unwrap_or(0);
        let mut lines = Vec::new();
        for (i, (_, p)) in self.people.iter_mut().enumerate() {
            let told = p.tell(events);
            if i == k {
                lines = told;
            }
        }
        for line in lines {
            writeln!(self.out, "  {line}")?;
        }
        Ok(())
    }

    pub(super) fn show_board(&mut self, view: &G::View) -> Result<(), TerminalError> {
        let text = self.presenter().draw(view);
        write!(self.out, "{text}")?;
        Ok(())
    }

    /// A person's turn: a program (a decision with too many options to
    /// list), a guided choice, or a choice from a list.
    fn person(&mut self, player: PlayerId, decision: &G::Decision) -> Result<Step, TerminalError> {
        if let Some(step) = self.hand_over(player)? {
            return Ok(step);
        }
        let mut options = Vec::new();
        let legal = self.game.legal_actions(player, &mut options);
        let view = self.game.view(player);
        let guided = match legal {
            Legal::TooMany => self.game.every_action(player),
            Legal::Complete => Some(options.clone()),
        }
        .filter(|all| {
            !all.is_empty() && {
                let p = &self.people[self.at_keyboard.unwrap_or(0)].1;
                all.iter().all(|a| !p.facets(a, &view).is_empty())
            }
        });
        match (guided, legal) {
            (Some(all), _) => self.guided(decision, all),
            (None, Legal::TooMany) => self.program(options),
            (None, Legal::Complete) => self.choose(decision, options),
        }
    }

    /// Applies the person's action, printing `accepted` and then the
    /// events; the refusal in words on failure.
    pub(super) fn answer(
        &mut self,
        action: G::Action,
        view: &G::View,
        accepted: Option<String>,
    ) -> Result<Result<(), String>, TerminalError> {
        let you = self.you();
        match self.game.apply(you, action.clone()) {
            Ok(events) => {
                if let Some(line) = accepted {
                    writeln!(self.out, "{line}")?;
                }
                self.record(you, action, &events);
                self.print_events(&events)?;
                Ok(Ok(()))
            }
            Err(e) => Ok(Err(self.presenter().refusal(&e, view))),
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

/// The closing line of a grid race and how it ended: `winner` after
/// `rounds`, or the round cap (`you` is the person's seat).
pub(super) fn race_finish(
    winner: Option<PlayerId>,
    rounds: u16,
    you: PlayerId,
) -> (String, Finish) {
    match winner {
        Some(w) => (
            format!(
                "{w}{} wins the race after {}.",
                if w == you { " (you)" } else { "" },
                rounds_text(rounds)
            ),
            Finish::Won { winner: w, rounds },
        ),
        None => (
            format!(
                "Nobody wins: the round cap ended the race after {}.",
                rounds_text(rounds)
            ),
            Finish::RoundCap { rounds },
        ),
    }
}
