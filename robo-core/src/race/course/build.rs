//! Building a [`CourseSpec`]: boards loaded and placed, spots found on
//! them, the docking bay and its facing worked out, then [`Course::new`].

use super::{
    Course, CourseError, CourseParts, CourseSpec, CourseTile, ExtraError, ExtrasSpec, PlacedBoard,
    Spot,
};
use crate::board::{self as core_board, Board, BoardId, Placement};
use crate::geom::{Dir, Pos};

/// The boards of a spec, loaded, placed and assembled: what an
/// [`ExtrasSpec`] needs to find its spots.
pub struct Layout<'a, T> {
    placements: &'a [Placement<T>],
    grid: &'a Board<T>,
    docking_bay: BoardId,
}

impl<T: CourseTile> Layout<'_, T> {
    /// The board index and course cell of a spot, which must be a floor
    /// cell of a board of the course (board names ignore case).
    ///
    /// # Errors
    /// [`CourseError::BadSpot`] naming `what` for a spot on no board of the
    /// course or off its board.
    pub fn locate<E>(
        &self,
        spot: &Spot,
        what: &'static str,
    ) -> Result<(BoardId, Pos), CourseError<E>> {
        let bad = || CourseError::BadSpot {
            what,
            board: spot.board.clone(),
            at: spot.at,
        };
        let k = self
            .placements
            .iter()
            .position(|p| super::same_name(&p.name, &spot.board))
            .ok_or_else(bad)?;
        let placement = &self.placements[k];
        if !placement.board.contains(spot.at) {
            return Err(bad());
        }
        Ok((board_id(k), placement.place(spot.at)))
    }

    /// The course facing of an arrow printed on board `board`.
    #[must_use]
    pub fn place_dir(&self, board: BoardId, dir: Dir) -> Dir {
        self.placements
            .get(usize::from(board.0))
            .map_or(dir, |p| p.place_dir(dir))
    }

    /// How many boards the course has.
    #[must_use]
    pub fn boards(&self) -> usize {
        self.placements.len()
    }

    /// The name of a board, as the spec gives it.
    #[must_use]
    pub fn board_name(&self, board: BoardId) -> &str {
        self.placements
            .get(usize::from(board.0))
            .map_or("", |p| p.name.as_str())
    }

    /// The board holding the start spaces.
    #[must_use]
    pub fn docking_bay(&self) -> BoardId {
        self.docking_bay
    }

    /// The assembled grid.
    #[must_use]
    pub fn grid(&self) -> &Board<T> {
        self.grid
    }
}

fn board_id(k: usize) -> BoardId {
    // Assembly refuses more than 36 boards, so an index fits.
    BoardId(u8::try_from(k).unwrap_or(u8::MAX))
}

impl<X> CourseSpec<X> {
    /// The boards of the spec, loaded with `load` and placed (in spec order,
    /// so a board's index is its [`BoardId`]).
    pub(super) fn placements<T: CourseTile, E>(
        &self,
        load: impl Fn(&str) -> Option<&'static str>,
    ) -> Result<Vec<Placement<T>>, CourseError<E>> {
        let mut out: Vec<Placement<T>> = Vec::with_capacity(self.boards.len());
        for placed in &self.boards {
            if out.iter().any(|p| super::same_name(&p.name, &placed.name)) {
                return Err(CourseError::DuplicateBoard(placed.name.clone()));
            }
            if placed.turns > 3 {
                return Err(CourseError::BadTurns {
                    board: placed.name.clone(),
                    turns: placed.turns,
                });
            }
            out.push(Placement {
                name: placed.name.clone(),
                board: load_board(placed, &load)?,
                at: placed.at,
                turns: placed.turns,
            });
        }
        Ok(out)
    }

    /// Builds the course from boards loaded with `load` (a library's text
    /// of a board by name).
    pub(super) fn build_with<T>(
        &self,
        load: impl Fn(&str) -> Option<&'static str>,
    ) -> Result<Course<T, X::Built>, ExtraError<T, X>>
    where
        T: CourseTile,
        X: ExtrasSpec<T>,
    {
        let layout = core_board::Course::<T>::new(self.placements(load)?);
        let grid = layout.assemble()?;
        let placements = &layout.placements;
        let bays: Vec<usize> = (0..placements.len())
            .filter(|&i| placements[i].board.cells().any(|(_, t)| t.is_start()))
            .collect();
        let &[bay] = bays.as_slice() else {
            return Err(CourseError::DockingBays(bays.len()));
        };
        let bay = board_id(bay);
        let spots = Layout {
            placements,
            grid: &grid,
            docking_bay: bay,
        };
        let checkpoints = self
            .checkpoints
            .iter()
            .map(|s| spots.locate(s, "checkpoint").map(|(_, at)| at))
            .collect::<Result<Vec<Pos>, _>>()?;
        let extras = self.extras.place(&spots)?;
        let first = checkpoints.first().and_then(|&c| grid.board_id(c));
        let start_facing = facing_from_bay(&grid, bay, first)
            .ok_or_else(|| CourseError::DetachedDockingBay(spots.board_name(bay).to_string()))?;
        Course::<T, X::Built>::new(CourseParts {
            name: self.name.clone(),
            board_names: placements.iter().map(|p| p.name.clone()).collect(),
            board: grid,
            docking_bay: bay,
            checkpoints,
            start_facing,
            extras,
        })
    }

    /// The same spec turned a quarter turn clockwise as a whole: every
    /// board turns once more and moves where the turn takes it. Spots stay
    /// as they are (they are in printed coordinates of their boards).
    pub(super) fn rotated_cw_with<T: CourseTile, E>(
        &self,
        load: impl Fn(&str) -> Option<&'static str>,
    ) -> Result<CourseSpec<X>, CourseError<E>>
    where
        X: Clone,
    {
        let turned = core_board::Course::<T>::new(self.placements(load)?).rotated_cw();
        let boards = self
            .boards
            .iter()
            .zip(turned.placements)
            .map(|(b, p)| PlacedBoard {
                name: b.name.clone(),
                text: b.text.clone(),
                at: p.at,
                turns: p.turns,
            })
            .collect();
        Ok(CourseSpec {
            boards,
            ..self.clone()
        })
    }
}

/// Reads one board of a spec: its inline text, or the library's board of
/// its name.
fn load_board<T: CourseTile, E>(
    placed: &PlacedBoard,
    load: &impl Fn(&str) -> Option<&'static str>,
) -> Result<Board<T>, CourseError<E>> {
    let text = match &placed.text {
        Some(text) => text.as_str(),
        None => load(&placed.name).ok_or_else(|| CourseError::Unknown(placed.name.clone()))?,
    };
    Board::parse(text).map_err(|error| CourseError::Parse {
        board: placed.name.clone(),
        error,
    })
}

/// The facing of robots on the docking bay: towards the side along which
/// the bay touches other boards the most. When two sides tie (a bay
/// between two boards), the side towards the board of checkpoint 1 wins,
/// then the first side clockwise from north. `None` for a bay that
/// touches no other board.
fn facing_from_bay<T>(
    grid: &Board<T>,
    bay: BoardId,
    first_checkpoint: Option<BoardId>,
) -> Option<Dir> {
    let mut touching = [0usize; 4];
    let mut towards_first = [false; 4];
    for pos in grid.positions().filter(|&p| grid.board_id(p) == Some(bay)) {
        for dir in Dir::ALL {
            match grid.board_id(pos.step(dir)) {
                Some(other) if other != bay => {
                    touching[dir.index()] += 1;
                    towards_first[dir.index()] |= Some(other) == first_checkpoint;
                }
                _ => {}
            }
        }
    }
    let most = touching.iter().copied().max().filter(|&n| n > 0)?;
    let tied: Vec<Dir> = Dir::ALL
        .into_iter()
        .filter(|d| touching[d.index()] == most)
        .collect();
    tied.iter()
        .copied()
        .find(|d| towards_first[d.index()])
        .or_else(|| tied.first().copied())
}
