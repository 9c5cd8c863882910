//! A course described for drawing: cell kinds, walls, beams and markers.

use robo_core::board::{Board, Wall};
use robo_core::element::{BeltSpeed, Elements};
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::ray::{cast, RayOptions};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// What a cell looks like: a kind name. The viewer draws the core kinds
/// (the constants below) itself; any other name is an edition's own kind
/// (a crusher, a portal, a road), drawn from the [`CellStyle`] the edition
/// gives it in [`BoardPicture::styles`], or with a default picture (a grey
/// cell with its label and an arrow for its direction).
///
/// ```
/// use roborally::viewer::CellKind;
/// assert_eq!(CellKind::PIT.name(), "Pit");
/// assert_eq!(CellKind::new("crusher").name(), "crusher");
/// assert_eq!(serde_json::to_string(&CellKind::EXPRESS_BELT).unwrap(), "\"ExpressBelt\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CellKind(Cow<'static, str>);

impl CellKind {
    /// No floor.
    pub const VOID: CellKind = CellKind::named("Void");
    /// Plain floor.
    pub const FLOOR: CellKind = CellKind::named("Floor");
    /// A pit.
    pub const PIT: CellKind = CellKind::named("Pit");
    /// A normal (green) belt.
    pub const BELT: CellKind = CellKind::named("Belt");
    /// An express (blue) belt.
    pub const EXPRESS_BELT: CellKind = CellKind::named("ExpressBelt");
    /// A gear.
    pub const GEAR: CellKind = CellKind::named("Gear");
    /// A push panel.
    pub const PUSHER: CellKind = CellKind::named("Pusher");
    /// A laser mount.
    pub const LASER: CellKind = CellKind::named("Laser");
    /// A battery / energy space.
    pub const BATTERY: CellKind = CellKind::named("Battery");
    /// A start space.
    pub const START: CellKind = CellKind::named("Start");
    /// Anything else (the label says what).
    pub const OTHER: CellKind = CellKind::named("Other");

    const fn named(name: &'static str) -> Self {
        CellKind(Cow::Borrowed(name))
    }

    /// A kind of the edition's own, by name.
    #[must_use]
    pub fn new(name: impl Into<Cow<'static, str>>) -> Self {
        CellKind(name.into())
    }

    /// The kind's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.0
    }
}

/// How the page draws an edition's own kind of cell (or redraws a core
/// kind): its fill, a glyph in the middle, and the colour of the arrow
/// for the cell's direction.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellStyle {
    /// The fill colour (CSS), e.g. `#8a6d3b`.
    pub fill: String,
    /// A glyph drawn in the middle of the cell (instead of its label).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glyph: Option<String>,
    /// The colour of the arrow drawn for a cell with a direction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrow: Option<String>,
}

/// One cell's picture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellPicture {
    /// What it is.
    pub kind: CellKind,
    /// The direction it points, for belts, pushers and lasers.
    pub dir: Option<Dir>,
    /// A short label ("1/3/5", "L", "2").
    pub label: String,
    /// The floor's height, for editions with levels: the page shades a
    /// raised cell lighter and a sunken one darker (0, the usual floor,
    /// is left out of the JSON).
    #[serde(default, skip_serializing_if = "is_ground")]
    pub level: i8,
}

fn is_ground(level: &i8) -> bool {
    *level == 0
}

impl CellPicture {
    /// A cell of a kind with no direction or label, at ground level.
    #[must_use]
    pub fn plain(kind: CellKind) -> Self {
        CellPicture {
            kind,
            dir: None,
            label: String::new(),
            level: 0,
        }
    }

    /// The same cell at another height.
    #[must_use]
    pub fn with_level(mut self, level: i8) -> Self {
        self.level = level;
        self
    }
}

/// A wall on one side of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WallPicture {
    /// The cell.
    pub pos: Pos,
    /// Its side.
    pub side: Dir,
    /// For a one-way wall, the direction it lets things through.
    pub open: Option<Dir>,
}

/// A token on the board: a checkpoint, a reboot token, ...
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
    /// The cell.
    pub pos: Pos,
    /// `checkpoint`, `reboot` or another kind the page draws as a label.
    pub kind: String,
    /// What to write on it.
    pub label: String,
    /// An arrow, for tokens that have one.
    pub dir: Option<Dir>,
}

/// A course for the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardPicture {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Cells, row by row.
    pub cells: Vec<CellPicture>,
    /// Walls, each edge once.
    pub walls: Vec<WallPicture>,
    /// Laser beams, mount cell to last lit cell.
    pub beams: Vec<(Pos, Pos)>,
    /// Tokens.
    pub markers: Vec<Marker>,
    /// How to draw the edition's own kinds of cell, by kind name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub styles: BTreeMap<String, CellStyle>,
}

impl BoardPicture {
    /// A floor of `width` x `height` with nothing on it.
    #[must_use]
    pub fn blank(width: usize, height: usize) -> Self {
        BoardPicture {
            width,
            height,
            cells: vec![CellPicture::plain(CellKind::FLOOR); width * height],
            walls: Vec::new(),
            beams: Vec::new(),
            markers: Vec::new(),
            styles: BTreeMap::new(),
        }
    }

    /// Says how the page draws cells of `kind` (an edition's own kind, or
    /// a core kind drawn differently).
    ///
    /// ```
    /// use roborally::viewer::{BoardPicture, CellKind, CellPicture, CellStyle};
    /// let mut pic = BoardPicture::blank(2, 1);
    /// pic.cells[1] = CellPicture::plain(CellKind::new("crusher")).with_level(1);
    /// pic.style(
    ///     &CellKind::new("crusher"),
    ///     CellStyle { fill: "#7a7a7a".into(), glyph: Some("C".into()), arrow: None },
    /// );
    /// let html = roborally::viewer::ReplayDoc {
    ///     title: "t".into(), board: pic, robots: vec![], frames: vec![],
    /// }.to_html();
    /// assert!(html.contains(r##""styles":{"crusher":{"fill":"#7a7a7a","glyph":"C"}}"##));
    /// assert!(html.contains(r#""kind":"crusher","dir":null,"label":"","level":1"#));
    /// ```
    pub fn style(&mut self, kind: &CellKind, style: CellStyle) {
        self.styles.insert(kind.name().to_string(), style);
    }

    /// The picture of a board. `special` names what the shared elements do
    /// not cover (pits, batteries, starts, ...); the rest comes from
    /// [`Elements`].
    pub fn from_board<T: Elements>(
        board: &Board<T>,
        special: impl Fn(&T) -> Option<CellPicture>,
    ) -> Self {
        let mut pic = BoardPicture::blank(board.width(), board.height());
        for (i, p) in board.positions().enumerate() {
            let Some(t) = board.tile(p) else {
                pic.cells[i] = CellPicture::plain(CellKind::VOID);
                continue;
            };
            pic.cells[i] = special(t).unwrap_or_else(|| element_picture(t));
            for side in Dir::ALL {
                // Each edge once: north and west sides, plus the far borders.
                let border = (side == Dir::E && p.x as usize + 1 == board.width())
                    || (side == Dir::S && p.y as usize + 1 == board.height())
                    || !board.contains(p.step(side));
                if !(matches!(side, Dir::N | Dir::W) || border) {
                    continue;
                }
                match board.wall(p, side) {
                    Wall::None => {}
                    Wall::Both => pic.walls.push(WallPicture {
                        pos: p,
                        side,
                        open: None,
                    }),
                    Wall::OneWay(d) => pic.walls.push(WallPicture {
                        pos: p,
                        side,
                        open: Some(d),
                    }),
                }
            }
            if let Some(m) = t.laser() {
                let opts = RayOptions {
                    include_start: true,
                    ..RayOptions::default()
                };
                let ray = cast(board, p, m.dir, opts, |_| None, |_| false);
                if let Some(last) = ray.cells.last() {
                    pic.beams.push((p, *last));
                }
            }
        }
        pic
    }
}

fn element_picture<T: Elements>(t: &T) -> CellPicture {
    if let Some(c) = t.conveyor() {
        let kind = if c.speed == BeltSpeed::Express {
            CellKind::EXPRESS_BELT
        } else {
            CellKind::BELT
        };
        let label = match (c.curve_left, c.curve_right) {
            (true, true) => "⤸⤹",
            (true, false) => "↰",
            (false, true) => "↱",
            _ => "",
        };
        return CellPicture {
            kind,
            dir: Some(c.dir),
            label: label.into(),
            level: 0,
        };
    }
    if let Some(p) = t.push_panel() {
        return CellPicture {
            kind: CellKind::PUSHER,
            dir: Some(p.dir),
            label: p.registers.to_string(),
            level: 0,
        };
    }
    if let Some(g) = t.gear() {
        let label = if g == Turn::Right { "R" } else { "L" };
        return CellPicture {
            kind: CellKind::GEAR,
            dir: None,
            label: label.into(),
            level: 0,
        };
    }
    if let Some(m) = t.laser() {
        return CellPicture {
            kind: CellKind::LASER,
            dir: Some(m.dir),
            label: m.beams.to_string(),
            level: 0,
        };
    }
    CellPicture::plain(CellKind::FLOOR)
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::toy::ToyTile;

    #[test]
    fn elements_walls_and_beams_are_pictured() {
        let b: Board<ToyTile> = Board::parse(
            "
+--+--+--+
|Z> ..|[]
+  +  +  +
 >= G< P>
+--+--+--+
",
        )
        .unwrap();
        let pic = BoardPicture::from_board(&b, |t| {
            (*t == ToyTile::Pit).then(|| CellPicture::plain(CellKind::PIT))
        });
        let kinds: Vec<&str> = pic.cells.iter().map(|c| c.kind.name()).collect();
        assert_eq!(
            kinds,
            ["Laser", "Floor", "Pit", "ExpressBelt", "Gear", "Pusher"]
        );
        assert_eq!(
            pic.beams,
            vec![(Pos::new(0, 0), Pos::new(1, 0))],
            "the wall stops the beam"
        );
        assert!(
            pic.walls.contains(&WallPicture {
                pos: Pos::new(1, 0),
                side: Dir::E,
                open: None
            }) || pic.walls.contains(&WallPicture {
                pos: Pos::new(2, 0),
                side: Dir::W,
                open: None
            })
        );
        // every edge once: 3 north + 3 south + west/east borders of row 0 + the inner wall
        assert_eq!(pic.walls.len(), 3 + 3 + 1 + 1);
    }
}
