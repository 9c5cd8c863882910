//! A course described for drawing: cell kinds, walls, beams and markers.

use robo_core::board::{Board, Wall};
use robo_core::element::{BeltSpeed, Elements};
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::ray::{cast, RayOptions};
use serde::{Deserialize, Serialize};

/// What a cell looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CellKind {
    /// No floor.
    Void,
    /// Plain floor.
    Floor,
    /// A pit.
    Pit,
    /// A normal (green) belt.
    Belt,
    /// An express (blue) belt.
    ExpressBelt,
    /// A gear.
    Gear,
    /// A push panel.
    Pusher,
    /// A laser mount.
    Laser,
    /// A battery / energy space.
    Battery,
    /// A start space.
    Start,
    /// Anything else (the label says what).
    Other,
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
}

impl CellPicture {
    /// A cell of a kind with no direction or label.
    #[must_use]
    pub fn plain(kind: CellKind) -> Self {
        CellPicture {
            kind,
            dir: None,
            label: String::new(),
        }
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
}

impl BoardPicture {
    /// A floor of `width` x `height` with nothing on it.
    #[must_use]
    pub fn blank(width: usize, height: usize) -> Self {
        BoardPicture {
            width,
            height,
            cells: vec![CellPicture::plain(CellKind::Floor); width * height],
            walls: Vec::new(),
            beams: Vec::new(),
            markers: Vec::new(),
        }
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
                pic.cells[i] = CellPicture::plain(CellKind::Void);
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
            CellKind::ExpressBelt
        } else {
            CellKind::Belt
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
        };
    }
    if let Some(p) = t.push_panel() {
        return CellPicture {
            kind: CellKind::Pusher,
            dir: Some(p.dir),
            label: p.registers.to_string(),
        };
    }
    if let Some(g) = t.gear() {
        let label = if g == Turn::Right { "R" } else { "L" };
        return CellPicture {
            kind: CellKind::Gear,
            dir: None,
            label: label.into(),
        };
    }
    if let Some(m) = t.laser() {
        return CellPicture {
            kind: CellKind::Laser,
            dir: Some(m.dir),
            label: m.beams.to_string(),
        };
    }
    CellPicture::plain(CellKind::Floor)
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
            (*t == ToyTile::Pit).then(|| CellPicture::plain(CellKind::Pit))
        });
        let kinds: Vec<CellKind> = pic.cells.iter().map(|c| c.kind).collect();
        use CellKind::*;
        assert_eq!(kinds, vec![Laser, Floor, Pit, ExpressBelt, Gear, Pusher]);
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
