//! The game state: the map, the players, the zones, the deck, the random
//! generator and where in the rules the game stands.

use crate::card::Card;
use crate::faction::{Leader, Mode};
use crate::ids::{ZoneId, ZoneSet};
use crate::map::MapHandle;
use crate::outcome::ConquestOutcome;
use robo_core::{Deck, PlayerId, Rng};
use serde::{Deserialize, Serialize};

/// A game of Transformers conquest: implements [`robo_core::Game`].
///
/// ```
/// use robo_core::{Game, Pending};
/// use variant_conquest::{Conquest, Decision, Setup};
/// let game = Conquest::new(Setup::for_players(2), 7).unwrap();
/// assert!(matches!(game.pending(), Pending::Decision { decision: Decision::Claim, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    try_from = "crate::rules::load::Saved",
    into = "crate::rules::load::Saved"
)]
pub struct Conquest {
    pub(crate) map: MapHandle,
    pub(crate) rules: Rules,
    pub(crate) players: Vec<PlayerState>,
    pub(crate) zones: Vec<ZoneState>,
    pub(crate) pieces: Vec<u8>,
    /// Derived from `map` and `pieces`: every zone's neighbours now.
    pub(crate) adj: Vec<ZoneSet>,
    /// Derived from `map` and `pieces`: the open secret factories.
    pub(crate) open: ZoneSet,
    pub(crate) deck: Deck<Card>,
    pub(crate) rng: Rng,
    /// 0 during setup, then the day 1..=rounds.
    pub(crate) round: u8,
    /// Whose turn (or whose setup placement).
    pub(crate) turn: PlayerId,
    pub(crate) stage: Stage,
}

/// The counts and flags of the setup that the game keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Fighting leaders roll an eight-sided die.
    pub leader_d8: bool,
    /// Four players play as two allied sides (see [`crate::Setup::sides`]).
    #[serde(default)]
    pub sides: bool,
    /// Robots each player owns (leader excluded).
    pub robots: u8,
    /// Robots each player places during setup.
    pub setup_robots: u8,
    /// Rounds in the game.
    pub rounds: u8,
    /// The seat that plays first (see [`crate::Setup::first`]).
    #[serde(default)]
    pub first: u8,
}

/// One seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    /// The leader.
    pub leader: Leader,
    /// The leader's mode.
    pub mode: Mode,
    /// Where the leader stands; `None` once removed.
    pub leader_at: Option<ZoneId>,
    /// Zones held (derived from the zones, kept for speed).
    pub held: ZoneSet,
    /// Robots not yet in play.
    pub supply: u8,
    /// Reinforcements taken from the supply and not yet placed.
    pub pool: u8,
    /// Setup robots placed so far.
    pub placed: u8,
    /// Robots removed in battle.
    pub removed: u8,
    /// One of this player's robots marks the day on the day counter.
    pub marker: bool,
    /// Upgrade cards in hand (hidden from others).
    pub hand: Vec<Card>,
    /// Captured a zone this turn.
    pub captured: bool,
    /// Holds no zone any more.
    pub out: bool,
}

/// One zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ZoneState {
    /// Who holds it (`None` only during setup, or for a captured zone
    /// waiting for robots to move in).
    pub owner: Option<PlayerId>,
    /// Ordinary robots on it (the owner's leader is counted apart).
    pub robots: u8,
}

/// A declared attack waiting for the defender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// The attacking zone.
    pub from: ZoneId,
    /// The attacked zone.
    pub to: ZoneId,
    /// Attacking dice.
    pub dice: u8,
    /// The attacker's leader fights.
    pub leader: bool,
    /// The attack card played.
    pub card: Option<Card>,
}

/// Where in the rules the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// Setup: claiming empty zones.
    Claim,
    /// Setup: placing the rest of the setup robots.
    SetupPlace,
    /// Place phase.
    Place,
    /// Morph phase.
    Morph {
        /// The leader has transformed this turn.
        transformed: bool,
    },
    /// Attack phase, waiting for the attacker.
    Attack,
    /// Attack phase, waiting for the defender.
    Defend(Battle),
    /// A zone was captured; robots must move in.
    MoveIn {
        /// The attacking zone.
        from: ZoneId,
        /// The captured zone.
        to: ZoneId,
    },
    /// Call-for-backup phase.
    Backup {
        /// Moves left.
        moves: u8,
    },
    /// The game is over.
    Over(ConquestOutcome),
}

impl Conquest {
    /// The map.
    #[must_use]
    pub fn map(&self) -> &MapHandle {
        &self.map
    }

    /// The rules kept from the setup.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Every seat's state.
    #[must_use]
    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    /// A seat's state.
    #[must_use]
    pub fn player(&self, p: PlayerId) -> Option<&PlayerState> {
        self.players.get(p.index())
    }

    /// Every zone's state, in map order.
    #[must_use]
    pub fn zones(&self) -> &[ZoneState] {
        &self.zones
    }

    /// A zone's state.
    #[must_use]
    pub fn zone(&self, z: ZoneId) -> Option<&ZoneState> {
        self.zones.get(z.index())
    }

    /// Each piece's position.
    #[must_use]
    pub fn piece_positions(&self) -> &[u8] {
        &self.pieces
    }

    /// The neighbours of a zone with the pieces where they are now.
    #[must_use]
    pub fn neighbours(&self, z: ZoneId) -> ZoneSet {
        self.adj.get(z.index()).copied().unwrap_or_default()
    }

    /// The secret factories open now.
    #[must_use]
    pub fn open_factories(&self) -> ZoneSet {
        self.open
    }

    /// The day (round), 0 during setup.
    #[must_use]
    pub fn round(&self) -> u8 {
        self.round
    }

    /// Whose turn it is (during setup: whose placement).
    #[must_use]
    pub fn turn(&self) -> PlayerId {
        self.turn
    }

    /// The stage of the rules the game is in.
    #[must_use]
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The upgrade deck (draw pile order is secret: do not show it).
    #[must_use]
    pub fn deck(&self) -> &Deck<Card> {
        &self.deck
    }

    /// Does `z` hold its owner's leader?
    #[must_use]
    pub fn leader_in(&self, z: ZoneId) -> bool {
        self.zones
            .get(z.index())
            .and_then(|s| s.owner)
            .and_then(|o| self.players.get(o.index()))
            .is_some_and(|p| p.leader_at == Some(z))
    }

    /// The leader standing in `z` (its owner's), in its mode: the leader
    /// that may defend `z`.
    #[must_use]
    pub fn fighter_in(&self, z: ZoneId) -> Option<crate::battle::Fighter> {
        let owner = self.zones.get(z.index())?.owner?;
        let st = self.players.get(owner.index())?;
        (st.leader_at == Some(z)).then_some(crate::battle::Fighter::new(st.leader, st.mode))
    }

    /// Robots in `z`, its owner's leader included.
    #[must_use]
    pub fn strength(&self, z: ZoneId) -> u8 {
        self.zones
            .get(z.index())
            .map_or(0, |s| s.robots.saturating_add(u8::from(self.leader_in(z))))
    }

    /// Are `a` and `b` on the same side? Every player is its own side
    /// unless the setup asked for sides, which make the players of one
    /// faction allies.
    #[must_use]
    pub fn same_side(&self, a: PlayerId, b: PlayerId) -> bool {
        a == b || (self.rules.sides && self.side_faction(a) == self.side_faction(b))
    }

    fn side_faction(&self, p: PlayerId) -> Option<crate::faction::Faction> {
        self.players.get(p.index()).map(|s| s.leader.faction())
    }

    /// The zones held by enemies of `p`.
    #[must_use]
    pub fn enemy_zones(&self, p: PlayerId) -> ZoneSet {
        let mut s = ZoneSet::EMPTY;
        for (i, st) in self.players.iter().enumerate() {
            if !self.same_side(p, PlayerId(i as u8)) {
                s = s.or(st.held);
            }
        }
        s
    }

    /// Robots of `p` on the map, leader excluded.
    #[must_use]
    pub fn robots_on_map(&self, p: PlayerId) -> u32 {
        self.players.get(p.index()).map_or(0, |s| {
            s.held
                .iter()
                .map(|z| u32::from(self.zones[z.index()].robots))
                .sum()
        })
    }

    pub(crate) fn ps(&self, p: PlayerId) -> &PlayerState {
        &self.players[p.index()]
    }

    pub(crate) fn ps_mut(&mut self, p: PlayerId) -> &mut PlayerState {
        &mut self.players[p.index()]
    }

    /// Recomputes the derived neighbours and open factories after a shift.
    pub(crate) fn refresh_pieces(&mut self) {
        let map = self.map.clone();
        map.adjacency_into(&self.pieces, &mut self.adj);
        self.open = map.open_factories(&self.pieces);
    }
}
