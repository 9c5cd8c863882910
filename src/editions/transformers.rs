//! Robo Rally: Transformers as the facade plays it: bots, new races,
//! milestones and batch tallies.

use super::grid::SeatCounts;
use super::{Milestone, NewGame, NewGameError, Playable};
use robo_core::protocol::RandomPolicy;
use robo_core::{PlayerId, Policy};
use serde::Serialize;
use serde_json::value::RawValue;
use variant_transformers::bots::Planner;
use variant_transformers::courses::{self, DEFAULT_COURSE};
use variant_transformers::{Event, Outcome, Race, Setup};

/// A Transformers batch job's count of damage cards drawn and falls, by
/// seat.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    damage: SeatCounts,
    falls: SeatCounts,
}

/// One robot's line of a batch result (fields in the documented order).
#[derive(Serialize)]
struct RobotTally {
    checkpoints: u8,
    damage: u32,
    falls: u32,
    energon: u8,
}

/// A Transformers batch result.
#[derive(Serialize)]
struct RaceResult {
    seed: u64,
    winner: Option<u8>,
    rounds: u16,
    robots: Vec<RobotTally>,
}

/// A built-in course by name.
fn built_in(name: &str) -> Result<courses::Course, NewGameError> {
    super::grid::built_in(courses::course(name), courses::course_names())
}

impl Playable for Race {
    const TITLE: &'static str = "Robo Rally: Transformers";
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
        let mut setup = Setup::new(course, usize::from(settings.players));
        setup.max_rounds = settings.max_rounds;
        setup.priority = PlayerId(settings.priority);
        Ok(setup)
    }

    fn setting(&self) -> String {
        self.course().name().to_string()
    }

    fn standings(&self) -> String {
        let total = self.checkpoints().len();
        (0..self.seats())
            .filter_map(|i| {
                let p = PlayerId(i as u8);
                let pl = self.player(p)?;
                Some(format!(
                    "{p} {}/{total} checkpoints {} Energon {}",
                    pl.checkpoints(),
                    pl.energon(),
                    self.mode(p)
                ))
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
            Event::Fell { player, .. } => tally.falls.add(*player, 1),
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
            .map(|i| {
                let pl = game.player(PlayerId(i as u8));
                RobotTally {
                    checkpoints: pl.map_or(0, |p| p.checkpoints()),
                    damage: tally.damage.get(i),
                    falls: tally.falls.get(i),
                    energon: pl.map_or(0, |p| p.energon()),
                }
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
    fn the_first_cosmos_holder_is_a_setting() {
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
        assert!(err.to_string().contains("priority token"), "{err}");
    }

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
        assert!(
            err.contains("Nowhere") && err.contains("Spiral Mesa"),
            "{err}"
        );
        assert_eq!(Race::course_name("spiral mesa").unwrap(), "Spiral Mesa");
        assert_eq!(
            race.standings(),
            "P0 0/2 checkpoints 5 Energon alt | P1 0/2 checkpoints 5 Energon alt | P2 0/2 checkpoints 5 Energon alt"
        );
    }
}
