//! The 40 upgrade cards: 24 permanent and 16 temporary, their costs and
//! when they act.
//!
//! The effects live where they happen: the upgrade phase in
//! `phase`, temporary uses in `temporary`, weapons in
//! `weapons`, reactions to pushes and moves in `triggers`, and the rest
//! next to the rule they change (damage, programming, card resolution).

pub(crate) mod phase;
pub(crate) mod temporary;
pub(crate) mod triggers;
pub(crate) mod weapons;

use robo_core::geom::Dir;
use robo_core::race::upgrades::{Slot, UpgradeCard};
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Permanent (yellow) or temporary (red).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum UpgradeKind {
    /// Stays installed; at most 3 at a time.
    Permanent,
    /// Used once, then discarded; at most 3 at a time.
    Temporary,
}

impl UpgradeKind {
    /// The race kit's slot of this kind.
    #[must_use]
    pub const fn slot(self) -> Slot {
        match self {
            UpgradeKind::Permanent => Slot::Permanent,
            UpgradeKind::Temporary => Slot::Temporary,
        }
    }
}

/// The race kit's upgrade slots and market hold 2023 upgrades.
impl UpgradeCard for Upgrade {
    fn slot(self) -> Slot {
        self.kind().slot()
    }
    fn cost(self) -> u8 {
        Upgrade::cost(self)
    }
    fn bit(self) -> u64 {
        Upgrade::bit(self)
    }
}

/// One of the 40 upgrade cards (one copy each).
///
/// ```
/// use variant_2023::upgrades::{Upgrade, UpgradeKind};
/// assert_eq!(Upgrade::CrabLegs.cost(), 5);
/// assert_eq!(Upgrade::Recharge.kind(), UpgradeKind::Temporary);
/// assert_eq!(Upgrade::ALL.len(), 40);
/// assert_eq!(Upgrade::RailGun.to_string(), "Rail Gun");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[allow(missing_docs)] // each variant is the card of that name; effects are documented on `text`
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Upgrade {
    // permanent
    Brakes,
    ChaosTheory,
    CrabLegs,
    DeflectorShield,
    DoubleBarrelLaser,
    Drifting,
    EnergyConversion,
    Firewall,
    FlashDrive,
    HoverUnit,
    LaserKata,
    MemoryCards,
    MiniHowitzer,
    ModularChassis,
    PowerSlide,
    PressorBeam,
    RailGun,
    RammingGear,
    RearLaser,
    Scrambler,
    SelfDiagnostics,
    SpamFilter,
    Spiky,
    TractorBeam,
    // temporary
    AbortSwitch,
    AllAboard,
    Boink,
    CalibrationProtocol,
    DisplacingBlast,
    LuckyBooster,
    Magnetic,
    MemorySwap,
    Overclocked,
    PiercingDrill,
    PressureRelease,
    ReInitialize,
    Recharge,
    Rewire,
    Switch,
    Zoop,
}

// Sets of upgrades are bit sets of a `u64`.
const _: () = assert!(Upgrade::ALL.len() <= 64);

impl Upgrade {
    /// Every upgrade card, permanent ones first.
    pub const ALL: [Upgrade; 40] = [
        Upgrade::Brakes,
        Upgrade::ChaosTheory,
        Upgrade::CrabLegs,
        Upgrade::DeflectorShield,
        Upgrade::DoubleBarrelLaser,
        Upgrade::Drifting,
        Upgrade::EnergyConversion,
        Upgrade::Firewall,
        Upgrade::FlashDrive,
        Upgrade::HoverUnit,
        Upgrade::LaserKata,
        Upgrade::MemoryCards,
        Upgrade::MiniHowitzer,
        Upgrade::ModularChassis,
        Upgrade::PowerSlide,
        Upgrade::PressorBeam,
        Upgrade::RailGun,
        Upgrade::RammingGear,
        Upgrade::RearLaser,
        Upgrade::Scrambler,
        Upgrade::SelfDiagnostics,
        Upgrade::SpamFilter,
        Upgrade::Spiky,
        Upgrade::TractorBeam,
        Upgrade::AbortSwitch,
        Upgrade::AllAboard,
        Upgrade::Boink,
        Upgrade::CalibrationProtocol,
        Upgrade::DisplacingBlast,
        Upgrade::LuckyBooster,
        Upgrade::Magnetic,
        Upgrade::MemorySwap,
        Upgrade::Overclocked,
        Upgrade::PiercingDrill,
        Upgrade::PressureRelease,
        Upgrade::ReInitialize,
        Upgrade::Recharge,
        Upgrade::Rewire,
        Upgrade::Switch,
        Upgrade::Zoop,
    ];

    /// The energy it costs to install.
    #[must_use]
    pub const fn cost(self) -> u8 {
        use Upgrade::*;
        match self {
            Recharge => 0,
            Firewall | HoverUnit | LaserKata | ModularChassis | AbortSwitch | AllAboard | Boink
            | LuckyBooster | Magnetic | PiercingDrill | ReInitialize | Rewire | Zoop => 1,
            Brakes | ChaosTheory | DeflectorShield | DoubleBarrelLaser | RailGun | RammingGear
            | RearLaser | SelfDiagnostics | Spiky | CalibrationProtocol | DisplacingBlast
            | MemorySwap | Overclocked | PressureRelease | Switch => 2,
            EnergyConversion | MemoryCards | MiniHowitzer | PressorBeam | SpamFilter
            | TractorBeam => 3,
            Drifting | FlashDrive | PowerSlide | Scrambler => 4,
            CrabLegs => 5,
        }
    }

    /// Its bit in a set of upgrades (there are fewer than 64).
    pub(crate) const fn bit(self) -> u64 {
        1 << (self as u8)
    }

    /// Permanent or temporary.
    #[must_use]
    pub const fn kind(self) -> UpgradeKind {
        if (self as u8) < Upgrade::AbortSwitch as u8 {
            UpgradeKind::Permanent
        } else {
            UpgradeKind::Temporary
        }
    }

    /// A temporary movement upgrade, usable just before or just after the
    /// robot's own card activation.
    #[must_use]
    pub const fn is_movement(self) -> bool {
        matches!(
            self,
            Upgrade::AllAboard
                | Upgrade::Boink
                | Upgrade::Overclocked
                | Upgrade::PressureRelease
                | Upgrade::Switch
                | Upgrade::Zoop
        )
    }

    /// A weapon fired instead of the main laser (at most one a register).
    #[must_use]
    pub const fn replaces_main_laser(self) -> bool {
        matches!(
            self,
            Upgrade::MiniHowitzer
                | Upgrade::PressorBeam
                | Upgrade::Scrambler
                | Upgrade::TractorBeam
                | Upgrade::DisplacingBlast
        )
    }

    /// The card's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        use Upgrade::*;
        match self {
            Brakes => "Brakes",
            ChaosTheory => "Chaos Theory",
            CrabLegs => "Crab Legs",
            DeflectorShield => "Deflector Shield",
            DoubleBarrelLaser => "Double-Barrel Laser",
            Drifting => "Drifting",
            EnergyConversion => "Energy Conversion",
            Firewall => "Firewall",
            FlashDrive => "Flash Drive",
            HoverUnit => "Hover Unit",
            LaserKata => "Laser Kata",
            MemoryCards => "Memory Cards",
            MiniHowitzer => "Mini Howitzer",
            ModularChassis => "Modular Chassis",
            PowerSlide => "Power Slide",
            PressorBeam => "Pressor Beam",
            RailGun => "Rail Gun",
            RammingGear => "Ramming Gear",
            RearLaser => "Rear Laser",
            Scrambler => "Scrambler",
            SelfDiagnostics => "Self-Diagnostics",
            SpamFilter => "SPAM Filter",
            Spiky => "Spiky",
            TractorBeam => "Tractor Beam",
            AbortSwitch => "Abort Switch",
            AllAboard => "All Aboard",
            Boink => "Boink",
            CalibrationProtocol => "Calibration Protocol",
            DisplacingBlast => "Displacing Blast",
            LuckyBooster => "Lucky Booster",
            Magnetic => "Magnetic",
            MemorySwap => "Memory Swap",
            Overclocked => "Overclocked",
            PiercingDrill => "Piercing Drill",
            PressureRelease => "Pressure Release",
            ReInitialize => "Re-Initialize",
            Recharge => "Recharge",
            Rewire => "Rewire",
            Switch => "Switch",
            Zoop => "Zoop",
        }
    }

    /// What the upgrade does, in the engine's own words.
    #[must_use]
    pub const fn text(self) -> &'static str {
        use Upgrade::*;
        match self {
            Brakes => "A revealed Move 1 card may move 0 instead.",
            ChaosTheory => "+1 energy when SPAM is revealed in registers 1-3.",
            CrabLegs => "Pair a Move 1 card with a rotate card in one register to step sideways.",
            DeflectorShield => "Pay 1 energy to ignore laser and weapon damage for the register.",
            DoubleBarrelLaser => "The main laser deals 1 more damage.",
            Drifting => "After a Rotate Left card, may step 1 forward.",
            EnergyConversion => "After board laser damage, may step 1 forward or back.",
            Firewall => "No reboot damage after a pit.",
            FlashDrive => "Hand size 10.",
            HoverUnit => "Card moves cross pits; ending on one still falls.",
            LaserKata => "After a U-turn maneuver the main laser fires all four ways.",
            MemoryCards => "Keep unplayed cards on this card for the next hand.",
            MiniHowitzer => "Instead of the main laser: pay 1 energy, 2 damage and push 1.",
            ModularChassis => "After a card push, may trade this for the pushed robot's upgrade.",
            PowerSlide => "After a Rotate Right card, may step 1 forward.",
            PressorBeam => "Instead of the main laser: push the target 1 away.",
            RailGun => "The main laser passes walls and robots; every robot hit is damaged.",
            RammingGear => "A robot pushed by your card takes 1 damage.",
            RearLaser => "A second laser fires backwards.",
            Scrambler => {
                "Instead of the main laser: the target's next card is replaced from its deck."
            }
            SelfDiagnostics => {
                "On a new checkpoint, may remove a card of hand or discard from the game."
            }
            SpamFilter => "The top card of the deck is face up after drawing a hand.",
            Spiky => "A robot that pushes this robot takes 1 damage.",
            TractorBeam => "Instead of the main laser: pull a non-adjacent target 1 closer.",
            AbortSwitch => "Replace the card just revealed with the top card of the deck.",
            AllAboard => "Run the belts for this robot alone.",
            Boink => "Step to a free adjacent space.",
            CalibrationProtocol => "Trade the damage cards in hand for new cards.",
            DisplacingBlast => {
                "Instead of the main laser: send the target to its board's reboot token."
            }
            LuckyBooster => {
                "Dig the damage deck for a Haywire; may play it instead of the revealed card."
            }
            Magnetic => "Follow an adjacent robot that moves by a card.",
            MemorySwap => "Draw 3, then put 3 back on top in any order.",
            Overclocked => "Move 2.",
            PiercingDrill => "A robot pushed by your card takes 1 damage and may be turned.",
            PressureRelease => "Move back up to 5, never pushing.",
            ReInitialize => "Give the priority token to anyone.",
            Recharge => "Gain 3 energy.",
            Rewire => "Take the face-down Haywires into hand; they must be programmed.",
            Switch => "Swap places with an adjacent robot.",
            Zoop => "Face any direction.",
        }
    }
}

impl fmt::Display for Upgrade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Using a temporary upgrade at one of the moments it may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum UpgradeUse {
    /// Abort Switch on the card about to resolve.
    AbortSwitch,
    /// All Aboard.
    AllAboard,
    /// Boink towards this direction.
    Boink(Dir),
    /// Calibration Protocol.
    CalibrationProtocol,
    /// Lucky Booster on the card about to resolve.
    LuckyBooster,
    /// Memory Swap.
    MemorySwap,
    /// Overclocked.
    Overclocked,
    /// Pressure Release.
    PressureRelease,
    /// Re-Initialize, giving the priority token to this player.
    ReInitialize(PlayerId),
    /// Recharge.
    Recharge,
    /// Rewire.
    Rewire,
    /// Switch places with this player's robot.
    Switch(PlayerId),
    /// Zoop to this facing.
    Zoop(Dir),
}

impl UpgradeUse {
    /// The upgrade used.
    #[must_use]
    pub const fn upgrade(self) -> Upgrade {
        match self {
            UpgradeUse::AbortSwitch => Upgrade::AbortSwitch,
            UpgradeUse::AllAboard => Upgrade::AllAboard,
            UpgradeUse::Boink(_) => Upgrade::Boink,
            UpgradeUse::CalibrationProtocol => Upgrade::CalibrationProtocol,
            UpgradeUse::LuckyBooster => Upgrade::LuckyBooster,
            UpgradeUse::MemorySwap => Upgrade::MemorySwap,
            UpgradeUse::Overclocked => Upgrade::Overclocked,
            UpgradeUse::PressureRelease => Upgrade::PressureRelease,
            UpgradeUse::ReInitialize(_) => Upgrade::ReInitialize,
            UpgradeUse::Recharge => Upgrade::Recharge,
            UpgradeUse::Rewire => Upgrade::Rewire,
            UpgradeUse::Switch(_) => Upgrade::Switch,
            UpgradeUse::Zoop(_) => Upgrade::Zoop,
        }
    }
}

/// What a robot fires in the robot weapon step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Weapon {
    /// The built-in main laser.
    MainLaser,
    /// An upgrade fired instead of the main laser.
    Upgrade(Upgrade),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_24_permanent_and_16_temporary_upgrades_all_distinct() {
        let perm = Upgrade::ALL
            .iter()
            .filter(|u| u.kind() == UpgradeKind::Permanent)
            .count();
        assert_eq!(perm, 24);
        assert_eq!(Upgrade::ALL.len() - perm, 16);
        let mut all = Upgrade::ALL.to_vec();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 40);
        // the rulebook's costs, spot-checked across the range
        assert_eq!(Upgrade::Recharge.cost(), 0);
        assert_eq!(Upgrade::Firewall.cost(), 1);
        assert_eq!(Upgrade::Scrambler.cost(), 4);
        assert_eq!(Upgrade::MemoryCards.cost(), 3);
        assert_eq!(Upgrade::Switch.cost(), 2);
        let total: u32 = Upgrade::ALL.iter().map(|u| u32::from(u.cost())).sum();
        assert_eq!(total, 61 + 21);
    }

    #[test]
    fn weapons_and_movement_upgrades_are_the_rulebook_ones() {
        let replacing: Vec<Upgrade> = Upgrade::ALL
            .iter()
            .copied()
            .filter(|u| u.replaces_main_laser())
            .collect();
        assert_eq!(replacing.len(), 5);
        assert!(replacing.contains(&Upgrade::DisplacingBlast));
        let movement: Vec<Upgrade> = Upgrade::ALL
            .iter()
            .copied()
            .filter(|u| u.is_movement())
            .collect();
        assert!(movement.iter().all(|u| u.kind() == UpgradeKind::Temporary));
        assert_eq!(movement.len(), 6);
    }
}
