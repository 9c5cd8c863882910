//! What happened, for animation and logs.

use crate::action::Target;
use crate::battle::Dice;
use crate::card::Card;
use crate::faction::{Leader, Mode};
use crate::ids::{PieceId, ZoneId};
use crate::outcome::ConquestOutcome;
use crate::rules::Reinforcement;
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};

/// Something that happened. Events are returned by
/// [`robo_core::Game::apply_into`] to whoever drives the game, who should
/// pass each player [`Event::seen_by`] (a drawn card is private).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ConquestEvent")
)]
pub enum Event {
    /// Setup: a player claimed an empty zone with one robot.
    Claimed {
        /// Who.
        player: PlayerId,
        /// Where.
        zone: ZoneId,
    },
    /// One robot was placed on a held zone (setup or reinforcement).
    Placed {
        /// Who.
        player: PlayerId,
        /// Where.
        zone: ZoneId,
    },
    /// Every setup robot is placed; the day counter is at day 1.
    SetupComplete,
    /// A new round (day) began.
    RoundStarted {
        /// The day, from 1.
        round: u8,
    },
    /// A player's turn began.
    TurnStarted {
        /// Whose.
        player: PlayerId,
    },
    /// A player received reinforcements.
    Reinforced {
        /// Who.
        player: PlayerId,
        /// How many and why.
        reinforcement: Reinforcement,
    },
    /// A card was played.
    CardPlayed {
        /// Who.
        player: PlayerId,
        /// The card.
        card: Card,
        /// On what.
        target: Target,
    },
    /// A robot card added robots to place.
    ExtraRobots {
        /// Who.
        player: PlayerId,
        /// How many (bounded by the supply).
        robots: u8,
    },
    /// A leader changed mode.
    Transformed {
        /// Whose.
        player: PlayerId,
        /// The leader.
        leader: Leader,
        /// The new mode.
        mode: Mode,
    },
    /// A shifting piece moved.
    Shifted {
        /// The piece.
        piece: PieceId,
        /// Its new position.
        position: u8,
    },
    /// A secret factory opened.
    FactoryOpened {
        /// The factory.
        zone: ZoneId,
    },
    /// A secret factory closed.
    FactoryClosed {
        /// The factory.
        zone: ZoneId,
    },
    /// A leader moved on its own (Transwarp).
    LeaderMoved {
        /// Whose.
        player: PlayerId,
        /// From.
        from: ZoneId,
        /// To.
        to: ZoneId,
    },
    /// An attack was declared.
    AttackDeclared {
        /// Who attacks.
        attacker: PlayerId,
        /// Who defends.
        defender: PlayerId,
        /// From.
        from: ZoneId,
        /// The attacked zone.
        to: ZoneId,
        /// Attacking dice.
        dice: u8,
        /// The attacker's leader fights.
        leader: bool,
        /// The attack card played.
        card: Option<Card>,
    },
    /// The defender answered.
    DefenceChosen {
        /// Who.
        defender: PlayerId,
        /// Defending dice.
        dice: u8,
        /// The defender's leader fights.
        leader: bool,
        /// The defence card played.
        card: Option<Card>,
    },
    /// The dice were rolled and compared.
    Rolled {
        /// The attacker's dice.
        attack: Dice,
        /// The defender's dice.
        defence: Dice,
        /// Robots the attacker lost.
        attacker_lost: u8,
        /// Robots the defender lost.
        defender_lost: u8,
    },
    /// A leader was removed from the game.
    LeaderRemoved {
        /// Whose.
        player: PlayerId,
        /// The leader.
        leader: Leader,
        /// Where it fell.
        zone: ZoneId,
    },
    /// A zone lost its last defender.
    Captured {
        /// The attacker.
        player: PlayerId,
        /// The zone.
        zone: ZoneId,
        /// Who held it.
        from: PlayerId,
    },
    /// A player holds no zone any more.
    Eliminated {
        /// Who.
        player: PlayerId,
    },
    /// Robots moved into a captured zone.
    MovedIn {
        /// Who.
        player: PlayerId,
        /// From.
        from: ZoneId,
        /// Into.
        to: ZoneId,
        /// Ordinary robots.
        robots: u8,
        /// With the leader.
        leader: bool,
    },
    /// Robots moved as backup.
    BackedUp {
        /// Who.
        player: PlayerId,
        /// From.
        from: ZoneId,
        /// To.
        to: ZoneId,
        /// Ordinary robots.
        robots: u8,
        /// With the leader.
        leader: bool,
    },
    /// The discard pile was shuffled into a new draw pile.
    DeckReshuffled,
    /// A player drew an upgrade card (`None` as seen by other players).
    CardDrawn {
        /// Who.
        player: PlayerId,
        /// The card.
        card: Option<Card>,
    },
    /// A player was owed a card but the deck and discard pile are empty.
    NoCardToDraw {
        /// Who.
        player: PlayerId,
    },
    /// The game is over.
    GameOver(ConquestOutcome),
}

impl Event {
    /// The event as `viewer` may see it: other players' drawn cards are
    /// hidden.
    #[must_use]
    pub fn seen_by(&self, viewer: PlayerId) -> Event {
        match self {
            Event::CardDrawn { player, .. } if *player != viewer => Event::CardDrawn {
                player: *player,
                card: None,
            },
            e => e.clone(),
        }
    }
}
