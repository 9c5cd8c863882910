//! The 2023 planner: one programming decision on a fixed 9-card hand (one
//! card of each kind, the worst case: 15,120 distinct programs, searched by
//! shared register prefixes; and the same decision by the plain search,
//! which runs each program alone through the register pipeline), one
//! simulated program, and the distance maps a planner builds once per
//! course. Each bench checks what it computes. Throughput counts programs
//! considered.
#![allow(missing_docs)] // criterion_group! defines an undocumented function

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use roborally::core::geom::{Dir, Pos};
use roborally::core::{PlayerId, Policy};
use roborally::v2023::bots::Planner;
use roborally::v2023::cards::Card;
use roborally::v2023::courses;
use roborally::v2023::position::{Position, RobotSpec};
use roborally::v2023::{Action, Race, Setup};
use std::hint::black_box;

const COURSE: &str = "For the Glory";
const ME: PlayerId = PlayerId(0);

/// One card of each of the nine kinds.
const HAND: [Card; 9] = Card::REGULAR;

/// The planner's robot in the middle of the busy course, three others
/// around it, programming.
fn race() -> Race {
    let course = courses::course(COURSE).expect("built in");
    let mut me = RobotSpec::at(Pos::new(9, 8), Dir::N);
    me.hand = HAND.to_vec();
    let others = [(7, 5), (12, 9), (9, 12)].into_iter().map(|(x, y)| {
        let mut r = RobotSpec::at(Pos::new(x, y), Dir::W);
        r.hand = vec![
            Card::Move1,
            Card::Move2,
            Card::RotateLeft,
            Card::UTurn,
            Card::PowerUp,
        ];
        r
    });
    let robots: Vec<RobotSpec> = std::iter::once(me).chain(others).collect();
    Race::from_position(Position::new(Setup::new(course, 4), robots)).expect("a sound position")
}

fn planner(c: &mut Criterion) {
    let race = race();
    let mut bot = Planner::new(1);
    let plan = bot.best_program(&race, ME).expect("a program");
    assert_eq!(plan.considered, 15_120);
    let expected = Action::Program(plan.program.clone());
    assert_eq!(bot.choose(&race, ME), Some(expected.clone()));

    let mut group = c.benchmark_group("planner");
    group.throughput(Throughput::Elements(plan.considered));
    group.sample_size(30);
    group.bench_function("one decision, 9 distinct cards (For the Glory)", |b| {
        b.iter(|| {
            let a = bot.choose(black_box(&race), ME);
            assert_eq!(a.as_ref(), Some(&expected));
        });
    });
    let mut plain = Planner::new(1).plain_search();
    assert_eq!(plain.best_program(&race, ME), Some(plan.clone()));
    group.bench_function("one decision, plain search (reference)", |b| {
        b.iter(|| {
            let a = plain.choose(black_box(&race), ME);
            assert_eq!(a.as_ref(), Some(&expected));
        });
    });
    group.throughput(Throughput::Elements(1));
    let program = plan.cards;
    let out = race.simulate_solo(ME, &program).expect("placed");
    group.bench_function("simulate_solo, one program", |b| {
        b.iter(|| {
            let o = race.simulate_solo(ME, black_box(&program)).expect("placed");
            assert_eq!(o, out);
        });
    });
    group.throughput(Throughput::Elements(plan.considered));
    group.bench_function(
        "first decision on a new course (distance maps built)",
        |b| {
            b.iter(|| {
                let mut fresh = Planner::new(1);
                let a = fresh.choose(black_box(&race), ME);
                assert_eq!(a.as_ref(), Some(&expected));
            });
        },
    );
    group.finish();
}

criterion_group!(benches, planner);
criterion_main!(benches);
