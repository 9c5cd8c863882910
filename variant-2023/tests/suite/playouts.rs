//! The core random-playout harness on this edition: random legal games of
//! 2 to 6 robots on every built-in course, with random optional rules.

use robo_core::harness::{check_playouts, PlayoutConfig};
use robo_core::{PlayerId, Rng};
use variant_2023::courses;
use variant_2023::{Options, Race, Setup};

fn random_setup(rng: &mut Rng, rounds: u16) -> Setup {
    let names: Vec<&str> = courses::course_names().collect();
    let name = names[rng.index(names.len())];
    let course = courses::course(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let robots = 2 + rng.below(5) as u8;
    let mut s = Setup::new(course, robots);
    s.priority = PlayerId(rng.below(u32::from(robots)) as u8);
    s.options = Options::from_fn(|| rng.chance(1, 4));
    s.max_rounds = Some(rounds);
    s
}

#[test]
fn random_playouts_keep_every_protocol_promise() {
    let config = PlayoutConfig::new(100, 20_000);
    let report = check_playouts::<Race>(config, |rng| random_setup(rng, 6))
        .unwrap_or_else(|e| panic!("{e}"));
    // The long runs of docs/reliability.md read this line (--nocapture).
    println!("playouts: {report:?}");
    assert_eq!(report.finished, report.games);
    assert!(report.actions > u64::from(report.games) * 20, "{report:?}");
}
