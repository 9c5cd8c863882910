//! The core random-playout harness on this edition: random legal games of
//! 2 to 6 robots on every built-in course, and damaged saves.

use robo_core::harness::{check_damaged_saves, check_playouts, DamageConfig, PlayoutConfig};
use robo_core::{PlayerId, Rng};
use variant_transformers::courses;
use variant_transformers::Race;
use variant_transformers::{Mode, Setup};

fn random_setup(rng: &mut Rng, rounds: u16) -> Setup {
    let names: Vec<&str> = courses::course_names().collect();
    let name = names[rng.index(names.len())];
    let course = courses::course(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let starts = course.free_starts().count().min(6);
    let robots = 2 + rng.index(starts - 1);
    let mut s = Setup::new(course, robots);
    s.priority = PlayerId(rng.index(robots) as u8);
    for seat in &mut s.seats {
        if rng.chance(1, 2) {
            seat.mode = Mode::Bot;
        }
    }
    s.max_rounds = Some(rounds);
    s
}

#[test]
fn random_playouts_keep_every_protocol_promise() {
    let config = PlayoutConfig::new(40, 20_000);
    let report = check_playouts::<Race>(config, |rng| random_setup(rng, 5))
        .unwrap_or_else(|e| panic!("{e}"));
    // The long runs of docs/reliability.md read this line (--nocapture).
    println!("playouts: {report:?}");
    assert_eq!(report.finished, report.games);
    assert!(report.actions > u64::from(report.games) * 20, "{report:?}");
}

#[test]
fn damaged_saves_are_refused_or_play_on_keeping_the_invariants() {
    let config = DamageConfig::new(60, 150);
    let report = check_damaged_saves::<Race>(config, |rng| random_setup(rng, 4))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.refused > 0 && report.read_back > 0, "{report:?}");
}
