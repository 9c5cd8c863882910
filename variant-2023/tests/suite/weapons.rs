//! Every weapon and laser upgrade: its effect, and its timing or limit.

use super::common;

use common::*;
use robo_core::board::Wall;
use robo_core::geom::{Dir, Pos};
use robo_core::PlayerId;
use variant_2023::cards::Card;
use variant_2023::courses::Course;
use variant_2023::events::Source;
use variant_2023::position::{Position, RobotSpec};
use variant_2023::{Action, Decision, Event, Upgrade, Weapon};

fn at(course: Course, robots: Vec<RobotSpec>, register: u8) -> Position {
    at_register(course, robots, register)
}

fn decisions(
    seen: &mut Vec<Decision>,
    prefs: Vec<Action>,
) -> impl FnMut(PlayerId, Decision, &[Action]) -> Action + '_ {
    let mut pick = prefer(prefs);
    move |p, d, o| {
        seen.push(d);
        pick(p, d, o)
    }
}

fn source_damage(events: &[Event], p: PlayerId, source: Source) -> usize {
    events.iter().filter(|e| matches!(e, Event::Damaged { player, source: s, .. } if *player == p && *s == source)).count()
}

fn neutral_pick(_: PlayerId, _: Decision, opts: &[Action]) -> Action {
    neutral(opts)
}

fn lasers_course() -> Course {
    course(
        &[
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            "L>1 . . . . L<1",
            ". . . . . .",
        ],
        &[],
        &[Pos::new(5, 0)],
        Some((Pos::new(5, 5), Dir::E)),
    )
}

#[test]
fn deflector_shield_pays_1_energy_for_no_laser_damage_all_register() {
    let me = with(bot(2, 4, Dir::N), &[Upgrade::DeflectorShield]);
    let mut seen = Vec::new();
    let (_, events, race) = play_at(
        at(lasers_course(), vec![me, far()], 5),
        5,
        decisions(&mut seen, vec![Action::Shield(true)]),
    );
    assert_eq!(seen, vec![Decision::Shield], "two lasers, one payment");
    assert_eq!(damage_of(&events, P0), 0);
    assert_eq!(race.player(P0).unwrap().energy(), 2);
}

#[test]
fn deflector_shield_needs_energy_and_does_not_stop_reboot_damage() {
    let mut me = with(bot(2, 4, Dir::N), &[Upgrade::DeflectorShield]);
    me.energy = 0;
    let mut seen = Vec::new();
    let (_, events, _) = play_at(
        at(lasers_course(), vec![me, far()], 5),
        5,
        decisions(&mut seen, vec![Action::Shield(true)]),
    );
    assert!(seen.is_empty());
    assert_eq!(damage_of(&events, P0), 2);
    let mut me = with(programmed(2, 0, Dir::N, &[]), &[Upgrade::DeflectorShield]);
    me.registers[4] = vec![Card::Move1];
    let mut seen = Vec::new();
    let (_, events, _) = play_at(
        at(open(), vec![me, far()], 5),
        5,
        decisions(&mut seen, vec![Action::Shield(true)]),
    );
    assert!(seen.is_empty());
    assert_eq!(
        damage_of(&events, P0),
        2,
        "falling off the board is not laser damage"
    );
}

#[test]
fn double_barrel_laser_adds_one_damage_to_the_main_laser_only() {
    let me = with(
        bot(2, 4, Dir::N),
        &[Upgrade::DoubleBarrelLaser, Upgrade::RearLaser],
    );
    let (_, events, _) = play_at(
        at(open(), vec![me, bot(2, 1, Dir::E), bot(2, 6, Dir::W)], 5),
        5,
        neutral_pick,
    );
    assert_eq!(damage_of(&events, P1), 2);
    assert_eq!(
        damage_of(&events, P2),
        1,
        "the rear laser is not the main laser"
    );
}

#[test]
fn laser_kata_fires_all_four_ways_after_a_u_turn_only() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::UTurn]),
        &[Upgrade::LaserKata],
    );
    let (_, events, _) = play_at(at(open(), vec![me, bot(0, 4, Dir::N)], 1), 1, neutral_pick);
    assert_eq!(damage_of(in_register(&events, 1), P1), 1);
    let me = with(
        programmed(2, 4, Dir::N, &[Card::PowerUp]),
        &[Upgrade::LaserKata],
    );
    let (_, events, _) = play_at(at(open(), vec![me, bot(0, 4, Dir::N)], 1), 1, neutral_pick);
    assert_eq!(damage_of(in_register(&events, 1), P1), 0);
}

#[test]
fn mini_howitzer_pays_1_for_2_damage_and_a_push_instead_of_the_main_laser() {
    let me = with(bot(2, 4, Dir::N), &[Upgrade::MiniHowitzer]);
    let pick = prefer(vec![Action::Fire(Weapon::Upgrade(Upgrade::MiniHowitzer))]);
    let (a, events, race) = play_at(at(open(), vec![me, bot(2, 2, Dir::E)], 5), 5, pick);
    assert_eq!(damage_of(&events, P1), 2);
    assert_eq!(a[1], spot(2, 1, Dir::E));
    assert_eq!(race.player(P0).unwrap().energy(), 2);
}

#[test]
fn mini_howitzer_is_not_offered_without_energy() {
    let mut me = with(bot(2, 4, Dir::N), &[Upgrade::MiniHowitzer]);
    me.energy = 0;
    let mut seen = Vec::new();
    let (_, events, _) = play_at(
        at(open(), vec![me, bot(2, 2, Dir::E)], 5),
        5,
        decisions(&mut seen, vec![]),
    );
    assert!(seen.is_empty());
    assert_eq!(damage_of(&events, P1), 1, "the main laser fired");
}

#[test]
fn pressor_beam_pushes_the_target_away_instead_of_damaging_it() {
    let me = with(
        bot(2, 4, Dir::N),
        &[Upgrade::PressorBeam, Upgrade::TractorBeam],
    );
    let mut offered = Vec::new();
    let pick = |_: PlayerId, d: Decision, o: &[Action]| {
        if d == Decision::Weapon {
            offered = o.to_vec();
        }
        prefer(vec![Action::Fire(Weapon::Upgrade(Upgrade::PressorBeam))])(P0, d, o)
    };
    let (a, events, _) = play_at(at(open(), vec![me, bot(2, 2, Dir::E)], 5), 5, pick);
    assert_eq!(a[1], spot(2, 1, Dir::E));
    assert_eq!(damage_of(&events, P1), 0);
    assert_eq!(
        offered,
        vec![
            Action::Fire(Weapon::MainLaser),
            Action::Fire(Weapon::Upgrade(Upgrade::PressorBeam)),
            Action::Fire(Weapon::Upgrade(Upgrade::TractorBeam))
        ],
        "one weapon a register"
    );
}

#[test]
fn rail_gun_shoots_through_walls_and_robots() {
    let me = with(bot(2, 4, Dir::N), &[Upgrade::RailGun]);
    let c = open()
        .edit(|p| {
            p.board
                .set_wall(Pos::new(2, 2), Dir::S, Wall::Both)
                .unwrap()
        })
        .unwrap();
    let (_, events, _) = play_at(
        at(c, vec![me, bot(2, 1, Dir::E), bot(2, 0, Dir::E)], 5),
        5,
        neutral_pick,
    );
    assert_eq!(damage_of(&events, P1), 1);
    assert_eq!(damage_of(&events, P2), 1);
}

#[test]
fn a_rear_laser_fires_backwards_but_walls_stop_it() {
    let me = with(bot(2, 4, Dir::N), &[Upgrade::RearLaser, Upgrade::RailGun]);
    let (_, events, _) = play_at(
        at(open(), vec![me.clone(), bot(2, 6, Dir::E)], 5),
        5,
        neutral_pick,
    );
    assert_eq!(source_damage(&events, P1, Source::Weapon), 1);
    let c = open()
        .edit(|p| {
            p.board
                .set_wall(Pos::new(2, 4), Dir::S, Wall::Both)
                .unwrap()
        })
        .unwrap();
    let (_, events, _) = play_at(at(c, vec![me, bot(2, 6, Dir::E)], 5), 5, neutral_pick);
    assert_eq!(
        damage_of(&events, P1),
        0,
        "Rail Gun is for the main laser only"
    );
}

#[test]
fn scrambler_replaces_the_targets_next_register_card() {
    let me = with(bot(2, 4, Dir::N), &[Upgrade::Scrambler]);
    let mut them = bot(2, 1, Dir::E);
    them.registers[1] = vec![Card::Move3];
    them.deck_top = vec![Card::UTurn];
    let pick = prefer(vec![Action::Fire(Weapon::Upgrade(Upgrade::Scrambler))]);
    let (_, events, _) = play_at(at(open(), vec![me, them], 1), 1, pick);
    let revealed: Vec<Card> = in_register(&events, 2)
        .iter()
        .filter_map(|e| match e {
            Event::CardRevealed {
                player: P1, card, ..
            } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(revealed, vec![Card::UTurn]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardReplaced {
            player: P1,
            card: Card::Move3,
            by: None
        }
    )));
}

#[test]
fn scrambler_cannot_be_fired_in_register_5() {
    let me = with(bot(2, 4, Dir::N), &[Upgrade::Scrambler]);
    let mut seen = Vec::new();
    play_at(
        at(open(), vec![me, bot(2, 1, Dir::E)], 5),
        5,
        decisions(&mut seen, vec![]),
    );
    assert!(seen.is_empty());
}

#[test]
fn tractor_beam_pulls_a_distant_target_one_space_closer() {
    let me = with(bot(2, 4, Dir::N), &[Upgrade::TractorBeam]);
    let pick = prefer(vec![Action::Fire(Weapon::Upgrade(Upgrade::TractorBeam))]);
    let (a, events, _) = play_at(at(open(), vec![me, bot(2, 1, Dir::E)], 5), 5, pick);
    assert_eq!(a[1], spot(2, 2, Dir::E));
    assert_eq!(damage_of(&events, P1), 0);
}

#[test]
fn tractor_beam_cannot_pull_an_adjacent_robot() {
    let me = with(bot(2, 4, Dir::N), &[Upgrade::TractorBeam]);
    let mut seen = Vec::new();
    play_at(
        at(open(), vec![me, bot(2, 3, Dir::E)], 5),
        5,
        decisions(&mut seen, vec![]),
    );
    assert!(seen.is_empty());
}
