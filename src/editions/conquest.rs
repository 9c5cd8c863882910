//! The conquest game as the facade plays it: bots, new games, milestones
//! and batch tallies. It has no grid: it races through the plain driver
//! and replays on its map ([`crate::race::MapRecorder`]).

use super::{Edition, Milestone, NewGame, NewGameError, Playable, SPECTATOR};
use robo_core::protocol::Outcome as _;
use robo_core::{Game, PlayerId, Policy};
use serde::Serialize;
use serde_json::value::RawValue;
use variant_conquest::bots::{GreedyBot, RandomBot};
use variant_conquest::{Action, Conquest, ConquestOutcome, Event, Setup};

/// One side's line of a batch result.
#[derive(Serialize)]
struct SideTally {
    zones: u8,
    robots: u32,
}

/// A conquest batch result.
#[derive(Serialize)]
struct ConquestResult {
    seed: u64,
    winners: Vec<u8>,
    rounds: u8,
    players: Vec<SideTally>,
}

impl Playable for Conquest {
    const TITLE: &'static str = "Transformers conquest";
    const BOTS: &'static [&'static str] = &["greedy", "random"];
    type Tally = ();

    fn bot(name: &str, seed: u64) -> Option<Box<dyn Policy<Self>>> {
        match name {
            "greedy" => Some(Box::new(GreedyBot::new(seed))),
            "random" => Some(Box::new(RandomBot::new(seed))),
            _ => None,
        }
    }

    fn course_name(_: &str) -> Result<String, NewGameError> {
        Err(NewGameError::NoCourses(Edition::Conquest))
    }

    /// The Cybertron map for `players`; a course is refused and the round
    /// cap does not apply (the game has its own number of days).
    fn new_setup(settings: &NewGame) -> Result<Setup, NewGameError> {
        if settings.course.is_some() {
            return Err(NewGameError::NoCourses(Edition::Conquest));
        }
        // No priority token: the setting names the first player.
        Ok(Setup {
            first: settings.priority,
            ..Setup::for_players(usize::from(settings.players))
        })
    }

    /// A drawn card is seen only by who drew it.
    fn event_seen_by(event: &Event, viewer: Option<PlayerId>) -> Event {
        event.seen_by(viewer.unwrap_or(SPECTATOR))
    }

    /// A turn timer: the setup is the same; the server's clock runs per
    /// turn ([`Playable::clock`]) and plays [`Playable::time_up`].
    fn timed(_: &mut Setup) -> Result<(), NewGameError> {
        Ok(())
    }

    /// The turn: one period per player's turn (and per claim or setup
    /// robot before day 1), defences included.
    fn clock(&self) -> Option<u64> {
        if self.pending().is_terminal() {
            return None;
        }
        Some(u64::from(self.round()) << 8 | u64::from(self.turn().0))
    }

    /// The turn timer's default: end the phase when the rules allow it
    /// (`Done`), else the first legal action in the engine's order (the
    /// lowest zone for a robot to place, the fewest dice to defend or
    /// move in with).
    fn time_up(&self, player: PlayerId, _draft: Option<&Action>) -> Option<Action> {
        let mut legal = Vec::new();
        self.legal_actions(player, &mut legal);
        if legal.contains(&Action::Done) {
            return Some(Action::Done);
        }
        legal.into_iter().next()
    }

    fn setting(&self) -> String {
        self.map().name().to_string()
    }

    /// `Optimus Prime 12 zones  30 robots | ...`, as the conquest example
    /// prints its days.
    fn standings(&self) -> String {
        self.players()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                format!(
                    "{} {:>2} zones {:>3} robots",
                    p.leader,
                    p.held.len(),
                    self.robots_on_map(PlayerId(i as u8))
                )
            })
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn milestone(event: &Event) -> Option<Milestone> {
        match event {
            Event::RoundStarted { round } => Some(Milestone::RoundStarted(u16::from(*round))),
            Event::GameOver(_) => Some(Milestone::GameOver),
            _ => None,
        }
    }

    fn rounds(outcome: &ConquestOutcome) -> u16 {
        u16::from(outcome.round)
    }

    fn tally((): &mut (), _: &Event) {}

    fn job_result(
        (): (),
        game: &Self,
        outcome: &ConquestOutcome,
        seed: u64,
    ) -> Result<Box<RawValue>, String> {
        let players = (0..game.players().len())
            .map(|i| SideTally {
                zones: game.players()[i].held.len() as u8,
                robots: game.robots_on_map(PlayerId(i as u8)),
            })
            .collect();
        let result = ConquestResult {
            seed,
            winners: outcome.winners().iter().map(|p| p.0).collect(),
            rounds: outcome.round,
            players,
        };
        serde_json::value::to_raw_value(&result).map_err(|e| e.to_string())
    }

    fn terminal() -> Option<crate::terminal::TerminalFn> {
        Some(crate::terminal::run_terminal::<Self>)
    }

    fn replay_recorder(
        game: &Self,
        names: &[String],
    ) -> Option<Box<dyn crate::viewer::ReplayRecorder<Self>>> {
        let title = format!("{}: {}", Self::TITLE, game.setting());
        Some(Box::new(crate::race::MapRecorder::new(game, title, names)))
    }
}
