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
/// placement); the same cells, the same save.
const EXPECTED: [(u64, usize, usize, u64); 16] = [
    (3701661022327857277, 1400, 192, 16335641087799391595),
    (3576202587395939116, 1965, 288, 18096475300284036640),
    (15715048852816237258, 1300, 211, 7168111645762503541),
    (12030721206691043511, 1905, 289, 14938214389628330273),
    (16183675664307270178, 1347, 214, 7943252995864383679),
    (7576759013674769156, 2024, 320, 1335454077479455011),
    (6575445116181254491, 1393, 185, 2312833465369416555),
    (3184226282494131883, 1928, 301, 3515313811711713020),
    (6367878180811381465, 1343, 198, 5001778627965059786),
    (577351771424389348, 1973, 340, 6041425314642592533),
    (10032365294552150098, 1356, 194, 5481414561510147912),
    (17897699834881986958, 1856, 273, 16040633049270952177),
    (4003895065038981458, 1372, 182, 15840721178454131933),
    (12951661255199511881, 2042, 303, 4789658989694679068),
    (3052332523070275639, 1322, 224, 18284982155519924650),
    (1581279245793929481, 2005, 338, 3117760930269341613),
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
