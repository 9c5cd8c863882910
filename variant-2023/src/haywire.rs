//! The Haywire effects that ask their owner something, and the one that
//! resolves two cards from the deck. The plain maneuvers of the other
//! Haywires are in [`card_ops`](crate::maneuvers::card_ops).

use crate::actions::{Action, Decision, Pile, Rel, Side};
use crate::cards::{Card, CardId, Haywire};
use crate::events::Event;
use crate::race::Race;
use crate::task::Op;
use crate::task::{Flow, Task};
use crate::upgrades::{Upgrade, UpgradeKind};
use robo_core::geom::{Dir, Turn};
use robo_core::PlayerId;

/// The most energy the Overdrive Haywire can spend.
pub const OVERDRIVE_MAX: u8 = 8;

impl Race {
    pub(crate) fn haywire_options(&self, p: PlayerId, h: Haywire, out: &mut Vec<Action>) {
        let Some(pl) = self.players.get(p.index()) else {
            return;
        };
        match h {
            Haywire::TurnEitherWay => {
                out.extend([Action::Rotate(Turn::Left), Action::Rotate(Turn::Right)])
            }
            Haywire::FaceAnyMove => out.extend(Dir::ALL.map(Action::Face)),
            Haywire::Overdrive => {
                let max = if self.options.lighter {
                    0
                } else {
                    pl.energy.min(OVERDRIVE_MAX)
                };
                out.extend((0..=max).map(Action::PayEnergy));
            }
            Haywire::Sidestep => {
                out.extend([Action::Sidestep(Side::Left), Action::Sidestep(Side::Right)])
            }
            Haywire::FreeUpgrade if self.upgrades_on() && pl.loaned.is_none() => {
                out.extend(
                    pl.slots
                        .uninstalled
                        .iter()
                        .filter(|u| u.kind() == UpgradeKind::Permanent)
                        .map(|&u| Action::InstallFree(u)),
                );
            }
            Haywire::Purge => {
                out.extend(pl.deck.discard_pile().map(|c| Action::Remove {
                    pile: Pile::Discard,
                    card: c.card(),
                }));
            }
            _ => {}
        }
    }

    pub(crate) fn haywire_choice(
        &mut self,
        p: PlayerId,
        h: Haywire,
        answer: Option<&Action>,
    ) -> Flow {
        if !self.on_board(p) {
            return Flow::Next;
        }
        let Some(a) = answer else {
            return Flow::Wait(p, Decision::Haywire(h));
        };
        match *a {
            Action::Rotate(turn) => self.then1(Task::Op {
                player: p,
                op: Op::Turn {
                    turn,
                    maneuver: true,
                },
            }),
            Action::Face(d) => self.then(&[
                Task::Op {
                    player: p,
                    op: Op::Face(d),
                },
                Task::Op {
                    player: p,
                    op: Op::Move {
                        rel: Rel::Forward,
                        steps: 1,
                    },
                },
            ]),
            Action::PayEnergy(k) if k > 0 && self.players[p.index()].energy >= k => {
                self.pay_energy(p, k);
                self.then1(Task::Op {
                    player: p,
                    op: Op::Move {
                        rel: Rel::Forward,
                        steps: k.saturating_mul(2),
                    },
                });
            }
            Action::Sidestep(side) => {
                let rel = if side == Side::Left {
                    Rel::Left
                } else {
                    Rel::Right
                };
                self.then1(Task::Op {
                    player: p,
                    op: Op::Move { rel, steps: 2 },
                });
            }
            Action::InstallFree(u) => self.install_free(p, u),
            Action::Remove { pile, card } => self.remove_from_game(p, pile, card),
            _ => {}
        }
        Flow::Next
    }

    /// Installs an uninstalled permanent upgrade for free until the end of
    /// the round, even over the limit.
    fn install_free(&mut self, p: PlayerId, u: Upgrade) {
        let Some(pl) = self.players.get_mut(p.index()) else {
            return;
        };
        let Some(i) = pl.slots.uninstalled.iter().position(|x| *x == u) else {
            return;
        };
        pl.slots.uninstalled.remove(i);
        pl.loaned = Some(u);
        self.emit(Event::UpgradeInstalled {
            player: p,
            upgrade: u,
            cost: 0,
        });
    }

    /// Reveals the top two cards of the deck into the current register and
    /// resolves both, in the order the owner picks.
    pub(crate) fn double_draw(&mut self, p: PlayerId) {
        let r = self.reg_index();
        let mut drawn: smallvec::SmallVec<[CardId; 2]> = smallvec::SmallVec::new();
        for _ in 0..2 {
            if let Some(c) = self.draw_card(p) {
                self.players[p.index()].registers[r].cards.push(c);
                self.emit(Event::CardRevealed {
                    player: p,
                    register: self.core.register,
                    card: c.card(),
                });
                drawn.push(c);
            }
        }
        match drawn.as_slice() {
            [a] => self.then1(Task::ResolveCard {
                player: p,
                card: *a,
                fresh: false,
            }),
            [a, b] if a.card() == b.card() => self.then(&[
                Task::ResolveCard {
                    player: p,
                    card: *a,
                    fresh: false,
                },
                Task::ResolveCard {
                    player: p,
                    card: *b,
                    fresh: false,
                },
            ]),
            [a, b] => self.then1(Task::Order {
                player: p,
                a: *a,
                b: *b,
            }),
            _ => {}
        }
    }

    pub(crate) fn order(
        &mut self,
        p: PlayerId,
        a: CardId,
        b: CardId,
        answer: Option<&Action>,
    ) -> Flow {
        match answer {
            None => Flow::Wait(p, Decision::Order),
            Some(&Action::First(x)) => {
                let y = if x == a { b } else { a };
                self.then(&[
                    Task::ResolveCard {
                        player: p,
                        card: x,
                        fresh: false,
                    },
                    Task::ResolveCard {
                        player: p,
                        card: y,
                        fresh: false,
                    },
                ]);
                Flow::Next
            }
            Some(_) => Flow::Next,
        }
    }

    /// Lucky Booster: turns damage cards over onto the damage discard pile
    /// until a Haywire shows (reshuffling at most once); `None` if none does.
    pub(crate) fn dig_for_haywire(&mut self) -> Option<CardId> {
        let mut reshuffled = false;
        loop {
            if self.damage.draw_len() == 0 {
                if reshuffled || self.damage.discard_len() == 0 {
                    return None;
                }
                self.damage.reshuffle(&mut self.rng);
                self.emit(Event::DamageDeckShuffled);
                reshuffled = true;
            }
            let c = self.damage.draw_no_reshuffle()?;
            self.damage.discard(c);
            if c.card().is_haywire() {
                return Some(c);
            }
        }
    }

    pub(crate) fn lucky(&mut self, p: PlayerId, haywire: CardId, answer: Option<&Action>) -> Flow {
        match answer {
            None => Flow::Wait(p, Decision::LuckyBooster),
            Some(Action::PlayHaywire(true)) => {
                if self.damage.take_from_discard(|c| *c == haywire).is_some() {
                    let r = self.reg_index();
                    let old: smallvec::SmallVec<[CardId; 3]> = self.players[p.index()].registers[r]
                        .cards
                        .drain(..)
                        .collect();
                    self.players[p.index()].registers[r].crab = false;
                    self.players[p.index()].registers[r].replaced = true;
                    for c in &old {
                        self.discard_card(p, *c);
                    }
                    self.players[p.index()].registers[r].cards.push(haywire);
                    let card = old.first().map_or(Card::Spam, |c| c.card());
                    self.emit(Event::CardReplaced {
                        player: p,
                        card,
                        by: Some(haywire.card()),
                    });
                }
                Flow::Next
            }
            Some(_) => Flow::Next,
        }
    }
}
