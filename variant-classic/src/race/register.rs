//! A register in the rulebook's order, written once as a pipeline:
//! trap doors open, the cards by priority, express belts, all belts,
//! pushers, gears, crushers, board lasers, robot lasers (all at once),
//! flamers, radioactive waste, then flags and repair sites touched.

use super::{Event, Race, Task, REGISTERS};
use crate::cards::Kind;
use crate::tiles::Tile;
use crate::world::{Doom, Harm};
use robo_core::agenda::{self, TurnOrder, Turns};
use robo_core::event::GridEvent;
use robo_core::geom::Turn;
use robo_core::ids::{PlayerId, RobotId};
use robo_core::motion::{move_robot, Cause, Move};
use robo_core::pipeline::{
    BoardLasers, ConveyorPass, Gears, GridWorld, Pipeline, PushPanels, Step, StepFlow,
};
use robo_core::race::body::Bodies;
use robo_core::race::fire::{volley, FireOptions, Shot};
use serde::{Deserialize, Serialize};

/// A step of the classic register, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ClassicStep {
    /// Trap doors of this register open: robots on them fall.
    TrapDoors,
    /// Robots move one at a time by their cards' priority (highest first).
    Cards,
    /// Express belts move one cell.
    ExpressBelts,
    /// All belts (express ones included) move one cell.
    Belts,
    /// Pushers of this register push.
    Pushers,
    /// Gears turn.
    Gears,
    /// Crushers of this register destroy the robots on them.
    Crushers,
    /// Board lasers fire.
    BoardLasers,
    /// Robots fire forward, all at once.
    RobotLasers,
    /// Flamers of this register burn the robots on them (1 damage).
    Flamers,
    /// Radioactive waste burns the robots on it (1 damage).
    Waste,
    /// Robots touch flags (in order) and repair sites: archive markers
    /// move; the last flag wins.
    Touch,
}

/// The classic register, as data.
///
/// ```
/// use variant_classic::race::{register_pipeline, ClassicStep};
/// let steps = register_pipeline();
/// assert_eq!(steps.steps().first(), Some(&ClassicStep::TrapDoors));
/// assert_eq!(steps.steps().last(), Some(&ClassicStep::Touch));
/// ```
#[must_use]
pub fn register_pipeline() -> Pipeline<ClassicStep> {
    Pipeline::new(vec![
        ClassicStep::TrapDoors,
        ClassicStep::Cards,
        ClassicStep::ExpressBelts,
        ClassicStep::Belts,
        ClassicStep::Pushers,
        ClassicStep::Gears,
        ClassicStep::Crushers,
        ClassicStep::BoardLasers,
        ClassicStep::RobotLasers,
        ClassicStep::Flamers,
        ClassicStep::Waste,
        ClassicStep::Touch,
    ])
}

/// The card order of the register being resolved.
fn by_priority(race: &Race) -> TurnOrder<'_> {
    TurnOrder::Listed(&race.order)
}

impl Step<Race> for ClassicStep {
    fn run(&self, race: &mut Race, register: u8) -> StepFlow {
        let flow = match self {
            ClassicStep::Cards => agenda::run_turns(
                race,
                Turns::from(PlayerId(0)),
                by_priority,
                Race::card_turn,
                |turns| Task::Cards { register, turns },
            ),
            ClassicStep::ExpressBelts => ConveyorPass::EXPRESS.run(&mut race.world, register),
            ClassicStep::Belts => ConveyorPass::ALL.run(&mut race.world, register),
            ClassicStep::Pushers => PushPanels.run(&mut race.world, register),
            ClassicStep::Gears => Gears.run(&mut race.world, register),
            ClassicStep::BoardLasers => BoardLasers.run(&mut race.world, register),
            ClassicStep::RobotLasers => {
                race.robot_lasers();
                StepFlow::Continue
            }
            ClassicStep::Touch => return race.touch(),
            ClassicStep::TrapDoors => {
                race.on_tiles(|t| t.swallows(register), Harm::Destroyed, Doom::TrapDoor);
                StepFlow::Continue
            }
            ClassicStep::Crushers => {
                let active = |t: Tile| matches!(t, Tile::Crusher(r) if r.contains(register));
                race.on_tiles(active, Harm::Destroyed, Doom::Crusher);
                StepFlow::Continue
            }
            ClassicStep::Flamers => {
                let active = |t: Tile| matches!(t, Tile::Flamer(r) if r.contains(register));
                race.on_tiles(active, Harm::Damage, 1);
                StepFlow::Continue
            }
            ClassicStep::Waste => {
                race.on_tiles(|t| t == Tile::Waste, Harm::Damage, 1);
                StepFlow::Continue
            }
        };
        race.count_harm();
        flow
    }
}

impl Race {
    /// Reveals register `register`'s cards and orders them by priority.
    pub(super) fn reveal(&mut self, register: u8) {
        self.register = register;
        self.world.register = register;
        self.emit(Event::RegisterStarted { register });
        self.order.clear();
        let slot = usize::from(register - 1);
        for i in 0..self.robots.len() {
            let p = PlayerId(i as u8);
            let r = &self.robots[i];
            let runs = r.alive() && !r.destroyed && r.power != super::Power::Down;
            if let (true, Some(card)) = (runs, r.registers.get(slot).copied().flatten()) {
                self.order.push(p);
                self.emit(Event::Revealed {
                    player: p,
                    register,
                    card,
                });
            }
        }
        self.randomize(register);
        let robots = &self.robots;
        self.order.sort_by_key(|p| {
            std::cmp::Reverse(robots[p.index()].registers[slot].map_or(0, |c| c.priority))
        });
    }

    /// Every real robot standing on a tile `hit` picks comes to `harm`.
    pub(super) fn on_tiles<A: Copy>(
        &mut self,
        hit: impl Fn(Tile) -> bool,
        harm: fn(RobotId, A) -> Harm,
        what: A,
    ) {
        for r in self.world.standing_on(hit) {
            self.world.harm.push(harm(r, what));
        }
    }

    /// A running robot on a randomizer has this register's card replaced
    /// by the top card of the undealt deck (the old card is discarded; a
    /// locked register stays locked with the new card).
    fn randomize(&mut self, register: u8) {
        let slot = usize::from(register - 1);
        for i in 0..self.robots.len() {
            let p = PlayerId(i as u8);
            let r = &self.robots[i];
            if r.destroyed || r.power == super::Power::Down || self.world.is_ghost(RobotId::of(p)) {
                continue;
            }
            if self.tile_under(p) != Some(Tile::Randomizer) || r.registers[slot].is_none() {
                continue;
            }
            let Some(card) = self.deck.pop() else {
                continue;
            };
            self.robots[i].registers[slot] = Some(card);
            self.emit(Event::Randomized {
                player: p,
                register,
                card,
            });
        }
    }

    /// One robot's card of the register being resolved.
    pub(super) fn card_turn(&mut self, p: PlayerId) -> StepFlow {
        let slot = usize::from(self.register.clamp(1, REGISTERS as u8) - 1);
        let r = RobotId::of(p);
        let robot = &self.robots[p.index()];
        let (Some(card), false) = (robot.registers[slot], robot.destroyed) else {
            return StepFlow::Continue;
        };
        let Some((_, facing)) = self.world.at(r) else {
            return StepFlow::Continue;
        };
        let w = &mut self.world;
        match card.kind {
            Kind::UTurn => w.turn_robot(r, Turn::UTurn, Cause::Move),
            Kind::RotateLeft => w.turn_robot(r, Turn::Left, Cause::Move),
            Kind::RotateRight => w.turn_robot(r, Turn::Right, Cause::Move),
            Kind::BackUp => drop(move_robot(w, Move::new(r, facing.opposite(), 1))),
            k => drop(move_robot(
                w,
                Move::new(r, facing, k.steps().unsigned_abs()),
            )),
        }
        self.count_harm();
        StepFlow::Continue
    }

    /// Every running robot fires forward at once; each hit is one damage.
    fn robot_lasers(&mut self) {
        let ghosts = self
            .world
            .bodies()
            .iter()
            .any(|b| b.on_board && b.extra.ghost);
        // Virtual robots neither shoot nor are hit: aim as if they were
        // not on the board.
        let real: Option<Bodies<crate::world::Extra>> = ghosts.then(|| {
            self.world
                .bodies()
                .iter()
                .map(|b| {
                    let mut b = *b;
                    b.on_board &= !b.extra.ghost;
                    b
                })
                .collect()
        });
        let bodies = real.as_ref().unwrap_or(self.world.bodies());
        let robots = &self.robots;
        let shots = bodies.placed().filter_map(|(r, b)| {
            let rb = &robots[r.index()];
            (rb.power != super::Power::Down && !rb.destroyed).then_some(Shot {
                by: r,
                from: b.pos,
                dir: b.facing,
                options: FireOptions::default(),
            })
        });
        let mut hits = std::mem::take(&mut self.scratch.hits);
        volley(self.world.table(), bodies, shots, |_, _| false, &mut hits);
        for h in &hits {
            self.world.log.push(GridEvent::Shot {
                from: h.by,
                target: h.target,
                dir: h.dir,
            });
            self.world.harm.push(Harm::Damage(h.target, 1));
        }
        self.scratch.hits = hits;
    }

    /// Robots touch flags and repair sites; the first robot (in seat
    /// order) to touch its last flag wins.
    fn touch(&mut self) -> StepFlow {
        let total = self.course().checkpoints().len() as u8;
        let mut winner = None;
        for i in 0..self.robots.len() {
            let p = PlayerId(i as u8);
            let Some((at, _)) = self.world.at(RobotId::of(p)) else {
                continue;
            };
            let flag = self.course().checkpoint_at(at).map(|f| f as u8);
            let robot = &mut self.robots[i];
            if flag == Some(robot.flags + 1) {
                robot.flags += 1;
                let flag = robot.flags;
                self.emit(Event::FlagTouched { player: p, flag });
                if flag == total && winner.is_none() {
                    winner = Some(p);
                }
            }
            let site = flag.is_some() || self.world.tile(at).is_some_and(|t| t.is_repair());
            if site && self.robots[i].archive != at {
                self.robots[i].archive = at;
                self.emit(Event::ArchiveMoved { player: p, at });
            }
        }
        match winner {
            Some(w) => {
                self.finish(Some(w));
                StepFlow::SetOff
            }
            None => StepFlow::Continue,
        }
    }

    /// Counts the harm the grid did: damage tokens, destruction.
    pub(super) fn count_harm(&mut self) {
        while !self.world.harm.is_empty() {
            let harm = self.world.harm.remove(0);
            match harm {
                Harm::Damage(r, n) => {
                    let Some(robot) = self.robots.get_mut(r.index()) else {
                        continue;
                    };
                    if robot.destroyed || self.world.is_ghost(r) {
                        continue;
                    }
                    robot.damage = robot.damage.saturating_add(n).min(super::DEADLY_DAMAGE);
                    let damage = robot.damage;
                    self.emit(Event::Damaged {
                        player: PlayerId::of(r),
                        amount: n,
                        damage,
                    });
                    if damage >= super::DEADLY_DAMAGE {
                        self.destroy(r, Doom::Damage);
                    }
                }
                Harm::Destroyed(r, doom) => self.destroy(r, doom),
            }
        }
        for r in self.world.settle_ghosts() {
            self.emit(Event::BecameReal {
                player: PlayerId::of(r),
            });
        }
    }

    /// A robot is destroyed: off the board for the rest of the turn, a
    /// life lost, its cards gone.
    fn destroy(&mut self, r: RobotId, doom: Doom) {
        let Some(robot) = self.robots.get_mut(r.index()) else {
            return;
        };
        if robot.destroyed {
            return;
        }
        robot.destroyed = true;
        robot.lives = robot.lives.saturating_sub(1);
        robot.registers = [None; REGISTERS];
        robot.hand.clear();
        let lives = robot.lives;
        self.world.remove(r);
        self.emit(Event::Destroyed {
            player: PlayerId::of(r),
            doom,
            lives,
        });
    }

    /// The tile a robot stands on.
    pub(super) fn tile_under(&self, p: PlayerId) -> Option<Tile> {
        self.world
            .at(RobotId::of(p))
            .and_then(|(at, _)| self.world.tile(at))
    }
}
