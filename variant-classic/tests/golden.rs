//! Golden games: seeded random games on every built-in course whose event
//! and action logs, and final saves, hash to recorded values. A refactor
//! must leave the behaviour hash as it is; a rule changed on purpose
//! re-records it (print the new values with
//! `cargo test -p variant-classic --test golden -- --nocapture`) in its own
//! commit, saying why.

use robo_core::harness::golden::{self, Played};
use robo_core::protocol::{Policy, RandomPolicy};
use variant_classic::{courses, Race, Setup};

/// Plays one game of `robots` random policies on `course` to its end (at
/// most 12 turns), each robot dealt `options` option cards.
fn play(course: &str, robots: u8, options: u8, seed: u64) -> Played {
    let mut setup = Setup::new(courses::course(course).expect("a built-in course"), robots);
    setup.max_rounds = Some(12);
    setup.options = options;
    let race = <Race as robo_core::Game>::new(setup, seed).expect("a valid setup");
    let mut policies: Vec<RandomPolicy> = (0..u64::from(robots))
        .map(|p| RandomPolicy::new(seed.wrapping_mul(31).wrapping_add(p)))
        .collect();
    let mut seats: Vec<&mut dyn Policy<Race>> = policies
        .iter_mut()
        .map(|b| b as &mut dyn Policy<Race>)
        .collect();
    golden::play(race, &mut seats, 200_000).expect("the game ends within 12 turns")
}

/// Recorded on main at eadbc91, before the game moved onto the kit's race
/// frame: one hash over two games per course in `courses::course_names()`
/// order, 4 robots without options from seed 11 + the course's index, then
/// 6 robots (fewer on a course with fewer docks) dealt 2 options each from
/// seed 101 + the index: (behaviour hash, events, actions).
const EXPECTED: (u64, usize, usize) = (0xe466_88e8_9e28_224a, 10_616, 4_262);

#[test]
fn seeded_games_on_every_course_are_unchanged() {
    let all = Played::fold(courses::course_names().enumerate().flat_map(|(i, name)| {
        let docks = courses::course(name).map_or(2, |c| c.starts().len());
        let few = u8::try_from(docks.min(4)).unwrap_or(4);
        let many = u8::try_from(docks.min(6)).unwrap_or(6);
        [
            play(name, few, 0, 11 + i as u64),
            play(name, many, 2, 101 + i as u64),
        ]
    }));
    println!(
        "all: behaviour {:#018x} save {:#018x} {} events {} actions",
        all.behaviour, all.save, all.events, all.actions
    );
    assert!(all.events > 0 && all.actions > 0);
    assert_eq!(all.behaviour(), EXPECTED, "the games play differently");
}
