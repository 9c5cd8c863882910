//! Attack phase: declaring, defending, rolls, losses, capture, moving in.

use super::*;
use crate::action::{Action, Decision, Reason};
use crate::state::Battle;
use robo_core::{ActionError, Pending};

pub(crate) fn attack(from: &str, to: &str, dice: u8, leader: bool, card: Option<Card>) -> Action {
    Action::Attack {
        from: z(from),
        to: z(to),
        dice,
        leader,
        card,
    }
}

pub(crate) fn at_attack(f: &mut Fix, seat: PlayerId) {
    f.stage(seat, Stage::Attack);
}

#[test]
fn attacks_go_from_a_held_zone_to_an_adjacent_enemy_keeping_one_behind() {
    let mut f = duel();
    at_attack(&mut f, P0);
    // B (2 robots) -> C: one may attack.
    assert_eq!(
        f.refused(P0, attack("B", "C", 2, false, None)),
        ActionError::Illegal(Reason::Dice { dice: 2, max: 1 })
    );
    assert_eq!(
        f.refused(P0, attack("B", "C", 0, false, None)),
        ActionError::Illegal(Reason::Dice { dice: 0, max: 1 })
    );
    assert_eq!(
        f.refused(P0, attack("A", "C", 1, false, None)),
        ActionError::Illegal(Reason::NotAdjacent {
            from: z("A"),
            to: z("C")
        })
    );
    assert_eq!(
        f.refused(P0, attack("A", "B", 1, false, None)),
        ActionError::Illegal(Reason::NotEnemy(z("B")))
    );
    assert_eq!(
        f.refused(P0, attack("C", "B", 1, false, None)),
        ActionError::Illegal(Reason::NotYours(z("C")))
    );
    // G holds one robot: it cannot attack H.
    assert_eq!(
        f.refused(P0, attack("G", "H", 1, false, None)),
        ActionError::Illegal(Reason::Robots {
            zone: z("G"),
            robots: 1
        })
    );
    assert_eq!(
        f.refused(P0, attack("D", "E", 1, true, None)),
        ActionError::Illegal(Reason::NoLeader(z("D")))
    );
    assert_eq!(
        f.refused(P0, attack("B", "C", 1, false, Some(Card::IonBlaster))),
        ActionError::Illegal(Reason::NoCard(Card::IonBlaster))
    );
    // Wrong kind of action for the decision.
    assert!(matches!(
        f.refused(
            P0,
            Action::MoveIn {
                robots: 1,
                leader: false
            }
        ),
        ActionError::WrongDecision { .. }
    ));
    let ev = f.ok(P0, attack("B", "C", 1, false, None));
    assert_eq!(
        ev,
        vec![Event::AttackDeclared {
            attacker: P0,
            defender: P1,
            from: z("B"),
            to: z("C"),
            dice: 1,
            leader: false,
            card: None
        }]
    );
    // The defender decides now.
    assert!(matches!(
        f.g.pending(),
        Pending::Decision {
            player: P1,
            decision: Decision::Defend { dice: 1, .. }
        }
    ));
}

#[test]
fn a_leader_may_be_the_robot_left_behind_or_fight() {
    // A: Optimus + 3 robots. Without fighting he can stay behind: 3 dice.
    let mut f = duel();
    f.g.zones[z("B").index()] = ZoneState {
        owner: Some(P1),
        robots: 2,
    };
    f.sync();
    at_attack(&mut f, P0);
    let mut legal = Vec::new();
    f.g.legal_actions(P0, &mut legal);
    for leader in [false, true] {
        for dice in 1..=3 {
            assert!(
                legal.contains(&attack("A", "B", dice, leader, None)),
                "{dice} {leader}"
            );
        }
    }
    // With only the leader and one robot: one die, with him or the robot.
    f.g.zones[z("A").index()].robots = 1;
    f.sync();
    f.g.legal_actions(P0, &mut legal);
    let from_a: Vec<_> = legal
        .iter()
        .filter(|a| matches!(a, Action::Attack { from, .. } if *from == z("A")))
        .collect();
    assert_eq!(
        from_a,
        vec![
            &attack("A", "B", 1, false, None),
            &attack("A", "B", 1, true, None)
        ]
    );
}

#[test]
fn roadblock_caps_attacks_at_two_dice() {
    let mut f = Fix::new(
        &[Leader::OptimusPrime, Leader::Barricade],
        &[
            ("A", 0, 3),
            ("B", 0, 5),
            ("C", 1, 2),
            ("D", 0, 2),
            ("E", 1, 4),
            ("F", 1, 3),
            ("G", 0, 1),
            ("H", 1, 1),
        ],
    );
    at_attack(&mut f, P0);
    let mut legal = Vec::new();
    f.g.legal_actions(P0, &mut legal);
    assert!(legal.contains(&attack("B", "C", 3, false, None)));
    f.leader(P1, Some("C"), Mode::Vehicle);
    f.refused(P0, attack("B", "C", 3, false, None));
    f.g.legal_actions(P0, &mut legal);
    assert!(legal.contains(&attack("B", "C", 2, false, None)));
    assert!(legal.contains(&attack("B", "E", 3, false, None)));
}

#[test]
fn the_defender_chooses_one_or_two_dice() {
    let mut f = duel();
    f.hand(P1, &[Card::ForceField]).hand(P0, &[Card::Blitz]);
    at_attack(&mut f, P0);
    f.ok(P0, attack("B", "C", 1, false, None));
    let mut legal = Vec::new();
    f.g.legal_actions(P1, &mut legal);
    let want: Vec<Action> = [None, Some(Card::ForceField)]
        .into_iter()
        .flat_map(|card| {
            [1, 2].map(|dice| Action::Defend {
                dice,
                leader: false,
                card,
            })
        })
        .collect();
    let mut want = want;
    want.sort();
    assert_eq!(legal, want);
    assert_eq!(
        f.refused(
            P1,
            Action::Defend {
                dice: 3,
                leader: false,
                card: None
            }
        ),
        ActionError::Illegal(Reason::Dice { dice: 3, max: 2 })
    );
    assert_eq!(
        f.refused(
            P1,
            Action::Defend {
                dice: 1,
                leader: true,
                card: None
            }
        ),
        ActionError::Illegal(Reason::NoLeader(z("C")))
    );
    assert_eq!(
        f.refused(
            P0,
            Action::Defend {
                dice: 1,
                leader: false,
                card: None
            }
        ),
        ActionError::NotPending(P0)
    );
    f.ok(
        P1,
        Action::Defend {
            dice: 2,
            leader: false,
            card: Some(Card::ForceField),
        },
    );
    // Blitz: the defender may roll only one die.
    let mut f = duel();
    f.hand(P0, &[Card::Blitz]);
    at_attack(&mut f, P0);
    f.ok(P0, attack("B", "C", 1, false, Some(Card::Blitz)));
    f.g.legal_actions(P1, &mut legal);
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Defend { dice: 1, .. })));
}

#[test]
fn a_roll_removes_robots_and_returns_to_the_attacker() {
    let mut f = duel();
    f.g.zones[z("B").index()].robots = 5;
    f.sync();
    at_attack(&mut f, P0);
    f.ok(P0, attack("B", "E", 3, false, None));
    let before = f.g.strength(z("B")) + f.g.strength(z("E"));
    let ev = f.ok(
        P1,
        Action::Defend {
            dice: 2,
            leader: false,
            card: None,
        },
    );
    let Some(Event::Rolled {
        attack,
        defence,
        attacker_lost,
        defender_lost,
    }) = ev.iter().find(|e| matches!(e, Event::Rolled { .. }))
    else {
        panic!("{ev:?}")
    };
    assert_eq!((attack.len, defence.len), (3, 2));
    assert_eq!(attacker_lost + defender_lost, 2);
    assert_eq!(f.g.strength(z("B")) + f.g.strength(z("E")), before - 2);
    assert_eq!(
        f.g.player(P0).unwrap().removed + f.g.player(P1).unwrap().removed,
        2
    );
    assert_eq!(
        f.g.pending(),
        Pending::Decision {
            player: P0,
            decision: Decision::Attack
        }
    );
}

#[test]
fn leader_effects_and_cards_shape_the_roll() {
    let mut f = duel();
    f.leader(P1, Some("E"), Mode::Robot);
    f.stage(P0, Stage::Attack);
    let b = Battle {
        from: z("A"),
        to: z("E"),
        dice: 3,
        leader: true,
        card: Some(Card::IonBlaster),
    };
    // Optimus fights (+1) with an Ion Blaster (+1); Megatron defends (-1 to the attacker's highest).
    let (a, d, armor) = f.g.roll_spec(P1, &b, 2, true, Some(Card::ArmorPlating));
    assert_eq!((a.highest, a.lowest, a.wins_ties), (1, 0, false));
    assert_eq!(
        (d.highest, d.lowest),
        (0, 0),
        "Megatron lowers the other side only"
    );
    assert!(armor);
    // Megatron defends but Optimus stays home; Smokescreen lowers the attacker more.
    let b2 = Battle {
        leader: false,
        card: Some(Card::TargetingScanner),
        ..b
    };
    let (a, d, _) = f.g.roll_spec(P1, &b2, 2, true, Some(Card::Smokescreen));
    assert_eq!((a.highest, a.wins_ties), (-2, true));
    assert_eq!(d.highest, 0);
    // Force Field raises the defender's highest die.
    let (_, d, armor) = f.g.roll_spec(P1, &b2, 2, false, Some(Card::ForceField));
    assert_eq!((d.highest, armor), (1, false));
    // Vehicle mode: no battle effect.
    f.leader(P1, Some("E"), Mode::Vehicle);
    let (a, _, _) = f.g.roll_spec(P1, &b2, 2, true, None);
    assert_eq!(a.highest, 0);
    // Bumblebee wins ties; Barricade raises the lowest die.
    let mut f = Fix::new(
        &[Leader::Bumblebee, Leader::Barricade],
        &[
            ("A", 0, 3),
            ("B", 0, 2),
            ("C", 1, 2),
            ("D", 0, 2),
            ("E", 1, 4),
            ("F", 1, 3),
            ("G", 0, 1),
            ("H", 1, 1),
        ],
    );
    f.stage(P0, Stage::Attack);
    let b = Battle {
        from: z("D"),
        to: z("E"),
        dice: 1,
        leader: true,
        card: None,
    };
    let (a, d, _) = f.g.roll_spec(P1, &b, 1, true, None);
    assert!(a.wins_ties);
    assert_eq!(d.lowest, 1);
    assert_eq!(a.sides, [6; 3], "six-sided unless the option is on");
    f.g.rules.leader_d8 = true;
    let (a, d, _) = f.g.roll_spec(P1, &b, 1, true, None);
    assert_eq!((a.sides[0], d.sides[0]), (8, 8));
    let (_, d, _) = f.g.roll_spec(P1, &b, 1, false, None);
    assert_eq!(d.sides[0], 6);
}

#[test]
fn a_fighting_leader_falls_only_as_the_last_fighter() {
    let mut f = duel();
    let mut ev = Vec::new();
    // Optimus and two robots attack from A (3 robots + leader); two lost: robots go first.
    f.g.lose(P0, z("A"), 3, true, 2, &mut ev);
    assert_eq!(f.robots("A"), 1);
    assert_eq!(f.g.player(P0).unwrap().leader_at, Some(z("A")));
    assert!(ev.is_empty());
    // Optimus and one robot, both lost: the leader falls too.
    f.g.lose(P0, z("A"), 2, true, 2, &mut ev);
    assert_eq!(f.robots("A"), 0);
    assert_eq!(f.g.player(P0).unwrap().leader_at, None);
    assert_eq!(
        ev,
        vec![Event::LeaderRemoved {
            player: P0,
            leader: Leader::OptimusPrime,
            zone: z("A")
        }]
    );
    assert_eq!(f.g.player(P0).unwrap().removed, 3);
}

/// Attacks B -> C until C falls, answering with one die each time.
fn fight_until_capture(f: &mut Fix) -> Vec<Event> {
    for _ in 0..200 {
        f.g.zones[z("B").index()].robots = 20;
        f.sync();
        f.ok(P0, attack("B", "C", 3, false, None));
        let ev = f.ok(
            P1,
            Action::Defend {
                dice: 1,
                leader: false,
                card: None,
            },
        );
        if ev.iter().any(|e| matches!(e, Event::Captured { .. })) {
            return ev;
        }
    }
    panic!("never captured");
}

#[test]
fn capture_and_move_in() {
    let mut f = duel();
    f.g.zones[z("C").index()].robots = 1;
    f.sync();
    at_attack(&mut f, P0);
    let ev = fight_until_capture(&mut f);
    assert!(ev.contains(&Event::Captured {
        player: P0,
        zone: z("C"),
        from: P1
    }));
    assert_eq!(f.owner("C"), None);
    assert_eq!(
        f.g.pending(),
        Pending::Decision {
            player: P0,
            decision: Decision::MoveIn {
                from: z("B"),
                to: z("C")
            }
        }
    );
    assert_eq!(
        f.refused(
            P0,
            Action::MoveIn {
                robots: 0,
                leader: false
            }
        ),
        ActionError::Illegal(Reason::NothingMoved)
    );
    assert_eq!(
        f.refused(
            P0,
            Action::MoveIn {
                robots: 20,
                leader: false
            }
        ),
        ActionError::Illegal(Reason::Robots {
            zone: z("B"),
            robots: 20
        })
    );
    assert_eq!(
        f.refused(
            P0,
            Action::MoveIn {
                robots: 1,
                leader: true
            }
        ),
        ActionError::Illegal(Reason::NoLeader(z("B")))
    );
    let ev = f.ok(
        P0,
        Action::MoveIn {
            robots: 19,
            leader: false,
        },
    );
    assert_eq!(
        ev[0],
        Event::MovedIn {
            player: P0,
            from: z("B"),
            to: z("C"),
            robots: 19,
            leader: false
        }
    );
    assert_eq!(
        (f.robots("B"), f.robots("C"), f.owner("C")),
        (1, 19, Some(P0))
    );
    assert!(f.g.player(P0).unwrap().captured);
    assert!(f.g.player(P0).unwrap().held.contains(z("C")));
}

#[test]
fn wiping_out_the_last_enemy_ends_the_game() {
    let mut f = Fix::new(
        &[Leader::OptimusPrime, Leader::Megatron],
        &[
            ("A", 0, 3),
            ("B", 0, 2),
            ("C", 1, 1),
            ("D", 0, 2),
            ("E", 0, 4),
            ("F", 0, 3),
            ("G", 0, 1),
            ("H", 0, 1),
        ],
    );
    f.leader(P1, None, Mode::Robot);
    at_attack(&mut f, P0);
    let ev = fight_until_capture(&mut f);
    assert!(ev.contains(&Event::Eliminated { player: P1 }));
    assert!(f.g.player(P1).unwrap().out);
    let ev = f.ok(
        P0,
        Action::MoveIn {
            robots: 1,
            leader: false,
        },
    );
    let Pending::Terminal(o) = f.g.pending() else {
        panic!("{:?}", f.g.pending())
    };
    assert_eq!(o.victory, crate::Victory::Elimination);
    assert_eq!(o.winners.to_vec(), vec![P0]);
    assert_eq!(o.round, 1);
    assert!(ev.iter().any(|e| matches!(e, Event::GameOver(_))));
    assert_eq!(f.g.apply(P0, Action::Done), Err(ActionError::GameOver));
}

#[test]
fn with_nothing_to_attack_the_phase_is_skipped() {
    let mut f = Fix::new(
        &[Leader::OptimusPrime, Leader::Megatron],
        &[
            ("A", 0, 1),
            ("B", 0, 1),
            ("C", 1, 2),
            ("D", 0, 1),
            ("E", 1, 4),
            ("F", 1, 3),
            ("G", 0, 1),
            ("H", 1, 1),
        ],
    );
    f.leader(P0, None, Mode::Robot);
    let mut ev = Vec::new();
    f.g.turn = P0;
    f.g.stage = Stage::Attack;
    f.g.settle(&mut ev);
    // Nothing to attack with, nothing to move: the turn passes to Megatron.
    assert_eq!(f.g.turn(), P1);
    assert!(ev.contains(&Event::TurnStarted { player: P1 }));
}
