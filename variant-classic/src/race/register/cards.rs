//! Each robot's cards of the register: the primary card, the extra
//! cards, the questions options ask first.

use crate::cards::Kind;
use crate::race::{Race, Task, REGISTERS};
use crate::world::{Rammed, World};
use robo_core::agenda;
use robo_core::geom::{Dir, Turn};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::motion::Cause;
use robo_core::pipeline::{GridWorld, StepFlow};

impl Race {
    /// One robot's cards of the register being resolved: the primary
    /// card, then any extra cards the register holds. A primary card an
    /// option may lengthen or shorten (Brakes, Fourth Gear, Reverse
    /// Gears) waits for its owner's choice of distance first
    /// ([`Task::Distance`]).
    pub(in crate::race) fn card_turn(&mut self, p: PlayerId) -> StepFlow {
        if p.0 >= crate::race::devices::BOMB_TURN {
            return self.bomb_turn(usize::from(p.0 - crate::race::devices::BOMB_TURN));
        }
        let quiet = self.options_quiet();
        if !quiet {
            if let Some(flow) = self.radio_turn(p) {
                return flow;
            }
        }
        let slot = usize::from(self.core.register.clamp(1, REGISTERS as u8) - 1);
        let robot = &self.robots[p.index()];
        let (Some(card), false) = (robot.registers[slot], robot.destroyed) else {
            return StepFlow::Continue;
        };
        if quiet {
            // No option asks anything first; one card (most registers):
            // it runs, then the harm is counted.
            if robot.extra[slot].is_empty() && !robot.hop {
                self.run_plain(p, card);
                return self.count_harm();
            }
            return self.run_program(p, card, None);
        }
        self.gadgets(p);
        if self.robots[p.index()].destroyed {
            return self.count_harm();
        }
        if self.may_hop(p, card.kind) {
            let register = self.core.register;
            return agenda::set_off(
                self,
                &[Task::Hop {
                    player: p,
                    register,
                }],
            );
        }
        self.card_ready(p, card)
    }

    /// Robot `p` runs its cards of this register, once any question the
    /// Frog Legs asked is answered: a primary card an option may lengthen
    /// or shorten waits for its owner's choice of distance first.
    pub(in crate::race) fn card_ready(
        &mut self,
        p: PlayerId,
        card: crate::cards::Card,
    ) -> StepFlow {
        // Only an option changes a card's distance.
        if !self.robots[p.index()].options.is_empty()
            && self.world.at(RobotId::of(p)).is_some()
            && !self.distances(p, card.kind).is_empty()
        {
            let register = self.core.register;
            return agenda::set_off(
                self,
                &[Task::Distance {
                    player: p,
                    register,
                }],
            );
        }
        self.run_program(p, card, None)
    }

    /// Robot `p` carries out this register's cards: the primary `card`
    /// (moving `distance` cells instead of its own, if given), then the
    /// extra cards; then the harm is counted.
    pub(in crate::race) fn run_program(
        &mut self,
        p: PlayerId,
        card: crate::cards::Card,
        distance: Option<u8>,
    ) -> StepFlow {
        let slot = usize::from(self.core.register.clamp(1, REGISTERS as u8) - 1);
        if self.robots[p.index()].extra[slot].is_empty() {
            // One card (most registers): nothing to copy.
            self.run_card(p, card, distance);
            if self.robots[p.index()].hop {
                self.land_hop(p);
            }
            return self.count_harm();
        }
        let extra = self.robots[p.index()].extra[slot].clone();
        if self.run_stacked(p, card, distance) {
            self.land_hop(p);
            return self.count_harm();
        }
        self.run_card(p, card, distance);
        for card in extra {
            if self.robots[p.index()].destroyed {
                break;
            }
            self.run_card(p, card, None);
        }
        self.land_hop(p);
        self.count_harm()
    }

    /// [`Race::run_card`] for a register with no option in effect: robot
    /// `p` carries out `card` (if it is on the board).
    #[inline]
    fn run_plain(&mut self, p: PlayerId, card: crate::cards::Card) {
        let r = RobotId::of(p);
        let Some((_, facing)) = self.world.at(r) else {
            return;
        };
        let cells = card.kind.steps().unsigned_abs();
        // (The robots pushed matter only to options.)
        let _ = card_motion(&mut self.world, r, facing, card.kind, cells);
    }

    /// Robot `p` carries out `card` (if it is on the board), moving
    /// `distance` cells instead of the card's own if given.
    pub(in crate::race) fn run_card(
        &mut self,
        p: PlayerId,
        card: crate::cards::Card,
        distance: Option<u8>,
    ) {
        let r = RobotId::of(p);
        let Some((_, facing)) = self.world.at(r) else {
            return;
        };
        let cells = distance.unwrap_or_else(|| card.kind.steps().unsigned_abs());
        let quiet = self.options_quiet();
        let cells = if quiet {
            cells
        } else {
            cells + self.burn_fuel(p, card.kind, cells)
        };
        let Some(rammed) = card_motion(&mut self.world, r, facing, card.kind, cells) else {
            return;
        };
        if !rammed.is_empty() && !quiet {
            self.ram(p, &rammed);
            self.reengineer_asks(p, &rammed);
        }
    }
}

/// Robot `r`, facing `facing`, carries out a card of `kind` over `cells`
/// cells: a turn, or a move (backwards for Back Up). The robots the move
/// rammed, or `None` when the card turned the robot or moves it nowhere.
#[inline]
fn card_motion(w: &mut World, r: RobotId, facing: Dir, kind: Kind, cells: u8) -> Option<Rammed> {
    let turn = match kind {
        Kind::UTurn => Turn::UTurn,
        Kind::RotateLeft => Turn::Left,
        Kind::RotateRight => Turn::Right,
        _ if cells == 0 => return None,
        Kind::BackUp => return Some(w.card_move(r, facing.opposite(), cells, true)),
        _ => return Some(w.card_move(r, facing, cells, false)),
    };
    w.turn_robot(r, turn, Cause::Move);
    None
}
