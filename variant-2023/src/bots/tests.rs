//! Tests of the planner: single decisions on small positions, and whole
//! races against the random policy.

use super::*;
use crate::actions::Slot;
use crate::cards::{Card, Haywire};
use crate::courses;
use crate::position::{Position, RobotSpec, StartAt};
use crate::testkit::simple_course;
use crate::Setup;
use robo_core::geom::{Dir, Pos};
use robo_core::protocol::{play_out, PlayResult, RandomPolicy};
use robo_core::testing::playouts;

fn race_at(robots: Vec<RobotSpec>) -> Race {
    let setup = Setup::new(simple_course(), robots.len() as u8);
    Race::from_position(Position::new(setup, robots)).unwrap()
}

fn far_robot() -> RobotSpec {
    RobotSpec::at(Pos::new(5, 7), Dir::N)
}

const HAND: [Card; 9] = [
    Card::UTurn,
    Card::RotateLeft,
    Card::Move3,
    Card::MoveBack,
    Card::RotateRight,
    Card::PowerUp,
    Card::Move1,
    Card::Again,
    Card::Move2,
];

#[test]
fn the_planner_reaches_a_checkpoint_in_reach_and_hands_in_a_legal_program() {
    let mut me = RobotSpec::at(Pos::new(1, 4), Dir::N);
    me.hand = HAND.to_vec();
    let race = race_at(vec![me, far_robot()]);
    let mut planner = Planner::new(1);
    let plan = planner.best_program(&race, PlayerId(0)).unwrap();
    assert_eq!(plan.expected.checkpoints, 1);
    assert_eq!(plan.considered, 9 * 8 * 7 * 6 * 5);
    let action = planner.choose(&race, PlayerId(0)).unwrap();
    assert_eq!(action, Action::Program(plan.program.clone()));
    let mut after = race.clone();
    after.apply(PlayerId(0), action).unwrap();
}

#[test]
fn the_planner_avoids_the_pit_and_the_edge() {
    // Facing north just south of the pit at (4,0): any forward move falls.
    let mut me = RobotSpec::at(Pos::new(4, 1), Dir::N);
    me.hand = vec![
        Card::Move3,
        Card::Move2,
        Card::Move1,
        Card::Move1,
        Card::Move2,
        Card::RotateLeft,
        Card::PowerUp,
        Card::UTurn,
        Card::MoveBack,
    ];
    let race = race_at(vec![me, far_robot()]);
    let plan = Planner::new(1).best_program(&race, PlayerId(0)).unwrap();
    assert!(plan.expected.end.is_some(), "{:?}", plan.cards);
    assert!(plan.expected.fell_in.is_none());
}

#[test]
fn a_face_down_haywire_keeps_its_register() {
    let mut me = RobotSpec::at(Pos::new(1, 4), Dir::N);
    me.hand = HAND[..8].to_vec();
    me.registers[2] = vec![Card::Haywire(Haywire::ReverseThree)];
    let race = race_at(vec![me, far_robot()]);
    let mut planner = Planner::new(1);
    let plan = planner.best_program(&race, PlayerId(0)).unwrap();
    assert_eq!(plan.program.registers[2], Slot::Empty);
    assert_eq!(plan.cards[2], Card::Haywire(Haywire::ReverseThree));
    assert_eq!(plan.considered, 8 * 7 * 6 * 5);
    let action = planner.choose(&race, PlayerId(0)).unwrap();
    race.clone().apply(PlayerId(0), action).unwrap();
}

#[test]
fn duplicates_in_the_hand_are_planned_once() {
    let mut me = RobotSpec::at(Pos::new(1, 4), Dir::N);
    me.hand = vec![
        Card::Move1,
        Card::Move1,
        Card::Move1,
        Card::Move1,
        Card::RotateLeft,
        Card::RotateLeft,
        Card::RotateLeft,
        Card::RotateLeft,
        Card::Move2,
    ];
    let race = race_at(vec![me, far_robot()]);
    let plan = Planner::new(1).best_program(&race, PlayerId(0)).unwrap();
    // Words of length 5 over {M1 x4, RL x4, M2 x1}.
    let mut words = std::collections::HashSet::new();
    for w in 0..3u32.pow(5) {
        let word: Vec<u32> = (0..5).map(|i| (w / 3u32.pow(i)) % 3).collect();
        let fits = word.iter().filter(|&&c| c == 0).count() <= 4
            && word.iter().filter(|&&c| c == 1).count() <= 4
            && word.iter().filter(|&&c| c == 2).count() <= 1;
        if fits {
            words.insert(word);
        }
    }
    assert_eq!(plan.considered, words.len() as u64);
}

#[test]
fn a_rebooting_robot_faces_its_next_checkpoint() {
    // The reboot token of the factory board is (2,2); checkpoint 1 is at
    // (1,1): west or north leads there.
    let mut me = RobotSpec {
        fell_from: Some(robo_core::board::BoardId(1)),
        ..RobotSpec::default()
    };
    me.energy = 3;
    let mut spec = Position::new(Setup::new(simple_course(), 2), vec![me, far_robot()]);
    spec.start = StartAt::Register(1);
    let program = [
        Card::RotateLeft,
        Card::RotateLeft,
        Card::PowerUp,
        Card::RotateRight,
        Card::RotateRight,
    ];
    for r in &mut spec.robots {
        r.registers = program.map(|c| vec![c]);
    }
    let race = Race::from_position(spec).unwrap();
    let Pending::Decision { player, decision } = race.pending() else {
        panic!("expected the reboot facing, got {:?}", race.pending());
    };
    assert_eq!((player, decision), (PlayerId(0), Decision::RebootFacing));
    let a = Planner::new(1).choose(&race, player).unwrap();
    assert!(matches!(a, Action::Face(Dir::W | Dir::N)), "{a:?}");
}

#[test]
fn choices_follow_the_distance_map() {
    let race = race_at(vec![RobotSpec::at(Pos::new(2, 5), Dir::E), far_robot()]);
    let mut planner = Planner::new(1);
    planner.prepare(&race);
    let maps = planner.maps.as_ref().unwrap();
    let me = PlayerId(0);
    // Checkpoint 1 at (1,1): from (2,5) facing east, a left turn points north.
    let opts = [
        Action::Rotate(robo_core::geom::Turn::Left),
        Action::Rotate(robo_core::geom::Turn::Right),
    ];
    let a = choices::choose(
        maps,
        &race,
        me,
        Decision::Haywire(Haywire::TurnEitherWay),
        &opts,
    );
    assert_eq!(a, Some(opts[0].clone()));
    let faces = Dir::ALL.map(Action::Face);
    let a = choices::choose(
        maps,
        &race,
        me,
        Decision::Haywire(Haywire::FaceAnyMove),
        &faces,
    );
    assert!(matches!(a, Some(Action::Face(Dir::N | Dir::W))), "{a:?}");
    // Brakes only when the Move 1 would fall.
    let brakes = [Action::Brake(false), Action::Brake(true)];
    let a = choices::choose(maps, &race, me, Decision::Brakes, &brakes);
    assert_eq!(a, Some(Action::Brake(false)));
    let edge = race_at(vec![RobotSpec::at(Pos::new(4, 1), Dir::N), far_robot()]);
    let a = choices::choose(maps, &edge, me, Decision::Brakes, &brakes);
    assert_eq!(a, Some(Action::Brake(true)));
}

#[test]
fn upgrade_phase_rules() {
    let mut me = RobotSpec::at(Pos::new(2, 5), Dir::N);
    me.energy = 6;
    me.uninstalled = vec![Upgrade::Zoop, Upgrade::Firewall];
    let mut spec = Position::new(Setup::new(simple_course(), 2), vec![me, far_robot()]);
    spec.start = StartAt::Upgrade;
    let mut race = Race::from_position(spec).unwrap();
    let mut planner = Planner::new(3);
    let me = PlayerId(0);
    let mut seen = Vec::new();
    while race.pending().is_waiting_for(me) && race.phase() == crate::events::Phase::Upgrade {
        let a = planner.choose(&race, me).unwrap();
        seen.push(a.clone());
        race.apply(me, a).unwrap();
    }
    assert_eq!(
        seen,
        vec![
            Action::Install {
                upgrade: Upgrade::Firewall,
                discard: None
            },
            Action::DrawUpgrade,
            Action::Done
        ]
    );
}

use crate::upgrades::Upgrade;

/// Plays a race with one policy per seat; the log and the outcome.
fn play(
    course: &str,
    seed: u64,
    policies: &mut [&mut dyn Policy<Race>],
    max_rounds: u16,
) -> (PlayResult<crate::Outcome>, Vec<(PlayerId, Action)>) {
    let mut setup = Setup::new(courses::course(course).unwrap(), policies.len() as u8);
    setup.max_rounds = Some(max_rounds);
    let mut race = Race::new(setup, seed).unwrap();
    let mut log = Vec::new();
    let result = play_out(&mut race, policies, 100_000, &mut log, |_| ()).unwrap();
    (result, log)
}

#[test]
fn the_planner_beats_the_random_policy_on_milk_run() {
    let games = playouts(12) as u64;
    let mut wins = 0;
    for seed in 0..games {
        // Alternate the planner's seat so seat order is no excuse.
        let planner_seat = (seed % 2) as u8;
        let mut planner = Planner::new(seat_seed(seed, PlayerId(planner_seat)));
        let mut random = RandomPolicy::new(seat_seed(seed, PlayerId(1 - planner_seat)));
        let mut seats: Vec<&mut dyn Policy<Race>> = if planner_seat == 0 {
            vec![&mut planner, &mut random]
        } else {
            vec![&mut random, &mut planner]
        };
        let (result, _) = play("Milk Run", seed, &mut seats, 30);
        if let PlayResult::Finished(o) = result {
            wins += u64::from(o.winner == Some(PlayerId(planner_seat)));
        }
    }
    assert!(
        wins * 4 >= games * 3,
        "the planner won only {wins} of {games} races"
    );
}

#[test]
fn the_planner_beats_the_random_policy_on_courses_with_several_checkpoints() {
    for (course, seed) in [("Castle Tour", 40), ("Rush Hour", 50)] {
        let games = playouts(4) as u64;
        let mut wins = 0;
        for seed in seed..seed + games {
            let mut planner = Planner::new(seat_seed(seed, PlayerId(0)));
            let mut random = RandomPolicy::new(seat_seed(seed, PlayerId(1)));
            let (result, _) = play(course, seed, &mut [&mut planner, &mut random], 40);
            if let PlayResult::Finished(o) = result {
                wins += u64::from(o.winner == Some(PlayerId(0)));
            }
        }
        assert!(
            wins * 4 >= games * 3,
            "{course}: the planner won only {wins} of {games} races"
        );
    }
}

#[test]
fn planners_finish_milk_run_within_the_round_cap() {
    let games = playouts(8) as u64;
    let mut finished = 0;
    for seed in 100..100 + games {
        let mut a = Planner::new(seat_seed(seed, PlayerId(0)));
        let mut b = Planner::new(seat_seed(seed, PlayerId(1)));
        let (result, _) = play("Milk Run", seed, &mut [&mut a, &mut b], 10);
        if let PlayResult::Finished(o) = result {
            finished += u64::from(o.winner.is_some());
        }
    }
    assert!(
        finished * 4 >= games * 3,
        "only {finished} of {games} races were won within 10 rounds"
    );
}

#[test]
fn the_planner_is_deterministic_and_plays_other_courses() {
    for (course, seed) in [("Castle Tour", 3), ("Twist & Shout", 4), ("River Run", 5)] {
        let run = || {
            let mut a = Planner::new(seat_seed(seed, PlayerId(0)));
            let mut b = Planner::new(seat_seed(seed, PlayerId(1)));
            let mut c = RandomPolicy::new(seat_seed(seed, PlayerId(2)));
            play(course, seed, &mut [&mut a, &mut b, &mut c], 6)
        };
        let (r1, log1) = run();
        let (r2, log2) = run();
        assert_eq!(r1, r2, "{course}");
        assert_eq!(log1, log2, "{course}");
        assert!(matches!(r1, PlayResult::Finished(_)), "{course}: {r1:?}");
    }
}
