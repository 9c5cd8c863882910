//! What one player may see.

use crate::action::Decision;
use crate::card::Card;
use crate::faction::{Leader, Mode};
use crate::ids::{ZoneId, ZoneSet};
use crate::outcome::ConquestOutcome;
use crate::state::{Conquest, ZoneState};
use robo_core::protocol::Pending;
use robo_core::{Game, PlayerId};
use serde::{Deserialize, Serialize};

/// A player's view: the whole map and every count, but only the viewer's
/// own hand (others show how many cards they hold), no deck order and no
/// random state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ConquestView")
)]
pub struct View {
    /// Whose view (may be a spectator's seat number).
    pub viewer: PlayerId,
    /// The day, 0 during setup.
    pub round: u8,
    /// Days in the game.
    pub rounds: u8,
    /// Whose turn.
    pub turn: PlayerId,
    /// What the game waits for.
    pub pending: Pending<Decision, ConquestOutcome>,
    /// Every zone, map order.
    pub zones: Vec<ZoneState>,
    /// Each piece's position.
    pub pieces: Vec<u8>,
    /// Open secret factories.
    pub open_factories: ZoneSet,
    /// Every seat, public part.
    pub players: Vec<PlayerView>,
    /// The viewer's hand (empty for spectators).
    pub hand: Vec<Card>,
    /// Cards in the draw pile.
    pub draw_pile: usize,
    /// The face-up discard pile, most recent first.
    pub discard_pile: Vec<Card>,
}

/// The public part of a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PlayerView {
    /// The leader.
    pub leader: Leader,
    /// The leader's mode.
    pub mode: Mode,
    /// Where the leader stands (`None` once removed).
    pub leader_at: Option<ZoneId>,
    /// Zones held.
    pub zones: u8,
    /// Robots on the map, leader excluded.
    pub robots: u32,
    /// Robots in the supply.
    pub supply: u8,
    /// Robots to place this turn.
    pub pool: u8,
    /// Robots removed in battle.
    pub removed: u8,
    /// Cards in hand (their faces are hidden).
    pub hand: usize,
    /// Wiped out.
    pub out: bool,
}

impl Conquest {
    pub(crate) fn make_view(&self, viewer: PlayerId) -> View {
        View {
            viewer,
            round: self.round,
            rounds: self.rules.rounds,
            turn: self.turn,
            pending: self.pending(),
            zones: self.zones.clone(),
            pieces: self.pieces.clone(),
            open_factories: self.open,
            players: self
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| PlayerView {
                    leader: p.leader,
                    mode: p.mode,
                    leader_at: p.leader_at,
                    zones: p.held.len() as u8,
                    robots: self.robots_on_map(PlayerId(i as u8)),
                    supply: p.supply,
                    pool: p.pool,
                    removed: p.removed,
                    hand: p.hand.len(),
                    out: p.out,
                })
                .collect(),
            hand: self
                .player(viewer)
                .map(|p| p.hand.clone())
                .unwrap_or_default(),
            draw_pile: self.deck.draw_len(),
            discard_pile: self.deck.discard_pile().copied().collect(),
        }
    }
}
