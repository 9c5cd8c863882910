//! A toy race implementing the whole [`Game`] protocol on the core's race
//! kit, as the template an edition author copies.
//!
//! The rules: each round every robot is given one card at the same time;
//! then one register runs, as a [`Pipeline`] of steps: the cards in seat
//! order, the belts, the gears, the board lasers, the flags. A robot a
//! laser hits may dodge one cell to its left or right, if that cell is
//! free floor, instead of taking the hit: a choice in the middle of the
//! register. The first robot (in seat order) on flag `F1` after the
//! register wins. A robot that fell comes back at its start at the next
//! round, its owner choosing the facing.
//!
//! How it is built, as every grid edition is (see `docs/architecture.md`,
//! "Writing a new grid edition"):
//!
//! - the state holds an agenda of small [`Task`]s and what it waits for
//!   ([`Waiting`]); [`Resolve`](crate::agenda::Resolve) says how each
//!   task runs and what its options are (`rules.rs`), and
//!   [`crate::agenda`] runs them, checks answers and says what is pending;
//! - the register is a [`Pipeline`] of [`ToyStep`]s, each a
//!   [`Step`](crate::pipeline::Step) returning whether it set something
//!   off; [`run_steps`](crate::agenda::run_steps) runs them inline until
//!   one does (the lasers, when a robot may dodge), leaving the rest of
//!   the register on the agenda under the choice;
//! - the cards are taken in seat order with a [`Turns`] cursor
//!   ([`run_turns`](crate::agenda::run_turns));
//! - a save is read back through the same checks as
//!   [`Game::check_invariants`], so a damaged one is refused.

mod game;
mod rules;
pub mod scenario;

pub use rules::{register_pipeline, Task, ToyStep};

use super::{ToyRobot, ToyWorld};
use crate::agenda::{self, Turns, Waiting};
use crate::board::ParseError;
use crate::geom::{Dir, Pos, Rel};
use crate::ids::PlayerId;
use crate::pipeline::Pipeline;
use crate::protocol::{Game, Outcome};
use crate::transient::Transient;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use thiserror::Error;

/// The toy race's cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Card {
    /// Move one cell forward.
    Move1,
    /// Move two cells forward.
    Move2,
    /// Move one cell backwards.
    Back,
    /// Turn left.
    Left,
    /// Turn right.
    Right,
}

/// Answers to the race's decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// This round's card.
    Play(Card),
    /// The facing of a robot coming back.
    Face(Dir),
    /// Hit by a laser: step aside to the robot's left or right, or (`None`)
    /// take the hit.
    Dodge(Option<Rel>),
}

/// What the race waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Decision {
    /// Pick a card (simultaneous).
    Program,
    /// Choose the facing of your robot coming back.
    Facing,
    /// A laser hits your robot: dodge it or take it.
    Dodge,
}

impl std::fmt::Display for Decision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Decision::Program => "pick a card",
            Decision::Facing => "choose the facing of your robot coming back",
            Decision::Dodge => "dodge the laser or take the hit",
        })
    }
}

impl agenda::Accepts<Action> for Decision {
    fn accepts(&self, action: &Action) -> bool {
        matches!(
            (self, action),
            (Decision::Program, Action::Play(_))
                | (Decision::Facing, Action::Face(_))
                | (Decision::Dodge, Action::Dodge(_))
        )
    }
}

/// The race's setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The board in the toy text format; it must hold flag `F1`.
    pub board: String,
    /// Start cell of each player's robot, facing north.
    pub starts: Vec<Pos>,
    /// Rounds before the race ends without a winner.
    pub max_rounds: u32,
}

/// A refused setup.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The board does not parse.
    #[error("bad board: {0}")]
    Board(#[from] ParseError),
    /// Not 1 to 8 players.
    #[error("a race takes 1 to 8 robots, not {0}")]
    Players(usize),
    /// A start off the floor or shared.
    #[error("start {0} is off the floor or taken twice")]
    Start(Pos),
    /// No flag.
    #[error("the board has no flag F1")]
    NoFlag,
}

/// Why an action is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Reason {
    /// The player already picked a card this round.
    #[error("already programmed this round")]
    AlreadyProgrammed,
    /// Not one of the options of the choice asked.
    #[error("{0:?} is not one of the options")]
    NotAnOption(Action),
}

/// How the race ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RaceOutcome {
    /// The winner, `None` at the round cap.
    pub winner: Option<PlayerId>,
    /// Rounds played.
    pub rounds: u32,
}

impl Outcome for RaceOutcome {
    fn winners(&self) -> SmallVec<[PlayerId; 4]> {
        self.winner.into_iter().collect()
    }
}

/// What a player sees: everything but the cards others picked this round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Robots.
    pub robots: Vec<ToyRobot>,
    /// Own card, if picked.
    pub my_card: Option<Card>,
    /// Who has picked.
    pub programmed: Vec<bool>,
}

/// Events of the race.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A player picked a card (without saying which).
    Programmed(PlayerId),
    /// Cards were revealed.
    Revealed(Vec<Option<Card>>),
    /// Something happened on the grid (a dodge is a move; a hit taken, a
    /// board laser hit).
    Grid(crate::event::GridEvent),
    /// The race is won.
    Won(PlayerId),
}

/// The toy race.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SavedRace")]
pub struct Race {
    world: ToyWorld,
    starts: Vec<Pos>,
    cards: Vec<Option<Card>>,
    round: u32,
    max_rounds: u32,
    outcome: Option<RaceOutcome>,
    /// The rules still to run; the last task runs next.
    agenda: Vec<Task>,
    /// What the race waits for.
    waiting: Waiting<Decision>,
    /// The register's steps (the same in every race).
    #[serde(skip, default = "register_pipeline")]
    pipeline: Pipeline<ToyStep>,
    /// Events of the answer being applied, and a reused options buffer.
    #[serde(skip)]
    scratch: Transient<Scratch>,
}

/// What the race keeps beside its state.
#[derive(Default)]
struct Scratch {
    events: Vec<Event>,
    options: Vec<Action>,
    /// A break asked for between two steps (`Resolve::step_break`).
    step_break: Option<(u8, u8)>,
}

/// A race as saved, before it is checked.
#[derive(Deserialize)]
struct SavedRace {
    world: ToyWorld,
    starts: Vec<Pos>,
    cards: Vec<Option<Card>>,
    round: u32,
    max_rounds: u32,
    outcome: Option<RaceOutcome>,
    agenda: Vec<Task>,
    waiting: Waiting<Decision>,
}

impl TryFrom<SavedRace> for Race {
    type Error = String;

    fn try_from(s: SavedRace) -> Result<Race, String> {
        let race = Race {
            world: s.world,
            starts: s.starts,
            cards: s.cards,
            round: s.round,
            max_rounds: s.max_rounds,
            outcome: s.outcome,
            agenda: s.agenda,
            waiting: s.waiting,
            pipeline: register_pipeline(),
            scratch: Transient::default(),
        };
        race.check_invariants()?;
        Ok(race)
    }
}

const CARDS: [Card; 5] = [
    Card::Move1,
    Card::Move2,
    Card::Back,
    Card::Left,
    Card::Right,
];

impl Race {
    /// The world (board and robots).
    #[must_use]
    pub fn world(&self) -> &ToyWorld {
        &self.world
    }

    /// The round being played (from 0).
    #[must_use]
    pub fn round(&self) -> u32 {
        self.round
    }

    fn flag(&self) -> Option<Pos> {
        self.world
            .board
            .cells()
            .find(|(_, t)| **t == super::ToyTile::Flag(1))
            .map(|(p, _)| p)
    }

    /// Reports `e` after the grid events logged so far.
    fn emit(&mut self, e: Event) {
        self.flush();
        self.scratch.events.push(e);
    }

    /// Moves the world's grid events to the events being reported.
    fn flush(&mut self) {
        let log = self.world.log.drain(..).map(Event::Grid);
        self.scratch.events.extend(log);
    }
}

/// The turns of a register's cards: seat by seat from seat 0.
fn seat_order(race: &Race) -> crate::agenda::TurnOrder<'_> {
    crate::agenda::TurnOrder::Clockwise {
        seats: race.world.robots.len(),
    }
}

/// The first card turn of a register.
const FIRST_TURN: Turns = Turns::from(PlayerId(0));

#[cfg(test)]
mod tests;
