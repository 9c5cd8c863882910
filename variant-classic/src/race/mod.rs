//! The classic game on the race kit: its state, actions, decisions and
//! events. How the rules run is in the submodules: `task` (the agenda's
//! tasks), `rules` (the agenda's [`Resolve`](robo_core::agenda::Resolve)),
//! `register` (the register as a pipeline of steps), `turn` (dealing and
//! the end of the turn), `game` (the protocol and the checks saves go
//! through).

mod finish;
mod game;
mod options;
mod position;
mod register;
mod rules;
mod setup;
mod setup_options;
mod task;
#[cfg(test)]
mod tests;
mod turn;
mod view;
mod weapons;

pub use position::{Placed, Position, Start};
pub use register::{register_pipeline, ClassicStep};
pub use setup::{
    FlagRule, Setup, SetupError, StartRule, EXTRA_LIVES, LIVES, MAX_FLAGS, MAX_ROBOTS, MIN_ROBOTS,
};
pub use setup_options::{option_names, OptionError, SetupOption, SETUP_OPTIONS};
pub use task::Task;
pub use view::{RobotView, View};

use crate::cards::Card;
use crate::courses::Course;
use crate::options::{Held, OptionCard};
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
    /// The option cards it holds, face up (see `docs/rulings.md`
    /// "Classic options"), in the order it gained them.
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub options: SmallVec<[Held; 2]>,
    /// Cards a register holds beside its primary card (in
    /// [`Robot::registers`], which sets the register's priority); they run
    /// after it, in order. Nothing in the game without options puts cards
    /// here: it is the hook the option cards' extra programs use.
    #[serde(default, skip_serializing_if = "no_extra_cards")]
    pub extra: [SmallVec<[Card; 1]>; REGISTERS],
    /// What the robot may give up instead of taking a damage token (see
    /// [`Guard`]); it is asked at each token while it holds one.
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub guards: SmallVec<[Guard; 2]>,
    /// Its place once it has touched the last flag (1: the winner). With
    /// the `play-on` rule a finished robot leaves the course and the
    /// others race on for the places after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<u8>,
    /// When it touched its latest flag (turn, register): among robots with
    /// as many flags, the earlier ranks higher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reached: Option<(u16, u8)>,
}

/// No register holds more than its primary card.
fn no_extra_cards(extra: &[SmallVec<[Card; 1]>; REGISTERS]) -> bool {
    extra.iter().all(SmallVec::is_empty)
}

/// Something a robot gives up to stop one damage token: a spare part
/// (tests and positions set them up) or one of its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicGuard")
)]
pub enum Guard {
    /// A spare part (no card of the rulebook): given up, it stops one
    /// token.
    Spare,
    /// An option card, discarded.
    Option(OptionCard),
}

impl Robot {
    /// A robot with `lives` lives and its archive marker on `archive`,
    /// undamaged, powered on, with no cards.
    #[must_use]
    pub fn new(lives: u8, archive: Pos) -> Self {
        Robot {
            hand: Vec::new(),
            registers: [None; REGISTERS],
            damage: 0,
            lives,
            flags: 0,
            archive,
            power: Power::On,
            destroyed: false,
            programmed: false,
            options: SmallVec::new(),
            extra: Default::default(),
            guards: SmallVec::new(),
            place: None,
            reached: None,
        }
    }

    /// Every card in the robot's registers, primary and extra.
    pub fn program_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.registers
            .iter()
            .flatten()
            .chain(self.extra.iter().flatten())
            .copied()
    }

    /// Empties register `register` (1 to 5).
    pub fn clear_register(&mut self, register: u8) {
        let i = usize::from(register.clamp(1, REGISTERS as u8) - 1);
        self.registers[i] = None;
        self.extra[i].clear();
    }

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

    /// Does it hold option `card`?
    #[must_use]
    pub fn has(&self, card: OptionCard) -> bool {
        self.options.iter().any(|h| h.card == card)
    }

    /// Still in the race: lives left and not finished (a robot that has
    /// touched its last flag is out of the race with its place).
    #[must_use]
    pub fn alive(&self) -> bool {
        self.lives > 0 && self.place.is_none()
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
    /// On a chop shop: what the robot takes.
    Chop(Chop),
    /// A destroyed robot re-enters facing `facing`, powered down next
    /// turn or not.
    Enter {
        /// Its facing.
        facing: Dir,
        /// Powered down next turn.
        down: bool,
    },
    /// Before the first turn, on a shared start cell: the robot faces
    /// this way.
    Face(Dir),
    /// On the Clock: time ran out for this late programmer; its empty
    /// open registers are filled at random from its hand.
    TimeUp,
    /// A damage token is coming: give up guard `Some(i)` instead (the
    /// robot's [`Robot::guards`], then its [`Robot::options`], counted
    /// from 0 across both), or take it (`None`).
    Prevent(Option<u8>),
    /// A destroyed robot loses this one of its [`Robot::options`].
    LoseOption(u8),
    /// The card moves this many cells (Brakes, Fourth Gear, Reverse
    /// Gears offer a choice).
    Distance(u8),
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
    /// Choose the facing to start with on the shared start cell.
    Facing,
    /// A damage token is coming: give up a guard instead or take it.
    Prevent,
    /// On a chop shop: take an option or not.
    ChopShop,
    /// The robot was destroyed: which of its options is lost.
    LoseOption,
    /// An option lets the robot's card move another distance: how far.
    Distance,
}

/// A chop shop's offer to a robot that touches it: a free option if it
/// holds none, scrapping one of its options for a new draw, refilling the
/// payload of one, or nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicChop")
)]
pub enum Chop {
    /// Draw one option (the robot holds none).
    Draw,
    /// Scrap this one of its options (by index) and draw another.
    Scrap(u8),
    /// Refill the payload of this one of its options (by index).
    Refill(u8),
    /// Take nothing.
    Pass,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::Program => "program your registers, then announce power down or not",
            Decision::StayDown => "stay powered down next turn or not",
            Decision::ReEnter => "choose your facing to re-enter, and power down or not",
            Decision::Dock => "choose the dock your robot starts on",
            Decision::ChopShop => "on a chop shop: draw an option or pass",
            Decision::Facing => "choose the facing your robot starts with",
            Decision::Prevent => "a damage token is coming: give up a guard or take it",
            Decision::LoseOption => "your robot was destroyed: choose the option it loses",
            Decision::Distance => "an option lets your card move another distance: how far",
        })
    }
}

impl robo_core::agenda::Accepts<Action> for Decision {
    fn accepts(&self, action: &Action) -> bool {
        matches!(
            (self, action),
            (
                Decision::Program,
                Action::Program(_) | Action::Announce(_) | Action::TimeUp
            ) | (Decision::StayDown, Action::StayDown(_))
                | (Decision::ReEnter, Action::Enter { .. })
                | (Decision::Dock, Action::Dock(_))
                | (Decision::ChopShop, Action::Chop(_))
                | (Decision::Facing, Action::Face(_))
                | (Decision::Prevent, Action::Prevent(_))
                | (Decision::LoseOption, Action::LoseOption(_))
                | (Decision::Distance, Action::Distance(_))
        )
    }
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
    /// Time up without the On the Clock rule.
    #[error("this game is not played on the clock")]
    NotOnTheClock,
    /// Time up while others are still programming (the timer starts when
    /// one programmer is left).
    #[error("the timer runs only for the last player still programming")]
    NotLast,
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
    /// Every seat, best first: the robots that finished in the order they
    /// did, then the others by flags touched (more first), then by who
    /// touched its latest flag earlier, then by seat (see
    /// [`Race::ranking`]).
    #[serde(default)]
    pub ranking: Vec<PlayerId>,
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
    /// A belt, a current or a pusher moved a flag.
    FlagMoved {
        /// The flag (from 1).
        flag: u8,
        /// Where it is now.
        at: Pos,
    },
    /// A robot on a chop shop chose (see [`Chop`]).
    ChopShop {
        /// The player.
        player: PlayerId,
        /// The choice.
        choice: Chop,
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
    /// On the Clock: time ran out and the player's empty registers were
    /// filled at random.
    TimeUp {
        /// The player.
        player: PlayerId,
    },
    /// A robot gave up a guard instead of taking a damage token.
    Prevented {
        /// The player.
        player: PlayerId,
        /// The guard given up.
        guard: Guard,
    },
    /// A robot gained an option (drawn face up from the option deck).
    OptionGained {
        /// The player.
        player: PlayerId,
        /// The option.
        option: OptionCard,
    },
    /// A robot lost an option (discarded).
    OptionLost {
        /// The player.
        player: PlayerId,
        /// The option.
        option: OptionCard,
        /// Why.
        why: Loss,
    },
    /// An option took damage tokens in the robot's place.
    Absorbed {
        /// The player.
        player: PlayerId,
        /// The option.
        option: OptionCard,
        /// Tokens it took.
        tokens: u8,
    },
    /// A virtual robot stands alone and becomes real.
    BecameReal {
        /// The player.
        player: PlayerId,
    },
    /// A robot touched its last flag and takes this place (1: the
    /// winner); with `play-on` it leaves the course.
    Finished {
        /// The player.
        player: PlayerId,
        /// Its place (from 1).
        place: u8,
    },
    /// The game is over.
    GameOver {
        /// The winner, if any.
        winner: Option<PlayerId>,
    },
}

/// Why a robot lost an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicLoss")
)]
pub enum Loss {
    /// The robot was destroyed and its owner picked this one.
    Destroyed,
    /// Scrapped at a chop shop for a new draw.
    Scrapped,
    /// Its payload is spent and the card says it goes (Ablative Coat).
    Spent,
}

/// A classic game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "game::SavedRace")]
pub struct Race {
    world: World,
    robots: Vec<Robot>,
    /// The draw pile of this turn.
    deck: Vec<Card>,
    /// The option cards not yet drawn (built and shuffled at the first
    /// draw, and again from every card no robot holds when it runs out).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    option_deck: Vec<OptionCard>,
    rng: Rng,
    round: u16,
    register: u8,
    /// This register's card order (highest priority first).
    order: SmallVec<[PlayerId; 8]>,
    max_rounds: Option<u16>,
    /// How the robots start.
    #[serde(default)]
    start: StartRule,
    /// The On the Clock rule.
    #[serde(default)]
    on_the_clock: bool,
    /// Play on for the places after the winner.
    #[serde(default)]
    play_on: bool,
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
    /// Decisions destruction asks for, for [`Race::count_harm`] to put on
    /// the agenda.
    asks: SmallVec<[Task; 2]>,
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

    /// Is this game played On the Clock (the last player programming may
    /// be timed out with [`Action::TimeUp`])?
    #[must_use]
    pub fn on_the_clock(&self) -> bool {
        self.on_the_clock
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
        if self.world.log.is_empty() && self.world.flag_log.is_empty() {
            return;
        }
        let log = self.world.log.drain(..).map(Event::Grid);
        self.scratch.0.events.extend(log);
        let flags = self
            .world
            .flag_log
            .drain(..)
            .map(|(flag, at)| Event::FlagMoved { flag, at });
        self.scratch.0.events.extend(flags);
    }
}
