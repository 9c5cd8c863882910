//! What players answer ([`Action`]), what they are asked ([`Decision`]) and
//! why an answer is refused ([`Reason`]).

use crate::card::Card;
use crate::ids::{PieceId, ZoneId};
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// What a played card acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Target {
    /// Nothing (robot cards, Rapid Transit).
    None,
    /// A zone (Transwarp).
    Zone(ZoneId),
    /// A shifting piece and its new position (Space Bridge, Seismic Shift).
    Piece {
        /// The piece.
        piece: PieceId,
        /// Where it goes (one step from where it is).
        position: u8,
    },
}

/// An answer to a pending [`Decision`].
///
/// ```
/// use variant_conquest::{Action, ZoneId};
/// let a = Action::Attack { from: ZoneId(3), to: ZoneId(4), dice: 3, leader: false, card: None };
/// assert_eq!(a.to_string(), "attack Z3->Z4 with 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ConquestAction")
)]
pub enum Action {
    /// Put one robot on a zone: an empty zone while claiming, a held zone
    /// while placing setup robots or reinforcements.
    Place(ZoneId),
    /// Play a card from the hand (not attack or defence cards, which go
    /// with [`Action::Attack`] and [`Action::Defend`]).
    Play {
        /// The card.
        card: Card,
        /// What it acts on.
        target: Target,
    },
    /// Switch the leader between robot and vehicle mode (morph phase, once
    /// a turn).
    Transform,
    /// Attack an adjacent enemy zone with `dice` robots from `from`.
    Attack {
        /// The attacking zone (held).
        from: ZoneId,
        /// The attacked zone (an enemy's, adjacent).
        to: ZoneId,
        /// Robots that fight, one die each (1 to 3; one robot stays behind).
        dice: u8,
        /// The leader is one of them.
        leader: bool,
        /// An attack card played with it.
        card: Option<Card>,
    },
    /// The defender's answer to an attack.
    Defend {
        /// Robots that defend, one die each (1 or 2).
        dice: u8,
        /// The leader is one of them.
        leader: bool,
        /// A defence card played with it.
        card: Option<Card>,
    },
    /// Move robots from the attacking zone into the captured zone.
    MoveIn {
        /// Ordinary robots moved.
        robots: u8,
        /// The leader moves too.
        leader: bool,
    },
    /// Call for backup: move robots between two held zones.
    Backup {
        /// From (keeps at least one robot).
        from: ZoneId,
        /// To (held, adjacent; any held zone joined by held zones for
        /// Optimus Prime's convoy).
        to: ZoneId,
        /// Ordinary robots moved.
        robots: u8,
        /// The leader moves too.
        leader: bool,
    },
    /// End the current phase (morph, attack or backup).
    Done,
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::None => Ok(()),
            Target::Zone(z) => write!(f, " on {z}"),
            Target::Piece { piece, position } => write!(f, " turning {piece} to {position}"),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lead = |l: bool| if l { " and the leader" } else { "" };
        let card = |c: &Option<Card>| c.map(|c| format!(" [{c}]")).unwrap_or_default();
        match self {
            Action::Place(z) => write!(f, "place on {z}"),
            Action::Play { card, target } => write!(f, "play {card}{target}"),
            Action::Transform => f.write_str("transform"),
            Action::Attack {
                from,
                to,
                dice,
                leader,
                card: c,
            } => {
                write!(
                    f,
                    "attack {from}->{to} with {dice}{}{}",
                    lead(*leader),
                    card(c)
                )
            }
            Action::Defend {
                dice,
                leader,
                card: c,
            } => write!(f, "defend with {dice}{}{}", lead(*leader), card(c)),
            Action::MoveIn { robots, leader } => write!(f, "move in {robots}{}", lead(*leader)),
            Action::Backup {
                from,
                to,
                robots,
                leader,
            } => write!(f, "backup {from}->{to} {robots}{}", lead(*leader)),
            Action::Done => f.write_str("done"),
        }
    }
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ConquestDecision")
)]
pub enum Decision {
    /// Setup: claim an empty zone with one robot.
    Claim,
    /// Setup: put one robot on a held zone.
    SetupPlace {
        /// Setup robots this player has still to place.
        left: u8,
    },
    /// Place phase: put reinforcements on held zones, or play robot cards.
    Place {
        /// Robots still to place.
        robots: u8,
    },
    /// Morph phase: transform, play shifting or Transwarp cards, or go on.
    Morph,
    /// Attack phase: attack, or go on.
    Attack,
    /// Defend a zone against a declared attack.
    Defend {
        /// Who attacks.
        attacker: PlayerId,
        /// From where.
        from: ZoneId,
        /// The defended zone.
        to: ZoneId,
        /// Attacking dice.
        dice: u8,
        /// The attacker's leader fights.
        leader: bool,
        /// The attack card played, if any.
        card: Option<Card>,
    },
    /// A zone was captured: move robots into it.
    MoveIn {
        /// The attacking zone.
        from: ZoneId,
        /// The captured zone.
        to: ZoneId,
    },
    /// Call for backup, or finish the turn.
    Backup {
        /// Backup moves left this turn.
        moves: u8,
    },
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Claim => f.write_str("claim an empty zone (place)"),
            Decision::SetupPlace { left } => {
                write!(f, "place a setup robot on a held zone ({left} left)")
            }
            Decision::Place { robots } => write!(
                f,
                "place reinforcements ({robots} left) or play a robot card"
            ),
            Decision::Morph => {
                f.write_str("morph: transform, play a shifting or Transwarp card, or done")
            }
            Decision::Attack => f.write_str("attack or done"),
            Decision::Defend { from, to, dice, .. } => {
                write!(f, "defend {to} against {dice} dice from {from}")
            }
            Decision::MoveIn { from, to } => {
                write!(f, "move robots from {from} into captured {to}")
            }
            Decision::Backup { moves } => write!(f, "call for backup ({moves} moves) or done"),
        }
    }
}

/// Why an action that answers the pending decision is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum Reason {
    /// No such zone on the map.
    #[error("{0} is not a zone of the map")]
    UnknownZone(ZoneId),
    /// No such piece on the map.
    #[error("{0} is not a shifting piece of the map")]
    UnknownPiece(PieceId),
    /// Claims go on empty zones.
    #[error("{0} is already held")]
    ZoneHeld(ZoneId),
    /// The zone is not the player's.
    #[error("{0} is not yours")]
    NotYours(ZoneId),
    /// The zone is not an enemy's (empty, yours or an ally's).
    #[error("{0} is not held by an enemy")]
    NotEnemy(ZoneId),
    /// The zones do not touch.
    #[error("{from} and {to} are not neighbours")]
    NotAdjacent {
        /// From.
        from: ZoneId,
        /// To.
        to: ZoneId,
    },
    /// A move to the zone it starts from.
    #[error("{0} is both ends of the move")]
    SameZone(ZoneId),
    /// Dice out of range.
    #[error("{dice} dice is not allowed here (1 to {max})")]
    Dice {
        /// Asked.
        dice: u8,
        /// The most allowed.
        max: u8,
    },
    /// The leader is not in that zone.
    #[error("your leader is not in {0}")]
    NoLeader(ZoneId),
    /// More robots than the zone can give while keeping one behind.
    #[error("{zone} cannot give {robots} robots (it must keep one)")]
    Robots {
        /// The zone.
        zone: ZoneId,
        /// Robots asked.
        robots: u8,
    },
    /// No robot is left to place.
    #[error("you have no robot left to place")]
    NoRobots,
    /// A move that moves nothing.
    #[error("nothing to move")]
    NothingMoved,
    /// The card is not in the player's hand.
    #[error("{0} is not in your hand")]
    NoCard(Card),
    /// The card cannot be played now or in this way.
    #[error("{card} cannot be played now: {why}")]
    CardNotPlayable {
        /// The card.
        card: Card,
        /// Why.
        why: String,
    },
    /// The leader has left the game.
    #[error("your leader has been removed")]
    LeaderRemoved,
    /// The leader transforms at most once a turn.
    #[error("your leader has already transformed this turn")]
    AlreadyTransformed,
}
