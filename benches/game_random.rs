//! A whole 2023 race played by random policies (four seats on the default
//! course, at most 30 rounds): setup, start spaces, upgrade phases,
//! programming and every register, through the checked protocol.
//! Throughput counts registers resolved. Every iteration checks the outcome.
#![allow(missing_docs)] // criterion_group! defines an undocumented function

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use roborally::core::Game;
use roborally::v2023::{courses, Event, Outcome, Race, Setup};

const SEED: u64 = 7;
const SEATS: u8 = 4;

/// Plays the race; its outcome and the registers resolved.
fn game(setup: &Setup) -> (Outcome, u64) {
    let race = Race::new(setup.clone(), SEED).expect("a valid setup");
    common::random_game(race, SEATS, SEED, |e| {
        matches!(e, Event::RegisterStarted { .. })
    })
}

fn whole_game(c: &mut Criterion) {
    let mut setup = Setup::new(
        courses::course(courses::DEFAULT_COURSE).expect("built in"),
        SEATS,
    );
    setup.max_rounds = Some(30);
    let (outcome, registers) = game(&setup);
    assert!(registers >= 5, "at least a round is played");
    let mut group = c.benchmark_group("game_random");
    group.throughput(Throughput::Elements(registers));
    group.sample_size(20);
    group.bench_function("random policies, 4 seats, Milk Run, whole game", |b| {
        b.iter(|| {
            let (o, n) = game(&setup);
            assert_eq!(o, outcome);
            assert_eq!(n, registers);
        });
    });
    group.finish();
    eprintln!(
        "game_random: winner {:?} after {} rounds, {registers} registers",
        outcome.winner, outcome.rounds
    );
}

criterion_group!(benches, whole_game);
criterion_main!(benches);
