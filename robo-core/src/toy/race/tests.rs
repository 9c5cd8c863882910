//! The toy race's choice in the middle of its register.

use super::*;
use crate::protocol::{ActionError, Game, Pending};

const BOARD: &str = "
+--+--+--+
 .. .. ..
+  +  +  +
 Z> .. ..
+  +  +  +
 .. [] F1
+--+--+--+
";

fn race(starts: &[Pos]) -> Race {
    let setup = Setup {
        board: BOARD.into(),
        starts: starts.to_vec(),
        max_rounds: 5,
    };
    Race::new(setup, 1).unwrap()
}

#[test]
fn a_robot_a_laser_hits_may_dodge_and_the_register_goes_on_after_its_choice() {
    // Robot 0 turns right to face east in the beam; robot 1 stays out of it.
    let mut r = race(&[Pos::new(1, 1), Pos::new(2, 0)]);
    r.apply(PlayerId(1), Action::Play(Card::Left)).unwrap();
    let events = r.apply(PlayerId(0), Action::Play(Card::Right)).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Revealed(_))));
    assert_eq!(
        r.pending(),
        Pending::Decision {
            player: PlayerId(0),
            decision: Decision::Dodge
        }
    );
    let mut options = Vec::new();
    r.legal_actions(PlayerId(0), &mut options);
    // Its right (south) is a pit: only its left is offered.
    assert_eq!(
        options,
        [Action::Dodge(None), Action::Dodge(Some(Rel::Left))]
    );
    // The rest of the register (the flags) waits under the choice.
    assert_eq!(
        r.core.agenda[r.core.agenda.len() - 2..],
        [
            Task::Steps { from: 4 },
            Task::Hit(r.core.agenda[r.core.agenda.len() - 1].hit())
        ]
    );
    let before = r.clone();
    assert!(matches!(
        r.apply(PlayerId(0), Action::Face(Dir::N)),
        Err(ActionError::WrongDecision { .. })
    ));
    assert_eq!(r, before, "a refused answer changes nothing");
    r.apply(PlayerId(0), Action::Dodge(Some(Rel::Left)))
        .unwrap();
    assert_eq!(
        r.world().pos(0),
        Some(Pos::new(1, 0)),
        "stepped to its left (north)"
    );
    assert_eq!(r.world().robots[0].hits, 0);
    assert_eq!(r.round(), 1);
    assert!(matches!(r.pending(), Pending::Simultaneous { .. }));
}

#[test]
fn a_robot_with_nowhere_to_go_takes_the_hit_without_being_asked() {
    // Robot 0 faces east: robot 1 stands on its left, a pit on its right.
    let mut r = race(&[Pos::new(1, 1), Pos::new(1, 0)]);
    r.apply(PlayerId(1), Action::Play(Card::Left)).unwrap();
    let events = r.apply(PlayerId(0), Action::Play(Card::Right)).unwrap();
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Grid(crate::event::GridEvent::BoardLaser(_)))));
    assert_eq!(r.world().robots[0].hits, 1);
    assert!(
        matches!(r.pending(), Pending::Simultaneous { .. }),
        "next round"
    );
}

#[test]
fn a_fallen_robot_comes_back_next_round_facing_as_its_owner_chooses() {
    let mut r = race(&[Pos::new(1, 0), Pos::new(2, 0)]);
    // Facing north, Back moves robot 0 south into the beam: it takes the hit.
    r.apply(PlayerId(1), Action::Play(Card::Left)).unwrap();
    r.apply(PlayerId(0), Action::Play(Card::Back)).unwrap();
    assert!(r.pending().is_waiting_for(PlayerId(0)));
    r.apply(PlayerId(0), Action::Dodge(None)).unwrap();
    assert_eq!(r.world().robots[0].hits, 1);
    // Back again: into the pit.
    r.apply(PlayerId(1), Action::Play(Card::Left)).unwrap();
    r.apply(PlayerId(0), Action::Play(Card::Back)).unwrap();
    assert_eq!(r.world().pos(0), None, "fell into the pit");
    assert_eq!(
        r.pending(),
        Pending::Decision {
            player: PlayerId(0),
            decision: Decision::Facing
        }
    );
    r.apply(PlayerId(0), Action::Face(Dir::E)).unwrap();
    assert_eq!(r.world().robots[0].pos, Some(Pos::new(1, 0)));
    assert_eq!(r.world().robots[0].facing, Dir::E);
    assert!(matches!(r.pending(), Pending::Simultaneous { .. }));
}

#[test]
fn a_save_waiting_at_the_wrong_task_is_refused() {
    let mut r = race(&[Pos::new(1, 1), Pos::new(2, 0)]);
    r.apply(PlayerId(1), Action::Play(Card::Left)).unwrap();
    r.apply(PlayerId(0), Action::Play(Card::Right)).unwrap();
    let mut json: serde_json::Value = serde_json::to_value(&r).unwrap();
    json["waiting"] = serde_json::json!({"One": [1, "Dodge"]});
    let e = serde_json::from_value::<Race>(json)
        .unwrap_err()
        .to_string();
    assert!(e.contains("waits for"), "{e}");
}
