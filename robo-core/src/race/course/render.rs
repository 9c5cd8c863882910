//! A course as text, with its markers written over their cells.

use super::{Course, CourseExtras, CourseTile};
use crate::geom::Pos;

impl<T: CourseTile, X: CourseExtras<T>> Course<T, X> {
    /// The course as text: the board in the text format with the markers
    /// written over their cells, the edition's first
    /// ([`CourseExtras::marks`]), then checkpoints as `<1>`, `<2>`, ... on
    /// top. For documents and terminals; it does not parse back (a marker
    /// hides the tile under it). Meant for tiles three characters wide.
    ///
    /// ```
    /// use robo_core::geom::{Dir, Pos};
    /// use robo_core::race::course::course_from_text;
    /// use robo_core::toy::ToyTile;
    /// let c = course_from_text::<ToyTile, ()>("+--+--+\n|.. S.|\n+--+--+\n", &[Pos::new(0, 0)], Dir::W, |_| ()).unwrap();
    /// assert!(c.render().contains("<1"));
    /// ```
    #[must_use]
    pub fn render(&self) -> String {
        let board = self.board();
        let cell = T::WIDTH;
        let printed = board.print();
        let rows = 2 * board.height() + 1;
        let width = 1 + board.width() * (cell + 1);
        let mut lines: Vec<Vec<char>> = printed
            .lines()
            .take(rows)
            .map(|l| {
                let mut v: Vec<char> = l.chars().collect();
                v.resize(width.max(v.len()), ' ');
                v
            })
            .collect();
        // Corners with no floor around them are void too.
        for cy in 0..=board.height() {
            for cx in 0..=board.width() {
                let (x, y) = (cx as i16, cy as i16);
                let around = [
                    Pos::new(x - 1, y - 1),
                    Pos::new(x, y - 1),
                    Pos::new(x - 1, y),
                    Pos::new(x, y),
                ];
                if !around.iter().any(|&p| board.contains(p)) {
                    if let Some(c) = lines
                        .get_mut(2 * cy)
                        .and_then(|l| l.get_mut((cell + 1) * cx))
                    {
                        *c = ' ';
                    }
                }
            }
        }
        let mut put = |pos: Pos, glyph: &str| {
            let (Ok(x), Ok(y)) = (usize::try_from(pos.x), usize::try_from(pos.y)) else {
                return;
            };
            if let Some(line) = lines.get_mut(2 * y + 1) {
                for (k, c) in glyph.chars().take(cell).enumerate() {
                    if let Some(slot) = line.get_mut(1 + (cell + 1) * x + k) {
                        *slot = c;
                    }
                }
            }
        };
        self.extras().marks(&mut put);
        for (i, &p) in self.checkpoints().iter().enumerate() {
            let n = i + 1;
            let glyph = if n < 10 {
                format!("<{n}>")
            } else {
                format!("<{n:<2}")
            };
            put(p, &glyph);
        }
        let mut out = String::with_capacity(rows * (width + 1));
        for line in lines {
            let s: String = line.into_iter().collect();
            out.push_str(s.trim_end());
            out.push('\n');
        }
        out
    }
}
