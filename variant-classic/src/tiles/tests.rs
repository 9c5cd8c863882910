use super::*;
use robo_core::board::{Board, Glyph};
use robo_core::element::Elements;
use robo_core::geom::Pos;

#[test]
fn every_glyph_reads_back_and_turns_keep_it_a_glyph() {
    let glyphs = [
        " . ", "[ ]", "D1 ", "D8 ", " w ", " W ", "(L)", "(R)", "y> ", "y^l", "e<r", "evb", "p>1",
        "p^2", "L>1", "Lv3", "[o]", "[1]", "[2]", "X1 ", "X2 ", "F1 ", "F2 ", " r ", " % ", " ? ",
        "c> ", "cv ", " ~ ", " o ", "O1 ", "O9 ", " T ", "R^ ", "R< ", "/> ", "/v ", " $ ",
    ];
    for g in glyphs {
        let t = Cell::parse_glyph(g).unwrap_or_else(|| panic!("{g:?}"));
        let mut out = String::new();
        t.write_glyph(&mut out);
        assert_eq!(out, g);
        for q in 0..4 {
            let turned = t.rotated_cw(q).tile.to_string();
            assert!(Tile::from_glyph(&turned).is_some(), "{turned:?}");
        }
    }
    for bad in [
        "D9 ", "L>4", "x> ", " q ", "p>3", "[3]", "X3 ", "F0 ", "O0 ", "c>l", "R> x", "/x ",
    ] {
        assert_eq!(Tile::from_glyph(bad), None, "{bad:?}");
    }
}

#[test]
fn turning_a_board_turns_currents_repulsors_and_ramps() {
    assert_eq!(Tile::Current(Dir::N).rotated_cw(1), Tile::Current(Dir::E));
    assert_eq!(Tile::Repulsor(Dir::E).rotated_cw(2), Tile::Repulsor(Dir::W));
    assert_eq!(Tile::Ramp(Dir::S).rotated_cw(3), Tile::Ramp(Dir::E));
    let c = Cell {
        tile: Tile::Ramp(Dir::N),
        level: 1,
        ..Cell::default()
    };
    assert_eq!(c.rotated_cw(1).level, 1);
}

/// A row of cells with these glyphs (space-separated codes, `.` for
/// floor) on the levels given.
fn row(tiles: &str, levels: &str) -> Board<Cell> {
    let glyphs: Vec<String> = tiles
        .split_whitespace()
        .map(|g| {
            if g == "." {
                " . ".to_string()
            } else {
                format!("{g:<3}")
            }
        })
        .collect();
    let line = "+".to_string() + &"---+".repeat(glyphs.len());
    let text = format!("{line}\n|{}|\n{line}\nlevels\n{levels}\n", glyphs.join(" "));
    Board::parse(&text).unwrap()
}

#[test]
fn ledges_are_walls_from_below_and_falls_from_above() {
    let b = row(". . . .", "0110");
    let at = |x| Pos::new(x, 0);
    assert_eq!(crossing(&b, at(0), Dir::E), Crossing::Wall);
    assert_eq!(crossing(&b, at(1), Dir::W), Crossing::Fall);
    assert_eq!(crossing(&b, at(1), Dir::E), Crossing::Open);
    assert_eq!(crossing(&b, at(2), Dir::E), Crossing::Fall);
    assert_eq!(crossing(&b, at(3), Dir::W), Crossing::Wall);
    assert!(blocks_sight(&b, at(0), Dir::E) && blocks_sight(&b, at(1), Dir::W));
    assert!(!blocks_sight(&b, at(1), Dir::E));
}

#[test]
fn a_ramp_climbs_only_at_its_high_end() {
    let b = row(". /> . /< .", "00100");
    let at = |x| Pos::new(x, 0);
    assert_eq!(crossing(&b, at(0), Dir::E), Crossing::Open, "onto the foot");
    assert_eq!(crossing(&b, at(1), Dir::E), Crossing::Climb);
    assert_eq!(crossing(&b, at(2), Dir::W), Crossing::Open, "down the ramp");
    // The second ramp climbs west: from its cell at (3) onto (2).
    assert_eq!(crossing(&b, at(3), Dir::W), Crossing::Climb);
    assert_eq!(crossing(&b, at(2), Dir::E), Crossing::Open);
    assert_eq!(crossing(&b, at(4), Dir::W), Crossing::Open);
    // A ramp's low end is no way up, nor down.
    let b = row("/< .", "01");
    assert_eq!(crossing(&b, at(0), Dir::E), Crossing::Wall);
    assert_eq!(crossing(&b, at(1), Dir::W), Crossing::Fall);
}

#[test]
fn a_repulsor_field_is_on_one_side_and_works_both_ways() {
    let b = row(". R> . .", "0000");
    let at = |x| Pos::new(x, 0);
    assert_eq!(crossing(&b, at(1), Dir::E), Crossing::Repulsor);
    assert_eq!(crossing(&b, at(2), Dir::W), Crossing::Repulsor);
    assert_eq!(crossing(&b, at(0), Dir::E), Crossing::Open);
    assert_eq!(crossing(&b, at(2), Dir::E), Crossing::Open);
    assert!(blocks_sight(&b, at(2), Dir::W) && !blocks_sight(&b, at(0), Dir::E));
}

#[test]
fn one_way_walls_pass_one_way_only() {
    let b: Board<Cell> = Board::parse("+---+---+\n| . > . |\n+---+---+\n").unwrap();
    assert_eq!(crossing(&b, Pos::new(0, 0), Dir::E), Crossing::Open);
    assert_eq!(crossing(&b, Pos::new(1, 0), Dir::W), Crossing::Wall);
}

#[test]
fn a_board_without_levels_prints_no_layer() {
    let text = "+---+---+\n| .   ~ |\n+---+---+\n";
    let b: Board<Cell> = Board::parse(text).unwrap();
    assert_eq!(b.print(), text);
    assert!(Board::<Cell>::parse("+---+\n| . |\n+---+\nlevels\n2\n").is_err());
}

#[test]
fn composite_cells_carry_a_crusher_or_a_laser_in_a_note() {
    let text = "+---+---+\n|y>   ~ |\n+---+---+\ncells\n0,0: crusher 2/4\n1,0: laser <1\n";
    let b: Board<Cell> = Board::parse(text).unwrap();
    assert_eq!(b.print(), text);
    let belt = b.tile(Pos::new(0, 0)).copied().unwrap();
    assert_eq!(belt.crusher(), Some(EVEN_REGISTERS));
    assert!(belt.conveyor().is_some());
    let water = b.tile(Pos::new(1, 0)).copied().unwrap();
    assert!(water.tile.is_water());
    assert_eq!(water.laser().map(|m| (m.dir, m.beams)), Some((Dir::W, 1)));
    assert_eq!(water.rotated_cw(1).laser().map(|m| m.dir), Some(Dir::N));
    let both = "+---+\n| . |\n+---+\ncells\n0,0: crusher 1/3/5; laser v3\n";
    let c = Board::<Cell>::parse(both).unwrap();
    assert_eq!(c.print(), both);
    for bad in [
        "crusher 1/2",
        "laser >4",
        "laser x1",
        "gear",
        "crusher 2/4; crusher 2/4",
    ] {
        let t = format!("+---+\n| . |\n+---+\ncells\n0,0: {bad}\n");
        assert!(Board::<Cell>::parse(&t).is_err(), "{bad}");
    }
}

#[test]
fn crossings_between_the_highest_levels_do_not_overflow() {
    // A damaged save may hold any level: the topmost ones still compare.
    let mut board: Board<Cell> = Board::parse("+---+---+\n|/>   . |\n+---+---+\n").unwrap();
    let (a, b) = (Pos::new(0, 0), Pos::new(1, 0));
    let mut ramp = *board.tile(a).unwrap();
    ramp.level = u8::MAX;
    board.set_tile(a, ramp).unwrap();
    let mut top = *board.tile(b).unwrap();
    top.level = u8::MAX - 1;
    board.set_tile(b, top).unwrap();
    assert_eq!(crossing(&board, a, Dir::E), Crossing::Fall);
    assert_eq!(crossing(&board, b, Dir::W), Crossing::Wall);
}
