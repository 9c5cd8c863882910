//! The map as data: the serde form (what is written to files) and the
//! errors of loading it.

use crate::faction::Leader;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A map as written to files (JSON through serde, or the line format of
/// [`crate::map::text`]). Unchecked: [`crate::Map::from_data`] validates it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapData {
    /// The map's name.
    pub name: String,
    /// Sectors, in order.
    pub sectors: Vec<SectorData>,
    /// Zones, in order (their index is their [`crate::ZoneId`]).
    pub zones: Vec<ZoneData>,
    /// Shifting pieces, in order (their index is their [`crate::PieceId`]).
    #[serde(default)]
    pub pieces: Vec<PieceData>,
    /// The starting zone of each leader.
    pub starts: Vec<StartData>,
}

/// A sector as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectorData {
    /// Unique name.
    pub name: String,
    /// Extra robots each turn for a player holding every zone of it.
    pub bonus: u8,
}

/// The kind of a zone.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "kebab-case")]
pub enum ZoneKind {
    /// An ordinary zone.
    #[default]
    Ordinary,
    /// The Launch Pad (exactly one per map): breaks ties at the end.
    LaunchPad,
    /// A secret factory: closed at the start; while open it adds robots to
    /// its holder's reinforcements.
    Factory,
    /// The zone of a shifting piece: its neighbours depend on the piece's
    /// position.
    Shifting,
}

impl ZoneKind {
    /// The word used in the line format.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            ZoneKind::Ordinary => "ordinary",
            ZoneKind::LaunchPad => "launch-pad",
            ZoneKind::Factory => "factory",
            ZoneKind::Shifting => "shifting",
        }
    }

    /// The kind named by a word of the line format.
    #[must_use]
    pub fn from_word(word: &str) -> Option<ZoneKind> {
        [
            ZoneKind::Ordinary,
            ZoneKind::LaunchPad,
            ZoneKind::Factory,
            ZoneKind::Shifting,
        ]
        .into_iter()
        .find(|k| k.word() == word)
    }
}

/// A zone as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneData {
    /// Unique name.
    pub name: String,
    /// The sector's name.
    pub sector: String,
    /// What kind of zone it is.
    #[serde(default)]
    pub kind: ZoneKind,
    /// Neighbours in every position of the pieces (each must list this
    /// zone back).
    pub neighbours: Vec<String>,
}

/// How a shifting piece moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PieceKind {
    /// Turns through its positions in a cycle (the last step wraps round).
    Rotating,
    /// Slides along its positions (no wrap-around).
    Sliding,
}

impl PieceKind {
    /// The word used in the line format.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            PieceKind::Rotating => "rotating",
            PieceKind::Sliding => "sliding",
        }
    }
}

/// A shifting piece as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceData {
    /// Unique name.
    pub name: String,
    /// Rotating or sliding.
    pub kind: PieceKind,
    /// The shifting zone carried by the piece.
    pub zone: String,
    /// Its positions; it starts in the first.
    pub positions: Vec<PositionData>,
}

/// One position of a shifting piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionData {
    /// Zones the piece's zone is joined to in this position (besides its
    /// fixed neighbours).
    #[serde(default)]
    pub links: Vec<String>,
    /// Secret factories this position opens.
    #[serde(default)]
    pub opens: Vec<String>,
}

/// A leader's starting zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartData {
    /// The leader.
    pub leader: Leader,
    /// The zone's name.
    pub zone: String,
}

/// Why a map does not load.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum MapError {
    /// The line format could not be read.
    #[error("line {line}: {message}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Fewer than two zones, or more than a zone set holds.
    #[error("a map has 2 to {max} zones, this one has {count}")]
    ZoneCount {
        /// Zones given.
        count: usize,
        /// The most allowed.
        max: usize,
    },
    /// Too many sectors or pieces for the engine's small ids.
    #[error("too many {what}: {count} (at most {max})")]
    TooMany {
        /// Sectors or pieces.
        what: String,
        /// How many were given.
        count: usize,
        /// The most allowed.
        max: usize,
    },
    /// Two things of one kind share a name.
    #[error("duplicate {what} name `{name}`")]
    Duplicate {
        /// Zone, sector or piece.
        what: String,
        /// The name.
        name: String,
    },
    /// A name that is not defined.
    #[error("{context}: unknown {what} `{name}`")]
    Unknown {
        /// Where it was used.
        context: String,
        /// Zone, sector or piece.
        what: String,
        /// The name.
        name: String,
    },
    /// A name that cannot be written in the line format.
    #[error("{what} name `{name}` must be non-empty, trimmed, and free of `|`, `,` and `#`")]
    BadName {
        /// Zone, sector or piece.
        what: String,
        /// The name.
        name: String,
    },
    /// A zone that neighbours itself.
    #[error("zone `{0}` is linked to itself")]
    SelfLink(String),
    /// `from` lists `to` as a neighbour but not the other way round.
    #[error("zone `{from}` lists `{to}` as a neighbour, but `{to}` does not list `{from}`")]
    Asymmetric {
        /// The zone that lists the other.
        from: String,
        /// The zone that does not list it back.
        to: String,
    },
    /// A map needs exactly one Launch Pad.
    #[error("a map needs exactly one Launch Pad, this one has {0}")]
    LaunchPads(usize),
    /// A sector with no zone.
    #[error("sector `{0}` has no zone")]
    EmptySector(String),
    /// Every leader needs one starting zone, on distinct zones.
    #[error("leader {leader}: {problem}")]
    Start {
        /// The leader.
        leader: Leader,
        /// What is wrong (missing, twice, shared zone).
        problem: String,
    },
    /// A piece's zone must be a shifting zone, and every shifting zone
    /// must be carried by exactly one piece.
    #[error("shifting zone `{zone}`: {problem}")]
    Shifting {
        /// The zone.
        zone: String,
        /// What is wrong.
        problem: String,
    },
    /// A piece needs at least two positions.
    #[error("piece `{0}` needs at least two positions")]
    Positions(String),
    /// A piece's position opens a zone that is not a secret factory.
    #[error("piece `{piece}` opens `{zone}`, which is not a secret factory")]
    NotAFactory {
        /// The piece.
        piece: String,
        /// The zone.
        zone: String,
    },
    /// Secret factories start closed, and each must be opened by some
    /// position.
    #[error("secret factory `{zone}`: {problem}")]
    Factory {
        /// The factory.
        zone: String,
        /// What is wrong.
        problem: String,
    },
    /// Some zone cannot be reached in some combination of piece positions.
    #[error("with the pieces in positions {positions:?}, zone `{zone}` cannot be reached")]
    Disconnected {
        /// The position of each piece.
        positions: Vec<u8>,
        /// A zone that cannot be reached from the first zone.
        zone: String,
    },
}
