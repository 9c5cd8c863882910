//! Tests of the text format.

use super::*;
use crate::toy::ToyTile;

type B = Board<ToyTile>;

#[test]
fn walls_one_way_walls_and_void_cells_read_and_print_back() {
    let text = "\
+--+--+--+
|.. >.|[]>
+  +vv+^^+
|F1      |
+--+--+--+
ids
001
0..
";
    let b: B = Board::parse(text).unwrap();
    assert_eq!(b.print(), text);
    assert_eq!(b.wall(Pos::new(1, 0), Dir::E), Wall::Both);
    assert_eq!(b.wall(Pos::new(2, 0), Dir::E), Wall::OneWay(Dir::E));
    assert!(b.blocks(Pos::new(1, 1), Dir::N) && !b.blocks(Pos::new(1, 0), Dir::S));
    assert!(!b.contains(Pos::new(1, 1)));
    assert_eq!(b.board_id(Pos::new(2, 0)), Some(BoardId(1)));
    assert_eq!(b.tile(Pos::new(0, 1)), Some(&ToyTile::Flag(1)));
}

#[test]
fn trailing_spaces_may_be_trimmed_and_blank_lines_surround() {
    let text = "\n\n+--+--+\n .. ..\n+--+--+\n\n";
    let b: B = Board::parse(text).unwrap();
    assert_eq!(b.width(), 2);
    assert!(!b.blocks(Pos::new(1, 0), Dir::E));
}

fn err(text: &str) -> ParseError {
    B::parse(text).unwrap_err()
}

#[test]
fn errors_give_line_and_column() {
    let e = err("+--+--+\n|.. xx|\n+--+--+\n");
    assert_eq!((e.line, e.column), (2, 5));
    assert_eq!(e.kind, ParseErrorKind::UnknownGlyph("xx".into()));
    assert!(e
        .to_string()
        .starts_with("line 2, column 5: unknown tile `xx`"));

    let e = err("+--+--+\n|.. ..#\n+--+--+\n");
    assert_eq!((e.line, e.column), (2, 7));
    assert!(matches!(e.kind, ParseErrorKind::BadEdge { found: '#', .. }));

    let e = err("+--+-=+\n|.. ..|\n+--+--+\n");
    assert_eq!((e.line, e.column), (1, 5));
    assert!(matches!(e.kind, ParseErrorKind::MixedEdge(_)));

    let e = err("+--+--+\n|.. ..|\n");
    assert_eq!(e.kind, ParseErrorKind::MissingWallLine);

    let e = err("+--+--\n");
    assert!(matches!(e.kind, ParseErrorKind::BadWidth { .. }));

    let e = err("+--+\n|..|\n+--+\nids\n7x\n");
    assert_eq!(
        e.kind,
        ParseErrorKind::IdsShape {
            width: 1,
            height: 1
        }
    );

    let e = err("+--+\n|..|\n+--+\n\nmore\n");
    assert_eq!((e.line, e.kind), (5, ParseErrorKind::Trailing));

    assert_eq!(err("  \n").kind, ParseErrorKind::Empty);
    let e = err("+--+--+\n|.. ..|  xx\n+--+--+\n");
    assert!(matches!(e.kind, ParseErrorKind::LineTooLong { .. }));
}

/// A tile with a level layer and notes, as an edition with composite
/// cells has: `.` floor or `O` pit; level `0`-`2`; a note `heat N`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct Layered {
    pit: bool,
    level: u8,
    heat: u8,
}

impl Glyph for Layered {
    const WIDTH: usize = 1;
    const LAYERS: &'static [Layer] = &[Layer {
        name: "levels",
        blank: '0',
    }];
    fn write_glyph(&self, out: &mut String) {
        out.push(if self.pit { 'O' } else { '.' });
    }
    fn parse_glyph(s: &str) -> Option<Self> {
        match s {
            "." => Some(Layered::default()),
            "O" => Some(Layered {
                pit: true,
                ..Layered::default()
            }),
            _ => None,
        }
    }
    fn layer_char(&self, _: usize) -> char {
        char::from(b'0' + self.level)
    }
    fn set_layer(&mut self, _: usize, c: char) -> bool {
        match c {
            '0'..='2' => {
                self.level = c as u8 - b'0';
                true
            }
            _ => false,
        }
    }
    fn write_note(&self, out: &mut String) {
        if self.heat > 0 {
            out.push_str(&format!("heat {}", self.heat));
        }
    }
    fn parse_note(&mut self, note: &str) -> Result<(), String> {
        let n = note
            .strip_prefix("heat ")
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("`{note}` is not `heat N`"))?;
        self.heat = n;
        Ok(())
    }
}

type L = Board<Layered>;

#[test]
fn layers_and_cell_notes_read_and_print_back() {
    let text = "\
+-+-+-+
|. O .|
+ + + +
|. .  |
+-+-+-+
ids
000
01.
levels
110
020
cells
0,0: heat 2
1,1: heat 1
";
    let b: L = Board::parse(text).unwrap();
    assert_eq!(b.print(), text);
    let at = |x, y| b.tile(Pos::new(x, y)).unwrap().clone();
    assert_eq!((at(0, 0).level, at(0, 0).heat), (1, 2));
    assert_eq!((at(1, 1).level, at(1, 1).heat), (2, 1));
    assert!(at(1, 0).pit && at(1, 0).level == 1);
    assert_eq!(at(2, 0), Layered::default());
}

#[test]
fn blank_layers_and_empty_notes_are_not_printed() {
    let text = "+-+-+\n|. O|\n+-+-+\n";
    let b: L = Board::parse(text).unwrap();
    assert_eq!(b.print(), text);
    // Blocks may come in any order, after blank lines, and a layer row
    // may lose its trailing blanks.
    let b: L = Board::parse("+-+-+\n|. O|\n+-+-+\n\ncells\n1,0: heat 3\n\nlevels\n1\n").unwrap();
    assert_eq!(
        b.print(),
        "+-+-+\n|. O|\n+-+-+\nlevels\n10\ncells\n1,0: heat 3\n"
    );
}

#[test]
fn layer_and_note_errors_give_line_and_column() {
    let e = L::parse("+-+-+\n|. .|\n+-+-+\nlevels\n07\n").unwrap_err();
    assert_eq!((e.line, e.column), (5, 2));
    assert_eq!(
        e.kind,
        ParseErrorKind::BadLayer {
            layer: "levels",
            found: '7'
        }
    );
    let e = L::parse("+-+-+\n|. .|\n+-+-+\nlevels\n000\n").unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::LayerShape { .. }));
    let e = L::parse("+-+-+\n|. .|\n+-+-+\nlevels\n").unwrap_err();
    assert_eq!(e.line, 5);
    let e = L::parse("+-+-+\n|. .|\n+-+-+\ncells\n1,0: heat x\n").unwrap_err();
    assert_eq!((e.line, e.column), (5, 6));
    assert!(e.to_string().contains("`heat x` is not `heat N`"));
    for bad in ["5,0: heat 1", "1 0 heat 1", "a,0: heat 1"] {
        let e = L::parse(&format!("+-+-+\n|. .|\n+-+-+\ncells\n{bad}\n")).unwrap_err();
        assert_eq!((e.line, e.kind), (5, ParseErrorKind::NoteCell), "{bad}");
    }
    let e = L::parse("+-+-+\n|. .|\n+-+-+\ncells\n1,0: heat 1\n1,0: heat 2\n").unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::DuplicateNote(Pos::new(1, 0)));
    let e = L::parse("+-+-+\n|. .|\n+-+-+\nlevels\n00\nlevels\n00\n").unwrap_err();
    assert_eq!(
        (e.line, e.kind),
        (6, ParseErrorKind::DuplicateBlock("levels".into()))
    );
    // A note on a void cell names no floor cell.
    let e = L::parse("+-+-+\n|.  |\n+-+-+\ncells\n1,0: heat 1\n").unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::NoteCell);
    // Editions without notes refuse them, with the line.
    let e = B::parse("+--+\n|..|\n+--+\ncells\n0,0: x\n").unwrap_err();
    assert_eq!(e.line, 5);
    assert!(matches!(e.kind, ParseErrorKind::BadNote(_)));
}

use proptest::strategy::Strategy as _;

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(64))]
    #[test]
    fn layered_boards_print_and_parse_back(
        b in crate::strategy::board(
            (proptest::bool::ANY, 0u8..3, 0u8..4)
                .prop_map(|(pit, level, heat)| Layered { pit, level, heat }),
            6,
            5,
        )
    ) {
        let text = b.print();
        proptest::prop_assert_eq!(L::parse(&text), Ok(b), "{}", text);
    }
}
