//! What players answer ([`Action`], with a round's plan, [`Program`]),
//! what the race asks ([`Decision`]) and why an answer is refused
//! ([`Reason`]).

use crate::cards::CardId;
use crate::mode::Mode;
use crate::upgrades::Upgrade;
use robo_core::agenda::Accepts;
use robo_core::geom::{Dir, Pos};
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// One register of a plan.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersSlot")
)]
pub enum Slot {
    /// No card (only when the hand has none left).
    #[default]
    Empty,
    /// One card (a planning card or SCRAP).
    Card(CardId),
}

impl Slot {
    /// The card in the slot.
    #[must_use]
    pub fn card(self) -> Option<CardId> {
        match self {
            Slot::Empty => None,
            Slot::Card(c) => Some(c),
        }
    }
}

/// Catch My Drift: a second card shares a register with the card there;
/// one of the two is a Drift card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersPair")
)]
pub struct Pair {
    /// The register (0 for register 1).
    pub register: u8,
    /// The second card.
    pub card: CardId,
    /// It resolves before the register's other card.
    pub first: bool,
}

/// A round's plan: the five registers and the mode the robot starts the
/// activation phase in (flipping the tile is free while planning).
///
/// ```
/// use variant_transformers::actions::{Program, Slot};
/// use variant_transformers::cards::CardId;
/// use variant_transformers::Mode;
/// let p = Program::of([CardId(40), CardId(41), CardId(42), CardId(43), CardId(44)], Mode::Bot);
/// assert_eq!(p.registers[2], Slot::Card(CardId(42)));
/// assert_eq!(p.cards().count(), 5);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersProgram")
)]
pub struct Program {
    /// Registers 1 to 5.
    pub registers: [Slot; 5],
    /// The mode for the activation phase.
    pub mode: Mode,
    /// A second card in one register (Catch My Drift).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair: Option<Pair>,
}

impl Program {
    /// One card per register, in `mode`.
    #[must_use]
    pub fn of(cards: [CardId; 5], mode: Mode) -> Self {
        Program {
            registers: cards.map(Slot::Card),
            mode,
            pair: None,
        }
    }

    /// Every card the plan uses, register by register (a pair's second
    /// card last).
    pub fn cards(&self) -> impl Iterator<Item = CardId> + Clone + '_ {
        self.registers
            .iter()
            .filter_map(|s| s.card())
            .chain(self.pair.map(|p| p.card))
    }
}

impl fmt::Display for Program {
    /// `[c40 c41 c42 - c44] bot`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, s) in self.registers.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            match s {
                Slot::Empty => f.write_str("-")?,
                Slot::Card(c) => write!(f, "{c}")?,
            }
        }
        write!(f, "] {}", self.mode)?;
        if let Some(p) = self.pair {
            let at = if p.first { "before" } else { "after" };
            write!(f, " +{} {at} r{}", p.card, p.register + 1)?;
        }
        Ok(())
    }
}

/// An upgrade used: what it does and with what. Each names the upgrade
/// it uses (directly or through its kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersUse")
)]
pub enum Use {
    /// Ready an upgrade for this register (a card modifier for the coming
    /// card, or Apex Armor for step C).
    Arm(Upgrade),
    /// Use an upgrade paid with a card from the hand (Up and Over,
    /// Firewalker, More Than Meets the Eye, Lucky Duck, Blasted).
    Discard(Upgrade, CardId),
    /// Turbo Boost: this many extra spaces, paid in Energon.
    Turbo(u8),
    /// One space towards a side of the board (Lane Changer, Style Points,
    /// Sideswipe).
    Step(Upgrade, Dir),
    /// Exchange the cards of an unresolved register with a hand card
    /// (Rulebreaker, Quick Change).
    Swap {
        /// Rulebreaker or Quick Change.
        upgrade: Upgrade,
        /// The register (0 for register 1).
        register: u8,
        /// The hand card.
        card: CardId,
    },
    /// Mirror Response Mode: use this upgrade of another robot.
    Mirror(Upgrade),
    /// Air Strike on the 2x2 square with this top-left cell.
    AirStrike(Pos),
    /// Minelayer: a mine on this cell.
    Mine(Pos),
    /// Energon Heist.
    Heist,
    /// Mirage: checkpoint `checkpoint` (from 0) moves to `to`.
    Mirage {
        /// The checkpoint.
        checkpoint: u8,
        /// Its new cell.
        to: Pos,
    },
    /// Counterstrike on the robot that attacked or pushed.
    Counter,
    /// Recycle: this card from the discard pile into the hand.
    Recycle(CardId),
    /// Dropship to this cell.
    Dropship(Pos),
    /// Double Trouble on these seats (a bit per seat).
    Double(u8),
    /// Fire in the Hole towards this side.
    Hole(Dir),
    /// Bullseye on this robot.
    Bullseye(PlayerId),
    /// Tractor Beam: pull the target ahead on this side this many spaces.
    Tractor {
        /// The side fired at.
        dir: Dir,
        /// Spaces pulled (the Energon paid).
        pull: u8,
    },
}

impl Use {
    /// The upgrade used.
    #[must_use]
    pub fn upgrade(self) -> Upgrade {
        match self {
            Use::Arm(u) | Use::Discard(u, _) | Use::Step(u, _) | Use::Swap { upgrade: u, .. } => u,
            Use::Turbo(_) => Upgrade::TurboBoost,
            Use::Mirror(_) => Upgrade::MirrorResponseMode,
            Use::AirStrike(_) => Upgrade::AirStrike,
            Use::Mine(_) => Upgrade::Minelayer,
            Use::Heist => Upgrade::EnergonHeist,
            Use::Mirage { .. } => Upgrade::Mirage,
            Use::Counter => Upgrade::Counterstrike,
            Use::Recycle(_) => Upgrade::Recycle,
            Use::Dropship(_) => Upgrade::Dropship,
            Use::Double(_) => Upgrade::DoubleTrouble,
            Use::Hole(_) => Upgrade::FireInTheHole,
            Use::Bullseye(_) => Upgrade::Bullseye,
            Use::Tractor { .. } => Upgrade::TractorBeam,
        }
    }
}

impl fmt::Display for Use {
    /// The words a scenario script uses: `arm Don't Blink`, `turbo 2`,
    /// `Style Points W`, `mine 3,4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Use::Arm(u) => write!(f, "arm {u}"),
            Use::Discard(u, c) => write!(f, "{u} discarding {}", c.card()),
            Use::Turbo(n) => write!(f, "turbo {n}"),
            Use::Step(u, d) => write!(f, "{u} {d}"),
            Use::Swap {
                upgrade,
                register,
                card,
            } => write!(f, "{upgrade} r{} {}", register + 1, card.card()),
            Use::Mirror(u) => write!(f, "mirror {u}"),
            Use::AirStrike(p) => write!(f, "air strike {},{}", p.x, p.y),
            Use::Mine(p) => write!(f, "mine {},{}", p.x, p.y),
            Use::Heist => f.write_str("heist"),
            Use::Mirage { checkpoint, to } => {
                write!(f, "mirage {} to {},{}", checkpoint + 1, to.x, to.y)
            }
            Use::Counter => f.write_str("counterstrike"),
            Use::Recycle(c) => write!(f, "recycle {}", c.card()),
            Use::Dropship(p) => write!(f, "dropship {},{}", p.x, p.y),
            Use::Double(m) => {
                f.write_str("double trouble")?;
                for i in 0..8 {
                    if m & (1 << i) != 0 {
                        write!(f, " P{i}")?;
                    }
                }
                Ok(())
            }
            Use::Hole(d) => write!(f, "fire in the hole {d}"),
            Use::Bullseye(p) => write!(f, "bullseye P{}", p.0),
            Use::Tractor { dir, pull } => write!(f, "tractor {dir} {pull}"),
        }
    }
}

/// An answer to a decision.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersAction")
)]
pub enum Action {
    /// Place the robot on this start space.
    ChooseStart(Pos),
    /// Done: with the upgrade phase, a window, a choice declined.
    Done,
    /// Upgrade phase: pay 1 Energon for an upgrade card.
    DrawUpgrade,
    /// Upgrade phase: install, paying its cost (replacing one of its kind
    /// when the slots are full).
    Install {
        /// The upgrade.
        upgrade: Upgrade,
        /// The installed upgrade it replaces.
        discard: Option<Upgrade>,
    },
    /// Upgrade phase: uninstall (once a phase).
    Uninstall(Upgrade),
    /// Pay to discard an ongoing damage card.
    Fix(CardId),
    /// The round's plan.
    Plan(Program),
    /// Convert to the other mode, paying 1 Energon.
    Convert,
    /// A road corner or a curved arrow: turn (`true`) or go straight on.
    Corner(bool),
    /// Fire the robot's weapon towards this side of the board.
    Fire(Dir),
    /// A space bridge: go to the bridge on this cell, or stay (`None`).
    Bridge(Option<Pos>),
    /// A pit stop action: gain 1 Energon.
    PitGain,
    /// A pit stop action: discard this damage card (SCRAP from the hand, or
    /// an ongoing one).
    PitDiscard(CardId),
    /// Coming back on the course: where, and facing which way.
    Return {
        /// The cell.
        at: Pos,
        /// The facing.
        facing: Dir,
    },
    /// Use an upgrade.
    Use(Use),
}

/// What the race asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersDecision")
)]
pub enum Decision {
    /// Choose a start space.
    ChooseStart,
    /// The upgrade phase (simultaneous).
    Upgrades,
    /// Plan the round (simultaneous).
    Planning,
    /// Before the robot's card: convert, fix damage, use an upgrade, or go on.
    Window,
    /// A road corner: turn with its arrow or not.
    Corner,
    /// A building's curved arrow: turn to face the other doorway or not.
    Arrow,
    /// Aim the robot's weapon (or use a weapon upgrade).
    Fire,
    /// On a space bridge: go through or stay.
    Bridge,
    /// On a pit stop: the next action.
    PitStop,
    /// Coming back on the course: where and facing which way.
    Return,
    /// After the robot's card: use an upgrade or go on.
    After,
    /// The robot is attacked or pushed: react with an upgrade or not.
    React,
    /// Blasted: push the robot just shot, paying with a Move card, or not.
    Blast,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::ChooseStart => f.write_str("choose a start space"),
            Decision::Upgrades => f.write_str("draw, install or uninstall upgrades"),
            Decision::Planning => f.write_str("plan your registers and choose your mode"),
            Decision::Window => {
                f.write_str("convert, fix damage or use an upgrade before your card")
            }
            Decision::Corner => f.write_str("turn at the road corner or go straight"),
            Decision::Arrow => f.write_str("turn to the other doorway or go straight"),
            Decision::Fire => f.write_str("aim your weapon"),
            Decision::Bridge => f.write_str("go through the space bridge or stay"),
            Decision::PitStop => f.write_str("take a pit stop action"),
            Decision::Return => f.write_str("come back on the course: where and facing which way"),
            Decision::After => f.write_str("use an upgrade after your card, or go on"),
            Decision::React => f.write_str("react to the attack or push with an upgrade, or not"),
            Decision::Blast => f.write_str("push the robot you shot (discard a Move card), or not"),
        }
    }
}

impl Decision {
    /// Does `action` answer this kind of decision?
    #[must_use]
    pub fn accepts(&self, action: &Action) -> bool {
        use Action as A;
        match self {
            Decision::ChooseStart => matches!(action, A::ChooseStart(_)),
            Decision::Upgrades => matches!(
                action,
                A::Done
                    | A::DrawUpgrade
                    | A::Install { .. }
                    | A::Uninstall(_)
                    | A::Fix(_)
                    | A::Use(_)
            ),
            Decision::Planning => matches!(action, A::Plan(_)),
            Decision::Window => matches!(action, A::Done | A::Convert | A::Fix(_) | A::Use(_)),
            Decision::After | Decision::React | Decision::Blast => {
                matches!(action, A::Done | A::Use(_))
            }
            Decision::Corner | Decision::Arrow => matches!(action, A::Corner(_)),
            Decision::Fire => matches!(action, A::Fire(_) | A::Use(_)),
            Decision::Bridge => matches!(action, A::Bridge(_)),
            Decision::PitStop => matches!(action, A::PitGain | A::PitDiscard(_)),
            Decision::Return => matches!(action, A::Return { .. }),
        }
    }
}

impl Accepts<Action> for Decision {
    fn accepts(&self, action: &Action) -> bool {
        Decision::accepts(self, action)
    }
}

/// Why a plan breaks the rules.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlanError {
    /// The rules of program slots (a card not in hand, used twice, a
    /// register left empty while the hand had cards).
    #[error("{0}")]
    Slots(String),
    /// A mode the robot cannot take now (alt mode inside a building).
    #[error("a robot inside a building cannot plan alt mode")]
    AltInBuilding,
    /// A second card in a register without Catch My Drift installed and
    /// unused this round, without a Drift card, with SCRAP, or in an empty
    /// register.
    #[error(
        "a second card in a register needs Catch My Drift, a Drift card and two planning cards"
    )]
    BadPair,
}

/// Why an action is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Reason {
    /// Not one of the options of the choice asked.
    #[error("{0:?} is not one of the options")]
    NotAnOption(Action),
    /// A plan that breaks the rules.
    #[error("bad plan: {0}")]
    Plan(#[from] PlanError),
    /// The player already planned this round.
    #[error("already planned this round")]
    AlreadyPlanned,
}
