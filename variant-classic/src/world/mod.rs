//! The robots on the course: where each stands, what entering a cell does
//! to it, and the harm the grid does (laser hits, destruction) waiting for
//! the game to count it.

mod arena;
mod devices;
mod flight;
mod lasers;
mod moves;

pub use arena::LEDGE_DAMAGE;
pub use moves::{Rammed, TELEPORT_BACK, TELEPORT_EXTRA};

use crate::courses::Course;
use crate::tiles::{Cell, Crossing, Tile};
use robo_core::board::Board;
use robo_core::element::{BeltSpeed, Conveyor};
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::RobotId;
use robo_core::race::body::{Bodies, Body};
use robo_core::race::table::{CellTable, FromCourse, SharedArena};
use robo_core::transient::Transient;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// A classic robot's own state beside its cell and facing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Extra {
    /// A virtual robot (it re-entered on an occupied archive cell): it
    /// neither blocks, pushes nor is hit until it stands alone.
    #[serde(default)]
    pub ghost: bool,
    /// A flying robot: it meets only other flying robots (it neither
    /// pushes nor is pushed by robots on the floor, and passes over
    /// them), and pits, drains and open trap doors do not take it. The
    /// game without options never sets it: it is the hook the flying
    /// options use.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flying: bool,
}

/// How a robot was destroyed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicDoom")
)]
pub enum Doom {
    /// It entered a pit.
    Pit,
    /// It entered a drain.
    Drain,
    /// It fell through an open trap door.
    TrapDoor,
    /// A crusher crushed it.
    Crusher,
    /// It left the floor.
    Edge,
    /// Its tenth damage token.
    Damage,
}

/// Harm the grid did, for the game to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Harm {
    /// Damage tokens.
    Damage(RobotId, u8),
    /// Destroyed at once.
    Destroyed(RobotId, Doom),
    /// Damage tokens from a shot travelling `dir`, for a robot whose
    /// Shield, Reflector or Power Down Shield is in play: the game sees
    /// which side it comes from. `by`: the robot whose laser it is (a
    /// Reflector sends it back), `None` for a board laser or a shell.
    Shot {
        /// The robot hit.
        robot: RobotId,
        /// Damage tokens.
        tokens: u8,
        /// Where the shot travels.
        dir: Dir,
        /// The robot whose laser it is.
        by: Option<RobotId>,
    },
}

/// The course's tables, shared by every clone of a game.
#[derive(Debug)]
pub struct Tables {
    course: Course,
    table: CellTable<Cell, u16, ()>,
    /// The course with its currents as belts and nothing else: the
    /// currents' pass reads it.
    currents: Board<Cell>,
    /// Every portal's cell and its partner's (the other portal of its
    /// colour), if it has one.
    portals: Vec<(Pos, Pos)>,
    /// The course has an upper level or a repulsor field: something
    /// besides walls that stops a shot.
    sight_blockers: bool,
    /// Which elements the course has, so the register skips the steps of
    /// the ones it lacks.
    elements: Elements,
    /// What crossing each edge does ([`crate::tiles::crossing`]), by cell
    /// (row after row) and direction: read by every step of every move.
    crossings: Vec<[Crossing; 4]>,
    /// The board's width and height, to index `crossings`.
    size: (usize, usize),
}

/// The kind bits of a cell in the course's table: which register steps
/// can act on a robot (or a flag) standing there. A step whose kind is
/// under no robot or flag is skipped ([`World::kinds_under`]).
pub mod kind {
    use crate::tiles::{Cell, Tile};
    use robo_core::element::BeltSpeed;

    /// A trap door.
    pub const TRAP_DOOR: u16 = 1;
    /// An express belt.
    pub const EXPRESS: u16 = 1 << 1;
    /// A belt of any speed.
    pub const BELT: u16 = 1 << 2;
    /// A current.
    pub const CURRENT: u16 = 1 << 3;
    /// A pusher.
    pub const PUSHER: u16 = 1 << 4;
    /// A gear.
    pub const GEAR: u16 = 1 << 5;
    /// A crusher (a tile or over another tile).
    pub const CRUSHER: u16 = 1 << 6;
    /// A flamer.
    pub const FLAMER: u16 = 1 << 7;
    /// Radioactive waste.
    pub const WASTE: u16 = 1 << 8;
    /// Radiation.
    pub const RADIATION: u16 = 1 << 9;
    /// A repair site (one or two tools).
    pub const REPAIR: u16 = 1 << 10;
    /// A randomizer.
    pub const RANDOMIZER: u16 = 1 << 11;
    /// A cell that does something to a robot entering it (a pit, a drain,
    /// a trap door, a flamer, a portal).
    pub const ENTRY: u16 = 1 << 12;

    /// The kind bits of `cell`.
    #[must_use]
    pub fn of(cell: &Cell) -> u16 {
        let tile = match cell.tile {
            Tile::TrapDoor(_) => TRAP_DOOR,
            Tile::Belt(b) if b.speed == BeltSpeed::Express => EXPRESS | BELT,
            Tile::Belt(_) => BELT,
            Tile::Current(_) => CURRENT,
            Tile::Pusher(_) => PUSHER,
            Tile::Gear(_) => GEAR,
            Tile::Flamer(_) => FLAMER,
            Tile::Waste => WASTE,
            Tile::Radiation => RADIATION,
            Tile::Repair(_) => REPAIR,
            Tile::Randomizer => RANDOMIZER,
            _ => 0,
        };
        let entry = match cell.tile {
            Tile::Pit | Tile::Drain | Tile::TrapDoor(_) | Tile::Flamer(_) | Tile::Portal(_) => {
                ENTRY
            }
            _ => 0,
        };
        tile | entry | if cell.crusher().is_some() { CRUSHER } else { 0 }
    }
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
        Tables {
            elements,
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

/// The robots on a course.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct World {
    /// The course and its tables.
    arena: SharedArena<Tables>,
    /// The robots, by seat.
    pub(crate) bodies: Bodies<Extra>,
    /// Grid events not yet reported.
    #[serde(skip)]
    pub(crate) log: Vec<GridEvent>,
    /// Harm not yet counted.
    #[serde(skip)]
    pub(crate) harm: SmallVec<[Harm; 8]>,
    /// The register being resolved (0 between registers): trap doors and
    /// flamers act only in theirs.
    #[serde(default)]
    pub(crate) register: u8,
    /// Where the flags are now, in order (belts, currents and pushers move
    /// them); empty: where the course puts them.
    #[serde(default)]
    pub(crate) flags: SmallVec<[Pos; 8]>,
    /// Flags moved and not yet reported: flag (from 1) and its new cell.
    #[serde(skip)]
    pub(crate) flag_log: SmallVec<[(u8, Pos); 4]>,
    /// The currents' pass is running: the conveyors are the currents.
    #[serde(skip)]
    pub(crate) flowing: bool,
    /// Which mount hit which robot at this register's board lasers.
    #[serde(default)]
    pub(crate) beamed: SmallVec<[(Pos, RobotId); 8]>,
    /// What the last scans found: no virtual robot on the board; the
    /// robots' generation when the board lasers last fired. Forgotten by a
    /// clone or a save.
    #[serde(skip)]
    pub(crate) memo: Transient<Memos>,
    /// Robots (a bit per seat) whose Shield or Reflector is in play this
    /// turn: their hits come as [`Harm::Shot`].
    #[serde(default)]
    pub(crate) guarded: u8,
    /// Robots (a bit per seat) whose Gyroscopic Stabilizer is on this
    /// turn: gears and turning belts do not turn them.
    #[serde(default)]
    pub(crate) steady: u8,
    /// The High-Flying rule (see [`World::high_flying`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) high_flying: bool,
    /// The devices on the board, in the order they were laid.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) devices: Vec<crate::race::Device>,
    /// The number the next device laid gets.
    #[serde(default)]
    pub(crate) next_device: u16,
    /// Explosions not yet reported: cell, damage, the device that blew up.
    #[serde(skip)]
    pub(crate) blasts: SmallVec<[(Pos, u8, Option<u16>); 2]>,
}

/// What the last scans found, kept while it holds.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Memos {
    /// No robot on the board is virtual (only [`World::place`] makes one).
    pub(crate) no_ghosts: bool,
    /// The board lasers' hits were read.
    pub(crate) lasers: Option<u64>,
    /// The kinds under the robots and flags, and the robots' generation
    /// they were read at (forgotten when a flag moves).
    pub(crate) under: Option<(u64, u16)>,
}

impl World {
    /// `tokens` damage tokens to `robot` from a shot travelling `dir`
    /// (`by`: the robot whose laser it is): a [`Harm::Shot`] for a robot
    /// whose Shield or Reflector is in play, plain damage otherwise.
    #[must_use]
    pub(crate) fn shot(&self, robot: RobotId, tokens: u8, dir: Dir, by: Option<RobotId>) -> Harm {
        if self.guarded & (1 << (robot.0 & 7)) == 0 {
            Harm::Damage(robot, tokens)
        } else {
            Harm::Shot {
                robot,
                tokens,
                dir,
                by,
            }
        }
    }

    /// A world on `course` with `robots` robots, none placed yet.
    #[must_use]
    pub fn new(course: Course, robots: usize) -> Self {
        let facing = course.start_facing();
        World {
            arena: SharedArena::new(Tables::from_course(course)),
            bodies: Bodies::new((0..robots).map(|_| Body::new(Pos::default(), facing, false))),
            log: Vec::new(),
            harm: SmallVec::new(),
            register: 0,
            flags: SmallVec::new(),
            flag_log: SmallVec::new(),
            flowing: false,
            beamed: SmallVec::new(),
            memo: Transient::default(),
            guarded: 0,
            steady: 0,
            high_flying: false,
            devices: Vec::new(),
            next_device: 0,
            blasts: SmallVec::new(),
        }
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

    /// Where flag `k` (from 1) stands now.
    #[must_use]
    pub fn flag(&self, k: u8) -> Option<Pos> {
        let i = usize::from(k.checked_sub(1)?);
        self.flags
            .get(i)
            .or_else(|| self.course().checkpoints().get(i))
            .copied()
    }

    /// The flag (from 1) standing on `pos`, if any.
    #[must_use]
    pub fn flag_at(&self, pos: Pos) -> Option<u8> {
        let n = self.course().checkpoints().len() as u8;
        (1..=n).find(|&k| self.flag(k) == Some(pos))
    }

    /// Every flag's cell, in order, as a slice (the moved flags once one
    /// has moved, the course's until then).
    #[must_use]
    pub fn flag_cells(&self) -> &[Pos] {
        if self.flags.is_empty() {
            self.course().checkpoints()
        } else {
            &self.flags
        }
    }

    /// Every flag's cell, in order.
    pub fn flags(&self) -> impl Iterator<Item = Pos> + '_ {
        let n = self.course().checkpoints().len() as u8;
        (1..=n).filter_map(|k| self.flag(k))
    }

    /// The robots.
    #[must_use]
    pub fn bodies(&self) -> &Bodies<Extra> {
        &self.bodies
    }

    /// The tile under `pos` (`None` off the floor).
    #[must_use]
    pub fn tile(&self, pos: Pos) -> Option<Tile> {
        self.table().tile(pos).map(|c| c.tile)
    }

    /// Where robot `r` stands and faces, if on the board.
    #[must_use]
    pub fn at(&self, r: RobotId) -> Option<(Pos, Dir)> {
        self.bodies.on_board(r).map(|b| (b.pos, b.facing))
    }

    /// May a robot on the board be virtual? `false` only when none is
    /// (known without a scan once one has found none).
    #[must_use]
    pub fn may_have_ghosts(&self) -> bool {
        !self.memo.no_ghosts
    }

    /// Is robot `r` virtual?
    #[must_use]
    pub fn is_ghost(&self, r: RobotId) -> bool {
        self.bodies.get(r).is_some_and(|b| b.extra.ghost)
    }

    /// Is robot `r` flying?
    #[must_use]
    pub fn is_flying(&self, r: RobotId) -> bool {
        self.bodies.get(r).is_some_and(|b| b.extra.flying)
    }

    /// Robot `r` takes off (`true`) or lands.
    pub fn set_flying(&mut self, r: RobotId, flying: bool) {
        if let Some(b) = self.bodies.get(r).copied() {
            let extra = Extra { flying, ..b.extra };
            self.bodies.set(r, Body { extra, ..b });
        }
    }

    /// Puts robot `r` on `pos` facing `facing`, virtual or not (flying as
    /// it was).
    pub fn place(&mut self, r: RobotId, pos: Pos, facing: Dir, ghost: bool) {
        let flying = self.is_flying(r);
        if ghost {
            self.memo.no_ghosts = false;
        }
        self.bodies.set(
            r,
            Body {
                pos,
                facing,
                on_board: true,
                extra: Extra { ghost, flying },
            },
        );
        self.log.push(GridEvent::Placed {
            robot: r,
            at: pos,
            facing,
        });
    }

    /// Takes robot `r` off the board.
    pub fn remove(&mut self, r: RobotId) {
        if let Some(at) = self.bodies.pos(r) {
            if self.bodies.on_board(r).is_some() {
                self.log.push(GridEvent::Removed { robot: r, at });
            }
        }
        self.bodies.remove(r);
    }

    /// The robots standing on a tile `hit` picks (virtual ones left out),
    /// in seat order.
    pub fn standing_on(&self, hit: impl Fn(Tile) -> bool) -> SmallVec<[RobotId; 8]> {
        self.bodies
            .placed()
            .filter(|(_, b)| !b.extra.ghost && self.tile(b.pos).is_some_and(&hit))
            .map(|(r, _)| r)
            .collect()
    }

    /// The real robots standing on a cell `hit` picks, in seat order.
    pub fn standing_on_cell(&self, hit: impl Fn(&Cell) -> bool) -> SmallVec<[RobotId; 8]> {
        self.bodies
            .placed()
            .filter(|(_, b)| !b.extra.ghost && self.table().tile(b.pos).is_some_and(|c| hit(&c)))
            .map(|(r, _)| r)
            .collect()
    }

    /// Every real robot standing on a cell of kind `kinds` (bits of
    /// [`kind`]) that `hit` picks comes to the harm `harm` names for it (in
    /// seat order); nothing is collected on the way (this runs at several
    /// steps of every register).
    pub fn harm_where(
        &mut self,
        kinds: u16,
        hit: impl Fn(&Cell) -> bool,
        harm: impl Fn(RobotId) -> Harm,
    ) {
        let table = &self.arena.0.table;
        for (i, b) in self.bodies.as_slice().iter().enumerate() {
            if !b.on_board || b.extra.ghost {
                continue;
            }
            let Some(c) = table.cell(b.pos) else { continue };
            if c.kinds & kinds != 0 && c.tile.as_ref().is_some_and(&hit) {
                let r = RobotId(i as u8);
                // A flying robot passes over some elements (trap doors;
                // under High-Flying, crushers and flamers too).
                if b.extra.flying
                    && self
                        .tile(b.pos)
                        .is_some_and(|t| self.passes_over(r, t, kinds & kind::CRUSHER != 0))
                {
                    continue;
                }
                self.harm.push(harm(r));
            }
        }
    }

    /// The kind bits ([`kind`]) of the cells under the robots on the board
    /// (virtual ones too) and the flags: a register step whose kind is not
    /// among them has nothing to act on. Read again only after a robot or
    /// a flag moved.
    #[must_use]
    pub fn kinds_under(&mut self) -> u16 {
        let generation = self.bodies.generation();
        if let Some((g, kinds)) = self.memo.under {
            if g == generation {
                return kinds;
            }
        }
        let table = &self.arena.0.table;
        let robots = table.kinds_under(self.bodies.cells());
        let kinds = robots | table.kinds_under(self.flag_cells().iter().copied());
        self.memo.under = Some((generation, kinds));
        kinds
    }

    /// Virtual robots standing alone become real; returns them.
    pub fn settle_ghosts(&mut self) -> SmallVec<[RobotId; 8]> {
        let mut real = SmallVec::new();
        if self.memo.no_ghosts {
            return real;
        }
        if !self.bodies.iter().any(|b| b.on_board && b.extra.ghost) {
            self.memo.no_ghosts = true;
            return real;
        }
        for i in 0..self.bodies.len() {
            let r = RobotId(i as u8);
            let Some(b) = self.bodies.on_board(r).copied() else {
                continue;
            };
            let alone = !self
                .bodies
                .placed()
                .any(|(o, ob)| o != r && ob.pos == b.pos);
            if b.extra.ghost && alone {
                self.bodies.set(
                    r,
                    Body {
                        extra: Extra {
                            ghost: false,
                            ..b.extra
                        },
                        ..b
                    },
                );
                real.push(r);
            }
        }
        real
    }
}

#[cfg(test)]
mod tests;
