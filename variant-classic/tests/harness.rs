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
        "scavenger-hunt-i",
        "scavenger-hunt-ii",
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
    // The long runs of docs/reliability.md read this line (--nocapture).
    println!("playouts: {report:?}");
}

#[test]
fn playouts_that_end_with_a_winner_keep_their_invariants() {
    // These seeds of the harness above end with a robot on its last flag
    // and no play on: the winner stays on the board, and once was taken
    // for a destroyed robot standing there.
    for seed in [11403, 39339] {
        let config = PlayoutConfig {
            games: 1,
            seed,
            ..PlayoutConfig::new(1, 20_000)
        };
        let report = check_playouts::<Race>(config, |rng| random_setup(rng, 6))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.finished, 1, "seed {seed}");
    }
}

#[test]
fn damaged_saves_are_refused_or_play_on_keeping_the_invariants() {
    let config = DamageConfig::new(60, 150);
    let report = check_damaged_saves::<Race>(config, |rng| random_setup(rng, 6))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.refused > 0 && report.read_back > 0, "{report:?}");
}

/// Games in the all-variants runs: `ROBORALLY_ALL_VARIANTS` if set, else
/// `default`.
fn all_variants_games(default: u32) -> u32 {
    std::env::var("ROBORALLY_ALL_VARIANTS")
        .ok()
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(default)
}

/// 2 to 8 robots on a built-in course with every variant rule on at once
/// and options dealt to every robot (one, or three to keep one): where
/// rules exclude each other (how robots start, where the flags lie, which
/// option package, which Scavenger Hunt) one is drawn. A turn cap ends games Immortality and
/// play-on would keep going.
fn all_variants_setup(rng: &mut Rng) -> Setup {
    let names: Vec<&str> = courses::course_names().collect();
    let name = names[rng.index(names.len())];
    let course = courses::course(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut s = Setup::new(course, 2 + rng.below(7) as u8);
    let package = if rng.chance(1, 2) {
        "standard-options"
    } else {
        "deluxe-options"
    };
    let start = ["docking-bay", "starting-gate", "shared-start"][rng.index(3)];
    let flags = ["course-flags", "random-flags"][rng.index(2)];
    let hunt = ["scavenger-hunt-i", "scavenger-hunt-ii"][rng.index(2)];
    let rules = [
        package,
        start,
        flags,
        hunt,
        "turbo-wrenches",
        "first-edition-double-tool",
        "bio-bots",
        "immortality",
        "high-flying",
        "extra-lives",
        "on-the-clock",
        "play-on",
        "turn-cap=5",
    ];
    for rule in rules {
        s.choose(rule).unwrap_or_else(|e| panic!("{rule}: {e}"));
    }
    s
}

#[test]
fn all_variants_with_options_dealt_play_to_the_end() {
    let mut config = PlayoutConfig::new(30, 40_000);
    config.games = all_variants_games(30);
    let report =
        check_playouts::<Race>(config, all_variants_setup).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("all variants: {report:?}");
    assert_eq!(report.finished, config.games, "{report:?}");
    assert!(report.actions > u64::from(report.games) * 20, "{report:?}");
}

#[test]
fn damaged_saves_with_all_variants_are_refused_or_play_on() {
    let config = DamageConfig::new(30, 200);
    let report =
        check_damaged_saves::<Race>(config, all_variants_setup).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.refused > 0 && report.read_back > 0, "{report:?}");
}
