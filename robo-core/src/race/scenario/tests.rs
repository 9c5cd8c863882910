//! The atoms and the expect machinery (the run loop is tested through the
//! toy race's scenarios, `toy/race/scenario.rs`).

use super::*;
use crate::geom::{Dir, Pos};

#[test]
fn atoms_read_their_shapes_and_refuse_others_with_the_shapes_meant() {
    let f: Facing = serde_json::from_str(r#""w""#).unwrap();
    assert_eq!(f.0, Dir::W);
    assert!(serde_json::from_str::<Facing>(r#""up""#)
        .unwrap_err()
        .to_string()
        .contains("use N, E, S or W"));
    let p: Xy = serde_json::from_str("[3, -1]").unwrap();
    assert_eq!(p.to_string(), "[3,-1]");
    assert_eq!(serde_json::to_string(&p).unwrap(), "[3,-1]");
    let b: BoardText = serde_json::from_str(r#"["a", "b"]"#).unwrap();
    assert_eq!(b.text(), "a\nb\n");
    let b: BoardText = serde_json::from_str(r#""a\nb\n""#).unwrap();
    assert_eq!(b.text(), "a\nb\n");
    assert!(serde_json::from_str::<BoardText>("3")
        .unwrap_err()
        .to_string()
        .contains("list of text lines"));
    let r: RunFile = serde_json::from_str(r#"{"registers": 2}"#).unwrap();
    assert_eq!(run_length::<String>(Some(&r)), Ok(RunLength::Registers(2)));
    assert!(serde_json::from_str::<RunFile>(r#"{"register": 2}"#).is_err());
    let r: RunFile = serde_json::from_str(r#""End""#).unwrap();
    assert_eq!(run_length::<String>(Some(&r)), Ok(RunLength::End));
    assert_eq!(run_length::<String>(None), Ok(RunLength::Round));
    let many = RunFile::Registers { registers: 501 };
    assert_eq!(
        run_length::<String>(Some(&many)).unwrap_err().to_string(),
        "run: 501 registers: a scenario runs at most 500"
    );
    assert_eq!(squash(" Rail-Gun "), "railgun");
}

#[test]
fn differences_compare_only_what_is_written_and_name_unused_answers() {
    struct Want(Option<Option<Xy>>);
    impl Expectation<Option<Xy>> for Want {
        fn compare(&self, got: &Option<Xy>, d: &mut Differences) {
            d.check(|| "position".into(), self.0.as_ref(), got);
        }
    }
    let at = Some(Xy(Pos::new(1, 2)));
    let script = |want| ScenarioScript {
        about: String::new(),
        run: RunLength::Round,
        answers: vec![Vec::<String>::new()],
        expect: Some(Want(want)),
    };
    assert!(script(Some(at)).differences(&at, &[]).is_empty());
    assert!(script(None).differences(&at, &[]).is_empty());
    let d = script(Some(None)).differences(&at, &["robot 1: \"brake\"".into()]);
    let d: Vec<String> = d.iter().map(ToString::to_string).collect();
    assert_eq!(
        d,
        [
            "position: expected null, got [1,2]",
            "scripted answers: expected all used, got never asked for: robot 1: \"brake\"",
        ]
    );
    let mut d = Differences::new();
    d.bag(|| "hand".into(), Some(vec!["A".into()]), vec!["B".into()]);
    assert_eq!(
        d.into_vec()[0].to_string(),
        "hand: expected [\"A\"], got [\"B\"]"
    );
}
