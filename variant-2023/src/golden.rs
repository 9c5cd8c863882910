//! Bit-for-bit regression: seeded games (random policies, and one game of
//! planners) whose final state and whole event log must hash to values
//! recorded before the register hot path was optimised. Any change of
//! behaviour, however small (an event in another order, one more card
//! drawn), changes a hash.
//!
//! If a rule is changed on purpose, print the new values with
//! `cargo test -p variant-2023 golden -- --nocapture` and record them here
//! with the reason in the commit message.

use crate::bots::{seat_seed, Planner};
use crate::{courses, Options, Race, Setup};
use robo_core::protocol::{play_out, Policy, RandomPolicy};
use robo_core::{Game, PlayerId};

/// FNV-1a, 64 bits: a hash whose value never depends on the toolchain.
fn fnv(bytes: &[u8], mut h: u64) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// One game, as (hash of the final state's JSON, hash of the event log's
/// JSON, events, actions).
fn play(
    course: &str,
    robots: u8,
    seed: u64,
    options: Options,
    planners: bool,
) -> (u64, u64, usize, usize) {
    let mut setup = Setup::new(courses::course(course).expect("a built-in course"), robots);
    setup.options = options;
    setup.max_rounds = Some(20);
    let mut race = Race::new(setup, seed).expect("a valid setup");
    let mut randoms: Vec<RandomPolicy> = (0..robots)
        .map(|p| RandomPolicy::new(seat_seed(seed, PlayerId(p))))
        .collect();
    let mut bots: Vec<Planner> = (0..robots)
        .map(|p| Planner::new(seat_seed(seed, PlayerId(p))))
        .collect();
    let mut seats: Vec<&mut dyn Policy<Race>> = if planners {
        bots.iter_mut()
            .map(|b| b as &mut dyn Policy<Race>)
            .collect()
    } else {
        randoms
            .iter_mut()
            .map(|b| b as &mut dyn Policy<Race>)
            .collect()
    };
    let mut log = Vec::new();
    let mut events = FNV_START;
    let mut count = 0;
    play_out(&mut race, &mut seats, 100_000, &mut log, |e| {
        let json = serde_json::to_string(e).expect("events serialise");
        events = fnv(json.as_bytes(), events);
        count += 1;
    })
    .expect("policies play legal actions");
    assert!(
        race.pending().is_terminal(),
        "the game ends within 20 rounds"
    );
    let state = serde_json::to_string(&race).expect("a race serialises");
    (fnv(state.as_bytes(), FNV_START), events, count, log.len())
}

fn busy() -> Options {
    Options::default()
}

fn all_flags() -> Options {
    Options {
        lighter: false,
        less_deadly: true,
        less_spammy: false,
        dynamic_archiving: true,
        competitive: true,
        act_fast: true,
        less_foreshadowing: true,
    }
}

#[test]
fn seeded_games_are_unchanged() {
    let games = [
        ("For the Glory", 6, 1, busy(), false),
        ("For the Glory", 5, 2, busy(), false),
        ("For the Glory", 4, 3, all_flags(), false),
        ("Cry Havoc", 6, 4, busy(), false),
        ("Milk Run", 6, 5, all_flags(), false),
        ("For the Glory", 4, 6, busy(), true),
    ];
    let got: Vec<(u64, u64, usize, usize)> = games
        .iter()
        .map(|&(course, robots, seed, options, planners)| {
            play(course, robots, seed, options, planners)
        })
        .collect();
    for (g, r) in games.iter().zip(&got) {
        println!(
            "{} {} robots seed {}: {:#018x} {:#018x} {} {}",
            g.0, g.1, g.2, r.0, r.1, r.2, r.3
        );
    }
    assert_eq!(got, EXPECTED);
}

/// Recorded before the register hot path was optimised.
const EXPECTED: [(u64, u64, usize, usize); 6] = [
    (0x6bf1_4d4c_4b48_c647, 0xb4f3_4716_403a_c327, 3129, 280),
    (0x3a3c_2d8c_994c_9fbf, 0x10ef_8b36_8ea9_f768, 2628, 237),
    (0x0280_d753_3cc7_0960, 0xff72_d65f_4ee2_dc8f, 2128, 158),
    (0x1477_8096_33c3_5fdf, 0x518a_6eca_715f_21e2, 3036, 263),
    (0x6692_10b3_6203_0b96, 0x8823_6f1b_b9ef_8fd5, 674, 68),
    (0x2dc1_8158_1f1e_ccda, 0x0442_f65f_1d1d_3c17, 1798, 129),
];

/// Many more games, one on each built-in course in turn, 2 to 6 robots,
/// each optional rule on or off from the seed; one hash over all of them.
#[test]
fn games_on_every_course_with_every_rule_are_unchanged() {
    let names: Vec<&str> = courses::course_names().collect();
    let mut all = FNV_START;
    let mut events = 0;
    for i in 0..40u64 {
        let mut rng = robo_core::Rng::from_seed(100 + i);
        let options = Options::from_fn(|| rng.chance(1, 3));
        let course = names[i as usize % names.len()];
        let robots = 2 + (i % 5) as u8;
        let (state, log, n, _) = play(course, robots, 1000 + i, options, false);
        all = fnv(&state.to_le_bytes(), all);
        all = fnv(&log.to_le_bytes(), all);
        events += n;
    }
    println!("all games: {all:#018x} {events}");
    assert_eq!((all, events), EXPECTED_ALL);
}

/// Recorded on the code before the register hot path was optimised
/// (commit 6b9935a, the commit that added this file's first test).
const EXPECTED_ALL: (u64, usize) = (0xcdc7_ee21_138f_77d1, 81_678);
