//! The action space: one seat's menu of at most `size` whole actions.
//!
//! Entry `j` of a menu is the engine's `j`-th legal action when the engine
//! lists them all and they fit; otherwise the listed alternatives come
//! first (at most a quarter of the menu) and every other entry is a whole
//! action drawn by the engine's own [`Game::sample_action`] from a
//! generator seeded by the menu's seed and `j`. Every entry is legal, an
//! entry is the same action however often it is asked for, and nothing is
//! drawn until an entry is asked for (see `docs/python.md`).

use robo_core::protocol::{seat_seed, Game, Legal};
use robo_core::{PlayerId, Rng};

/// One seat's menu.
#[derive(Clone, Debug)]
pub struct Menu<A> {
    /// Entries given by the engine's list (the first `listed.len()`).
    listed: Vec<A>,
    /// Entries in all (listed and drawn); 0 when the seat has no decision.
    len: usize,
    /// The seed of the drawn entries.
    seed: u64,
}

impl<A> Default for Menu<A> {
    fn default() -> Self {
        Menu {
            listed: Vec::new(),
            len: 0,
            seed: 0,
        }
    }
}

/// The generator of drawn entry `j` of a menu seeded with `seed`.
fn entry_rng(seed: u64, j: usize) -> Rng {
    Rng::from_seed(seat_seed(seed, PlayerId((j % 251) as u8)) ^ (j as u64) << 32)
}

impl<A: Clone> Menu<A> {
    /// Refills the menu of `seat` in `game` (reusing its buffer); `seed`
    /// seeds the drawn entries, `size` is the most entries.
    pub fn fill<G: Game<Action = A>>(&mut self, game: &G, seat: PlayerId, seed: u64, size: usize) {
        self.seed = seed;
        let legal = game.legal_actions(seat, &mut self.listed);
        let n = self.listed.len();
        match legal {
            Legal::Complete if n <= size => self.len = n,
            Legal::Complete => {
                self.listed.clear();
                self.len = size;
            }
            Legal::TooMany => {
                self.listed.truncate(size / 4);
                self.len = size;
            }
        }
    }

    /// Empties the menu (the seat has nothing to decide).
    pub fn clear(&mut self) {
        self.listed.clear();
        self.len = 0;
    }

    /// Entries in the menu (0: nothing to decide).
    pub fn len(&self) -> usize {
        self.len
    }

    /// No entry: nothing to decide.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Entry `j`: the listed action, or the one drawn for `j`; `None`
    /// past the end.
    pub fn entry<G: Game<Action = A>>(&self, game: &G, seat: PlayerId, j: usize) -> Option<A> {
        if j >= self.len {
            return None;
        }
        if let Some(a) = self.listed.get(j) {
            return Some(a.clone());
        }
        game.sample_action(seat, &mut entry_rng(self.seed, j))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use roborally::any::new_game;
    use roborally::editions::NewGame;
    use roborally::Edition;

    #[test]
    fn a_menu_of_a_program_is_drawn_the_same_way_twice_and_every_entry_is_legal() {
        let settings = NewGame {
            players: 2,
            seed: 3,
            ..NewGame::default()
        };
        let mut game = new_game(Edition::V2023, &settings).unwrap();
        let mut menu = Menu::default();
        // Past the choice of start spaces, to the first program.
        let seat = loop {
            let seat = game.pending().players()[0];
            let mut listed = Vec::new();
            if game.legal_actions(seat, &mut listed) == robo_core::Legal::TooMany {
                break seat;
            }
            game.apply(seat, listed.swap_remove(0)).unwrap();
        };
        menu.fill(&game, seat, 11, 16);
        assert_eq!(menu.len(), 16);
        let first: Vec<_> = (0..16)
            .map(|j| menu.entry(&game, seat, j).unwrap())
            .collect();
        let again: Vec<_> = (0..16)
            .map(|j| menu.entry(&game, seat, j).unwrap())
            .collect();
        assert_eq!(first, again);
        assert!(menu.entry(&game, seat, 16).is_none());
        for a in first {
            let mut g = game.clone();
            g.apply(seat, a).unwrap();
        }
        let mut other = Menu::default();
        other.fill(&game, seat, 12, 16);
        let drawn: Vec<_> = (4..16)
            .map(|j| other.entry(&game, seat, j).unwrap())
            .collect();
        let mine: Vec<_> = (4..16)
            .map(|j| menu.entry(&game, seat, j).unwrap())
            .collect();
        assert_ne!(drawn, mine, "another seed draws other programs");
    }
}
