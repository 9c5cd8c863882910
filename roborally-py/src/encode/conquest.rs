//! Conquest's observation: no grid, so no planes; a vector of the stage,
//! every zone, every seat and the cards.

use super::{hot, relative, Encode, Layout, Sink};
use robo_core::{Game, PlayerId};
use roborally::editions::Playable;
use variant_conquest::{Card, Conquest, Mode, Stage, ZoneId};

/// Stage (9), day share, the seat whose turn it is (relative, one-hot
/// over the seats follows), the seat is asked.
const GENERAL: usize = 11;
/// Numbers per seat: supply, pool, removed, hand size, out, leader in
/// vehicle mode.
const PER_SEAT: usize = 6;

fn stage_index(s: &Stage) -> usize {
    match s {
        Stage::Claim => 0,
        Stage::SetupPlace => 1,
        Stage::Place => 2,
        Stage::Morph { .. } => 3,
        Stage::Attack => 4,
        Stage::Defend(_) => 5,
        Stage::MoveIn { .. } => 6,
        Stage::Backup { .. } => 7,
        Stage::Over(_) => 8,
    }
}

/// Numbers per zone with `n` seats: owner (none or a relative seat),
/// robots, a leader of each relative seat, factory, open factory.
fn per_zone(n: usize) -> usize {
    (n + 1) + 1 + n + 2
}

fn card_index(c: Card) -> usize {
    Card::ALL.iter().position(|x| *x == c).unwrap_or(0)
}

impl Encode for Conquest {
    fn course_planes(&self) -> (Layout, Vec<f32>) {
        let n = self.num_players();
        let layout = Layout {
            planes: 0,
            height: 0,
            width: 0,
            vector: GENERAL
                + n
                + self.map().zone_count() * per_zone(n)
                + n * (PER_SEAT + Card::ALL.len()),
            fixed: 0,
        };
        (layout, Vec::new())
    }

    fn encode(&self, seat: PlayerId, full: bool, _: &Layout, sink: &mut Sink<'_>) {
        let out = &mut *sink.vector;
        let n = self.num_players();
        let (general, rest) = out.split_at_mut(GENERAL + n);
        hot(general, stage_index(self.stage()));
        general[9] = f32::from(self.round()) / f32::from(self.rules().rounds.max(1));
        general[10] = f32::from(u8::from(self.pending().is_waiting_for(seat)));
        hot(
            &mut general[GENERAL..],
            relative(seat, self.turn().index(), n),
        );
        let zones = self.map().zone_count();
        let pz = per_zone(n);
        let (zone_part, seats) = rest.split_at_mut(zones * pz);
        let factories = self.map().factories();
        let open = self.open_factories();
        for (z, state) in self.zones().iter().enumerate().take(zones) {
            let block = &mut zone_part[z * pz..(z + 1) * pz];
            match state.owner {
                None => block[0] = 1.0,
                Some(p) => hot(block, 1 + relative(seat, p.index(), n)),
            }
            block[n + 1] = f32::from(state.robots) / 10.0;
            let id = ZoneId(z as u8);
            block[pz - 2] = f32::from(u8::from(factories.contains(id)));
            block[pz - 1] = f32::from(u8::from(open.contains(id)));
        }
        let per = PER_SEAT + Card::ALL.len();
        for (p, st) in self.players().iter().enumerate().take(n) {
            let rel = relative(seat, p, n);
            if let Some(z) = st.leader_at {
                if z.index() < zones {
                    zone_part[z.index() * pz + n + 2 + rel] = 1.0;
                }
            }
            let block = &mut seats[rel * per..(rel + 1) * per];
            block[0] = f32::from(st.supply) / 20.0;
            block[1] = f32::from(st.pool) / 10.0;
            block[2] = f32::from(st.removed) / 20.0;
            block[3] = st.hand.len() as f32 / 5.0;
            block[4] = f32::from(u8::from(st.out));
            block[5] = f32::from(u8::from(st.mode == Mode::Vehicle));
            if rel == 0 || full {
                for &c in &st.hand {
                    block[PER_SEAT + card_index(c)] += 1.0;
                }
            }
        }
    }

    fn text(&self) -> String {
        let mut s = format!("{}\n", self.standings());
        for (z, state) in self.zones().iter().enumerate() {
            let id = ZoneId(z as u8);
            let owner = state.owner.map_or("-".to_string(), |p| p.to_string());
            let leader = if self.leader_in(id) { " + leader" } else { "" };
            s.push_str(&format!(
                "{:<20} {owner:>3} {:>2} robots{leader}\n",
                self.map().zone_name(id),
                state.robots
            ));
        }
        s
    }
}
