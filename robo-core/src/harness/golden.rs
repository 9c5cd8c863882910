//! Golden games: seeded games played to their end and hashed two ways, so
//! that a refactor can prove it changed nothing.
//!
//! - The **behaviour** hash covers the whole event log and then every
//!   action played (each as JSON). Any change of behaviour, however small
//!   (an event in another order, one more card drawn), changes it.
//!   Refactors must leave it alone.
//! - The **save-format** hash covers the final state's JSON. It changes
//!   when a field of the save moves or is renamed even if the game plays
//!   the same; re-record it only in a commit that changes the save format
//!   on purpose, saying so.
//!
//! An edition keeps its games and their recorded values in one table in
//! its golden test; [`play`] plays one, [`Played::fold`] hashes many into
//! one. The hash is FNV-1a ([`fnv`]), whose value never depends on the
//! toolchain.
//!
//! ```
//! use robo_core::harness::golden::{play, Played};
//! use robo_core::protocol::{Policy, RandomPolicy};
//! use robo_core::toy::race::{Race, Setup};
//! use robo_core::Game;
//! let setup = Setup { board: "+--+--+\n .. F1\n+  +  +\n .. ..\n+--+--+\n".into(),
//!                     starts: vec![robo_core::geom::Pos::new(0, 1)], max_rounds: 5 };
//! let game = |seed| {
//!     let mut bot = RandomPolicy::new(seed);
//!     let mut seats: Vec<&mut dyn Policy<Race>> = vec![&mut bot];
//!     play(Race::new(setup.clone(), seed).unwrap(), &mut seats, 100).unwrap()
//! };
//! assert_eq!(game(7), game(7), "same seed, same game, same hashes");
//! let all = Played::fold([game(1), game(2)]);
//! assert_eq!(all.events, game(1).events + game(2).events);
//! ```

use crate::protocol::{play_out, Game, Policy};

/// The FNV-1a hash's starting value.
pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bits: `bytes` hashed on from `h` ([`FNV_START`] at first).
#[must_use]
pub fn fnv(bytes: &[u8], mut h: u64) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// One seeded game (or many, folded), hashed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// Hash of the event log's JSON, then of the actions' JSON.
    pub behaviour: u64,
    /// Hash of the final state's JSON.
    pub save: u64,
    /// Events.
    pub events: usize,
    /// Actions.
    pub actions: usize,
}

impl Played {
    /// Many games as one: each game's hashes hashed in order (as
    /// little-endian bytes), the counts added up.
    #[must_use]
    pub fn fold(games: impl IntoIterator<Item = Played>) -> Played {
        games.into_iter().fold(
            Played {
                behaviour: FNV_START,
                save: FNV_START,
                events: 0,
                actions: 0,
            },
            |all, g| Played {
                behaviour: fnv(&g.behaviour.to_le_bytes(), all.behaviour),
                save: fnv(&g.save.to_le_bytes(), all.save),
                events: all.events + g.events,
                actions: all.actions + g.actions,
            },
        )
    }

    /// The behaviour hash with the counts, as golden tables record them.
    #[must_use]
    pub fn behaviour(&self) -> (u64, usize, usize) {
        (self.behaviour, self.events, self.actions)
    }
}

/// Plays `game` to its end with one policy per seat (simultaneous
/// decisions answered in seat order) and hashes it.
///
/// # Errors
/// A message when a policy plays an action the game refuses, a policy
/// resigns, or the game has not ended after `max_actions` actions.
pub fn play<G: Game>(
    mut game: G,
    seats: &mut [&mut dyn Policy<G>],
    max_actions: usize,
) -> Result<Played, String> {
    let mut log = Vec::new();
    let mut behaviour = FNV_START;
    let mut events = 0;
    let mut json = Vec::new();
    let result = play_out(&mut game, seats, max_actions, &mut log, |e| {
        json.clear();
        if serde_json::to_writer(&mut json, e).is_ok() {
            behaviour = fnv(&json, behaviour);
        }
        events += 1;
    })
    .map_err(|e| format!("a policy's action was refused: {e:?}"))?;
    if !game.pending().is_terminal() {
        return Err(format!("the game did not end: {result:?}"));
    }
    for action in &log {
        let json = serde_json::to_vec(action).map_err(|e| e.to_string())?;
        behaviour = fnv(&json, behaviour);
    }
    let state = serde_json::to_vec(&game).map_err(|e| e.to_string())?;
    Ok(Played {
        behaviour,
        save: fnv(&state, FNV_START),
        events,
        actions: log.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::RandomPolicy;
    use crate::toy::race::{Race, Setup};

    /// Toy games, each seat a random policy seeded from the game's seed.
    fn toy(seed: u64, robots: usize) -> Played {
        let board = "
+--+--+--+--+
 .. >. >. G>
+  +  +  +  +
 Z> .. .. ..
+  +  +  +  +
 .. [] .. F1
+--+--+--+--+
";
        let starts = [(0, 0), (3, 1), (0, 2), (2, 1)];
        let setup = Setup {
            board: board.into(),
            starts: starts[..robots]
                .iter()
                .map(|&(x, y)| crate::geom::Pos::new(x, y))
                .collect(),
            max_rounds: 12,
        };
        let mut bots: Vec<RandomPolicy> = (0..robots as u64)
            .map(|i| RandomPolicy::new(seed * 10 + i))
            .collect();
        let mut seats: Vec<&mut dyn Policy<Race>> = bots
            .iter_mut()
            .map(|b| b as &mut dyn Policy<Race>)
            .collect();
        play(Race::new(setup, seed).unwrap(), &mut seats, 1000).unwrap()
    }

    #[test]
    fn fnv_is_fnv_1a() {
        assert_eq!(fnv(b"", FNV_START), FNV_START);
        assert_eq!(fnv(b"a", FNV_START), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv(b"foobar", FNV_START), 0x8594_4171_f739_67e8);
    }

    /// The toy edition's golden games: if the toy race's rules change on
    /// purpose, print the new values with
    /// `cargo test -p robo-core golden -- --nocapture` and record them.
    #[test]
    fn seeded_toy_games_are_unchanged() {
        let games: Vec<Played> = TOY_GAMES.iter().map(|&(s, r)| toy(s, r)).collect();
        for ((seed, robots), g) in TOY_GAMES.iter().zip(&games) {
            println!(
                "toy seed {seed}, {robots} robots: behaviour {:#018x} save {:#018x} {} {}",
                g.behaviour, g.save, g.events, g.actions
            );
        }
        let all = Played::fold(games.iter().copied());
        println!(
            "all: behaviour {:#018x} save {:#018x} {} {}",
            all.behaviour, all.save, all.events, all.actions
        );
        assert!(games.iter().all(|g| g.actions > 0 && g.events > 0));
        assert_eq!(toy(1, 2), games[0], "a game replays to the same hashes");
        assert_ne!(games[0].behaviour, games[1].behaviour);
        assert_eq!(
            (all.behaviour(), all.save),
            TOY_EXPECTED,
            "the toy games play or save differently"
        );
    }

    /// The games: seed and robots.
    const TOY_GAMES: [(u64, usize); 4] = [(1, 2), (2, 2), (3, 3), (4, 4)];

    /// Recorded when the golden helper moved to robo-core; the save hash
    /// re-recorded when the toy moved onto the race frame (the spine's
    /// fields are saved together, and the round cap is optional), and
    /// again when the toy's one register became register 1 in the spine
    /// (a save taken mid-register says so).
    const TOY_EXPECTED: ((u64, usize, usize), u64) =
        ((0x3b69_942d_0461_bc7e, 138, 54), 0x2390_9686_3dfd_6852);
}
