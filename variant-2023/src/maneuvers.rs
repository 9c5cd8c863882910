//! Maneuvers: the small steps every card is made of (moves, turns,
//! energy...), the table of each card's maneuvers, and what a move sets
//! off (falls, pushes, and the upgrades that react to them).

use crate::actions::{seat, Rel};
use crate::agenda::{Flow, Task};
use crate::cards::{Card, Haywire};
use crate::events::{Event, Source};
use crate::race::Race;
use crate::tiles::Tile;
use crate::upgrades::Upgrade;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Turn};
use robo_core::motion::{move_robot, Cause, Move, MoveEnd, Push};
use robo_core::pipeline::{ConveyorPass, GridWorld};
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// One maneuver or small effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Op {
    /// A card's move, relative to the facing (part of the robot's
    /// programming card activation: it can trigger push upgrades).
    Move {
        /// Which way.
        rel: Rel,
        /// How far.
        steps: u8,
    },
    /// A card's Move 5 that costs 1 damage if a wall stops it.
    Ram,
    /// An upgrade's move, relative to the facing.
    UpgradeMove {
        /// Which way.
        rel: Rel,
        /// How far.
        steps: u8,
        /// May it push robots (else it stops before them)?
        pushing: bool,
    },
    /// An upgrade's move in a compass direction.
    Step {
        /// Which way.
        dir: Dir,
        /// How far.
        steps: u8,
    },
    /// Pushed one space by a weapon.
    Shove {
        /// Which way.
        dir: Dir,
    },
    /// Pulled one space (never a push).
    Pull {
        /// Which way.
        dir: Dir,
    },
    /// A rotation; `maneuver` when a card makes it (a U-turn maneuver
    /// triggers Laser Kata).
    Turn {
        /// The rotation.
        turn: Turn,
        /// A card's rotation maneuver.
        maneuver: bool,
    },
    /// Turn to a facing (never a U-turn maneuver).
    Face(Dir),
    /// +1 energy.
    PowerUp,
    /// Take the priority token.
    TakePriority,
    /// Lasers deal 1 more damage this register.
    Supercharge,
    /// Run the belts for this robot alone (All Aboard).
    AllAboard,
}

const F1: Op = Op::Move {
    rel: Rel::Forward,
    steps: 1,
};
const F2: Op = Op::Move {
    rel: Rel::Forward,
    steps: 2,
};
const F3: Op = Op::Move {
    rel: Rel::Forward,
    steps: 3,
};
const B1: Op = Op::Move {
    rel: Rel::Back,
    steps: 1,
};
const B3: Op = Op::Move {
    rel: Rel::Back,
    steps: 3,
};
const TR: Op = Op::Turn {
    turn: Turn::Right,
    maneuver: true,
};
const TL: Op = Op::Turn {
    turn: Turn::Left,
    maneuver: true,
};
const TU: Op = Op::Turn {
    turn: Turn::UTurn,
    maneuver: true,
};

/// The maneuvers of a card that needs no choice. Cards with a choice (and
/// Again and SPAM, which resolve other cards) list what comes before the
/// choice, often nothing.
///
/// ```
/// use variant_2023::cards::{Card, Haywire};
/// use variant_2023::maneuvers::card_ops;
/// assert_eq!(card_ops(Card::Move2).len(), 1);
/// assert_eq!(card_ops(Card::Haywire(Haywire::JogLeft)).len(), 3);
/// ```
#[must_use]
pub fn card_ops(card: Card) -> &'static [Op] {
    match card {
        Card::Move1 => &[F1],
        Card::Move2 => &[F2],
        Card::Move3 => &[F3],
        Card::MoveBack => &[B1],
        Card::RotateRight => &[TR],
        Card::RotateLeft => &[TL],
        Card::UTurn => &[TU],
        Card::PowerUp => &[Op::PowerUp],
        Card::Again | Card::Spam => &[],
        Card::Haywire(h) => match h {
            Haywire::MoveTwoTurnRight => &[F2, TR],
            Haywire::JogLeft => &[F1, TL, F1],
            Haywire::GrabPriority => &[F1, Op::TakePriority],
            Haywire::ReverseThree => &[B3],
            Haywire::BackFlip => &[B1, TU],
            Haywire::JogRight => &[F1, TR, F1],
            Haywire::MoveTwoTurnLeft => &[F2, TL],
            Haywire::Ram => &[Op::Ram],
            Haywire::Supercharge => &[F1, Op::Supercharge],
            Haywire::MoveThreeUTurn => &[F3, TU],
            Haywire::Purge => &[B1],
            Haywire::TurnEitherWay
            | Haywire::FaceAnyMove
            | Haywire::FreeUpgrade
            | Haywire::Overdrive
            | Haywire::Sidestep
            | Haywire::DoubleDraw => &[],
        },
    }
}

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
                player: seat(l.robot),
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
        if self.pushes_with(seat(push.pushed), Upgrade::Spiky) {
            tasks.push(Task::Damage {
                player: seat(push.by),
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
                Move::new(Race::rid(p), rel.of(facing), steps),
                true,
                false,
            ),
            Op::Ram => self.move_op(p, Move::new(Race::rid(p), facing, 5), true, true),
            Op::UpgradeMove {
                rel,
                steps,
                pushing,
            } => {
                let mut m = Move::new(Race::rid(p), rel.of(facing), steps);
                m.pushing = pushing;
                self.move_op(p, m, false, false);
            }
            Op::Step { dir, steps } => {
                self.move_op(p, Move::new(Race::rid(p), dir, steps), false, false)
            }
            Op::Shove { dir } => {
                let m = Move::new(Race::rid(p), dir, 1).with_cause(Cause::Push { by: None });
                self.move_op(p, m, false, false);
            }
            Op::Pull { dir } => {
                let m = Move::new(Race::rid(p), dir, 1)
                    .without_pushing()
                    .with_cause(Cause::Placed);
                self.move_op(p, m, false, false);
            }
            Op::Turn { turn, maneuver } => {
                self.turn_robot(Race::rid(p), turn, Cause::Move);
                if maneuver && turn == Turn::UTurn {
                    self.players[p.index()].reg.kata = true;
                }
            }
            Op::Face(d) => {
                if let Some(turn) = facing.turn_to(d) {
                    self.turn_robot(Race::rid(p), turn, Cause::Move);
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
                let robot = [Race::rid(p)];
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
        let me = Race::rid(p);
        for push in &pushes {
            self.report_push(*push, &mut tasks);
            let pushed = seat(push.pushed);
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
                        if !pushes.iter().any(|x| seat(x.pushed) == m) {
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
