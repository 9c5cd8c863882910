//! A scenario's board made into a course's grid: the file gives one board
//! of text, often without enough start spaces or without a checkpoint, and
//! every race needs both.

use crate::board::{Board, BoardId};
use crate::geom::{Dir, Pos};
use crate::race::course::CourseTile;

/// The grid of a scenario's course and what a course needs besides its
/// markers (see [`ScenarioBoard::new`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioBoard<T> {
    /// The board, with the rows added below it.
    pub board: Board<T>,
    /// Board names by id: `board 0`, `board 1`, ... (and `docking bay`
    /// for a bay made below the board).
    pub board_names: Vec<String>,
    /// The board holding the start spaces.
    pub docking_bay: BoardId,
    /// The checkpoints given, or the one made.
    pub checkpoints: Vec<Pos>,
}

impl<T: CourseTile> ScenarioBoard<T> {
    /// Makes `board` ready for `robots` robots.
    ///
    /// The docking bay is the board of the first start space; without
    /// one, the first board for which `may_be_bay` says yes, else a new
    /// board. When there are fewer start spaces than robots, or no
    /// `checkpoints` are given, rows are added below the board, one void
    /// row apart: `start` tiles (on the docking bay, but out of every
    /// robot's reach) and a floor space holding the only checkpoint.
    ///
    /// ```
    /// use robo_core::board::{Board, BoardId};
    /// use robo_core::geom::Pos;
    /// use robo_core::race::scenario::ScenarioBoard;
    /// use robo_core::toy::ToyTile;
    /// let board: Board<ToyTile> = Board::parse("+--+--+--+\n .. .. ..\n+--+--+--+\n").unwrap();
    /// let s = ScenarioBoard::new(&board, 2, None, ToyTile::Start, |_| true);
    /// assert_eq!(s.board.height(), 3, "a void row, then 2 starts and a checkpoint");
    /// assert_eq!(s.checkpoints, [Pos::new(2, 2)]);
    /// assert_eq!(s.docking_bay, BoardId(0));
    /// assert!(!s.board.contains(Pos::new(0, 1)));
    /// ```
    #[must_use]
    pub fn new(
        board: &Board<T>,
        robots: usize,
        checkpoints: Option<&[Pos]>,
        start: T,
        may_be_bay: impl Fn(BoardId) -> bool,
    ) -> ScenarioBoard<T> {
        let mut ids: Vec<BoardId> = board
            .positions()
            .filter_map(|p| board.board_id(p))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let starts = board.cells().filter(|(_, t)| t.is_start()).count();
        let max_id = ids.iter().map(|b| b.0).max().unwrap_or(0);
        let first_start = board.cells().find(|(_, t)| t.is_start()).map(|(p, _)| p);
        let docking_bay = match first_start.and_then(|p| board.board_id(p)) {
            Some(b) => b,
            None => ids
                .iter()
                .copied()
                .find(|b| may_be_bay(*b))
                .unwrap_or(BoardId(max_id.saturating_add(1))),
        };
        let missing_starts = robots.saturating_sub(starts);
        let need_checkpoint = checkpoints.is_none_or(<[Pos]>::is_empty);
        let extra = missing_starts + usize::from(need_checkpoint);
        let (w, h) = (board.width(), board.height());
        let rows = if extra == 0 { 0 } else { extra.div_ceil(w) + 1 };
        let mut grid = board.clone();
        let mut checkpoints: Vec<Pos> = checkpoints.unwrap_or_default().to_vec();
        if rows > 0 {
            grid = Board::new(w, h + rows, T::default()).unwrap_or(grid);
        }
        for p in grid.positions().collect::<Vec<_>>() {
            let y = p.y as usize;
            let id = if y < h {
                board.board_id(p)
            } else if y == h {
                None
            } else {
                let k = (y - h - 1) * w + p.x as usize;
                if k < missing_starts {
                    let _ = grid.set_tile(p, start.clone());
                    Some(docking_bay)
                } else if k == missing_starts && need_checkpoint {
                    checkpoints.push(p);
                    Some(docking_bay)
                } else {
                    None
                }
            };
            if y < h {
                if let Some(t) = board.tile(p) {
                    let _ = grid.set_tile(p, t.clone());
                }
                for d in Dir::ALL {
                    let _ = grid.set_wall(p, d, board.wall(p, d));
                }
            }
            let _ = grid.set_board_id(p, id);
        }
        let boards = usize::from(max_id.max(docking_bay.0)) + 1;
        let board_names = (0..boards)
            .map(|i| {
                if i == usize::from(docking_bay.0) && i > usize::from(max_id) {
                    "docking bay".to_string()
                } else {
                    format!("board {i}")
                }
            })
            .collect();
        ScenarioBoard {
            board: grid,
            board_names,
            docking_bay,
            checkpoints,
        }
    }
}
