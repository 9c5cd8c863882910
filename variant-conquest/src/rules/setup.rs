//! Building a game from a setup, and the two setup steps: claiming empty
//! zones, then placing the rest of the setup robots on held zones.

use crate::action::Reason;
use crate::card::Card;
use crate::event::Event;
use crate::faction::Mode;
use crate::ids::{ZoneId, ZoneSet};
use crate::setup::{Setup, SetupError};
use crate::state::{Conquest, PlayerState, Rules, Stage, ZoneState};
use robo_core::{Deck, PlayerId, Rng};

/// Every player must have enough setup robots to claim its share of the
/// empty zones of a map of `zones` (claims alternate from seat 0).
pub(crate) fn check_claims(
    zones: usize,
    leaders: &[crate::faction::Leader],
    setup_robots: u8,
    first: u8,
) -> Result<(), SetupError> {
    let n = leaders.len();
    let empty = zones.saturating_sub(n);
    for (i, &leader) in leaders.iter().enumerate() {
        // Its place in the claiming order, which begins at `first`.
        let k = (i + n - usize::from(first) % n) % n;
        let claims = (empty + n - 1 - k) / n;
        if claims + 1 > usize::from(setup_robots) {
            return Err(SetupError::TooFewSetupRobots {
                leader,
                needed: claims + 1,
                setup_robots,
            });
        }
    }
    Ok(())
}

impl Conquest {
    /// Validates `setup` and builds the game at its first decision.
    pub(crate) fn build(setup: Setup, seed: u64) -> Result<Conquest, SetupError> {
        setup.check()?;
        let map = setup.map.load()?;
        let n = setup.leaders.len();
        check_claims(
            map.zone_count(),
            &setup.leaders,
            setup.setup_robots,
            setup.first,
        )?;
        let mut rng = Rng::from_seed(seed);
        let deck = Deck::shuffled(Card::deck(), &mut rng);
        let mut zones = vec![ZoneState::default(); map.zone_count()];
        let mut players = Vec::with_capacity(n);
        for (i, &leader) in setup.leaders.iter().enumerate() {
            let start = map.start(leader);
            zones[start.index()] = ZoneState {
                owner: Some(PlayerId(i as u8)),
                robots: 1,
            };
            // The first player (the youngest) marks the day with a robot.
            let marker = i == usize::from(setup.first);
            players.push(PlayerState {
                leader,
                mode: Mode::Robot,
                leader_at: Some(start),
                held: ZoneSet::single(start),
                supply: setup.robots - 1 - u8::from(marker),
                pool: 0,
                placed: 1,
                removed: 0,
                marker,
                hand: Vec::new(),
                captured: false,
                out: false,
            });
        }
        let pieces = vec![0u8; map.pieces().len()];
        let rules = Rules {
            leader_d8: setup.leader_d8,
            sides: setup.sides,
            robots: setup.robots,
            setup_robots: setup.setup_robots,
            rounds: setup.rounds,
            first: setup.first,
        };
        let mut game = Conquest {
            map,
            rules,
            players,
            zones,
            pieces,
            adj: Vec::new(),
            open: ZoneSet::EMPTY,
            deck,
            rng,
            round: 0,
            turn: PlayerId(setup.first),
            stage: Stage::Claim,
        };
        game.refresh_pieces();
        let mut events = Vec::new();
        if game.empty_zones().is_empty() {
            game.stage = Stage::SetupPlace;
        }
        game.settle(&mut events);
        Ok(game)
    }

    /// Zones nobody holds.
    pub(crate) fn empty_zones(&self) -> ZoneSet {
        let mut held = ZoneSet::EMPTY;
        for p in &self.players {
            held = held.or(p.held);
        }
        self.map.all_zones().minus(held)
    }

    pub(crate) fn check_zone(&self, z: ZoneId) -> Result<(), Reason> {
        if z.index() < self.zones.len() {
            Ok(())
        } else {
            Err(Reason::UnknownZone(z))
        }
    }

    pub(crate) fn check_own(&self, p: PlayerId, z: ZoneId) -> Result<(), Reason> {
        self.check_zone(z)?;
        if self.zones[z.index()].owner == Some(p) {
            Ok(())
        } else {
            Err(Reason::NotYours(z))
        }
    }

    /// Setup: claim an empty zone.
    pub(crate) fn claim(
        &mut self,
        p: PlayerId,
        z: ZoneId,
        events: &mut Vec<Event>,
    ) -> Result<(), Reason> {
        self.check_zone(z)?;
        if self.zones[z.index()].owner.is_some() {
            return Err(Reason::ZoneHeld(z));
        }
        self.check_setup_robot(p)?;
        self.zones[z.index()] = ZoneState {
            owner: Some(p),
            robots: 1,
        };
        let st = self.ps_mut(p);
        st.held.insert(z);
        st.placed += 1;
        st.supply -= 1;
        events.push(Event::Claimed { player: p, zone: z });
        if self.empty_zones().is_empty() {
            self.stage = Stage::SetupPlace;
        }
        self.turn = self.next_setup_player(p);
        self.settle(events);
        Ok(())
    }

    /// Setup: one more robot on a held zone.
    pub(crate) fn setup_place(
        &mut self,
        p: PlayerId,
        z: ZoneId,
        events: &mut Vec<Event>,
    ) -> Result<(), Reason> {
        self.check_own(p, z)?;
        self.check_setup_robot(p)?;
        self.zones[z.index()].robots += 1;
        let st = self.ps_mut(p);
        st.placed += 1;
        st.supply -= 1;
        events.push(Event::Placed { player: p, zone: z });
        self.turn = self.next_setup_player(p);
        self.settle(events);
        Ok(())
    }

    /// `p` still has a setup robot to place (always so in a game built by
    /// the rules; a hand-edited save may say otherwise).
    fn check_setup_robot(&self, p: PlayerId) -> Result<(), Reason> {
        let st = self.ps(p);
        if st.supply == 0 || st.placed >= self.rules.setup_robots {
            return Err(Reason::NoRobots);
        }
        Ok(())
    }

    /// The next seat after `p` that still has setup robots to place (`p`
    /// itself if it is the only one; seat 0 if nobody has any).
    fn next_setup_player(&self, p: PlayerId) -> PlayerId {
        let n = self.players.len();
        (1..=n)
            .map(|k| PlayerId(((p.index() + k) % n) as u8))
            .find(|q| self.ps(*q).placed < self.rules.setup_robots)
            .unwrap_or(PlayerId(0))
    }

    /// Setup is over when every player has placed every setup robot.
    pub(crate) fn setup_done(&self) -> bool {
        self.players
            .iter()
            .all(|p| p.placed >= self.rules.setup_robots)
    }
}
