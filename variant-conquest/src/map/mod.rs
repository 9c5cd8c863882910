//! The map: zones with names, sectors, kinds and neighbours, and shifting
//! pieces whose positions change some neighbours and open or close the
//! secret factories.
//!
//! A map is loaded from [`MapData`] (serde) or from the line format of
//! [`text`], and validated on load ([`Map::from_data`]). The default map,
//! [`Map::cybertron`], ships inside the crate as a line-format file.
//! `docs/conquest-map.md` describes both formats.

mod compile;
mod data;
pub mod text;

pub use data::{
    MapData, MapError, PieceData, PieceKind, PositionData, SectorData, StartData, ZoneData,
    ZoneKind,
};

use crate::faction::Leader;
use crate::ids::{PieceId, SectorId, ZoneId, ZoneSet};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// The shipped default map, in the line format.
pub const CYBERTRON_TEXT: &str = include_str!("cybertron.map");

/// A validated map.
///
/// ```
/// use variant_conquest::{Leader, Map, ZoneKind};
/// let map = Map::cybertron().unwrap();
/// assert_eq!(map.zone_count(), 42);
/// assert_eq!(map.zone(map.launch_pad()).unwrap().kind, ZoneKind::LaunchPad);
/// let start = map.start(Leader::Megatron);
/// assert_eq!(map.zone_name(start), "Kaon Arena");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    data: MapData,
    zones: Vec<Zone>,
    sectors: Vec<Sector>,
    base: Vec<ZoneSet>,
    pieces: Vec<Piece>,
    starts: [ZoneId; 4],
    launch_pad: ZoneId,
    factories: ZoneSet,
}

/// A zone of a validated map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// Its name.
    pub name: String,
    /// Its sector.
    pub sector: SectorId,
    /// Its kind.
    pub kind: ZoneKind,
}

/// A sector of a validated map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sector {
    /// Its name.
    pub name: String,
    /// Extra robots each turn for holding all of it.
    pub bonus: u8,
    /// Its zones.
    pub zones: ZoneSet,
}

/// A shifting piece of a validated map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its name.
    pub name: String,
    /// Rotating or sliding.
    pub kind: PieceKind,
    /// The zone it carries.
    pub zone: ZoneId,
    /// Its positions (it starts in position 0).
    pub positions: Vec<Position>,
}

/// One position of a shifting piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Zones joined to the piece's zone in this position.
    pub links: ZoneSet,
    /// Secret factories open in this position.
    pub opens: ZoneSet,
}

impl Piece {
    /// The positions one step away from `from`: for a rotating piece the
    /// next and previous in the cycle, for a sliding piece its neighbours
    /// along the track. Sorted, without duplicates, never `from` itself.
    #[must_use]
    pub fn steps_from(&self, from: u8) -> smallvec::SmallVec<[u8; 2]> {
        let n = self.positions.len();
        let f = usize::from(from);
        let mut out: smallvec::SmallVec<[u8; 2]> = smallvec::SmallVec::new();
        let mut push = |p: usize| {
            if p != f && p < n {
                if let Ok(p) = u8::try_from(p) {
                    if !out.contains(&p) {
                        out.push(p);
                    }
                }
            }
        };
        match self.kind {
            PieceKind::Rotating if n > 0 => {
                push((f + 1) % n);
                push((f + n - 1) % n);
            }
            _ => {
                push(f + 1);
                if f > 0 {
                    push(f - 1);
                }
            }
        }
        out.sort_unstable();
        out
    }
}

impl Map {
    /// Validates map data.
    ///
    /// # Errors
    /// The first failed check: unknown or duplicate names, asymmetric
    /// neighbours, a missing Launch Pad or start, a bad piece, a factory
    /// open at the start, or a zone unreachable in some piece positions.
    pub fn from_data(data: MapData) -> Result<Map, MapError> {
        compile::compile(data)
    }

    /// Reads and validates a map in the line format of [`text`].
    ///
    /// # Errors
    /// A [`MapError::Syntax`] with the line, or a validation error.
    pub fn from_text(text: &str) -> Result<Map, MapError> {
        Map::from_data(text::parse(text)?)
    }

    /// The default map of Cybertron (shared; built once).
    ///
    /// # Errors
    /// Never for the shipped data (a test holds it); the type says what
    /// would be reported.
    pub fn cybertron() -> Result<MapHandle, MapError> {
        static CYBERTRON: OnceLock<Result<MapHandle, MapError>> = OnceLock::new();
        CYBERTRON
            .get_or_init(|| Map::from_text(CYBERTRON_TEXT).map(|m| MapHandle(Arc::new(m), true)))
            .clone()
    }

    /// The data the map was loaded from.
    #[must_use]
    pub fn data(&self) -> &MapData {
        &self.data
    }

    /// The map's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.data.name
    }

    /// Number of zones.
    #[must_use]
    pub fn zone_count(&self) -> usize {
        self.zones.len()
    }

    /// Every zone of the map.
    #[must_use]
    pub fn all_zones(&self) -> ZoneSet {
        ZoneSet::first(self.zones.len())
    }

    /// A zone, if the id is on the map.
    #[must_use]
    pub fn zone(&self, id: ZoneId) -> Option<&Zone> {
        self.zones.get(id.index())
    }

    /// A zone's name (`"?"` for an id that is not on the map).
    #[must_use]
    pub fn zone_name(&self, id: ZoneId) -> &str {
        self.zone(id).map_or("?", |z| z.name.as_str())
    }

    /// The zone with this name.
    #[must_use]
    pub fn find_zone(&self, name: &str) -> Option<ZoneId> {
        self.zones
            .iter()
            .position(|z| z.name == name)
            .and_then(|i| u8::try_from(i).ok())
            .map(ZoneId)
    }

    /// The sectors.
    #[must_use]
    pub fn sectors(&self) -> &[Sector] {
        &self.sectors
    }

    /// The shifting pieces.
    #[must_use]
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// A piece, if the id is on the map.
    #[must_use]
    pub fn piece(&self, id: PieceId) -> Option<&Piece> {
        self.pieces.get(id.index())
    }

    /// A leader's starting zone.
    #[must_use]
    pub fn start(&self, leader: Leader) -> ZoneId {
        self.starts[leader.index()]
    }

    /// The Launch Pad.
    #[must_use]
    pub fn launch_pad(&self) -> ZoneId {
        self.launch_pad
    }

    /// The secret factories.
    #[must_use]
    pub fn factories(&self) -> ZoneSet {
        self.factories
    }

    /// The neighbours every zone has whatever the pieces' positions.
    #[must_use]
    pub fn fixed_neighbours(&self, id: ZoneId) -> ZoneSet {
        self.base.get(id.index()).copied().unwrap_or_default()
    }

    /// Fills `out` with every zone's neighbours with the pieces in
    /// `positions` (missing or out-of-range positions count as 0).
    pub fn adjacency_into(&self, positions: &[u8], out: &mut Vec<ZoneSet>) {
        out.clear();
        out.extend_from_slice(&self.base);
        for (i, piece) in self.pieces.iter().enumerate() {
            let p = positions.get(i).copied().unwrap_or(0);
            let Some(pos) = piece.positions.get(usize::from(p)) else {
                continue;
            };
            for z in pos.links {
                if let Some(n) = out.get_mut(z.index()) {
                    n.insert(piece.zone);
                }
                if let Some(n) = out.get_mut(piece.zone.index()) {
                    n.insert(z);
                }
            }
        }
    }

    /// Every zone's neighbours with the pieces in `positions`.
    #[must_use]
    pub fn adjacency(&self, positions: &[u8]) -> Vec<ZoneSet> {
        let mut out = Vec::new();
        self.adjacency_into(positions, &mut out);
        out
    }

    /// The secret factories open with the pieces in `positions`.
    #[must_use]
    pub fn open_factories(&self, positions: &[u8]) -> ZoneSet {
        let mut open = ZoneSet::EMPTY;
        for (i, piece) in self.pieces.iter().enumerate() {
            let p = positions.get(i).copied().unwrap_or(0);
            if let Some(pos) = piece.positions.get(usize::from(p)) {
                open = open.or(pos.opens);
            }
        }
        open
    }
}

/// Where a map comes from, as written in a setup or a saved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum MapSource {
    /// The shipped default map.
    #[default]
    Cybertron,
    /// A map given as data.
    Custom(MapData),
}

impl MapSource {
    /// Loads and validates the map.
    ///
    /// # Errors
    /// As [`Map::from_data`].
    pub fn load(&self) -> Result<MapHandle, MapError> {
        match self {
            MapSource::Cybertron => Map::cybertron(),
            MapSource::Custom(data) => {
                Map::from_data(data.clone()).map(|m| MapHandle(Arc::new(m), false))
            }
        }
    }
}

/// A shared, validated map, as held by a game. Cloning is cheap. It is
/// written as its [`MapSource`] and validated again when read.
#[derive(Clone, Debug)]
pub struct MapHandle(Arc<Map>, bool);

impl MapHandle {
    /// Wraps a validated map.
    #[must_use]
    pub fn new(map: Map) -> Self {
        MapHandle(Arc::new(map), false)
    }

    /// The source to write for this map.
    #[must_use]
    pub fn source(&self) -> MapSource {
        if self.1 {
            MapSource::Cybertron
        } else {
            MapSource::Custom(self.0.data.clone())
        }
    }
}

impl std::ops::Deref for MapHandle {
    type Target = Map;
    fn deref(&self) -> &Map {
        &self.0
    }
}

impl PartialEq for MapHandle {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || (self.1 == other.1 && *self.0 == *other.0)
    }
}

impl Serialize for MapHandle {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.source().serialize(s)
    }
}

impl<'de> Deserialize<'de> for MapHandle {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let source = MapSource::deserialize(d)?;
        source.load().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests;
