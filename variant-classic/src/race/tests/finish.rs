//! The end of the game: places, play on and the ranking.

use super::scenario_race;
use crate::race::{Event, Placed, Position, Robot, Start};
use crate::Race;
use robo_core::geom::Pos;
use robo_core::ids::{PlayerId, RobotId};

/// A 5x5 floor with one flag at (2, 0); `robots` as scenario JSON.
fn race_on_floor(robots: &str, options: &str) -> Race {
    let json = format!(
        r#"{{"edition": "classic", "board": [
            "+   +   +   +   +   +", "  .   .   .   .   .  ",
            "+   +   +   +   +   +", "  .   .   .   .   .  ",
            "+   +   +   +   +   +", "  .   .   .   .   .  ",
            "+   +   +   +   +   +", "  .   .   .   .   .  ",
            "+   +   +   +   +   +", "  .   .   .   .   .  ",
            "+   +   +   +   +   +"],
          "flags": [[2, 0]], "options": [{options}], "robots": {robots}}}"#
    );
    scenario_race(&json).0
}

fn seats(ranking: &[PlayerId]) -> Vec<u8> {
    ranking.iter().map(|p| p.0).collect()
}

#[test]
fn the_ranking_takes_places_then_flags_then_who_was_first_then_seats() {
    let course = crate::courses::course(crate::courses::DEFAULT_COURSE).unwrap();
    let robot = |flags: u8, reached: Option<(u16, u8)>, place: Option<u8>| {
        let mut r = Robot::new(3, Pos::new(0, 0));
        r.flags = flags;
        r.reached = reached;
        r.place = place;
        Placed {
            at: None,
            ghost: false,
            flying: false,
            robot: r,
        }
    };
    let race = Race::at_position(Position {
        course,
        robots: vec![
            robot(0, None, None),
            robot(1, Some((3, 2)), None),
            robot(2, Some((4, 1)), Some(2)),
            robot(1, Some((2, 5)), None),
            robot(2, Some((5, 5)), Some(1)),
            robot(0, None, None),
        ],
        round: 6,
        start: Start::Register(1),
        seed: 1,
        max_rounds: None,
        on_the_clock: false,
        play_on: true,
        variants: Default::default(),
        high_flying: false,
        devices: Vec::new(),
    })
    .unwrap();
    // Places first (4 then 2), then one flag: seat 3 touched it in turn 2,
    // seat 1 in turn 3; then no flag, by seat.
    assert_eq!(seats(&race.ranking()), [4, 2, 3, 1, 0, 5]);
}

#[test]
fn without_play_on_the_first_finisher_ends_the_game() {
    let robots = r#"[{"at": [0, 0], "facing": "E", "registers": ["Move 2"]},
                     {"at": [2, 3], "facing": "N", "registers": ["Move 1", "Move 2"]}]"#;
    let mut race = race_on_floor(robots, "");
    race.run_on();
    let outcome = race.outcome().unwrap();
    assert_eq!(outcome.winner, Some(PlayerId(0)));
    assert_eq!(seats(&outcome.ranking), [0, 1]);
    assert_eq!(race.register(), 1, "over in the first register");
    assert_eq!(race.robots()[0].place, Some(1));
    assert_eq!(race.robots()[1].place, None);
    // The winner stays where it finished.
    assert_eq!(
        race.world().at(RobotId(0)).map(|a| a.0),
        Some(Pos::new(2, 0))
    );
}

#[test]
fn a_won_game_keeps_its_invariants_and_its_save_loads() {
    // Without play on the winner stays on its flag: it finished, it was
    // not destroyed. Robot 2 finishes in the same register for second.
    let robots = r#"[{"at": [0, 0], "facing": "E", "registers": ["Move 2"]},
                     {"at": [2, 3], "facing": "N", "registers": ["Move 1", "Move 2"]}]"#;
    let mut race = race_on_floor(robots, "");
    race.run_on();
    assert!(race.outcome().is_some());
    assert!(race.world().at(RobotId(0)).is_some(), "the winner stays");
    assert_eq!(robo_core::Game::check_invariants(&race), Ok(()));
    let save = serde_json::to_string(&race).unwrap();
    let back: Race = serde_json::from_str(&save).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, race);
}

#[test]
fn with_play_on_finished_robots_leave_and_the_others_race_for_places() {
    let robots = r#"[{"at": [0, 0], "facing": "E", "registers": ["Move 2"]},
                     {"at": [2, 3], "facing": "N", "registers": ["Move 1", "Move 2"]},
                     {"at": [4, 4], "facing": "W", "lives": 1, "registers": ["Back Up"]}]"#;
    let mut race = race_on_floor(robots, r#""play-on""#);
    assert!(race.plays_on());
    race.run_on();
    let events = race.events_now();
    let finished: Vec<(u8, u8)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Finished { player, place } => Some((player.0, place)),
            _ => None,
        })
        .collect();
    assert_eq!(finished, [(0, 1), (1, 2)]);
    let outcome = race.outcome().expect("over once the last racer finished");
    assert_eq!(outcome.winner, Some(PlayerId(0)));
    assert_eq!(seats(&outcome.ranking), [0, 1, 2]);
    let view = robo_core::Game::view(&race, PlayerId(2));
    assert_eq!(seats(&view.ranking), [0, 1, 2]);
    let places: Vec<Option<u8>> = view.robots.iter().map(|r| r.place).collect();
    assert_eq!(places, [Some(1), Some(2), None]);
    // Robot 1 reached the flag in register 2, on the cell robot 0 left.
    assert_eq!(race.register(), 2);
    for seat in 0..2 {
        assert_eq!(race.world().at(RobotId(seat)), None, "P{seat} left");
        assert!(!race.robots()[usize::from(seat)].alive());
    }
    // Robot 2 backed off the board on its last life: out, no place.
    assert_eq!((race.robots()[2].lives, race.robots()[2].place), (0, None));
}

#[test]
fn robots_finishing_in_one_register_are_placed_by_their_cards_priority() {
    // Three virtual robots share a cell. The one with the higher card
    // (seat 1) moves first and becomes real on the flag; seat 0 follows
    // and stays virtual there. Both touch the flag at the end of the
    // register: seat 1 moved first and wins, though seat 0 sits before it.
    let robots = r#"[{"at": [0, 0], "facing": "E", "ghost": true, "registers": ["Move 2 670"]},
                     {"at": [0, 0], "facing": "E", "ghost": true, "registers": ["Move 2 680"]},
                     {"at": [0, 0], "facing": "S", "ghost": true}]"#;
    let mut race = race_on_floor(robots, "");
    race.run_on();
    let outcome = race.outcome().unwrap();
    assert_eq!(outcome.winner, Some(PlayerId(1)));
    assert_eq!(seats(&outcome.ranking), [1, 0, 2]);
    assert_eq!(race.robots()[0].place, Some(2));
}

#[test]
fn the_game_ends_when_nobody_is_left_racing() {
    // Robot 0 finishes in register 1; robot 1, on its last life, falls
    // off the edge in register 2: nobody is left to race, and the game
    // ends when the next turn would begin.
    let robots = r#"[{"at": [0, 0], "facing": "E", "registers": ["Move 2"]},
                     {"at": [4, 4], "facing": "E", "lives": 1, "registers": [null, "Move 1"]}]"#;
    let mut race = race_on_floor(robots, r#""play-on""#);
    race.run_on();
    let events = race.events_now();
    let outcome = race.outcome().unwrap();
    assert_eq!(outcome.winner, Some(PlayerId(0)));
    assert_eq!(seats(&outcome.ranking), [0, 1]);
    assert_eq!(outcome.rounds, 1);
    assert_eq!(race.register(), 0, "after the end of the turn");
    let registers = events
        .iter()
        .filter(|e| matches!(e, Event::RegisterStarted { .. }))
        .count();
    assert_eq!(registers, 5, "the turn ran to its end");
}
