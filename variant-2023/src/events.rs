//! What happened, for animation and logs.
//!
//! Events carry only what every player may know: a drawn Haywire that goes
//! face down is reported as such, without its effect; a drawn upgrade card
//! is not named; a hand is reported by its size.

use crate::cards::Card;
use crate::upgrades::{Upgrade, Weapon};
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};

/// Where damage came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Source {
    /// A board laser.
    BoardLaser,
    /// A robot's weapon (main laser, rear laser, weapon upgrades).
    Weapon,
    /// Anything else (rebooting, ramming, spikes, a Haywire).
    Other,
}

/// What a damage draw gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Drawn {
    /// A SPAM, into the programming discard pile.
    Spam,
    /// A Haywire, face down under the given register.
    HaywireUnder(u8),
    /// A Haywire beyond the one a register may hold: to the damage discard.
    HaywireDiscarded(Card),
}

/// A game phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Phase {
    /// Placing robots on the docking bay.
    Setup,
    /// Drawing, installing and uninstalling upgrades.
    Upgrade,
    /// Programming the registers.
    Programming,
    /// Resolving the five registers.
    Activation,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "V2023Event")
)]
pub enum Event {
    /// A change on the grid: moves, turns, pushes, lasers, removals, placements.
    Grid(GridEvent),
    /// A round began.
    RoundStarted {
        /// Its number, from 1.
        round: u16,
    },
    /// A phase began.
    PhaseStarted(Phase),
    /// A register began: its cards are revealed next.
    RegisterStarted {
        /// 1 to 5.
        register: u8,
    },
    /// An energy cube covers a start space (competitive mode).
    StartBlocked {
        /// Whose cube.
        player: PlayerId,
        /// Where.
        at: Pos,
    },
    /// A robot was put on its start space.
    StartChosen {
        /// Whose robot.
        player: PlayerId,
        /// Where.
        at: Pos,
    },
    /// A player drew an upgrade card (unnamed: it stays secret).
    UpgradeDrawn {
        /// Who.
        player: PlayerId,
    },
    /// An upgrade was installed.
    UpgradeInstalled {
        /// Who.
        player: PlayerId,
        /// What.
        upgrade: Upgrade,
        /// Energy paid.
        cost: u8,
    },
    /// An installed upgrade left the player (discarded, used up, traded).
    UpgradeDiscarded {
        /// Who.
        player: PlayerId,
        /// What.
        upgrade: Upgrade,
    },
    /// An upgrade acted.
    UpgradeUsed {
        /// Who.
        player: PlayerId,
        /// What.
        upgrade: Upgrade,
    },
    /// Two players traded upgrades (Modular Chassis).
    UpgradesExchanged {
        /// Who gave Modular Chassis.
        from: PlayerId,
        /// Who received it.
        to: PlayerId,
        /// What was taken in return.
        taken: Upgrade,
    },
    /// A player's hand was filled.
    HandDrawn {
        /// Who.
        player: PlayerId,
        /// Cards now in hand.
        cards: u8,
    },
    /// A programming discard pile was shuffled into a new deck.
    DeckShuffled {
        /// Whose.
        player: PlayerId,
    },
    /// The damage discard pile was shuffled into a new damage deck.
    DamageDeckShuffled,
    /// A program was handed in (its cards stay hidden).
    ProgramSubmitted {
        /// Who.
        player: PlayerId,
    },
    /// A robot shut down for the round.
    ShutDown {
        /// Whose.
        player: PlayerId,
    },
    /// A register card was turned face up.
    CardRevealed {
        /// Whose.
        player: PlayerId,
        /// Which register.
        register: u8,
        /// The card.
        card: Card,
    },
    /// A card left a register and another took its place.
    CardReplaced {
        /// Whose.
        player: PlayerId,
        /// The card that left.
        card: Card,
        /// The card that came in, when it is face up.
        by: Option<Card>,
    },
    /// A card's effect begins.
    CardResolved {
        /// Whose.
        player: PlayerId,
        /// The effect.
        card: Card,
    },
    /// A Move 1 was braked to Move 0.
    Braked {
        /// Whose.
        player: PlayerId,
    },
    /// A damage card was drawn.
    Damaged {
        /// Who.
        player: PlayerId,
        /// What it became.
        drawn: Drawn,
        /// From where.
        source: Source,
    },
    /// Damage was due but the damage deck and its discard pile are empty
    /// (now, or at an earlier draw of this register: the robot then takes
    /// no damage for the rest of the register).
    NoDamageLeft {
        /// Who would have been damaged.
        player: PlayerId,
    },
    /// Deflector Shield took the damage.
    Shielded {
        /// Who.
        player: PlayerId,
    },
    /// A robot fired a weapon.
    Fired {
        /// Who.
        player: PlayerId,
        /// Which.
        weapon: Weapon,
        /// Which way.
        dir: Dir,
    },
    /// Energy changed.
    Energy {
        /// Whose.
        player: PlayerId,
        /// The new amount.
        energy: u8,
    },
    /// A checkpoint was reached.
    CheckpointReached {
        /// Who.
        player: PlayerId,
        /// Its number, from 1.
        checkpoint: u8,
    },
    /// The archive token moved (dynamic archiving).
    Archived {
        /// Whose.
        player: PlayerId,
        /// Where.
        at: Pos,
    },
    /// A robot fell into a pit or off the board and will reboot.
    Fell {
        /// Whose.
        player: PlayerId,
        /// Into a pit (else off an edge).
        pit: bool,
    },
    /// A rebooting robot came back.
    Rebooted {
        /// Whose.
        player: PlayerId,
        /// Where.
        at: Pos,
        /// Facing.
        facing: Dir,
    },
    /// A card was removed from the game.
    CardRemoved {
        /// Whose.
        player: PlayerId,
        /// What.
        card: Card,
    },
    /// The priority token changed hands.
    PriorityPassed {
        /// The new holder.
        to: PlayerId,
    },
    /// The game ended.
    GameOver {
        /// The winner, if any (none at the round cap).
        winner: Option<PlayerId>,
    },
}
