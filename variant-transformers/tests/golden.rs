//! Golden games: seeded random races on every built-in course whose event
//! and action logs, and final saves, hash to recorded values. A change to
//! the register's speed must leave them as they are; a rule changed on
//! purpose re-records them (print the new values with
//! `cargo test -p variant-transformers --test golden -- --nocapture`) in
//! its own commit, saying why.

use robo_core::harness::golden::{self, Played};
use robo_core::protocol::{Policy, RandomPolicy};
use variant_transformers::{courses, Race, Setup};

/// Plays one race of `robots` random policies on `course` to its end (at
/// most 16 rounds).
fn play(course: &str, robots: usize, seed: u64) -> Played {
    let mut setup = Setup::new(courses::course(course).expect("a built-in course"), robots);
    setup.max_rounds = Some(16);
    let race = Race::create(setup, seed).expect("a valid setup");
    let mut policies: Vec<RandomPolicy> = (0..robots)
        .map(|p| RandomPolicy::new(seed.wrapping_mul(31).wrapping_add(p as u64)))
        .collect();
    let mut seats: Vec<&mut dyn Policy<Race>> = policies
        .iter_mut()
        .map(|b| b as &mut dyn Policy<Race>)
        .collect();
    golden::play(race, &mut seats, 200_000).expect("the race ends within 16 rounds")
}

/// Recorded on 2026-11-24 before the register work of branch `tf-perf`:
/// (behaviour hash, events, actions) and the save hash, two races per
/// course in `courses::course_names()` order: 4 robots (fewer if the
/// course has fewer starts) from seed 11 + the course's index, then as
/// many robots as it has starts (at most 6) from seed 101 + the index.
/// The last race's behaviour hash was re-recorded by branch `tf29`: a
/// robot's step back off a mine is reported as a move of its own (it was a
/// placement); the same cells, the same save. The save hashes were
/// re-recorded when the race moved onto the race frame (issue 30): the
/// spine's fields (round, register, round cap, agenda, waiting, outcome)
/// are saved first, together; the behaviour hashes did not change.
const EXPECTED: [(u64, usize, usize, u64); 16] = [
    (3701661022327857277, 1400, 192, 6913993345118938139),
    (3576202587395939116, 1965, 288, 10311254756500566152),
    (15715048852816237258, 1300, 211, 17604050218900456301),
    (12030721206691043511, 1905, 289, 3601895776766050267),
    (16183675664307270178, 1347, 214, 2803801776660840373),
    (7576759013674769156, 2024, 320, 4010693873776302523),
    (6575445116181254491, 1393, 185, 14174423504517008693),
    (3184226282494131883, 1928, 301, 4625135585192023604),
    (6367878180811381465, 1343, 198, 18161655127325016240),
    (577351771424389348, 1973, 340, 2110480949864311761),
    (10032365294552150098, 1356, 194, 5922217883199062584),
    (17897699834881986958, 1856, 273, 10565346449369384503),
    (4003895065038981458, 1372, 182, 8455769645359635413),
    (12951661255199511881, 2042, 303, 6182421335795393364),
    (3052332523070275639, 1322, 224, 12960137828546828708),
    (1581279245793929481, 2005, 338, 11665227777569261601),
];

#[test]
fn seeded_races_on_every_course_are_unchanged() {
    let got: Vec<(u64, usize, usize, u64)> = courses::course_names()
        .enumerate()
        .flat_map(|(i, name)| {
            let starts = courses::course(name).map_or(2, |c| c.starts().len());
            [(starts.min(4), 11), (starts.min(6), 101)].map(|(robots, seed)| {
                let p = play(name, robots, seed + i as u64);
                let (b, e, a) = p.behaviour();
                (b, e, a, p.save)
            })
        })
        .collect();
    println!("{got:?}");
    assert_eq!(got.as_slice(), EXPECTED.as_slice());
}
