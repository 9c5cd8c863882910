//! The classic option deck: 52 cards, one of each option, read from
//! `data/options.txt` (each card's class, payload and a one-line effect).
//!
//! ```
//! use variant_classic::options::{Class, OptionCard};
//! assert_eq!(OptionCard::ALL.len(), 52);
//! let coat: OptionCard = "Ablative Coat".parse().unwrap();
//! assert_eq!(coat.class(), Class::Mandatory);
//! assert_eq!(coat.payload(), 3);
//! assert_eq!(coat.to_string(), "Ablative Coat");
//! ```

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;
use thiserror::Error;

/// The deck as data: `name | class | payload | effect` per line.
pub const DATA: &str = include_str!("../../data/options.txt");

macro_rules! option_cards {
    ($($card:ident => $name:literal,)*) => {
        /// One option card (the deck holds one of each). Named
        /// `OptionCard` so it does not hide Rust's `Option`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[cfg_attr(
            feature = "schema",
            derive(schemars::JsonSchema),
            schemars(rename = "ClassicOptionCard")
        )]
        pub enum OptionCard {
            $(#[doc = $name] $card,)*
        }

        impl OptionCard {
            /// Every option, in the deck's (alphabetical) order.
            pub const ALL: [OptionCard; 52] = [$(OptionCard::$card,)*];

            /// The card's name as printed.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self {
                    $(OptionCard::$card => $name,)*
                }
            }
        }
    };
}

option_cards! {
AblativeCoat => "Ablative Coat",
AbortSwitch => "Abort Switch",
BigGun => "Big Gun",
BigJet => "Big Jet",
TheBigOne => "The Big One",
BioOption => "Bio Option",
Brakes => "Brakes",
BridgeLayer => "Bridge Layer",
BuzzBomb => "Buzz Bomb",
CircuitBreaker => "Circuit Breaker",
Conditional => "Conditional",
Converter => "Converter",
CrabLegs => "Crab Legs",
DoubleBarrelLaser => "Double-Barrel Laser",
DroneLauncher => "Drone Launcher",
DualProcessor => "Dual Processor",
ExtraMemory => "Extra Memory",
FireControl => "Fire Control",
Flywheel => "Flywheel",
FourthGear => "Fourth Gear",
FrogLegs => "Frog Legs",
GooDropper => "Goo Dropper",
GyroscopicStabilizer => "Gyroscopic Stabilizer",
HighPowerLaser => "High Power Laser",
HomingDevice => "Homing Device",
Interceptor => "Interceptor",
MechanicalArm => "Mechanical Arm",
MineLayer => "Mine Layer",
MiniHowitzer => "Mini-Howitzer",
MissileLauncher => "Missile Launcher",
OptionDampingField => "Option Damping Field",
OverloadOverride => "Overload Override",
PortableTeleporter => "Portable Teleporter",
PowerDownShield => "Power Down Shield",
PressorBeam => "Pressor Beam",
ProximityMine => "Proximity Mine",
RadioControl => "Radio Control",
RammingGear => "Ramming Gear",
RearLaser => "Rear Laser",
Recompile => "Recompile",
ReengineeringUnit => "Reengineering Unit",
Reflector => "Reflector",
RetroRockets => "Retro-Rockets",
ReverseGears => "Reverse Gears",
RoboCopter => "Robo-Copter",
Scrambler => "Scrambler",
ScramblerBomb => "Scrambler Bomb",
SelfDestruct => "Self-Destruct",
Shield => "Shield",
SuperiorArchiveCopy => "Superior Archive Copy",
TractorBeam => "Tractor Beam",
Turret => "Turret",}

/// How an option is used (the rulebook's classes; weapons split by kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Class {
    /// Run-time and mandatory: it applies by itself whenever it can.
    Mandatory,
    /// Run-time: its owner decides at the moment it can be used.
    RunTime,
    /// Set up while programming, for the whole turn.
    TurnProgrammed,
    /// Set up while programming, per register.
    PhaseProgrammed,
    /// Fires beside the main laser whenever that may fire.
    AdditionalWeapon,
    /// Changes every shot of the main laser (they stack).
    LaserModification,
    /// May fire in place of the main laser.
    OptionalWeapon,
}

impl Class {
    /// The class's name in the data file.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Class::Mandatory => "mandatory",
            Class::RunTime => "run-time",
            Class::TurnProgrammed => "turn-programmed",
            Class::PhaseProgrammed => "phase-programmed",
            Class::AdditionalWeapon => "additional-weapon",
            Class::LaserModification => "laser-modification",
            Class::OptionalWeapon => "optional-weapon",
        }
    }

    fn from_name(s: &str) -> Option<Class> {
        [
            Class::Mandatory,
            Class::RunTime,
            Class::TurnProgrammed,
            Class::PhaseProgrammed,
            Class::AdditionalWeapon,
            Class::LaserModification,
            Class::OptionalWeapon,
        ]
        .into_iter()
        .find(|c| c.name() == s)
    }
}

/// One line of the data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The option.
    pub card: OptionCard,
    /// Its class.
    pub class: Class,
    /// What it starts with (ammunition, fuel, devices; 0: none).
    pub payload: u8,
    /// What it does, in a line.
    pub effect: &'static str,
}

/// A line of the data file that does not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("data/options.txt line {line}: {problem}")]
pub struct BadLine {
    /// The line (from 1).
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// Reads the deck's data: every card once, in any order.
///
/// # Errors
/// A line with a wrong field count, an unknown name or class, a bad
/// payload, or a card missing or listed twice.
pub fn parse(text: &'static str) -> Result<Vec<Entry>, BadLine> {
    let mut out: Vec<Entry> = Vec::with_capacity(52);
    let bad = |line: usize, problem: String| BadLine { line, problem };
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&'static str> = line.split('|').map(str::trim).collect();
        let [name, class, payload, effect] = fields[..] else {
            return Err(bad(i + 1, format!("{} fields, not 4", fields.len())));
        };
        let card: OptionCard = name
            .parse()
            .map_err(|e: UnknownOption| bad(i + 1, e.to_string()))?;
        let class =
            Class::from_name(class).ok_or_else(|| bad(i + 1, format!("no class {class:?}")))?;
        let payload = payload
            .parse()
            .map_err(|_| bad(i + 1, format!("payload {payload:?} is not a number")))?;
        if out.iter().any(|e| e.card == card) {
            return Err(bad(i + 1, format!("{card} is listed twice")));
        }
        out.push(Entry {
            card,
            class,
            payload,
            effect,
        });
    }
    if let Some(missing) = OptionCard::ALL
        .iter()
        .find(|c| !out.iter().any(|e| e.card == **c))
    {
        return Err(bad(text.lines().count(), format!("{missing} is missing")));
    }
    out.sort_by_key(|e| e.card);
    Ok(out)
}

/// The deck's data, read once (empty if the file did not read; the
/// crate's tests make sure it does).
fn table() -> &'static [Entry] {
    static TABLE: OnceLock<Vec<Entry>> = OnceLock::new();
    TABLE.get_or_init(|| parse(DATA).unwrap_or_default())
}

impl OptionCard {
    /// Its line of the data file.
    #[must_use]
    pub fn entry(self) -> Option<&'static Entry> {
        table().get(self as usize).filter(|e| e.card == self)
    }

    /// Its class.
    #[must_use]
    pub fn class(self) -> Class {
        self.entry().map_or(Class::RunTime, |e| e.class)
    }

    /// The payload it comes with (0: none).
    #[must_use]
    pub fn payload(self) -> u8 {
        self.entry().map_or(0, |e| e.payload)
    }

    /// What it does, in a line.
    #[must_use]
    pub fn effect(self) -> &'static str {
        self.entry().map_or("", |e| e.effect)
    }
}

impl fmt::Display for OptionCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no option.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("no option is called {0:?}")]
pub struct UnknownOption(pub String);

impl FromStr for OptionCard {
    type Err = UnknownOption;
    fn from_str(s: &str) -> Result<Self, UnknownOption> {
        let s = s.trim();
        OptionCard::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownOption(s.to_string()))
    }
}

/// An option a robot holds, with what is left of its payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicHeldOption")
)]
pub struct Held {
    /// The card.
    pub card: OptionCard,
    /// Payload left (an emptied option stays held).
    #[serde(default)]
    pub payload: u8,
}

impl Held {
    /// A card just drawn, with its full payload.
    #[must_use]
    pub fn new(card: OptionCard) -> Self {
        Held {
            card,
            payload: card.payload(),
        }
    }
}
