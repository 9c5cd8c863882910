//! Carrying out maneuvers ([`Op`]): moves, turns, energy..., and what a
//! move sets off (falls, pushes, and the upgrades that react to them).

use crate::events::{Event, Source};
use crate::race::Race;
use crate::task::{Flow, Op, Task};
use crate::tiles::Tile;
use crate::upgrades::Upgrade;
use robo_core::event::GridEvent;
use robo_core::geom::Turn;
use robo_core::motion::{move_robot, Cause, Move, MoveEnd, Push};
use robo_core::pipeline::{ConveyorPass, GridWorld};
use robo_core::{PlayerId, RobotId};
use smallvec::SmallVec;

impl Race {
    /// Does `p`'s push upgrade `u` act now? Not in the register a Modular
    /// Chassis trade brought it.
    fn pushes_with(&self, p: PlayerId, u: Upgrade) -> bool {
        let traded = self.players.get(p.index()).and_then(|pl| pl.reg.traded);
        self.has(p, u) && traded != Some(u)
    }

    /// Each robot the last move or element step lost becomes a fall task.
    pub(crate) fn fall_tasks(&mut self, tasks: &mut SmallVec<[Task; 8]>) {
        for l in self.scratch.lost.drain(..) {
            tasks.push(Task::Fall {
                player: PlayerId::of(l.robot),
                board: l.board,
                pit: l.pit,
            });
        }
    }

    /// Reports `push`, whatever caused it; a Spiky robot hurts the robot
    /// that pushed it.
    pub(crate) fn report_push(&mut self, push: Push, tasks: &mut SmallVec<[Task; 8]>) {
        self.scratch
            .events
            .push(Event::Grid(GridEvent::Pushed(push)));
        if self.pushes_with(PlayerId::of(push.pushed), Upgrade::Spiky) {
            tasks.push(Task::Damage {
                player: PlayerId::of(push.by),
                amount: 1,
                source: Source::Other,
            });
        }
    }

    pub(crate) fn op(&mut self, p: PlayerId, op: Op) -> Flow {
        let Some(&body) = self.body(p).filter(|b| b.on_board) else {
            return Flow::Next;
        };
        let facing = body.facing;
        match op {
            Op::Move { rel, steps } => self.move_op(
                p,
                Move::new(RobotId::of(p), rel.of(facing), steps),
                true,
                false,
            ),
            Op::Ram => self.move_op(p, Move::new(RobotId::of(p), facing, 5), true, true),
            Op::UpgradeMove {
                rel,
                steps,
                pushing,
            } => {
                let mut m = Move::new(RobotId::of(p), rel.of(facing), steps);
                m.pushing = pushing;
                self.move_op(p, m, false, false);
            }
            Op::Step { dir, steps } => {
                self.move_op(p, Move::new(RobotId::of(p), dir, steps), false, false)
            }
            Op::Shove { dir } => {
                let m = Move::new(RobotId::of(p), dir, 1).with_cause(Cause::Push { by: None });
                self.move_op(p, m, false, false);
            }
            Op::Pull { dir } => {
                let m = Move::new(RobotId::of(p), dir, 1)
                    .without_pushing()
                    .with_cause(Cause::Placed);
                self.move_op(p, m, false, false);
            }
            Op::Turn { turn, maneuver } => {
                self.turn_robot(RobotId::of(p), turn, Cause::Move);
                if maneuver && turn == Turn::UTurn {
                    self.players[p.index()].reg.kata = true;
                }
            }
            Op::Face(d) => {
                if let Some(turn) = facing.turn_to(d) {
                    self.turn_robot(RobotId::of(p), turn, Cause::Move);
                }
            }
            Op::PowerUp => self.gain_energy(p, 1),
            Op::TakePriority => {
                if self.priority != p {
                    self.priority = p;
                    self.emit(Event::PriorityPassed { to: p });
                }
            }
            Op::Supercharge => {
                let reg = &mut self.players[p.index()].reg;
                reg.laser_bonus = reg.laser_bonus.saturating_add(1);
            }
            Op::AllAboard => {
                let robot = [RobotId::of(p)];
                for pass in [
                    ConveyorPass::EXPRESS,
                    ConveyorPass::EXPRESS,
                    ConveyorPass::NORMAL,
                ] {
                    let moves = pass.plan(self, &robot);
                    ConveyorPass::apply(self, &moves);
                }
                self.after_move(p, false, &[], body);
            }
        }
        Flow::Next
    }

    /// Makes a move for `p`. `card`: part of its programming card
    /// activation; `ram`: 1 damage if a wall stops it.
    fn move_op(&mut self, p: PlayerId, m: Move, card: bool, ram: bool) {
        let Some(&start) = self.body(p) else { return };
        let magnets = if card {
            self.magnets_near(p)
        } else {
            SmallVec::new()
        };
        self.scratch.mover = Some(m.robot);
        if card {
            self.scratch.card_mover = Some(m.robot);
        }
        let out = move_robot(self, m);
        self.scratch.mover = None;
        self.scratch.card_mover = None;
        if let (Some(MoveEnd::Blocked), Some(&b)) = (out.end, self.body(p)) {
            self.emit(Event::Grid(GridEvent::Blocked {
                robot: m.robot,
                at: b.pos,
                dir: m.dir,
            }));
            if ram {
                self.then1(Task::Damage {
                    player: p,
                    amount: 1,
                    source: Source::Other,
                });
            }
        }
        // A hovering robot that stops over a pit falls in.
        if let Some(&b) = self.body(p).filter(|b| b.on_board) {
            if self.arena.tile(b.pos) == Some(Tile::Pit) {
                self.lose(m.robot, b.pos, b.pos, true);
            }
        }
        self.after_move(p, card, &magnets, start);
    }

    /// Falls become reboot tasks; pushes are reported and set off Spiky and,
    /// during the pusher's card, Ramming Gear, Piercing Drill and Modular
    /// Chassis; Magnetic robots may follow a card move.
    pub(crate) fn after_move(
        &mut self,
        p: PlayerId,
        card: bool,
        magnets: &[PlayerId],
        start: crate::robot::Body,
    ) {
        // Most moves lose nobody, push nobody and have no magnet nearby.
        if self.scratch.lost.is_empty() && self.scratch.pushes.is_empty() && magnets.is_empty() {
            return;
        }
        let mut tasks: SmallVec<[Task; 8]> = SmallVec::new();
        self.fall_tasks(&mut tasks);
        let pushes = self.scratch.take_pushes();
        let me = RobotId::of(p);
        for push in &pushes {
            self.report_push(*push, &mut tasks);
            let pushed = PlayerId::of(push.pushed);
            if card && push.by == me {
                if self.pushes_with(p, Upgrade::RammingGear) {
                    tasks.push(Task::Damage {
                        player: pushed,
                        amount: 1,
                        source: Source::Other,
                    });
                }
                if self.pushes_with(p, Upgrade::PiercingDrill) {
                    tasks.push(Task::Pierce {
                        player: p,
                        target: pushed,
                    });
                }
                if self.pushes_with(p, Upgrade::ModularChassis) {
                    tasks.push(Task::Chassis {
                        player: p,
                        target: pushed,
                    });
                }
            }
        }
        if card {
            if let Some(&now) = self.body(p).filter(|b| b.on_board) {
                if let Some(dir) = start.pos.direction_to(now.pos) {
                    let steps = u8::try_from(start.pos.distance(now.pos)).unwrap_or(u8::MAX);
                    for &m in magnets {
                        if !pushes.iter().any(|x| PlayerId::of(x.pushed) == m) {
                            tasks.push(Task::Magnetic {
                                player: m,
                                dir,
                                steps,
                            });
                        }
                    }
                }
            }
        }
        self.then(&tasks);
    }
}
