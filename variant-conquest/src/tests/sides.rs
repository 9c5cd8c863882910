//! Who plays with whom and who wins: by default every player for
//! themselves and one winner; with `sides: true` (four players) the two
//! Autobots and the two Decepticons are allies who win together.

use super::battles::{at_attack, attack};
use super::*;
use crate::action::Reason;
use crate::bots::GreedyBot;
use crate::outcome::Victory;
use robo_core::{ActionError, Policy};

const FOUR: [Leader; 4] = [
    Leader::OptimusPrime,
    Leader::Megatron,
    Leader::Bumblebee,
    Leader::Barricade,
];

/// Four players; Optimus Prime (P0) in A next to Bumblebee (P2) in B and D.
fn neighbours_of_one_faction(sides: bool) -> Fix {
    let mut f = Fix::new(
        &FOUR,
        &[
            ("A", 0, 3),
            ("B", 2, 2),
            ("C", 3, 2),
            ("D", 2, 2),
            ("E", 1, 4),
            ("F", 1, 3),
            ("G", 0, 1),
            ("H", 3, 1),
        ],
    );
    f.g.rules.sides = sides;
    f.leader(P2, Some("D"), Mode::Robot);
    f
}

#[test]
fn by_default_players_of_one_faction_attack_each_other() {
    // Failed before sides became an option: four players were always allied.
    let mut f = neighbours_of_one_faction(false);
    assert!(!f.g.same_side(P0, P2) && !f.g.same_side(P1, P3));
    at_attack(&mut f, P0);
    f.ok(P0, attack("A", "B", 1, false, None));
    assert!(f.g.enemy_zones(P0).contains(z("B")));
}

#[test]
fn with_sides_allies_do_not_attack_each_other() {
    let mut f = neighbours_of_one_faction(true);
    at_attack(&mut f, P0);
    assert_eq!(
        f.refused(P0, attack("A", "B", 1, false, None)),
        ActionError::Illegal(Reason::NotEnemy(z("B")))
    );
    assert!(f.g.same_side(P0, P2) && f.g.same_side(P1, P3) && !f.g.same_side(P0, P1));
}

#[test]
fn three_players_are_three_sides() {
    let f = Fix::new(
        &[Leader::OptimusPrime, Leader::Megatron, Leader::Barricade],
        &[
            ("A", 0, 3),
            ("B", 0, 2),
            ("C", 2, 2),
            ("D", 0, 2),
            ("E", 1, 4),
            ("F", 1, 3),
            ("G", 0, 1),
            ("H", 2, 1),
        ],
    );
    assert!(
        !f.g.same_side(P1, P2),
        "the two Decepticons are rivals with three players"
    );
}

#[test]
fn the_greedy_bot_follows_the_setup() {
    // Bumblebee's B is weak and next to Optimus Prime's strong A.
    let mut f = neighbours_of_one_faction(false);
    f.g.zones[z("A").index()].robots = 12;
    f.g.zones[z("B").index()].robots = 1;
    f.sync();
    at_attack(&mut f, P0);
    let a = GreedyBot::new(1).choose(&f.g, P0).unwrap();
    assert!(
        matches!(a, crate::Action::Attack { to, .. } if to == z("B")),
        "{a}"
    );
    let mut f = neighbours_of_one_faction(true);
    f.g.zones[z("A").index()].robots = 12;
    f.g.zones[z("B").index()].robots = 1;
    f.sync();
    at_attack(&mut f, P0);
    let a = GreedyBot::new(1).choose(&f.g, P0).unwrap();
    assert!(
        !matches!(a, crate::Action::Attack { to, .. } if to == z("B")),
        "{a} attacks an ally"
    );
}

/// Optimus 1 zone, Bumblebee 3 (the Launch Pad B among them), Megatron 4,
/// Barricade none.
fn megatron_ahead(sides: bool) -> Fix {
    let mut f = Fix::new(
        &FOUR,
        &[
            ("A", 0, 1),
            ("B", 2, 1),
            ("C", 1, 1),
            ("D", 2, 1),
            ("E", 1, 1),
            ("F", 1, 1),
            ("G", 2, 1),
            ("H", 1, 1),
        ],
    );
    f.g.rules.sides = sides;
    f
}

#[test]
fn by_default_each_player_counts_its_own_zones_and_one_wins() {
    // Failed before: four players were scored as two sides, and the
    // Autobots (1 + 3 zones) won with the Launch Pad against Megatron's 4.
    let mut f = megatron_ahead(false);
    let o = score(&mut f);
    assert_eq!(
        (o.winners.to_vec(), o.victory, o.zones.to_vec()),
        (vec![P1], Victory::MostZones, vec![1, 4, 3, 0])
    );
    assert_eq!(o.winning_zones(), 4);
}

#[test]
fn with_sides_allies_count_their_zones_together_and_win_together() {
    // Autobots 1 + 3 = 4 zones, Decepticons 4 + 0: the Launch Pad (B) is Bumblebee's.
    let mut f = megatron_ahead(true);
    let o = score(&mut f);
    assert_eq!(
        (o.winners.to_vec(), o.victory),
        (vec![P0, P2], Victory::LaunchPad)
    );
    assert_eq!(o.winning_zones(), 4);
    // Barricade, wiped out, still wins with Megatron when they are ahead.
    let mut f = megatron_ahead(true);
    f.g.zones[z("A").index()].owner = Some(P1);
    f.leader(P0, None, Mode::Robot);
    let o = score(&mut f);
    assert_eq!(
        (o.winners.to_vec(), o.victory),
        (vec![P1, P3], Victory::MostZones)
    );
}

#[test]
fn ties_beyond_the_launch_pad_go_to_robots_then_to_the_turn_order() {
    // Three players, 3-3-2 zones; the Launch Pad (B) is held by the third.
    let layout = [
        ("A", 0, 1),
        ("D", 0, 1),
        ("G", 0, 1),
        ("C", 1, 1),
        ("E", 1, 1),
        ("F", 1, 1),
        ("B", 2, 1),
        ("H", 2, 1),
    ];
    let leaders = [Leader::OptimusPrime, Leader::Megatron, Leader::Barricade];
    let mut f = Fix::new(&leaders, &layout);
    f.leader(P0, None, Mode::Robot)
        .leader(P1, None, Mode::Robot)
        .leader(P2, None, Mode::Robot);
    f.g.zones[z("E").index()].robots = 2;
    f.sync();
    let o = score(&mut f);
    assert_eq!(
        (o.winners.to_vec(), o.victory),
        (vec![P1], Victory::MostRobots)
    );
    // Zones and robots tied: the first of the tied in the turn order.
    let mut f = Fix::new(&leaders, &layout);
    f.leader(P0, None, Mode::Robot)
        .leader(P1, None, Mode::Robot)
        .leader(P2, None, Mode::Robot);
    let o = score(&mut f);
    assert_eq!(
        (o.winners.to_vec(), o.victory),
        (vec![P0], Victory::TurnOrder)
    );
    // P1 and P2 tied with 3 zones and 3 robots each, the Launch Pad with P0.
    let mut f = Fix::new(&leaders, &layout);
    f.g.zones[z("A").index()].owner = Some(P2);
    f.g.zones[z("G").index()].owner = Some(P2);
    f.g.zones[z("B").index()].owner = Some(P0);
    f.sync();
    f.leader(P0, None, Mode::Robot)
        .leader(P1, None, Mode::Robot)
        .leader(P2, None, Mode::Robot);
    let o = score(&mut f);
    assert_eq!(o.zones.to_vec(), vec![2, 3, 3]);
    assert_eq!(
        (o.winners.to_vec(), o.victory),
        (vec![P1], Victory::TurnOrder)
    );
    // A living leader counts as a robot.
    let mut f = Fix::new(&leaders, &layout);
    f.leader(P1, None, Mode::Robot)
        .leader(P2, None, Mode::Robot);
    let o = score(&mut f);
    assert_eq!(
        (o.winners.to_vec(), o.victory),
        (vec![P0], Victory::MostRobots)
    );
}

#[test]
fn every_finished_game_names_one_winner_unless_sides_play() {
    for (seed, sides) in [(1, false), (2, false), (3, true)] {
        let mut setup = crate::Setup::for_players(4);
        setup.sides = sides;
        let mut game = Conquest::new(setup, seed).unwrap();
        let mut bots: Vec<GreedyBot> = (0..4).map(|i| GreedyBot::new(seed + i)).collect();
        while let robo_core::Pending::Decision { player, .. } = game.pending() {
            let a = bots[player.index()].choose(&game, player).unwrap();
            game.apply(player, a).unwrap();
        }
        let robo_core::Pending::Terminal(o) = game.pending() else {
            unreachable!()
        };
        let best = o.zones.iter().copied().max().unwrap();
        if sides {
            assert_eq!(o.winners.len(), 2, "{o}");
        } else {
            assert_eq!(o.winners.len(), 1, "{o}");
            if o.victory != Victory::Elimination {
                assert_eq!(o.zones[o.winners[0].index()], best, "{o}");
            }
        }
    }
}
