//! The register with no option in effect (the quiet path: the option
//! hooks skipped, the main lasers aimed at once, the plain card run) is the
//! general register: seeded random games played both ways report the same
//! events and end in the same state.

use super::super::{Action, Race, Setup};
use crate::courses;
use robo_core::protocol::Pending;
use robo_core::rng::Rng;
use robo_core::Game;

/// Games compared: `ROBORALLY_DIFF_RACES`, 100 if unset.
fn races() -> u64 {
    std::env::var("ROBORALLY_DIFF_RACES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
}

#[test]
fn the_quiet_register_is_the_general_one() {
    let names: Vec<&str> = courses::course_names().collect();
    let (mut games, mut actions, mut quiet_registers) = (0, 0, 0);
    for seed in 0..races() {
        let name = names[seed as usize % names.len()];
        let players = 2 + (seed % 7) as u8;
        let mut setup = Setup::new(courses::course(name).unwrap(), players);
        setup.max_rounds = Some(6);
        // Now and then options dealt (the quiet path then ends when one
        // is held, and begins again when none is).
        setup.options = u8::from(seed % 4 == 3);
        let Ok(mut quick) = Race::new(setup, seed) else {
            continue;
        };
        games += 1;
        let mut general = quick.clone();
        general.always_general();
        let mut rng = Rng::from_seed(seed ^ 0x5eed);
        let mut legal: Vec<Action> = Vec::new();
        for _ in 0..2_000 {
            let player = match quick.pending() {
                Pending::Terminal(_) => break,
                Pending::Decision { player, .. } => player,
                Pending::Simultaneous { players, .. } => players[rng.index(players.len())],
            };
            let _ = quick.legal_actions(player, &mut legal);
            assert!(
                !legal.is_empty(),
                "{name} seed {seed}: nothing legal for {player:?}"
            );
            let action = legal[rng.index(legal.len())];
            let a = quick.apply(player, action).expect("a legal action");
            let b = general.apply(player, action).expect("the same action");
            assert_eq!(a, b, "{name} seed {seed}: the events differ");
            assert_eq!(quick, general, "{name} seed {seed}: the games differ");
            quiet_registers += usize::from(quick.scratch.quiet);
            actions += 1;
        }
    }
    eprintln!("{games} games, {actions} actions, {quiet_registers} quiet");
    assert!(
        games * 2 >= races() && quiet_registers * 4 >= actions,
        "{games} games, {actions} actions, {quiet_registers} after a quiet register"
    );
}
