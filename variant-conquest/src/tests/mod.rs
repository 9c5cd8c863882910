//! Rule tests on small hand-made positions.

mod backup_end;
mod battles;
mod bots;
mod phases;
mod protocol;
mod setup_steps;
mod sides;

use crate::card::Card;
use crate::faction::{Leader, Mode};
use crate::ids::ZoneId;
use crate::map::{text, MapSource};
use crate::setup::Setup;
use crate::state::{Conquest, Stage, ZoneState};
use crate::Event;
use robo_core::{Deck, Game, PlayerId};

/// A small map:
///
/// ```text
/// A - B - C        B is the Launch Pad, C a secret factory,
/// |   |   |        H sits on a sliding piece (Lift) whose second
/// D - E - F        position joins it to C and opens the factory.
/// |   |
/// G - H
/// ```
pub(crate) const ARENA: &str = "\
map Arena
sector West | 2
sector East | 3
sector South | 1
zone A | West | ordinary | B, D
zone B | West | launch-pad | A, C, E
zone C | East | factory | B, F
zone D | West | ordinary | A, E, G
zone E | East | ordinary | B, D, F, H
zone F | East | ordinary | C, E
zone G | South | ordinary | D, H
zone H | South | shifting | E, G
piece Lift | sliding | H
position Lift
position Lift | C | C
start Optimus Prime | A
start Bumblebee | D
start Megatron | F
start Barricade | C
";

pub(crate) const P0: PlayerId = PlayerId(0);
pub(crate) const P1: PlayerId = PlayerId(1);
pub(crate) const P2: PlayerId = PlayerId(2);
pub(crate) const P3: PlayerId = PlayerId(3);

pub(crate) fn arena_setup(leaders: &[Leader]) -> Setup {
    let mut s = Setup::new(leaders.to_vec());
    s.map = MapSource::Custom(text::parse(ARENA).unwrap());
    s.robots = 40;
    s.setup_robots = 6;
    s
}

pub(crate) fn z(name: &str) -> ZoneId {
    let map = crate::Map::from_text(ARENA).unwrap();
    map.find_zone(name).unwrap()
}

/// A game on the arena past setup, laid out by hand.
pub(crate) struct Fix {
    pub g: Conquest,
}

impl Fix {
    /// `layout`: one `(zone, seat, robots)` per zone of the map. Leaders
    /// start where the map says if their seat holds that zone, else removed.
    pub fn new(leaders: &[Leader], layout: &[(&str, u8, u8)]) -> Fix {
        let mut g = Conquest::new(arena_setup(leaders), 1).unwrap();
        for st in &mut g.zones {
            *st = ZoneState::default();
        }
        for &(name, seat, robots) in layout {
            g.zones[z(name).index()] = ZoneState {
                owner: Some(PlayerId(seat)),
                robots,
            };
        }
        g.round = 1;
        g.stage = Stage::Attack;
        let mut f = Fix { g };
        for (i, &leader) in leaders.iter().enumerate() {
            let start = f.g.map.start(leader);
            let at = (f.g.zones[start.index()].owner == Some(PlayerId(i as u8))).then_some(start);
            f.g.players[i].leader_at = at;
            f.g.players[i].placed = f.g.rules.setup_robots;
        }
        f.sync();
        f
    }

    /// Puts `seat`'s leader in `zone` (or removes it) in `mode`.
    pub fn leader(&mut self, seat: PlayerId, zone: Option<&str>, mode: Mode) -> &mut Self {
        self.g.players[seat.index()].leader_at = zone.map(z);
        self.g.players[seat.index()].mode = mode;
        self.sync();
        self
    }

    /// Gives `seat` these cards (taken from the deck).
    pub fn hand(&mut self, seat: PlayerId, cards: &[Card]) -> &mut Self {
        let mut deck: Vec<Card> = self.g.deck.draw_pile().copied().collect();
        for c in cards {
            let i = deck.iter().position(|d| d == c).unwrap();
            deck.remove(i);
            self.g.players[seat.index()].hand.push(*c);
        }
        self.g.deck = Deck::from_top(deck);
        self
    }

    /// Recomputes held zones, supplies and `out` so the position is
    /// consistent.
    pub fn sync(&mut self) {
        for i in 0..self.g.players.len() {
            let id = PlayerId(i as u8);
            let held = (0..self.g.zones.len())
                .filter(|&k| self.g.zones[k].owner == Some(id))
                .map(|k| ZoneId(k as u8))
                .collect();
            self.g.players[i].held = held;
            let on_map = self.g.robots_on_map(id) as u8;
            let p = &mut self.g.players[i];
            p.out = held.is_empty();
            p.supply = self.g.rules.robots - on_map - p.removed - u8::from(p.marker) - p.pool;
        }
    }

    /// Starts `seat`'s turn (reinforcements computed) and settles.
    pub fn turn(&mut self, seat: PlayerId) -> Vec<Event> {
        let mut ev = Vec::new();
        self.g.begin_turn(seat, &mut ev);
        self.g.settle(&mut ev);
        self.g.check_invariants().unwrap();
        ev
    }

    /// Jumps to a stage of `seat`'s turn.
    pub fn stage(&mut self, seat: PlayerId, stage: Stage) -> &mut Self {
        self.g.turn = seat;
        self.g.stage = stage;
        self.g.check_invariants().unwrap();
        self
    }

    /// Applies an action that must be accepted.
    pub fn ok(&mut self, seat: PlayerId, a: crate::Action) -> Vec<Event> {
        let ev = self
            .g
            .apply(seat, a)
            .unwrap_or_else(|e| panic!("{a} refused: {e}"));
        self.g.check_invariants().unwrap();
        ev
    }

    /// Applies an action that must be refused, and checks nothing changed.
    pub fn refused(
        &mut self,
        seat: PlayerId,
        a: crate::Action,
    ) -> robo_core::ActionError<crate::Reason> {
        let before = self.g.clone();
        let e = self.g.apply(seat, a).expect_err("should be refused");
        assert_eq!(self.g, before);
        e
    }

    pub fn robots(&self, name: &str) -> u8 {
        self.g.zones[z(name).index()].robots
    }

    pub fn owner(&self, name: &str) -> Option<PlayerId> {
        self.g.zones[z(name).index()].owner
    }
}

/// Two players: Optimus Prime (P0) holds the west, Megatron (P1) the east.
pub(crate) fn duel() -> Fix {
    Fix::new(
        &[Leader::OptimusPrime, Leader::Megatron],
        &[
            ("A", 0, 3),
            ("B", 0, 2),
            ("C", 1, 2),
            ("D", 0, 2),
            ("E", 1, 4),
            ("F", 1, 3),
            ("G", 0, 1),
            ("H", 1, 1),
        ],
    )
}

/// Plays the setup with the first legal action each time, then empties the
/// first player's reinforcements back into its supply.
pub(crate) fn finish_setup(g: &mut Conquest) {
    let mut legal = Vec::new();
    while g.round == 0 {
        let p = g.pending_player().unwrap();
        g.legal_actions(p, &mut legal);
        g.apply(p, legal[0]).unwrap();
    }
    let p = &mut g.players[g.turn.index()];
    p.supply += p.pool;
    p.pool = 0;
}

/// Scores the game now, as after the last round.
pub(crate) fn score(f: &mut Fix) -> crate::ConquestOutcome {
    let mut ev = Vec::new();
    f.g.finish(&mut ev);
    match f.g.pending() {
        robo_core::Pending::Terminal(o) => o,
        p => panic!("{p:?}"),
    }
}
