//! The core harnesses on the classic game: random legal games of 2 to 8
//! robots on every built-in course keep every protocol promise, and
//! damaged saves are refused with a message or play on keeping the
//! invariants. Never a panic.

use robo_core::harness::{check_damaged_saves, check_playouts, DamageConfig, PlayoutConfig};
use robo_core::Rng;
use variant_classic::{courses, Race, Setup};

/// 2 to 8 robots on a built-in course, 3 or 4 lives, 0 to 3 options
/// each, some of the option variants, a few turns at most.
fn random_setup(rng: &mut Rng, rounds: u16) -> Setup {
    let names: Vec<&str> = courses::course_names().collect();
    let name = names[rng.index(names.len())];
    let course = courses::course(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut s = Setup::new(course, 2 + rng.below(7) as u8);
    s.lives = if rng.chance(1, 4) { 4 } else { 3 };
    s.max_rounds = Some(rounds);
    s.options = rng.below(4) as u8;
    // The variant rules of the options and the end, each now and then.
    for rule in [
        "deluxe-options",
        "turbo-wrenches",
        "first-edition-double-tool",
        "bio-bots",
        "immortality",
    ] {
        if rng.chance(1, 3) {
            s.choose(rule).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    s
}

#[test]
fn random_playouts_keep_every_protocol_promise() {
    let config = PlayoutConfig::new(40, 20_000);
    let report = check_playouts::<Race>(config, |rng| random_setup(rng, 6))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.finished, report.games);
    assert!(report.actions > u64::from(report.games) * 20, "{report:?}");
}

#[test]
fn damaged_saves_are_refused_or_play_on_keeping_the_invariants() {
    let config = DamageConfig::new(60, 150);
    let report = check_damaged_saves::<Race>(config, |rng| random_setup(rng, 6))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.refused > 0 && report.read_back > 0, "{report:?}");
}
