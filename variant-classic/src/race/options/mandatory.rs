//! Mandatory run-time options that stand between a robot and its damage:
//! Power Down Shield (a powered-down robot's four sides each stop one
//! shot's token per register) and Converter (damage tokens become fuel
//! that lengthens the next move; a third token blows it up).

use super::super::{Event, Loss, Power, Race};
use crate::cards::Kind;
use crate::options::OptionCard;
use crate::tiles::Crossing;
use crate::world::Harm;
use robo_core::geom::Dir;
use robo_core::ids::{PlayerId, RobotId};
use robo_core::motion::Arena;

/// Fuel a Converter holds safely; one more blows it up.
pub const CONVERTER_FUEL: u8 = 2;
/// Damage of a Converter's explosion in the robot's own cell (halved on
/// the four cells beside it, nothing further).
pub const CONVERTER_BLAST: u8 = 2;

/// The bit of side `d` in [`Marks::shielded`](super::Marks::shielded).
fn side_bit(d: Dir) -> u8 {
    1 << (d as u8)
}

impl Race {
    /// Power Down Shield: of `n` tokens a shot travelling towards `dir`
    /// brings robot `r`, the side it hits stops one, once per register,
    /// while the robot is powered down. The tokens left come on.
    pub(in crate::race) fn shield(&mut self, r: RobotId, n: u8, dir: Dir) -> u8 {
        let (round, register) = (self.core.round, self.core.register);
        let Some(robot) = self.robots.get_mut(r.index()) else {
            return n;
        };
        if n == 0 || robot.power != Power::Down || !robot.active(OptionCard::PowerDownShield) {
            return n;
        }
        let marks = &mut robot.marks;
        if marks.shield_at != (round, register) {
            marks.shield_at = (round, register);
            marks.shielded = 0;
        }
        let side = side_bit(dir.opposite());
        if marks.shielded & side != 0 {
            return n;
        }
        marks.shielded |= side;
        self.emit(Event::Absorbed {
            player: PlayerId::of(r),
            option: OptionCard::PowerDownShield,
            tokens: 1,
        });
        n - 1
    }

    /// Converter: every token coming to robot `r` becomes fuel on the
    /// card instead; the token that brings it past
    /// [`CONVERTER_FUEL`] blows it up ([`Race::converter_blast`]). The
    /// tokens it did not take come on.
    pub(in crate::race) fn convert(&mut self, r: RobotId, n: u8) -> u8 {
        let Some(robot) = self.robots.get_mut(r.index()) else {
            return n;
        };
        if n == 0 || robot.options.is_empty() || robot.damped() {
            return n;
        }
        let Some(i) = robot
            .options
            .iter()
            .position(|h| h.card == OptionCard::Converter)
        else {
            return n;
        };
        let fuel = &mut robot.options[i].payload;
        let tokens = n.min(CONVERTER_FUEL + 1 - (*fuel).min(CONVERTER_FUEL));
        *fuel += tokens;
        let blows = *fuel > CONVERTER_FUEL;
        let p = PlayerId::of(r);
        self.emit(Event::Absorbed {
            player: p,
            option: OptionCard::Converter,
            tokens,
        });
        if blows {
            self.lose_option(p, i as u8, Loss::Exploded);
            self.converter_blast(r);
        }
        n - tokens
    }

    /// A Converter blows up: [`CONVERTER_BLAST`] tokens to its robot and
    /// half as many to each robot on the four cells beside it with no
    /// wall, repulsor field or change of level between (the explosion
    /// rule's halving per cell; anything further, or behind a wall, is
    /// too far to be hurt).
    fn converter_blast(&mut self, r: RobotId) {
        let Some((at, _)) = self.world.at(r) else {
            return;
        };
        self.world.harm.push(Harm::Damage(r, CONVERTER_BLAST));
        for d in Dir::ALL {
            let w = &self.world;
            let walled = matches!(w.crossing(at, d), Crossing::Wall | Crossing::Repulsor)
                || w.blocks_shot(at, d);
            let next = at.step(d);
            if walled {
                continue;
            }
            if let Some(other) = w.robot_at(next) {
                if !w.is_ghost(other) {
                    self.world
                        .harm
                        .push(Harm::Damage(other, CONVERTER_BLAST / 2));
                }
            }
        }
    }

    /// Converter: a move card of robot `p` about to move `cells` (at
    /// least one) burns a fuel token for one cell more. Returns the
    /// cells added (0 or 1).
    pub(in crate::race) fn burn_fuel(&mut self, p: PlayerId, kind: Kind, cells: u8) -> u8 {
        let moves = matches!(kind, Kind::Move1 | Kind::Move2 | Kind::Move3 | Kind::BackUp);
        let Some(robot) = self.robots.get_mut(p.index()) else {
            return 0;
        };
        if !moves || cells == 0 || robot.options.is_empty() || robot.damped() {
            return 0;
        }
        let Some(h) = robot
            .options
            .iter_mut()
            .find(|h| h.card == OptionCard::Converter && h.payload > 0)
        else {
            return 0;
        };
        h.payload -= 1;
        self.emit(Event::OptionUsed {
            player: p,
            option: OptionCard::Converter,
        });
        1
    }
}
