//! Tests of the planner's lone robot (`solo.rs`) and its search
//! (`tree.rs`): the prefix-tree search chooses what the plain search over
//! the same simulation chooses (program, score, expectation, count) on
//! seeded positions over every built-in course; the lone robot ends where
//! the engine's own register leaves the robot alone on the course (with a
//! damage deck of SCRAP, so that no special damage card acts); and the
//! planner finds a win that needs bot mode.
//!
//! `ROBORALLY_PLANNER_HANDS` sets how many positions (default 24).

use super::solo::SoloTable;
use super::tree::Search;
use super::Planner;
use crate::actions::Action;
use crate::cards::{Card, CardId};
use crate::courses;
use crate::mode::Mode;
use crate::race::Race;
use crate::robot::REGISTERS;
use crate::scenario::{Scenario, ScenarioFile};
use robo_core::agenda::{self, Milestone, Reached};
use robo_core::race::frame::GridRace;
use robo_core::race::plan::{
    assign, best_program, best_program_tree, CourseMaps, PlanEdition, SoloOutcome,
};
use robo_core::testing::planner_hands;
use robo_core::{Game, PlayerId, Rng, RobotId};
use std::sync::Arc;

/// A seeded position on `course`: the planner's robot (seat 0) on a random
/// cell it may stand on, in a random mode, with a random hand (now and then
/// a SCRAP with `scrap`), Energon and checkpoints reached; another robot
/// elsewhere; the damage deck all SCRAP. `None` if the position is not
/// sound.
fn position(course: &str, seed: u64, scrap: bool) -> Option<Race> {
    let c = courses::course(course).ok()?;
    let mut rng = Rng::from_seed(seed);
    let cells: Vec<[i16; 2]> = c
        .board()
        .cells()
        .filter(|(_, t)| !t.is_solid())
        .map(|(p, _)| [p.x, p.y])
        .collect();
    let (a, b) = (cells[rng.index(cells.len())], cells[rng.index(cells.len())]);
    if a == b {
        return None;
    }
    // Nine of the 22-card planning deck, now and then a SCRAP instead.
    let counts = [4, 3, 1, 1, 3, 3, 1, 2, 2, 1, 1];
    let mut deck: Vec<Card> = Card::PLANNING
        .iter()
        .zip(counts)
        .flat_map(|(&c, n)| std::iter::repeat_n(c, n))
        .collect();
    let hand: Vec<String> = (0..9)
        .map(|_| {
            let c = deck.swap_remove(rng.index(deck.len()));
            if scrap && rng.below(12) == 0 {
                Card::Scrap.to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    let facing = ["N", "E", "S", "W"][rng.index(4)];
    let mode = if rng.below(2) == 0 { "alt" } else { "bot" };
    let reached = rng.index(c.checkpoints().len());
    let text = serde_json::json!({
        "edition": "transformers",
        "course": course,
        "start": "planning",
        "damage_deck": vec!["SCRAP"; 24],
        "robots": [
            {"at": a, "facing": facing, "mode": mode, "energon": rng.index(11),
             "checkpoint": reached, "hand": hand},
            {"at": b, "facing": "N", "hand": ["Move 1", "Move 1", "Move 1", "Move 1", "Move 2"]}
        ]
    });
    let file: ScenarioFile = serde_json::from_value(text).ok()?;
    Scenario::new(&file).ok()?.race().ok()
}

/// What the engine's own register does to `me` alone, running `program`
/// in `mode` (every choice answered with its first option), until the
/// program ends or the robot leaves the course.
fn engine(race: &Race, me: PlayerId, mode: Mode, program: &[Card]) -> Option<SoloOutcome> {
    let pl = race.player(me)?;
    let (start, damage, energon) = (pl.checkpoints, pl.all_damage(), pl.energon);
    let ids = assign(&pl.hand, CardId::card, program, &[None; REGISTERS])?;
    let mut solo = Planner::alone(race, me);
    solo.quiet = false;
    let q = &mut solo.players[me.index()];
    for (reg, id) in q.registers.iter_mut().zip(ids) {
        reg.cards.clear();
        if let Some(id) = id {
            q.hand.retain(|h| *h != id);
            reg.cards.push(id);
        }
    }
    solo.core.agenda.clear();
    solo.core
        .agenda
        .push(crate::task::Task::Register { register: 1 });
    solo.core.waiting = agenda::Waiting::Idle;
    solo.phase = crate::events::Phase::Activation;
    for q in &mut solo.players {
        q.round.planned = true;
    }
    if let Some(m) = solo.bodies.extra_mut(RobotId::of(me)) {
        *m = mode;
    }
    let mut fell_in = None;
    for register in 1..=REGISTERS as u8 {
        // Every choice answered with its first option (at most 64).
        for _ in 0..64 {
            let Reached::Decision {
                player: Some(p), ..
            } = solo.advance_to(Milestone::RegisterEnd(register))
            else {
                break;
            };
            let mut out = Vec::new();
            let _ = solo.legal_actions(p, &mut out);
            let a = out.first().cloned()?;
            agenda::answer(&mut solo, p, a).ok()?;
        }
        // A robot that left in register 5 is back before its end.
        let mut events = Vec::new();
        solo.take_events(&mut events);
        let fell = events
            .iter()
            .any(|e| matches!(e, crate::events::Event::Fell { player, .. } if *player == me));
        if fell || solo.robot(me).is_none() {
            fell_in = Some(register);
            break;
        }
        if solo.outcome().is_some() {
            break;
        }
    }
    let pl = &solo.players[me.index()];
    Some(SoloOutcome {
        end: solo.robot(me).filter(|_| fell_in.is_none()),
        fell_in,
        checkpoints: pl.checkpoints.saturating_sub(start),
        won: solo.outcome().is_some_and(|o| o.winner == Some(me)),
        damage: u8::try_from(pl.all_damage().saturating_sub(damage)).unwrap_or(u8::MAX),
        energy: pl.energon.saturating_sub(energon),
    })
}

fn maps(race: &Race) -> CourseMaps<crate::arena::Arena> {
    CourseMaps::new(Arc::clone(&race.arena.0))
}

/// `hands` sound seeded positions ([`position`]), courses in turn: the
/// seed, the course's name and the race.
fn positions(hands: usize, scrap: bool) -> impl Iterator<Item = (u64, &'static str, Race)> {
    let names: Vec<&'static str> = courses::course_names().collect();
    (1..20 * hands as u64 + 100)
        .filter_map(move |seed| {
            let name = names[(seed as usize) % names.len()];
            position(name, seed, scrap).map(|race| (seed, name, race))
        })
        .take(hands)
}

#[test]
fn the_prefix_tree_search_chooses_what_the_plain_search_chooses() {
    let hands = planner_hands(24) as usize;
    let me = PlayerId(0);
    let mut per_course = std::collections::BTreeMap::new();
    for (seed, name, race) in positions(hands, true) {
        let at = race.robot(me).expect("on the course");
        let (maps, table) = (maps(&race), SoloTable::new(&race.arena.0));
        let hand: Vec<Card> = race.players[0].hand.iter().map(|c| c.card()).collect();
        for mode in [Mode::Alt, Mode::Bot] {
            let setup = Planner::setup(&race, &table, me, mode);
            let search = Search::new(&maps, &setup, at, mode, &race, me).unwrap();
            let slots = [None; REGISTERS];
            let a = best_program_tree(&search, &hand, &slots, &[]).unwrap();
            let b = best_program(&search, &hand, &slots, &[]).unwrap();
            assert_eq!(a, b, "seed {seed} on {name}, {mode:?}");
            assert!(b.is_some(), "seed {seed}: a hand of 9 fills 5 registers");
        }
        *per_course.entry(name).or_insert(0) += 1;
    }
    assert_eq!(
        per_course.values().sum::<usize>(),
        hands,
        "too few sound positions"
    );
    assert!(
        per_course.len() == courses::course_names().count() || hands < 8,
        "{per_course:?}"
    );
}

#[test]
fn the_lone_robot_ends_where_the_engine_leaves_it() {
    let hands = planner_hands(24) as usize;
    let me = PlayerId(0);
    let (mut checked, mut programs) = (0, 0usize);
    let mut seen = [0usize; 4]; // fell, won, damaged, gained Energon
    for (seed, name, race) in positions(hands, false) {
        let at = race.robot(me).expect("on the course");
        let (maps, table) = (maps(&race), SoloTable::new(&race.arena.0));
        let hand: Vec<Card> = race.players[0].hand.iter().map(|c| c.card()).collect();
        let mut rng = Rng::from_seed(seed);
        for mode in [Mode::Alt, Mode::Bot] {
            if mode == Mode::Alt && race.in_building(me) {
                continue;
            }
            let setup = Planner::setup(&race, &table, me, mode);
            let search = Search::new(&maps, &setup, at, mode, &race, me).unwrap();
            for _ in 0..8 {
                let mut left = hand.clone();
                let program: Vec<Card> = (0..REGISTERS)
                    .map(|_| left.swap_remove(rng.index(left.len())))
                    .collect();
                let sim = search.simulate(&program).unwrap();
                let real = engine(&race, me, mode, &program).expect("the engine runs it");
                assert_eq!(
                    sim.disagreement(&real),
                    None,
                    "seed {seed} on {name}, {mode:?} from {at:?}: {program:?}\nsim {sim:?}\nengine {real:?}"
                );
                if real.end.is_none() {
                    assert_eq!(sim.fell_in, real.fell_in, "seed {seed}: {program:?}");
                }
                let marks = [
                    real.end.is_none(),
                    real.won,
                    real.damage > 0,
                    real.energy > 0,
                ];
                for (s, m) in seen.iter_mut().zip(marks) {
                    *s += usize::from(m);
                }
                programs += 1;
            }
        }
        checked += 1;
    }
    assert_eq!(checked, hands, "too few sound positions");
    assert!(programs >= hands * 8, "{programs}");
    assert!(
        hands < 16 || seen.iter().all(|&n| n > 0),
        "falls, wins, damage, Energon: {seen:?}"
    );
}

#[test]
fn the_planner_searches_every_program_and_mode_and_finds_the_win() {
    // The checkpoint is past a walkway: alt mode cannot drive onto it
    // on its own; in bot mode a Move 2 ends on it and it carries the
    // robot onto the checkpoint.
    let text = r#"{
      "edition": "transformers",
      "board": ["+---+---+---+---+", "| S   .  w>   . |", "+---+---+---+---+",
                "| .   .   .   . |", "+---+---+---+---+"],
      "checkpoints": [[3, 0]],
      "start": "planning",
      "robots": [
        {"at": [0, 0], "facing": "E", "hand": ["Turn Left", "Turn Right", "U-Turn", "Move 2", "Power Up", "Turn Left", "Move Back", "Drift Left", "Turn Right"]},
        {"at": [0, 1], "facing": "N", "hand": ["Turn Left", "Turn Left", "Turn Left", "Turn Right", "Turn Right"]}
      ]
    }"#;
    let file: ScenarioFile = serde_json::from_str(text).unwrap();
    let mut race = Scenario::new(&file).unwrap().race().unwrap();
    let me = PlayerId(0);
    let (plan, score) = Planner::new(1).best_plan(&race, me).expect("a plan");
    assert!(score >= 1_000_000.0, "{score}");
    let Action::Plan(p) = &plan else {
        panic!("{plan:?}")
    };
    assert_eq!(p.mode, Mode::Bot, "{p}");
    race.apply(me, plan).unwrap();
    let other = race
        .sample_plan(PlayerId(1), &mut robo_core::Rng::from_seed(1))
        .unwrap();
    race.apply(PlayerId(1), other).unwrap();
    while !race.pending().is_terminal() {
        let q = race.pending().players()[0];
        let mut out = Vec::new();
        let _ = race.legal_actions(q, &mut out);
        race.apply(q, out[0].clone()).unwrap();
        if race.round() > 1 {
            break;
        }
    }
    assert_eq!(race.outcome().and_then(|o| o.winner), Some(me));
}
