//! The classic edition as the facade plays it: bots, new games, milestones
//! and batch tallies.

use super::{Milestone, NewGame, NewGameError, Playable};
use robo_core::protocol::RandomPolicy;
use robo_core::{PlayerId, Policy};
use serde::Serialize;
use serde_json::value::RawValue;
use variant_classic::bots::Planner;
use variant_classic::courses::{self, DEFAULT_COURSE};
use variant_classic::{Event, Outcome, Race, Setup};

/// A classic batch job's count of damage tokens taken and robots
/// destroyed, by seat.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    damage: Vec<u32>,
    destroyed: Vec<u32>,
}

fn add(counts: &mut Vec<u32>, player: PlayerId, n: u32) {
    if counts.len() <= player.index() {
        counts.resize(player.index() + 1, 0);
    }
    counts[player.index()] += n;
}

/// One robot's line of a batch result.
#[derive(Serialize)]
struct RobotTally {
    flags: u8,
    lives: u8,
    damage: u32,
    destroyed: u32,
}

/// A classic batch result.
#[derive(Serialize)]
struct GameResult {
    seed: u64,
    winner: Option<u8>,
    rounds: u16,
    robots: Vec<RobotTally>,
}

/// The built-in course names, for messages.
pub(crate) fn course_list() -> String {
    courses::course_names().collect::<Vec<_>>().join(", ")
}

fn built_in(name: &str) -> Result<courses::Course, NewGameError> {
    courses::course(name).map_err(|e| NewGameError::UnknownCourse {
        message: e.to_string(),
        known: course_list(),
    })
}

impl Playable for Race {
    const TITLE: &'static str = "RoboRally classic";
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

    fn new_setup(settings: &NewGame) -> Result<Setup, NewGameError> {
        let course = built_in(settings.course.as_deref().unwrap_or(DEFAULT_COURSE))?;
        let mut setup = Setup::new(course, settings.players);
        setup.max_rounds = settings.max_rounds;
        Ok(setup)
    }

    fn setting(&self) -> String {
        self.course().name().to_string()
    }

    fn standings(&self) -> String {
        let flags = self.course().checkpoints().len();
        self.robots()
            .iter()
            .enumerate()
            .map(|(i, r)| {
                format!(
                    "P{i} {}/{flags} flags {} damage {} lives",
                    r.flags, r.damage, r.lives
                )
            })
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn milestone(event: &Event) -> Option<Milestone> {
        match *event {
            Event::TurnStarted { round } => Some(Milestone::RoundStarted(round)),
            Event::RegisterStarted { register } => Some(Milestone::RegisterStarted(register)),
            Event::GameOver { .. } => Some(Milestone::GameOver),
            _ => None,
        }
    }

    fn rounds(outcome: &Outcome) -> u16 {
        outcome.rounds
    }

    fn tally(tally: &mut Tally, event: &Event) {
        match *event {
            Event::Damaged { player, amount, .. } => {
                add(&mut tally.damage, player, u32::from(amount));
            }
            Event::Destroyed { player, .. } => add(&mut tally.destroyed, player, 1),
            _ => {}
        }
    }

    fn job_result(
        tally: Tally,
        game: &Self,
        outcome: &Outcome,
        seed: u64,
    ) -> Result<Box<RawValue>, String> {
        let count = |v: &[u32], i: usize| v.get(i).copied().unwrap_or(0);
        let robots = game
            .robots()
            .iter()
            .enumerate()
            .map(|(i, r)| RobotTally {
                flags: r.flags,
                lives: r.lives,
                damage: count(&tally.damage, i),
                destroyed: count(&tally.destroyed, i),
            })
            .collect();
        let result = GameResult {
            seed,
            winner: outcome.winner.map(|p| p.0),
            rounds: outcome.rounds,
            robots,
        };
        serde_json::value::to_raw_value(&result).map_err(|e| e.to_string())
    }

    fn grid_race() -> Option<crate::race::GridRaceFn> {
        Some(crate::race::run_grid::<Self>)
    }

    fn terminal() -> Option<crate::terminal::TerminalFn> {
        Some(crate::terminal::run_terminal::<Self>)
    }

    fn scenarios() -> Option<crate::scenario::ScenarioFns> {
        Some(crate::scenario::ScenarioFns::of::<Self>())
    }

    fn replay_recorder(
        game: &Self,
        names: &[String],
    ) -> Option<Box<dyn crate::viewer::ReplayRecorder<Self>>> {
        let title = format!("{}: {}", Self::TITLE, game.setting());
        Some(Box::new(crate::race::GridReplay::new(game, title, names)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::Game;

    #[test]
    fn new_games_take_the_default_course_and_name_the_courses_when_refused() {
        let race = Race::new_game(&NewGame {
            players: 3,
            seed: 4,
            max_rounds: Some(9),
            ..NewGame::default()
        })
        .unwrap();
        assert_eq!(race.setting(), DEFAULT_COURSE);
        assert_eq!(race.num_players(), 3);
        let err = Race::new_game(&NewGame {
            course: Some("Nowhere".into()),
            players: 2,
            ..NewGame::default()
        })
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("Nowhere") && err.contains(DEFAULT_COURSE),
            "{err}"
        );
        let err = Race::new_game(&NewGame {
            players: 9,
            ..NewGame::default()
        })
        .unwrap_err();
        assert!(matches!(err, NewGameError::Setup(_)), "{err}");
        assert_eq!(
            race.standings(),
            "P0 0/2 flags 0 damage 3 lives | P1 0/2 flags 0 damage 3 lives | P2 0/2 flags 0 damage 3 lives"
        );
    }
}
