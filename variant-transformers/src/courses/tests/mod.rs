//! Tests of the built-in boards and courses.

use super::*;

#[test]
fn every_board_parses_prints_back_and_every_course_builds() {
    for name in board_names() {
        let b = board(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(Board::parse(&b.print()).as_ref(), Ok(&b), "{name}");
    }
    for name in course_names() {
        let c = course(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let spec = course_spec(name).unwrap();
        let m = c.extras();
        assert!(m.players.allows(usize::from(m.players.min)), "{name}");
        assert!(
            c.free_starts().count() >= usize::from(m.players.max),
            "{name}: {} free starts for {} players",
            c.free_starts().count(),
            m.players.max
        );
        assert_eq!(m.energon.len(), spec.extras.energon.len());
    }
}
