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
//! "Writing a new grid edition"), on the kit's frame
//! ([`crate::race::frame`]):
//!
//! - the state is a [`RaceCore`] (round, agenda, what the race waits
//!   for, outcome, events) and the edition's own fields (the world, the
//!   starts, this round's cards);
//! - [`GridRace`] says what is the toy's own (`rules.rs`): how each
//!   [`Task`] runs and what its options are, the simultaneous card
//!   choice, the register's [`ToyStep`]s with the element kinds each acts
//!   on, the view and the toy's invariants;
//! - the frame provides the rest: the protocol ([`Game`], the agenda's
//!   `Resolve` and `Milestones`), the register loop (steps run inline
//!   until one sets something off, such as a laser hit a robot may dodge,
//!   leaving the rest of the register on the agenda under the choice),
//!   turns in seat order, and saves read back through the same checks as
//!   [`Game::check_invariants`] ([`crate::checked_saves`]).

mod game;
mod rules;
pub mod scenario;

pub use rules::{register_pipeline, Task, ToyStep};

use super::{ToyRobot, ToyWorld};
use crate::agenda::{self, Turns};
use crate::board::ParseError;
use crate::geom::{Dir, Pos, Rel};
use crate::ids::PlayerId;
#[cfg(doc)]
use crate::protocol::Game;
use crate::protocol::Outcome;
#[cfg(doc)]
use crate::race::frame::GridRace;
use crate::race::frame::RaceCore;
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
    pub max_rounds: u16,
}

impl Setup {
    /// A race on `board` (toy text) with `robots` robots starting on the
    /// board's start spaces (`S.`, row by row), ten rounds at most.
    ///
    /// ```
    /// use robo_core::toy::race::Setup;
    /// let setup = Setup::on("+--+--+\n S. F1\n+--+--+\n", 1);
    /// assert_eq!(setup.starts, [robo_core::geom::Pos::new(0, 0)]);
    /// ```
    #[must_use]
    pub fn on(board: &str, robots: usize) -> Setup {
        let starts = crate::board::Board::<super::ToyTile>::parse(board)
            .map(|b| {
                b.cells()
                    .filter(|(_, t)| **t == super::ToyTile::Start)
                    .map(|(p, _)| p)
                    .take(robots)
                    .collect()
            })
            .unwrap_or_default();
        Setup {
            board: board.into(),
            starts,
            max_rounds: 10,
        }
    }
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
    pub rounds: u16,
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct Race {
    /// The frame's spine: round, agenda, what the race waits for, outcome.
    #[serde(flatten)]
    core: RaceCore<Race>,
    world: ToyWorld,
    starts: Vec<Pos>,
    cards: Vec<Option<Card>>,
}

crate::checked_saves!(Race);

impl Race {
    /// The world (board and robots).
    #[must_use]
    pub fn world(&self) -> &ToyWorld {
        &self.world
    }

    /// The round being played (from 0).
    #[must_use]
    pub fn round(&self) -> u16 {
        self.core.round
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
        self.flush_log();
        self.core.emit(e);
    }

    /// Moves the world's grid events to the events being reported.
    fn flush_log(&mut self) {
        let log = self.world.log.drain(..).map(Event::Grid);
        self.core.scratch.events.extend(log);
    }
}

/// The first card turn of a register.
const FIRST_TURN: Turns = Turns::from(PlayerId(0));

#[cfg(test)]
mod tests;
