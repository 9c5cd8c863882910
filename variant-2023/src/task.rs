//! The agenda's vocabulary, as plain data: the tasks resolution is made
//! of ([`Task`]), what running one asks for next ([`Flow`]), the maneuvers
//! cards are made of ([`Op`]) and each card's maneuvers ([`card_ops`]).
//!
//! Nothing here runs anything: the runner is [`crate::agenda`], the
//! maneuvers are carried out in [`crate::moves`], and each rule's module
//! runs its own tasks.

use crate::actions::{Decision, Rel};
use crate::cards::{Card, CardId, Haywire};
use crate::events::Source;
use crate::upgrades::Upgrade;
use robo_core::agenda::Turns;
use robo_core::board::BoardId;
use robo_core::geom::{Dir, Turn};
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};

/// One unit of resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// Competitive mode: a player covers a start space.
    BlockStart { player: PlayerId },
    /// A player places the robot on a start space.
    ChooseStart { player: PlayerId },
    /// A round begins.
    BeginRound,
    /// The upgrade phase (simultaneous).
    Upgrades,
    /// Hands are drawn.
    BeginProgramming,
    /// The programming phase (simultaneous).
    Programming,
    /// Shutdowns take effect; activation begins.
    EndProgramming,
    /// A register begins: reveal, then its steps.
    Register { register: u8 },
    /// Step `index` of the register pipeline.
    Step { index: u8 },
    /// After the last step of a register.
    EndRegister,
    /// The end of a round.
    EndRound,
    /// Card activation: the `done`-th player clockwise from `first`.
    CardTurns(Turns),
    /// A rebooting robot comes back.
    ReEnter { player: PlayerId },
    /// The moment before or after a robot's card activation.
    Window { player: PlayerId, after: bool },
    /// A robot resolves its register.
    ResolveSlot { player: PlayerId },
    /// A card in the current register resolves (`fresh`: as revealed, not
    /// as a replacement).
    ResolveCard {
        player: PlayerId,
        card: CardId,
        fresh: bool,
    },
    /// Brakes on a revealed Move 1 card.
    Brakes { player: PlayerId },
    /// The effect of a card (`physical`: the card itself, not Again or a
    /// Haywire repeating it).
    Effect {
        player: PlayerId,
        card: Card,
        physical: bool,
    },
    /// One maneuver.
    Op { player: PlayerId, op: Op },
    /// Drifting or Power Slide after a rotate card.
    Slide { player: PlayerId, upgrade: Upgrade },
    /// The choice of a Haywire card.
    HaywireChoice { player: PlayerId, haywire: Haywire },
    /// Which of two revealed cards resolves first.
    Order {
        player: PlayerId,
        a: CardId,
        b: CardId,
    },
    /// Lucky Booster found this Haywire (on top of the damage discard).
    Lucky { player: PlayerId, haywire: CardId },
    /// Magnetic: follow a robot that moved `steps` towards `dir`.
    Magnetic {
        player: PlayerId,
        dir: Dir,
        steps: u8,
    },
    /// Piercing Drill after pushing `target`.
    Pierce { player: PlayerId, target: PlayerId },
    /// Modular Chassis after pushing `target`.
    Chassis { player: PlayerId, target: PlayerId },
    /// Damage cards to draw.
    Damage {
        player: PlayerId,
        amount: u8,
        source: Source,
    },
    /// A robot fell: cancel its program and draw reboot damage.
    Fall {
        player: PlayerId,
        board: BoardId,
        pit: bool,
    },
    /// Energy Conversion offers, in priority order, after board lasers.
    Conversions(Turns),
    /// One Energy Conversion offer.
    Conversion { player: PlayerId },
    /// Robot weapons, in priority order.
    WeaponTurns(Turns),
    /// One robot fires.
    Fire { player: PlayerId },
    /// Checkpoints, in priority order.
    Checkpoints(Turns),
    /// Self-Diagnostics after reaching a checkpoint.
    SelfDiagnostics { player: PlayerId },
}

/// What running a task asks for next.
pub(crate) type Flow = robo_core::agenda::Flow<Decision>;

/// One maneuver or small effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Op {
    /// A card's move, relative to the facing (part of the robot's
    /// programming card activation: it can trigger push upgrades).
    Move {
        /// Which way.
        rel: Rel,
        /// How far.
        steps: u8,
    },
    /// A card's Move 5 that costs 1 damage if a wall stops it.
    Ram,
    /// An upgrade's move, relative to the facing.
    UpgradeMove {
        /// Which way.
        rel: Rel,
        /// How far.
        steps: u8,
        /// May it push robots (else it stops before them)?
        pushing: bool,
    },
    /// An upgrade's move in a compass direction.
    Step {
        /// Which way.
        dir: Dir,
        /// How far.
        steps: u8,
    },
    /// Pushed one space by a weapon.
    Shove {
        /// Which way.
        dir: Dir,
    },
    /// Pulled one space (never a push).
    Pull {
        /// Which way.
        dir: Dir,
    },
    /// A rotation; `maneuver` when a card makes it (a U-turn maneuver
    /// triggers Laser Kata).
    Turn {
        /// The rotation.
        turn: Turn,
        /// A card's rotation maneuver.
        maneuver: bool,
    },
    /// Turn to a facing (never a U-turn maneuver).
    Face(Dir),
    /// +1 energy.
    PowerUp,
    /// Take the priority token.
    TakePriority,
    /// Lasers deal 1 more damage this register.
    Supercharge,
    /// Run the belts for this robot alone (All Aboard).
    AllAboard,
}

const F1: Op = Op::Move {
    rel: Rel::Forward,
    steps: 1,
};
const F2: Op = Op::Move {
    rel: Rel::Forward,
    steps: 2,
};
const F3: Op = Op::Move {
    rel: Rel::Forward,
    steps: 3,
};
const B1: Op = Op::Move {
    rel: Rel::Back,
    steps: 1,
};
const B3: Op = Op::Move {
    rel: Rel::Back,
    steps: 3,
};
const TR: Op = Op::Turn {
    turn: Turn::Right,
    maneuver: true,
};
const TL: Op = Op::Turn {
    turn: Turn::Left,
    maneuver: true,
};
const TU: Op = Op::Turn {
    turn: Turn::UTurn,
    maneuver: true,
};

/// The maneuvers of a card that needs no choice. Cards with a choice (and
/// Again and SPAM, which resolve other cards) list what comes before the
/// choice, often nothing.
///
/// ```
/// use variant_2023::cards::{Card, Haywire};
/// use variant_2023::maneuvers::card_ops;
/// assert_eq!(card_ops(Card::Move2).len(), 1);
/// assert_eq!(card_ops(Card::Haywire(Haywire::JogLeft)).len(), 3);
/// ```
#[must_use]
pub fn card_ops(card: Card) -> &'static [Op] {
    match card {
        Card::Move1 => &[F1],
        Card::Move2 => &[F2],
        Card::Move3 => &[F3],
        Card::MoveBack => &[B1],
        Card::RotateRight => &[TR],
        Card::RotateLeft => &[TL],
        Card::UTurn => &[TU],
        Card::PowerUp => &[Op::PowerUp],
        Card::Again | Card::Spam => &[],
        Card::Haywire(h) => match h {
            Haywire::MoveTwoTurnRight => &[F2, TR],
            Haywire::JogLeft => &[F1, TL, F1],
            Haywire::GrabPriority => &[F1, Op::TakePriority],
            Haywire::ReverseThree => &[B3],
            Haywire::BackFlip => &[B1, TU],
            Haywire::JogRight => &[F1, TR, F1],
            Haywire::MoveTwoTurnLeft => &[F2, TL],
            Haywire::Ram => &[Op::Ram],
            Haywire::Supercharge => &[F1, Op::Supercharge],
            Haywire::MoveThreeUTurn => &[F3, TU],
            Haywire::Purge => &[B1],
            Haywire::TurnEitherWay
            | Haywire::FaceAnyMove
            | Haywire::FreeUpgrade
            | Haywire::Overdrive
            | Haywire::Sidestep
            | Haywire::DoubleDraw => &[],
        },
    }
}
