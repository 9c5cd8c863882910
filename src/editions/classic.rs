//! The classic edition as the facade plays it: bots, new games, milestones
//! and batch tallies.

use super::grid::SeatCounts;
use super::{Milestone, NewGame, NewGameError, Playable};
use robo_core::protocol::RandomPolicy;
use robo_core::{Game, Pending};
use robo_core::{PlayerId, Policy};
use serde::Serialize;
use serde_json::value::RawValue;
use variant_classic::bots::Planner;
use variant_classic::courses::{self, DEFAULT_COURSE};
use variant_classic::{Action, Decision, Event, Outcome, Race, Setup};

/// A classic batch job's count of damage tokens taken and robots
/// destroyed, by seat.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    damage: SeatCounts,
    destroyed: SeatCounts,
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

/// A built-in course by name.
fn built_in(name: &str) -> Result<courses::Course, NewGameError> {
    super::grid::built_in(courses::course(name), courses::course_names())
}

impl Playable for Race {
    const TITLE: &'static str = "RoboRally classic";
    const BOTS: &'static [&'static str] = &["planner", "random"];
    const MAX_SEATS: u8 = variant_classic::race::MAX_ROBOTS;
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
        Ok(setup)
    }

    /// The optional rules of [`variant_classic::race::SETUP_OPTIONS`].
    fn choose(setup: &mut Setup, option: &str) -> Result<(), NewGameError> {
        setup
            .choose(option)
            .map_err(|e| NewGameError::BadOption(e.to_string()))
    }

    /// On the Clock: the timer runs for the last player still programming.
    fn timed(setup: &mut Setup) -> Result<(), NewGameError> {
        setup.on_the_clock = true;
        Ok(())
    }

    /// The turn, while exactly one robot is still programming in a game
    /// played On the Clock.
    fn clock(&self) -> Option<u64> {
        let programming = matches!(
            self.pending(),
            Pending::Simultaneous {
                decision: Decision::Program,
                ..
            }
        );
        if !self.on_the_clock() || !programming {
            return None;
        }
        let mut late = self.robots().iter().filter(|r| !r.programmed);
        match (late.next(), late.next()) {
            (Some(_), None) => Some(u64::from(self.round())),
            _ => None,
        }
    }

    /// Time up: the late player's empty registers are dealt at random
    /// ([`Action::TimeUp`](variant_classic::Action::TimeUp)), then it keeps
    /// its power (announces no power down).
    fn time_up(&self, player: PlayerId, _draft: Option<&Action>) -> Option<Action> {
        self.clock()?;
        let mut legal = Vec::new();
        self.legal_actions(player, &mut legal);
        [Action::TimeUp, Action::Announce(false)]
            .into_iter()
            .find(|a| legal.contains(a))
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
                let place = r.place.map(|k| format!(" place {k}")).unwrap_or_default();
                format!(
                    "P{i} {}/{flags} flags {} damage {} lives{place}",
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

    fn ranking(outcome: &Outcome) -> Vec<PlayerId> {
        outcome.ranking.clone()
    }

    fn tally(tally: &mut Tally, event: &Event) {
        match *event {
            Event::Damaged { player, amount, .. } => {
                tally.damage.add(player, u32::from(amount));
            }
            Event::Destroyed { player, .. } => tally.destroyed.add(player, 1),
            _ => {}
        }
    }

    fn job_result(
        tally: Tally,
        game: &Self,
        outcome: &Outcome,
        seed: u64,
    ) -> Result<Box<RawValue>, String> {
        let robots = game
            .robots()
            .iter()
            .enumerate()
            .map(|(i, r)| RobotTally {
                flags: r.flags,
                lives: r.lives,
                damage: tally.damage.get(i),
                destroyed: tally.destroyed.get(i),
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

    grid_front_ends!();
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn options_reach_the_setup_and_unknown_ones_name_the_table() {
        let settings = |options: &[&str]| NewGame {
            players: 3,
            seed: 2,
            options: options.iter().map(|s| s.to_string()).collect(),
            ..NewGame::default()
        };
        let race = Race::new_game(&settings(&["extra-lives", "random-flags=5"])).unwrap();
        assert!(race.robots().iter().all(|r| r.lives == 4));
        assert_eq!(race.course().checkpoints().len(), 5);
        let setup = Race::setup_with_options(&settings(&["starting-gate", "turn-cap=7"])).unwrap();
        assert_eq!(setup.start, variant_classic::race::StartRule::Gate);
        assert_eq!(setup.max_rounds, Some(7));
        let err = Race::new_game(&settings(&["laser-tag"])).unwrap_err();
        assert!(matches!(err, NewGameError::BadOption(_)), "{err}");
        for row in variant_classic::race::SETUP_OPTIONS {
            assert!(err.to_string().contains(row.name), "{err}");
        }
        // The other editions have no options.
        let err = crate::any::new_game(crate::Edition::V2023, &settings(&["extra-lives"]));
        assert_eq!(
            err.unwrap_err(),
            NewGameError::NoOptions(crate::Edition::V2023)
        );
    }

    #[test]
    fn on_the_clock_times_out_only_the_last_player_programming() {
        let settings = NewGame {
            players: 2,
            seed: 7,
            ..NewGame::default()
        };
        let mut setup = Race::new_setup(&settings).unwrap();
        Race::timed(&mut setup).unwrap();
        let mut race = Race::new(setup, 7).unwrap();
        // Docks and facings first: nobody is on the clock yet.
        let mut legal = Vec::new();
        while !matches!(
            race.pending(),
            Pending::Simultaneous {
                decision: Decision::Program,
                ..
            }
        ) {
            let p = race.pending().players()[0];
            race.legal_actions(p, &mut legal);
            race.apply(p, legal[0]).unwrap();
            assert_eq!(race.clock(), None);
        }
        assert_eq!(race.clock(), None, "two players still programming");
        assert_eq!(race.time_up(PlayerId(1), None), None);
        // Player 0 programs five cards and keeps its power.
        for _ in 0..5 {
            race.legal_actions(PlayerId(0), &mut legal);
            let card = legal.iter().find(|a| matches!(a, Action::Program(_)));
            race.apply(PlayerId(0), *card.unwrap()).unwrap();
        }
        race.apply(PlayerId(0), Action::Announce(false)).unwrap();
        let period = race.clock();
        assert_eq!(period, Some(u64::from(race.round())));
        assert_eq!(race.time_up(PlayerId(0), None), None, "not late");
        let late = race.time_up(PlayerId(1), None).unwrap();
        assert_eq!(late, Action::TimeUp);
        race.apply(PlayerId(1), late).unwrap();
        assert!(race.robots()[1].next_open().is_none(), "registers dealt");
        assert_eq!(race.clock(), period, "still the same period");
        let late = race.time_up(PlayerId(1), None).unwrap();
        assert_eq!(late, Action::Announce(false));
        race.apply(PlayerId(1), late).unwrap();
        assert_eq!(race.clock(), None, "the registers run");
    }
}
