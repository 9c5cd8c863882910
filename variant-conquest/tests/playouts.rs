//! The core random-playout harness runs this edition, on games and on
//! damaged saves.

use robo_core::harness::damage::damage_json;
use robo_core::harness::{check_damaged_saves, check_playouts, DamageConfig, PlayoutConfig};
use robo_core::Game;
use robo_core::Rng;
use variant_conquest::{Conquest, Leader, Map, MapSource, Setup};

fn random_setup(rng: &mut Rng) -> Setup {
    use Leader::*;
    let options: [&[Leader]; 6] = [
        &[OptimusPrime, Megatron],
        &[Barricade, Bumblebee],
        &[Megatron, OptimusPrime, Barricade],
        &[Bumblebee, Barricade, Megatron],
        &[OptimusPrime, Megatron, Bumblebee, Barricade],
        &[Megatron, Barricade, Bumblebee, OptimusPrime],
    ];
    let mut s = Setup::new(options[rng.index(options.len())].to_vec());
    s.leader_d8 = rng.chance(1, 2);
    s.sides = s.leaders.len() == 4 && rng.chance(1, 2);
    s
}

#[test]
fn random_games_keep_the_protocol() {
    let config = PlayoutConfig::new(12, 20_000);
    let report = check_playouts::<Conquest>(config, random_setup).unwrap_or_else(|f| panic!("{f}"));
    // The long runs of docs/reliability.md read this line (--nocapture).
    println!("playouts: {report:?}");
    assert_eq!(report.finished, report.games);
    assert!(report.actions > u64::from(report.games) * 100);
}

#[test]
fn short_games_on_small_supplies_keep_the_protocol() {
    // Few rounds and robots: supplies run dry and the end comes fast.
    let config = PlayoutConfig {
        seed: 1000,
        ..PlayoutConfig::new(12, 20_000)
    };
    let report = check_playouts::<Conquest>(config, |rng| {
        let mut s = random_setup(rng);
        s.robots = 24;
        s.setup_robots = 23;
        s.rounds = 1 + rng.below(3) as u8;
        s
    })
    .unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.finished, report.games);
}

#[test]
fn damaged_saves_are_refused_or_play_on_keeping_the_invariants() {
    // Setup placement is long (each robot one action): save anywhere in it
    // or in the rounds after.
    let config = DamageConfig::new(60, 400);
    let report =
        check_damaged_saves::<Conquest>(config, random_setup).unwrap_or_else(|f| panic!("{f}"));
    assert!(report.refused > 0 && report.read_back > 0, "{report:?}");
}

#[test]
fn damaged_maps_are_refused_or_give_games_that_keep_the_protocol() {
    let good = serde_json::to_value(Map::cybertron().expect("the shipped map").data())
        .expect("map data serialises");
    let (mut refused, mut played) = (0, 0);
    for seed in 0..u64::from(robo_core::testing::cases(150)) {
        let mut rng = Rng::from_seed(seed);
        let mut bad = good.clone();
        let what: Vec<String> = (0..=rng.index(2))
            .map(|_| damage_json(&mut bad, &mut rng))
            .collect();
        let Ok(data) = serde_json::from_value(bad) else {
            refused += 1;
            continue;
        };
        let mut setup = random_setup(&mut rng);
        setup.map = MapSource::Custom(data);
        if Conquest::new(setup.clone(), seed).is_err() {
            refused += 1;
            continue;
        }
        played += 1;
        let config = PlayoutConfig {
            seed,
            games: 1, // one game per map, whatever ROBORALLY_PLAYOUTS says
            ..PlayoutConfig::new(1, 20_000)
        };
        if let Err(f) = check_playouts::<Conquest>(config, |_| setup.clone()) {
            panic!("map damaged ({}): {f}", what.join("; "));
        }
    }
    assert!(
        refused > 0 && played > 0,
        "{refused} refused, {played} played"
    );
}
