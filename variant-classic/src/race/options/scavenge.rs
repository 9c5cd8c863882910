//! Scavenger Hunt I and II: before the game each flag gets a face-down
//! pile of options, one per robot; the first time a robot reaches a flag
//! (in order or not, at the end of a register) a card of that flag's pile
//! is picked for it: by its owner, who may take none (I), or by the player
//! to its left, who must pick one (II). See `docs/rulings.md`, "Classic
//! variants of the options and the end".

use super::super::{Event, Race, Task};
use crate::options::{Held, OptionCard};
use robo_core::agenda;
use robo_core::ids::PlayerId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// Which Scavenger Hunt is played: who picks the option a robot takes
/// from a flag's pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ScavengerHunt {
    /// Scavenger Hunt I: the robot's owner picks one, or none.
    OwnerPicks,
    /// Scavenger Hunt II: the player to the owner's left (the next seat
    /// still in the game) picks one for it.
    LeftPicks,
}

/// The piles of a Scavenger Hunt and the flags each robot has reached
/// (empty without the variant).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piles {
    /// One pile per flag, in flag order (the top card last).
    #[serde(default)]
    pub piles: Vec<Vec<OptionCard>>,
    /// Per robot, the flags it has reached (bit `k - 1` for flag `k`).
    #[serde(default)]
    pub reached: Vec<u8>,
}

impl Piles {
    /// No piles (left out of saves).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.piles.is_empty() && self.reached.is_empty()
    }

    /// Does a pile hold `card`?
    #[must_use]
    pub fn holds(&self, card: OptionCard) -> bool {
        self.piles.iter().any(|p| p.contains(&card))
    }

    /// Every card of every pile.
    pub fn cards(&self) -> impl Iterator<Item = OptionCard> + '_ {
        self.piles.iter().flatten().copied()
    }

    /// Do the piles fit a game of `seats` robots and `flags` flags?
    pub(in crate::race) fn check(&self, seats: usize, flags: usize) -> Result<(), String> {
        if self.is_empty() {
            return Ok(());
        }
        if self.piles.len() != flags || self.reached.len() != seats {
            return Err(format!(
                "{} scavenger piles and {} robots' marks for {flags} flags and {seats} robots",
                self.piles.len(),
                self.reached.len()
            ));
        }
        if self.piles.iter().any(|p| p.len() > seats) {
            return Err("a scavenger pile holds more options than there are robots".into());
        }
        Ok(())
    }
}

impl Race {
    /// The Scavenger Hunt's piles (empty without the variant).
    #[must_use]
    pub fn piles(&self) -> &Piles {
        &self.piles
    }

    /// Scavenger Hunt: before the game, each flag gets a pile of as many
    /// options as there are robots, dealt flag by flag from the option
    /// deck (short piles if the deck runs out).
    pub(in crate::race) fn deal_piles(&mut self) {
        if self.variants.scavenger_hunt.is_none() {
            return;
        }
        let flags = self.course().checkpoints().len();
        let seats = self.robots.len();
        self.piles = Piles {
            piles: vec![Vec::new(); flags],
            reached: vec![0; seats],
        };
        for k in 0..flags {
            for _ in 0..seats {
                let Some(card) = self.draw_option() else {
                    return;
                };
                self.piles.piles[k].push(card);
            }
        }
    }

    /// Robot `p` stands on flag `flag` (from 1) at the end of a register:
    /// the first time, a pick from the flag's pile (if any card is left)
    /// is put in `asks`.
    pub(in crate::race) fn scavenge_reach(
        &mut self,
        p: PlayerId,
        flag: u8,
        asks: &mut SmallVec<[Task; 8]>,
    ) {
        let Some(hunt) = self.variants.scavenger_hunt else {
            return;
        };
        let bit = 1u8
            .checked_shl(u32::from(flag.saturating_sub(1)))
            .unwrap_or(0);
        let Some(reached) = self.piles.reached.get_mut(p.index()) else {
            return;
        };
        if flag == 0 || *reached & bit != 0 {
            return;
        }
        *reached |= bit;
        let left = self
            .piles
            .piles
            .get(usize::from(flag - 1))
            .map_or(0, Vec::len);
        if left == 0 {
            return;
        }
        let chooser = match hunt {
            ScavengerHunt::OwnerPicks => p,
            ScavengerHunt::LeftPicks => self.left_of(p),
        };
        asks.push(Task::Scavenge {
            player: p,
            chooser,
            flag,
        });
    }

    /// The player to `p`'s left: the next seat whose robot still has
    /// lives, or `p` itself when there is none.
    fn left_of(&self, p: PlayerId) -> PlayerId {
        let n = self.robots.len();
        (1..n)
            .map(|k| PlayerId(((p.index() + k) % n) as u8))
            .find(|q| self.robots[q.index()].lives > 0)
            .unwrap_or(p)
    }

    /// May the pick for a robot be none? Only in Scavenger Hunt I.
    fn may_pass(&self) -> bool {
        self.variants.scavenger_hunt == Some(ScavengerHunt::OwnerPicks)
    }

    /// The picks offered from flag `flag`'s pile: none (Scavenger Hunt I),
    /// then each card by its place in the pile.
    pub(in crate::race) fn scavenge_options(&self, flag: u8, out: &mut Vec<super::super::Action>) {
        use super::super::Action;
        let left = self
            .piles
            .piles
            .get(usize::from(flag.saturating_sub(1)))
            .map_or(0, Vec::len);
        if self.may_pass() || left == 0 {
            out.push(Action::Scavenge(None));
        }
        out.extend((0..left as u8).map(|i| Action::Scavenge(Some(i))));
    }

    /// Robot `p` takes card `pick` of flag `flag`'s pile (nothing for
    /// `None`).
    pub(in crate::race) fn scavenge(&mut self, p: PlayerId, flag: u8, pick: Option<u8>) {
        let Some(i) = pick else {
            return;
        };
        let Some(pile) = self
            .piles
            .piles
            .get_mut(usize::from(flag.saturating_sub(1)))
        else {
            return;
        };
        if usize::from(i) >= pile.len() || self.robots.get(p.index()).is_none() {
            return;
        }
        let card = pile.remove(usize::from(i));
        self.robots[p.index()].options.push(Held::new(card));
        self.emit(Event::OptionGained {
            player: p,
            option: card,
        });
        self.gained(p, card);
    }

    /// Puts the Scavenger Hunt's picks on the agenda, one after another
    /// in an order the game's generator draws when there are several.
    pub(in crate::race) fn scavenge_asks(&mut self, mut asks: SmallVec<[Task; 8]>) -> bool {
        if asks.is_empty() {
            return false;
        }
        if asks.len() > 1 {
            self.rng.shuffle(&mut asks);
        }
        agenda::then(self, &asks);
        true
    }

    /// The pile `me` is asked to pick from now, face up to it alone.
    pub(in crate::race) fn pile_seen(&self, me: PlayerId) -> Vec<OptionCard> {
        let asked = matches!(
            self.core.waiting,
            robo_core::agenda::Waiting::One(q, super::super::Decision::Scavenge { .. }) if q == me
        );
        match self.core.agenda.last() {
            Some(&Task::Scavenge { chooser, flag, .. }) if asked && chooser == me => self
                .piles
                .piles
                .get(usize::from(flag.saturating_sub(1)))
                .cloned()
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }
}
