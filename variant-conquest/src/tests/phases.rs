//! Place and morph phases.

use super::*;
use crate::action::{Action, Decision, Reason, Target};
use crate::ids::PieceId;
use crate::rules::Reinforcement;
use robo_core::{ActionError, Pending};

#[test]
fn reinforcements_follow_the_formula() {
    let mut f = duel();
    // P0 holds A, B, D, G: 4 zones -> 3; all of West (A, B, D) -> +2.
    assert_eq!(
        f.g.reinforcement(P0),
        Reinforcement {
            zones: 3,
            sectors: 2,
            factories: 0,
            leader: 0,
            granted: 5
        }
    );
    // P1 holds C, E, F (East, +3) and H. C is a closed factory.
    assert_eq!(
        f.g.reinforcement(P1),
        Reinforcement {
            zones: 3,
            sectors: 3,
            factories: 0,
            leader: 0,
            granted: 6
        }
    );
    // Open the factory: its two robots give two; Megatron in vehicle mode gives two more.
    f.g.pieces[0] = 1;
    f.g.refresh_pieces();
    f.leader(P1, Some("F"), Mode::Vehicle);
    assert_eq!(
        f.g.reinforcement(P1),
        Reinforcement {
            zones: 3,
            sectors: 3,
            factories: 2,
            leader: 2,
            granted: 10
        }
    );
    // A factory gives at most three.
    f.g.zones[z("C").index()].robots = 7;
    f.sync();
    assert_eq!(f.g.reinforcement(P1).factories, 3);
    // The supply bounds it.
    f.g.players[1].supply = 4;
    assert_eq!(f.g.reinforcement(P1).granted, 4);
    f.g.players[1].supply = 0;
    assert_eq!(f.g.reinforcement(P1).granted, 0);
}

#[test]
fn a_third_of_the_zones_when_that_is_more_than_three() {
    let mut f = Fix::new(
        &[Leader::OptimusPrime, Leader::Megatron],
        &[
            ("A", 0, 1),
            ("B", 0, 1),
            ("C", 0, 1),
            ("D", 0, 1),
            ("E", 0, 1),
            ("F", 0, 1),
            ("G", 0, 1),
            ("H", 1, 1),
        ],
    );
    f.leader(P1, None, Mode::Robot);
    // 7 zones -> 3 (7 / 3 = 2, at least 3); West and East whole: 2 + 3.
    assert_eq!(f.g.reinforcement(P0).zones, 3);
    assert_eq!(f.g.reinforcement(P0).sectors, 5);
    assert_eq!(f.g.reinforcement(P1).zones, 3);
}

#[test]
fn placing_reinforcements() {
    let mut f = duel();
    let ev = f.turn(P0);
    let r = ev.iter().find_map(|e| {
        if let Event::Reinforced { reinforcement, .. } = e {
            Some(*reinforcement)
        } else {
            None
        }
    });
    assert_eq!(r.unwrap().granted, 5);
    assert_eq!(f.g.player(P0).unwrap().pool, 5);
    let supply = f.g.player(P0).unwrap().supply;
    assert_eq!(
        f.refused(P0, Action::Place(z("C"))),
        ActionError::Illegal(Reason::NotYours(z("C")))
    );
    assert_eq!(
        f.refused(P0, Action::Place(ZoneId(40))),
        ActionError::Illegal(Reason::UnknownZone(ZoneId(40)))
    );
    assert_eq!(
        f.refused(P1, Action::Place(z("C"))),
        ActionError::NotPending(P1)
    );
    for _ in 0..4 {
        f.ok(P0, Action::Place(z("B")));
    }
    assert_eq!(f.robots("B"), 6);
    assert!(matches!(
        f.g.pending(),
        Pending::Decision {
            decision: Decision::Place { robots: 1 },
            ..
        }
    ));
    f.ok(P0, Action::Place(z("D")));
    // All placed: the phase ends (and the morph phase asks about the leader).
    assert_eq!(
        f.g.pending(),
        Pending::Decision {
            player: P0,
            decision: Decision::Morph
        }
    );
    assert_eq!(f.g.player(P0).unwrap().supply, supply);
}

#[test]
fn robot_cards_add_robots_bounded_by_the_supply() {
    let mut f = duel();
    f.hand(
        P0,
        &[
            Card::Reinforcements,
            Card::FactoryOverdrive,
            Card::IonBlaster,
        ],
    );
    f.turn(P0);
    let e = f.refused(
        P0,
        Action::Play {
            card: Card::IonBlaster,
            target: Target::None,
        },
    );
    assert!(matches!(
        e,
        ActionError::Illegal(Reason::CardNotPlayable {
            card: Card::IonBlaster,
            ..
        })
    ));
    let e = f.refused(
        P0,
        Action::Play {
            card: Card::EmergencyRecall,
            target: Target::None,
        },
    );
    assert_eq!(
        e,
        ActionError::Illegal(Reason::NoCard(Card::EmergencyRecall))
    );
    let ev = f.ok(
        P0,
        Action::Play {
            card: Card::Reinforcements,
            target: Target::None,
        },
    );
    assert!(ev.contains(&Event::ExtraRobots {
        player: P0,
        robots: 3
    }));
    assert_eq!(f.g.player(P0).unwrap().pool, 8);
    // No open factory held: Factory Overdrive gives one.
    let p = &mut f.g.players[0];
    p.removed += p.supply;
    p.supply = 0;
    let ev = f.ok(
        P0,
        Action::Play {
            card: Card::FactoryOverdrive,
            target: Target::None,
        },
    );
    assert!(
        ev.contains(&Event::ExtraRobots {
            player: P0,
            robots: 0
        }),
        "bounded by the empty supply"
    );
    assert_eq!(f.g.deck().discard_len(), 2);
}

#[test]
fn factory_overdrive_needs_an_open_factory_for_three() {
    let mut f = duel();
    f.hand(P1, &[Card::FactoryOverdrive]);
    f.g.pieces[0] = 1;
    f.g.refresh_pieces();
    f.turn(P1);
    let ev = f.ok(
        P1,
        Action::Play {
            card: Card::FactoryOverdrive,
            target: Target::None,
        },
    );
    assert!(ev.contains(&Event::ExtraRobots {
        player: P1,
        robots: 3
    }));
}

fn to_morph(f: &mut Fix, seat: PlayerId) {
    f.turn(seat);
    while let Pending::Decision {
        decision: Decision::Place { .. },
        ..
    } = f.g.pending()
    {
        let zone = f.g.player(seat).unwrap().held.iter().next().unwrap();
        f.ok(seat, Action::Place(zone));
    }
}

#[test]
fn the_leader_transforms_once_a_turn() {
    let mut f = duel();
    f.hand(P0, &[Card::Transwarp]);
    to_morph(&mut f, P0);
    let ev = f.ok(P0, Action::Transform);
    assert_eq!(
        ev[0],
        Event::Transformed {
            player: P0,
            leader: Leader::OptimusPrime,
            mode: Mode::Vehicle
        }
    );
    // Still in the morph phase (a Transwarp card is in hand), but no second transformation.
    assert_eq!(
        f.refused(P0, Action::Transform),
        ActionError::Illegal(Reason::AlreadyTransformed)
    );
    f.ok(P0, Action::Done);
    assert_eq!(
        f.g.pending(),
        Pending::Decision {
            player: P0,
            decision: Decision::Attack
        }
    );
}

#[test]
fn without_a_leader_or_cards_the_morph_phase_is_skipped() {
    let mut f = duel();
    f.leader(P0, None, Mode::Robot);
    to_morph(&mut f, P0);
    assert_eq!(
        f.g.pending(),
        Pending::Decision {
            player: P0,
            decision: Decision::Attack
        }
    );
    assert_eq!(f.g.player(P0).unwrap().mode, Mode::Robot);
}

#[test]
fn shifting_a_piece_changes_neighbours_and_opens_the_factory() {
    let mut f = duel();
    f.hand(P0, &[Card::SeismicShift, Card::SpaceBridge]);
    to_morph(&mut f, P0);
    let lift = PieceId(0);
    assert!(!f.g.neighbours(z("H")).contains(z("C")));
    let e = f.refused(
        P0,
        Action::Play {
            card: Card::SpaceBridge,
            target: Target::Piece {
                piece: lift,
                position: 1,
            },
        },
    );
    assert!(
        matches!(e, ActionError::Illegal(Reason::CardNotPlayable { .. })),
        "the lift slides, it does not turn"
    );
    let e = f.refused(
        P0,
        Action::Play {
            card: Card::SeismicShift,
            target: Target::Piece {
                piece: lift,
                position: 0,
            },
        },
    );
    assert!(
        matches!(e, ActionError::Illegal(Reason::CardNotPlayable { .. })),
        "already there"
    );
    let e = f.refused(
        P0,
        Action::Play {
            card: Card::SeismicShift,
            target: Target::Piece {
                piece: PieceId(3),
                position: 1,
            },
        },
    );
    assert_eq!(e, ActionError::Illegal(Reason::UnknownPiece(PieceId(3))));
    let ev = f.ok(
        P0,
        Action::Play {
            card: Card::SeismicShift,
            target: Target::Piece {
                piece: lift,
                position: 1,
            },
        },
    );
    assert!(ev.contains(&Event::Shifted {
        piece: lift,
        position: 1
    }));
    assert!(ev.contains(&Event::FactoryOpened { zone: z("C") }));
    assert!(f.g.neighbours(z("H")).contains(z("C")));
    assert!(f.g.neighbours(z("C")).contains(z("H")));
    assert!(f.g.open_factories().contains(z("C")));
}

#[test]
fn space_bridge_turns_a_rotating_piece_of_cybertron() {
    let mut g = Conquest::new(crate::Setup::for_players(2), 0).unwrap();
    // Jump straight to a morph phase of seat 0 with a Space Bridge in hand.
    crate::tests::finish_setup(&mut g);
    let wheel = g
        .map
        .pieces()
        .iter()
        .position(|p| p.name == "Vos Sky Wheel")
        .unwrap();
    let card = g
        .deck
        .drain_draw(|c| *c == Card::SpaceBridge)
        .pop()
        .unwrap();
    g.deck.discard(Card::SpaceBridge);
    g.deck.discard(Card::SpaceBridge);
    g.players[0].hand.push(card);
    g.players[0].leader_at = None;
    g.turn = P0;
    g.stage = Stage::Morph { transformed: false };
    g.check_invariants().unwrap();
    let mut legal = Vec::new();
    g.legal_actions(P0, &mut legal);
    let piece = PieceId(wheel as u8);
    // A rotating piece turns either way: from 0 to 1 or to 3.
    for to in [1, 3] {
        assert!(legal.contains(&Action::Play {
            card: Card::SpaceBridge,
            target: Target::Piece {
                piece,
                position: to
            }
        }));
    }
    let ev = g
        .apply(
            P0,
            Action::Play {
                card: Card::SpaceBridge,
                target: Target::Piece { piece, position: 1 },
            },
        )
        .unwrap();
    let foundry = g.map.find_zone("Vos Foundry").unwrap();
    assert!(ev.contains(&Event::FactoryOpened { zone: foundry }));
    g.check_invariants().unwrap();
}

#[test]
fn transwarp_moves_the_leader_alone() {
    let mut f = duel();
    f.hand(P0, &[Card::Transwarp, Card::Transwarp]);
    to_morph(&mut f, P0);
    let a = f.robots("A");
    let e = f.refused(
        P0,
        Action::Play {
            card: Card::Transwarp,
            target: Target::Zone(z("E")),
        },
    );
    assert_eq!(e, ActionError::Illegal(Reason::NotYours(z("E"))));
    let e = f.refused(
        P0,
        Action::Play {
            card: Card::Transwarp,
            target: Target::Zone(z("A")),
        },
    );
    assert_eq!(e, ActionError::Illegal(Reason::SameZone(z("A"))));
    let ev = f.ok(
        P0,
        Action::Play {
            card: Card::Transwarp,
            target: Target::Zone(z("G")),
        },
    );
    assert!(ev.contains(&Event::LeaderMoved {
        player: P0,
        from: z("A"),
        to: z("G")
    }));
    assert_eq!(f.g.player(P0).unwrap().leader_at, Some(z("G")));
    assert_eq!(f.robots("A"), a);
    // G has no other robot... it has one; strip it: the leader may not leave a zone empty.
    f.g.zones[z("G").index()].robots = 0;
    f.sync();
    let e = f.refused(
        P0,
        Action::Play {
            card: Card::Transwarp,
            target: Target::Zone(z("A")),
        },
    );
    assert_eq!(
        e,
        ActionError::Illegal(Reason::Robots {
            zone: z("G"),
            robots: 0
        })
    );
}
