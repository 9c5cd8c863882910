//! A Transformers course as text: the full picture (4 characters a cell,
//! walls between) with column and row numbers when the terminal is wide
//! enough, else a compact one (2 characters a cell); the checkpoints,
//! Energon cubes and mines where they are now (Mirage moves checkpoints,
//! robots take cubes and set off mines); robots as their seat and facing,
//! `b` beside a robot in bot mode; and the legend of the glyphs.

use crate::textboard::{compact_grid, compact_robot, TextBoard};
use robo_core::geom::{Dir, Pos};
use robo_core::PlayerId;
use std::fmt::Write as _;
use variant_transformers::courses::Course;
use variant_transformers::tiles::Tile;

/// What the glyphs of a Transformers board mean (the race log prints it
/// under the first board; the terminal under every board).
pub const LEGEND: &str = "\
Board: x to the right (numbers on top), y downwards (numbers on the left).
 .  open ground   S start space   X start space with a red X   <1> checkpoints, in order
w>  moving walkway carrying towards the arrow (^ > v <)
r>  straight road: a robot in alt mode moving along the arrow goes 1 further
c>l c>r  road corner: a robot moving in along the arrow may turn left / right
[B] building (bot mode only; doors in its walls)   [@] building space with a curved arrow
J>  jump ramp: a robot stopping on it after a run-up along the arrow jumps
~~~ fire pit   oil oil slick   (P) pit stop   T>  laser turret firing the arrow's way
p>1 p>2  pusher, registers 1-3-5 / 2-4   #>#  grandstand, striped front the arrow's way
 e  e2  Energon cubes   *  mine   B1  space bridge of colour 1   | ---  walls
robots: seat and facing (2> is P2 facing east), b2> when P2 is in bot mode
compact board: #1 checkpoint, w> r> c> J> p> T> #> as above, B building, ~~ fire pit";

/// The markers that move or go during a race, where they are now.
#[derive(Clone, Copy, Debug)]
pub struct Markers<'a> {
    /// The checkpoints, in order.
    pub checkpoints: &'a [Pos],
    /// The Energon cubes, one entry per cube.
    pub cubes: &'a [Pos],
    /// The mines still on the course.
    pub mines: &'a [Pos],
}

/// A robot on the board: its seat, cell and facing, and whether it is in
/// bot mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Robot {
    /// Its seat.
    pub seat: PlayerId,
    /// Its cell and facing.
    pub at: (Pos, Dir),
    /// In bot mode (drawn with a `b`).
    pub bot: bool,
}

/// Columns the full picture of `course` takes, row numbers included.
#[must_use]
pub fn full_width(course: &Course) -> usize {
    3 + 4 * course.board().width() + 1
}

/// The course with `robots` on it and its markers where they are now: the
/// full picture when `columns` is 0 or wide enough, else compact. Under
/// the board, a line names the checkpoints robots stand on.
#[must_use]
pub fn course_text(course: &Course, now: Markers<'_>, robots: &[Robot], columns: usize) -> String {
    let mut out = if columns == 0 || full_width(course) <= columns {
        full(course, now, robots)
    } else {
        compact(course, now, robots, columns)
    };
    let hidden: Vec<String> = robots
        .iter()
        .filter_map(|r| {
            let i = now.checkpoints.iter().position(|&c| c == r.at.0)?;
            Some(format!("{} stands on checkpoint {}", r.seat, i + 1))
        })
        .collect();
    if !hidden.is_empty() {
        let _ = writeln!(out, "Under the robots: {}.", hidden.join("; "));
    }
    out
}

/// The number of cubes at `pos`.
fn cubes_at(cubes: &[Pos], pos: Pos) -> usize {
    cubes.iter().filter(|&&c| c == pos).count()
}

fn full(course: &Course, now: Markers<'_>, robots: &[Robot]) -> String {
    let mut board = TextBoard::new(&course.render());
    // The course drew its markers as they were at the start: draw the
    // tiles back under them, then the markers as they are now.
    let extras = course.extras();
    let start = course
        .checkpoints()
        .iter()
        .chain(&extras.energon)
        .chain(&extras.mines);
    for &p in start {
        if let Some(tile) = course.board().tile(p) {
            board.put(p, &tile.to_string());
        }
    }
    for b in &extras.bridges {
        board.put(b.at, &format!("B{} ", b.colour.min(9)));
    }
    for &p in now.mines {
        board.put(p, " * ");
    }
    for &p in now.cubes {
        match cubes_at(now.cubes, p) {
            1 => board.put(p, " e "),
            n => board.put(p, &format!("e{} ", n.min(9))),
        }
    }
    for (i, &p) in now.checkpoints.iter().enumerate() {
        let n = i + 1;
        let glyph = if n < 10 {
            format!("<{n}>")
        } else {
            format!("<{n:<2}")
        };
        board.put(p, &glyph);
    }
    for r in robots {
        board.put_robot(r.seat, r.at, if r.bot { 'b' } else { ' ' });
    }
    board.numbered(course.board().width())
}

/// Two characters for a cell of the compact board.
fn compact_cell(course: &Course, now: Markers<'_>, pos: Pos) -> String {
    if let Some(i) = now.checkpoints.iter().position(|&c| c == pos) {
        return if i < 9 {
            format!("#{}", i + 1)
        } else {
            format!("{:<2}", i + 1)
        };
    }
    if now.cubes.contains(&pos) {
        return "e ".into();
    }
    if now.mines.contains(&pos) {
        return "* ".into();
    }
    if let Some(b) = course.extras().bridges.iter().find(|b| b.at == pos) {
        return format!("B{}", b.colour.min(9));
    }
    let Some(tile) = course.board().tile(pos) else {
        return "  ".into();
    };
    match tile {
        Tile::Floor => ". ".into(),
        Tile::Start { barred: false } => "S ".into(),
        Tile::Start { barred: true } => "X ".into(),
        Tile::Walkway(d) => format!("w{}", d.arrow()),
        Tile::Road(d) => format!("r{}", d.arrow()),
        Tile::Corner { head, .. } => format!("c{}", head.arrow()),
        Tile::Building { arrow: false } => "B ".into(),
        Tile::Building { arrow: true } => "@ ".into(),
        Tile::Ramp(d) => format!("J{}", d.arrow()),
        Tile::FirePit => "~~".into(),
        Tile::Pusher(p) => format!("p{}", p.dir.arrow()),
        Tile::Oil => "o ".into(),
        Tile::PitStop => "P ".into(),
        Tile::Grandstand { front } => format!("#{}", front.arrow()),
        Tile::Turret(d) => format!("T{}", d.arrow()),
    }
}

fn compact(course: &Course, now: Markers<'_>, robots: &[Robot], columns: usize) -> String {
    let (w, h) = (course.board().width(), course.board().height());
    let mut out = String::new();
    let _ = writeln!(
        out,
        "(compact board, 2 characters a cell: walls, corner turns, pusher\n \
         registers and modes are not drawn; a terminal {} columns wide\n \
         shows the full board)",
        full_width(course)
    );
    out.push_str(&compact_grid(w, h, |pos| {
        match robots.iter().find(|r| r.at.0 == pos) {
            Some(r) => compact_robot(r.seat, r.at.1),
            None => compact_cell(course, now, pos),
        }
    }));
    if 3 + 2 * w > columns {
        let _ = writeln!(
            out,
            "(even the compact board is {} columns wide: widen the terminal)",
            3 + 2 * w
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use variant_transformers::courses::{self, DEFAULT_COURSE};

    fn course() -> Course {
        courses::course(DEFAULT_COURSE).unwrap()
    }

    #[test]
    fn markers_are_drawn_where_they_are_now() {
        let course = course();
        let start = course.checkpoints().to_vec();
        let moved: Vec<Pos> = start.iter().map(|p| Pos::new(p.x, p.y + 1)).collect();
        let robots = [Robot {
            seat: PlayerId(1),
            at: (moved[0], Dir::E),
            bot: true,
        }];
        let now = Markers {
            checkpoints: &moved,
            cubes: &[],
            mines: &[],
        };
        let text = course_text(&course, now, &robots, 0);
        assert!(text.contains("b1>"), "{text}");
        assert!(text.ends_with("Under the robots: P1 stands on checkpoint 1.\n"));
        // The first checkpoint is hidden by the robot; the others moved.
        for i in 2..=moved.len() {
            assert!(text.contains(&format!("<{i}>")), "{text}");
        }
        let line = |p: Pos| text.lines().nth(2 + 2 * p.y as usize).unwrap().to_string();
        let cell = |p: Pos| {
            let l = line(p);
            l.chars()
                .skip(3 + 1 + 4 * p.x as usize)
                .take(3)
                .collect::<String>()
        };
        // Where the checkpoints were, the tile shows again.
        for p in &start {
            if !moved.contains(p) {
                assert_eq!(cell(*p), course.board().tile(*p).unwrap().to_string());
            }
        }
        assert_eq!(cell(moved[1]), "<2>");
    }

    #[test]
    fn a_narrow_terminal_gets_the_compact_board() {
        let course = course();
        let robots = [Robot {
            seat: PlayerId(0),
            at: (Pos::new(0, 0), Dir::S),
            bot: false,
        }];
        let now = Markers {
            checkpoints: course.checkpoints(),
            cubes: &course.extras().energon,
            mines: &course.extras().mines,
        };
        let wide = course_text(&course, now, &robots, 0);
        assert!(!wide.contains("compact board"));
        let narrow = course_text(&course, now, &robots, full_width(&course) - 1);
        assert!(narrow.starts_with("(compact board"), "{narrow}");
        assert!(narrow.contains("0v"), "{narrow}");
        assert!(narrow.contains("#1"), "{narrow}");
        let rows = narrow
            .lines()
            .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            .count();
        assert!(
            rows > course.board().height(),
            "a line a row and the column numbers"
        );
    }
}
