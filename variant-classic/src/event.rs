//! What happened: the events a classic game reports. A leaf below `world`
//! (which logs grid events as these) and `race`.

use crate::cards::Card;
use crate::options::OptionCard;
use crate::pieces::{Chop, Doom, Guard};
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::PlayerId;
use serde::{Deserialize, Serialize};

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicEvent")
)]
pub enum Event {
    /// On the grid: moves, turns, pushes, lasers, removals, placements.
    Grid(GridEvent),
    /// A turn began (from 1).
    TurnStarted {
        /// The turn.
        round: u16,
    },
    /// Cards were dealt to a player (how many, not which).
    Dealt {
        /// The player.
        player: PlayerId,
        /// Cards dealt.
        cards: u8,
    },
    /// A player finished programming.
    Programmed {
        /// The player.
        player: PlayerId,
    },
    /// A player announced power down for next turn.
    PowerDownAnnounced {
        /// The player.
        player: PlayerId,
    },
    /// A robot is powered down this turn; its damage is repaired.
    PoweredDown {
        /// The player.
        player: PlayerId,
    },
    /// A register began.
    RegisterStarted {
        /// The register, 1 to 5.
        register: u8,
    },
    /// A randomizer (or a Scrambler's hit) replaced a robot's card of this
    /// register.
    Randomized {
        /// The player.
        player: PlayerId,
        /// The register.
        register: u8,
        /// The new card.
        card: Card,
    },
    /// A register's card was revealed.
    Revealed {
        /// The player.
        player: PlayerId,
        /// The register.
        register: u8,
        /// The card.
        card: Card,
    },
    /// A robot took damage.
    Damaged {
        /// The player.
        player: PlayerId,
        /// Tokens taken.
        amount: u8,
        /// Tokens now.
        damage: u8,
    },
    /// A robot was destroyed and lost a life.
    Destroyed {
        /// The player.
        player: PlayerId,
        /// How.
        doom: Doom,
        /// Lives left (0: out of the game).
        lives: u8,
    },
    /// A robot touched its next flag.
    FlagTouched {
        /// The player.
        player: PlayerId,
        /// The flag (from 1).
        flag: u8,
    },
    /// A belt, a current or a pusher moved a flag.
    FlagMoved {
        /// The flag (from 1).
        flag: u8,
        /// Where it is now.
        at: Pos,
    },
    /// A robot on a chop shop chose (see [`Chop`]).
    ChopShop {
        /// The player.
        player: PlayerId,
        /// The choice.
        choice: Chop,
    },
    /// A robot's archive marker moved.
    ArchiveMoved {
        /// The player.
        player: PlayerId,
        /// Where.
        at: Pos,
    },
    /// A robot was repaired at the end of the turn.
    Repaired {
        /// The player.
        player: PlayerId,
        /// Damage tokens left.
        damage: u8,
    },
    /// A destroyed robot re-entered on its archive marker.
    Reentered {
        /// The player.
        player: PlayerId,
        /// Where.
        at: Pos,
        /// Its facing.
        facing: Dir,
        /// Virtual (its archive cell was occupied).
        ghost: bool,
    },
    /// A robot took its dock before the first turn.
    Docked {
        /// The player.
        player: PlayerId,
        /// The dock.
        at: Pos,
    },
    /// On the Clock: time ran out and the player's empty registers were
    /// filled at random.
    TimeUp {
        /// The player.
        player: PlayerId,
    },
    /// A robot gave up a guard instead of taking a damage token.
    Prevented {
        /// The player.
        player: PlayerId,
        /// The guard given up.
        guard: Guard,
    },
    /// A robot gained an option (drawn face up from the option deck).
    OptionGained {
        /// The player.
        player: PlayerId,
        /// The option.
        option: OptionCard,
    },
    /// A robot lost an option (discarded).
    OptionLost {
        /// The player.
        player: PlayerId,
        /// The option.
        option: OptionCard,
        /// Why.
        why: Loss,
    },
    /// An option took damage tokens in the robot's place.
    Absorbed {
        /// The player.
        player: PlayerId,
        /// The option.
        option: OptionCard,
        /// Tokens it took.
        tokens: u8,
    },
    /// A robot fired an optional weapon in place of its main laser.
    WeaponFired {
        /// The player.
        player: PlayerId,
        /// The weapon.
        option: OptionCard,
        /// The robot it hit.
        target: PlayerId,
    },
    /// A virtual robot stands alone and becomes real.
    BecameReal {
        /// The player.
        player: PlayerId,
    },
    /// A robot touched its last flag and takes this place (1: the
    /// winner); with `play-on` it leaves the course.
    Finished {
        /// The player.
        player: PlayerId,
        /// Its place (from 1).
        place: u8,
    },
    /// The game is over.
    GameOver {
        /// The winner, if any.
        winner: Option<PlayerId>,
    },
    /// A robot's run-time option did its work (a Converter's fuel burnt,
    /// a Superior Archive Copy, a Recompile, an Abort Switch thrown).
    OptionUsed {
        /// The player.
        player: PlayerId,
        /// The option.
        option: OptionCard,
    },
    /// A Reengineering Unit was swapped for an option of the robot it
    /// pushed.
    OptionsSwapped {
        /// The pushing robot's owner (it gave the Reengineering Unit).
        player: PlayerId,
        /// The pushed robot's owner.
        target: PlayerId,
        /// The option the pusher took.
        took: OptionCard,
    },
    /// A Fire Control hit locked one of a robot's registers (until its
    /// next repair, power down or destruction).
    RegisterLocked {
        /// The robot's owner.
        player: PlayerId,
        /// The register.
        register: u8,
    },
    /// A robot took off: it flies until it lands (Frog Legs, Big Jet,
    /// Retro-Rockets, Robo-Copter).
    TookOff {
        /// The player.
        player: PlayerId,
    },
    /// A flying robot landed where it is.
    Landed {
        /// The player.
        player: PlayerId,
    },
    /// An option put a device on the board.
    DeviceLaid {
        /// The device.
        device: crate::pieces::Device,
    },
    /// A device moved (a missile's flight).
    DeviceMoved {
        /// Its number.
        id: u16,
        /// Where it was.
        from: Pos,
        /// Where it is.
        to: Pos,
    },
    /// A device left the board without exploding (off the floor).
    DeviceRemoved {
        /// Its number.
        id: u16,
        /// Where it was.
        at: Pos,
    },
    /// An explosion: full damage on its cell, halved per square of
    /// distance (see `docs/rulings.md`).
    Exploded {
        /// Its cell.
        at: Pos,
        /// Its damage on its own cell.
        damage: u8,
        /// The device that blew up (removed from the board), if a device
        /// did (`None`: an option's load).
        device: Option<u16>,
    },
    /// An Option Damping Field switched a robot's options off: all of
    /// them but the field itself for this register (`option: None`, at
    /// the register's start), or one option programmed for this register
    /// whose token or second card is lost without effect.
    Damped {
        /// The robot's owner.
        player: PlayerId,
        /// The option whose programming is lost, if that is what happened.
        option: Option<OptionCard>,
    },
}

/// Why a robot lost an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicLoss")
)]
pub enum Loss {
    /// The robot was destroyed and its owner picked this one.
    Destroyed,
    /// Scrapped at a chop shop for a new draw.
    Scrapped,
    /// Its payload is spent and the card says it goes (Ablative Coat).
    Spent,
    /// Used up by its own effect (Superior Archive Copy).
    Used,
    /// Blown up by its own effect (a Converter with too much fuel).
    Exploded,
    /// Swapped by a Bio Option for a fresh draw (power down, re-entry).
    Replaced,
    /// Its Bio Option pair was discarded to stop a damage token.
    Paired,
    /// Deluxe Option Package: dealt and not kept.
    NotKept,
    /// Destroyed by another robot's Fire Control.
    Shot,
    /// Given up to stop a damage token, as the card demands (Robo-Copter).
    Absorbed,
}
