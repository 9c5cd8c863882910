//! Carrying out maneuvers ([`Op`]): moves, turns, energy..., and what a
//! move sets off (falls, pushes, and the upgrades that react to them).

use crate::events::{Event, Source};
use crate::race::Race;
use crate::robot::Body;
use crate::task::{Flow, Op, Task};
use crate::tiles::Tile;
use crate::upgrades::Upgrade;
use robo_core::event::GridEvent;
use robo_core::geom::Turn;
use robo_core::motion::{Cause, Move, MoveEnd, Push};
use robo_core::pipeline::{ConveyorPass, GridWorld};
use robo_core::race::moves::{make_move, MoveKind};
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
        for l in self.scratch.notes.lost.drain(..) {
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
        self.emit(Event::Grid(GridEvent::Pushed(push)));
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
                MoveKind::Card,
            ),
            Op::Ram => self.move_op(p, Move::new(RobotId::of(p), facing, 5), MoveKind::Ram),
            Op::UpgradeMove {
                rel,
                steps,
                pushing,
            } => {
                let mut m = Move::new(RobotId::of(p), rel.of(facing), steps);
                m.pushing = pushing;
                self.move_op(p, m, MoveKind::Upgrade);
            }
            Op::Step { dir, steps } => {
                self.move_op(p, Move::new(RobotId::of(p), dir, steps), MoveKind::Upgrade)
            }
            Op::Shove { dir } => {
                let m = Move::new(RobotId::of(p), dir, 1).with_cause(Cause::Push { by: None });
                self.move_op(p, m, MoveKind::Forced);
            }
            Op::Pull { dir } => {
                let m = Move::new(RobotId::of(p), dir, 1)
                    .without_pushing()
                    .with_cause(Cause::Placed);
                self.move_op(p, m, MoveKind::Forced);
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
                let _ = self.after_moves();
            }
        }
        Flow::Next
    }

    /// Makes a move of `kind` for `p`, then sets off what it caused.
    pub(crate) fn move_op(&mut self, p: PlayerId, m: Move, kind: MoveKind) {
        let Some(&start) = self.body(p) else { return };
        // Noted when the register began: without Magnetic anywhere, no
        // look around the robot.
        let magnets = if kind.is_card() && self.scratch.magnetic_somewhere != Some(false) {
            self.magnets_near(p)
        } else {
            SmallVec::new()
        };
        let out = make_move(self, m, kind);
        if let (Some(MoveEnd::Blocked), Some(&b)) = (out.end, self.body(p)) {
            self.emit(Event::Grid(GridEvent::Blocked {
                robot: m.robot,
                at: b.pos,
                dir: m.dir,
            }));
            if kind == MoveKind::Ram {
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
        if kind.is_card() {
            self.after_card_move(p, &magnets, start);
        } else {
            let _ = self.after_moves();
        }
    }

    /// After `p`'s card moved it from `start`: falls become reboot tasks;
    /// pushes are reported and set off Spiky and, by the pusher, Ramming
    /// Gear, Piercing Drill and Modular Chassis; the Magnetic robots in
    /// `magnets` may follow.
    pub(crate) fn after_card_move(&mut self, p: PlayerId, magnets: &[PlayerId], start: Body) {
        // Most moves lose nobody, push nobody and have no magnet nearby.
        if self.scratch.notes.is_quiet() && magnets.is_empty() {
            return;
        }
        let mut tasks: SmallVec<[Task; 8]> = SmallVec::new();
        self.fall_tasks(&mut tasks);
        let pushes = self.scratch.notes.take_pushes();
        let me = RobotId::of(p);
        for push in &pushes {
            self.report_push(*push, &mut tasks);
            let pushed = PlayerId::of(push.pushed);
            if push.by == me {
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
        self.then(&tasks);
    }
}
