//! The common card turn, played straight through: a plain move or turn
//! card of a robot whose upgrades do not change it, with no Magnetic robot
//! in play. It does what the general path (`resolve_slot`, `effect`, `op`,
//! `move_op` and the motion core) does for such a card, event for event,
//! without the layers between: most card turns of a game are of this
//! kind, and the register's instruction count (benches/register.rs) is
//! mostly card turns. The golden games (`golden.rs`) pin the equivalence.
//!
//! A move steps alone while the cell ahead is free; when it meets a robot,
//! the rest of the move (the pushes) goes through the motion core as any
//! other move.

use crate::actions::Rel;
use crate::cards::Card;
use crate::events::Event;
use crate::race::Race;
use crate::robot::Body;
use crate::task::Op;
use crate::tiles::Tile;
use crate::upgrades::Upgrade;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Turn};
use robo_core::motion::{Cause, Move};
use robo_core::pipeline::GridWorld;
use robo_core::race::moves::MoveKind;
use robo_core::{PlayerId, RobotId};

/// The upgrades that change what a plain card does (Brakes for Move 1,
/// Drifting and Power Slide after a rotation, Hover Unit over pits): a
/// robot with any of them takes the general path.
const CHANGES_PLAIN: u64 = Upgrade::Brakes.bit()
    | Upgrade::Drifting.bit()
    | Upgrade::PowerSlide.bit()
    | Upgrade::HoverUnit.bit();

/// A plain card's one maneuver, as [`card_ops`](crate::task::card_ops) lists it: the programming
/// deck's moves and rotations; any other card takes the general path.
/// Written out (not read from `card_ops`): every card turn asks. A test
/// below holds it to `card_ops`.
#[inline(always)]
fn plain_op(card: Card) -> Option<Op> {
    let (rel, steps) = match card {
        Card::Move1 => (Rel::Forward, 1),
        Card::Move2 => (Rel::Forward, 2),
        Card::Move3 => (Rel::Forward, 3),
        Card::MoveBack => (Rel::Back, 1),
        Card::RotateRight | Card::RotateLeft | Card::UTurn => {
            let turn = match card {
                Card::RotateRight => Turn::Right,
                Card::RotateLeft => Turn::Left,
                _ => Turn::UTurn,
            };
            return Some(Op::Turn {
                turn,
                maneuver: true,
            });
        }
        _ => return None,
    };
    Some(Op::Move { rel, steps })
}

impl Race {
    /// Plays `p`'s card of this register now if it is a plain one (see
    /// the module's documentation) and says whether it did; `false` when
    /// nothing was done and the general path must play it.
    pub(crate) fn quick_card(&mut self, p: PlayerId) -> bool {
        if self.scratch.magnetic_somewhere != Some(false) {
            return false;
        }
        let r = self.reg_index();
        let Some(pl) = self.players.get(p.index()) else {
            return false;
        };
        let reg = &pl.registers[r];
        if reg.crab || !pl.status.powered() {
            return false;
        }
        let Some(card) = reg.card().map(crate::cards::CardId::card) else {
            return false;
        };
        let Some(op) = plain_op(card) else {
            return false;
        };
        if self.upgrade_mask(p) & CHANGES_PLAIN != 0 {
            return false;
        }
        let robot = RobotId::of(p);
        let Some(&body) = self.bodies.on_board(robot) else {
            return false;
        };
        self.players[p.index()].this_card = Some(card);
        self.emit(Event::CardResolved { player: p, card });
        match op {
            Op::Turn { turn, .. } => {
                self.turn_robot(robot, turn, Cause::Move);
                if turn == Turn::UTurn {
                    self.players[p.index()].reg.kata = true;
                }
            }
            Op::Move { rel, steps } => self.quick_move(p, body, rel.of(body.facing), steps),
            // `plain_op` gives only moves and turns.
            _ => {}
        }
        true
    }

    /// `p`'s card moves it `steps` towards `dir`: alone while nobody is in
    /// the way, the rest through the motion core.
    fn quick_move(&mut self, p: PlayerId, start: Body, dir: Dir, steps: u8) {
        let robot = RobotId::of(p);
        let mut left = steps;
        let mut blocked = false;
        // Where the robot stands: `start` (on the board), then each cell
        // it steps into (a fall ends the move).
        let mut from = start.pos;
        while left > 0 {
            if !self.arena.can_leave(from, dir, self.options.less_deadly) {
                blocked = true;
                break;
            }
            let to = from.step(dir);
            if self.bodies.at(to).is_some() {
                // A robot in the way: the rest of the move pushes.
                self.move_op(p, Move::new(robot, dir, left), MoveKind::Card);
                return;
            }
            left -= 1;
            self.bodies.set_pos(robot, to);
            self.emit(Event::Grid(GridEvent::Moved {
                robot,
                from,
                to,
                cause: Cause::Move,
            }));
            match self.arena.tile(to) {
                None => {
                    self.lose(robot, from, to, false);
                    break;
                }
                Some(Tile::Pit) => {
                    self.lose(robot, from, to, true);
                    break;
                }
                _ => {}
            }
            from = to;
        }
        if blocked {
            if let Some(&b) = self.body(p) {
                self.emit(Event::Grid(GridEvent::Blocked {
                    robot,
                    at: b.pos,
                    dir,
                }));
            }
        }
        // Falls become reboot tasks (a lone move pushes nobody).
        self.after_card_move(p, &[], start);
    }
}

#[cfg(test)]
mod tests {
    use super::plain_op;
    use crate::cards::{Card, PROGRAMMING_DECK};
    use crate::task::card_ops;

    #[test]
    fn a_plain_card_does_what_card_ops_lists() {
        let mut plain = 0;
        for card in PROGRAMMING_DECK.iter().copied().chain([Card::Spam]) {
            if let Some(op) = plain_op(card) {
                assert_eq!(card_ops(card), &[op], "{card:?}");
                plain += 1;
            }
        }
        assert!(plain >= 7, "{plain}");
        assert_eq!(plain_op(Card::PowerUp), None);
        assert_eq!(plain_op(Card::Again), None);
    }
}
