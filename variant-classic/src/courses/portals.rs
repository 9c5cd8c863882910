//! Portals come in pairs: each colour on a course has exactly two cells.

use crate::tiles::{Cell, Tile};
use robo_core::board::Board;
use robo_core::geom::Pos;
use thiserror::Error;

/// A colour of portal that is not a pair.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("portal {colour} at {at} is one of {count} of its colour; portals come in pairs")]
pub struct PortalError {
    /// The colour (the number printed on the portal).
    pub colour: u8,
    /// Its first cell, row by row.
    pub at: Pos,
    /// How many portals of that colour the board has.
    pub count: usize,
}

/// Checks that every portal colour of `board` has exactly two cells.
///
/// ```
/// use variant_classic::courses::{check_portals, course};
/// assert!(check_portals(course("Warp Drive").unwrap().board()).is_ok());
/// ```
///
/// # Errors
/// [`PortalError`] for the first colour (row by row) with one portal or
/// more than two.
pub fn check_portals(board: &Board<Cell>) -> Result<(), PortalError> {
    let portals: Vec<(Pos, u8)> = board
        .cells()
        .filter_map(|(p, c)| match c.tile {
            Tile::Portal(n) => Some((p, n)),
            _ => None,
        })
        .collect();
    for &(at, colour) in &portals {
        let count = portals.iter().filter(|&&(_, n)| n == colour).count();
        if count != 2 {
            return Err(PortalError { colour, at, count });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::geom::Dir;
    use robo_core::race::course::course_from_text;

    fn row(glyphs: &str) -> Board<Cell> {
        let n = glyphs.split_whitespace().count();
        let line = "+".to_string() + &"---+".repeat(n);
        let cells: Vec<String> = glyphs
            .split_whitespace()
            .map(|g| {
                if g == "." {
                    " . ".into()
                } else {
                    format!("{g:<3}")
                }
            })
            .collect();
        let docks = vec!["D1 ".to_string(); n].join(" ");
        let text = format!("{line}\n|{}|\n{line}\n|{docks}|\n{line}\n", cells.join(" "));
        let course =
            course_from_text::<Cell, ()>(&text, &[Pos::new(1, 0)], Dir::N, |_| ()).unwrap();
        course.board().clone()
    }

    #[test]
    fn every_colour_must_be_a_pair() {
        assert_eq!(check_portals(&row("O1 . O1 O2 O2")), Ok(()));
        assert_eq!(check_portals(&row(". . .")), Ok(()));
        assert_eq!(
            check_portals(&row("O1 . O1 O2 .")),
            Err(PortalError {
                colour: 2,
                at: Pos::new(3, 0),
                count: 1
            })
        );
        let three = check_portals(&row("O3 O3 . O3")).unwrap_err();
        assert_eq!((three.colour, three.count), (3, 3));
        assert!(three.to_string().contains("pairs"), "{three}");
    }

    #[test]
    fn every_built_in_course_pairs_its_portals() {
        for name in super::super::course_names() {
            let course = super::super::course(name).unwrap();
            assert_eq!(check_portals(course.board()), Ok(()), "{name}");
        }
    }
}
