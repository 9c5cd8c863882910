//! Damage drawn and what it does, leaving the course and coming back,
//! and space bridges.

use crate::actions::{Action, Decision};
use crate::cards::{Card, CardId};
use crate::courses::CUBE_SUPPLY;
use crate::damage::Effect;
use crate::events::{Event, Source};
use crate::mode::Mode;
use crate::race::Race;
use crate::task::Task;
use crate::tiles::Tile;
use robo_core::agenda::{self, Flow};
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::motion::Arena;
use robo_core::motion::{move_robot, Cause, Move};
use robo_core::pipeline::{GridWorld, StepFlow};
use robo_core::{PlayerId, RobotId};
use smallvec::SmallVec;

impl Race {
    /// `p` draws `amount` damage cards, one at a time: SCRAP goes to the
    /// hand; a special card acts at once (its instant part) and, unless
    /// instant, stays in play. An empty deck is refilled from its discard
    /// pile; with both empty there is no damage.
    pub(crate) fn damage(&mut self, p: PlayerId, amount: u8, source: Source) {
        let mut left = amount;
        while left > 0 {
            left -= 1;
            let Some(c) = self.damage.draw(&mut self.rng) else {
                return;
            };
            let card = c.card();
            self.emit(Event::Damaged {
                player: p,
                card,
                source,
            });
            let Card::Special(s) = card else {
                self.players[p.index()].hand.push(c);
                continue;
            };
            let face = s.face();
            match face.effect {
                Effect::DrawDamage(n) => left = left.saturating_add(n),
                e => self.special(p, e),
            }
            if face.timing == crate::damage::Timing::Instant {
                self.damage.discard(c);
            } else {
                self.players[p.index()].damage.push(c);
                self.emit(Event::DamageInPlay { player: p, card });
            }
        }
    }

    /// The instant part of a special damage card's effect (the lasting
    /// ones are read while the card is in play).
    fn special(&mut self, p: PlayerId, e: Effect) {
        let r = RobotId::of(p);
        match e {
            Effect::LoseEnergon(n) => {
                let pl = &mut self.players[p.index()];
                let lost = n.min(pl.energon);
                let _ = self.pay(p, lost);
                if let Some((at, _)) = self.robot(p) {
                    let supply = usize::from(CUBE_SUPPLY).saturating_sub(self.cubes.len());
                    for _ in 0..usize::from(lost).min(supply) {
                        self.cubes.push(at);
                        self.emit(Event::CubeDropped { at });
                    }
                }
            }
            Effect::Setback => {
                if let Some(i) = self.players[p.index()].next_unresolved(self.core.register) {
                    self.discard_register(p, i);
                }
            }
            Effect::Spin(n) => {
                if let Some(t) = Turn::from_quarters(n) {
                    if self.robot(p).is_some() {
                        self.turn_robot(r, t, Cause::Placed);
                    }
                }
            }
            Effect::DiscardRandom(n) => {
                let mut cards: SmallVec<[Card; 2]> = SmallVec::new();
                for _ in 0..n {
                    let pl = &self.players[p.index()];
                    let planning: SmallVec<[usize; 12]> = (0..pl.hand.len())
                        .filter(|&i| !pl.hand[i].is_damage())
                        .collect();
                    let Some(&i) = self.rng.pick(&planning) else {
                        break;
                    };
                    let pl = &mut self.players[p.index()];
                    let c = pl.hand.remove(i);
                    pl.deck.discard(c);
                    cards.push(c.card());
                }
                if !cards.is_empty() {
                    self.emit(Event::HandDiscarded { player: p, cards });
                }
            }
            Effect::Convert => {
                if !(self.mode(p) == Mode::Bot && self.in_building(p)) {
                    self.convert(p, 0);
                }
            }
            Effect::DrawDamage(_)
            | Effect::MovePenalty(_)
            | Effect::WeaponJam
            | Effect::ConvertLock
            | Effect::HandLimit(_)
            | Effect::NoRoadBonus => {}
        }
    }

    /// Discards the cards of register `i` (from 0) before they resolve:
    /// SCRAP to the damage discard, planning cards to their owner's.
    pub(crate) fn discard_register(&mut self, p: PlayerId, i: usize) {
        let Some(pl) = self.players.get_mut(p.index()) else {
            return;
        };
        let Some(reg) = pl.registers.get_mut(i) else {
            return;
        };
        if reg.cards.is_empty() {
            return;
        }
        let ids: SmallVec<[CardId; 2]> = reg.cards.drain(..).collect();
        let mut cards: SmallVec<[Card; 2]> = SmallVec::new();
        for c in ids {
            cards.push(c.card());
            if c.is_damage() {
                self.damage.discard(c);
            } else {
                pl.deck.discard(c);
            }
        }
        self.emit(Event::RegisterDiscarded {
            player: p,
            register: (i + 1) as u8,
            cards,
        });
    }

    /// A robot left the course: 2 damage, its next unresolved register
    /// discarded, and it sits out until the end of that register (the
    /// current one when none is left).
    pub(crate) fn fall(&mut self, p: PlayerId) {
        let next = self.players[p.index()].next_unresolved(self.core.register);
        let back_after = match next {
            Some(i) => {
                self.discard_register(p, i);
                (i + 1) as u8
            }
            None => self.core.register.max(1),
        };
        if let Some(off) = &mut self.players[p.index()].off {
            off.back_after = back_after;
        }
        agenda::then(
            self,
            &[Task::Damage {
                player: p,
                amount: 2,
                source: Source::Fall,
            }],
        );
    }

    /// After step D: a robot whose register to sit out is over comes back.
    pub(crate) fn return_turn(&mut self, p: PlayerId) -> StepFlow {
        match self.players[p.index()].off {
            Some(off) if off.back_after <= self.core.register => {
                self.set_off(&[Task::Return { player: p }])
            }
            _ => StepFlow::Continue,
        }
    }

    /// May `p`'s robot come back on `at`? Free floor it may stand on in
    /// its mode, and no checkpoint, fire pit, mine or obstacle.
    fn may_return_to(&self, p: PlayerId, at: Pos) -> bool {
        let Some(t) = self.arena.tile(at) else {
            return false;
        };
        let alt = self.mode(p) == Mode::Alt;
        !t.is_solid()
            && t != Tile::FirePit
            && (!alt || !t.bot_only())
            && self.bodies.at(at).is_none()
            && !self.checkpoints.contains(&at)
            && !self.mines.contains(&at)
    }

    /// Where and how `p`'s robot may come back: the cell it left if it
    /// may, else the nearest edge cells it may; any facing.
    pub(crate) fn return_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let Some(off) = self.players.get(p.index()).and_then(|pl| pl.off) else {
            return;
        };
        let mut cells: SmallVec<[Pos; 4]> = SmallVec::new();
        if self.may_return_to(p, off.at) {
            cells.push(off.at);
        } else {
            let best = self
                .arena
                .edges()
                .iter()
                .filter(|&&c| self.may_return_to(p, c))
                .map(|c| c.distance(off.at))
                .min();
            cells.extend(
                self.arena
                    .edges()
                    .iter()
                    .copied()
                    .filter(|&c| Some(c.distance(off.at)) == best && self.may_return_to(p, c)),
            );
        }
        for at in cells {
            out.extend(Dir::ALL.map(|facing| Action::Return { at, facing }));
        }
    }

    pub(crate) fn come_back(&mut self, p: PlayerId, answer: Option<&Action>) -> Flow<Decision> {
        let Some(&Action::Return { at, facing }) = answer else {
            return Flow::Wait(p, Decision::Return);
        };
        let robot = RobotId::of(p);
        self.bodies.place(robot, at, facing);
        self.players[p.index()].off = None;
        self.emit(Event::Grid(GridEvent::Placed { robot, at, facing }));
        self.emit(Event::Returned {
            player: p,
            at,
            facing,
        });
        Flow::Next
    }

    /// B3: a robot on a space bridge may go through (once a register).
    pub(crate) fn bridge_turn(&mut self, p: PlayerId) -> StepFlow {
        let on = self.robot(p).and_then(|(at, _)| self.arena.bridge(at));
        if on.is_some() && !self.players[p.index()].reg.bridged {
            self.set_off(&[Task::Bridge { player: p }])
        } else {
            StepFlow::Continue
        }
    }

    /// Stay, or go to another bridge of the same colour: a free one, or
    /// one whose occupant can be pushed a space in the robot's facing.
    pub(crate) fn bridge_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::Bridge(None));
        let Some((at, facing)) = self.robot(p) else {
            return;
        };
        let Some(colour) = self.arena.bridge(at) else {
            return;
        };
        let robot = RobotId::of(p);
        out.extend(
            self.arena
                .course()
                .extras()
                .bridges
                .iter()
                .filter(|b| {
                    b.at != at
                        && self.arena.bridge(b.at) == Some(colour)
                        && self
                            .bodies
                            .at(b.at)
                            .is_none_or(|o| self.pushable(o, facing, robot))
                })
                .map(|b| Action::Bridge(Some(b.at))),
        );
    }

    /// Can `pusher` push `robot` a space towards `dir` (with the robots in
    /// line beyond it)? Not when a wall, or a space the pushed robot may not
    /// enter, stops the line, or when King of the Road refuses the push.
    /// Over the edge is a push (the robot leaves the course).
    pub(crate) fn pushable(&self, robot: RobotId, dir: Dir, pusher: RobotId) -> bool {
        // In a line of robots only the pusher's card counts (King of the Road).
        let mut r = robot;
        loop {
            let Some(at) = self.bodies.pos(r) else {
                return false;
            };
            if self.king_blocks(r, pusher) || !self.can_leave(r, at, dir) {
                return false;
            }
            match self.bodies.at(at.step(dir)) {
                Some(next) if next != pusher => r = next,
                _ => return true,
            }
        }
    }

    pub(crate) fn bridge(&mut self, p: PlayerId, answer: Option<&Action>) -> Flow<Decision> {
        let Some(&Action::Bridge(to)) = answer else {
            return Flow::Wait(p, Decision::Bridge);
        };
        let (Some(to), Some((from, facing))) = (to, self.robot(p)) else {
            return Flow::Next;
        };
        let robot = RobotId::of(p);
        if let Some(occupant) = self.bodies.at(to) {
            // The occupant is pushed a space in the arriving robot's
            // facing: a push by the arriving robot (King of the Road and
            // Counterstrike see it); its entry effects apply. The arriving
            // robot is between bridges meanwhile.
            self.bodies.remove(robot);
            self.scratch.mover = Some(robot);
            let m = Move::new(occupant, facing, 1).with_cause(Cause::Push { by: Some(robot) });
            let _ = move_robot(self, m);
            self.scratch.mover = None;
            self.after_pushes();
            self.scratch.notes = Default::default();
            let blocked = self.bodies.pos(occupant) == Some(to);
            self.bodies
                .place(robot, if blocked { from } else { to }, facing);
            if blocked {
                // Offered only when the push can be made: kept as a guard.
                let _ = self.flush_follow();
                return Flow::Next;
            }
        }
        self.bodies.set_pos(robot, to);
        self.players[p.index()].reg.bridged = true;
        self.emit(Event::Grid(GridEvent::Moved {
            robot,
            from,
            to,
            cause: Cause::Placed,
        }));
        self.emit(Event::Bridged {
            player: p,
            from,
            to,
        });
        let _ = self.flush_follow();
        Flow::Next
    }
}
