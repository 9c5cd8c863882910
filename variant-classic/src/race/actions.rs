//! The protocol's words: the actions that answer the game's decisions,
//! the decisions, why an action is refused, and how a game ends.

use super::Setting;
use crate::cards::Card;
use crate::options::OptionCard;
use crate::pieces::Chop;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::PlayerId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::fmt;
use thiserror::Error;

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
    /// robot's [`Robot::guards`](super::Robot::guards), then its [`Robot::options`](super::Robot::options), counted
    /// from 0 across both), or take it (`None`).
    Prevent(Option<u8>),
    /// A destroyed robot loses this one of its [`Robot::options`](super::Robot::options).
    LoseOption(u8),
    /// The card moves this many cells (Brakes, Fourth Gear, Reverse
    /// Gears offer a choice).
    Distance(u8),
    /// At the robot lasers' step: fire the main laser (`None`) or this
    /// optional weapon in its place.
    Fire(Option<OptionCard>),
    /// Use the run-time option the decision names now (`true`) or not.
    UseOption(bool),
    /// Reengineering Unit: swap it for this one of the pushed robot's
    /// options (by index), or keep it (`None`).
    Reengineer(Option<u8>),
    /// Deluxe Option Package: keep this one of the robot's options (by
    /// index); the others are discarded.
    KeepOption(u8),
    /// On a repair site whose variant rule offers the choice (Turbo
    /// Wrenches, the first edition's double-tool site): take an option
    /// (`true`) instead of the repairs, or the repairs.
    TakeOption(bool),
    /// Fire Control: what this main laser hit does to its target.
    Aim(Aim),
    /// Programming, once the registers are full: keep this leftover card
    /// of the hand aside on this option (Flywheel: a movement card for a
    /// later turn's hand; Conditional: a card that may replace a
    /// register's card before its reveal this turn; Robo-Copter: a
    /// movement card run in every register this turn).
    Park {
        /// The option (Flywheel, Conditional or Robo-Copter).
        option: OptionCard,
        /// The card.
        card: Card,
    },
    /// While programming, before announcing: set a turn-programmed option
    /// for this turn (a side for Shield, Reflector, Turret; on or off for
    /// Gyroscopic Stabilizer, Option Damping Field, Homing Device). An
    /// option not set faces front, or is off.
    Set {
        /// The option (held by the robot).
        option: OptionCard,
        /// Its setting.
        setting: Setting,
    },
    /// While programming: put this card of the hand in register `register`
    /// as its second card, as `option` allows (Crab Legs, Dual Processor,
    /// Overload Override). The register's card (the primary card) sets its
    /// priority.
    Stack {
        /// The register (1 to 5), holding its primary card.
        register: u8,
        /// The second card, from the hand.
        card: Card,
        /// The option that allows it.
        option: OptionCard,
    },
    /// While programming: place a phase-programmed option in register
    /// `register` (a gadget, at most one per register; Big Jet;
    /// Retro-Rockets, once per fuel token spent); Overload Override in an
    /// empty register leaves it empty this turn.
    Gadget {
        /// The register (1 to 5).
        register: u8,
        /// The option (held by the robot).
        option: OptionCard,
    },
    /// Frog Legs: the robot flies through this Move 2 or Move 3 (`true`)
    /// or runs it on the floor.
    Hop(bool),
    /// While programming: put this card of the bomb's hand in the buzz
    /// bomb's next empty register (Buzz Bomb; a first card switches it
    /// on: a bomb is launched if none is in flight).
    Bomb(Card),
    /// Scavenger Hunt: the robot takes this card of the flag's pile (by
    /// its place in [`View::pile`](super::View::pile)), or none (`None`,
    /// Scavenger Hunt I only).
    Scavenge(Option<u8>),
}

/// Fire Control's choice for one hit of the main laser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicAim")
)]
pub enum Aim {
    /// A damage token, as any hit.
    Damage,
    /// Lock this register (1 to 5) of the target instead.
    Lock(u8),
    /// Destroy this one of the target's options (by index) instead.
    Destroy(u8),
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
    /// The robot holds an optional weapon and has a target: fire the main
    /// laser or a weapon in its place.
    Weapon,
    /// A run-time option may be used now (Superior Archive Copy at
    /// re-entry, Recompile after the deal, Abort Switch before a reveal):
    /// use it or not.
    UseOption(OptionCard),
    /// The robot pushed a robot holding options: swap its Reengineering
    /// Unit for one of them or not.
    Reengineer,
    /// Deluxe Option Package: which one of the dealt options the robot
    /// keeps.
    KeepOption,
    /// On a repair site: an option instead of the repairs, or the repairs.
    Wrench,
    /// Fire Control: the main laser hit a robot: a damage token, a locked
    /// register or a destroyed option.
    FireControl,
    /// Frog Legs: fly through this Move 2 or Move 3 or not.
    Hop,
    /// Scavenger Hunt: robot `robot` reached flag `flag` for the first
    /// time; which option of the flag's pile it takes (the pile is in the
    /// asked player's [`View::pile`](super::View::pile)). Asked of the
    /// robot's owner (I) or of the player to its left (II).
    Scavenge {
        /// The robot that takes the option.
        robot: PlayerId,
        /// The flag (from 1).
        flag: u8,
    },
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
            Decision::Weapon => "your robot has a target: fire the main laser or a weapon",
            Decision::UseOption(_) => "use your run-time option now or not",
            Decision::Reengineer => {
                "your robot pushed a robot: swap your Reengineering Unit for one of its options or not"
            }
            Decision::KeepOption => "choose the one option your robot keeps",
            Decision::Wrench => "on a repair site: take an option instead of the repairs, or not",
            Decision::FireControl => {
                "your main laser hit: damage, lock one of the target's registers or destroy one of its options"
            }
            Decision::Hop => "Frog Legs: fly through this move or run it on the floor",
            Decision::Scavenge { .. } => {
                "a robot reached a flag the first time: pick an option of its pile for it"
            }
        })
    }
}

impl robo_core::agenda::Accepts<Action> for Decision {
    fn accepts(&self, action: &Action) -> bool {
        matches!(
            (self, action),
            (
                Decision::Program,
                Action::Program(_)
                    | Action::Announce(_)
                    | Action::TimeUp
                    | Action::Park { .. }
                    | Action::Set { .. }
                    | Action::Stack { .. }
                    | Action::Gadget { .. }
                    | Action::Bomb(_)
            ) | (Decision::StayDown, Action::StayDown(_))
                | (Decision::ReEnter, Action::Enter { .. })
                | (Decision::Dock, Action::Dock(_))
                | (Decision::ChopShop, Action::Chop(_))
                | (Decision::Facing, Action::Face(_))
                | (Decision::Prevent, Action::Prevent(_))
                | (Decision::LoseOption, Action::LoseOption(_))
                | (Decision::Distance, Action::Distance(_))
                | (Decision::Weapon, Action::Fire(_))
                | (Decision::UseOption(_), Action::UseOption(_))
                | (Decision::Reengineer, Action::Reengineer(_))
                | (Decision::KeepOption, Action::KeepOption(_))
                | (Decision::Wrench, Action::TakeOption(_))
                | (Decision::FireControl, Action::Aim(_))
                | (Decision::Hop, Action::Hop(_))
                | (Decision::Scavenge { .. }, Action::Scavenge(_))
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
    /// The robot does not hold this option (or it parks no card).
    #[error("your robot holds no {0} that keeps a card")]
    OptionNotHeld(OptionCard),
    /// Cards are parked once the registers are full.
    #[error("fill your registers before keeping a card aside")]
    ParkTooEarly,
    /// The option already keeps a card.
    #[error("your {0} already keeps a card")]
    AlreadyParked(OptionCard),
    /// The card does not fit the option (Flywheel and Robo-Copter keep
    /// movement cards).
    #[error("your {0} cannot keep {1}")]
    DoesNotFit(OptionCard, Card),
    /// The robot does not hold this option.
    #[error("your robot does not hold {0}")]
    NotHeld(OptionCard),
    /// The option is not programmed with this action.
    #[error("{0} is not programmed this way")]
    NotProgrammedThisWay(OptionCard),
    /// The setting does not fit the option (a side for Shield, Reflector,
    /// Turret; on or off for the switches).
    #[error("{0} cannot be set to {1:?}")]
    WrongSetting(OptionCard, Setting),
    /// Registers are numbered 1 to 5.
    #[error("there is no register {0}")]
    NoSuchRegister(u8),
    /// A locked register keeps what it holds.
    #[error("register {0} is locked")]
    Locked(u8),
    /// A second card needs the register's primary card first.
    #[error("register {0} holds no card to add a second one to")]
    NoPrimaryCard(u8),
    /// The register holds two cards already.
    #[error("register {0} already holds a second card")]
    AlreadyStacked(u8),
    /// The option does not let these two cards share a register.
    #[error("{option} does not let {primary} and {card} share a register")]
    DoNotStack {
        /// The option named.
        option: OptionCard,
        /// The register's card.
        primary: Card,
        /// The card offered.
        card: Card,
    },
    /// The option is programmed in this register already.
    #[error("{1} is already programmed in register {0}")]
    AlreadyPlaced(u8, OptionCard),
    /// The register holds another gadget (one per register), or another
    /// movement option.
    #[error("register {0} already holds {1}")]
    RegisterTaken(u8, OptionCard),
    /// Overload Override leaves only an empty register empty.
    #[error("register {0} holds a card: it cannot be left empty")]
    RegisterFilled(u8),
    /// The option's payload is spent by the uses programmed this turn.
    #[error("{0} has no payload left for another use")]
    NoPayload(OptionCard),
    /// No buzz bomb cards were dealt to the robot this turn.
    #[error("your robot has no buzz bomb cards this turn")]
    NoBombCards,
    /// The card is not in the buzz bomb's hand.
    #[error("{0} is not in your buzz bomb's hand")]
    NotInBombHand(Card),
    /// Every register of the buzz bomb holds a card.
    #[error("every register of your buzz bomb holds a card")]
    BombProgrammed,
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
    /// [`Race::ranking`](super::Race::ranking)).
    #[serde(default)]
    pub ranking: Vec<PlayerId>,
}

impl robo_core::protocol::Outcome for Outcome {
    fn winners(&self) -> SmallVec<[PlayerId; 4]> {
        self.winner.into_iter().collect()
    }
}
