//! Self-contained HTML replays: one file, no network, no build step, that
//! draws a course as SVG and steps through a game register by register.
//!
//! An edition (or a front end) describes the course once as a
//! [`BoardPicture`] and the game as [`Frame`]s (robot positions and counters
//! after each register, with that register's events as text);
//! [`ReplayDoc::to_html`] writes the page. The engine itself never draws:
//! this module only formats data for a browser.
//!
//! Kinds of cell are open ([`CellKind`] is a name): the page draws the
//! core kinds itself, and an edition with kinds of its own (crushers,
//! portals, roads, ramps) gives each a [`CellStyle`] in
//! [`BoardPicture::styles`], or lets it take the default picture. A
//! cell's [`CellPicture::level`] shades raised and sunken floor.

mod picture;

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
    /// What happened in this step, in words.
    pub events: Vec<String>,
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
        // serde_json cannot fail on these plain types; fall back to an empty replay.
        let json = serde_json::to_string(self).unwrap_or_else(|_| "{}".to_string());
        // Keep the JSON from closing its <script> element.
        let json = json.replace("</", "<\\/");
        let title = escape_html(&self.title);
        TEMPLATE
            .replace("{{TITLE}}", &title)
            .replace("{{DATA}}", &json)
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
            }],
            events: vec!["</script><script>alert(1)</script>".into()],
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
    }
}
