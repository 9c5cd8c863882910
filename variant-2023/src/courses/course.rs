//! Questions a game asks of an assembled [`Course`], and a text rendering.

use super::Course;
use robo_core::board::BoardId;
use robo_core::geom::{Dir, Pos};

impl Course {
    /// Start spaces a robot may choose (not covered), in row order.
    ///
    /// ```
    /// use variant_2023::courses;
    /// let course = courses::course("Milk Run").unwrap();
    /// let free: Vec<_> = course.free_starts().collect();
    /// assert_eq!(free.len(), course.starts.len() - course.covered_starts.len());
    /// assert!(free.iter().all(|p| course.is_start(*p)));
    /// ```
    pub fn free_starts(&self) -> impl Iterator<Item = Pos> + '_ {
        self.starts
            .iter()
            .copied()
            .filter(|p| !self.covered_starts.contains(p))
    }

    /// Is `pos` a start space of the docking bay (covered or not)?
    #[must_use]
    pub fn is_start(&self, pos: Pos) -> bool {
        self.starts.contains(&pos)
    }

    /// The number (from 1) of the checkpoint on `pos`, if any.
    ///
    /// ```
    /// use variant_2023::courses;
    /// let course = courses::course("Castle Tour").unwrap();
    /// assert_eq!(course.checkpoint_at(course.checkpoints[1]), Some(2));
    /// assert_eq!(course.checkpoint_at(course.starts[0]), None);
    /// ```
    #[must_use]
    pub fn checkpoint_at(&self, pos: Pos) -> Option<usize> {
        self.checkpoints
            .iter()
            .position(|&c| c == pos)
            .map(|i| i + 1)
    }

    /// The name of a board of the course.
    ///
    /// ```
    /// use robo_core::board::BoardId;
    /// use variant_2023::courses;
    /// let course = courses::course("Milk Run").unwrap();
    /// assert_eq!(course.board_name(course.docking_bay), Some("Docking Bay B"));
    /// assert_eq!(course.board_name(BoardId(9)), None);
    /// ```
    #[must_use]
    pub fn board_name(&self, board: BoardId) -> Option<&str> {
        self.board_names
            .get(usize::from(board.0))
            .map(String::as_str)
    }

    /// The reboot token (cell, arrow) of a board; `None` for the docking bay
    /// (robots that fall from it reboot on their archive token) and for ids
    /// that are not boards of the course.
    #[must_use]
    pub fn reboot_token(&self, board: BoardId) -> Option<(Pos, Dir)> {
        self.reboot_tokens
            .get(usize::from(board.0))
            .copied()
            .flatten()
    }

    /// The reboot token on `pos`: the board it serves and its arrow.
    #[must_use]
    pub fn reboot_token_at(&self, pos: Pos) -> Option<(BoardId, Dir)> {
        self.reboot_tokens.iter().enumerate().find_map(|(i, t)| {
            t.filter(|(p, _)| *p == pos)
                .map(|(_, d)| (BoardId(i as u8), d))
        })
    }

    /// The reboot token where a robot that fell from the cell `pos` comes
    /// back: the token of the board that cell belongs to. `None` off the
    /// course and on the docking bay.
    #[must_use]
    pub fn reboot_token_for(&self, pos: Pos) -> Option<(Pos, Dir)> {
        self.board
            .board_id(pos)
            .and_then(|id| self.reboot_token(id))
    }

    /// The course as text: the board in the text format with the course's
    /// pieces written over their cells: checkpoints as `<1>`, `<2>`, ...,
    /// reboot tokens as `R` and their arrow, covered start spaces as ` x `.
    /// For documents and terminals; it does not parse back (a checkpoint
    /// hides the tile under it).
    ///
    /// ```
    /// use variant_2023::courses;
    /// let course = courses::course("Milk Run").unwrap();
    /// let text = course.render();
    /// assert!(text.contains("<1>"));
    /// assert_eq!(text.lines().count(), 2 * course.board.height() + 1);
    /// ```
    #[must_use]
    pub fn render(&self) -> String {
        let printed = self.board.print();
        let rows = 2 * self.board.height() + 1;
        let width = 1 + self.board.width() * 4;
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
        for cy in 0..=self.board.height() {
            for cx in 0..=self.board.width() {
                let (x, y) = (cx as i16, cy as i16);
                let around = [
                    Pos::new(x - 1, y - 1),
                    Pos::new(x, y - 1),
                    Pos::new(x - 1, y),
                    Pos::new(x, y),
                ];
                if !around.iter().any(|&p| self.board.contains(p)) {
                    if let Some(c) = lines.get_mut(2 * cy).and_then(|l| l.get_mut(4 * cx)) {
                        *c = ' ';
                    }
                }
            }
        }
        let mut put = |pos: Pos, glyph: String| {
            let (Ok(x), Ok(y)) = (usize::try_from(pos.x), usize::try_from(pos.y)) else {
                return;
            };
            if let Some(line) = lines.get_mut(2 * y + 1) {
                for (k, c) in glyph.chars().take(3).enumerate() {
                    if let Some(slot) = line.get_mut(1 + 4 * x + k) {
                        *slot = c;
                    }
                }
            }
        };
        for &p in &self.covered_starts {
            put(p, " x ".to_string());
        }
        for (pos, dir) in self.reboot_tokens.iter().flatten() {
            put(*pos, format!("R{} ", dir.arrow()));
        }
        for (i, &p) in self.checkpoints.iter().enumerate() {
            let n = i + 1;
            put(
                p,
                if n < 10 {
                    format!("<{n}>")
                } else {
                    format!("<{n:<2}")
                },
            );
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
