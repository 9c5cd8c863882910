//! Self-contained HTML replays: one file, no network, no build step, that
//! draws a course as SVG and steps through a game register by register.
//!
//! An edition (or a front end) describes the course once as a
//! [`BoardPicture`] and the game as [`Frame`]s (robot positions and counters
//! after each register, with that register's events as text);
//! [`ReplayDoc::to_html`] writes the page. The engine itself never draws:
//! this module only formats data for a browser.
//!
//! Games on a map of zones (conquest) are replayed the same way with a
//! [`MapReplayDoc`]: the map as a graph of zones, frame by frame.
//!
//! Kinds of cell are open ([`CellKind`] is a name): the page draws the
//! core kinds itself, and an edition with kinds of its own (crushers,
//! portals, roads, ramps) gives each a [`CellStyle`] in
//! [`BoardPicture::styles`], or lets it take the default picture. A
//! cell's [`CellPicture::level`] shades raised and sunken floor.

mod map;
mod picture;

pub use map::{
    MapFrame, MapPicture, MapReplayDoc, PiecePicture, SeatFrame, SectorPicture, ZonePicture,
};
pub use picture::{BoardPicture, CellKind, CellPicture, CellStyle, Marker, WallPicture};

use robo_core::geom::{Dir, Pos};
use robo_core::Game;

/// Follows a game as it is played and writes it as an HTML replay: what
/// the race driver and the terminal client keep when asked for `--html`.
/// An edition gives one through
/// [`Playable::replay_recorder`](crate::editions::Playable::replay_recorder).
pub trait ReplayRecorder<G: Game> {
    /// Follows the events of one accepted action; `game` is the game
    /// after it.
    fn observe(&mut self, game: &G, events: &[G::Event]);

    /// The replay so far as one self-contained HTML page.
    fn html(&self, game: &G) -> String;

    /// Frames recorded so far.
    fn frames(&self) -> usize;
}
use serde::{Deserialize, Serialize};

/// One robot at one moment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RobotFrame {
    /// Cell, `None` while off the board (fallen, rebooting).
    pub pos: Option<Pos>,
    /// Facing.
    pub facing: Dir,
    /// Damage cards held (edition's count).
    pub damage: u32,
    /// Checkpoints reached.
    pub checkpoints: u32,
    /// Energy, for editions that have it.
    pub energy: Option<u32>,
    /// A short status ("rebooting", "shut down", "winner", ...).
    pub note: String,
    /// The card it revealed in this frame's register, shown beside it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// Flying in this frame (it took off during the register, or is
    /// still in the air).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flying: bool,
}

/// A shot drawn as a line for the frame that has it: a robot's weapon
/// (from the shooter to its target) or a board laser (from its mount to
/// the robot hit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shot {
    /// Where the shot comes from.
    pub from: Pos,
    /// The robot hit.
    pub to: Pos,
    /// A board laser's (not a robot's) shot.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub board: bool,
}

/// The state after one step of the game (usually one register).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// Round number, from 1.
    pub round: u32,
    /// Register number, from 1 (0 for a moment between registers).
    pub register: u32,
    /// Every robot, in seat order.
    pub robots: Vec<RobotFrame>,
    /// What happened in this step, in words, in the order it happened.
    pub events: Vec<String>,
    /// The shots of this step, drawn as lines.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shots: Vec<Shot>,
    /// Checkpoint markers that stand elsewhere than the board picture
    /// shows them (classic flags carried by belts, currents and pushers):
    /// the checkpoint's number (from 1) and its cell at this frame.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checkpoints: Vec<(u8, Pos)>,
    /// Devices on the board at the end of the frame (classic mines,
    /// missiles, ...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<Piece>,
    /// Explosions in this frame.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blasts: Vec<Blast>,
}

/// A device on the board, drawn as a small token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    /// Its number in the game.
    pub id: u32,
    /// Its cell.
    pub at: Pos,
    /// What it is, in the edition's word (`"Mine"`, `"Missile"`).
    pub kind: String,
    /// Its facing, for a device that moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Dir>,
    /// The seat whose robot laid it (its colour).
    pub owner: u8,
}

/// An explosion, drawn as a burst on its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blast {
    /// Its cell.
    pub at: Pos,
    /// Its damage on that cell (the burst's size).
    pub damage: u8,
}

/// A whole replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayDoc {
    /// Page title.
    pub title: String,
    /// The course.
    pub board: BoardPicture,
    /// Robot names in seat order.
    pub robots: Vec<String>,
    /// The frames, first to last.
    pub frames: Vec<Frame>,
}

/// Robot colours in seat order (the browser test looks for them).
pub const ROBOT_COLORS: [&str; 8] = [
    "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6",
];

const TEMPLATE: &str = include_str!("template.html");
/// The style every replay page shares.
const STYLE: &str = include_str!("page.css");
/// The stepping, autoplay, speed and keys every replay page shares.
const CONTROLS: &str = include_str!("controls.js");
/// The drawing module every replay page and the browser client share,
/// part one (`web/draw.js`): the SVG basics, the pictures of every board
/// element, robot and shot, and the board's legend. The pages inline it as
/// a plain script.
const DRAW: &str = include_str!("../../web/draw.js");
/// Part two (`web/draw-map.js`): the conquest map and its legend, drawn
/// with part one's basics; the map pages inline it after part one.
const DRAW_MAP: &str = include_str!("../../web/draw-map.js");
/// The header with the title and the controls every replay page shares.
const HEADER: &str = r#"<header>
  <h1 id="title">{{TITLE}}</h1>
  <button id="first" title="first frame (Home)">|&#x25C0;</button>
  <button id="prev" title="step back (&#x2190;)">&#x25C0;</button>
  <button id="play" title="play or pause (space)">&#x25B6; play</button>
  <button id="next" title="step forward (&#x2192;)">&#x25B6;|</button>
  <button id="last" title="last frame (End)">&#x25B6;&#x25B6;|</button>
  <label>speed <select id="speed" title="frames a second (+ and &#x2212;)"><option value="0.5">&#xBD;&#xD7;</option><option value="1" selected>1&#xD7;</option><option value="2">2&#xD7;</option><option value="4">4&#xD7;</option><option value="8">8&#xD7;</option></select></label>
  <input id="slider" type="range" min="0" value="0" aria-label="frame">
  <span id="counter"></span>
</header>"#;

/// A replay page: `template` with the shared style, header and controls,
/// the title (escaped) and the data (JSON that cannot close its script).
pub(crate) fn page(template: &str, title: &str, data: &impl Serialize) -> String {
    // serde_json cannot fail on these plain types; fall back to no data.
    let json = serde_json::to_string(data).unwrap_or_else(|_| "{}".to_string());
    // Keep the JSON from closing its <script> element.
    let json = json.replace("</", "<\\/");
    template
        .replace("{{DRAW}}", &inline(DRAW))
        .replace("{{DRAW_MAP}}", &inline(DRAW_MAP))
        .replace("{{HEADER}}", HEADER)
        .replace("{{STYLE}}", STYLE)
        .replace("{{CONTROLS}}", CONTROLS)
        .replace("{{TITLE}}", &escape_html(title))
        .replace("{{DATA}}", &json)
}

/// A module of the client as part of a page's one plain script: its
/// exports become plain declarations and its imports (of the parts inlined
/// before it) go.
fn inline(module: &str) -> String {
    module
        .lines()
        .filter(|l| !l.starts_with("import "))
        .map(|l| l.strip_prefix("export ").unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

impl ReplayDoc {
    /// The replay as one HTML page.
    ///
    /// ```
    /// use roborally::viewer::{BoardPicture, ReplayDoc};
    /// let doc = ReplayDoc { title: "t".into(), board: BoardPicture::blank(3, 2), robots: vec![], frames: vec![] };
    /// let html = doc.to_html();
    /// assert!(html.starts_with("<!doctype html>"));
    /// // Nothing is fetched: no external scripts, styles, images or fonts.
    /// assert!(!html.contains("src=") && !html.contains("<link") && !html.contains("url("));
    /// ```
    #[must_use]
    pub fn to_html(&self) -> String {
        page(TEMPLATE, &self.title, self)
    }
}

/// A replay page (any of this module's) that also carries the game's
/// record (setup, seed, actions, as JSON) and loads the engines'
/// WebAssembly package from `package` (the URL of its `roborally.js`):
/// the page plays the record again with the engine, says so in its header
/// (`data-engine` on the body: `checked` with the actions played, or the
/// engine's refusal) and offers the record for download. Without the
/// package (offline, or not built) the page is the plain replay.
///
/// ```
/// use roborally::viewer::{with_engine, BoardPicture, ReplayDoc};
/// let doc = ReplayDoc { title: "t".into(), board: BoardPicture::blank(3, 2), robots: vec![], frames: vec![] };
/// let html = with_engine(&doc.to_html(), r#"{"seed":1,"actions":["</script>"]}"#, "/web/pkg/roborally.js");
/// assert!(html.contains(r#"import("/web/pkg/roborally.js")"#));
/// assert_eq!(html.matches("</script>").count(), 4, "the record cannot close its script");
/// assert!(html.ends_with("</body>\n</html>\n"));
/// ```
#[must_use]
pub fn with_engine(html: &str, record: &str, package: &str) -> String {
    let record = record.replace("</", "<\\/");
    let package = serde_json::to_string(package).unwrap_or_else(|_| "\"\"".into());
    let script = format!(
        r#"<script type="application/json" id="record">{record}</script>
<script type="module">
// The engine in this page: the record played again by the WebAssembly package.
const text = document.getElementById("record").textContent;
const note = document.createElement("span");
note.id = "engine";
document.querySelector("header")?.append(note);
import({package}).then(({{ Game }}) => {{
  const game = Game.replay(text);
  const end = game.pending();
  note.textContent = `checked by the engine: ${{game.seq}} actions${{"Terminal" in end ? ", to the end" : ""}} `;
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], {{ type: "application/json" }}));
  a.download = "record.json";
  a.textContent = "the record";
  note.append(a);
  document.body.dataset.engine = "checked";
  document.body.dataset.engineActions = String(game.seq);
}}, () => {{ document.body.dataset.engine = "absent"; }}).catch(e => {{
  note.textContent = `the engine refuses this record: ${{e.message}}`;
  document.body.dataset.engine = "refused";
}});
</script>
"#
    );
    match html.rfind("</body>") {
        Some(at) => format!("{}{script}{}", &html[..at], &html[at..]),
        None => format!("{html}{script}"),
    }
}

fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_embeds_the_data_safely() {
        let mut doc = ReplayDoc {
            title: "<b>x</b>".into(),
            board: BoardPicture::blank(2, 2),
            robots: vec!["A".into()],
            frames: vec![],
        };
        doc.frames.push(Frame {
            round: 1,
            register: 1,
            robots: vec![RobotFrame {
                pos: Some(Pos::new(1, 1)),
                facing: Dir::E,
                damage: 2,
                checkpoints: 1,
                energy: Some(3),
                note: String::new(),
                card: Some("Move 2".into()),
                flying: false,
            }],
            events: vec!["</script><script>alert(1)</script>".into()],
            shots: vec![Shot {
                from: Pos::new(0, 0),
                to: Pos::new(1, 1),
                board: false,
            }],
            checkpoints: Vec::new(),
            pieces: Vec::new(),
            blasts: Vec::new(),
        });
        let html = doc.to_html();
        assert!(html.contains("&lt;b&gt;x&lt;/b&gt;"));
        assert!(!html.contains("</script><script>alert"));
        assert_eq!(
            html.matches("</script>").count(),
            2,
            "only the page's own two scripts close"
        );
        assert!(html.contains("\"facing\":\"E\""));
        assert!(
            html.contains("function drawBoard(") && !html.contains("\nexport "),
            "the drawing module is inlined as a plain script"
        );
    }

    #[test]
    fn the_drawing_module_has_the_seat_colours() {
        let at: Vec<usize> = ROBOT_COLORS.iter().map(|c| DRAW.find(c).unwrap()).collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "in seat order");
        assert!(!DRAW.contains("import "), "no imports: the pages inline it");
    }

    #[test]
    fn the_map_part_imports_only_from_the_first_and_inlines_without_it() {
        let imports: Vec<&str> = DRAW_MAP
            .lines()
            .filter(|l| l.starts_with("import "))
            .collect();
        assert_eq!(imports.len(), 1);
        assert!(imports[0].ends_with("from \"./draw.js\";"));
        let plain = inline(DRAW_MAP);
        assert!(!plain
            .lines()
            .any(|l| l.starts_with("import ") || l.starts_with("export ")));
        assert!(plain.contains("function drawMap(") && plain.contains("function mapLegend("));
        // The map's code is only in part two, the course's only in part one.
        assert!(!DRAW.contains("function drawMap(") && !DRAW_MAP.contains("function drawBoard("));
    }
}
