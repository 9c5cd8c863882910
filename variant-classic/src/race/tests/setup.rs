//! Setups: robot counts, lives, flags placed or random, docks, the shared
//! start cell and First Out of the Starting Gate.

use super::{asked, course, first_options, new_race, program_all};
use crate::race::{
    Decision, FlagRule, Setup, SetupError, StartRule, EXTRA_LIVES, LIVES, MAX_ROBOTS,
};
use crate::tiles::{Cell, Tile};
use robo_core::geom::{Dir, Pos};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::race::course::CourseTile;
use robo_core::Game;

fn refused(setup: Setup) -> SetupError {
    crate::Race::new(setup, 1).unwrap_err()
}

fn cell(pick: impl Fn(&Tile) -> bool) -> Pos {
    let c = course();
    let found = c.board().cells().find(|(_, t)| pick(&t.tile)).unwrap().0;
    found
}

#[test]
fn two_to_eight_robots_and_eight_take_eight_docks() {
    assert_eq!(refused(Setup::new(course(), 1)), SetupError::Players(1));
    assert_eq!(refused(Setup::new(course(), 9)), SetupError::Players(9));
    let mut race = new_race(Setup::new(course(), MAX_ROBOTS), 4);
    let asked = first_options(&mut race);
    assert_eq!(asked.len(), 7, "the last dock is taken without asking");
    let mut cells: Vec<Pos> = (0..8)
        .map(|i| race.world().at(RobotId(i)).unwrap().0)
        .collect();
    cells.sort_by_key(|p| (p.y, p.x));
    cells.dedup();
    assert_eq!(cells.len(), 8, "eight robots on eight docks");
    assert!(race.robots().iter().all(|r| r.hand.len() == 9));
}

#[test]
fn lives_are_three_four_with_extra_lives_and_never_zero() {
    let mut s = Setup::new(course(), 2);
    s.lives = 0;
    assert_eq!(refused(s.clone()), SetupError::Lives(0));
    s.lives = 10;
    assert_eq!(refused(s), SetupError::Lives(10));
    let race = new_race(Setup::new(course(), 5), 1);
    assert!(race.robots().iter().all(|r| r.lives == LIVES));
    let race = new_race(Setup::new(course(), 5).extra_lives(), 1);
    assert!(race.robots().iter().all(|r| r.lives == EXTRA_LIVES));
}

#[test]
fn placed_flags_are_checked_one_by_one() {
    let floor = |n: usize| -> Vec<Pos> {
        course()
            .board()
            .cells()
            .filter(|(_, t)| t.tile == Tile::Floor)
            .map(|(p, _)| p)
            .take(n)
            .collect()
    };
    let with = |flags: Vec<Pos>| {
        let mut s = Setup::new(course(), 2);
        s.flags = FlagRule::Placed(flags);
        s
    };
    assert_eq!(refused(with(vec![])), SetupError::Flags(0));
    assert_eq!(refused(with(floor(9))), SetupError::Flags(9));
    let off = Pos::new(-1, 3);
    assert_eq!(
        refused(with(vec![floor(1)[0], off])),
        SetupError::FlagOffBoard { number: 2, at: off }
    );
    let pit = cell(|t| *t == Tile::Pit);
    assert_eq!(
        refused(with(vec![pit])),
        SetupError::FlagOnPit { number: 1, at: pit }
    );
    let dock = cell(|t| matches!(t, Tile::Dock(_)));
    assert_eq!(
        refused(with(vec![dock])),
        SetupError::FlagOnDock {
            number: 1,
            at: dock
        }
    );
    let f = floor(1)[0];
    assert_eq!(
        refused(with(vec![f, f])),
        SetupError::FlagTwice { number: 2, at: f }
    );
    let eight = floor(8);
    let race = new_race(with(eight.clone()), 2);
    assert_eq!(race.course().checkpoints(), eight.as_slice());
    let mut s = Setup::new(course(), 2);
    s.flags = FlagRule::Random(9);
    assert_eq!(refused(s.clone()), SetupError::Flags(9));
    s.flags = FlagRule::Random(0);
    assert_eq!(refused(s), SetupError::Flags(0));
}

#[test]
fn random_flags_come_from_the_seed_on_one_factory_board() {
    let flags = |seed: u64| {
        let mut s = Setup::new(course(), 3);
        s.flags = FlagRule::Random(4);
        new_race(s, seed).course().checkpoints().to_vec()
    };
    let c = course();
    for seed in 0..6 {
        let f = flags(seed);
        assert_eq!(f, flags(seed), "same seed, same flags");
        assert_eq!(f.len(), 4);
        let board = c.board().board_id(f[0]);
        for (i, &p) in f.iter().enumerate() {
            let t = c.board().tile(p).unwrap();
            assert_eq!(c.board().board_id(p), board, "one board");
            assert_ne!(board, Some(c.docking_bay()), "not the docking bay");
            assert!(t.can_stand() && !t.is_start() && !(1..=5).any(|r| t.tile.swallows(r)));
            assert!(!f[..i].contains(&p), "distinct cells");
        }
    }
    assert_ne!(flags(0), flags(1));
    // A board with room for two flags cannot take three.
    let bay = c.docking_bay();
    let keep: Vec<Pos> = c
        .board()
        .cells()
        .filter(|(p, t)| c.board().board_id(*p) != Some(bay) && t.tile == Tile::Floor)
        .map(|(p, _)| p)
        .take(2)
        .collect();
    let cramped = c
        .edit(|parts| {
            let cells: Vec<Pos> = parts.board.positions().collect();
            for p in cells {
                if parts.board.board_id(p) != Some(bay) && !keep.contains(&p) {
                    parts.board.set_tile(p, Cell::from(Tile::Pit)).unwrap();
                }
            }
            parts.checkpoints = vec![keep[0]];
        })
        .unwrap();
    let mut s = Setup::new(cramped, 2);
    s.flags = FlagRule::Random(3);
    assert!(matches!(
        refused(s),
        SetupError::FlagRoom {
            room: 2,
            flags: 3,
            ..
        }
    ));
}

#[test]
fn docks_must_be_enough_and_numbered_once() {
    let c = course();
    let starts = c.starts().to_vec();
    let few = c
        .clone()
        .edit(|parts| {
            for &p in &starts[3..] {
                parts.board.set_tile(p, Cell::from(Tile::Floor)).unwrap();
            }
        })
        .unwrap();
    assert_eq!(
        refused(Setup::new(few.clone(), 4)),
        SetupError::Docks {
            docks: 3,
            robots: 4
        }
    );
    let mut gate = Setup::new(few, 4);
    gate.start = StartRule::Gate;
    assert!(matches!(refused(gate), SetupError::Docks { .. }));
    let Some(&Cell {
        tile: Tile::Dock(first),
        ..
    }) = c.board().tile(starts[0])
    else {
        panic!()
    };
    let twice = c
        .edit(|parts| {
            parts
                .board
                .set_tile(starts[1], Cell::from(Tile::Dock(first)))
                .unwrap()
        })
        .unwrap();
    assert_eq!(
        refused(Setup::new(twice, 2)),
        SetupError::DuplicateDock(first)
    );
}

#[test]
fn a_lone_portal_is_refused_when_the_course_is_loaded() {
    let c = course();
    let floor = cell(|t| *t == Tile::Floor);
    let lone = c
        .edit(|parts| {
            parts
                .board
                .set_tile(floor, Cell::from(Tile::Portal(7)))
                .unwrap()
        })
        .unwrap();
    let err = refused(Setup::new(lone.clone(), 2));
    assert_eq!(
        err,
        SetupError::Portals(crate::courses::PortalError {
            colour: 7,
            at: floor,
            count: 1
        })
    );
    let position = crate::race::Position {
        course: lone,
        robots: Vec::new(),
        round: 1,
        start: crate::race::Start::Programming,
        seed: 1,
        max_rounds: None,
        on_the_clock: false,
        play_on: false,
        variants: Default::default(),
        high_flying: false,
        devices: Vec::new(),
    };
    let err = crate::Race::at_position(position).unwrap_err();
    assert!(err.contains("portal 7"), "{err}");
}

#[test]
fn unknown_courses_and_bad_start_cells_are_refused() {
    assert_eq!(
        Setup::named("Nowhere", 2).unwrap_err(),
        SetupError::UnknownCourse("Nowhere".into())
    );
    let mut s = Setup::new(course(), 2);
    let pit = cell(|t| *t == Tile::Pit);
    s.start = StartRule::Shared(pit);
    assert_eq!(refused(s.clone()), SetupError::StartCell(pit));
    s.start = StartRule::Shared(Pos::new(-1, 0));
    assert_eq!(refused(s), SetupError::StartCell(Pos::new(-1, 0)));
}

#[test]
fn a_shared_start_cell_holds_every_robot_virtual_each_facing_its_own_way() {
    let at = cell(|t| *t == Tile::Floor);
    let mut s = Setup::new(course(), 4);
    s.start = StartRule::Shared(at);
    let mut race = new_race(s.clone(), 3);
    for i in 0..4 {
        assert_eq!(race.world().at(RobotId(i)).map(|b| b.0), Some(at));
        assert!(race.world().is_ghost(RobotId(i)));
        assert_eq!(race.robots()[usize::from(i)].archive, at);
    }
    let mut order = Vec::new();
    let mut legal = Vec::new();
    while let Some((p, d)) = asked(&race) {
        assert_eq!(d, Decision::Facing);
        race.legal_actions(p, &mut legal);
        assert_eq!(legal.len(), 4);
        let facing = Dir::ALL[order.len()];
        race.apply(p, crate::Action::Face(facing)).unwrap();
        assert_eq!(race.world().at(RobotId::of(p)), Some((at, facing)));
        order.push(p);
    }
    assert_eq!(order.len(), 4);
    // The order is the dealt cards', not the seats'.
    let orders: Vec<Vec<PlayerId>> = (0..6)
        .map(|seed| {
            let mut r = new_race(s.clone(), seed);
            first_options(&mut r).into_iter().map(|(p, _)| p).collect()
        })
        .collect();
    assert!(orders.iter().any(|o| o != &orders[0]), "{orders:?}");
    // Robots that move apart become real.
    program_all(&mut race);
    race.check_invariants().unwrap();
    let real = (0..4)
        .filter(|&i| !race.world().is_ghost(RobotId(i)))
        .count();
    let gone = race.robots().iter().filter(|r| r.destroyed).count();
    assert!(real + gone > 0, "nobody left the start cell");
}

#[test]
fn out_of_the_starting_gate_robots_pick_docks_in_card_order_in_register_one() {
    let mut s = Setup::new(course(), 4);
    s.start = StartRule::Gate;
    let mut race = new_race(s, 5);
    assert!(
        race.world().bodies().placed().next().is_none(),
        "none placed"
    );
    assert!(matches!(
        race.pending(),
        robo_core::protocol::Pending::Simultaneous { .. }
    ));
    program_all(&mut race);
    let mut priorities: Vec<(u16, PlayerId)> = race
        .robots()
        .iter()
        .enumerate()
        .map(|(i, r)| (r.registers[0].unwrap().priority, PlayerId(i as u8)))
        .collect();
    priorities.sort_by_key(|&(p, _)| std::cmp::Reverse(p));
    let mut docks = Vec::new();
    let mut legal = Vec::new();
    let mut order = Vec::new();
    for k in 0..4 {
        let (p, d) = asked(&race).unwrap();
        assert_eq!((d, race.register()), (Decision::Dock, 1));
        race.legal_actions(p, &mut legal);
        assert_eq!(legal.len(), 8 - k, "a dock is used once");
        let a = *legal.last().unwrap();
        let crate::Action::Dock(at) = a else { panic!() };
        race.apply(p, a).unwrap();
        docks.push(at);
        order.push(p);
    }
    let expected: Vec<PlayerId> = priorities.iter().map(|&(_, p)| p).collect();
    assert_eq!(order, expected);
    race.check_invariants().unwrap();
    // The register ran on from the docks.
    assert!(race.register() > 1 || race.round() > 1 || race.outcome().is_some());
    assert_eq!(docks.len(), 4);
}

#[test]
fn a_robot_destroyed_before_it_takes_its_dock_is_refused() {
    // Found by the damaged-save harness: such a save played on put a
    // destroyed robot on the board.
    let mut race = super::new_race(Setup::new(super::course(), 3), 2);
    assert!(matches!(
        super::asked(&race),
        Some((_, crate::race::Decision::Dock))
    ));
    race.check_invariants().unwrap();
    let mut json: serde_json::Value = serde_json::to_value(&race).unwrap();
    json["robots"][0]["destroyed"] = serde_json::Value::Bool(true);
    let err = serde_json::from_value::<crate::race::Race>(json)
        .unwrap_err()
        .to_string();
    assert!(err.contains("before it takes its dock"), "{err}");
    race.robots[1].destroyed = true;
    assert!(race.check_invariants().is_err());
}
