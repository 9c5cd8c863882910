//! The six characters, their factions and their personal upgrades.

use crate::upgrades::Upgrade;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A robot character (each comes with its miniature, player board,
/// planning deck and three personal upgrades).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersCharacter")
)]
pub enum Character {
    /// Optimus Prime (Autobot).
    OptimusPrime,
    /// Blurr (Autobot).
    Blurr,
    /// Arcee (Autobot).
    Arcee,
    /// Megatron (Decepticon).
    Megatron,
    /// Drag Strip (Decepticon).
    DragStrip,
    /// Flamewar (Decepticon).
    Flamewar,
}

/// The two factions of the franchise (used for default teams).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Faction {
    /// Optimus Prime, Blurr, Arcee.
    Autobots,
    /// Megatron, Drag Strip, Flamewar.
    Decepticons,
}

impl Character {
    /// Every character, in the rulebook's order.
    pub const ALL: [Character; 6] = [
        Character::OptimusPrime,
        Character::Blurr,
        Character::Arcee,
        Character::Megatron,
        Character::DragStrip,
        Character::Flamewar,
    ];

    /// The character's faction.
    #[must_use]
    pub const fn faction(self) -> Faction {
        match self {
            Character::OptimusPrime | Character::Blurr | Character::Arcee => Faction::Autobots,
            _ => Faction::Decepticons,
        }
    }

    /// The three personal upgrades only this character may install.
    ///
    /// ```
    /// use variant_transformers::characters::Character;
    /// use variant_transformers::upgrades::Upgrade;
    /// assert!(Character::Megatron.personal().contains(&Upgrade::RollingThunder));
    /// for c in Character::ALL {
    ///     assert!(c.personal().iter().all(|u| u.owner() == Some(c)));
    /// }
    /// ```
    #[must_use]
    pub const fn personal(self) -> [Upgrade; 3] {
        match self {
            Character::OptimusPrime => {
                [Upgrade::Blasted, Upgrade::KingOfTheRoad, Upgrade::UpAndOver]
            }
            Character::Blurr => [Upgrade::DontBlink, Upgrade::EatMyDust, Upgrade::LuckyDuck],
            Character::Arcee => [
                Upgrade::DoubleTrouble,
                Upgrade::FlyGirl,
                Upgrade::StylePoints,
            ],
            Character::Megatron => [
                Upgrade::FireInTheHole,
                Upgrade::RollingThunder,
                Upgrade::Rulebreaker,
            ],
            Character::DragStrip => [Upgrade::CatchMyDrift, Upgrade::FastStart, Upgrade::PitCrew],
            Character::Flamewar => [Upgrade::BikeLane, Upgrade::Bullseye, Upgrade::BumperJumper],
        }
    }

    /// The character's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Character::OptimusPrime => "Optimus Prime",
            Character::Blurr => "Blurr",
            Character::Arcee => "Arcee",
            Character::Megatron => "Megatron",
            Character::DragStrip => "Drag Strip",
            Character::Flamewar => "Flamewar",
        }
    }

    /// The character named `name` (case and spaces ignored).
    ///
    /// ```
    /// use variant_transformers::characters::Character;
    /// assert_eq!(Character::named("drag strip"), Some(Character::DragStrip));
    /// assert_eq!(Character::named("Soundwave"), None);
    /// ```
    #[must_use]
    pub fn named(name: &str) -> Option<Character> {
        let key = |s: &str| -> String {
            s.chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        let k = key(name);
        Character::ALL.into_iter().find(|c| key(c.name()) == k)
    }
}

impl fmt::Display for Character {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
