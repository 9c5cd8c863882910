//! The toy race's rules: its tasks, how each one runs and what its
//! options are, and the steps of its register: all the toy's own part of
//! [`GridRace`].

use super::game::CARDS;
use super::{
    Action, Card, Decision, Event, Race, RaceOutcome, Reason, Setup, SetupError, View, FIRST_TURN,
};
use crate::agenda::{Flow, Milestone, Turns};
use crate::event::GridEvent;
use crate::geom::{Dir, Rel, Turn};
use crate::ids::{PlayerId, RobotId};
use crate::motion::{move_robot, Arena, Cause, Move};
use crate::pipeline::{
    BoardLasers, ConveyorPass, Gears, GridWorld, LaserHit, Pipeline, Step, StepFlow,
};
use crate::protocol::Legal;
use crate::race::frame::{GridRace, Kinds, RaceCore};
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
    Pipeline::new(STEPS.iter().map(|&(s, _)| s).collect())
}

/// The register's steps, each acting whatever the robots stand on (the
/// toy keeps no table of element kinds: no step is passed over).
const STEPS: [(ToyStep, Kinds); 5] = [
    (ToyStep::Cards, 0),
    (ToyStep::Belts, 0),
    (ToyStep::Gears, 0),
    (ToyStep::Lasers, 0),
    (ToyStep::Flags, 0),
];

impl Step<Race> for ToyStep {
    fn run(&self, race: &mut Race, register: u8) -> StepFlow {
        match self {
            ToyStep::Cards => race.seat_turns(FIRST_TURN, Race::card_turn, Task::Cards),
            ToyStep::Belts => ConveyorPass::ALL.run(&mut race.world, register),
            ToyStep::Gears => Gears.run(&mut race.world, register),
            // Every hit is found first; each robot hit then chooses, in
            // mount order, with the rest of the register waiting under them.
            ToyStep::Lasers => {
                let hits: SmallVec<[Task; 8]> = BoardLasers::hits(&race.world)
                    .into_iter()
                    .map(Task::Hit)
                    .collect();
                race.core.set_off(&hits)
            }
            ToyStep::Flags => {
                let flag = race.flag();
                let winner = (0..race.world.robots.len())
                    .find(|&i| race.world.pos(i as u8) == flag)
                    .map(|i| PlayerId(i as u8));
                match winner {
                    Some(w) => {
                        race.core.outcome = Some(RaceOutcome {
                            winner: Some(w),
                            rounds: race.core.round + 1,
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
    fn steps_from(&mut self, from: u8) {
        if self.run_steps_from(from) == StepFlow::Continue {
            self.core.then(&[Task::EndRound]);
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

impl GridRace for Race {
    type Task = Task;
    type Action = Action;
    type Decision = Decision;
    type Reason = Reason;
    type Event = Event;
    type Outcome = RaceOutcome;
    type Setup = Setup;
    type SetupError = SetupError;
    type View = View;
    type Step = ToyStep;

    fn core(&self) -> &RaceCore<Race> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut RaceCore<Race> {
        &mut self.core
    }

    fn create(setup: Setup, _seed: u64) -> Result<Race, SetupError> {
        Race::deal(setup)
    }

    fn seats(&self) -> usize {
        self.world.robots.len()
    }

    fn run(&mut self, task: Task, answer: Option<&Action>) -> Flow<Decision> {
        match task {
            Task::BeginRound => {
                if Some(self.core.round) >= self.core.max_rounds {
                    self.core.outcome = Some(self.no_winner());
                    return Flow::Next;
                }
                let mut tasks: SmallVec<[Task; 12]> = (0..self.world.robots.len())
                    .filter(|&i| self.world.pos(i as u8).is_none())
                    .map(|i| Task::ReEnter {
                        player: PlayerId(i as u8),
                    })
                    .collect();
                tasks.extend([Task::Program, Task::Register]);
                self.core.then(&tasks);
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
                // The toy's one register is register 1.
                self.core.register = 1;
                self.emit(Event::Revealed(self.cards.clone()));
                self.steps_from(0);
            }
            Task::Steps { from } => self.steps_from(from),
            Task::Cards(turns) => {
                let _ = self.seat_turns(turns, Race::card_turn, Task::Cards);
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
                self.core.register = 0;
                self.cards.iter_mut().for_each(|c| *c = None);
                self.core.round += 1;
                self.core.then(&[Task::BeginRound]);
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

    fn legal_all(&self, _: PlayerId, _: Decision, out: &mut Vec<Action>) -> Legal {
        out.extend(CARDS.map(Action::Play));
        Legal::Complete
    }

    fn not_an_option(action: Action) -> Reason {
        Reason::NotAnOption(action)
    }

    fn no_winner(&self) -> RaceOutcome {
        RaceOutcome {
            winner: None,
            rounds: self.core.round,
        }
    }

    fn marks(&self, task: &Task, milestone: Milestone) -> bool {
        matches!(
            (milestone, task),
            (Milestone::RegisterStart(1), Task::Register)
                | (Milestone::RegisterEnd(1), Task::EndRound)
                | (Milestone::RoundEnd, Task::BeginRound)
        )
    }

    fn view_of(&self, player: PlayerId) -> View {
        View {
            robots: self.world.robots.clone(),
            my_card: self.cards.get(player.index()).copied().flatten(),
            programmed: self.cards.iter().map(Option::is_some).collect(),
        }
    }

    fn invariants(&self) -> Result<(), String> {
        self.check()
    }

    fn steps(&self) -> &[(ToyStep, Kinds)] {
        &STEPS
    }

    fn step(&mut self, step: ToyStep, register: u8) -> StepFlow {
        step.run(self, register)
    }

    fn resume_steps(&self, from: u8) -> Task {
        Task::Steps { from }
    }

    fn flush(&mut self) {
        self.flush_log();
    }
}
