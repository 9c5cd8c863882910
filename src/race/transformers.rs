//! Robo Rally: Transformers as the race driver follows it: the course as
//! a picture (roads, buildings, ramps, turrets, fire pits and the rest,
//! each with its style) and as text, the replay's sentences, and what its
//! events do to the replay's robots and the round log.

use super::edition::RaceEdition;
use super::log::SeatNote;
use crate::core::event::GridEvent;
use crate::core::geom::{Dir, Pos};
use crate::core::view::GridView;
use crate::core::PlayerId;
use crate::terminal::transformers::{course_text, Markers, Robot, LEGEND};
use crate::viewer::{BoardPicture, CellKind, CellPicture, CellStyle, Marker, RobotFrame};
use variant_transformers::tiles::Tile;
use variant_transformers::{Event, Mode, Race};

/// A cell of an edition kind with a direction and a label.
fn cell(kind: &'static str, dir: Option<Dir>, label: &str) -> CellPicture {
    CellPicture {
        kind: CellKind::new(kind),
        dir,
        label: label.into(),
        level: 0,
    }
}

/// The styles of the Transformers kinds of cell.
const STYLES: [(&str, &str, Option<&str>, Option<&str>); 10] = [
    ("Walkway", "#6c8ebf", None, Some("#1d3a6b")),
    ("Road", "#5a5a5a", None, Some("#f2d04b")),
    ("Corner", "#5a5a5a", Some("↺↻"), Some("#f2d04b")),
    ("Building", "#8a6d3b", Some("B"), None),
    ("Arrow", "#8a6d3b", Some("⤾"), None),
    ("Ramp", "#c98b2a", Some("J"), Some("#3b2a0a")),
    ("FirePit", "#d2461e", Some("🔥"), None),
    ("Oil", "#222222", Some("oil"), None),
    ("PitStop", "#3cb371", Some("P"), None),
    ("Grandstand", "#9a9a9a", Some("#"), Some("#b22222")),
];

/// The course of `race` as the viewer draws it, with checkpoints, Energon
/// cubes, mines and space bridges as markers.
#[must_use]
pub fn course_picture(race: &Race) -> BoardPicture {
    let course = race.course();
    let mut pic = BoardPicture::from_board(course.board(), |t| match *t {
        Tile::Start { barred } => Some(cell("Start", None, if barred { "X" } else { "" })),
        Tile::Walkway(d) => Some(cell("Walkway", Some(d), "")),
        Tile::Road(d) => Some(cell("Road", Some(d), "")),
        Tile::Corner { head, turn } => Some(cell("Corner", Some(head), &turn.to_string())),
        Tile::Building { arrow } => Some(cell(if arrow { "Arrow" } else { "Building" }, None, "")),
        Tile::Ramp(d) => Some(cell("Ramp", Some(d), "")),
        Tile::FirePit => Some(cell("FirePit", None, "")),
        Tile::Oil => Some(cell("Oil", None, "")),
        Tile::PitStop => Some(cell("PitStop", None, "")),
        Tile::Grandstand { front } => Some(cell("Grandstand", Some(front), "")),
        _ => None,
    });
    for (kind, fill, glyph, arrow) in STYLES {
        pic.style(
            &CellKind::new(kind),
            CellStyle {
                fill: fill.into(),
                glyph: glyph.map(Into::into),
                arrow: arrow.map(Into::into),
            },
        );
    }
    let mut mark = |pos: Pos, kind: &str, label: String| {
        pic.markers.push(Marker {
            pos,
            kind: kind.into(),
            label,
            dir: None,
        });
    };
    for (i, &p) in race.checkpoints().iter().enumerate() {
        mark(p, "checkpoint", (i + 1).to_string());
    }
    for &p in race.cubes() {
        mark(p, "cube", "Energon".into());
    }
    for &p in race.mines() {
        mark(p, "mine", "mine".into());
    }
    for b in &course.extras().bridges {
        mark(b.at, "bridge", format!("bridge {}", b.colour));
    }
    pic
}

/// The course as text with each robot drawn over its cell (`2>` is P2
/// facing east, `b2>` in bot mode) and the checkpoints, Energon cubes and
/// mines where they are now, for a terminal `columns` wide (0: any
/// width; a course too wide is drawn compact).
///
/// ```
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::Game;
/// use roborally::race::transformers_board;
/// use variant_transformers::{courses, Race, Setup};
/// let course = courses::course(courses::DEFAULT_COURSE).unwrap();
/// let race = Race::new(Setup::new(course, 2), 1).unwrap();
/// let text = transformers_board(&race, &[Some((Pos::new(0, 0), Dir::S)), None], 0);
/// assert!(text.lines().nth(2).unwrap().starts_with(" 0   0v"));
/// ```
#[must_use]
pub fn render_board(race: &Race, robots: &[Option<(Pos, Dir)>], columns: usize) -> String {
    let standing: Vec<Robot> = robots
        .iter()
        .enumerate()
        .filter_map(|(seat, at)| {
            let seat = PlayerId(seat as u8);
            at.map(|at| Robot {
                seat,
                at,
                bot: race.mode(seat) == Mode::Bot,
            })
        })
        .collect();
    let now = Markers {
        checkpoints: race.checkpoints(),
        cubes: race.cubes(),
        mines: race.mines(),
    };
    course_text(race.course(), now, &standing, columns)
}

impl RaceEdition for Race {
    fn grid(&self) -> GridView {
        self.grid_view()
    }

    fn course_picture(&self) -> BoardPicture {
        course_picture(self)
    }

    fn render_board(&self, robots: &[Option<(Pos, Dir)>], columns: usize) -> String {
        render_board(self, robots, columns)
    }

    fn legend(&self) -> &'static str {
        LEGEND
    }

    fn start_facing(&self) -> Dir {
        self.course().start_facing()
    }

    fn tell(events: &[Event]) -> Vec<String> {
        crate::words::transformers::tell(events)
    }

    fn revealed(event: &Event) -> Option<(PlayerId, String)> {
        match event {
            Event::CardRevealed { player, card, .. } => Some((*player, card.to_string())),
            _ => None,
        }
    }

    fn grid_event(event: &Event) -> Option<&GridEvent> {
        match event {
            Event::Grid(g) => Some(g),
            _ => None,
        }
    }

    fn follow(event: &Event, robots: &mut [RobotFrame]) {
        match *event {
            Event::Returned {
                player,
                at: cell,
                facing,
            } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.pos = Some(cell);
                    r.facing = facing;
                    r.note = "back".into();
                }
            }
            Event::Fell { player, .. } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.pos = None;
                    r.note = "off the course".into();
                }
            }
            Event::CheckpointReached { player, checkpoint } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.checkpoints = u32::from(checkpoint);
                }
            }
            Event::Energon { player, energon } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.energy = Some(u32::from(energon));
                }
            }
            Event::Damaged { player, .. } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.damage += 1;
                }
            }
            Event::Converted { player, mode, .. } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.note = format!("{mode} mode");
                }
            }
            Event::GameOver {
                winner: Some(player),
            } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.note = "winner".into();
                }
            }
            _ => {}
        }
    }

    fn sync(&self, seat: PlayerId, robot: &mut RobotFrame) {
        if let Some(pl) = self.player(seat) {
            robot.energy = Some(u32::from(pl.energon()));
            let scrap = pl.all_damage();
            robot.damage = u32::try_from(scrap).unwrap_or(u32::MAX);
            if robot.note.is_empty() || robot.note.ends_with("mode") {
                robot.note = if pl.off().is_some() {
                    "off the course".into()
                } else {
                    format!("{} mode", self.mode(seat))
                };
            }
        }
    }

    fn round_note(event: &Event) -> Option<(PlayerId, SeatNote)> {
        Some(match *event {
            Event::CheckpointReached { player, checkpoint } => {
                (player, SeatNote::Checkpoint(checkpoint))
            }
            Event::Fell { player, .. } => (player, SeatNote::Fell),
            Event::Returned { player, .. } => (player, SeatNote::Rebooted),
            Event::Damaged { player, .. } => (player, SeatNote::Damage),
            _ => return None,
        })
    }
}
