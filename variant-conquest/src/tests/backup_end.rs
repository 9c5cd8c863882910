//! Backup, the card draw, turn order and the end of the game.

use super::*;
use crate::action::{Action, Decision, Reason, Target};
use crate::outcome::Victory;
use robo_core::{ActionError, Pending};

fn backup(from: &str, to: &str, robots: u8, leader: bool) -> Action {
    Action::Backup {
        from: z(from),
        to: z(to),
        robots,
        leader,
    }
}

fn at_backup(f: &mut Fix, seat: PlayerId) {
    let moves = f.g.backup_moves(seat);
    f.stage(seat, Stage::Backup { moves });
}

#[test]
fn one_backup_move_between_neighbours_keeping_one_behind() {
    let mut f = duel();
    at_backup(&mut f, P0);
    assert_eq!(
        f.refused(P0, backup("A", "G", 1, false)),
        ActionError::Illegal(Reason::NotAdjacent {
            from: z("A"),
            to: z("G")
        })
    );
    assert_eq!(
        f.refused(P0, backup("B", "C", 1, false)),
        ActionError::Illegal(Reason::NotYours(z("C")))
    );
    assert_eq!(
        f.refused(P0, backup("B", "B", 1, false)),
        ActionError::Illegal(Reason::SameZone(z("B")))
    );
    assert_eq!(
        f.refused(P0, backup("B", "A", 2, false)),
        ActionError::Illegal(Reason::Robots {
            zone: z("B"),
            robots: 2
        })
    );
    assert_eq!(
        f.refused(P0, backup("A", "B", 0, false)),
        ActionError::Illegal(Reason::NothingMoved)
    );
    // The leader may leave with every robot but one, or stay as the one left.
    let mut legal = Vec::new();
    f.g.legal_actions(P0, &mut legal);
    assert!(legal.contains(&backup("A", "B", 3, false)));
    assert!(legal.contains(&backup("A", "B", 2, true)));
    assert!(!legal.contains(&backup("A", "B", 3, true)));
    let ev = f.ok(P0, backup("A", "B", 2, true));
    assert_eq!(
        ev[0],
        Event::BackedUp {
            player: P0,
            from: z("A"),
            to: z("B"),
            robots: 2,
            leader: true
        }
    );
    assert_eq!((f.robots("A"), f.robots("B")), (1, 4));
    assert_eq!(f.g.player(P0).unwrap().leader_at, Some(z("B")));
    // One move only: the turn passed on.
    assert_eq!(f.g.turn(), P1);
}

#[test]
fn bumblebee_in_vehicle_mode_moves_twice_and_rapid_transit_adds_one() {
    let mut f = Fix::new(
        &[Leader::Bumblebee, Leader::Megatron],
        &[
            ("A", 0, 3),
            ("B", 0, 2),
            ("C", 1, 2),
            ("D", 0, 2),
            ("E", 1, 4),
            ("F", 1, 3),
            ("G", 0, 3),
            ("H", 1, 1),
        ],
    );
    f.leader(P0, Some("D"), Mode::Vehicle)
        .hand(P0, &[Card::RapidTransit]);
    at_backup(&mut f, P0);
    assert_eq!(
        f.g.pending(),
        Pending::Decision {
            player: P0,
            decision: Decision::Backup { moves: 2 }
        }
    );
    f.ok(
        P0,
        Action::Play {
            card: Card::RapidTransit,
            target: Target::None,
        },
    );
    assert_eq!(
        f.g.pending(),
        Pending::Decision {
            player: P0,
            decision: Decision::Backup { moves: 3 }
        }
    );
    f.ok(P0, backup("A", "B", 1, false));
    f.ok(P0, backup("G", "D", 2, false));
    f.ok(P0, backup("A", "B", 1, false));
    assert_eq!(f.g.turn(), P1);
}

#[test]
fn optimus_convoy_reaches_any_zone_joined_by_held_zones() {
    let mut f = duel();
    at_backup(&mut f, P0);
    f.refused(P0, backup("A", "G", 1, false));
    f.leader(P0, Some("A"), Mode::Vehicle);
    at_backup(&mut f, P0);
    // A -> D -> G are all held: the convoy goes through.
    f.ok(P0, backup("A", "G", 2, false));
    assert_eq!(f.robots("G"), 3);
}

#[test]
fn a_card_is_drawn_after_a_capture_and_stays_hidden() {
    let mut f = duel();
    f.g.players[0].captured = true;
    at_backup(&mut f, P0);
    let top = *f.g.deck().peek().unwrap();
    let ev = f.ok(P0, Action::Done);
    assert!(ev.contains(&Event::CardDrawn {
        player: P0,
        card: Some(top)
    }));
    assert_eq!(f.g.player(P0).unwrap().hand, vec![top]);
    // Others see that a card was drawn, not which.
    let seen: Vec<Event> = ev.iter().map(|e| e.seen_by(P1)).collect();
    assert!(seen.contains(&Event::CardDrawn {
        player: P0,
        card: None
    }));
    assert_eq!(f.g.view(P1).hand, Vec::<Card>::new());
    assert_eq!(f.g.view(P1).players[0].hand, 1);
    assert_eq!(f.g.view(P0).hand, vec![top]);
    // No capture, no card.
    let mut f = duel();
    at_backup(&mut f, P0);
    let ev = f.ok(P0, Action::Done);
    assert!(!ev.iter().any(|e| matches!(e, Event::CardDrawn { .. })));
}

#[test]
fn an_empty_deck_gives_nothing_and_a_discard_pile_is_reshuffled() {
    let mut f = duel();
    f.g.players[0].captured = true;
    let all: Vec<Card> = f.g.deck.drain_draw(|_| true);
    f.g.players[1].hand = all;
    at_backup(&mut f, P0);
    let ev = f.ok(P0, Action::Done);
    assert!(ev.contains(&Event::NoCardToDraw { player: P0 }));
    let mut f = duel();
    f.g.players[0].captured = true;
    let all: Vec<Card> = f.g.deck.drain_draw(|_| true);
    for c in all {
        f.g.deck.discard(c);
    }
    at_backup(&mut f, P0);
    let ev = f.ok(P0, Action::Done);
    assert!(ev.contains(&Event::DeckReshuffled));
}

#[test]
fn eliminated_players_are_skipped() {
    let mut f = Fix::new(
        &[Leader::OptimusPrime, Leader::Megatron, Leader::Barricade],
        &[
            ("A", 0, 3),
            ("B", 0, 2),
            ("C", 2, 2),
            ("D", 0, 2),
            ("E", 2, 4),
            ("F", 2, 3),
            ("G", 0, 1),
            ("H", 2, 1),
        ],
    );
    assert!(f.g.player(P1).unwrap().out);
    at_backup(&mut f, P0);
    let ev = f.ok(P0, Action::Done);
    assert!(ev.contains(&Event::TurnStarted { player: P2 }));
    assert!(!ev.contains(&Event::TurnStarted { player: P1 }));
}

#[test]
fn the_round_ends_after_the_last_seat_and_the_game_after_the_last_round() {
    let mut f = duel();
    at_backup(&mut f, P1);
    let ev = f.ok(P1, Action::Done);
    assert!(ev.contains(&Event::RoundStarted { round: 2 }));
    assert!(ev.contains(&Event::TurnStarted { player: P0 }));
    let mut f = duel();
    f.g.round = 6;
    at_backup(&mut f, P1);
    let ev = f.ok(P1, Action::Done);
    let Pending::Terminal(o) = f.g.pending() else {
        panic!()
    };
    assert!(ev.contains(&Event::GameOver(o.clone())));
    assert_eq!(o.round, 6);
    // 4 zones each: the Launch Pad (B, Optimus) breaks the tie.
    assert_eq!(
        (o.winners.to_vec(), o.victory),
        (vec![P0], Victory::LaunchPad)
    );
}

#[test]
fn most_zones_win() {
    let mut f = Fix::new(
        &[Leader::OptimusPrime, Leader::Megatron],
        &[
            ("A", 0, 1),
            ("B", 1, 1),
            ("C", 1, 1),
            ("D", 0, 1),
            ("E", 1, 1),
            ("F", 1, 1),
            ("G", 0, 1),
            ("H", 0, 1),
        ],
    );
    f.g.zones[z("H").index()].owner = Some(P1);
    f.sync();
    let o = score(&mut f);
    assert_eq!(
        (o.winners.to_vec(), o.victory, o.zones.to_vec()),
        (vec![P1], Victory::MostZones, vec![3, 5])
    );
}
