//! Setup: leaders on their starts, claiming, placing, the day counter.

use super::*;
use crate::action::{Action, Decision, Reason};
use crate::setup::SetupError;
use robo_core::{ActionError, Pending};

fn placing(g: &Conquest) -> (PlayerId, Decision) {
    match g.pending() {
        Pending::Decision { player, decision } => (player, decision),
        p => panic!("{p:?}"),
    }
}

#[test]
fn leaders_start_on_their_zones_with_one_robot() {
    let g = Conquest::new(arena_setup(&[Leader::OptimusPrime, Leader::Megatron]), 3).unwrap();
    assert_eq!(
        g.zone(z("A")).unwrap(),
        &ZoneState {
            owner: Some(P0),
            robots: 1
        }
    );
    assert_eq!(
        g.zone(z("F")).unwrap(),
        &ZoneState {
            owner: Some(P1),
            robots: 1
        }
    );
    assert_eq!(g.player(P0).unwrap().leader_at, Some(z("A")));
    assert_eq!(g.strength(z("A")), 2);
    // Seat 0's robot marks the day: one fewer in its supply.
    assert_eq!(g.player(P0).unwrap().supply, 40 - 1 - 1);
    assert_eq!(g.player(P1).unwrap().supply, 40 - 1);
    assert_eq!(g.round(), 0);
    assert_eq!(placing(&g), (P0, Decision::Claim));
    assert_eq!(g.deck().len(), Card::deck_size());
    g.check_invariants().unwrap();
}

#[test]
fn players_alternate_claims_then_placements_until_all_are_placed() {
    let mut g = Conquest::new(arena_setup(&[Leader::OptimusPrime, Leader::Megatron]), 3).unwrap();
    // Claims alternate; a held zone cannot be claimed.
    let e = g.apply(P0, Action::Place(z("F"))).unwrap_err();
    assert_eq!(e, ActionError::Illegal(Reason::ZoneHeld(z("F"))));
    assert_eq!(
        g.apply(P1, Action::Place(z("B"))).unwrap_err(),
        ActionError::NotPending(P1)
    );
    let order = ["B", "C", "D", "E", "G", "H"];
    for (i, name) in order.iter().enumerate() {
        let seat = PlayerId((i % 2) as u8);
        assert_eq!(placing(&g), (seat, Decision::Claim));
        let ev = g.apply(seat, Action::Place(z(name))).unwrap();
        assert_eq!(
            ev[0],
            Event::Claimed {
                player: seat,
                zone: z(name)
            }
        );
        g.check_invariants().unwrap();
    }
    // Every zone held: now robots go onto own zones, still alternating.
    assert_eq!(placing(&g), (P0, Decision::SetupPlace { left: 2 }));
    let e = g.apply(P0, Action::Place(z("C"))).unwrap_err();
    assert_eq!(e, ActionError::Illegal(Reason::NotYours(z("C"))));
    g.apply(P0, Action::Place(z("B"))).unwrap();
    assert_eq!(placing(&g), (P1, Decision::SetupPlace { left: 2 }));
    g.apply(P1, Action::Place(z("C"))).unwrap();
    g.apply(P0, Action::Place(z("B"))).unwrap();
    let ev = g.apply(P1, Action::Place(z("C"))).unwrap();
    // Setup is over: day 1, Optimus (seat 0) first.
    assert!(ev.contains(&Event::SetupComplete));
    assert!(ev.contains(&Event::RoundStarted { round: 1 }));
    assert!(ev.contains(&Event::TurnStarted { player: P0 }));
    assert_eq!(g.round(), 1);
    // Optimus holds A, B, D, G: three for the zones, two for the West sector.
    assert!(matches!(placing(&g), (P0, Decision::Place { robots: 5 })));
    for p in g.players() {
        assert_eq!(p.placed, 6);
    }
    g.check_invariants().unwrap();
}

#[test]
fn a_player_done_placing_is_skipped() {
    // Three players on eight zones: claims 5 zones as 2, 2, 1.
    let mut s = arena_setup(&[Leader::OptimusPrime, Leader::Megatron, Leader::Barricade]);
    s.setup_robots = 4;
    let mut g = Conquest::new(s, 1).unwrap();
    let mut seats = Vec::new();
    while g.round() == 0 {
        let (p, _) = placing(&g);
        seats.push(p.0);
        let mut legal = Vec::new();
        g.legal_actions(p, &mut legal);
        g.apply(p, legal[0]).unwrap();
    }
    // 5 claims (0,1,2,0,1), then placements: seat 2 has 2 left, others 1.
    assert_eq!(seats, vec![0, 1, 2, 0, 1, 2, 0, 1, 2]);
}

#[test]
fn setups_are_checked() {
    let mut s = Setup::for_players(2);
    s.setup_robots = 20;
    assert_eq!(
        Conquest::new(s, 0).unwrap_err(),
        SetupError::TooFewSetupRobots {
            leader: Leader::OptimusPrime,
            needed: 21,
            setup_robots: 20
        }
    );
    let mut s = Setup::for_players(2);
    s.setup_robots = 21;
    assert!(Conquest::new(s, 0).is_ok());
    let mut s = Setup::for_players(4);
    s.map =
        MapSource::Custom(text::parse("map X\nsector S | 1\nzone A | S | ordinary |\n").unwrap());
    assert!(matches!(Conquest::new(s, 0), Err(SetupError::Map(_))));
    assert_eq!(
        Conquest::new(Setup::for_players(1), 0).unwrap_err(),
        SetupError::Players(1)
    );
}

#[test]
fn the_same_seed_gives_the_same_deck() {
    let a = Conquest::new(Setup::for_players(4), 9).unwrap();
    let b = Conquest::new(Setup::for_players(4), 9).unwrap();
    let c = Conquest::new(Setup::for_players(4), 10).unwrap();
    assert_eq!(a, b);
    assert_ne!(a.deck(), c.deck());
}

#[test]
fn the_first_player_is_a_setting_of_the_setup() {
    let setup = |first| Setup {
        first,
        ..Setup::for_players(3)
    };
    // Seat 2 claims first, marks the day, and begins every round; the
    // turns go on clockwise from it.
    let mut g = Conquest::new(setup(2), 5).unwrap();
    assert_eq!(placing(&g), (PlayerId(2), Decision::Claim));
    assert!(g.player(PlayerId(2)).unwrap().marker);
    assert!(!g.player(P0).unwrap().marker);
    let mut turns = Vec::new();
    let mut legal = Vec::new();
    while g.round() < 3 {
        let p = g.pending_player().unwrap();
        g.legal_actions(p, &mut legal);
        // The last option ends a phase where it can.
        let events = g.apply(p, *legal.last().unwrap()).unwrap();
        for e in events {
            if let Event::TurnStarted { player } = e {
                turns.push(player.0);
            }
        }
    }
    assert_eq!(turns[..6], [2, 0, 1, 2, 0, 1], "{turns:?}");
    g.check_invariants().unwrap();
    // The same seed with seat 0 first is another game.
    let g0 = Conquest::new(setup(0), 5).unwrap();
    assert_eq!(placing(&g0), (P0, Decision::Claim));
    // A seat that is not at the table is refused.
    assert_eq!(
        Conquest::new(setup(3), 5).unwrap_err(),
        SetupError::First {
            first: 3,
            players: 3
        }
    );
}
