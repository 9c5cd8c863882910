use super::*;

#[test]
fn every_board_prints_back_as_read() {
    for name in board_names() {
        let b = board(name).unwrap();
        let again: Board<Tile> = Board::parse(&b.print()).unwrap();
        assert_eq!(again, b, "{name}");
    }
}

#[test]
fn every_course_builds_with_eight_docks_and_flags_in_order() {
    let names: Vec<_> = course_names().collect();
    assert_eq!(names[0], DEFAULT_COURSE);
    for name in names {
        let c = course(name).unwrap();
        assert_eq!(c.starts().len(), 8, "{name}");
        assert!((1..=8).contains(&c.checkpoints().len()), "{name}");
        for &f in c.checkpoints() {
            assert!(
                c.board().tile(f).is_some_and(|t| *t != Tile::Pit),
                "{name} {f}"
            );
        }
    }
    assert!(course("Nowhere").is_err());
}
