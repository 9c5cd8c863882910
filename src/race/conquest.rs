//! Conquest as a replay: the map laid out as a graph of zones
//! ([`map_picture`]) and a recorder of the game, frame by frame
//! ([`MapRecorder`]): the setup, each player's placements, every attack
//! with its dice, every move.

use crate::viewer::{
    MapFrame, MapPicture, MapReplayDoc, PiecePicture, ReplayRecorder, SeatFrame, SectorPicture,
    ZonePicture,
};
use crate::words::{ConquestWords, Seen};
use robo_core::protocol::Pending;
use robo_core::{Game, PlayerId};
use variant_conquest::{Conquest, Decision, Event, Map, ZoneId, ZoneKind};

/// Page units across the map.
const SIZE: f32 = 1000.0;

/// The map laid out for the page: the sectors in a ring, clockwise from
/// the top in map order, each a wedge; a sector's zones, in map order,
/// fill its wedge in three rows (the first third outermost, the last
/// third innermost), each row clockwise. Cybertron's sectors list their
/// two outer, three middle and two inner zones in that order, so its
/// zones fall where its design puts them; any other map gets a readable
/// ring.
///
/// ```
/// use roborally::race::map_picture;
/// let map = roborally::conquest::Map::cybertron().unwrap();
/// let pic = map_picture(&map);
/// assert_eq!(pic.zones.len(), 42);
/// assert!(pic.zones.iter().all(|z| (0.0..=1000.0).contains(&z.x) && (0.0..=1000.0).contains(&z.y)));
/// ```
#[must_use]
pub fn map_picture(map: &Map) -> MapPicture {
    let c = SIZE / 2.0;
    let radius = SIZE * 0.41;
    let sectors = map.sectors();
    let n = sectors.len().max(1) as f32;
    let wedge = std::f32::consts::TAU / n;
    let at = |r: f32, angle: f32| (c + r * angle.sin(), c - r * angle.cos());
    let mut zones: Vec<Option<ZonePicture>> = vec![None; map.zone_count()];
    let mut labels = Vec::new();
    for (s, sector) in sectors.iter().enumerate() {
        let start = s as f32 * wedge;
        let ids: Vec<ZoneId> = sector.zones.iter().collect();
        let k = ids.len();
        let (outer, inner) = if k >= 3 { (k / 3, k / 3) } else { (0, 0) };
        let rows = [
            (&ids[..outer], 0.95),
            (&ids[outer..k - inner], 0.71),
            (&ids[k - inner..], 0.47),
        ];
        for (row, r) in rows {
            for (j, &z) in row.iter().enumerate() {
                // Rows stagger a little so that links do not run along them.
                let angle = start + (j as f32 + 0.5) / row.len() as f32 * wedge;
                let (x, y) = at(radius * r, angle);
                let Some(zone) = map.zone(z) else { continue };
                if let Some(slot) = zones.get_mut(z.index()) {
                    *slot = Some(ZonePicture {
                        name: zone.name.clone(),
                        sector: s as u8,
                        kind: match zone.kind {
                            ZoneKind::Ordinary => "ordinary",
                            ZoneKind::LaunchPad => "launch-pad",
                            ZoneKind::Factory => "factory",
                            ZoneKind::Shifting => "shifting",
                        }
                        .to_string(),
                        x,
                        y,
                    });
                }
            }
        }
        let (x, y) = at(radius * 1.1, start + wedge / 2.0);
        labels.push(SectorPicture {
            name: sector.name.clone(),
            bonus: sector.bonus,
            x,
            y,
        });
    }
    let mut links = Vec::new();
    for a in map.all_zones() {
        for b in map.fixed_neighbours(a) {
            if a < b {
                links.push((a.0, b.0));
            }
        }
    }
    let pieces = map
        .pieces()
        .iter()
        .map(|p| PiecePicture {
            name: p.name.clone(),
            zone: p.zone.0,
            links: p
                .positions
                .iter()
                .map(|pos| pos.links.iter().map(|z| z.0).collect())
                .collect(),
        })
        .collect();
    MapPicture {
        name: map.name().to_string(),
        size: SIZE,
        zones: zones
            .into_iter()
            .map(|z| {
                z.unwrap_or(ZonePicture {
                    name: String::new(),
                    sector: 0,
                    kind: "ordinary".into(),
                    x: c,
                    y: c,
                })
            })
            .collect(),
        sectors: labels,
        links,
        pieces,
    }
}

/// A conquest game recorded frame by frame for the map replay: a frame
/// closes when the game goes on to another phase (the claims, the setup
/// placement, a player's placements, morph, attacks, backup), after each
/// roll of the dice (with the attack drawn as an arrow), after each move,
/// and before each turn and day begins.
#[derive(Clone, Debug)]
pub struct MapRecorder {
    title: String,
    map: MapPicture,
    names: Vec<String>,
    words: ConquestWords,
    frames: Vec<MapFrame>,
    /// Lines since the last frame.
    text: Vec<String>,
    /// The attack being rolled.
    attack: Option<(u8, u8)>,
    /// The phase asked after the last action.
    asked: Option<u8>,
    /// The day being told (0 during setup).
    day: u8,
    /// Whose turn is being told.
    turn: PlayerId,
}

impl MapRecorder {
    /// A recorder of `game` from where it stands now; `names` names the
    /// seats.
    #[must_use]
    pub fn new(game: &Conquest, title: String, names: &[String]) -> Self {
        let mut r = MapRecorder {
            title,
            map: map_picture(game.map()),
            names: names
                .iter()
                .enumerate()
                .map(|(i, n)| {
                    let leader = game
                        .player(PlayerId(i as u8))
                        .map_or_else(String::new, |p| p.leader.to_string());
                    // `P0 greedy` -> `P0 Optimus Prime (greedy)`.
                    match n.split_once(' ') {
                        Some((seat, who)) => format!("{seat} {leader} ({who})"),
                        None => format!("{n} {leader}"),
                    }
                })
                .collect(),
            words: ConquestWords::new(game, Seen::All),
            frames: Vec::new(),
            text: Vec::new(),
            attack: None,
            asked: phase(game),
            day: game.round(),
            turn: game.turn(),
        };
        r.text
            .push("the game begins: each leader stands on its start zone".into());
        r.close(game);
        r
    }

    /// The replay document so far.
    #[must_use]
    pub fn doc(&self) -> MapReplayDoc {
        MapReplayDoc {
            title: self.title.clone(),
            map: self.map.clone(),
            players: self.names.clone(),
            frames: self.frames.clone(),
        }
    }

    fn close(&mut self, game: &Conquest) {
        if self.text.is_empty() {
            return;
        }
        let turn = game
            .player(self.turn)
            .map_or_else(String::new, |p| p.leader.to_string());
        let title = match self.day {
            0 => "setup".to_string(),
            d => format!("day {d} of {}: {turn}'s turn", game.rules().rounds),
        };
        let seats = game
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| SeatFrame {
                zones: p.held.len() as u8,
                robots: game.robots_on_map(PlayerId(i as u8)),
                supply: p.supply,
                cards: p.hand.len().min(usize::from(u8::MAX)) as u8,
                mode: p.mode.to_string(),
                leader: p.leader_at.map(|z| z.0),
                out: p.out,
            })
            .collect();
        self.frames.push(MapFrame {
            day: self.day,
            title,
            owners: game.zones().iter().map(|z| z.owner.map(|p| p.0)).collect(),
            robots: game.zones().iter().map(|z| z.robots).collect(),
            pieces: game.piece_positions().to_vec(),
            open: game.open_factories().iter().map(|z| z.0).collect(),
            attack: self.attack.take(),
            seats,
            events: std::mem::take(&mut self.text),
        });
    }
}

/// The phase of the question the game asks now (an attack, its defence
/// and its move-in are one phase).
fn phase(game: &Conquest) -> Option<u8> {
    match game.pending() {
        Pending::Decision { decision, .. } => Some(match decision {
            Decision::Claim => 0,
            Decision::SetupPlace { .. } => 1,
            Decision::Place { .. } => 2,
            Decision::Morph => 3,
            Decision::Attack | Decision::Defend { .. } | Decision::MoveIn { .. } => 4,
            Decision::Backup { .. } => 5,
        }),
        _ => None,
    }
}

impl ReplayRecorder<Conquest> for MapRecorder {
    fn observe(&mut self, game: &Conquest, events: &[Event]) {
        let mut step = false;
        for e in events {
            match e {
                Event::RoundStarted { round } => {
                    // The day is in the frames' titles.
                    self.close(game);
                    self.day = *round;
                    continue;
                }
                Event::TurnStarted { player } => {
                    self.close(game);
                    self.turn = *player;
                }
                Event::AttackDeclared { from, to, .. } => self.attack = Some((from.0, to.0)),
                Event::Rolled { .. }
                | Event::MovedIn { .. }
                | Event::BackedUp { .. }
                | Event::LeaderMoved { .. }
                | Event::Shifted { .. }
                | Event::GameOver(_) => step = true,
                _ => {}
            }
            self.text.extend(self.words.event(e));
        }
        let now = phase(game);
        // A turn's header and reinforcements open its placement frame.
        if step || (now != self.asked && now != Some(2)) {
            self.close(game);
        }
        self.asked = now;
    }

    fn html(&self, _: &Conquest) -> String {
        self.doc().to_html()
    }

    fn frames(&self) -> usize {
        self.frames.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::Policy;
    use variant_conquest::bots::GreedyBot;
    use variant_conquest::Setup;

    #[test]
    fn the_map_is_laid_out_in_a_ring_with_every_zone_apart() {
        let map = Map::cybertron().unwrap();
        let pic = map_picture(&map);
        for (i, a) in pic.zones.iter().enumerate() {
            assert!(!a.name.is_empty());
            for b in &pic.zones[i + 1..] {
                let d = ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
                assert!(d > 60.0, "{} and {} overlap ({d})", a.name, b.name);
            }
        }
        // Neighbours across two sectors stand close: Northern Spires
        // (Iacon) and Skyhold (Vos).
        let find = |n: &str| pic.zones.iter().find(|z| z.name == n).unwrap();
        let (a, b) = (find("Northern Spires"), find("Skyhold"));
        assert!(((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt() < 300.0);
        assert_eq!(pic.sectors.len(), 6);
        assert_eq!(pic.pieces.len(), 4);
        assert!(pic.links.len() > 60);
    }

    #[test]
    fn a_game_is_recorded_day_by_day_and_attack_by_attack() {
        let mut game = Conquest::new(Setup::for_players(3), 4).unwrap();
        let names: Vec<String> = (0..3).map(|i| format!("P{i} greedy")).collect();
        let mut rec = MapRecorder::new(&game, "t".into(), &names);
        let mut bots: Vec<GreedyBot> = (0..3).map(GreedyBot::new).collect();
        let mut rolls = 0;
        while let Pending::Decision { player, .. } = game.pending() {
            let a = bots[player.index()].choose(&game, player).unwrap();
            let events = game.apply(player, a).unwrap();
            rolls += events
                .iter()
                .filter(|e| matches!(e, Event::Rolled { .. }))
                .count();
            rec.observe(&game, &events);
        }
        let doc = rec.doc();
        let attacks = doc.frames.iter().filter(|f| f.attack.is_some()).count();
        assert_eq!(attacks, rolls, "one frame for every roll");
        for f in doc.frames.iter().filter(|f| f.attack.is_some()) {
            assert!(
                f.events.iter().any(|e| e.starts_with("dice: ")),
                "{:?}",
                f.events
            );
        }
        assert!(doc.frames.iter().all(|f| !f.events.is_empty()));
        for day in 1..=6 {
            assert!(doc.frames.iter().any(|f| f.day == day), "day {day}");
        }
        let last = doc.frames.last().unwrap();
        assert!(last
            .events
            .iter()
            .any(|e| e.starts_with("the game is over")));
        assert_eq!(last.owners.len(), 42);
        assert_eq!(doc.players[0], "P0 Optimus Prime (greedy)");
        let html = doc.to_html();
        assert!(html.contains("\"attack\":["));
        assert_eq!(html.matches("</script>").count(), 2);
    }
}
