//! Register resolution and solo simulation speed. Every bench asserts what
//! it computes, so a broken engine cannot look fast.
#![allow(missing_docs)] // criterion_group! defines an undocumented function

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use robo_core::geom::{Dir, Pos};
use robo_core::plan::distinct_programs;
use robo_core::{Game, PlayerId, Rng};
use std::hint::black_box;
use variant_2023::cards::{Card, PROGRAMMING_DECK};
use variant_2023::courses;
use variant_2023::position::{Position, RobotSpec};
use variant_2023::tiles::Tile;
use variant_2023::{Action, Event, Program, Race, Setup};

/// Six robots on random floor cells of a busy course, each with a hand of
/// regular cards; everyone but the last player has programmed.
fn busy_race() -> (Race, Program) {
    let course = courses::course("For the Glory").expect("a built-in course");
    let mut rng = Rng::from_seed(7);
    let mut floor: Vec<Pos> = course
        .board
        .cells()
        .filter(|(p, t)| **t != Tile::Pit && **t != Tile::Start && !course.checkpoints.contains(p))
        .map(|(p, _)| p)
        .collect();
    rng.shuffle(&mut floor);
    let robots: Vec<RobotSpec> = (0..6)
        .map(|i| {
            let mut r = RobotSpec::at(floor[i], Dir::from_index(rng.index(4)));
            let mut deck = PROGRAMMING_DECK.to_vec();
            deck.retain(|c| *c != Card::Again);
            rng.shuffle(&mut deck);
            r.hand = deck[..9].to_vec();
            r
        })
        .collect();
    let mut setup = Setup::new(course, 6);
    setup.options.less_deadly = false;
    let mut race = Race::from_position(Position::new(setup, robots)).expect("a sound position");
    let mut last = Program::default();
    for p in 0..6u8 {
        let hand = race.player(PlayerId(p)).expect("a seat").hand().to_vec();
        let program = Program::of([hand[0], hand[1], hand[2], hand[3], hand[4]]);
        if p == 5 {
            last = program;
        } else {
            race.apply(PlayerId(p), Action::Program(program))
                .expect("a legal program");
        }
    }
    (race, last)
}

fn activation(c: &mut Criterion) {
    let (race, last) = busy_race();
    // What the bench must reproduce every time.
    let mut check = race.clone();
    let expected = check
        .apply(PlayerId(5), Action::Program(last.clone()))
        .expect("legal");
    let registers = expected
        .iter()
        .filter(|e| matches!(e, Event::RegisterStarted { .. }))
        .count();
    assert_eq!(
        registers, 5,
        "all five registers resolve without a decision"
    );
    c.bench_function(
        "activation phase, 6 robots, 5 registers (For the Glory)",
        |b| {
            b.iter_batched_ref(
                || (race.clone(), Vec::with_capacity(4096)),
                |(r, events)| {
                    r.apply_into(PlayerId(5), Action::Program(last.clone()), events)
                        .expect("legal");
                    assert_eq!(events.len(), expected.len());
                },
                BatchSize::SmallInput,
            );
        },
    );
}

fn solo(c: &mut Criterion) {
    let (race, _) = busy_race();
    // Player 5 has not programmed yet: its hand is full.
    let me = PlayerId(5);
    let hand: Vec<Card> = race
        .player(me)
        .expect("a seat")
        .hand()
        .iter()
        .map(|c| c.card())
        .collect();
    let program = [hand[0], hand[1], hand[2], hand[3], hand[4]];
    let expected = race.simulate_solo(me, &program).expect("placed");
    c.bench_function("simulate_solo, one program", |b| {
        b.iter(|| {
            let out = race.simulate_solo(me, black_box(&program)).expect("placed");
            assert_eq!(out, expected);
        });
    });
    let slots = [None; 5];
    let mut programs = 0u64;
    distinct_programs(&hand, &slots, |_| programs += 1);
    assert!(programs > 1000);
    c.bench_function(
        "simulate_solo, every distinct program of a 9-card hand",
        |b| {
            b.iter(|| {
                let mut best = 0u8;
                let n = distinct_programs(&hand, &slots, |p| {
                    let prog = [p[0], p[1], p[2], p[3], p[4]];
                    if let Ok(out) = race.simulate_solo(me, &prog) {
                        best = best.max(out.checkpoints);
                    }
                });
                assert_eq!(n, programs);
                black_box(best)
            });
        },
    );
}

criterion_group!(benches, activation, solo);
criterion_main!(benches);
