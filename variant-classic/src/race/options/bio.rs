//! Bio Option (and the Bio-Bots variant, where every robot acts as if it
//! held one that cannot be lost): an option drawn with it rides on it, and
//! is swapped for a fresh draw each time the robot powers down or
//! re-enters; discarding either card to stop a damage token loses both.

use super::super::{Event, Loss, Race};
use crate::options::{Held, OptionCard};
use robo_core::ids::PlayerId;

impl Race {
    /// Does robot `p` carry a Bio Option (its own card, or Bio-Bots)?
    pub(in crate::race) fn bio(&self, p: PlayerId) -> bool {
        self.variants.bio_bots
            || self
                .robots
                .get(p.index())
                .is_some_and(|r| r.has(OptionCard::BioOption))
    }

    /// Bio-Bots: before the first turn every robot draws the option its
    /// Bio Option carries (after the Option Packages' deal).
    pub(in crate::race) fn bio_bots_start(&mut self) {
        if !self.variants.bio_bots {
            return;
        }
        for i in 0..self.robots.len() {
            self.bio_attach(PlayerId(i as u8));
        }
    }

    /// Robot `p` just gained `card`: a Bio Option draws the option it
    /// carries.
    pub(in crate::race) fn gained(&mut self, p: PlayerId, card: OptionCard) {
        if card == OptionCard::BioOption {
            self.bio_attach(p);
        }
    }

    /// Robot `p`'s Bio Option draws an option to carry (nothing if every
    /// option is held).
    pub(in crate::race) fn bio_attach(&mut self, p: PlayerId) {
        let Some(card) = self.draw_option() else {
            return;
        };
        let r = &mut self.robots[p.index()];
        r.options.push(Held::new(card));
        r.marks.bio = Some(card);
        self.emit(Event::OptionGained {
            player: p,
            option: card,
        });
    }

    /// Robot `p` powers down or re-enters: its Bio Option's option (if it
    /// still holds it) is discarded and a fresh one drawn.
    pub(in crate::race) fn bio_swap(&mut self, p: PlayerId) {
        if !self.bio(p) {
            return;
        }
        let r = &mut self.robots[p.index()];
        if let Some(old) = r.marks.bio.take() {
            if let Some(i) = r.options.iter().position(|h| h.card == old) {
                self.lose_option(p, i as u8, Loss::Replaced);
            }
        }
        self.bio_attach(p);
    }

    /// Robot `p` discarded `card` to stop a damage token: a Bio Option
    /// takes its option with it, and the option its Bio Option card (not
    /// Bio-Bots', which cannot be lost).
    pub(in crate::race) fn bio_discarded(&mut self, p: PlayerId, card: OptionCard) {
        let r = &self.robots[p.index()];
        let other = if card == OptionCard::BioOption {
            r.marks.bio
        } else if r.marks.bio == Some(card) && r.has(OptionCard::BioOption) {
            Some(OptionCard::BioOption)
        } else {
            None
        };
        if r.marks.bio == Some(card) || card == OptionCard::BioOption {
            self.robots[p.index()].marks.bio = None;
        }
        let Some(other) = other else {
            return;
        };
        if let Some(i) = self.robots[p.index()]
            .options
            .iter()
            .position(|h| h.card == other)
        {
            self.lose_option(p, i as u8, Loss::Paired);
        }
    }
}
