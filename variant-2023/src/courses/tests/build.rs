//! `CourseSpec::build`: what it computes from a valid spec.

use super::fixtures::{inline, spec, spot, token, BAY, FLOOR};
use crate::courses::{build, rotated_cw, CourseSpec};
use crate::tiles::Tile;
use robo_core::board::BoardId;
use robo_core::geom::{Dir, Pos};

#[test]
fn a_valid_spec_builds_with_course_coordinates() {
    let c = build(&spec()).unwrap();
    assert_eq!(c.board_names(), ["Floor", "Bay"]);
    assert_eq!(c.docking_bay(), BoardId(1));
    assert_eq!(c.checkpoints(), [Pos::new(0, 0), Pos::new(2, 2)]);
    assert_eq!(
        c.extras().reboot_tokens,
        [Some((Pos::new(1, 1), Dir::S)), None]
    );
    assert_eq!(c.starts(), [Pos::new(0, 4), Pos::new(1, 4)]);
    assert_eq!(c.start_facing(), Dir::N);
    assert_eq!(c.extras().reboot_damage, 2);
    assert_eq!(c.board().tile(Pos::new(1, 0)), Some(&Tile::Pit));
    assert!(!c.board().contains(Pos::new(2, 0)), "void stays void");
    assert_eq!(
        c.extras().reboot_token(BoardId(0)),
        Some((Pos::new(1, 1), Dir::S))
    );
    assert_eq!(
        c.extras()
            .reboot_token(c.board().board_id(Pos::new(0, 3)).unwrap()),
        None,
        "the bay has no token"
    );
    assert_eq!(
        c.extras().reboot_token_at(Pos::new(1, 1)),
        Some((BoardId(0), Dir::S))
    );
    assert_eq!(c.checkpoint_at(Pos::new(2, 2)), Some(2));
}

#[test]
fn spots_turn_with_their_board() {
    // The factory board turned once: 3x3 stays 3x3, printed (0,0) goes to (2,0).
    let mut s = spec();
    s.boards[0].turns = 1;
    s.checkpoints = vec![spot("Floor", 0, 2)];
    s.extras.reboot_tokens = vec![token("Floor", 1, 2, Dir::E)];
    let c = build(&s).unwrap();
    assert_eq!(
        c.board().tile(Pos::new(2, 1)),
        Some(&Tile::Pit),
        "printed (1,0) lands on (2,1)"
    );
    assert!(
        !c.board().contains(Pos::new(2, 2)),
        "printed void (2,0) lands on (2,2)"
    );
    assert_eq!(c.checkpoints(), [Pos::new(0, 0)]);
    assert_eq!(
        c.extras().reboot_tokens[0],
        Some((Pos::new(0, 1), Dir::S)),
        "the arrow turns too"
    );
}

#[test]
fn starts_are_in_row_order_and_covered_ones_are_listed() {
    // Turned bay on the west side: starts form a column.
    let mut s = spec();
    s.boards = vec![
        inline("Bay", BAY, (0, 0), 1),
        inline("Floor", FLOOR, (2, 0), 0),
    ];
    s.extras.covered_starts = vec![spot("Bay", 1, 1)];
    let c = build(&s).unwrap();
    assert_eq!(c.start_facing(), Dir::E);
    assert_eq!(c.starts(), [Pos::new(0, 0), Pos::new(0, 1)]);
    assert_eq!(c.extras().covered_starts, [Pos::new(0, 1)]);
    assert_eq!(c.free_starts().collect::<Vec<_>>(), [Pos::new(0, 0)]);
}

#[test]
fn start_facing_points_from_the_bay_to_the_boards() {
    // Bay to the north of the board, turned twice so its front row faces south.
    let mut s = spec();
    s.boards = vec![
        inline("Floor", FLOOR, (0, 2), 0),
        inline("Bay", BAY, (0, 0), 2),
    ];
    assert_eq!(build(&s).unwrap().start_facing(), Dir::S);
    // Bay east of the board, turned three times.
    s.boards = vec![
        inline("Floor", FLOOR, (0, 0), 0),
        inline("Bay", BAY, (3, 0), 3),
    ];
    assert_eq!(build(&s).unwrap().start_facing(), Dir::W);
}

#[test]
fn a_bay_between_two_boards_faces_the_board_of_checkpoint_one() {
    let mut s = spec();
    s.boards.push(inline("Other", FLOOR, (0, 5), 2));
    s.extras.reboot_tokens.push(token("Other", 0, 2, Dir::N));
    assert_eq!(build(&s).unwrap().start_facing(), Dir::N);
    s.checkpoints.insert(0, spot("Other", 1, 2));
    assert_eq!(build(&s).unwrap().start_facing(), Dir::S);
}

#[test]
fn a_spec_survives_json_and_defaults_apply() {
    let s = spec();
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(serde_json::from_str::<CourseSpec>(&json).unwrap(), s);
    let short = r#"{"name":"Short","difficulty":"Starter",
        "boards":[{"name":"In & Out","at":{"x":0,"y":0}},{"name":"Docking Bay A","at":{"x":0,"y":10}}],
        "checkpoints":[{"board":"In & Out","at":{"x":5,"y":5}}],
        "reboot_tokens":[{"spot":{"board":"In & Out","at":{"x":2,"y":5}},"dir":"E"}]}"#;
    let s: CourseSpec = serde_json::from_str(short).unwrap();
    assert_eq!(
        (
            s.extras.reboot_damage,
            s.extras.covered_starts.len(),
            s.boards[0].turns
        ),
        (2, 0, 0)
    );
    let c = build(&s).unwrap();
    assert_eq!(c.starts().len(), 8);
    assert_eq!(c.start_facing(), Dir::N);
}

#[test]
fn a_turned_spec_builds_the_turned_course() {
    let s = spec();
    let c = build(&s).unwrap();
    let t = build(&rotated_cw(&s).unwrap()).unwrap();
    let h = c.board().height() as i16;
    assert_eq!(t.board(), &c.board().rotated_cw());
    assert_eq!(
        t.checkpoints(),
        c.checkpoints()
            .iter()
            .map(|p| p.rotated_cw(h))
            .collect::<Vec<_>>()
    );
    assert_eq!(t.start_facing(), Dir::E);
    assert_eq!(
        t.extras().reboot_tokens[0],
        Some((Pos::new(1, 1).rotated_cw(h), Dir::W))
    );
    let mut s4 = s.clone();
    for _ in 0..4 {
        s4 = rotated_cw(&s4).unwrap();
    }
    assert_eq!(s4, s);
}
