//! The program action's option part: what a player programs besides the
//! five cards, while [`Decision::Program`](super::super::Decision::Program)
//! is asked, before announcing.
//!
//! - [`Action::Set`](super::super::Action::Set): a turn-programmed option's
//!   setting for the turn ([`Setting::Side`] for Shield, Reflector, Turret;
//!   [`Setting::Switch`] for Gyroscopic Stabilizer, Option Damping Field,
//!   Homing Device). An option never set this turn faces front or is off.
//! - [`Action::Stack`](super::super::Action::Stack): a second card of the hand
//!   in a register that already holds its primary card, as Crab Legs, Dual
//!   Processor or Overload Override allows (the primary card sets the
//!   priority; the second card goes in [`Robot::extra`](super::super::Robot::extra)).
//! - [`Action::Gadget`](super::super::Action::Gadget): a phase-programmed
//!   option placed in a register (a gadget, at most one per register; Big
//!   Jet, Retro-Rockets); Overload Override placed in an empty register
//!   leaves that register empty for the turn.
//!
//! Each is refused with a typed [`Reason`](super::super::Reason), the game
//! unchanged. The settings and placements are kept in [`OptionProgram`]
//! on the robot ([`Robot::program`](super::super::Robot::program)): settings
//! until the end-of-turn wipe, placements with their register (a locked
//! register keeps its cards and the options placed in it).

mod checks;
mod seen;
mod turn;

pub use checks::stacks;

use crate::options::OptionCard;
use robo_core::geom::Rel;
use serde::{Deserialize, Serialize};

/// How an option is programmed in the program action.
///
/// ```
/// use variant_classic::options::OptionCard;
/// use variant_classic::race::Programming;
/// assert_eq!(OptionCard::Shield.programming(), Programming::Side);
/// assert_eq!(OptionCard::CrabLegs.programming(), Programming::Stack);
/// assert_eq!(OptionCard::MineLayer.programming(), Programming::Gadget);
/// assert_eq!(OptionCard::Brakes.programming(), Programming::None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Programming {
    /// Not part of the program action (run-time, mandatory, weapons, and
    /// the turn-programmed cards that park program cards, not yet here).
    None,
    /// A side of the robot chosen each turn: Shield, Reflector, Turret.
    Side,
    /// Switched on or off each turn: Gyroscopic Stabilizer, Option Damping
    /// Field, Homing Device.
    Switch,
    /// Lets a register hold a second card: Crab Legs, Dual Processor,
    /// Overload Override.
    Stack,
    /// A gadget placed in a register (at most one per register).
    Gadget,
    /// A movement option placed in a register, acting before its card:
    /// Big Jet, Retro-Rockets (placed again in the same register to spend
    /// another fuel token).
    Movement,
}

impl OptionCard {
    /// How this option is programmed ([`Programming::None`] when it is not).
    #[must_use]
    pub fn programming(self) -> Programming {
        use OptionCard as O;
        match self {
            O::Shield | O::Reflector | O::Turret => Programming::Side,
            O::GyroscopicStabilizer | O::OptionDampingField | O::HomingDevice => {
                Programming::Switch
            }
            O::CrabLegs | O::DualProcessor | O::OverloadOverride => Programming::Stack,
            O::TheBigOne
            | O::BridgeLayer
            | O::GooDropper
            | O::MineLayer
            | O::PortableTeleporter
            | O::ProximityMine
            | O::ScramblerBomb
            | O::SelfDestruct => Programming::Gadget,
            O::BigJet | O::RetroRockets => Programming::Movement,
            _ => Programming::None,
        }
    }
}

/// A turn-programmed option's setting for one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicSetting")
)]
pub enum Setting {
    /// The side of the robot it faces (Shield, Reflector, Turret).
    Side(Rel),
    /// Switched on (`true`) or off (Gyroscopic Stabilizer, Option Damping
    /// Field, Homing Device).
    Switch(bool),
}

/// What a robot has programmed on its options this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicOptionProgram")
)]
pub struct OptionProgram {
    /// Turn-programmed settings, one per option, in the order first set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub settings: Vec<(OptionCard, Setting)>,
    /// Phase-programmed options by register (1 to 5), in the order placed:
    /// gadgets, Big Jet and Retro-Rockets (once per fuel token), the option
    /// that lets the register hold its second card, and Overload Override
    /// in a register it leaves empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placed: Vec<(u8, OptionCard)>,
    /// The register in which its Shield stopped a token this turn (0:
    /// none; it stops one a register).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shield_spent: u8,
}

/// Serde's test for a field left out.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl OptionProgram {
    /// Nothing programmed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.settings.is_empty() && self.placed.is_empty() && self.shield_spent == 0
    }

    /// The setting of `option` this turn, if it was set.
    #[must_use]
    pub fn setting(&self, option: OptionCard) -> Option<Setting> {
        self.settings
            .iter()
            .find(|(o, _)| *o == option)
            .map(|&(_, s)| s)
    }

    /// The side `option` faces this turn (front unless set otherwise).
    #[must_use]
    pub fn side(&self, option: OptionCard) -> Rel {
        match self.setting(option) {
            Some(Setting::Side(side)) => side,
            _ => Rel::Forward,
        }
    }

    /// Is `option` switched on this turn (off unless set)?
    #[must_use]
    pub fn is_on(&self, option: OptionCard) -> bool {
        self.setting(option) == Some(Setting::Switch(true))
    }

    /// The options placed in register `register`, in the order placed.
    pub fn in_register(&self, register: u8) -> impl Iterator<Item = OptionCard> + '_ {
        self.placed
            .iter()
            .filter(move |&&(r, _)| r == register)
            .map(|&(_, o)| o)
    }

    /// Times `option` is placed this turn, across the registers.
    #[must_use]
    pub fn uses(&self, option: OptionCard) -> usize {
        self.placed.iter().filter(|&&(_, o)| o == option).count()
    }

    /// The option that lets register `register` hold a second card.
    #[must_use]
    pub fn stacked_by(&self, register: u8) -> Option<OptionCard> {
        self.in_register(register)
            .find(|o| o.programming() == Programming::Stack)
    }

    /// Forgets the options placed in register `register`.
    pub fn clear_register(&mut self, register: u8) {
        self.placed.retain(|&(r, _)| r != register);
    }
}

impl std::fmt::Display for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Setting::Side(Rel::Forward) => "front",
            Setting::Side(Rel::Back) => "back",
            Setting::Side(Rel::Left) => "left",
            Setting::Side(Rel::Right) => "right",
            Setting::Switch(true) => "on",
            Setting::Switch(false) => "off",
        })
    }
}

impl std::str::FromStr for Setting {
    type Err = String;
    /// `front`, `back`, `left`, `right`, `on` or `off` (any case).
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "front" | "forward" => Setting::Side(Rel::Forward),
            "back" => Setting::Side(Rel::Back),
            "left" => Setting::Side(Rel::Left),
            "right" => Setting::Side(Rel::Right),
            "on" => Setting::Switch(true),
            "off" => Setting::Switch(false),
            other => {
                return Err(format!(
                    "no setting {other:?} (front, back, left, right, on, off)"
                ))
            }
        })
    }
}
