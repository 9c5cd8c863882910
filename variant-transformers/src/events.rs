//! What happened, for animation and logs.

use crate::cards::Card;
use crate::mode::Mode;
use crate::upgrades::Upgrade;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// Where damage came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersSource")
)]
pub enum Source {
    /// Another robot's weapon.
    Weapon(PlayerId),
    /// A laser turret.
    Turret,
    /// A fire pit (entered, or stayed in during board elements).
    FirePit,
    /// Leaving the course.
    Fall,
    /// A mine.
    Mine,
    /// A special damage card that draws more.
    Shrapnel,
}

/// Where the race stands, for front ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersPhase")
)]
pub enum Phase {
    /// Robots choose their start spaces.
    Setup,
    /// The upgrade phase.
    Upgrades,
    /// The planning phase.
    Planning,
    /// The activation phase.
    Activation,
    /// The race is over.
    Over,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersEvent")
)]
#[allow(missing_docs)] // fields named for what they hold
pub enum Event {
    /// A round began.
    RoundStarted { round: u16 },
    /// A phase began.
    PhaseStarted { phase: Phase },
    /// A register began to resolve.
    RegisterStarted { register: u8 },
    /// Something moved, turned, was pushed or hit on the grid.
    Grid(GridEvent),
    /// A robot's Energon track changed.
    Energon { player: PlayerId, energon: u8 },
    /// Drew an upgrade card (face down).
    UpgradeDrawn { player: PlayerId },
    /// Installed an upgrade, paying its cost.
    UpgradeInstalled {
        player: PlayerId,
        upgrade: Upgrade,
        cost: u8,
    },
    /// Uninstalled an upgrade.
    UpgradeUninstalled { player: PlayerId, upgrade: Upgrade },
    /// A player planned (without saying what).
    Planned { player: PlayerId },
    /// Cards of a register were turned face up.
    CardRevealed {
        player: PlayerId,
        register: u8,
        card: Card,
    },
    /// A robot changed mode (paying `paid` Energon).
    Converted {
        player: PlayerId,
        mode: Mode,
        paid: u8,
    },
    /// A damage card was drawn.
    Damaged {
        player: PlayerId,
        card: Card,
        source: Source,
    },
    /// A special damage card's effect stays on the robot.
    DamageInPlay { player: PlayerId, card: Card },
    /// Ongoing damage was fixed or repaired, or lasted its round.
    DamageRemoved { player: PlayerId, card: Card },
    /// Cards of a register were discarded before they resolved.
    RegisterDiscarded {
        player: PlayerId,
        register: u8,
        cards: SmallVec<[Card; 2]>,
    },
    /// Cards of the hand were discarded by an effect.
    HandDiscarded {
        player: PlayerId,
        cards: SmallVec<[Card; 2]>,
    },
    /// A robot left the course.
    Fell { player: PlayerId, at: Pos },
    /// A robot came back on the course.
    Returned {
        player: PlayerId,
        at: Pos,
        facing: Dir,
    },
    /// A robot took Energon cubes from a cell.
    CubesTaken {
        player: PlayerId,
        at: Pos,
        cubes: u8,
    },
    /// An Energon cube was dropped on a cell.
    CubeDropped { at: Pos },
    /// A robot set off a mine.
    MineTriggered { player: PlayerId, at: Pos },
    /// A robot went through a space bridge.
    Bridged {
        player: PlayerId,
        from: Pos,
        to: Pos,
    },
    /// A robot fired (`target`: the robot hit).
    Fired {
        player: PlayerId,
        dir: Dir,
        target: Option<PlayerId>,
    },
    /// A laser turret hit a robot.
    TurretHit { player: PlayerId, from: Pos },
    /// A robot took a pit stop action: Energon, or a damage card removed.
    PitStopped { player: PlayerId, energon: bool },
    /// A robot was placed on its start space.
    StartChosen { player: PlayerId, at: Pos },
    /// A robot paid to discard an ongoing damage card.
    Fixed { player: PlayerId, card: Card },
    /// A robot reached its next checkpoint.
    CheckpointReached { player: PlayerId, checkpoint: u8 },
    /// The Cosmos token passed.
    PriorityPassed { to: PlayerId },
    /// The race is over.
    GameOver { winner: Option<PlayerId> },
    /// An upgrade was used (a temporary one leaves its slot).
    UpgradeUsed { player: PlayerId, upgrade: Upgrade },
    /// An attack on a robot was cancelled (Lucky Duck, Apex Armor).
    AttackCancelled { player: PlayerId, by: PlayerId },
    /// A checkpoint was moved (Mirage).
    CheckpointMoved { checkpoint: u8, to: Pos },
    /// A mine was laid (Minelayer).
    MineLaid { player: PlayerId, at: Pos },
    /// Energon taken from another robot (Energon Heist).
    EnergonTaken {
        player: PlayerId,
        from: PlayerId,
        amount: u8,
    },
}
