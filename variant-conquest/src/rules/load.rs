//! Saving and loading: a game is written without its derived data and
//! checked when read, so a hand-edited or truncated save is refused with a
//! message instead of misbehaving later.

use crate::card::Card;
use crate::ids::ZoneSet;
use crate::map::MapHandle;
use crate::state::{Conquest, PlayerState, Rules, Stage, ZoneState};
use robo_core::{Deck, Game, PlayerId, Rng};
use serde::{Deserialize, Serialize};

/// The written form of a [`Conquest`].
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Saved {
    map: MapHandle,
    rules: Rules,
    players: Vec<PlayerState>,
    zones: Vec<ZoneState>,
    pieces: Vec<u8>,
    deck: Deck<Card>,
    rng: Rng,
    round: u8,
    turn: PlayerId,
    stage: Stage,
}

impl From<Conquest> for Saved {
    fn from(g: Conquest) -> Saved {
        Saved {
            map: g.map,
            rules: g.rules,
            players: g.players,
            zones: g.zones,
            pieces: g.pieces,
            deck: g.deck,
            rng: g.rng,
            round: g.round,
            turn: g.turn,
            stage: g.stage,
        }
    }
}

impl TryFrom<Saved> for Conquest {
    type Error = String;
    fn try_from(s: Saved) -> Result<Conquest, String> {
        let n = s.players.len();
        if !(2..=4).contains(&n) {
            return Err(format!("a saved game has 2 to 4 players, not {n}"));
        }
        // The counts and rounds as a new game's setup would be checked.
        let leaders: Vec<_> = s.players.iter().map(|p| p.leader).collect();
        let setup = crate::setup::Setup {
            leader_d8: s.rules.leader_d8,
            sides: s.rules.sides,
            robots: s.rules.robots,
            setup_robots: s.rules.setup_robots,
            rounds: s.rules.rounds,
            first: s.rules.first,
            ..crate::setup::Setup::new(leaders.clone())
        };
        setup.check().map_err(|e| e.to_string())?;
        super::setup::check_claims(
            s.map.zone_count(),
            &leaders,
            s.rules.setup_robots,
            s.rules.first,
        )
        .map_err(|e| e.to_string())?;
        if s.zones.len() != s.map.zone_count() {
            return Err(format!(
                "{} zones saved for a map of {}",
                s.zones.len(),
                s.map.zone_count()
            ));
        }
        if s.pieces.len() != s.map.pieces().len() {
            return Err(format!(
                "{} piece positions saved for a map with {} pieces",
                s.pieces.len(),
                s.map.pieces().len()
            ));
        }
        for (i, (&p, piece)) in s.pieces.iter().zip(s.map.pieces()).enumerate() {
            if usize::from(p) >= piece.positions.len() {
                return Err(format!(
                    "piece {i} is in position {p}, which it does not have"
                ));
            }
        }
        if s.turn.index() >= n {
            return Err(format!(
                "the turn belongs to {}, who is not a player",
                s.turn
            ));
        }
        let all = s.map.all_zones();
        for (i, z) in s.zones.iter().enumerate() {
            if z.owner.is_some_and(|o| o.index() >= n) {
                return Err(format!("zone {i} is held by a player who does not exist"));
            }
        }
        for (i, p) in s.players.iter().enumerate() {
            if !p.held.minus(all).is_empty() || p.leader_at.is_some_and(|z| !all.contains(z)) {
                return Err(format!("player {i} refers to zones off the map"));
            }
        }
        let in_map = |z: crate::ZoneId| all.contains(z);
        let stage_ok = match &s.stage {
            Stage::Defend(b) => in_map(b.from) && in_map(b.to),
            Stage::MoveIn { from, to } => in_map(*from) && in_map(*to),
            _ => true,
        };
        if !stage_ok {
            return Err("the stage refers to zones off the map".into());
        }
        let mut game = Conquest {
            map: s.map,
            rules: s.rules,
            players: s.players,
            zones: s.zones,
            pieces: s.pieces,
            adj: Vec::new(),
            open: ZoneSet::EMPTY,
            deck: s.deck,
            rng: s.rng,
            round: s.round,
            turn: s.turn,
            stage: s.stage,
        };
        game.refresh_pieces();
        game.invariants()?;
        Ok(game)
    }
}

impl Conquest {
    /// The edition's invariants (see [`robo_core::Game::check_invariants`]).
    pub(crate) fn invariants(&self) -> Result<(), String> {
        let setup = matches!(self.stage, Stage::Claim | Stage::SetupPlace);
        let moving_in = match self.stage {
            Stage::MoveIn { to, .. } => Some(to),
            _ => None,
        };
        let mut cards = self.deck.len();
        for (i, p) in self.players.iter().enumerate() {
            let id = PlayerId(i as u8);
            let on_map = self.robots_on_map(id);
            let total = u32::from(p.supply)
                + u32::from(p.pool)
                + on_map
                + u32::from(p.removed)
                + u32::from(p.marker);
            if total != u32::from(self.rules.robots) {
                return Err(format!(
                    "{id}: supply {} + to place {} + on the map {on_map} + removed {} + marker {} != {} robots",
                    p.supply,
                    p.pool,
                    p.removed,
                    u8::from(p.marker),
                    self.rules.robots
                ));
            }
            let owned: ZoneSet = (0..self.zones.len())
                .filter(|&z| self.zones[z].owner == Some(id))
                .map(|z| crate::ZoneId(z as u8))
                .collect();
            if owned != p.held {
                return Err(format!(
                    "{id}: held zones {:?} do not match the map {:?}",
                    p.held, owned
                ));
            }
            if let Some(z) = p.leader_at {
                if !p.held.contains(z) {
                    return Err(format!(
                        "{id}: the leader stands in {z}, which {id} does not hold"
                    ));
                }
            }
            if setup && p.out {
                return Err(format!("{id} is out before the first round"));
            }
            if setup && (u32::from(p.placed) != on_map || p.placed > self.rules.setup_robots) {
                return Err(format!(
                    "{id}: {} setup robots placed, {on_map} on the map, {} to place in all",
                    p.placed, self.rules.setup_robots
                ));
            }
            if !setup && p.out != p.held.is_empty() {
                return Err(format!(
                    "{id}: out is {} but holds {} zones",
                    p.out,
                    p.held.len()
                ));
            }
            if p.pool > 0 && !(self.turn == id && self.stage == Stage::Place) {
                return Err(format!("{id} has robots to place outside its place phase"));
            }
            cards += p.hand.len();
        }
        if setup && !self.setup_done() && self.ps(self.turn).placed >= self.rules.setup_robots {
            return Err(format!(
                "{} is to place a setup robot but has placed them all",
                self.turn
            ));
        }
        for (i, z) in self.zones.iter().enumerate() {
            let id = crate::ZoneId(i as u8);
            match z.owner {
                Some(_) if self.strength(id) == 0 => {
                    return Err(format!("held zone {id} is empty"))
                }
                None if z.robots > 0 => return Err(format!("unheld zone {id} has robots")),
                None if !setup && moving_in != Some(id) => {
                    return Err(format!("zone {id} is held by nobody"))
                }
                _ => {}
            }
        }
        if cards != Card::deck_size() {
            return Err(format!(
                "{cards} upgrade cards in play, the deck has {}",
                Card::deck_size()
            ));
        }
        if self.adj != self.map.adjacency(&self.pieces)
            || self.open != self.map.open_factories(&self.pieces)
        {
            return Err("neighbours or open factories do not match the pieces' positions".into());
        }
        if self.round > self.rules.rounds || (setup != (self.round == 0)) {
            return Err(format!(
                "round {} does not fit the stage {:?}",
                self.round, self.stage
            ));
        }
        if let Stage::Defend(b) = &self.stage {
            // The attack as declared must still be one the rules allow.
            let lim = self
                .attack_limits(self.turn, b.from, b.to)
                .map_err(|r| format!("the battle under way cannot be fought: {r}"))?;
            let card_ok = b
                .card
                .is_none_or(|c| c.kind() == crate::card::CardKind::Attack);
            if b.dice == 0 || b.dice > lim.max_dice || (b.leader && !lim.leader) || !card_ok {
                return Err(format!("the battle under way is not a legal attack: {b:?}"));
            }
        }
        if !matches!(self.stage, Stage::Over(_))
            && self
                .players
                .get(self.turn.index())
                .is_none_or(|p| p.out && !setup)
        {
            return Err(format!("the turn belongs to {}, who is out", self.turn));
        }
        if let Stage::MoveIn { from, to } = self.stage {
            let ok = self.zones[from.index()].owner == Some(self.turn)
                && self.strength(from) >= 2
                && self.zones[to.index()].owner.is_none();
            if !ok {
                return Err("robots must move in from a zone of the attacker with two or more robots into an empty one".into());
            }
        }
        // Whoever the game waits for has something to answer.
        let mut rng = Rng::from_seed(0);
        if let Some(p) = self
            .pending()
            .players()
            .into_iter()
            .find(|&p| self.sample_action(p, &mut rng).is_none())
        {
            return Err(format!("the game waits for {p}, who has no action"));
        }
        Ok(())
    }
}
