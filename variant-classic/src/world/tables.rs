//! The course's tables, built once and shared by every clone of a game:
//! the cell table, the currents as belts, portals, crossings, and which
//! register elements the course has.

use super::{kind, World};
use crate::courses::Course;
use crate::tiles::{Cell, Crossing, Tile};
use robo_core::board::Board;
use robo_core::element::{BeltSpeed, Conveyor};
use robo_core::geom::{Dir, Pos};
use robo_core::race::table::{CellTable, FromCourse};

/// The course's tables, shared by every clone of a game.
#[derive(Debug)]
pub struct Tables {
    pub(super) course: Course,
    pub(super) table: CellTable<Cell, u16, ()>,
    /// The course with its currents as belts and nothing else: the
    /// currents' pass reads it.
    pub(super) currents: Board<Cell>,
    /// Every portal's cell and its partner's (the other portal of its
    /// colour), if it has one.
    pub(super) portals: Vec<(Pos, Pos)>,
    /// The course has an upper level or a repulsor field: something
    /// besides walls that stops a shot.
    pub(super) sight_blockers: bool,
    /// Which elements the course has, so the register skips the steps of
    /// the ones it lacks.
    pub(super) elements: Elements,
    /// What crossing each edge does ([`crate::tiles::crossing`]), by cell
    /// (row after row) and direction: read by every step of every move.
    pub(super) crossings: Vec<[Crossing; 4]>,
    /// The board's width and height, to index `crossings`.
    pub(super) size: (usize, usize),
    /// How many cells a main laser's shot from each cell (row after row)
    /// crosses towards each direction before a wall or the floor's end
    /// stops it (at most 255): read by the robot lasers' volley.
    pub(super) clear: Vec<[u8; 4]>,
}

/// Which kinds of register element a course has (read once, when its
/// tables are built): a step with nothing to act on is skipped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Elements {
    /// Trap doors.
    pub trap_doors: bool,
    /// Express belts.
    pub express_belts: bool,
    /// Belts of any speed.
    pub belts: bool,
    /// Currents.
    pub currents: bool,
    /// Pushers.
    pub pushers: bool,
    /// Gears.
    pub gears: bool,
    /// Crushers (a tile or a crusher over another tile).
    pub crushers: bool,
    /// Board laser mounts (a tile or a mount over another tile).
    pub lasers: bool,
    /// Flamers.
    pub flamers: bool,
    /// Radioactive waste.
    pub waste: bool,
    /// Oil slicks.
    pub oil: bool,
    /// Teleporters.
    pub teleporters: bool,
    /// Repulsor fields.
    pub repulsors: bool,
    /// Chop shops.
    pub chop_shops: bool,
    /// Water (any kind).
    pub water: bool,
    /// An upper level (ramps, ledges).
    pub levels: bool,
}

impl Elements {
    /// The elements of the cells of `board`.
    fn of(board: &Board<Cell>) -> Self {
        let mut e = Elements::default();
        for (_, c) in board.cells() {
            match c.tile {
                Tile::TrapDoor(_) => e.trap_doors = true,
                Tile::Belt(b) => {
                    e.belts = true;
                    e.express_belts |= b.speed == BeltSpeed::Express;
                }
                Tile::Current(_) => e.currents = true,
                Tile::Pusher(_) => e.pushers = true,
                Tile::Gear(_) => e.gears = true,
                Tile::Crusher(_) => e.crushers = true,
                Tile::Laser(_) => e.lasers = true,
                Tile::Flamer(_) => e.flamers = true,
                Tile::Waste => e.waste = true,
                Tile::Oil => e.oil = true,
                Tile::Teleporter => e.teleporters = true,
                Tile::Repulsor(_) => e.repulsors = true,
                Tile::ChopShop => e.chop_shops = true,
                _ => {}
            }
            e.water |= c.tile.is_water();
            e.levels |= c.level > 0;
            e.crushers |= c.crusher.is_some();
            e.lasers |= c.mount.is_some();
        }
        e
    }
}

impl FromCourse for Tables {
    type Course = Course;
    fn from_course(course: Course) -> Self {
        let board = course.board();
        let table = CellTable::new(board, kind::of, |_| false);
        let currents = board.map(|c| Cell {
            tile: match c.tile {
                Tile::Current(dir) => Tile::Belt(Conveyor {
                    speed: BeltSpeed::Normal,
                    dir,
                    curve_left: false,
                    curve_right: false,
                }),
                _ => Tile::Floor,
            },
            level: c.level,
            ..Cell::default()
        });
        let portal = |p: Pos| match board.tile(p).map(|c| c.tile) {
            Some(Tile::Portal(n)) => Some(n),
            _ => None,
        };
        let cells: Vec<(Pos, u8)> = board
            .cells()
            .filter_map(|(p, _)| portal(p).map(|n| (p, n)))
            .collect();
        let portals = cells
            .iter()
            .filter_map(|&(p, n)| {
                let mut same = cells.iter().filter(|&&(q, m)| m == n && q != p);
                match (same.next(), same.next()) {
                    (Some(&(q, _)), None) => Some((p, q)),
                    _ => None,
                }
            })
            .collect();
        let sight_blockers = board
            .cells()
            .any(|(_, c)| c.level > 0 || matches!(c.tile, Tile::Repulsor(_)));
        let elements = Elements::of(board);
        let size = (board.width(), board.height());
        let crossings = (0..size.0 * size.1)
            .map(|i| {
                let at = Pos::new((i % size.0) as i16, (i / size.0) as i16);
                Dir::ALL.map(|d| crate::tiles::crossing(board, at, d))
            })
            .collect();
        let clear = (0..size.0 * size.1)
            .map(|i| {
                let at = Pos::new((i % size.0) as i16, (i / size.0) as i16);
                Dir::ALL.map(|d| clear_cells(&table, at, d))
            })
            .collect();
        Tables {
            elements,
            clear,
            crossings,
            size,
            course,
            table,
            currents,
            portals,
            sight_blockers,
        }
    }
    fn course(&self) -> &Course {
        &self.course
    }
}

/// How many cells a shot from `from` towards `dir` crosses before a wall
/// or a cell with no floor stops it (at most 255), as the motion kit walks
/// a shot with no wall to go through.
fn clear_cells(table: &CellTable<Cell, u16, ()>, from: Pos, dir: Dir) -> u8 {
    let stop = (1u8 << dir.index()) | (1u8 << (4 + dir.index()));
    let mut at = from;
    for k in 0..u8::MAX {
        match table.cell(at) {
            Some(c) if c.exits & stop == 0 => at = at.step(dir),
            _ => return k,
        }
    }
    u8::MAX
}

impl World {
    /// How many cells a main laser's shot from `from` towards `dir`
    /// crosses before a wall or the floor's end stops it (sight blockers
    /// aside), if `from` is on the course's rectangle.
    #[inline]
    #[must_use]
    pub(crate) fn clear_cells(&self, from: Pos, dir: Dir) -> Option<u8> {
        let t = &self.arena.0;
        let (x, y) = (usize::from(from.x as u16), usize::from(from.y as u16));
        (x < t.size.0 && y < t.size.1).then(|| t.clear[y * t.size.0 + x][dir.index()])
    }

    /// The course.
    #[must_use]
    pub fn course(&self) -> &Course {
        &self.arena.0.course
    }

    /// The cell table of the course.
    #[must_use]
    pub fn table(&self) -> &CellTable<Cell, u16, ()> {
        &self.arena.0.table
    }

    /// What crossing from `from` towards `dir` does, read from the table
    /// built with the course.
    #[inline]
    #[must_use]
    pub fn crossing(&self, from: Pos, dir: Dir) -> Crossing {
        let t = &self.arena.0;
        let (x, y) = (usize::from(from.x as u16), usize::from(from.y as u16));
        if x < t.size.0 && y < t.size.1 {
            t.crossings[y * t.size.0 + x][dir.index()]
        } else {
            crate::tiles::crossing(self.course().board(), from, dir)
        }
    }

    /// Which kinds of register element the course has.
    #[must_use]
    pub fn elements(&self) -> Elements {
        self.arena.0.elements
    }

    /// The other portal of the colour of the portal on `pos`, if any.
    #[must_use]
    pub fn portal_partner(&self, pos: Pos) -> Option<Pos> {
        self.arena
            .0
            .portals
            .iter()
            .find(|&&(p, _)| p == pos)
            .map(|&(_, q)| q)
    }

    /// Does something besides a wall stop a shot crossing from `from`
    /// towards `dir` (a change of level, a repulsor field)?
    #[must_use]
    pub fn blocks_shot(&self, from: Pos, dir: Dir) -> bool {
        self.arena.0.sight_blockers && crate::tiles::blocks_sight(self.course().board(), from, dir)
    }

    /// The level of the floor on `pos` (0 off the floor).
    #[must_use]
    pub fn level(&self, pos: Pos) -> u8 {
        self.table().tile(pos).map_or(0, |c| c.level)
    }

    /// The tile under `pos` (`None` off the floor).
    #[must_use]
    pub fn tile(&self, pos: Pos) -> Option<Tile> {
        self.table().tile(pos).map(|c| c.tile)
    }
}
