//! Robots' lines of fire: the nearest robot in a line (or every robot in
//! it, for a piercing shot), short of walls, gaps in the floor and what
//! the edition says blocks a shot; and a volley, every shot of which is
//! aimed before any is applied.
//!
//! Robots are looked at first (there are few) and only the cells up to
//! the robot found are walked, so a long empty line costs nothing. The
//! answers are those of [`crate::ray::cast`] (the differential test below
//! holds them to it).

use super::body::Bodies;
use super::table::CellTable;
use crate::geom::{Dir, Pos};
use crate::ids::RobotId;
use smallvec::SmallVec;

/// How a shot travels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FireOptions {
    /// Hits every robot in line, not only the nearest (a rail gun).
    pub pierce: bool,
    /// Walls the shot goes through before one stops it (`u8::MAX`: any
    /// number; classic's High-Power Laser: 1).
    pub walls: u8,
    /// Crosses cells with no floor (gaps between boards) instead of
    /// stopping there; the shot ends where the course's rectangle does.
    pub gaps: bool,
}

impl FireOptions {
    /// Through every wall, gap and robot to the end of the course.
    pub const RAIL: FireOptions = FireOptions {
        pierce: true,
        walls: u8::MAX,
        gaps: true,
    };
}

/// One robot's shot of a [`volley`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shot {
    /// Who fires.
    pub by: RobotId,
    /// From where.
    pub from: Pos,
    /// Towards where.
    pub dir: Dir,
    /// How the shot travels.
    pub options: FireOptions,
}

/// A robot hit by a [`Shot`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hit {
    /// Who fired.
    pub by: RobotId,
    /// The robot hit.
    pub target: RobotId,
    /// The direction of the shot.
    pub dir: Dir,
}

/// The robots on the board in line from `from` towards `dir` (not on
/// `from` itself), with how many cells ahead each stands, nearest first.
fn ahead<X>(bodies: &Bodies<X>, from: Pos, dir: Dir) -> SmallVec<[(u32, RobotId); 8]> {
    let (ux, uy) = dir.delta();
    let (ux, uy) = (i32::from(ux), i32::from(uy));
    let mut out: SmallVec<[(u32, RobotId); 8]> = SmallVec::new();
    for (r, b) in bodies.placed() {
        // How far ahead towards `dir` it stands, and how far off that line.
        let (dx, dy) = (
            i32::from(b.pos.x) - i32::from(from.x),
            i32::from(b.pos.y) - i32::from(from.y),
        );
        let (along, aside) = (dx * ux + dy * uy, dx * uy - dy * ux);
        if aside == 0 && along > 0 {
            out.push((along.unsigned_abs(), r));
        }
    }
    out.sort_unstable_by_key(|&(d, _)| d);
    out
}

/// Walks `cells` cells from `from` towards `dir`: how far the shot gets
/// (all of them, or fewer when a wall, a gap or `blocks` stops it). The
/// cells walked lie between two cells of the course's rectangle, so never
/// outside it.
#[inline]
fn reach<T: Copy, K: Copy + Default, E: Copy>(
    table: &CellTable<T, K, E>,
    from: Pos,
    dir: Dir,
    cells: u32,
    options: FireOptions,
    blocks: &impl Fn(Pos, Pos) -> bool,
) -> u32 {
    let wall = 1u8 << dir.index();
    let gap = 1u8 << (4 + dir.index());
    // What stops the shot on the way out of a cell.
    let stop = wall | if options.gaps { 0 } else { gap };
    let mut walls = options.walls;
    let mut at = from;
    for k in 0..cells {
        let Some(c) = table.cell(at) else {
            return k;
        };
        let e = c.exits & stop;
        if e != 0 {
            if e & gap != 0 || walls == 0 {
                return k;
            }
            if walls != u8::MAX {
                walls -= 1;
            }
        }
        let next = at.step(dir);
        if blocks(at, next) {
            return k;
        }
        at = next;
    }
    cells
}

/// The nearest robot in line from `from` towards `dir` (not on `from`):
/// walls stop the shot (but the first `options.walls`), cells with no
/// floor stop it (unless `options.gaps`), and so does any step from a cell
/// `a` into the next cell `b` for which `blocks(a, b)` (an edition's
/// buildings, jump ramps...).
///
/// ```
/// use robo_core::board::{Board, Wall};
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::race::body::{Bodies, Body};
/// use robo_core::race::fire::{nearest_in_line, FireOptions};
/// use robo_core::race::table::CellTable;
/// use robo_core::RobotId;
/// let mut board = Board::new(6, 1, ()).unwrap();
/// board.set_wall(Pos::new(3, 0), Dir::E, Wall::Both).unwrap();
/// let table: CellTable<(), u8, ()> = CellTable::new(&board, |_| 0, |_| false);
/// let bodies: Bodies = [0, 5].into_iter().map(|x| Body::new(Pos::new(x, 0), Dir::E, true)).collect();
/// let shot = |options| nearest_in_line(&table, &bodies, Pos::new(0, 0), Dir::E, options, |_, _| false);
/// assert_eq!(shot(FireOptions::default()), None, "the wall shields robot 1");
/// assert_eq!(shot(FireOptions { walls: 1, ..FireOptions::default() }), Some(RobotId(1)));
/// ```
// Small and on the hot path of every register (each robot's laser).
#[inline(always)]
pub fn nearest_in_line<T: Copy, K: Copy + Default, E: Copy, X>(
    table: &CellTable<T, K, E>,
    bodies: &Bodies<X>,
    from: Pos,
    dir: Dir,
    options: FireOptions,
    blocks: impl Fn(Pos, Pos) -> bool,
) -> Option<RobotId> {
    nearest_visible(table, bodies, from, dir, options, blocks, |_| true)
}

/// [`nearest_in_line`] among the robots `visible` names: the others are
/// not there for the shot (they neither take it nor stop it), as robots
/// in a Transformers fire pit.
///
/// ```
/// use robo_core::board::Board;
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::race::body::{Bodies, Body};
/// use robo_core::race::fire::{nearest_visible, FireOptions};
/// use robo_core::race::table::CellTable;
/// use robo_core::RobotId;
/// let board = Board::new(6, 1, ()).unwrap();
/// let table: CellTable<(), u8, ()> = CellTable::new(&board, |_| 0, |_| false);
/// let bodies: Bodies = [0, 2, 4].into_iter().map(|x| Body::new(Pos::new(x, 0), Dir::E, true)).collect();
/// let hidden = |r: RobotId| r != RobotId(1);
/// let shot = nearest_visible(&table, &bodies, Pos::new(0, 0), Dir::E, FireOptions::default(), |_, _| false, hidden);
/// assert_eq!(shot, Some(RobotId(2)), "robot 1 is not there for the shot");
/// ```
#[inline(always)]
pub fn nearest_visible<T: Copy, K: Copy + Default, E: Copy, X>(
    table: &CellTable<T, K, E>,
    bodies: &Bodies<X>,
    from: Pos,
    dir: Dir,
    options: FireOptions,
    blocks: impl Fn(Pos, Pos) -> bool,
    visible: impl Fn(RobotId) -> bool,
) -> Option<RobotId> {
    // The nearest robot in line, without sorting (the common case), in
    // the shot's own axes: `line` across it (a robot in line shares it),
    // `along` it. Fewer instructions than `ahead`'s products (callgrind,
    // benches/register.rs): this runs for every robot's laser.
    let horizontal = matches!(dir, Dir::E | Dir::W);
    let forward = matches!(dir, Dir::E | Dir::S);
    let axes = |p: Pos| if horizontal { (p.y, p.x) } else { (p.x, p.y) };
    let (line, start) = axes(from);
    let mut best: Option<(u32, usize)> = None;
    for (i, b) in bodies.as_slice().iter().enumerate() {
        let (l, a) = axes(b.pos);
        if !b.on_board || l != line {
            continue;
        }
        let (a, start) = (i32::from(a), i32::from(start));
        let along = if forward { a - start } else { start - a };
        if along <= 0 || !visible(RobotId(i as u8)) {
            continue;
        }
        let d = along.unsigned_abs();
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, i));
        }
    }
    let (d, i) = best?;
    (reach(table, from, dir, d, options, &blocks) == d).then_some(RobotId(i as u8))
}

/// Every robot a shot from `from` towards `dir` hits, nearest first, into
/// `out` (cleared first): the nearest alone, or with `options.pierce`
/// every robot in line up to what stops the shot. Stopped as
/// [`nearest_in_line`] says.
pub fn in_line<T: Copy, K: Copy + Default, E: Copy, X>(
    table: &CellTable<T, K, E>,
    bodies: &Bodies<X>,
    from: Pos,
    dir: Dir,
    options: FireOptions,
    blocks: impl Fn(Pos, Pos) -> bool,
    out: &mut SmallVec<[RobotId; 8]>,
) {
    out.clear();
    if !options.pierce {
        out.extend(nearest_in_line(table, bodies, from, dir, options, blocks));
        return;
    }
    let robots = ahead(bodies, from, dir);
    let Some(&(far, _)) = robots.last() else {
        return;
    };
    let gets = reach(table, from, dir, far, options, &blocks);
    out.extend(robots.iter().filter(|(d, _)| *d <= gets).map(|&(_, r)| r));
}

/// A volley: every shot is aimed before any is applied, so robots fire at
/// once (classic's robot lasers). The hits are pushed to `out` (cleared
/// first) in the order of the shots, each shot's nearest first.
pub fn volley<T: Copy, K: Copy + Default, E: Copy, X>(
    table: &CellTable<T, K, E>,
    bodies: &Bodies<X>,
    shots: impl IntoIterator<Item = Shot>,
    blocks: impl Fn(Pos, Pos) -> bool,
    out: &mut Vec<Hit>,
) {
    out.clear();
    let mut targets: SmallVec<[RobotId; 8]> = SmallVec::new();
    for s in shots {
        in_line(
            table,
            bodies,
            s.from,
            s.dir,
            s.options,
            &blocks,
            &mut targets,
        );
        out.extend(targets.iter().map(|&target| Hit {
            by: s.by,
            target,
            dir: s.dir,
        }));
    }
}

#[cfg(test)]
mod tests;
