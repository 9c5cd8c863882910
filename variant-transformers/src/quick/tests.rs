//! The differential test of the register's fast paths: seeded random
//! races played twice in lockstep, once as the engine plays them and once
//! with every fast path left out (`Scratch::general`: the quick card
//! moves, the lone card played at once, the plain shot fired and its hit
//! drawn at once, the steps skipped when no robot stands on their
//! element). Every action must be taken or refused alike, and report the
//! same events and leave the same state.
//!
//! 100 races by default; `ROBORALLY_DIFF_RACES=2000` plays more.

use crate::courses;
use crate::race::Race;
use crate::setup::Setup;
use robo_core::protocol::{Game, Pending, Policy, RandomPolicy};

/// Races to play: `ROBORALLY_DIFF_RACES`, 100 by default.
fn races() -> u64 {
    std::env::var("ROBORALLY_DIFF_RACES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100)
}

/// Plays race `seed` in lockstep on both paths, panicking at the first
/// difference; returns the fast twin's quick card moves and the actions.
fn lockstep(seed: u64) -> (u32, usize) {
    let names: Vec<&str> = courses::course_names().collect();
    let n = names.len() as u64;
    let name = names[(seed % n) as usize];
    let course = courses::course(name).expect("a built-in course");
    let robots = (2 + ((seed / n) % 5) as usize).min(course.starts().len());
    let mut setup = Setup::new(course, robots);
    setup.max_rounds = Some(10);
    let mut fast = Race::create(setup, seed).expect("a valid setup");
    // A clone's scratch starts afresh, so the switch is set after it.
    let mut general = fast.clone();
    general.scratch.general = true;
    let mut bots: Vec<RandomPolicy> = (0..robots as u64)
        .map(|p| RandomPolicy::new(seed.wrapping_mul(31).wrapping_add(p)))
        .collect();
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut actions = 0;
    for _ in 0..20_000 {
        let player = match fast.pending() {
            Pending::Terminal(_) => break,
            Pending::Decision { player, .. } => player,
            Pending::Simultaneous { players, .. } => players[0],
        };
        let action = bots[player.index()]
            .choose(&fast, player)
            .expect("a random bot always acts");
        a.clear();
        b.clear();
        let x = fast.apply_into(player, action.clone(), &mut a);
        let y = general.apply_into(player, action.clone(), &mut b);
        let at = format!(
            "race {seed} ({name}, {robots} robots), action {actions} {action:?} by {player:?}"
        );
        assert_eq!(x, y, "{at}: taken or refused differently");
        if let Some(i) = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i)) {
            panic!(
                "{at}: event {i} differs\n fast:    {:?}\n general: {:?}\n before: {:?}",
                a.get(i),
                b.get(i),
                &a[i.saturating_sub(4)..i.min(a.len())]
            );
        }
        assert!(fast == general, "{at}: the states differ");
        actions += 1;
    }
    assert!(
        matches!(fast.pending(), Pending::Terminal(_)),
        "race {seed} did not end"
    );
    assert_eq!(general.scratch.quick_moves, 0, "the general twin went fast");
    (fast.scratch.quick_moves, actions)
}

#[test]
fn fast_paths_play_as_the_general_path() {
    let (mut quick, mut actions) = (0, 0);
    for seed in 1000..1000 + races() {
        let (q, a) = lockstep(seed);
        quick += q;
        actions += a;
    }
    println!("{actions} actions, {quick} quick card moves");
    // The races must exercise the fast path, or they prove nothing.
    assert!(
        quick >= 10 * races() as u32,
        "only {quick} quick card moves"
    );
}
