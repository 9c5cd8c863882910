//! Replays of games played on a map of zones (conquest): the map as a
//! graph of zones at fixed places ([`MapPicture`]) and the game as
//! [`MapFrame`]s (who holds each zone, robots, leaders, the pieces'
//! positions, the attack of the frame, and what happened in words).

use serde::{Deserialize, Serialize};

/// A zone drawn as a node.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ZonePicture {
    /// Its name.
    pub name: String,
    /// Its sector (index into [`MapPicture::sectors`]).
    pub sector: u8,
    /// `ordinary`, `launch-pad`, `factory` or `shifting`.
    pub kind: String,
    /// Where its node stands, in page units.
    pub x: f32,
    /// Where its node stands, in page units.
    pub y: f32,
}

/// A sector's label.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SectorPicture {
    /// Its name.
    pub name: String,
    /// Extra robots a turn for holding all of it.
    pub bonus: u8,
    /// Where its label stands.
    pub x: f32,
    /// Where its label stands.
    pub y: f32,
}

/// A shifting piece: the zone it carries and, for each position, the
/// zones it joins and the factories it opens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PiecePicture {
    /// Its name.
    pub name: String,
    /// The zone it carries.
    pub zone: u8,
    /// Zones joined in each position.
    pub links: Vec<Vec<u8>>,
}

/// A map for the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapPicture {
    /// The map's name.
    pub name: String,
    /// Page units across (and down: the map is drawn in a square).
    pub size: f32,
    /// The zones.
    pub zones: Vec<ZonePicture>,
    /// The sectors.
    pub sectors: Vec<SectorPicture>,
    /// Fixed links between zones, each once.
    pub links: Vec<(u8, u8)>,
    /// The shifting pieces.
    pub pieces: Vec<PiecePicture>,
}

/// One seat at one moment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatFrame {
    /// Zones held.
    pub zones: u8,
    /// Robots on the map.
    pub robots: u32,
    /// Robots in the supply.
    pub supply: u8,
    /// Cards in hand.
    pub cards: u8,
    /// The leader's mode (`robot`, `vehicle`).
    pub mode: String,
    /// Where the leader stands (`None` once fallen).
    pub leader: Option<u8>,
    /// Wiped out.
    pub out: bool,
}

/// The game after one step: a placement phase, a roll, a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapFrame {
    /// The day, 0 during setup.
    pub day: u8,
    /// What the frame shows, in a few words (`day 2: Megatron attacks`).
    pub title: String,
    /// Each zone's holder (a seat), `None` when empty.
    pub owners: Vec<Option<u8>>,
    /// Each zone's robots (the leader apart).
    pub robots: Vec<u8>,
    /// Each piece's position.
    pub pieces: Vec<u8>,
    /// Open secret factories.
    pub open: Vec<u8>,
    /// The attack rolled in this frame: from, to.
    pub attack: Option<(u8, u8)>,
    /// Every seat.
    pub seats: Vec<SeatFrame>,
    /// What happened, in words, in order.
    pub events: Vec<String>,
}

/// A whole map replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapReplayDoc {
    /// Page title.
    pub title: String,
    /// The map.
    pub map: MapPicture,
    /// The seats' names (`P0 Optimus Prime (greedy)`).
    pub players: Vec<String>,
    /// The frames, first to last.
    pub frames: Vec<MapFrame>,
}

const TEMPLATE: &str = include_str!("map_template.html");

impl MapReplayDoc {
    /// The replay as one HTML page: the map as SVG, stepped frame by frame.
    ///
    /// ```
    /// use roborally::viewer::{MapPicture, MapReplayDoc};
    /// let map = MapPicture { name: "m".into(), size: 100.0, zones: vec![], sectors: vec![], links: vec![], pieces: vec![] };
    /// let doc = MapReplayDoc { title: "t".into(), map, players: vec![], frames: vec![] };
    /// let html = doc.to_html();
    /// assert!(html.starts_with("<!doctype html>"));
    /// assert!(!html.contains("src=") && !html.contains("<link") && !html.contains("url("));
    /// ```
    #[must_use]
    pub fn to_html(&self) -> String {
        super::page(TEMPLATE, &self.title, self)
    }
}
