//! Interceptor: fired in place of the main laser it tags the would-be
//! target; in a later turn, after the deal, its owner may take the tag
//! back and swap hands with the tagged robot, each keeping its own hand
//! size (the larger hand gives back cards at random, under the undealt
//! cards; the smaller draws from the top).

use super::super::{Event, Power, Race, Task};
use crate::options::OptionCard;
use robo_core::ids::PlayerId;
use smallvec::SmallVec;

impl Race {
    /// Robot `p`'s Interceptor tags `target` (a new tag moves the old).
    pub(in crate::race) fn tag(&mut self, p: PlayerId, target: PlayerId) {
        let round = self.core.round;
        if let Some(r) = self.robots.get_mut(p.index()) {
            r.marks.tag = Some((target, round));
        }
    }

    /// After the deal: each running robot holding an Interceptor whose tag
    /// (from an earlier turn) is on a running robot with a hand is asked
    /// whether to swap hands, in an order the game's generator draws.
    pub(in crate::race) fn interceptor_asks(&mut self, tasks: &mut SmallVec<[Task; 12]>) {
        let dealt = |r: &super::super::Robot| {
            r.alive() && !r.destroyed && r.power == Power::On && !r.hand.is_empty()
        };
        let mut asks: SmallVec<[Task; 4]> = SmallVec::new();
        for (i, r) in self.robots.iter().enumerate() {
            let Some((t, when)) = r.marks.tag else {
                continue;
            };
            let can = r.active(OptionCard::Interceptor)
                && when < self.core.round
                && t.index() != i
                && dealt(r)
                && self.robots.get(t.index()).is_some_and(dealt);
            if can {
                asks.push(Task::UseOption {
                    player: PlayerId(i as u8),
                    option: OptionCard::Interceptor,
                });
            }
        }
        if asks.len() > 1 {
            self.rng.shuffle(&mut asks);
        }
        tasks.extend(asks);
    }

    /// Robot `p` takes its tag back and swaps hands with the tagged
    /// robot; each ends with as many cards as it was dealt.
    pub(in crate::race) fn intercept(&mut self, p: PlayerId) {
        let Some((t, _)) = self
            .robots
            .get_mut(p.index())
            .and_then(|r| r.marks.tag.take())
        else {
            return;
        };
        if t == p || self.robots.get(t.index()).is_none() {
            return;
        }
        let mine = std::mem::take(&mut self.robots[p.index()].hand);
        let theirs = std::mem::take(&mut self.robots[t.index()].hand);
        let (n_mine, n_theirs) = (mine.len(), theirs.len());
        self.robots[p.index()].hand = theirs;
        self.robots[t.index()].hand = mine;
        for (who, size) in [(p, n_mine), (t, n_theirs)] {
            let mut hand = std::mem::take(&mut self.robots[who.index()].hand);
            if hand.len() > size {
                self.rng.shuffle(&mut hand);
                // Under the undealt cards, so the other hand draws fresh ones.
                let back: SmallVec<[crate::cards::Card; 9]> = hand.drain(size..).collect();
                self.deck.splice(0..0, back);
            }
            while hand.len() < size {
                let Some(card) = self.deck.pop() else { break };
                hand.push(card);
            }
            hand.sort();
            self.robots[who.index()].hand = hand;
        }
        self.emit(Event::OptionUsed {
            player: p,
            option: OptionCard::Interceptor,
        });
    }
}
