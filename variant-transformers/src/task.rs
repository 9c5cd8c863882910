//! The agenda's vocabulary, as plain data: the tasks a race's resolution
//! is made of. Nothing here runs anything: `resolve.rs` runs them.

use crate::cards::Card;
use crate::events::Source;
use robo_core::agenda::Turns;
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};

/// One unit of resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)] // fields named for what they hold
pub enum Task {
    /// Start spaces are chosen, from the Cosmos holder clockwise.
    Starts(Turns),
    /// A player places the robot on a start space.
    ChooseStart { player: PlayerId },
    /// A round begins (or the race ends at its round cap).
    BeginRound,
    /// The upgrade phase (simultaneous).
    Upgrades,
    /// Hands are refilled.
    BeginPlanning,
    /// The planning phase (simultaneous).
    Planning,
    /// A register begins: reveal, then its steps.
    Register { register: u8 },
    /// Step `index` of the register pipeline and the ones after it.
    Step { index: u8 },
    /// After the last step of a register.
    EndRegister,
    /// The end of a round.
    EndRound,
    /// Card activation, in priority order.
    CardTurns(Turns),
    /// The moment before a robot's card: convert, fix damage, or go on.
    Window { player: PlayerId },
    /// One planning card's effect.
    Card { player: PlayerId, card: Card },
    /// A card's move stopped on a road corner or a curved arrow for its
    /// player's choice (the move waits in the race's `paused`).
    Corner { player: PlayerId },
    /// Damage cards to draw, one at a time.
    Damage {
        player: PlayerId,
        amount: u8,
        source: Source,
    },
    /// A robot left the course.
    Fall { player: PlayerId },
    /// Space bridges, in priority order.
    Bridges(Turns),
    /// A robot on a space bridge chooses.
    Bridge { player: PlayerId },
    /// Pit stops, in priority order.
    PitStops(Turns),
    /// A robot on a pit stop takes its actions (`done`: taken so far;
    /// `gained`: how many of them gained Energon).
    PitStop {
        player: PlayerId,
        done: u8,
        #[serde(default)]
        gained: u8,
    },
    /// Robot weapons, in priority order.
    Weapons(Turns),
    /// A robot fires.
    Fire { player: PlayerId },
    /// Robots off the course come back, in priority order.
    Returns(Turns),
    /// A robot comes back on the course.
    Return { player: PlayerId },
    /// The moment after a robot's card: upgrades used then.
    After { player: PlayerId },
    /// `player` is attacked by `by` for `amount` damage (0: pushed by it):
    /// Apex Armor, Lucky Duck and Counterstrike act here.
    Hit {
        player: PlayerId,
        by: PlayerId,
        amount: u8,
    },
    /// Blasted: `player` may push `target`, which it just shot.
    Blast { player: PlayerId, target: PlayerId },
}

impl Task {
    /// Every seat the task names.
    pub(crate) fn seats(&self) -> impl Iterator<Item = PlayerId> {
        let p = match *self {
            Task::ChooseStart { player }
            | Task::Window { player }
            | Task::Card { player, .. }
            | Task::Corner { player }
            | Task::Damage { player, .. }
            | Task::Fall { player }
            | Task::Bridge { player }
            | Task::PitStop { player, .. }
            | Task::Fire { player }
            | Task::Return { player }
            | Task::After { player }
            | Task::Hit { player, .. }
            | Task::Blast { player, .. } => Some(player),
            Task::Starts(t)
            | Task::CardTurns(t)
            | Task::Bridges(t)
            | Task::PitStops(t)
            | Task::Weapons(t)
            | Task::Returns(t) => Some(t.first),
            _ => None,
        };
        let source = match *self {
            Task::Damage {
                source: Source::Weapon(q),
                ..
            }
            | Task::Hit { by: q, .. }
            | Task::Blast { target: q, .. } => Some(q),
            _ => None,
        };
        p.into_iter().chain(source)
    }
}
