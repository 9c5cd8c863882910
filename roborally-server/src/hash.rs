//! The hash of a game's state that the log keeps with every action, so a
//! match rebuilt from its setup, seed and actions is checked against what
//! was played.

use roborally::AnyGame;
use std::io;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a over the bytes written to it.
struct Fnv(u64);

impl io::Write for Fnv {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        for &b in buf {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(FNV_PRIME);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The hash of the game's whole state (its JSON form, which every edition
/// writes in a fixed order), written without building the JSON text.
///
/// ```
/// use roborally::core::Game;
/// use roborally::{AnyGame, AnySetup};
/// use roborally_server::hash::state_hash;
/// let setup = AnySetup::Conquest(roborally::conquest::Setup::for_players(2));
/// let a = AnyGame::new(setup.clone(), 1).unwrap();
/// assert_eq!(state_hash(&a), state_hash(&AnyGame::new(setup.clone(), 1).unwrap()));
/// assert_ne!(state_hash(&a), state_hash(&AnyGame::new(setup, 2).unwrap()));
/// ```
#[must_use]
pub fn state_hash(game: &AnyGame) -> u64 {
    let mut h = Fnv(FNV_OFFSET);
    // Writing to the hasher cannot fail; a game always serialises.
    let _ = serde_json::to_writer(&mut h, game);
    h.0
}
