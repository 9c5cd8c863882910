//! The 2023 edition as the facade plays it: bots, new races, milestones
//! and batch tallies.

use super::grid::SeatCounts;
use super::{Milestone, NewGame, NewGameError, Playable};
use robo_core::protocol::RandomPolicy;
use robo_core::protocol::{Legal, Pending};
use robo_core::{Game, PlayerId, Policy};
use serde::Serialize;
use serde_json::value::RawValue;
use variant_2023::actions::{Action, Decision, Program};
use variant_2023::bots::Planner;
use variant_2023::courses;

/// The course of a 2023 game that names none (race, batch jobs, play):
/// Rush Hour, a beginner course with four checkpoints, so that a demo race
/// lasts more than a round or two (Milk Run, the engine's own default, has
/// one checkpoint).
pub const DEFAULT_COURSE: &str = "Rush Hour";
use variant_2023::{Event, Outcome, Race, Setup};

/// A 2023 batch job's count of damage cards drawn and falls, by seat.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    damage: SeatCounts,
    reboots: SeatCounts,
}

/// One robot's line of a batch result (fields in the documented order).
#[derive(Serialize)]
struct RobotTally {
    checkpoints: u8,
    damage: u32,
    reboots: u32,
}

/// A 2023 batch result.
#[derive(Serialize)]
struct RaceResult {
    seed: u64,
    winner: Option<u8>,
    rounds: u16,
    robots: Vec<RobotTally>,
}

/// A built-in course by name.
fn built_in(name: &str) -> Result<variant_2023::courses::Course, NewGameError> {
    super::grid::built_in(courses::course(name), courses::course_names())
}

impl Playable for Race {
    const TITLE: &'static str = "Robo Rally 2023";
    const BOTS: &'static [&'static str] = &["planner", "random"];
    type Tally = Tally;

    fn bot(name: &str, seed: u64) -> Option<Box<dyn Policy<Self>>> {
        match name {
            "planner" => Some(Box::new(Planner::new(seed))),
            "random" => Some(Box::new(RandomPolicy::new(seed))),
            _ => None,
        }
    }

    fn course_name(name: &str) -> Result<String, NewGameError> {
        Ok(built_in(name)?.name().to_string())
    }

    fn course_names() -> Vec<&'static str> {
        courses::course_names().collect()
    }

    fn new_setup(settings: &NewGame) -> Result<Setup, NewGameError> {
        let course = built_in(settings.course.as_deref().unwrap_or(DEFAULT_COURSE))?;
        let mut setup = Setup::new(course, settings.players);
        setup.max_rounds = settings.max_rounds;
        setup.priority = PlayerId(settings.priority);
        Ok(setup)
    }

    /// Act fast: programs left unfinished are filled at random.
    fn timed(setup: &mut Setup) -> Result<(), NewGameError> {
        setup.options.act_fast = true;
        Ok(())
    }

    /// The round, while programs are written under the act fast rule.
    fn clock(&self) -> Option<u64> {
        match self.pending() {
            Pending::Simultaneous {
                decision: Decision::Program,
                ..
            } if self.options().act_fast => Some(u64::from(self.round())),
            _ => None,
        }
    }

    /// A late program: the draft's cards stay where the player put them
    /// and the empty registers are filled at random from the hand
    /// ([`Action::TimeUp`]); a player putting cards back on the deck
    /// (Memory Swap) puts back the first card the rules allow.
    fn time_up(&self, player: PlayerId, draft: Option<&Action>) -> Option<Action> {
        self.clock()?;
        if !self.pending().is_waiting_for(player) {
            return None;
        }
        let mut legal = Vec::new();
        match self.legal_actions(player, &mut legal) {
            Legal::Complete => legal.into_iter().next(),
            Legal::TooMany => Some(Action::TimeUp(match draft {
                Some(Action::Program(p) | Action::TimeUp(p)) => p.clone(),
                _ => Program::default(),
            })),
        }
    }

    fn setting(&self) -> String {
        self.course().name().to_string()
    }

    fn standings(&self) -> String {
        let grid = self.grid_view();
        grid.robots
            .iter()
            .map(|r| {
                let energy = self.player(r.player).map_or(0, |p| p.energy());
                format!(
                    "{} {}/{} checkpoints {} energy",
                    r.player, r.checkpoints, grid.checkpoints, energy
                )
            })
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn milestone(event: &Event) -> Option<Milestone> {
        match *event {
            Event::RoundStarted { round } => Some(Milestone::RoundStarted(round)),
            Event::RegisterStarted { register } => Some(Milestone::RegisterStarted(register)),
            Event::GameOver { .. } => Some(Milestone::GameOver),
            _ => None,
        }
    }

    fn rounds(outcome: &Outcome) -> u16 {
        outcome.rounds
    }

    fn tally(tally: &mut Tally, event: &Event) {
        match event {
            Event::Damaged { player, .. } => tally.damage.add(*player, 1),
            Event::Fell { player, .. } => tally.reboots.add(*player, 1),
            _ => {}
        }
    }

    fn job_result(
        tally: Tally,
        game: &Self,
        outcome: &Outcome,
        seed: u64,
    ) -> Result<Box<RawValue>, String> {
        let robots = (0..game.seats())
            .map(|i| RobotTally {
                checkpoints: game
                    .player(PlayerId(i as u8))
                    .map_or(0, |p| p.checkpoints()),
                damage: tally.damage.get(i),
                reboots: tally.reboots.get(i),
            })
            .collect();
        let result = RaceResult {
            seed,
            winner: outcome.winner.map(|p| p.0),
            rounds: outcome.rounds,
            robots,
        };
        serde_json::value::to_raw_value(&result).map_err(|e| e.to_string())
    }

    grid_front_ends!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_races_take_the_default_course_and_name_the_courses_when_refused() {
        let race = Race::new_game(&NewGame {
            players: 3,
            seed: 4,
            max_rounds: Some(9),
            ..NewGame::default()
        })
        .unwrap();
        assert_eq!(race.setting(), DEFAULT_COURSE);
        assert_eq!(race.seats(), 3);
        let err = Race::new_game(&NewGame {
            course: Some("Nowhere".into()),
            players: 2,
            ..NewGame::default()
        })
        .unwrap_err()
        .to_string();
        assert!(err.contains("Nowhere") && err.contains("Milk Run"), "{err}");
        assert_eq!(Race::course_name("castle tour").unwrap(), "Castle Tour");
        let err = Race::new_game(&NewGame {
            players: 9,
            ..NewGame::default()
        })
        .unwrap_err();
        assert!(matches!(err, NewGameError::Setup(_)), "{err}");
    }

    #[test]
    fn the_first_priority_holder_is_a_setting() {
        let settings = |priority| NewGame {
            players: 3,
            seed: 4,
            priority,
            ..NewGame::default()
        };
        let race = Race::new_game(&settings(2)).unwrap();
        assert_eq!(race.priority(), PlayerId(2));
        assert_eq!(
            Race::new_game(&settings(0)).unwrap().priority(),
            PlayerId(0)
        );
        let err = Race::new_game(&settings(3)).unwrap_err();
        assert!(err.to_string().contains("priority"), "{err}");
    }

    #[test]
    fn standings_name_every_seat() {
        let race = Race::new_game(&NewGame {
            players: 2,
            seed: 1,
            ..NewGame::default()
        })
        .unwrap();
        assert_eq!(
            race.standings(),
            "P0 0/4 checkpoints 3 energy | P1 0/4 checkpoints 3 energy"
        );
    }
}
