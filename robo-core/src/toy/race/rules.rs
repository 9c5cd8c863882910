//! The toy race's rules: its tasks, how each one runs and what its
//! options are ([`Resolve`]), and the steps of its register.

use super::{seat_order, Action, Card, Decision, Event, Race, RaceOutcome, Reason, FIRST_TURN};
use crate::agenda::{self, Flow, Resolve, Turns, Waiting};
use crate::event::GridEvent;
use crate::geom::{Dir, Rel, Turn};
use crate::ids::{PlayerId, RobotId};
use crate::motion::{move_robot, Arena, Cause, Move};
use crate::pipeline::{
    BoardLasers, ConveyorPass, Gears, GridWorld, LaserHit, Pipeline, Step, StepFlow,
};
use crate::toy::ToyTile;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// One unit of the toy race's resolution, saved with the race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// A round begins (or the race ends at its round cap).
    BeginRound,
    /// A fallen robot comes back at its start; its owner chooses the facing.
    ReEnter {
        /// The robot's owner.
        player: PlayerId,
    },
    /// Everyone picks a card (simultaneous).
    Program,
    /// The register: the cards are revealed, then its steps run.
    Register,
    /// The register's steps from step `from` (after something a step set off).
    Steps {
        /// The next step (from 0).
        from: u8,
    },
    /// The cards, in seat order.
    Cards(Turns),
    /// A board laser hit a robot: its owner dodges or takes the hit.
    Hit(LaserHit),
    /// The round ends.
    EndRound,
}

impl Task {
    /// Does every seat the task names exist among `seats` seats?
    pub(super) fn fits(&self, seats: usize) -> bool {
        match self {
            Task::ReEnter { player } => player.index() < seats,
            Task::Cards(t) => t.first.index() < seats,
            Task::Hit(h) => h.robot.index() < seats,
            Task::BeginRound
            | Task::Program
            | Task::Register
            | Task::Steps { .. }
            | Task::EndRound => true,
        }
    }

    /// The laser hit of a [`Task::Hit`] (a miss of no beams otherwise).
    #[cfg(test)]
    pub(super) fn hit(&self) -> LaserHit {
        match *self {
            Task::Hit(h) => h,
            _ => LaserHit {
                robot: RobotId(0),
                source: crate::geom::Pos::default(),
                dir: Dir::N,
                beams: 0,
            },
        }
    }

    /// Who this task asks, and what (for a task that waits for one player).
    pub(super) fn asks(&self) -> Option<(PlayerId, Decision)> {
        match *self {
            Task::ReEnter { player } => Some((player, Decision::Facing)),
            Task::Hit(h) => Some((PlayerId::of(h.robot), Decision::Dodge)),
            _ => None,
        }
    }
}

/// A step of the toy register, in order: cards, belts, gears, board
/// lasers, flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ToyStep {
    /// Each robot's card, in seat order.
    Cards,
    /// Every belt moves once.
    Belts,
    /// Gears turn.
    Gears,
    /// Board lasers fire; a robot hit may dodge.
    Lasers,
    /// The first robot on flag 1 wins.
    Flags,
}

/// The toy register, as data.
///
/// ```
/// use robo_core::toy::race::{register_pipeline, ToyStep};
/// assert_eq!(register_pipeline().steps().first(), Some(&ToyStep::Cards));
/// ```
#[must_use]
pub fn register_pipeline() -> Pipeline<ToyStep> {
    Pipeline::new(vec![
        ToyStep::Cards,
        ToyStep::Belts,
        ToyStep::Gears,
        ToyStep::Lasers,
        ToyStep::Flags,
    ])
}

impl Step<Race> for ToyStep {
    fn run(&self, race: &mut Race, register: u8) -> StepFlow {
        match self {
            ToyStep::Cards => {
                agenda::run_turns(race, FIRST_TURN, seat_order, Race::card_turn, Task::Cards)
            }
            ToyStep::Belts => ConveyorPass::ALL.run(&mut race.world, register),
            ToyStep::Gears => Gears.run(&mut race.world, register),
            // Every hit is found first; each robot hit then chooses, in
            // mount order, with the rest of the register waiting under them.
            ToyStep::Lasers => {
                let hits: SmallVec<[Task; 8]> = BoardLasers::hits(&race.world)
                    .into_iter()
                    .map(Task::Hit)
                    .collect();
                agenda::set_off(race, &hits)
            }
            ToyStep::Flags => {
                let flag = race.flag();
                let winner = (0..race.world.robots.len())
                    .find(|&i| race.world.pos(i as u8) == flag)
                    .map(|i| PlayerId(i as u8));
                match winner {
                    Some(w) => {
                        race.outcome = Some(RaceOutcome {
                            winner: Some(w),
                            rounds: race.round + 1,
                        });
                        race.emit(Event::Won(w));
                        StepFlow::SetOff
                    }
                    None => StepFlow::Continue,
                }
            }
        }
    }
}

impl Race {
    /// One robot's card (a toy card sets nothing off).
    fn card_turn(&mut self, p: PlayerId) -> StepFlow {
        let r = RobotId::of(p);
        let (Some(card), Some(facing)) = (self.cards[p.index()], self.world.facing_of(p.0)) else {
            return StepFlow::Continue;
        };
        if self.world.pos(p.0).is_none() {
            return StepFlow::Continue;
        }
        let w = &mut self.world;
        match card {
            Card::Move1 => drop(move_robot(w, Move::new(r, facing, 1))),
            Card::Move2 => drop(move_robot(w, Move::new(r, facing, 2))),
            Card::Back => drop(move_robot(w, Move::new(r, facing.opposite(), 1))),
            Card::Left => w.turn_robot(r, Turn::Left, Cause::Move),
            Card::Right => w.turn_robot(r, Turn::Right, Cause::Move),
        }
        StepFlow::Continue
    }

    /// The register's steps from `from`; after the last, the round ends.
    fn steps(&mut self, from: u8) {
        let flow = agenda::run_steps(
            self,
            from,
            1,
            |race, i| race.pipeline.get(usize::from(i)).copied(),
            |from| Task::Steps { from },
        );
        if flow == StepFlow::Continue {
            agenda::then(self, &[Task::EndRound]);
        }
    }

    /// Where `robot` may dodge to: the cell on its `side` if it is free floor.
    fn dodge_to(&self, robot: RobotId, side: Rel) -> Option<crate::geom::Pos> {
        let at = self.world.robot_pos(robot)?;
        let dir = side.of(self.world.facing(robot)?);
        let to = at.step(dir);
        let floor = matches!(self.world.board.tile(to), Some(t) if *t != ToyTile::Pit);
        (floor && self.world.can_leave(robot, at, dir) && self.world.robot_at(to).is_none())
            .then_some(to)
    }
}

impl Resolve for Race {
    type Task = Task;
    type Action = Action;
    type Decision = Decision;
    type Reason = Reason;
    type Outcome = RaceOutcome;

    fn agenda(&self) -> &[Task] {
        &self.agenda
    }

    fn agenda_mut(&mut self) -> &mut Vec<Task> {
        &mut self.agenda
    }

    fn waiting(&self) -> Waiting<Decision> {
        self.waiting
    }

    fn set_waiting(&mut self, waiting: Waiting<Decision>) {
        self.waiting = waiting;
    }

    fn outcome(&self) -> Option<&RaceOutcome> {
        self.outcome.as_ref()
    }

    fn seats(&self) -> usize {
        self.world.robots.len()
    }

    fn run(&mut self, task: Task, answer: Option<&Action>) -> Flow<Decision> {
        match task {
            Task::BeginRound => {
                if self.round >= self.max_rounds {
                    self.outcome = Some(self.no_winner());
                    return Flow::Next;
                }
                let mut tasks: SmallVec<[Task; 12]> = (0..self.world.robots.len())
                    .filter(|&i| self.world.pos(i as u8).is_none())
                    .map(|i| Task::ReEnter {
                        player: PlayerId(i as u8),
                    })
                    .collect();
                tasks.extend([Task::Program, Task::Register]);
                agenda::then(self, &tasks);
            }
            Task::ReEnter { player } => {
                let start = self.starts[player.index()];
                if self.world.pos(player.0).is_some() || self.world.robot_at(start).is_some() {
                    // Back already, or its start is taken: next round, then.
                    return Flow::Next;
                }
                let Some(&Action::Face(facing)) = answer else {
                    return Flow::Wait(player, Decision::Facing);
                };
                self.world.robots[player.index()] = super::ToyRobot {
                    pos: Some(start),
                    facing,
                    hits: 0,
                };
                self.world.log.push(GridEvent::Placed {
                    robot: RobotId::of(player),
                    at: start,
                    facing,
                });
            }
            Task::Program => {
                if self.cards.iter().any(Option::is_none) {
                    return Flow::WaitAll(Decision::Program);
                }
            }
            Task::Register => {
                self.emit(Event::Revealed(self.cards.clone()));
                self.steps(0);
            }
            Task::Steps { from } => self.steps(from),
            Task::Cards(turns) => {
                let _ = agenda::run_turns(self, turns, seat_order, Race::card_turn, Task::Cards);
            }
            Task::Hit(hit) => {
                if self.world.pos(hit.robot.0).is_none() {
                    return Flow::Next;
                }
                match answer {
                    None => return Flow::Wait(PlayerId::of(hit.robot), Decision::Dodge),
                    Some(&Action::Dodge(Some(side))) => {
                        if let (Some(_), Some(facing)) = (
                            self.dodge_to(hit.robot, side),
                            self.world.facing_of(hit.robot.0),
                        ) {
                            let step = Move::new(hit.robot, side.of(facing), 1).without_pushing();
                            drop(move_robot(&mut self.world, step));
                        }
                    }
                    Some(_) => {
                        let r = &mut self.world.robots[hit.robot.index()];
                        r.hits = r.hits.saturating_add(hit.beams);
                        self.world.log.push(GridEvent::BoardLaser(hit));
                    }
                }
            }
            Task::EndRound => {
                self.cards.iter_mut().for_each(|c| *c = None);
                self.round += 1;
                agenda::then(self, &[Task::BeginRound]);
            }
        }
        Flow::Next
    }

    fn options(&self, task: &Task, out: &mut Vec<Action>) {
        match *task {
            Task::ReEnter { .. } => out.extend(Dir::ALL.map(Action::Face)),
            Task::Hit(hit) => {
                out.push(Action::Dodge(None));
                for side in [Rel::Left, Rel::Right] {
                    if self.dodge_to(hit.robot, side).is_some() {
                        out.push(Action::Dodge(Some(side)));
                    }
                }
            }
            _ => {}
        }
    }

    fn options_buffer(&mut self) -> &mut Vec<Action> {
        &mut self.scratch.options
    }

    fn asked_all(&self, player: PlayerId, decision: Decision) -> bool {
        decision == Decision::Program && self.cards.get(player.index()) == Some(&None)
    }

    fn answer_all(&mut self, player: PlayerId, _: Decision, action: Action) -> Result<(), Reason> {
        let Action::Play(card) = action else {
            return Err(Reason::NotAnOption(action));
        };
        let slot = &mut self.cards[player.index()];
        if slot.is_some() {
            return Err(Reason::AlreadyProgrammed);
        }
        *slot = Some(card);
        self.emit(Event::Programmed(player));
        Ok(())
    }

    fn not_an_option(action: Action) -> Reason {
        Reason::NotAnOption(action)
    }

    fn no_winner(&self) -> RaceOutcome {
        RaceOutcome {
            winner: None,
            rounds: self.round,
        }
    }

    fn end_without_winner(&mut self) {
        self.outcome = Some(self.no_winner());
    }

    fn step_break(&self) -> Option<(u8, u8)> {
        self.scratch.step_break
    }

    fn set_step_break(&mut self, at: Option<(u8, u8)>) {
        self.scratch.step_break = at;
    }
}
