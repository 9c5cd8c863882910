//! One round of the 2023 edition with six robots: every player programs
//! with a fixed policy (the first cards of the hand, in order), then the
//! five registers resolve, the round ends and the next one is dealt.
//! Every iteration checks the events and where the robots end.
#![allow(missing_docs)] // criterion_group! defines an undocumented function

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use roborally::core::{Game, Pending, PlayerId};
use roborally::v2023::actions::{Decision, Slot};
use roborally::v2023::{courses, Action, Event, Program, Race, Setup};

const COURSE: &str = "For the Glory";

/// The fixed policy: programs take the first cards of the hand into the
/// open registers; the upgrade phase is passed; any other decision takes
/// the first legal option.
fn fixed(race: &Race, p: PlayerId) -> Action {
    match race.pending() {
        Pending::Simultaneous {
            decision: Decision::Program,
            ..
        } => {
            let pl = race.player(p).expect("a seat");
            let mut program = Program::default();
            let mut hand = pl.hand().iter().copied();
            for (r, slot) in program.registers.iter_mut().enumerate() {
                if pl.registers()[r].is_empty() {
                    *slot = hand.next().map_or(Slot::Empty, Slot::Card);
                }
            }
            Action::Program(program)
        }
        Pending::Simultaneous {
            decision: Decision::Upgrades,
            ..
        } => Action::Done,
        _ => {
            let mut opts = Vec::new();
            race.legal_actions(p, &mut opts);
            opts.swap_remove(0)
        }
    }
}

/// Answers with the fixed policy until the programming phase of `round`.
fn to_programming(race: &mut Race, round: u16, events: &mut Vec<Event>) {
    loop {
        let waiting_programs = matches!(
            race.pending(),
            Pending::Simultaneous {
                decision: Decision::Program,
                ..
            }
        );
        if waiting_programs && race.round() == round {
            return;
        }
        let p = race.pending().players()[0];
        let a = fixed(race, p);
        race.apply_into(p, a, events)
            .expect("the fixed policy is legal");
    }
}

fn round(c: &mut Criterion) {
    let mut setup = Setup::new(courses::course(COURSE).expect("built in"), 6);
    setup.max_rounds = Some(50);
    let mut start = Race::new(setup, 2023).expect("a valid setup");
    to_programming(&mut start, 3, &mut Vec::new());
    let mut check = start.clone();
    let mut expected = Vec::new();
    to_programming(&mut check, 4, &mut expected);
    let registers = expected
        .iter()
        .filter(|e| matches!(e, Event::RegisterStarted { .. }))
        .count();
    assert_eq!(registers, 5);
    let at: Vec<_> = (0..6).map(|p| check.robot(PlayerId(p))).collect();
    let mut group = c.benchmark_group("round");
    group.throughput(Throughput::Elements(1));
    group.bench_function(
        "program 6 robots + 5 registers + end of round (For the Glory)",
        |b| {
            b.iter_batched_ref(
                || (start.clone(), Vec::with_capacity(8192)),
                |(r, events)| {
                    to_programming(r, 4, events);
                    assert_eq!(events.len(), expected.len());
                    assert_eq!(r.robot(PlayerId(3)), at[3]);
                },
                BatchSize::SmallInput,
            );
        },
    );
    group.finish();
}

criterion_group!(benches, round);
criterion_main!(benches);
