//! Validation of map data into a [`Map`].

use super::{Map, MapData, MapError, Piece, Position, Sector, Zone, ZoneKind};
use crate::faction::Leader;
use crate::ids::{SectorId, ZoneId, ZoneSet, MAX_ZONES};
use std::collections::HashMap;

/// The most combinations of piece positions a map may have (each is
/// checked for connectivity).
pub const MAX_COMBINATIONS: usize = 1 << 16;
/// The most sectors a map may have.
pub const MAX_SECTORS: usize = 64;

fn unknown(context: impl Into<String>, what: &str, name: &str) -> MapError {
    MapError::Unknown {
        context: context.into(),
        what: what.into(),
        name: name.into(),
    }
}

fn check_name(what: &str, name: &str) -> Result<(), MapError> {
    let bad = name.is_empty() || name.trim() != name || name.contains(['|', ',', '\n', '#']);
    if bad {
        return Err(MapError::BadName {
            what: what.into(),
            name: name.into(),
        });
    }
    Ok(())
}

fn index_names<'a>(
    what: &str,
    names: impl Iterator<Item = &'a str>,
) -> Result<HashMap<&'a str, u8>, MapError> {
    let mut map = HashMap::new();
    for (i, name) in names.enumerate() {
        check_name(what, name)?;
        let i = u8::try_from(i).map_err(|_| MapError::TooMany {
            what: what.into(),
            count: i + 1,
            max: 255,
        })?;
        if map.insert(name, i).is_some() {
            return Err(MapError::Duplicate {
                what: what.into(),
                name: name.into(),
            });
        }
    }
    Ok(map)
}

pub(super) fn compile(data: MapData) -> Result<Map, MapError> {
    let n = data.zones.len();
    if !(2..=MAX_ZONES).contains(&n) {
        return Err(MapError::ZoneCount {
            count: n,
            max: MAX_ZONES,
        });
    }
    if data.sectors.len() > MAX_SECTORS {
        return Err(MapError::TooMany {
            what: "sectors".into(),
            count: data.sectors.len(),
            max: MAX_SECTORS,
        });
    }
    let sector_ix = index_names("sector", data.sectors.iter().map(|s| s.name.as_str()))?;
    let zone_ix = index_names("zone", data.zones.iter().map(|z| z.name.as_str()))?;
    index_names("piece", data.pieces.iter().map(|p| p.name.as_str()))?;
    let zone_id = |context: &str, name: &str| {
        zone_ix
            .get(name)
            .map(|&i| ZoneId(i))
            .ok_or_else(|| unknown(context, "zone", name))
    };

    // Zones, sectors and fixed neighbours.
    let mut zones = Vec::with_capacity(n);
    let mut sectors: Vec<Sector> = data
        .sectors
        .iter()
        .map(|s| Sector {
            name: s.name.clone(),
            bonus: s.bonus,
            zones: ZoneSet::EMPTY,
        })
        .collect();
    let mut base = vec![ZoneSet::EMPTY; n];
    for (i, z) in data.zones.iter().enumerate() {
        let id = ZoneId(i as u8);
        let s = *sector_ix
            .get(z.sector.as_str())
            .ok_or_else(|| unknown(format!("zone `{}`", z.name), "sector", &z.sector))?;
        if let Some(sector) = sectors.get_mut(usize::from(s)) {
            sector.zones.insert(id);
        }
        zones.push(Zone {
            name: z.name.clone(),
            sector: SectorId(s),
            kind: z.kind,
        });
        for nb in &z.neighbours {
            let other = zone_id(&format!("neighbours of `{}`", z.name), nb)?;
            if other == id {
                return Err(MapError::SelfLink(z.name.clone()));
            }
            base[i].insert(other);
        }
    }
    for (i, z) in data.zones.iter().enumerate() {
        for other in base[i] {
            if !base[other.index()].contains(ZoneId(i as u8)) {
                return Err(MapError::Asymmetric {
                    from: z.name.clone(),
                    to: data.zones[other.index()].name.clone(),
                });
            }
        }
    }
    if let Some(s) = sectors.iter().find(|s| s.zones.is_empty()) {
        return Err(MapError::EmptySector(s.name.clone()));
    }
    let pads: Vec<usize> = (0..n)
        .filter(|&i| zones[i].kind == ZoneKind::LaunchPad)
        .collect();
    let [pad] = pads[..] else {
        return Err(MapError::LaunchPads(pads.len()));
    };
    let factories: ZoneSet = (0..n)
        .filter(|&i| zones[i].kind == ZoneKind::Factory)
        .map(|i| ZoneId(i as u8))
        .collect();

    // Starts.
    let mut starts = [None; 4];
    for s in &data.starts {
        let z = zone_id(&format!("start of {}", s.leader), &s.zone)?;
        let slot = &mut starts[s.leader.index()];
        if slot.is_some() {
            return Err(MapError::Start {
                leader: s.leader,
                problem: "has two starting zones".into(),
            });
        }
        *slot = Some(z);
    }
    let mut start_ids = [ZoneId(0); 4];
    for l in Leader::ALL {
        let z = starts[l.index()].ok_or(MapError::Start {
            leader: l,
            problem: "has no starting zone".into(),
        })?;
        if let Some(other) = Leader::ALL[..l.index()]
            .iter()
            .find(|o| start_ids[o.index()] == z)
        {
            return Err(MapError::Start {
                leader: l,
                problem: format!("starts on the same zone as {other}"),
            });
        }
        start_ids[l.index()] = z;
    }

    // Pieces.
    let max_pieces = 16;
    if data.pieces.len() > max_pieces {
        return Err(MapError::TooMany {
            what: "pieces".into(),
            count: data.pieces.len(),
            max: max_pieces,
        });
    }
    let mut carried = ZoneSet::EMPTY;
    let mut opened = ZoneSet::EMPTY;
    let mut pieces = Vec::with_capacity(data.pieces.len());
    let mut combinations: usize = 1;
    for p in &data.pieces {
        let zone = zone_id(&format!("piece `{}`", p.name), &p.zone)?;
        let problem = |problem: &str| MapError::Shifting {
            zone: p.zone.clone(),
            problem: problem.into(),
        };
        if zones[zone.index()].kind != ZoneKind::Shifting {
            return Err(problem(&format!(
                "carried by piece `{}` but not of kind shifting",
                p.name
            )));
        }
        if carried.contains(zone) {
            return Err(problem("carried by two pieces"));
        }
        carried.insert(zone);
        if p.positions.len() < 2 || p.positions.len() > 16 {
            return Err(MapError::Positions(p.name.clone()));
        }
        combinations = combinations.saturating_mul(p.positions.len());
        let mut positions = Vec::with_capacity(p.positions.len());
        for (k, pos) in p.positions.iter().enumerate() {
            let context = format!("piece `{}` position {k}", p.name);
            let mut links = ZoneSet::EMPTY;
            for l in &pos.links {
                let z = zone_id(&context, l)?;
                if z == zone {
                    return Err(MapError::SelfLink(p.zone.clone()));
                }
                links.insert(z);
            }
            let mut opens = ZoneSet::EMPTY;
            for f in &pos.opens {
                let z = zone_id(&context, f)?;
                if !factories.contains(z) {
                    return Err(MapError::NotAFactory {
                        piece: p.name.clone(),
                        zone: f.clone(),
                    });
                }
                if k == 0 {
                    return Err(MapError::Factory {
                        zone: f.clone(),
                        problem: "open at the start (position 0)".into(),
                    });
                }
                opens.insert(z);
            }
            opened = opened.or(opens);
            positions.push(Position { links, opens });
        }
        pieces.push(Piece {
            name: p.name.clone(),
            kind: p.kind,
            zone,
            positions,
        });
    }
    for z in (0..n).filter(|&i| zones[i].kind == ZoneKind::Shifting) {
        if !carried.contains(ZoneId(z as u8)) {
            return Err(MapError::Shifting {
                zone: zones[z].name.clone(),
                problem: "carried by no piece".into(),
            });
        }
    }
    if let Some(f) = factories.minus(opened).iter().next() {
        return Err(MapError::Factory {
            zone: zones[f.index()].name.clone(),
            problem: "no piece position opens it".into(),
        });
    }
    if combinations > MAX_COMBINATIONS {
        return Err(MapError::TooMany {
            what: "piece position combinations".into(),
            count: combinations,
            max: MAX_COMBINATIONS,
        });
    }

    let map = Map {
        data,
        zones,
        sectors,
        base,
        pieces,
        starts: start_ids,
        launch_pad: ZoneId(pad as u8),
        factories,
    };
    check_connected(&map)?;
    Ok(map)
}

/// Every combination of piece positions leaves every zone reachable.
fn check_connected(map: &Map) -> Result<(), MapError> {
    let mut positions = vec![0u8; map.pieces.len()];
    let mut adj = Vec::new();
    let all = map.all_zones();
    loop {
        map.adjacency_into(&positions, &mut adj);
        let mut seen = ZoneSet::single(ZoneId(0));
        let mut frontier = seen;
        while !frontier.is_empty() {
            let mut next = ZoneSet::EMPTY;
            for z in frontier {
                next = next.or(adj[z.index()]);
            }
            frontier = next.minus(seen);
            seen = seen.or(next);
        }
        if let Some(z) = all.minus(seen).iter().next() {
            return Err(MapError::Disconnected {
                positions,
                zone: map.zone_name(z).to_string(),
            });
        }
        // Next combination (odometer).
        let mut i = 0;
        loop {
            let Some(p) = positions.get_mut(i) else {
                return Ok(());
            };
            *p += 1;
            if usize::from(*p) < map.pieces[i].positions.len() {
                break;
            }
            *p = 0;
            i += 1;
        }
    }
}
