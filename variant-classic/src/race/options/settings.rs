//! The turn-programmed options that act on the grid: Shield (stops one
//! damage token a register from the side it faces), Reflector (a laser
//! from the side it faces hits, and goes back to its shooter), Turret (the
//! main laser and the optional weapons aim at the side it faces) and
//! Gyroscopic Stabilizer (switched on, elements do not turn the robot).
//! Their settings come from the program action ([`super::program`]).

use super::super::{Event, Power, Race};
use crate::options::OptionCard;
use robo_core::event::GridEvent;
use robo_core::geom::Dir;
use robo_core::ids::{PlayerId, RobotId};

impl Race {
    /// Does robot `i` run its turn-programmed options (on the board,
    /// powered on: a powered-down robot programs nothing)?
    pub(super) fn runs_options(&self, i: usize) -> bool {
        let r = &self.robots[i];
        !r.options.is_empty() && r.power != Power::Down && !r.destroyed && r.alive()
    }

    /// At a register's reveal: which robots' Shield or Reflector is in
    /// play, and whose Gyroscopic Stabilizer is on, for the grid to know.
    pub(in crate::race) fn arm_turn_options(&mut self) {
        let (mut guarded, mut steady) = (0u8, 0u8);
        for i in 0..self.robots.len().min(8) {
            let r = &self.robots[i];
            if r.power == Power::Down && !r.destroyed && r.active(OptionCard::PowerDownShield) {
                // Its shield covers each side once a register.
                guarded |= 1 << i;
            }
            if !self.runs_options(i) {
                continue;
            }
            let r = &self.robots[i];
            if r.active(OptionCard::Shield) || r.active(OptionCard::Reflector) {
                guarded |= 1 << i;
            }
            if r.active(OptionCard::GyroscopicStabilizer)
                && r.program.is_on(OptionCard::GyroscopicStabilizer)
            {
                steady |= 1 << i;
            }
        }
        self.world.guarded = guarded;
        self.world.steady = steady;
    }

    /// `tokens` damage tokens from a shot travelling `dir` reach robot `r`
    /// (`by`: the robot whose laser it is). A Reflector facing the shot
    /// sends it back to `by` (the robot still takes it); then a Shield
    /// facing it stops one token, once a register. The tokens left.
    pub(in crate::race) fn shot_reaches(
        &mut self,
        r: RobotId,
        tokens: u8,
        dir: Dir,
        by: Option<RobotId>,
    ) -> u8 {
        let i = r.index();
        if i >= self.robots.len() || !self.runs_options(i) {
            return tokens;
        }
        let Some((_, facing)) = self.world.at(r) else {
            return tokens;
        };
        let from = dir.opposite();
        let robot = &self.robots[i];
        let faces = |card| robot.active(card) && robot.program.side(card).of(facing) == from;
        let (reflects, shields) = (faces(OptionCard::Reflector), faces(OptionCard::Shield));
        if let (true, Some(shooter)) = (reflects, by) {
            if self.world.at(shooter).is_some() && shooter != r {
                // The reflected shot is no robot's laser: it does not come
                // back again.
                self.world.log.push(GridEvent::Shot {
                    from: r,
                    target: shooter,
                    dir: from,
                });
                let back = self.world.shot(shooter, tokens, from, None);
                self.world.harm.push(back);
            }
        }
        let register = self.core.register;
        let robot = &mut self.robots[i];
        if !shields || tokens == 0 || robot.program.shield_spent == register {
            return tokens;
        }
        robot.program.shield_spent = register;
        self.emit(Event::Absorbed {
            player: PlayerId::of(r),
            option: OptionCard::Shield,
            tokens: 1,
        });
        tokens - 1
    }

    /// Where robot `r`, facing `facing`, aims its main laser and optional
    /// weapons: its Turret's side, else ahead.
    pub(in crate::race) fn aim(&self, r: RobotId, facing: Dir) -> Dir {
        match self.robots.get(r.index()) {
            Some(robot) if robot.active(OptionCard::Turret) => {
                robot.program.side(OptionCard::Turret).of(facing)
            }
            _ => facing,
        }
    }

    /// Counts a [`Harm::Shot`] of `tokens` reaching robot `r`: the
    /// Reflector and Shield act, then a powered-down robot's Power Down
    /// Shield; the tokens left come on as plain damage.
    pub(in crate::race) fn count_shot(
        &mut self,
        r: RobotId,
        tokens: u8,
        dir: Dir,
        by: Option<RobotId>,
    ) -> u8 {
        match self.robots.get(r.index()) {
            Some(robot) if !robot.destroyed && !self.world.is_ghost(r) => {}
            _ => return 0,
        }
        let left = self.shot_reaches(r, tokens, dir, by);
        self.shield(r, left, dir)
    }
}
