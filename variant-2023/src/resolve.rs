//! Resolving register cards: SPAM replacement, Again, Brakes, Drifting and
//! Power Slide, and the card effects (made of [`Op`]s).

use crate::actions::{Action, Decision, Rel};
use crate::cards::{Card, CardId, Haywire};
use crate::events::Event;
use crate::race::Race;
use crate::robot::REGISTERS;
use crate::task::{card_ops, Op};
use crate::task::{Flow, Task};
use crate::upgrades::Upgrade;
use robo_core::PlayerId;

impl Race {
    pub(crate) fn reg_index(&self) -> usize {
        usize::from(self.core.register.saturating_sub(1)).min(REGISTERS - 1)
    }

    /// Puts a card that leaves play on its pile: damage to the damage
    /// discard, regular cards to the owner's discard pile.
    pub(crate) fn discard_card(&mut self, p: PlayerId, c: CardId) {
        if c.is_damage() {
            self.damage.discard(c);
        } else if let Some(pl) = self.players.get_mut(p.index()) {
            pl.deck.discard(c);
        }
    }

    pub(crate) fn resolve_slot(&mut self, p: PlayerId) -> Flow {
        if !self.players[p.index()].status.powered() {
            return Flow::Next;
        }
        let r = self.reg_index();
        let reg = &self.players[p.index()].registers[r];
        if reg.crab && reg.cards.len() == 2 {
            let side = if reg.cards[0].card() == Card::RotateLeft {
                Rel::Left
            } else {
                Rel::Right
            };
            // The pair acts as one sideways step; Again repeats its second card, the Move 1.
            self.players[p.index()].this_card = Some(Card::Move1);
            self.emit(Event::CardResolved {
                player: p,
                card: Card::Move1,
            });
            self.then1(Task::Op {
                player: p,
                op: Op::Move {
                    rel: side,
                    steps: 1,
                },
            });
            return Flow::Next;
        }
        match reg.card() {
            Some(card) => {
                let fresh = !reg.replaced;
                self.resolve_card(p, card, fresh)
            }
            None => Flow::Next,
        }
    }

    #[inline(always)]
    pub(crate) fn resolve_card(&mut self, p: PlayerId, card: CardId, fresh: bool) -> Flow {
        if !self.on_board(p) {
            return Flow::Next;
        }
        match card.card() {
            Card::Spam => {
                if fresh && self.core.register <= 3 && self.has(p, Upgrade::ChaosTheory) {
                    self.gain_energy(p, 1);
                    self.emit(Event::UpgradeUsed {
                        player: p,
                        upgrade: Upgrade::ChaosTheory,
                    });
                }
                self.replace_from_deck(p, card);
            }
            Card::Again if self.core.register <= 1 => self.replace_from_deck(p, card),
            Card::Again => {
                let last = self.players[p.index()].last_card;
                self.players[p.index()].this_card = None;
                if let Some(k) = last {
                    self.then1(Task::Effect {
                        player: p,
                        card: k,
                        physical: false,
                    });
                }
            }
            Card::Move1 if self.has(p, Upgrade::Brakes) => self.then1(Task::Brakes { player: p }),
            k => return self.effect(p, k, true),
        }
        Flow::Next
    }

    /// Discards `card` from the current register and resolves the top card
    /// of the deck in its place.
    fn replace_from_deck(&mut self, p: PlayerId, card: CardId) {
        let r = self.reg_index();
        self.players[p.index()].registers[r]
            .cards
            .retain(|c| *c != card);
        self.discard_card(p, card);
        let mut new = self.draw_card(p);
        if new == Some(card) {
            // An Again of register 1 drawn straight back: deck and discard
            // pile held nothing else, so it would replace itself forever.
            // It stays on the discard pile and the register stays empty.
            self.discard_card(p, card);
            new = None;
        }
        self.emit(Event::CardReplaced {
            player: p,
            card: card.card(),
            by: new.map(CardId::card),
        });
        match new {
            Some(n) => {
                self.players[p.index()].registers[r].cards.push(n);
                self.then1(Task::ResolveCard {
                    player: p,
                    card: n,
                    fresh: false,
                });
            }
            None => self.players[p.index()].this_card = None,
        }
    }

    pub(crate) fn brakes(&mut self, p: PlayerId, answer: Option<&Action>) -> Flow {
        match answer {
            None if self.has(p, Upgrade::Brakes) => Flow::Wait(p, Decision::Brakes),
            Some(Action::Brake(true)) => {
                self.players[p.index()].this_card = Some(Card::Move1);
                self.emit(Event::Braked { player: p });
                Flow::Next
            }
            _ => {
                self.then1(Task::Effect {
                    player: p,
                    card: Card::Move1,
                    physical: true,
                });
                Flow::Next
            }
        }
    }

    #[inline(always)]
    pub(crate) fn effect(&mut self, p: PlayerId, card: Card, physical: bool) -> Flow {
        if !self.on_board(p) {
            return Flow::Next;
        }
        self.players[p.index()].this_card = Some(card);
        self.emit(Event::CardResolved { player: p, card });
        let ops = card_ops(card);
        // What follows the maneuvers. Drifting and Power Slide are offered
        // only to a robot that has them (nothing in between can give them).
        let after = match card {
            Card::RotateLeft if physical && self.has(p, Upgrade::Drifting) => Some(Task::Slide {
                player: p,
                upgrade: Upgrade::Drifting,
            }),
            Card::RotateRight if physical && self.has(p, Upgrade::PowerSlide) => {
                Some(Task::Slide {
                    player: p,
                    upgrade: Upgrade::PowerSlide,
                })
            }
            Card::Haywire(Haywire::DoubleDraw) => {
                self.double_draw(p);
                None
            }
            Card::Haywire(h) if ops.is_empty() || h == Haywire::Purge => {
                Some(Task::HaywireChoice {
                    player: p,
                    haywire: h,
                })
            }
            _ => None,
        };
        if let Some(t) = after {
            self.then1(t);
        }
        // The first maneuver runs now; anything it sets off runs before the rest.
        match ops.split_first() {
            Some((&first, rest)) => {
                for &op in rest.iter().rev() {
                    self.then1(Task::Op { player: p, op });
                }
                self.op(p, first)
            }
            None => Flow::Next,
        }
    }

    pub(crate) fn slide(&mut self, p: PlayerId, upgrade: Upgrade, answer: Option<&Action>) -> Flow {
        match answer {
            None if self.on_board(p) && self.has(p, upgrade) => {
                Flow::Wait(p, Decision::Slide(upgrade))
            }
            Some(&Action::Shift(Some(rel))) => self.upgrade_step(p, upgrade, rel),
            _ => Flow::Next,
        }
    }

    /// `p` uses `upgrade` to move one space towards `rel`, pushing.
    pub(crate) fn upgrade_step(&mut self, p: PlayerId, upgrade: Upgrade, rel: Rel) -> Flow {
        self.emit(Event::UpgradeUsed { player: p, upgrade });
        self.then1(Task::Op {
            player: p,
            op: Op::UpgradeMove {
                rel,
                steps: 1,
                pushing: true,
            },
        });
        Flow::Next
    }

    /// Options of Drifting / Power Slide (stay or step forward) and Energy
    /// Conversion (stay, forward or back).
    pub(crate) fn shift_options(&self, task: &Task, out: &mut Vec<Action>) {
        out.push(Action::Shift(None));
        out.push(Action::Shift(Some(Rel::Forward)));
        if matches!(task, Task::Conversion { .. }) {
            out.push(Action::Shift(Some(Rel::Back)));
        }
    }
}
