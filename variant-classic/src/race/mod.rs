//! The classic game on the race kit: its state, actions, decisions and
//! events. How the rules run is in the submodules: `task` (the agenda's
//! tasks), `rules` (the agenda's [`Resolve`](robo_core::agenda::Resolve)),
//! `register` (the register as a pipeline of steps), `turn` (dealing and
//! the end of the turn), `game` (the protocol and the checks saves go
//! through).

mod game;
mod position;
mod register;
mod rules;
mod task;
mod turn;
mod view;

pub use position::{Placed, Position, Start};
pub use register::{register_pipeline, ClassicStep};
pub use task::Task;
pub use view::{RobotView, View};

use crate::cards::Card;
use crate::courses::Course;
use crate::world::{Doom, World};
use robo_core::agenda::Waiting;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::PlayerId;
use robo_core::pipeline::Pipeline;
use robo_core::rng::Rng;
use robo_core::transient::Transient;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::fmt;
use thiserror::Error;

/// Registers of a program.
pub const REGISTERS: usize = 5;
/// Damage tokens that destroy a robot.
pub const DEADLY_DAMAGE: u8 = 10;
/// Cards dealt to an undamaged robot.
pub const HAND_SIZE: u8 = 9;

/// Is register `register` (1 to 5) locked for a robot with `damage` tokens?
///
/// ```
/// use variant_classic::race::locked;
/// assert!(!locked(4, 5));
/// assert!(locked(5, 5) && !locked(5, 4));
/// assert!(locked(9, 1));
/// ```
#[must_use]
pub fn locked(damage: u8, register: u8) -> bool {
    u16::from(damage) + u16::from(register) >= 10
}

/// A robot's power.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicPower")
)]
pub enum Power {
    /// Running.
    #[default]
    On,
    /// Power down announced: the robot is down next turn.
    Announced,
    /// Powered down this turn: dealt nothing, runs nothing, fires nothing.
    Down,
}

/// One player's robot and cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Robot {
    /// Cards dealt this turn and not yet programmed.
    pub hand: Vec<Card>,
    /// The program.
    pub registers: [Option<Card>; REGISTERS],
    /// Damage tokens.
    pub damage: u8,
    /// Lives left (0: out of the game).
    pub lives: u8,
    /// Flags touched in order.
    pub flags: u8,
    /// The archive marker: where the robot re-enters.
    pub archive: Pos,
    /// Its power.
    pub power: Power,
    /// Destroyed this turn (off the board until the end of the turn).
    pub destroyed: bool,
    /// Done programming this turn (or not asked).
    pub programmed: bool,
}

impl Robot {
    /// Is register `register` (1 to 5) locked?
    #[must_use]
    pub fn is_locked(&self, register: u8) -> bool {
        locked(self.damage, register)
    }

    /// The first unlocked register without a card (1 to 5).
    #[must_use]
    pub fn next_open(&self) -> Option<u8> {
        (1..=REGISTERS as u8)
            .find(|&r| !self.is_locked(r) && self.registers[usize::from(r - 1)].is_none())
    }

    /// Still in the game.
    #[must_use]
    pub fn alive(&self) -> bool {
        self.lives > 0
    }
}

/// Answers to the game's decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicAction")
)]
pub enum Action {
    /// Put this card of the hand in the next open register.
    Program(Card),
    /// Finish programming: power down next turn (`true`) or not.
    Announce(bool),
    /// At the end of a powered-down turn: stay down next turn or not.
    StayDown(bool),
    /// Before the first turn: the robot starts on this dock.
    Dock(Pos),
    /// A destroyed robot re-enters facing `facing`, powered down next
    /// turn or not.
    Enter {
        /// Its facing.
        facing: Dir,
        /// Powered down next turn.
        down: bool,
    },
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicDecision")
)]
pub enum Decision {
    /// Program the registers, then announce power down or not (every
    /// player at once).
    Program,
    /// Stay powered down next turn or not.
    StayDown,
    /// Re-enter: facing, and power down or not.
    ReEnter,
    /// Choose a free dock to start on.
    Dock,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::Program => "program your registers, then announce power down or not",
            Decision::StayDown => "stay powered down next turn or not",
            Decision::ReEnter => "choose your facing to re-enter, and power down or not",
            Decision::Dock => "choose the dock your robot starts on",
        })
    }
}

impl robo_core::agenda::Accepts<Action> for Decision {
    fn accepts(&self, action: &Action) -> bool {
        matches!(
            (self, action),
            (Decision::Program, Action::Program(_) | Action::Announce(_))
                | (Decision::StayDown, Action::StayDown(_))
                | (Decision::ReEnter, Action::Enter { .. })
                | (Decision::Dock, Action::Dock(_))
        )
    }
}

/// A game's setup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// The course.
    pub course: Course,
    /// Robots (2 to 8).
    pub players: u8,
    /// Lives of each robot (3; 4 with Extra Lives).
    pub lives: u8,
    /// End after this many turns without a winner.
    #[serde(default)]
    pub max_rounds: Option<u16>,
}

impl Setup {
    /// `players` robots on `course` with 3 lives each and no turn cap.
    #[must_use]
    pub fn new(course: Course, players: u8) -> Self {
        Setup {
            course,
            players,
            lives: 3,
            max_rounds: None,
        }
    }
}

/// A setup the game refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Not 2 to 8 robots.
    #[error("a classic game takes 2 to 8 robots, not {0}")]
    Players(u8),
    /// Not 1 to 9 lives.
    #[error("robots have 1 to 9 lives, not {0}")]
    Lives(u8),
    /// Fewer docks than robots.
    #[error("the course has {docks} docks for {robots} robots")]
    Docks {
        /// Docks on the course.
        docks: usize,
        /// Robots.
        robots: u8,
    },
    /// A course without flags.
    #[error("the course has no flag")]
    NoFlag,
}

/// Why an action is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Reason {
    /// The card is not in the hand.
    #[error("{0} is not in your hand")]
    NotInHand(Card),
    /// Every open register holds a card.
    #[error("every open register holds a card: announce power down or not")]
    RegistersFull,
    /// Power down is announced after the registers are full.
    #[error("fill your registers before announcing power down")]
    NotProgrammed,
    /// This player is not programming.
    #[error("you have already programmed this turn")]
    AlreadyProgrammed,
    /// Not one of the options of the decision asked.
    #[error("{0:?} is not one of the options")]
    NotAnOption(Action),
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicOutcome")
)]
pub struct Outcome {
    /// The robot that touched the last flag first; `None` when no robot
    /// has lives left or the turn cap ended the game.
    pub winner: Option<PlayerId>,
    /// Turns played.
    pub rounds: u16,
}

impl robo_core::protocol::Outcome for Outcome {
    fn winners(&self) -> SmallVec<[PlayerId; 4]> {
        self.winner.into_iter().collect()
    }
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicEvent")
)]
pub enum Event {
    /// On the grid: moves, turns, pushes, lasers, removals, placements.
    Grid(GridEvent),
    /// A turn began (from 1).
    TurnStarted {
        /// The turn.
        round: u16,
    },
    /// Cards were dealt to a player (how many, not which).
    Dealt {
        /// The player.
        player: PlayerId,
        /// Cards dealt.
        cards: u8,
    },
    /// A player finished programming.
    Programmed {
        /// The player.
        player: PlayerId,
    },
    /// A player announced power down for next turn.
    PowerDownAnnounced {
        /// The player.
        player: PlayerId,
    },
    /// A robot is powered down this turn; its damage is repaired.
    PoweredDown {
        /// The player.
        player: PlayerId,
    },
    /// A register began.
    RegisterStarted {
        /// The register, 1 to 5.
        register: u8,
    },
    /// A randomizer replaced a robot's card of this register.
    Randomized {
        /// The player.
        player: PlayerId,
        /// The register.
        register: u8,
        /// The new card.
        card: Card,
    },
    /// A register's card was revealed.
    Revealed {
        /// The player.
        player: PlayerId,
        /// The register.
        register: u8,
        /// The card.
        card: Card,
    },
    /// A robot took damage.
    Damaged {
        /// The player.
        player: PlayerId,
        /// Tokens taken.
        amount: u8,
        /// Tokens now.
        damage: u8,
    },
    /// A robot was destroyed and lost a life.
    Destroyed {
        /// The player.
        player: PlayerId,
        /// How.
        doom: Doom,
        /// Lives left (0: out of the game).
        lives: u8,
    },
    /// A robot touched its next flag.
    FlagTouched {
        /// The player.
        player: PlayerId,
        /// The flag (from 1).
        flag: u8,
    },
    /// A robot's archive marker moved.
    ArchiveMoved {
        /// The player.
        player: PlayerId,
        /// Where.
        at: Pos,
    },
    /// A robot was repaired at the end of the turn.
    Repaired {
        /// The player.
        player: PlayerId,
        /// Damage tokens left.
        damage: u8,
    },
    /// A destroyed robot re-entered on its archive marker.
    Reentered {
        /// The player.
        player: PlayerId,
        /// Where.
        at: Pos,
        /// Its facing.
        facing: Dir,
        /// Virtual (its archive cell was occupied).
        ghost: bool,
    },
    /// A robot took its dock before the first turn.
    Docked {
        /// The player.
        player: PlayerId,
        /// The dock.
        at: Pos,
    },
    /// A virtual robot stands alone and becomes real.
    BecameReal {
        /// The player.
        player: PlayerId,
    },
    /// The game is over.
    GameOver {
        /// The winner, if any.
        winner: Option<PlayerId>,
    },
}

/// A classic game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "game::SavedRace")]
pub struct Race {
    world: World,
    robots: Vec<Robot>,
    /// The draw pile of this turn.
    deck: Vec<Card>,
    rng: Rng,
    round: u16,
    register: u8,
    /// This register's card order (highest priority first).
    order: SmallVec<[PlayerId; 8]>,
    max_rounds: Option<u16>,
    outcome: Option<Outcome>,
    agenda: Vec<Task>,
    waiting: Waiting<Decision>,
    #[serde(skip, default = "register_pipeline")]
    pipeline: Pipeline<ClassicStep>,
    #[serde(skip)]
    scratch: Transient<Scratch>,
}

/// What the game keeps beside its state.
#[derive(Default)]
struct Scratch {
    events: Vec<Event>,
    options: Vec<Action>,
    hits: Vec<robo_core::race::fire::Hit>,
}

impl fmt::Debug for Scratch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Scratch")
    }
}

impl Race {
    /// The course.
    #[must_use]
    pub fn course(&self) -> &Course {
        self.world.course()
    }

    /// The robots on the grid.
    #[must_use]
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Every player's robot and cards, by seat.
    #[must_use]
    pub fn robots(&self) -> &[Robot] {
        &self.robots
    }

    /// A player's robot and cards.
    #[must_use]
    pub fn robot(&self, p: PlayerId) -> Option<&Robot> {
        self.robots.get(p.index())
    }

    /// The turn being played (from 1; 0 before the first).
    #[must_use]
    pub fn round(&self) -> u16 {
        self.round
    }

    /// The register being resolved (1 to 5; 0 while programming).
    #[must_use]
    pub fn register(&self) -> u8 {
        self.register
    }

    /// Seats.
    #[must_use]
    pub fn seats(&self) -> usize {
        self.robots.len()
    }

    /// The result, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Reports `e` after the grid events logged so far.
    fn emit(&mut self, e: Event) {
        self.flush();
        self.scratch.events.push(e);
    }

    /// Moves the world's grid events to the events being reported.
    fn flush(&mut self) {
        let log = self.world.log.drain(..).map(Event::Grid);
        self.scratch.0.events.extend(log);
    }
}
