//! Benches of Transformers conquest: a whole 4-player game of random bots,
//! and the exact capture table for 1-10 attackers and defenders.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use roborally::conquest::bots::RandomBot;
use roborally::conquest::odds::CaptureTable;
use roborally::conquest::{Conquest, Setup};
use roborally::core::{Game, Pending, Policy};
use std::hint::black_box;

/// Plays one game of random bots (uniform legal actions, sampled without
/// listing them) to the end, reusing the event buffer.
fn random_game(
    setup: &Setup,
    seed: u64,
    events: &mut Vec<roborally::conquest::Event>,
) -> (u32, usize) {
    let mut game = match Conquest::new(setup.clone(), seed) {
        Ok(g) => g,
        Err(e) => panic!("setup refused: {e}"),
    };
    let mut bots: [RandomBot; 4] =
        std::array::from_fn(|i| RandomBot::new(seed.wrapping_mul(4).wrapping_add(i as u64)));
    let mut actions = 0u32;
    while let Pending::Decision { player, .. } = game.pending() {
        let Some(action) = bots[player.index()].choose(&game, player) else {
            panic!("no legal action")
        };
        events.clear();
        if let Err(e) = game.apply_into(player, action, events) {
            panic!("legal action refused: {e}");
        }
        actions += 1;
    }
    let winners = game.pending().outcome().map_or(0, |o| o.winners.len());
    (actions, winners)
}

fn bench(c: &mut Criterion) {
    let setup = Setup::for_players(4);
    let mut events = Vec::with_capacity(64);
    let mut group = c.benchmark_group("conquest");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random_game_4p", |b| {
        b.iter(|| {
            seed += 1;
            let (actions, winners) = random_game(&setup, seed, &mut events);
            assert!(
                actions > 100 && winners > 0,
                "{actions} actions, {winners} winners"
            );
            black_box(actions)
        })
    });
    group.bench_function("capture_table_10x10", |b| {
        b.iter(|| {
            let t = CaptureTable::from_scratch(black_box(10));
            let p = t.get(1, 1).unwrap_or(0.0);
            assert!((p - 15.0 / 36.0).abs() < 1e-12, "{p}");
            black_box(t)
        })
    });
    group.bench_function("capture_table_10x10_chain_only", |b| {
        b.iter(|| {
            let t = CaptureTable::new(black_box(10));
            assert!(t.get(10, 10).is_some_and(|p| p > 0.5 && p < 0.9));
            black_box(t)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
