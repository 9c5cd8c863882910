//! The bots' choices.

use super::*;
use crate::action::Action;
use crate::bots::{GreedyBot, RandomBot};
use robo_core::{Pending, Policy};

fn greedy(f: &Fix, seat: PlayerId) -> Action {
    let a = GreedyBot::new(7).choose(&f.g, seat).unwrap();
    let mut legal = Vec::new();
    f.g.legal_actions(seat, &mut legal);
    assert!(
        legal.contains(&a) || matches!(a, Action::Backup { .. }),
        "{a} is not legal"
    );
    a
}

#[test]
fn greedy_attacks_when_the_odds_favour_it_and_not_otherwise() {
    let mut f = duel();
    f.g.zones[z("B").index()].robots = 10;
    f.g.zones[z("C").index()].robots = 1;
    f.sync();
    f.stage(P0, Stage::Attack);
    assert_eq!(
        greedy(&f, P0),
        Action::Attack {
            from: z("B"),
            to: z("C"),
            dice: 3,
            leader: false,
            card: None
        }
    );
    // Two robots against a wall of robots: it stops.
    let mut f = duel();
    f.g.zones[z("B").index()].robots = 2;
    f.g.zones[z("C").index()].robots = 8;
    f.g.zones[z("E").index()].robots = 8;
    f.sync();
    f.stage(P0, Stage::Attack);
    assert_eq!(greedy(&f, P0), Action::Done);
}

#[test]
fn greedy_counts_the_defending_leader_in_its_odds() {
    // Failed before: the bot read plain odds. 5 able to attack against
    // 3 is 0.769 with plain dice, 0.622 against Megatron in robot mode;
    // attacking from the Launch Pad costs the bot 0.1, against 0.55.
    let mut f = duel();
    f.g.zones[z("B").index()].robots = 6;
    f.g.zones[z("C").index()].robots = 2;
    f.leader(P1, Some("C"), Mode::Robot);
    f.stage(P0, Stage::Attack);
    assert_eq!(greedy(&f, P0), Action::Done);
    // The same zone without its leader is attacked.
    let mut f = duel();
    f.g.zones[z("B").index()].robots = 6;
    f.g.zones[z("C").index()].robots = 3;
    f.leader(P1, None, Mode::Robot);
    f.stage(P0, Stage::Attack);
    assert!(matches!(greedy(&f, P0), Action::Attack { to, dice: 3, .. } if to == z("C")));
}

#[test]
fn greedy_fights_with_its_leader_when_the_odds_say_so() {
    // Failed before: 5 v 5 is 0.506 with plain dice, so the bot stopped;
    // with Optimus Prime fighting (+1 on the highest die) it is 0.759, at
    // a risk of 0.241 to him.
    let mut f = duel();
    f.g.zones[z("D").index()].robots = 5;
    f.g.zones[z("E").index()].robots = 5;
    f.leader(P0, Some("D"), Mode::Robot);
    f.stage(P0, Stage::Attack);
    assert_eq!(
        greedy(&f, P0),
        Action::Attack {
            from: z("D"),
            to: z("E"),
            dice: 3,
            leader: true,
            card: None
        }
    );
    // In vehicle mode he brings nothing to the roll: no attack.
    f.leader(P0, Some("D"), Mode::Vehicle);
    assert_eq!(greedy(&f, P0), Action::Done);
}

#[test]
fn greedy_reinforces_borders_and_the_launch_pad() {
    let mut f = duel();
    f.turn(P0);
    // A is interior (neighbours B and D are Optimus's); B is the Launch Pad on the border.
    assert_eq!(greedy(&f, P0), Action::Place(z("B")));
    let mut f = duel();
    f.hand(P0, &[Card::EmergencyRecall]);
    f.turn(P0);
    assert_eq!(
        greedy(&f, P0),
        Action::Play {
            card: Card::EmergencyRecall,
            target: crate::Target::None
        }
    );
    let ev = f.ok(
        P0,
        Action::Play {
            card: Card::EmergencyRecall,
            target: crate::Target::None,
        },
    );
    assert!(ev.contains(&Event::ExtraRobots {
        player: P0,
        robots: 2
    }));
}

#[test]
fn greedy_defends_with_everything_it_has() {
    let mut f = duel();
    f.hand(P1, &[Card::Smokescreen, Card::ArmorPlating]);
    f.stage(P0, Stage::Attack);
    f.ok(
        P0,
        Action::Attack {
            from: z("B"),
            to: z("C"),
            dice: 1,
            leader: false,
            card: None,
        },
    );
    assert_eq!(
        greedy(&f, P1),
        Action::Defend {
            dice: 2,
            leader: false,
            card: Some(Card::ArmorPlating)
        }
    );
}

#[test]
fn greedy_backs_up_from_the_interior_to_the_border() {
    let mut f = duel();
    f.stage(P0, Stage::Backup { moves: 1 });
    // A (3 robots and Optimus) is interior: all three robots go to a border zone.
    match greedy(&f, P0) {
        Action::Backup {
            from,
            to,
            robots,
            leader,
        } => {
            assert_eq!((from, robots, leader), (z("A"), 3, false));
            assert!(to == z("B") || to == z("D"));
        }
        a => panic!("{a}"),
    }
}

#[test]
fn greedy_bots_beat_random_bots() {
    let mut greedy_wins = 0;
    let games = 12;
    for seed in 0..games {
        // Seats 0 and 2 greedy, 1 and 3 random, every player for themselves.
        let mut game = Conquest::new(crate::Setup::for_players(4), seed).unwrap();
        let mut g0 = GreedyBot::new(seed);
        let mut g2 = GreedyBot::new(seed + 100);
        let mut r1 = RandomBot::new(seed);
        let mut r3 = RandomBot::new(seed + 100);
        while let Pending::Decision { player, .. } = game.pending() {
            let a = match player.0 {
                0 => g0.choose(&game, player),
                2 => g2.choose(&game, player),
                1 => r1.choose(&game, player),
                _ => r3.choose(&game, player),
            }
            .unwrap();
            game.apply(player, a).unwrap();
        }
        let Pending::Terminal(o) = game.pending() else {
            unreachable!()
        };
        assert_eq!(o.winners.len(), 1, "{o}");
        if o.winners[0] == P0 || o.winners[0] == P2 {
            greedy_wins += 1;
        }
    }
    assert!(
        greedy_wins >= games * 3 / 4,
        "greedy won {greedy_wins} of {games}"
    );
}
