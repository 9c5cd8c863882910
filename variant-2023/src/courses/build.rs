//! Validation and assembly: [`CourseSpec`] to [`Course`].

use super::{library, Course, CourseError, CourseSpec, PlacedBoard, Spot};
use crate::tiles::Tile;
use robo_core::board::{self as core_board, Board, BoardId, Placement};
use robo_core::geom::{Dir, Pos};

/// Row order: top row first, west to east within a row.
fn row_order(p: &Pos) -> (i16, i16) {
    (p.y, p.x)
}

/// Reads one board of a spec: its inline text, or the built-in board of its name.
fn load(placed: &PlacedBoard) -> Result<Board<Tile>, CourseError> {
    match &placed.text {
        Some(text) => Board::parse(text).map_err(|error| CourseError::Parse {
            board: placed.name.clone(),
            error,
        }),
        None => library::board(&placed.name),
    }
}

impl CourseSpec {
    /// The boards of the spec, loaded and placed (in spec order, so a
    /// board's index is its [`BoardId`]).
    fn placements(&self) -> Result<Vec<Placement<Tile>>, CourseError> {
        let mut out: Vec<Placement<Tile>> = Vec::with_capacity(self.boards.len());
        for placed in &self.boards {
            if out
                .iter()
                .any(|p| p.name.eq_ignore_ascii_case(&placed.name))
            {
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
                board: load(placed)?,
                at: placed.at,
                turns: placed.turns,
            });
        }
        Ok(out)
    }

    /// Validates the description and assembles the course.
    ///
    /// Checks, each with its own [`CourseError`]: boards load (built-in by
    /// name or inline text) and assemble without overlap; exactly one board
    /// holds start spaces (the docking bay) and it lies next to another
    /// board; at least one checkpoint; every spot names a board of the
    /// course and a floor cell of it; checkpoints not on pits, start spaces
    /// or each other; exactly one reboot token on every board but the
    /// docking bay, none on a pit or a checkpoint; covered starts are
    /// distinct start spaces and leave at least one free.
    ///
    /// ```
    /// use variant_2023::courses::{self, CourseError};
    /// let mut spec = courses::course_spec("Milk Run").unwrap();
    /// let course = spec.build().unwrap();
    /// assert_eq!(course.board_names, ["In & Out", "Docking Bay B"]);
    /// spec.checkpoints.clear();
    /// assert_eq!(spec.build(), Err(CourseError::NoCheckpoints));
    /// ```
    ///
    /// # Errors
    /// The first check that fails, as a [`CourseError`].
    pub fn build(&self) -> Result<Course, CourseError> {
        let layout = core_board::Course::new(self.placements()?);
        let grid = layout.assemble()?;
        let placements = &layout.placements;

        let bays: Vec<usize> = (0..placements.len())
            .filter(|&i| placements[i].board.cells().any(|(_, t)| *t == Tile::Start))
            .collect();
        let &[bay] = bays.as_slice() else {
            return Err(CourseError::DockingBays(bays.len()));
        };

        let checkpoints = self.checkpoint_cells(placements, &grid)?;

        let mut reboot_tokens: Vec<Option<(Pos, Dir)>> = vec![None; placements.len()];
        for token in &self.reboot_tokens {
            let (k, at) = locate(placements, &token.spot, "reboot token")?;
            let name = &placements[k].name;
            if k == bay {
                return Err(CourseError::RebootTokenOnDockingBay(name.clone()));
            }
            if grid.tile(at) == Some(&Tile::Pit) {
                return Err(CourseError::RebootTokenOnPit {
                    board: name.clone(),
                    at: token.spot.at,
                });
            }
            if checkpoints.contains(&at) {
                return Err(CourseError::RebootTokenOnCheckpoint {
                    board: name.clone(),
                    at: token.spot.at,
                });
            }
            let slot = &mut reboot_tokens[k];
            if slot.is_some() {
                return Err(CourseError::RebootTokens(name.clone()));
            }
            *slot = Some((at, placements[k].place_dir(token.dir)));
        }
        if let Some(k) = (0..placements.len()).find(|&k| k != bay && reboot_tokens[k].is_none()) {
            return Err(CourseError::RebootTokens(placements[k].name.clone()));
        }

        let starts: Vec<Pos> = grid
            .cells()
            .filter(|(_, t)| **t == Tile::Start)
            .map(|(p, _)| p)
            .collect();
        let mut covered_starts = Vec::with_capacity(self.covered_starts.len());
        for spot in &self.covered_starts {
            let (k, at) = locate(placements, spot, "covered start")?;
            let board = placements[k].name.clone();
            if grid.tile(at) != Some(&Tile::Start) {
                return Err(CourseError::NotAStartSpace { board, at: spot.at });
            }
            if covered_starts.contains(&at) {
                return Err(CourseError::CoveredTwice { board, at: spot.at });
            }
            covered_starts.push(at);
        }
        covered_starts.sort_by_key(row_order);
        if covered_starts.len() >= starts.len() {
            return Err(CourseError::NoFreeStart);
        }

        let start_facing = facing_from_bay(
            &grid,
            BoardId(bay as u8),
            checkpoints.first().and_then(|&c| grid.board_id(c)),
        )
        .ok_or_else(|| CourseError::DetachedDockingBay(placements[bay].name.clone()))?;

        Ok(Course {
            name: self.name.clone(),
            board: grid,
            board_names: placements.iter().map(|p| p.name.clone()).collect(),
            docking_bay: BoardId(bay as u8),
            checkpoints,
            reboot_tokens,
            starts,
            covered_starts,
            start_facing,
            reboot_damage: self.reboot_damage,
        })
    }

    /// Checkpoint cells on the course, in order, checked.
    fn checkpoint_cells(
        &self,
        placements: &[Placement<Tile>],
        grid: &Board<Tile>,
    ) -> Result<Vec<Pos>, CourseError> {
        if self.checkpoints.is_empty() {
            return Err(CourseError::NoCheckpoints);
        }
        let mut cells: Vec<Pos> = Vec::with_capacity(self.checkpoints.len());
        for (i, spot) in self.checkpoints.iter().enumerate() {
            let number = i + 1;
            let (_, at) = locate(placements, spot, "checkpoint")?;
            match grid.tile(at) {
                Some(Tile::Pit) => return Err(CourseError::BadCheckpoint(number)),
                Some(Tile::Start) => return Err(CourseError::CheckpointOnStart(number)),
                _ if cells.contains(&at) => return Err(CourseError::BadCheckpoint(number)),
                _ => cells.push(at),
            }
        }
        Ok(cells)
    }

    /// The same course turned a quarter turn clockwise as a whole: every
    /// board turns once more and moves where the turn takes it. Spots stay
    /// as they are (they are in printed coordinates of their boards).
    ///
    /// ```
    /// use variant_2023::courses;
    /// let spec = courses::course_spec("Castle Tour").unwrap();
    /// let course = spec.build().unwrap();
    /// let turned = spec.rotated_cw().unwrap().build().unwrap();
    /// assert_eq!(turned.board, course.board.rotated_cw());
    /// assert_eq!(turned.start_facing, course.start_facing.rotated_cw(1));
    /// ```
    ///
    /// # Errors
    /// A [`CourseError`] when a board does not load.
    pub fn rotated_cw(&self) -> Result<CourseSpec, CourseError> {
        let turned = core_board::Course::new(self.placements()?).rotated_cw();
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

/// The board index and course cell of a spot, which must be a floor cell
/// of a board of the course.
fn locate(
    placements: &[Placement<Tile>],
    spot: &Spot,
    what: &'static str,
) -> Result<(usize, Pos), CourseError> {
    let bad = || CourseError::BadSpot {
        what,
        board: spot.board.clone(),
        at: spot.at,
    };
    let k = placements
        .iter()
        .position(|p| p.name.eq_ignore_ascii_case(&spot.board))
        .ok_or_else(bad)?;
    let placement = &placements[k];
    if !placement.board.contains(spot.at) {
        return Err(bad());
    }
    Ok((k, placement.place(spot.at)))
}

/// The facing of robots on the docking bay: towards the side along which
/// the bay touches other boards the most. When two sides tie (a bay
/// between two boards), the side towards the board of checkpoint 1 wins,
/// then the first side clockwise from north. `None` for a bay that
/// touches no other board.
fn facing_from_bay(
    grid: &Board<Tile>,
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
