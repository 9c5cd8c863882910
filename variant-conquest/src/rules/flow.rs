//! The order of play: setup, six rounds of turns with their phases, the
//! card draw, elimination and the final scoring.

use crate::event::Event;
use crate::outcome::{ConquestOutcome, Victory};
use crate::state::{Conquest, Stage};
use robo_core::PlayerId;
use smallvec::SmallVec;

impl Conquest {
    /// Moves the game past every step that offers no choice (a phase whose
    /// only action would be "done"), until it waits for a decision or is
    /// over.
    pub(crate) fn settle(&mut self, events: &mut Vec<Event>) {
        loop {
            match self.stage {
                Stage::Claim => return,
                Stage::SetupPlace => {
                    if !self.setup_done() {
                        return;
                    }
                    events.push(Event::SetupComplete);
                    self.begin_round(1, events);
                }
                Stage::Place => {
                    if self.ps(self.turn).pool > 0 {
                        return;
                    }
                    self.stage = Stage::Morph { transformed: false };
                }
                Stage::Morph { transformed } => {
                    if self.has_morph_choice(self.turn, transformed) {
                        return;
                    }
                    self.stage = Stage::Attack;
                }
                Stage::Attack => {
                    if self.can_attack(self.turn) {
                        return;
                    }
                    self.stage = Stage::Backup {
                        moves: self.backup_moves(self.turn),
                    };
                }
                Stage::Backup { moves } => {
                    if moves > 0 && self.can_backup(self.turn) {
                        return;
                    }
                    self.end_turn(events);
                }
                Stage::Defend(_) | Stage::MoveIn { .. } | Stage::Over(_) => return,
            }
        }
    }

    fn begin_round(&mut self, round: u8, events: &mut Vec<Event>) {
        self.round = round;
        events.push(Event::RoundStarted { round });
        match self.turn_order().find(|&i| !self.players[i].out) {
            Some(first) => self.begin_turn(PlayerId(first as u8), events),
            None => self.finish(events),
        }
    }

    pub(crate) fn begin_turn(&mut self, p: PlayerId, events: &mut Vec<Event>) {
        self.turn = p;
        events.push(Event::TurnStarted { player: p });
        let r = self.reinforcement(p);
        let st = self.ps_mut(p);
        st.captured = false;
        st.supply -= r.granted;
        st.pool = r.granted;
        events.push(Event::Reinforced {
            player: p,
            reinforcement: r,
        });
        self.stage = Stage::Place;
    }

    /// The draw phase, then the next player's turn, the next round or the
    /// end of the game.
    pub(crate) fn end_turn(&mut self, events: &mut Vec<Event>) {
        let p = self.turn;
        if self.ps(p).captured {
            self.draw_card(p, events);
        }
        let next = self
            .turn_order()
            .skip_while(|&i| i != p.index())
            .skip(1)
            .find(|&i| !self.players[i].out);
        match next {
            Some(i) => self.begin_turn(PlayerId(i as u8), events),
            None if self.round >= self.rules.rounds => self.finish(events),
            None => self.begin_round(self.round + 1, events),
        }
    }

    fn draw_card(&mut self, p: PlayerId, events: &mut Vec<Event>) {
        if self.deck.needs_reshuffle() {
            events.push(Event::DeckReshuffled);
        }
        match self.deck.draw(&mut self.rng) {
            Some(card) => {
                self.ps_mut(p).hand.push(card);
                events.push(Event::CardDrawn {
                    player: p,
                    card: Some(card),
                });
            }
            None => events.push(Event::NoCardToDraw { player: p }),
        }
    }

    /// The seats in turn order: the first player's, then clockwise.
    pub(crate) fn turn_order(&self) -> impl Iterator<Item = usize> {
        let n = self.players.len();
        let first = usize::from(self.rules.first);
        (0..n).map(move |k| (first + k) % n)
    }

    /// The side of a seat: with sides, its faction (numbered past the
    /// seats); otherwise the seat itself.
    fn side(&self, p: usize) -> usize {
        if self.rules.sides {
            4 + self.players[p].leader.faction() as usize
        } else {
            p
        }
    }

    fn side_members(&self, side: usize) -> SmallVec<[PlayerId; 4]> {
        (0..self.players.len())
            .filter(|&i| self.side(i) == side)
            .map(|i| PlayerId(i as u8))
            .collect()
    }

    fn zone_counts(&self) -> SmallVec<[u8; 4]> {
        self.players.iter().map(|p| p.held.len() as u8).collect()
    }

    /// Ends the game if only one side has players left.
    pub(crate) fn check_elimination(&mut self, events: &mut Vec<Event>) {
        let mut alive: SmallVec<[usize; 4]> = SmallVec::new();
        for i in 0..self.players.len() {
            let s = self.side(i);
            if !self.players[i].out && !alive.contains(&s) {
                alive.push(s);
            }
        }
        if let [side] = alive[..] {
            let outcome = ConquestOutcome {
                winners: self.side_members(side),
                victory: Victory::Elimination,
                zones: self.zone_counts(),
                round: self.round,
            };
            events.push(Event::GameOver(outcome.clone()));
            self.stage = Stage::Over(outcome);
        }
    }

    /// Scores the game after the last round: most zones per side; then the
    /// Launch Pad; then most robots on the map; then the side first in the
    /// turn order. There is always exactly one winning side.
    pub(crate) fn finish(&mut self, events: &mut Vec<Event>) {
        let n = self.players.len();
        // Sides in the turn order of their first seat.
        let mut sides: SmallVec<[usize; 4]> = SmallVec::new();
        for i in self.turn_order() {
            if !sides.contains(&self.side(i)) {
                sides.push(self.side(i));
            }
        }
        let total = |f: &dyn Fn(usize) -> u32, side: usize| -> u32 {
            (0..n).filter(|&i| self.side(i) == side).map(f).sum()
        };
        let zones = |i: usize| self.players[i].held.len() as u32;
        let best = sides.iter().map(|&s| total(&zones, s)).max().unwrap_or(0);
        let mut tied: SmallVec<[usize; 4]> = sides
            .iter()
            .copied()
            .filter(|&s| total(&zones, s) == best)
            .collect();
        let mut victory = Victory::MostZones;
        if tied.len() > 1 {
            let pad = self.map.launch_pad();
            let holder = self
                .zones
                .get(pad.index())
                .and_then(|z| z.owner)
                .map(|o| self.side(o.index()));
            if let Some(h) = holder.filter(|h| tied.contains(h)) {
                tied = SmallVec::from_slice(&[h]);
                victory = Victory::LaunchPad;
            } else {
                let robots = |i: usize| {
                    self.robots_on_map(PlayerId(i as u8))
                        + u32::from(self.players[i].leader_at.is_some())
                };
                let most = tied.iter().map(|&s| total(&robots, s)).max().unwrap_or(0);
                tied.retain(|s| total(&robots, *s) == most);
                victory = if tied.len() == 1 {
                    Victory::MostRobots
                } else {
                    // `sides` is in turn order: the first tied side is the
                    // one whose seat comes first in it.
                    tied.truncate(1);
                    Victory::TurnOrder
                };
            }
        }
        let mut winners: SmallVec<[PlayerId; 4]> =
            tied.iter().flat_map(|&s| self.side_members(s)).collect();
        winners.sort_unstable();
        let outcome = ConquestOutcome {
            winners,
            victory,
            zones: self.zone_counts(),
            round: self.round,
        };
        events.push(Event::GameOver(outcome.clone()));
        self.stage = Stage::Over(outcome);
    }
}
