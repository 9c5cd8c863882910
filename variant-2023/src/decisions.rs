//! What the game asks ([`Decision`]) and why an answer is refused
//! ([`Reason`]).

use crate::actions::Action;
use crate::cards::CardId;
use crate::upgrades::Upgrade;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// The kinds of decision the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "V2023Decision")
)]
pub enum Decision {
    /// Competitive mode: place an energy cube on a start space.
    BlockStart,
    /// Choose a start space.
    ChooseStart,
    /// The upgrade phase (simultaneous).
    Upgrades,
    /// The programming phase (simultaneous).
    Program,
    /// Before (`after == false`) or after your card activation: use
    /// temporary upgrades or let the moment pass.
    Window {
        /// After the card.
        after: bool,
    },
    /// The facing of your rebooting robot.
    RebootFacing,
    /// Brakes on a revealed Move 1.
    Brakes,
    /// A Haywire's choice.
    Haywire(crate::cards::Haywire),
    /// Which of two revealed cards resolves first.
    Order,
    /// Which weapon to fire.
    Weapon,
    /// Pay for Deflector Shield?
    Shield,
    /// Energy Conversion after a board laser.
    EnergyConversion,
    /// Drifting or Power Slide after a rotate card.
    Slide(Upgrade),
    /// Magnetic: follow an adjacent robot?
    Magnetic,
    /// Piercing Drill on a pushed robot.
    PiercingDrill,
    /// Modular Chassis after a push.
    ModularChassis,
    /// Lucky Booster found a Haywire.
    LuckyBooster,
    /// Self-Diagnostics on a new checkpoint.
    SelfDiagnostics,
}

impl Decision {
    /// Does `action` answer this kind of decision (whether or not it is
    /// allowed)?
    #[must_use]
    pub fn accepts(&self, action: &Action) -> bool {
        use Action as A;
        match self {
            Decision::BlockStart => matches!(action, A::BlockStart(_)),
            Decision::ChooseStart => matches!(action, A::ChooseStart(_)),
            Decision::Upgrades => matches!(
                action,
                A::DrawUpgrade | A::Install { .. } | A::Uninstall(_) | A::Use(_) | A::Done
            ),
            Decision::Program => {
                matches!(
                    action,
                    A::Program(_) | A::ShutDown | A::TimeUp(_) | A::ReturnCard(_) | A::Use(_)
                )
            }
            Decision::Window { .. } => matches!(action, A::Use(_) | A::Done),
            Decision::RebootFacing => matches!(action, A::Face(_)),
            Decision::Brakes => matches!(action, A::Brake(_)),
            Decision::Haywire(_) => {
                matches!(
                    action,
                    A::Face(_)
                        | A::Rotate(_)
                        | A::Sidestep(_)
                        | A::PayEnergy(_)
                        | A::Remove { .. }
                        | A::InstallFree(_)
                )
            }
            Decision::Order => matches!(action, A::First(_)),
            Decision::Weapon => matches!(action, A::Fire(_)),
            Decision::Shield => matches!(action, A::Shield(_)),
            Decision::EnergyConversion | Decision::Slide(_) => matches!(action, A::Shift(_)),
            Decision::Magnetic => matches!(action, A::Follow(_)),
            Decision::PiercingDrill => matches!(action, A::Pierce(_)),
            Decision::ModularChassis => matches!(action, A::Exchange(_)),
            Decision::LuckyBooster => matches!(action, A::PlayHaywire(_)),
            Decision::SelfDiagnostics => matches!(action, A::Remove { .. } | A::KeepAll),
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::BlockStart => f.write_str("cover a start space"),
            Decision::ChooseStart => f.write_str("choose a start space"),
            Decision::Upgrades => f.write_str("upgrade phase"),
            Decision::Program => f.write_str("program the registers"),
            Decision::Window { after: false } => f.write_str("upgrades before your card"),
            Decision::Window { after: true } => f.write_str("upgrades after your card"),
            Decision::RebootFacing => f.write_str("choose the rebooting robot's facing"),
            Decision::Brakes => f.write_str("brake the Move 1?"),
            Decision::Haywire(h) => write!(f, "Haywire choice ({})", h.text()),
            Decision::Order => f.write_str("which revealed card first"),
            Decision::Weapon => f.write_str("choose a weapon"),
            Decision::Shield => f.write_str("pay for Deflector Shield?"),
            Decision::EnergyConversion => f.write_str("Energy Conversion move"),
            Decision::Slide(u) => write!(f, "{u} move"),
            Decision::Magnetic => f.write_str("follow with Magnetic?"),
            Decision::PiercingDrill => f.write_str("use Piercing Drill?"),
            Decision::ModularChassis => f.write_str("exchange Modular Chassis?"),
            Decision::LuckyBooster => f.write_str("play the Lucky Booster Haywire?"),
            Decision::SelfDiagnostics => f.write_str("remove a card with Self-Diagnostics?"),
        }
    }
}

/// Why an answer of the right kind is refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum Reason {
    /// Not among the options of the decision.
    #[error("{0:?} is not one of the options now")]
    NotAnOption(Action),
    /// A card of the program is not in the hand.
    #[error("{0} is not in your hand")]
    NotInHand(CardId),
    /// A card is used twice.
    #[error("{0} is used twice")]
    Duplicate(CardId),
    /// A card was placed in a register that holds a face-down Haywire.
    #[error("register {0} already holds a face-down Haywire")]
    Prefilled(u8),
    /// A register left empty while cards remain in hand.
    #[error("register {0} is empty but your hand still has cards")]
    EmptyRegister(u8),
    /// The program needs an upgrade the robot does not have.
    #[error("that needs {0} installed")]
    NeedsUpgrade(Upgrade),
    /// A Crab Legs pair that is not a rotate card and a Move 1 card.
    #[error("a Crab Legs pair is a Rotate Left or Right card with a Move 1 card")]
    BadPair,
    /// Damage cards cannot go on Memory Cards.
    #[error("{0} is a damage card and cannot go on Memory Cards")]
    DamageInMemory(CardId),
    /// A Haywire taken by Rewire is not programmed.
    #[error("{0} was rewired and must be programmed")]
    MustProgram(CardId),
    /// Act fast mode is off.
    #[error("time's up is only accepted in act fast mode")]
    NotActFast,
    /// Not the programming step this answer belongs to.
    #[error("finish putting cards back on your deck first")]
    Returning,
    /// A card put back is not in the hand.
    #[error("put back a card from your hand")]
    NotReturning,
}
