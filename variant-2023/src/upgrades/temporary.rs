//! Temporary upgrades: when each may be used, and what it does.
//!
//! Movement upgrades (All Aboard, Boink, Overclocked, Pressure Release,
//! Switch, Zoop) are offered just before and just after the robot's card
//! activation. Abort Switch and Lucky Booster are offered just before the
//! card resolves (right after it was revealed). Recharge and Re-Initialize
//! ("any time") are offered in the upgrade phase, the programming phase
//! and both moments around the robot's card. Calibration Protocol and
//! Memory Swap act on the hand, so they are offered while programming;
//! Rewire only in the upgrade phase. Each is discarded once used.

use super::{Upgrade, UpgradeUse};
use crate::actions::{Action, Decision, Rel};
use crate::cards::CardId;
use crate::events::Event;
use crate::race::Race;
use crate::robot::ProgramStatus;
use crate::task::Op;
use crate::task::{Flow, Task};
use crate::tiles::Tile;
use robo_core::event::GridEvent;
use robo_core::geom::Dir;
use robo_core::motion::Arena as _;
use robo_core::motion::Cause;
use robo_core::{PlayerId, RobotId};
use smallvec::SmallVec;

impl Race {
    fn holds(&self, p: PlayerId, u: Upgrade) -> bool {
        self.upgrades_on()
            && self
                .players
                .get(p.index())
                .is_some_and(|pl| pl.slots.temporary.contains(&u))
    }

    /// Recharge and Re-Initialize, usable at any of the offered moments.
    pub(crate) fn anytime_uses(&self, p: PlayerId, out: &mut Vec<Action>) {
        if self.holds(p, Upgrade::Recharge) {
            out.push(Action::Use(UpgradeUse::Recharge));
        }
        if self.holds(p, Upgrade::ReInitialize) {
            out.extend(
                (0..self.players.len())
                    .map(|q| Action::Use(UpgradeUse::ReInitialize(PlayerId(q as u8)))),
            );
        }
    }

    /// Upgrades usable while programming.
    pub(crate) fn programming_uses(&self, p: PlayerId, out: &mut Vec<Action>) {
        if self.holds(p, Upgrade::CalibrationProtocol) {
            out.push(Action::Use(UpgradeUse::CalibrationProtocol));
        }
        if self.holds(p, Upgrade::MemorySwap) {
            out.push(Action::Use(UpgradeUse::MemorySwap));
        }
        self.anytime_uses(p, out);
    }

    /// The options of the moment before (`after == false`) or after a
    /// robot's card activation.
    pub(crate) fn window_options(&self, p: PlayerId, after: bool, out: &mut Vec<Action>) {
        out.push(Action::Done);
        let (Some(pl), Some(&b)) = (
            self.players.get(p.index()),
            self.body(p).filter(|b| b.on_board),
        ) else {
            return;
        };
        let board = self.arena.board();
        let reg = &pl.registers[self.reg_index()];
        for &u in &pl.slots.temporary {
            match u {
                Upgrade::AbortSwitch | Upgrade::LuckyBooster
                    if !after && reg.cards.len() == 1 && !reg.crab =>
                {
                    out.push(Action::Use(if u == Upgrade::AbortSwitch {
                        UpgradeUse::AbortSwitch
                    } else {
                        UpgradeUse::LuckyBooster
                    }));
                }
                Upgrade::AllAboard if matches!(self.arena.tile(b.pos), Some(Tile::Belt(_))) => {
                    out.push(Action::Use(UpgradeUse::AllAboard));
                }
                Upgrade::Boink | Upgrade::Switch => {
                    for d in Dir::ALL {
                        let next = b.pos.step(d);
                        if board.blocks(b.pos, d) || !board.contains(next) {
                            continue;
                        }
                        match (u, self.robot_at(next).map(PlayerId::of)) {
                            (Upgrade::Boink, None) => out.push(Action::Use(UpgradeUse::Boink(d))),
                            (Upgrade::Switch, Some(q)) => {
                                out.push(Action::Use(UpgradeUse::Switch(q)))
                            }
                            _ => {}
                        }
                    }
                }
                Upgrade::Overclocked => out.push(Action::Use(UpgradeUse::Overclocked)),
                Upgrade::PressureRelease => out.push(Action::Use(UpgradeUse::PressureRelease)),
                Upgrade::Zoop => {
                    out.extend(
                        Dir::ALL
                            .into_iter()
                            .filter(|d| *d != b.facing)
                            .map(|d| Action::Use(UpgradeUse::Zoop(d))),
                    );
                }
                _ => {}
            }
        }
        self.anytime_uses(p, out);
    }

    /// Does the moment offer "done" alone, for certain? Only Abort Switch
    /// and Lucky Booster are looked at (usable before a single revealed
    /// card); any other temporary upgrade says no, and its options are
    /// listed.
    fn window_offers_nothing(&self, p: PlayerId, after: bool) -> bool {
        let Some(pl) = self.players.get(p.index()) else {
            return false;
        };
        let reg = &pl.registers[self.reg_index()];
        let before_single_card = !after && reg.cards.len() == 1 && !reg.crab;
        !before_single_card
            && pl
                .slots
                .temporary
                .iter()
                .all(|u| matches!(u, Upgrade::AbortSwitch | Upgrade::LuckyBooster))
    }

    /// The moment before or after a robot's card activation.
    pub(crate) fn window(&mut self, p: PlayerId, after: bool, answer: Option<&Action>) -> Flow {
        let idle = self
            .players
            .get(p.index())
            .is_none_or(|pl| pl.slots.temporary.is_empty());
        if !self.upgrades_on() || idle || !self.on_board(p) {
            return Flow::Next;
        }
        match answer {
            // "Done" alone is taken without asking: the moment passes.
            None if self.window_offers_nothing(p, after) => Flow::Next,
            None => Flow::Wait(p, Decision::Window { after }),
            Some(&Action::Use(u)) => {
                self.then1(Task::Window { player: p, after });
                self.use_now(p, u);
                Flow::Next
            }
            Some(_) => Flow::Next,
        }
    }

    /// Uses a temporary upgrade: discards it and carries out its effect
    /// (moves become tasks, run before anything else).
    pub(crate) fn use_now(&mut self, p: PlayerId, u: UpgradeUse) {
        let upgrade = u.upgrade();
        self.discard_installed(p, upgrade);
        self.emit(Event::UpgradeUsed { player: p, upgrade });
        let op = |op| Task::Op { player: p, op };
        match u {
            UpgradeUse::AbortSwitch => self.abort_switch(p),
            UpgradeUse::LuckyBooster => {
                if let Some(h) = self.dig_for_haywire() {
                    self.then1(Task::Lucky {
                        player: p,
                        haywire: h,
                    });
                }
            }
            UpgradeUse::AllAboard => self.then1(op(Op::AllAboard)),
            UpgradeUse::Boink(dir) => self.then1(op(Op::Step { dir, steps: 1 })),
            UpgradeUse::Overclocked => self.then1(op(Op::UpgradeMove {
                rel: Rel::Forward,
                steps: 2,
                pushing: true,
            })),
            UpgradeUse::PressureRelease => self.then1(op(Op::UpgradeMove {
                rel: Rel::Back,
                steps: 5,
                pushing: false,
            })),
            UpgradeUse::Zoop(d) => self.then1(op(Op::Face(d))),
            UpgradeUse::Switch(q) => self.switch(p, q),
            UpgradeUse::Recharge => self.gain_energy(p, 3),
            UpgradeUse::ReInitialize(q) => {
                self.priority = q;
                self.emit(Event::PriorityPassed { to: q });
            }
            UpgradeUse::Rewire => self.rewire(p),
            UpgradeUse::CalibrationProtocol => self.calibrate(p),
            UpgradeUse::MemorySwap => self.memory_swap(p),
        }
    }

    /// Abort Switch: the register card goes to its pile; the top card of the
    /// deck takes its place (and resolves).
    fn abort_switch(&mut self, p: PlayerId) {
        let r = self.reg_index();
        let old: SmallVec<[CardId; 3]> = self.players[p.index()].registers[r]
            .cards
            .drain(..)
            .collect();
        for &c in &old {
            self.discard_card(p, c);
        }
        let new = self.draw_card(p);
        let reg = &mut self.players[p.index()].registers[r];
        reg.crab = false;
        reg.replaced = true;
        reg.cards.extend(new);
        if let Some(&c) = old.first() {
            self.emit(Event::CardReplaced {
                player: p,
                card: c.card(),
                by: new.map(CardId::card),
            });
        }
    }

    /// Switch: swap places with an adjacent robot, facings kept.
    fn switch(&mut self, p: PlayerId, q: PlayerId) {
        let (Some(&a), Some(&b)) = (self.body(p), self.body(q)) else {
            return;
        };
        if !a.on_board || !b.on_board {
            return;
        }
        self.bodies.set_pos(RobotId::of(p), b.pos);
        self.bodies.set_pos(RobotId::of(q), a.pos);
        for (who, from, to) in [(p, a.pos, b.pos), (q, b.pos, a.pos)] {
            self.emit(Event::Grid(GridEvent::Moved {
                robot: RobotId::of(who),
                from,
                to,
                cause: Cause::Placed,
            }));
        }
    }

    /// Rewire: face-down Haywires of the registers go to the hand and must
    /// be programmed this round.
    fn rewire(&mut self, p: PlayerId) {
        let cards: SmallVec<[CardId; 5]> = self.face_down_haywires(p).collect();
        let pl = &mut self.players[p.index()];
        for reg in &mut pl.registers {
            reg.cards.retain(|c| !cards.contains(c));
        }
        pl.hand.extend(cards.iter().copied());
        pl.must_program.extend(cards);
    }

    /// Calibration Protocol: damage in hand to the damage discard, then as
    /// many cards drawn.
    fn calibrate(&mut self, p: PlayerId) {
        let pl = &mut self.players[p.index()];
        let damage: SmallVec<[CardId; 9]> =
            pl.hand.iter().copied().filter(|c| c.is_damage()).collect();
        pl.hand.retain(|c| !c.is_damage());
        pl.must_program.clear();
        for &c in &damage {
            self.damage.discard(c);
        }
        for _ in 0..damage.len() {
            let Some(c) = self.draw_card(p) else { break };
            self.players[p.index()].hand.push(c);
        }
    }

    /// Memory Swap: draw 3, then put 3 cards of the hand back on top of the
    /// deck, one action each.
    fn memory_swap(&mut self, p: PlayerId) {
        for _ in 0..3 {
            let Some(c) = self.draw_card(p) else { break };
            self.players[p.index()].hand.push(c);
        }
        let pl = &mut self.players[p.index()];
        let back = (pl.hand.len() - pl.must_program.len().min(pl.hand.len())).min(3) as u8;
        if back > 0 {
            pl.round.program = ProgramStatus::Returning(back);
        }
    }
}
