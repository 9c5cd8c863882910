//! A toy race implementing the whole [`Game`] protocol: robots pick one
//! card a round at the same time, cards resolve in seat order, then belts,
//! gears and lasers act; the first robot to end a round on flag `F1` wins.
//! A robot that fell comes back at its start next round, its owner choosing
//! the facing. It exists to test the protocol and the playout harness, and
//! to show an edition author the shape of an implementation.

use super::{ToyRobot, ToyWorld};
use crate::board::ParseError;
use crate::geom::{Dir, Pos, Turn};
use crate::ids::{PlayerId, RobotId};
use crate::motion::{move_robot, Move};
use crate::pipeline::{BoardLasers, ConveyorPass, Gears, Step};
use crate::protocol::{ActionError, Game, Legal, Outcome, Pending};
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
}

/// What the race waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Pick a card (simultaneous).
    Program,
    /// Choose the facing of your robot coming back.
    Facing,
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
    /// Something moved on the grid.
    Grid(crate::event::GridEvent),
    /// The race is won.
    Won(PlayerId),
}

/// The toy race.
///
/// A save is read back through the same checks as
/// [`Game::check_invariants`], so a damaged one is refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SavedRace")]
pub struct Race {
    world: ToyWorld,
    starts: Vec<Pos>,
    cards: Vec<Option<Card>>,
    round: u32,
    max_rounds: u32,
    winner: Option<PlayerId>,
}

/// A race as saved, before it is checked.
#[derive(Deserialize)]
struct SavedRace {
    world: ToyWorld,
    starts: Vec<Pos>,
    cards: Vec<Option<Card>>,
    round: u32,
    max_rounds: u32,
    winner: Option<PlayerId>,
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
            winner: s.winner,
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

    fn flag(&self) -> Option<Pos> {
        self.world
            .board
            .cells()
            .find(|(_, t)| **t == super::ToyTile::Flag(1))
            .map(|(p, _)| p)
    }

    /// First robot off the grid whose start is free: it comes back next.
    fn returning(&self) -> Option<usize> {
        (0..self.world.robots.len()).find(|&i| {
            self.world.robots[i].pos.is_none()
                && crate::motion::Arena::robot_at(&self.world, self.starts[i]).is_none()
        })
    }

    fn resolve(&mut self, events: &mut Vec<Event>) {
        events.push(Event::Revealed(self.cards.clone()));
        let log_start = self.world.log.len();
        for i in 0..self.cards.len() {
            let r = RobotId(i as u8);
            let (Some(card), Some(facing)) = (self.cards[i], self.world.facing_of(i as u8)) else {
                continue;
            };
            if self.world.pos(i as u8).is_none() {
                continue;
            }
            match card {
                Card::Move1 => drop(move_robot(&mut self.world, Move::new(r, facing, 1))),
                Card::Move2 => drop(move_robot(&mut self.world, Move::new(r, facing, 2))),
                Card::Back => drop(move_robot(
                    &mut self.world,
                    Move::new(r, facing.opposite(), 1),
                )),
                Card::Left => crate::pipeline::GridWorld::turn_robot(
                    &mut self.world,
                    r,
                    Turn::Left,
                    crate::motion::Cause::Move,
                ),
                Card::Right => crate::pipeline::GridWorld::turn_robot(
                    &mut self.world,
                    r,
                    Turn::Right,
                    crate::motion::Cause::Move,
                ),
            }
        }
        let _ = ConveyorPass::ALL.run(&mut self.world, 1);
        let _ = Gears.run(&mut self.world, 1);
        let _ = BoardLasers.run(&mut self.world, 1);
        events.extend(self.world.log.drain(log_start..).map(Event::Grid));
        self.world.log.clear();
        let flag = self.flag();
        self.winner = (0..self.world.robots.len())
            .find(|&i| self.world.pos(i as u8) == flag)
            .map(|i| PlayerId(i as u8));
        if let Some(w) = self.winner {
            events.push(Event::Won(w));
        }
        self.cards.iter_mut().for_each(|c| *c = None);
        self.round += 1;
    }

    fn check_player(&self, player: PlayerId) -> Result<(), ActionError<Reason>> {
        if player.index() >= self.world.robots.len() {
            return Err(ActionError::UnknownPlayer(player));
        }
        if self.pending().is_terminal() {
            return Err(ActionError::GameOver);
        }
        if !self.pending().is_waiting_for(player) {
            return Err(ActionError::NotPending(player));
        }
        Ok(())
    }
}

impl Game for Race {
    type Setup = Setup;
    type SetupError = SetupError;
    type Action = Action;
    type Reason = Reason;
    type Decision = Decision;
    type Event = Event;
    type View = View;
    type Outcome = RaceOutcome;

    fn new(setup: Setup, _seed: u64) -> Result<Self, SetupError> {
        let n = setup.starts.len();
        if !(1..=8).contains(&n) {
            return Err(SetupError::Players(n));
        }
        let robots: Vec<(i16, i16, Dir)> =
            setup.starts.iter().map(|p| (p.x, p.y, Dir::N)).collect();
        let world = ToyWorld::new(&setup.board, &robots)?;
        for (i, s) in setup.starts.iter().enumerate() {
            if !world.board.contains(*s) || setup.starts[..i].contains(s) {
                return Err(SetupError::Start(*s));
            }
        }
        let race = Race {
            world,
            starts: setup.starts,
            cards: vec![None; n],
            round: 0,
            max_rounds: setup.max_rounds,
            winner: None,
        };
        race.flag().ok_or(SetupError::NoFlag)?;
        Ok(race)
    }

    fn num_players(&self) -> usize {
        self.world.robots.len()
    }

    fn pending(&self) -> Pending<Decision, RaceOutcome> {
        if self.winner.is_some() || self.round >= self.max_rounds {
            return Pending::Terminal(RaceOutcome {
                winner: self.winner,
                rounds: self.round,
            });
        }
        if let Some(i) = self.returning() {
            return Pending::Decision {
                player: PlayerId(i as u8),
                decision: Decision::Facing,
            };
        }
        let players = (0..self.cards.len())
            .filter(|&i| self.cards[i].is_none())
            .map(|i| PlayerId(i as u8))
            .collect();
        Pending::Simultaneous {
            players,
            decision: Decision::Program,
        }
    }

    fn apply_into(
        &mut self,
        player: PlayerId,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError<Reason>> {
        self.check_player(player)?;
        match (self.pending(), action) {
            (
                Pending::Decision {
                    decision: Decision::Facing,
                    ..
                },
                Action::Face(d),
            ) => {
                let start = self.starts[player.index()];
                self.world.robots[player.index()] = ToyRobot {
                    pos: Some(start),
                    facing: d,
                    hits: 0,
                };
                events.push(Event::Grid(crate::event::GridEvent::Placed {
                    robot: RobotId(player.0),
                    at: start,
                    facing: d,
                }));
            }
            (Pending::Simultaneous { .. }, Action::Play(card)) => {
                if self.cards[player.index()].is_some() {
                    return Err(ActionError::Illegal(Reason::AlreadyProgrammed));
                }
                self.cards[player.index()] = Some(card);
                events.push(Event::Programmed(player));
                if self.cards.iter().all(Option::is_some) {
                    self.resolve(events);
                }
            }
            (p, _) => {
                return Err(ActionError::WrongDecision {
                    expected: format!("{p:?}"),
                });
            }
        }
        Ok(())
    }

    fn view(&self, player: PlayerId) -> View {
        View {
            robots: self.world.robots.clone(),
            my_card: self.cards.get(player.index()).copied().flatten(),
            programmed: self.cards.iter().map(Option::is_some).collect(),
        }
    }

    fn legal_actions(&self, player: PlayerId, out: &mut Vec<Action>) -> Legal {
        out.clear();
        if self.check_player(player).is_ok() {
            match self.pending() {
                Pending::Decision { .. } => out.extend(Dir::ALL.map(Action::Face)),
                _ => out.extend(CARDS.map(Action::Play)),
            }
        }
        Legal::Complete
    }

    fn check_invariants(&self) -> Result<(), String> {
        let n = self.world.robots.len();
        if !(1..=8).contains(&n) || self.starts.len() != n || self.cards.len() != n {
            return Err(format!(
                "{n} robots, {} starts and {} card slots do not match",
                self.starts.len(),
                self.cards.len()
            ));
        }
        if let Some(p) = self.starts.iter().find(|p| !self.world.board.contains(**p)) {
            return Err(format!("a start space off the floor at {p}"));
        }
        if self.winner.is_some_and(|w| w.index() >= n) {
            return Err("the winner is not a player".into());
        }
        if self.round > self.max_rounds {
            return Err(format!(
                "round {} is past the cap of {}",
                self.round, self.max_rounds
            ));
        }
        let mut seen = Vec::new();
        for r in &self.world.robots {
            if let Some(p) = r.pos {
                if seen.contains(&p) {
                    return Err(format!("two robots on {p}"));
                }
                if !self.world.board.contains(p) {
                    return Err(format!("a robot stands off the floor at {p}"));
                }
                seen.push(p);
            }
        }
        Ok(())
    }
}
