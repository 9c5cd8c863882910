//! The phase-programmed movement options that put two cards in a
//! register ([`super::program`] stacks them): Crab Legs (a Move 1 with a
//! Rotate Left or Right steps sideways that way without turning), Dual
//! Processor (the move one cell shorter, two with a U-Turn, then the turn)
//! and Overload Override (both cards, the primary first, or an empty
//! register; one damage token each time it is used). A register's reveal
//! also runs the Homing Devices switched on ([`super::homing`]).

use super::super::{Power, Race, REGISTERS};
use crate::cards::{Card, Kind};
use crate::options::OptionCard;
use crate::world::Harm;
use robo_core::ids::{PlayerId, RobotId};

impl Race {
    /// At register `register`'s reveal: the turn-programmed options in
    /// play, and Overload Override's damage token for each running robot
    /// that uses it in this register (two cards, or none).
    pub(in crate::race) fn reveal_options(&mut self, register: u8) {
        self.arm_turn_options();
        self.copters();
        self.home_in();
        for i in 0..self.robots.len() {
            let r = &self.robots[i];
            if r.program.placed.is_empty()
                || r.destroyed
                || r.power == Power::Down
                || !r.alive()
                || r.damped()
            {
                continue;
            }
            let uses = r
                .program
                .in_register(register)
                .filter(|&o| o == OptionCard::OverloadOverride)
                .count();
            if uses > 0 && self.world.at(RobotId(i as u8)).is_some() {
                self.world
                    .harm
                    .push(Harm::Damage(RobotId(i as u8), uses as u8));
            }
        }
    }

    /// Robot `p` carries out this register's primary `card` (moving
    /// `distance` cells if its owner chose another) and its second card as
    /// Crab Legs or Dual Processor combine them. `false` when no such
    /// option stacked them (the cards then run one after the other, as
    /// with Overload Override).
    pub(in crate::race) fn run_stacked(
        &mut self,
        p: PlayerId,
        card: Card,
        distance: Option<u8>,
    ) -> bool {
        let register = self.core.register.clamp(1, REGISTERS as u8);
        let robot = &self.robots[p.index()];
        let Some(&second) = robot.extra[usize::from(register - 1)].first() else {
            return false;
        };
        let Some(option) = robot.program.stacked_by(register) else {
            return false;
        };
        let (mv, turn) = if is_move(card.kind) {
            (card, second)
        } else {
            (second, card)
        };
        // The primary card's distance, if its owner chose one.
        let steps = |c: Card| {
            if c == card {
                distance.unwrap_or_else(|| c.kind.steps().unsigned_abs())
            } else {
                c.kind.steps().unsigned_abs()
            }
        };
        let r = RobotId::of(p);
        match option {
            OptionCard::CrabLegs => {
                let Some((_, facing)) = self.world.at(r) else {
                    return true;
                };
                let side = match turn.kind {
                    Kind::RotateLeft => facing.left(),
                    _ => facing.right(),
                };
                let cells = steps(mv);
                if cells > 0 {
                    let rammed = self.world.card_move(r, side, cells, false);
                    if !rammed.is_empty() {
                        self.ram(p, &rammed);
                    }
                }
            }
            OptionCard::DualProcessor => {
                let less = if turn.kind == Kind::UTurn { 2 } else { 1 };
                self.run_card(p, mv, Some(steps(mv).saturating_sub(less)));
                if !self.robots[p.index()].destroyed {
                    self.run_card(p, turn, None);
                }
            }
            _ => return false,
        }
        true
    }
}

/// Is it a card that moves the robot forward (Move 1, 2, 3)?
fn is_move(kind: Kind) -> bool {
    matches!(kind, Kind::Move1 | Kind::Move2 | Kind::Move3)
}
