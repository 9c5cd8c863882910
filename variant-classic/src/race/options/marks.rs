//! What a robot's run-time options remember between their moments (one
//! small record on [`Robot`](crate::race::Robot), saved with the game).

use serde::{Deserialize, Serialize};

/// The run-time options' memory of one robot. Turns are counted as
/// [`Race::round`](crate::race::Race::round) counts them (0: never).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Marks {
    /// Power Down Shield: the sides (one bit per [`Dir`](robo_core::geom::Dir),
    /// clockwise from north) that have stopped a token in register
    /// `shield_at.1` of turn `shield_at.0`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shielded: u8,
    /// Power Down Shield: the turn and register of `shielded`.
    #[serde(default)]
    pub shield_at: (u16, u8),
    /// Superior Archive Copy: the robot held it when it was destroyed, or
    /// (after its owner's answer) re-enters undamaged.
    #[serde(default)]
    pub archive_copy: bool,
    /// Abort Switch: the turn it was thrown in.
    #[serde(default)]
    pub aborted: u16,
    /// Abort Switch: the turn and register it was last asked before.
    #[serde(default)]
    pub abort_asked: (u16, u8),
    /// Recompile: the turn it was used in.
    #[serde(default)]
    pub recompiled: u16,
    /// Bio Option: the option it carries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bio: Option<crate::options::OptionCard>,
    /// A repair site's variant choice, until the repairs: an option
    /// (`true`) or the repairs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrench: Option<bool>,
    /// Fire Control: registers locked by another robot's shots (bit
    /// `r - 1` for register `r`), on top of the damage's locks, until the
    /// robot's next repair, power down or destruction.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub locks: u8,
    /// Flywheel: the movement card it saves for the next deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flywheel: Option<crate::cards::Card>,
    /// Conditional: the card parked on it this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conditional: Option<crate::cards::Card>,
    /// Conditional: the turn and register it was last asked before.
    #[serde(default)]
    pub conditional_asked: (u16, u8),
    /// Interceptor: the robot it tagged, and the turn it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<(robo_core::ids::PlayerId, u16)>,
    /// Option Damping Field: the robot stands in a field this register,
    /// its options (but a field of its own) off until the next
    /// register's start, or the turn's wipe.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub damped: bool,
    /// Robo-Copter: the movement card parked on it this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copter: Option<crate::cards::Card>,
    /// Radio Control: the robot controlling this one, and the turn it
    /// took control (it runs a copy of that robot's program for the rest
    /// of that turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub radio: Option<(robo_core::ids::PlayerId, u16)>,
    /// Buzz Bomb: its bomb's cards this turn (dealt at the deal,
    /// discarded at the end of the turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bomb: Option<crate::race::BombProgram>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Marks {
    /// The card parked on `option` (Flywheel, Conditional), if any.
    #[must_use]
    pub fn parked(&self, option: crate::options::OptionCard) -> Option<crate::cards::Card> {
        match option {
            crate::options::OptionCard::Flywheel => self.flywheel,
            crate::options::OptionCard::Conditional => self.conditional,
            crate::options::OptionCard::RoboCopter => self.copter,
            _ => None,
        }
    }

    /// Every parked card.
    pub fn parked_cards(&self) -> impl Iterator<Item = crate::cards::Card> {
        self.flywheel
            .into_iter()
            .chain(self.conditional)
            .chain(self.copter)
    }

    /// Is register `register` (1 to 5) locked by a Fire Control shot?
    #[must_use]
    pub fn fire_locked(&self, register: u8) -> bool {
        (1..=8).contains(&register) && self.locks & (1 << (register - 1)) != 0
    }

    /// Nothing remembered (left out of saves).
    #[must_use]
    pub fn is_clear(&self) -> bool {
        *self == Marks::default()
    }
}
