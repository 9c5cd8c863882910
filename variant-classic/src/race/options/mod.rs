//! The option cards in the game: the option deck, gaining and losing
//! options, and the hooks of the cards that simply apply (their data is in
//! [`crate::options`]).

mod bio;
mod copter;
mod damping;
mod fire_control;
mod flight;
mod gadgets;
mod interceptor;
mod mandatory;
mod marks;
mod packages;
mod park;
mod parked;
mod passive;
mod runtime;
mod scavenge;

pub use damping::DAMPING_RANGE;
pub use mandatory::{CONVERTER_BLAST, CONVERTER_FUEL};
pub use marks::Marks;
pub use parked::ParkedCard;
pub use radio::RADIO_RANGE;
pub use scavenge::{Piles, ScavengerHunt};
mod homing;
mod program;
mod radio;
mod settings;
mod stacked;

pub use program::{stacks, OptionProgram, Programming, Setting};

use super::{Action, Chop, Event, Loss, Power, Race, Task};
use crate::cards::Kind;
use crate::options::{Held, OptionCard};
use robo_core::ids::{PlayerId, RobotId};
use smallvec::SmallVec;

/// Damage tokens that make a Circuit Breaker power its robot down.
pub const CIRCUIT_BREAKER_DAMAGE: u8 = 3;

/// Payload a card may gather beyond the one it starts with (a
/// Converter's fuel).
#[must_use]
pub fn fuel_cap(card: OptionCard) -> u8 {
    if card == OptionCard::Converter {
        mandatory::CONVERTER_FUEL
    } else {
        0
    }
}

impl Race {
    /// The option cards not yet drawn, top last.
    #[must_use]
    pub fn option_deck(&self) -> &[OptionCard] {
        &self.option_deck
    }

    /// The top option of the deck. An empty deck is made again from every
    /// option no robot holds, shuffled by the game's generator (so a game
    /// without options never draws on the generator for them). `None`
    /// when every option is held.
    fn draw_option(&mut self) -> Option<OptionCard> {
        self.not_quiet();
        if self.option_deck.is_empty() {
            let robots = &self.robots;
            let piles = &self.piles;
            // Bio-Bots takes the Bio Option out of the deck.
            let bio_bots = self.variants.bio_bots;
            self.option_deck = OptionCard::ALL
                .into_iter()
                .filter(|&c| !robots.iter().any(|r| r.has(c)) && !piles.holds(c))
                .filter(|&c| !(bio_bots && c == OptionCard::BioOption))
                .collect();
            self.rng.shuffle(&mut self.option_deck);
        }
        self.option_deck.pop()
    }

    /// Every option is held by one robot at most, or waits in the deck,
    /// and no payload is over its card's.
    pub(super) fn options_in_one_place(&self) -> Result<(), String> {
        let mut seen = [false; OptionCard::ALL.len()];
        let held = self.robots.iter().flat_map(|r| r.options.iter());
        for h in held {
            if h.payload > h.card.payload().max(fuel_cap(h.card)) {
                return Err(format!("{} holds {} payload", h.card, h.payload));
            }
            if std::mem::replace(&mut seen[h.card as usize], true) {
                return Err(format!("{} is held twice", h.card));
            }
        }
        for &c in &self.option_deck {
            if std::mem::replace(&mut seen[c as usize], true) {
                return Err(format!("{c} is both in the option deck and held"));
            }
        }
        for c in self.piles.cards() {
            if std::mem::replace(&mut seen[c as usize], true) {
                return Err(format!("{c} is in a scavenger pile and elsewhere"));
            }
        }
        Ok(())
    }

    /// Robot `p` draws an option (nothing if every option is held).
    pub(super) fn gain_option(&mut self, p: PlayerId) {
        if self.robots.get(p.index()).is_none() {
            return;
        }
        if let Some(card) = self.draw_option() {
            self.robots[p.index()].options.push(Held::new(card));
            self.emit(Event::OptionGained {
                player: p,
                option: card,
            });
            self.gained(p, card);
        }
    }

    /// Robot `p` loses its option `i` (discarded: it is drawn again only
    /// when the deck is made anew).
    pub(super) fn lose_option(&mut self, p: PlayerId, i: u8, why: Loss) {
        let Some(r) = self.robots.get_mut(p.index()) else {
            return;
        };
        if usize::from(i) >= r.options.len() {
            return;
        }
        let held = r.options.remove(usize::from(i));
        self.emit(Event::OptionLost {
            player: p,
            option: held.card,
            why,
        });
        if why == Loss::Destroyed {
            self.option_gone(p, held.card, held.payload);
        }
        if held.card == OptionCard::RoboCopter {
            self.copter_gone(p);
        }
    }

    /// Each robot draws `n` options, in seat order (the Option Packages).
    pub(super) fn deal_options(&mut self, n: u8) {
        for _ in 0..n {
            for i in 0..self.robots.len() {
                self.gain_option(PlayerId(i as u8));
            }
        }
    }

    /// A destroyed robot loses one option: asked when it holds more than
    /// one, at once when it holds one.
    pub(super) fn lose_to_destruction(&mut self, p: PlayerId) {
        match self.robots.get(p.index()).map_or(0, |r| r.options.len()) {
            0 => {}
            1 => self.lose_option(p, 0, Loss::Destroyed),
            _ => self.scratch.asks.push(Task::LoseOption(p)),
        }
    }

    /// Mandatory absorbers take what they can of `n` tokens coming to
    /// robot `r` (Ablative Coat, discarded when spent); the rest come on.
    pub(super) fn absorb(&mut self, r: RobotId, n: u8) -> u8 {
        let p = PlayerId::of(r);
        let Some(robot) = self.robots.get_mut(r.index()) else {
            return n;
        };
        if robot.damped() {
            return n;
        }
        let n = self.copter_absorbs(r, n);
        let Some(robot) = self.robots.get_mut(r.index()) else {
            return n;
        };
        let Some(i) = robot
            .options
            .iter()
            .position(|h| h.card == OptionCard::AblativeCoat && h.payload > 0)
        else {
            return n;
        };
        let coat = &mut robot.options[i];
        let tokens = n.min(coat.payload);
        coat.payload -= tokens;
        let spent = coat.payload == 0;
        self.emit(Event::Absorbed {
            player: p,
            option: OptionCard::AblativeCoat,
            tokens,
        });
        if spent {
            self.lose_option(p, i as u8, Loss::Spent);
        }
        n - tokens
    }

    /// What a robot on a chop shop may do: draw (holding none), scrap one
    /// of its options for a new draw, refill one whose payload is not
    /// full, or pass.
    pub(super) fn chop_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let Some(r) = self.robots.get(p.index()) else {
            return;
        };
        if r.options.is_empty() {
            out.push(Action::Chop(Chop::Draw));
        }
        for (i, h) in r.options.iter().enumerate() {
            out.push(Action::Chop(Chop::Scrap(i as u8)));
            if h.payload < h.card.payload() {
                out.push(Action::Chop(Chop::Refill(i as u8)));
            }
        }
        out.push(Action::Chop(Chop::Pass));
    }

    /// A robot's choice at a chop shop.
    pub(super) fn chop(&mut self, p: PlayerId, choice: Chop) {
        self.emit(Event::ChopShop { player: p, choice });
        match choice {
            Chop::Draw => self.gain_option(p),
            Chop::Scrap(i) => {
                self.lose_option(p, i, Loss::Scrapped);
                self.gain_option(p);
            }
            Chop::Refill(i) => {
                if let Some(h) = self
                    .robots
                    .get_mut(p.index())
                    .and_then(|r| r.options.get_mut(usize::from(i)))
                {
                    h.payload = h.card.payload();
                }
            }
            Chop::Pass => {}
        }
    }

    /// The distances robot `p` may choose between for a card of `kind`
    /// (the card's own first; empty when no option offers a choice):
    /// Brakes (Move 1: 1 or 0), Fourth Gear (Move 3: 3 or 4), Reverse
    /// Gears (Back Up: 1 or 2).
    pub(super) fn distances(&self, p: PlayerId, kind: Kind) -> SmallVec<[u8; 2]> {
        let Some(r) = self.robots.get(p.index()) else {
            return SmallVec::new();
        };
        let other = match kind {
            Kind::Move1 if r.active(OptionCard::Brakes) => 0,
            Kind::Move3 if r.active(OptionCard::FourthGear) => 4,
            Kind::BackUp if r.active(OptionCard::ReverseGears) => 2,
            _ => return SmallVec::new(),
        };
        smallvec::smallvec![kind.steps().unsigned_abs(), other]
    }

    /// Robot `p` carries out register `register`'s cards, its primary
    /// card moving `n` cells.
    pub(super) fn go_distance(&mut self, p: PlayerId, register: u8, n: u8) {
        self.core.register = register;
        let slot = usize::from(register.clamp(1, 5) - 1);
        if let Some(card) = self.robots.get(p.index()).and_then(|r| r.registers[slot]) {
            let _ = self.run_program(p, card, Some(n));
        }
    }

    /// Cards dealt to robot `p` beyond the nine (Extra Memory).
    pub(super) fn extra_cards(&self, i: usize) -> u8 {
        u8::from(self.robots[i].active(OptionCard::ExtraMemory))
    }

    /// Circuit Breaker: at the end of the turn, a robot on the board with
    /// 3 or more damage tokens is powered down next turn; it is not asked
    /// (a robot that is down stays down, and is not asked).
    pub(super) fn circuit_breakers(&mut self) {
        for i in 0..self.robots.len() {
            let r = &mut self.robots[i];
            let trips = r.active(OptionCard::CircuitBreaker)
                && r.alive()
                && !r.destroyed
                && r.damage >= CIRCUIT_BREAKER_DAMAGE;
            if !trips {
                continue;
            }
            if r.power != Power::Announced {
                r.power = Power::Announced;
                self.emit(Event::PowerDownAnnounced {
                    player: PlayerId(i as u8),
                });
            }
        }
    }
}
