//! What players answer ([`Action`]); what they are asked ([`Decision`])
//! and why an answer is refused ([`Reason`]) are re-exported from
//! `decisions`.

use crate::cards::{Card, CardId};
use crate::upgrades::{Upgrade, UpgradeUse, Weapon};
use robo_core::geom::{Dir, Pos, Turn};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::fmt;

pub use crate::decisions::{Decision, Reason};

/// What one register of a program holds.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Slot {
    /// Nothing placed: a register that already holds a face-down Haywire,
    /// or (only when the hand has run out) an empty register.
    #[default]
    Empty,
    /// One card from the hand.
    Card(CardId),
    /// Crab Legs: a Rotate Left or Rotate Right card with a Move 1 card.
    Crab {
        /// The rotate card.
        rotate: CardId,
        /// The Move 1 card.
        move1: CardId,
    },
}

/// A whole program: one [`Slot`] per register, and the cards to keep on
/// Memory Cards.
///
/// ```
/// use variant_2023::actions::{Program, Slot};
/// use variant_2023::cards::CardId;
/// let p = Program::of([CardId(40), CardId(41), CardId(42), CardId(43), CardId(44)]);
/// assert_eq!(p.registers[2], Slot::Card(CardId(42)));
/// assert!(p.memory.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Program {
    /// Registers 1 to 5.
    pub registers: [Slot; 5],
    /// Non-damage cards put on Memory Cards.
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub memory: SmallVec<[CardId; 4]>,
}

impl Program {
    /// One card per register, nothing kept.
    #[must_use]
    pub fn of(cards: [CardId; 5]) -> Self {
        Program {
            registers: cards.map(Slot::Card),
            memory: SmallVec::new(),
        }
    }

    /// Every card the program uses, registers then memory.
    pub fn cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.registers
            .iter()
            .flat_map(|s| match *s {
                Slot::Empty => [None, None],
                Slot::Card(c) => [Some(c), None],
                Slot::Crab { rotate, move1 } => [Some(rotate), Some(move1)],
            })
            .flatten()
            .chain(self.memory.iter().copied())
    }
}

/// Left or right of the robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Side {
    /// The robot's left.
    Left,
    /// The robot's right.
    Right,
}

pub use robo_core::geom::Rel;

/// Where a card removed from the game is taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Pile {
    /// The hand.
    Hand,
    /// The programming discard pile.
    Discard,
}

/// An answer to what the game waits for.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "V2023Action")
)]
pub enum Action {
    /// Competitive mode: cover this start space with your energy cube.
    BlockStart(Pos),
    /// Put your robot on this start space.
    ChooseStart(Pos),
    /// Upgrade phase: pay 1 energy for an upgrade card.
    DrawUpgrade,
    /// Upgrade phase: install an upgrade, discarding an installed one of
    /// the same kind to make room when 3 are installed.
    Install {
        /// The upgrade to install (from your uninstalled ones).
        upgrade: Upgrade,
        /// The installed upgrade to discard to make room.
        discard: Option<Upgrade>,
    },
    /// Upgrade phase: uninstall and discard an installed upgrade.
    Uninstall(Upgrade),
    /// Use a temporary upgrade now.
    Use(UpgradeUse),
    /// Done: end your upgrade phase, or let a moment to use upgrades pass.
    Done,
    /// Programming: the whole program.
    Program(Program),
    /// Programming: shut the robot down this round instead of running a
    /// program (declared together with the program, see the rulings).
    ShutDown,
    /// Act fast mode: time is up; the registers left empty in this partial
    /// program are filled at random from the hand.
    TimeUp(Program),
    /// Memory Swap: put this card from your hand on top of your deck.
    ReturnCard(CardId),
    /// A facing: rebooting, a Haywire's free facing.
    Face(Dir),
    /// Brakes: treat the revealed Move 1 as Move 0?
    Brake(bool),
    /// A Haywire's left or right rotation.
    Rotate(Turn),
    /// A Haywire's sideways move.
    Sidestep(Side),
    /// A Haywire's energy payment.
    PayEnergy(u8),
    /// Remove a card of this kind from a pile from the game.
    Remove {
        /// Where from.
        pile: Pile,
        /// Which kind of card.
        card: Card,
    },
    /// Self-Diagnostics: remove nothing.
    KeepAll,
    /// A Haywire's free upgrade.
    InstallFree(Upgrade),
    /// Resolve this revealed card first.
    First(CardId),
    /// Which weapon to fire.
    Fire(Weapon),
    /// Deflector Shield: pay 1 energy?
    Shield(bool),
    /// Energy Conversion / Drifting / Power Slide: move this way, or stay.
    Shift(Option<Rel>),
    /// Magnetic: follow the robot?
    Follow(bool),
    /// Piercing Drill: use it, turning the pushed robot to this facing.
    Pierce(Option<Dir>),
    /// Modular Chassis: take this upgrade of the pushed robot.
    Exchange(Option<Upgrade>),
    /// Lucky Booster: put the Haywire in place of the revealed card?
    PlayHaywire(bool),
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Slot::Empty => f.write_str("-"),
            Slot::Card(c) => write!(f, "{c}"),
            Slot::Crab { rotate, move1 } => write!(f, "{rotate}+{move1}"),
        }
    }
}

impl fmt::Display for Program {
    /// The registers in order, then the cards kept on Memory Cards.
    ///
    /// ```
    /// use variant_2023::actions::Program;
    /// use variant_2023::cards::CardId;
    /// let p = Program::of([CardId(40), CardId(41), CardId(42), CardId(43), CardId(44)]);
    /// assert_eq!(p.to_string(), "c40 c41 c42 c43 c44");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.registers.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}")?;
        }
        if !self.memory.is_empty() {
            f.write_str(" | keep")?;
            for c in &self.memory {
                write!(f, " {c}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Action {
    /// A short notation for logs.
    ///
    /// ```
    /// use robo_core::geom::Dir;
    /// use variant_2023::{Action, Upgrade, Weapon};
    /// assert_eq!(Action::Face(Dir::E).to_string(), "face E");
    /// assert_eq!(Action::Fire(Weapon::Upgrade(Upgrade::RailGun)).to_string(), "fire Rail Gun");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::BlockStart(p) => write!(f, "cover {p}"),
            Action::ChooseStart(p) => write!(f, "start {p}"),
            Action::DrawUpgrade => f.write_str("draw an upgrade"),
            Action::Install {
                upgrade,
                discard: None,
            } => write!(f, "install {upgrade}"),
            Action::Install {
                upgrade,
                discard: Some(d),
            } => write!(f, "install {upgrade} over {d}"),
            Action::Uninstall(u) => write!(f, "uninstall {u}"),
            Action::Use(u) => write!(f, "use {}", u.upgrade()),
            Action::Done => f.write_str("done"),
            Action::Program(p) => write!(f, "program {p}"),
            Action::ShutDown => f.write_str("shut down"),
            Action::TimeUp(p) => write!(f, "time up {p}"),
            Action::ReturnCard(c) => write!(f, "put back {c}"),
            Action::Face(d) => write!(f, "face {d}"),
            Action::Brake(b) => f.write_str(if *b { "brake" } else { "no brake" }),
            Action::Rotate(t) => write!(f, "rotate {t}"),
            Action::Sidestep(s) => write!(
                f,
                "sidestep {}",
                if *s == Side::Left { "left" } else { "right" }
            ),
            Action::PayEnergy(k) => write!(f, "pay {k}"),
            Action::Remove { pile, card } => write!(
                f,
                "remove {card} from {}",
                if *pile == Pile::Hand {
                    "hand"
                } else {
                    "discard"
                }
            ),
            Action::KeepAll => f.write_str("remove nothing"),
            Action::InstallFree(u) => write!(f, "lend {u}"),
            Action::First(c) => write!(f, "first {c}"),
            Action::Fire(Weapon::MainLaser) => f.write_str("fire main laser"),
            Action::Fire(Weapon::Upgrade(u)) => write!(f, "fire {u}"),
            Action::Shield(b) => f.write_str(if *b { "shield" } else { "no shield" }),
            Action::Shift(None) => f.write_str("stay"),
            Action::Shift(Some(r)) => write!(f, "step {r:?}"),
            Action::Follow(b) => f.write_str(if *b { "follow" } else { "stay" }),
            Action::Pierce(None) => f.write_str("no drill"),
            Action::Pierce(Some(d)) => write!(f, "drill, turn {d}"),
            Action::Exchange(None) => f.write_str("keep chassis"),
            Action::Exchange(Some(u)) => write!(f, "exchange for {u}"),
            Action::PlayHaywire(b) => f.write_str(if *b {
                "play the Haywire"
            } else {
                "discard the Haywire"
            }),
        }
    }
}
