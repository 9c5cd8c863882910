//! Buzz bombs (Buzz Bomb, a turn-programmed launcher): a flying device
//! with a program of its own.
//!
//! - At the deal, after the robots' hands, each running robot with a buzz
//!   bomb in flight, or holding a Buzz Bomb in effect with payload left,
//!   is dealt [`BOMB_CARDS`] cards for a bomb ([`BombProgram`], kept in
//!   [`Marks::bomb`]: only its owner sees them).
//! - While programming, [`Action::Bomb`] puts one of them in the bomb's
//!   next empty register. Putting a card there switches the option on: a
//!   robot with no bomb in flight launches one at register 1's reveal
//!   (one payload; from its cell, facing its way; its own robot does not
//!   set it off before the robot lasers' step). Cards left in the bomb's
//!   hand then fill its empty registers in the order dealt.
//! - In each register the bomb runs its card at that card's priority,
//!   among the robots' cards, as a robot would (moves forward, backs up,
//!   turns). It explodes for 4 when it would cross a wall (on its cell)
//!   or enters a robot's cell (on that cell); a robot running into it sets
//!   it off too. Off the floor it is gone. Flying, it passes over pits
//!   and nothing on the floor carries it.
//! - At the end of the turn the bomb's cards are discarded; a robot keeps
//!   one bomb in flight at a time, programmed anew every turn it runs.
//!
//! [`Marks::bomb`]: crate::race::Marks::bomb

use super::super::{Action, Event, Marks, Power, Race, Reason, REGISTERS};
use super::{DeviceKind, DEVICE_BLAST};
use crate::cards::{Card, Kind};
use crate::options::OptionCard;
use robo_core::geom::Turn;
use robo_core::ids::PlayerId;
use robo_core::pipeline::StepFlow;
use serde::{Deserialize, Serialize};

/// Cards dealt to a buzz bomb each turn.
pub const BOMB_CARDS: usize = 5;

/// The turn of seat `i`'s buzz bomb in a register's card order is
/// `PlayerId(BOMB_TURN + i)` (no seat is numbered that high).
pub(in crate::race) const BOMB_TURN: u8 = 0x80;

/// A buzz bomb's cards this turn, seen by its owner only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicBombProgram")
)]
pub struct BombProgram {
    /// The cards dealt to the bomb and not yet in its registers (`None`:
    /// programmed, or not dealt when the deck ran short).
    pub hand: [Option<Card>; BOMB_CARDS],
    /// The bomb's registers.
    pub registers: [Option<Card>; REGISTERS],
}

impl BombProgram {
    /// Has its owner put any card in its registers (switched it on)?
    #[must_use]
    pub fn is_on(&self) -> bool {
        self.registers.iter().any(Option::is_some)
    }
}

impl Marks {
    /// The cards of its buzz bomb's program this turn, hand and registers.
    pub fn bomb_cards(&self) -> impl Iterator<Item = Card> {
        self.bomb
            .into_iter()
            .flat_map(|b| b.hand.into_iter().chain(b.registers))
            .flatten()
    }
}

impl Race {
    /// The device index of seat `owner`'s buzz bomb in flight, if any.
    fn bomb_of(&self, owner: usize) -> Option<usize> {
        self.world
            .devices
            .iter()
            .position(|d| d.kind == DeviceKind::BuzzBomb && d.owner.index() == owner)
    }

    /// At the deal, after the hands: every running robot with a bomb in
    /// flight, or a Buzz Bomb in effect with payload left, is dealt its
    /// bomb's cards from `pile`.
    pub(in crate::race) fn deal_bombs(&mut self, pile: &mut Vec<Card>) {
        for i in 0..self.robots.len() {
            self.robots[i].marks.bomb = None;
            let r = &self.robots[i];
            let running = r.alive() && r.power == Power::On && !r.destroyed;
            let loaded = r.active(OptionCard::BuzzBomb)
                && r.options
                    .iter()
                    .any(|h| h.card == OptionCard::BuzzBomb && h.payload > 0);
            if !running || !(loaded || self.bomb_of(i).is_some()) {
                continue;
            }
            let mut program = BombProgram::default();
            for slot in &mut program.hand {
                *slot = pile.pop();
            }
            self.robots[i].marks.bomb = Some(program);
        }
    }

    /// The bomb actions open to programmer `p`: each card of its bomb's
    /// hand while the bomb has an empty register.
    pub(in crate::race) fn bomb_actions(&self, p: PlayerId, out: &mut Vec<Action>) {
        let Some(b) = self.robots.get(p.index()).and_then(|r| r.marks.bomb) else {
            return;
        };
        if b.registers.iter().any(Option::is_none) {
            out.extend(b.hand.iter().flatten().map(|&c| Action::Bomb(c)));
        }
    }

    /// [`Action::Bomb`]: programmer `p` puts `card` of its bomb's hand in
    /// the bomb's next empty register.
    pub(in crate::race) fn program_bomb(&mut self, p: PlayerId, card: Card) -> Result<(), Reason> {
        let r = self
            .robots
            .get_mut(p.index())
            .ok_or(Reason::NotAnOption(Action::Bomb(card)))?;
        if r.programmed {
            return Err(Reason::AlreadyProgrammed);
        }
        let b = r.marks.bomb.as_mut().ok_or(Reason::NoBombCards)?;
        let slot = b
            .registers
            .iter()
            .position(Option::is_none)
            .ok_or(Reason::BombProgrammed)?;
        let i = b
            .hand
            .iter()
            .position(|&c| c == Some(card))
            .ok_or(Reason::NotInBombHand(card))?;
        b.hand[i] = None;
        b.registers[slot] = Some(card);
        Ok(())
    }

    /// At register 1's reveal: each robot that switched its bomb on with
    /// no bomb in flight launches one (inside an Option Damping Field the
    /// payload is spent without effect); every bomb in flight has its
    /// empty registers filled from its hand, in the order dealt.
    pub(in crate::race) fn launch_bombs(&mut self, register: u8) {
        if register != 1 {
            return;
        }
        for i in 0..self.robots.len() {
            let Some(b) = self.robots[i].marks.bomb else {
                continue;
            };
            let p = PlayerId(i as u8);
            if self.bomb_of(i).is_none() && b.is_on() && self.spend_bomb(p) {
                if self.robots[i].damped() {
                    self.emit(Event::Damped {
                        player: p,
                        option: Some(OptionCard::BuzzBomb),
                    });
                } else {
                    self.lay(p, DeviceKind::BuzzBomb, true);
                    self.emit(Event::OptionUsed {
                        player: p,
                        option: OptionCard::BuzzBomb,
                    });
                }
            }
            if self.bomb_of(i).is_none() {
                continue;
            }
            let mut b = b;
            let mut left = b.hand.into_iter().flatten();
            for slot in b.registers.iter_mut().filter(|s| s.is_none()) {
                *slot = left.next();
            }
            let rest: [Option<Card>; BOMB_CARDS] = std::array::from_fn(|_| left.next());
            b.hand = rest;
            self.robots[i].marks.bomb = Some(b);
        }
    }

    /// Robot `p` (running, on the board) spends one payload of its Buzz
    /// Bomb; whether it did.
    fn spend_bomb(&mut self, p: PlayerId) -> bool {
        if self.world.at(robo_core::ids::RobotId::of(p)).is_none() {
            return false;
        }
        let r = &mut self.robots[p.index()];
        match r
            .options
            .iter_mut()
            .find(|h| h.card == OptionCard::BuzzBomb)
        {
            Some(h) if h.payload > 0 => {
                h.payload -= 1;
                true
            }
            _ => false,
        }
    }

    /// After register `register`'s cards are ordered: each bomb in flight
    /// with a card in that register takes its turn at the card's priority
    /// (before every robot whose card's priority is lower).
    pub(in crate::race) fn bomb_order(&mut self, register: u8) {
        if self.world.devices.is_empty() {
            return;
        }
        let slot = usize::from(register.clamp(1, REGISTERS as u8) - 1);
        for i in 0..self.robots.len() {
            let Some(card) = self.robots[i].marks.bomb.and_then(|b| b.registers[slot]) else {
                continue;
            };
            if self.bomb_of(i).is_none() {
                continue;
            }
            let at = self
                .order
                .iter()
                .position(|&q| self.turn_priority(q, slot) < card.priority)
                .unwrap_or(self.order.len());
            self.order.insert(at, PlayerId(BOMB_TURN + i as u8));
        }
    }

    /// The priority turn `q` of the card order takes in register slot
    /// `slot` (a bomb's card, a controlled robot's copy, a robot's card).
    fn turn_priority(&self, q: PlayerId, slot: usize) -> u16 {
        if q.0 >= BOMB_TURN {
            let seat = usize::from(q.0 - BOMB_TURN);
            return self
                .robots
                .get(seat)
                .and_then(|r| r.marks.bomb)
                .and_then(|b| b.registers[slot])
                .map_or(0, |c| c.priority);
        }
        let c = self.controller(q).unwrap_or(q);
        self.robots
            .get(c.index())
            .and_then(|r| r.registers[slot])
            .map_or(0, |c| c.priority)
    }

    /// The turn of seat `seat`'s bomb in the cards step: it runs its card
    /// of this register; the harm is counted.
    pub(in crate::race) fn bomb_turn(&mut self, seat: usize) -> StepFlow {
        let slot = usize::from(self.core.register.clamp(1, REGISTERS as u8) - 1);
        let card = self
            .robots
            .get(seat)
            .and_then(|r| r.marks.bomb)
            .and_then(|b| b.registers[slot]);
        if let (Some(card), Some(k)) = (card, self.bomb_of(seat)) {
            self.fly_bomb(k, card);
        }
        self.count_harm()
    }

    /// Bomb `k` of the device list runs `card` (see the module).
    fn fly_bomb(&mut self, k: usize, card: Card) {
        let d = self.world.devices[k];
        let turn = |t: Turn| d.facing.turn(t);
        let (dir, cells) = match card.kind {
            Kind::RotateLeft | Kind::RotateRight | Kind::UTurn => {
                self.world.devices[k].facing = turn(match card.kind {
                    Kind::RotateLeft => Turn::Left,
                    Kind::RotateRight => Turn::Right,
                    _ => Turn::UTurn,
                });
                return;
            }
            Kind::BackUp => (d.facing.opposite(), 1),
            kind => (d.facing, kind.steps().unsigned_abs()),
        };
        for _ in 0..cells {
            let d = self.world.devices[k];
            if !self.world.crossing(d.at, dir).passes() {
                self.world.devices.remove(k);
                self.world.explode(d.at, DEVICE_BLAST, Some(d.id));
                return;
            }
            let to = d.at.step(dir);
            if self.world.tile(to).is_none() {
                self.remove_device(k);
                return;
            }
            self.move_device(k, to);
            let hit = self.world.bodies().placed().any(|(r, b)| {
                b.pos == to && !b.extra.ghost && !(d.fresh && r.index() == d.owner.index())
            });
            if hit {
                self.world.devices.remove(k);
                self.world.explode(to, DEVICE_BLAST, Some(d.id));
                return;
            }
        }
    }

    /// The end of the turn: every bomb's cards are discarded.
    pub(in crate::race) fn bombs_down(&mut self) {
        for r in &mut self.robots {
            r.marks.bomb = None;
        }
    }
}
