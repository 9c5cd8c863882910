//! The 38 upgrade cards: 18 personal (three per character), 10 permanent
//! and 10 temporary; their costs (data: `data/upgrade-costs.txt`, all of
//! them designed, as the rulebook prints none), their modes and owners.

#[cfg(test)]
mod checks;
mod effects;
mod moves;
mod weapons;

use crate::characters::Character;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Personal (blue, a kind of permanent), permanent (yellow) or temporary
/// (red).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum UpgradeKind {
    /// A character's own upgrade; counts as permanent.
    Personal,
    /// Stays installed.
    Permanent,
    /// Used once (Minelayer: three times), then discarded.
    Temporary,
}

/// The mode an upgrade works in (printed "Bot Mode" / "Alt Mode").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ModeNeed {
    /// Either mode.
    Any,
    /// Only in bot mode.
    Bot,
    /// Only in alt mode.
    Alt,
}

/// When an upgrade acts (`data/upgrade-timings.txt` says what each does
/// then).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Timing {
    /// A standing rule, never asked.
    Passive,
    /// Armed in the window before the owner's card; it changes that card.
    Card,
    /// Used in the window before the owner's card.
    Window,
    /// Used in the window after the owner's card.
    After,
    /// Step C, in place of or besides the shot.
    Weapon,
    /// A board element's step.
    Element,
    /// When the owner is attacked or pushed.
    React,
    /// The upgrade phase or the plan.
    Planning,
}

/// One of the 38 upgrade cards (one copy each).
///
/// ```
/// use variant_transformers::upgrades::{Upgrade, UpgradeKind};
/// assert_eq!(Upgrade::ALL.len(), 38);
/// assert_eq!(Upgrade::CatchMyDrift.kind(), UpgradeKind::Personal);
/// assert_eq!(Upgrade::Mirage.kind(), UpgradeKind::Temporary);
/// assert_eq!(Upgrade::DontBlink.to_string(), "Don't Blink");
/// assert!(Upgrade::ALL.iter().all(|u| u.cost() <= 10));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersUpgrade")
)]
#[allow(missing_docs)] // each variant is the card of that name; effects are in `text`
pub enum Upgrade {
    // personal
    Blasted,
    KingOfTheRoad,
    UpAndOver,
    DontBlink,
    EatMyDust,
    LuckyDuck,
    DoubleTrouble,
    FlyGirl,
    StylePoints,
    FireInTheHole,
    RollingThunder,
    Rulebreaker,
    CatchMyDrift,
    FastStart,
    PitCrew,
    BikeLane,
    Bullseye,
    BumperJumper,
    // permanent
    ApexArmor,
    Firewalker,
    HomefieldAdvantage,
    LaneChanger,
    MoreThanMeetsTheEye,
    PhaseShifter,
    Sideswipe,
    TractorBeam,
    TurboBoost,
    TwoWheeling,
    // temporary
    AirStrike,
    Counterstrike,
    Dropship,
    EnergonHeist,
    JumpJets,
    QuickChange,
    Minelayer,
    Mirage,
    MirrorResponseMode,
    Recycle,
}

// Sets of upgrades are bit sets of a `u64`.
const _: () = assert!(Upgrade::ALL.len() <= 64);

include!(concat!(env!("OUT_DIR"), "/upgrade_costs.rs"));

impl Upgrade {
    /// Every upgrade: personal, permanent, temporary.
    pub const ALL: [Upgrade; 38] = [
        Upgrade::Blasted,
        Upgrade::KingOfTheRoad,
        Upgrade::UpAndOver,
        Upgrade::DontBlink,
        Upgrade::EatMyDust,
        Upgrade::LuckyDuck,
        Upgrade::DoubleTrouble,
        Upgrade::FlyGirl,
        Upgrade::StylePoints,
        Upgrade::FireInTheHole,
        Upgrade::RollingThunder,
        Upgrade::Rulebreaker,
        Upgrade::CatchMyDrift,
        Upgrade::FastStart,
        Upgrade::PitCrew,
        Upgrade::BikeLane,
        Upgrade::Bullseye,
        Upgrade::BumperJumper,
        Upgrade::ApexArmor,
        Upgrade::Firewalker,
        Upgrade::HomefieldAdvantage,
        Upgrade::LaneChanger,
        Upgrade::MoreThanMeetsTheEye,
        Upgrade::PhaseShifter,
        Upgrade::Sideswipe,
        Upgrade::TractorBeam,
        Upgrade::TurboBoost,
        Upgrade::TwoWheeling,
        Upgrade::AirStrike,
        Upgrade::Counterstrike,
        Upgrade::Dropship,
        Upgrade::EnergonHeist,
        Upgrade::JumpJets,
        Upgrade::QuickChange,
        Upgrade::Minelayer,
        Upgrade::Mirage,
        Upgrade::MirrorResponseMode,
        Upgrade::Recycle,
    ];

    /// The 20 upgrades of the shared deck (permanent and temporary).
    pub fn deck() -> impl Iterator<Item = Upgrade> {
        Upgrade::ALL
            .into_iter()
            .filter(|u| u.kind() != UpgradeKind::Personal)
    }

    /// The Energon it costs to install (designed; see the data file).
    #[must_use]
    pub const fn cost(self) -> u8 {
        cost_of(self)
    }

    /// Personal, permanent or temporary.
    #[must_use]
    pub const fn kind(self) -> UpgradeKind {
        let i = self as u8;
        if i < Upgrade::ApexArmor as u8 {
            UpgradeKind::Personal
        } else if i < Upgrade::AirStrike as u8 {
            UpgradeKind::Permanent
        } else {
            UpgradeKind::Temporary
        }
    }

    /// Does it take a permanent slot (personal ones do)?
    #[must_use]
    pub const fn is_permanent(self) -> bool {
        !matches!(self.kind(), UpgradeKind::Temporary)
    }

    /// The character a personal upgrade belongs to.
    #[must_use]
    pub const fn owner(self) -> Option<Character> {
        use Upgrade::*;
        Some(match self {
            Blasted | KingOfTheRoad | UpAndOver => Character::OptimusPrime,
            DontBlink | EatMyDust | LuckyDuck => Character::Blurr,
            DoubleTrouble | FlyGirl | StylePoints => Character::Arcee,
            FireInTheHole | RollingThunder | Rulebreaker => Character::Megatron,
            CatchMyDrift | FastStart | PitCrew => Character::DragStrip,
            BikeLane | Bullseye | BumperJumper => Character::Flamewar,
            _ => return None,
        })
    }

    /// The mode it works in.
    #[must_use]
    pub const fn mode(self) -> ModeNeed {
        use Upgrade::*;
        match self {
            Blasted | UpAndOver | LuckyDuck | DoubleTrouble | Bullseye => ModeNeed::Bot,
            KingOfTheRoad | DontBlink | StylePoints | FireInTheHole | RollingThunder
            | FastStart | BikeLane | BumperJumper | LaneChanger | TurboBoost | TwoWheeling => {
                ModeNeed::Alt
            }
            _ => ModeNeed::Any,
        }
    }

    /// When it acts.
    ///
    /// ```
    /// use variant_transformers::upgrades::{Timing, Upgrade};
    /// assert_eq!(Upgrade::Mirage.timing(), Timing::After);
    /// assert_eq!(Upgrade::FlyGirl.timing(), Timing::Passive);
    /// ```
    #[must_use]
    pub const fn timing(self) -> Timing {
        use Upgrade::*;
        match self {
            KingOfTheRoad | EatMyDust | FlyGirl | HomefieldAdvantage => Timing::Passive,
            UpAndOver | DontBlink | RollingThunder | FastStart | BikeLane | BumperJumper
            | ApexArmor | Firewalker | LaneChanger | PhaseShifter | TurboBoost | TwoWheeling
            | JumpJets => Timing::Card,
            Rulebreaker | MoreThanMeetsTheEye | AirStrike | QuickChange | Minelayer
            | MirrorResponseMode => Timing::Window,
            StylePoints | Sideswipe | EnergonHeist | Mirage => Timing::After,
            Blasted | DoubleTrouble | FireInTheHole | Bullseye | TractorBeam => Timing::Weapon,
            PitCrew => Timing::Element,
            LuckyDuck | Counterstrike => Timing::React,
            CatchMyDrift | Dropship | Recycle => Timing::Planning,
        }
    }

    /// Its bit in a set of upgrades.
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << (self as u8)
    }

    /// The card's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        use Upgrade::*;
        match self {
            Blasted => "Blasted",
            KingOfTheRoad => "King of the Road",
            UpAndOver => "Up and Over",
            DontBlink => "Don't Blink",
            EatMyDust => "Eat My Dust",
            LuckyDuck => "Lucky Duck",
            DoubleTrouble => "Double Trouble",
            FlyGirl => "Fly Girl",
            StylePoints => "Style Points",
            FireInTheHole => "Fire in the Hole",
            RollingThunder => "Rolling Thunder",
            Rulebreaker => "Rulebreaker",
            CatchMyDrift => "Catch My Drift",
            FastStart => "Fast Start",
            PitCrew => "Pit Crew",
            BikeLane => "Bike Lane",
            Bullseye => "Bullseye",
            BumperJumper => "Bumper Jumper",
            ApexArmor => "Apex Armor",
            Firewalker => "Firewalker",
            HomefieldAdvantage => "Homefield Advantage",
            LaneChanger => "Lane Changer",
            MoreThanMeetsTheEye => "More Than Meets the Eye",
            PhaseShifter => "Phase Shifter",
            Sideswipe => "Sideswipe",
            TractorBeam => "Tractor Beam",
            TurboBoost => "Turbo Boost",
            TwoWheeling => "Two-Wheeling",
            AirStrike => "Air Strike",
            Counterstrike => "Counterstrike",
            Dropship => "Dropship",
            EnergonHeist => "Energon Heist",
            JumpJets => "Jump Jets",
            QuickChange => "Quick Change",
            Minelayer => "Minelayer",
            Mirage => "Mirage",
            MirrorResponseMode => "Mirror Response Mode",
            Recycle => "Recycle",
        }
    }

    /// The upgrade named `name` (case, spaces and punctuation ignored).
    ///
    /// ```
    /// use variant_transformers::upgrades::Upgrade;
    /// assert_eq!(Upgrade::named("two wheeling"), Some(Upgrade::TwoWheeling));
    /// assert_eq!(Upgrade::named("Dont Blink"), Some(Upgrade::DontBlink));
    /// assert_eq!(Upgrade::named("Crab Legs"), None);
    /// ```
    #[must_use]
    pub fn named(name: &str) -> Option<Upgrade> {
        let key = |s: &str| -> String {
            s.chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        let k = key(name);
        Upgrade::ALL.into_iter().find(|u| key(u.name()) == k)
    }
}

impl fmt::Display for Upgrade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Personal and permanent upgrades take the kit's permanent slots (4 in
/// all), temporary ones its temporary slots (3).
impl robo_core::race::upgrades::UpgradeCard for Upgrade {
    fn slot(self) -> robo_core::race::upgrades::Slot {
        if self.is_permanent() {
            robo_core::race::upgrades::Slot::Permanent
        } else {
            robo_core::race::upgrades::Slot::Temporary
        }
    }

    fn cost(self) -> u8 {
        Upgrade::cost(self)
    }

    fn bit(self) -> u64 {
        Upgrade::bit(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eighteen_personal_ten_permanent_ten_temporary_and_each_character_owns_three() {
        let count = |k| Upgrade::ALL.iter().filter(|u| u.kind() == k).count();
        assert_eq!(count(UpgradeKind::Personal), 18);
        assert_eq!(count(UpgradeKind::Permanent), 10);
        assert_eq!(count(UpgradeKind::Temporary), 10);
        assert_eq!(Upgrade::deck().count(), 20);
        for u in Upgrade::ALL {
            assert_eq!(
                u.owner().is_some(),
                u.kind() == UpgradeKind::Personal,
                "{u}"
            );
            if let Some(c) = u.owner() {
                assert!(c.personal().contains(&u));
            }
            assert_eq!(Upgrade::named(u.name()), Some(u));
        }
        let mut names: Vec<_> = Upgrade::ALL.iter().map(|u| u.name()).collect();
        names.dedup();
        assert_eq!(names.len(), 38);
    }

    #[test]
    fn the_timing_table_gives_every_upgrade_its_row_and_the_code_agrees() {
        let text = include_str!("../../data/upgrade-timings.txt");
        let rows: Vec<(&str, &str)> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| {
                let mut c = l.split('|').map(str::trim);
                (c.next().unwrap(), c.next().unwrap())
            })
            .collect();
        assert_eq!(rows.len(), 38);
        for (name, timing) in rows {
            let u = Upgrade::named(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(format!("{:?}", u.timing()).to_lowercase(), timing, "{name}");
        }
    }

    #[test]
    fn the_cost_table_gives_every_upgrade_its_row() {
        let text = include_str!("../../data/upgrade-costs.txt");
        let rows: Vec<(&str, u8)> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| {
                let mut c = l.split('|').map(str::trim);
                (c.next().unwrap(), c.next().unwrap().parse().unwrap())
            })
            .collect();
        assert_eq!(rows.len(), 38);
        for (name, cost) in rows {
            let u = Upgrade::named(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(u.cost(), cost, "{name}");
        }
    }
}
