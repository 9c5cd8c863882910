//! Whole games: random play to the end, saves, views.

use crate::courses::{self, DEFAULT_COURSE};
use crate::{Race, Setup};
use robo_core::protocol::RandomPolicy;
use robo_core::{Game, PlayerId, Policy};

fn game(players: u8, seed: u64, cap: u16) -> Race {
    let mut setup = Setup::new(courses::course(DEFAULT_COURSE).unwrap(), players);
    setup.max_rounds = Some(cap);
    docked(Race::new(setup, seed).unwrap())
}

/// Every robot takes the first dock it is offered.
fn docked(mut race: Race) -> Race {
    let mut legal = Vec::new();
    while let Some(p) = race.pending().players().into_iter().next() {
        race.legal_actions(p, &mut legal);
        match legal.first() {
            Some(&a @ crate::Action::Dock(_)) => drop(race.apply(p, a).unwrap()),
            _ => break,
        }
    }
    race
}

#[test]
fn docks_are_chosen_one_robot_at_a_time_among_the_free_ones() {
    let mut setup = Setup::new(courses::course(DEFAULT_COURSE).unwrap(), 4);
    setup.max_rounds = Some(1);
    let mut race = Race::new(setup, 9).unwrap();
    let mut asked = Vec::new();
    let mut legal = Vec::new();
    for k in 0..4 {
        let p = race.pending().players().into_iter().next().unwrap();
        assert!(!asked.contains(&p), "{p} asked twice");
        asked.push(p);
        race.legal_actions(p, &mut legal);
        assert_eq!(legal.len(), 8 - k, "free docks left");
        // Take the last dock offered (not the default), and it is where the
        // robot starts, with its archive marker.
        let &crate::Action::Dock(at) = legal.last().unwrap() else {
            panic!("{legal:?}")
        };
        race.apply(p, crate::Action::Dock(at)).unwrap();
        assert_eq!(
            race.world().at(robo_core::RobotId::of(p)).map(|(q, _)| q),
            Some(at)
        );
        assert_eq!(race.robot(p).unwrap().archive, at);
    }
    assert!(race.robots().iter().all(|r| !r.hand.is_empty()));
    // The order comes from the seed (dealt cards), not the seats.
    let orders: Vec<Vec<PlayerId>> = (0..6)
        .map(|seed| {
            let setup = Setup::new(courses::course(DEFAULT_COURSE).unwrap(), 4);
            let mut race = Race::new(setup, seed).unwrap();
            let mut order = Vec::new();
            while let Some(p) = race.pending().players().into_iter().next() {
                let mut legal = Vec::new();
                race.legal_actions(p, &mut legal);
                let Some(&a @ crate::Action::Dock(_)) = legal.first() else {
                    break;
                };
                order.push(p);
                race.apply(p, a).unwrap();
            }
            order
        })
        .collect();
    assert!(orders.iter().any(|o| o != &orders[0]), "{orders:?}");
}

/// Plays random actions until the end, checking the game at each step.
fn play_randomly(mut race: Race, seed: u64) -> Race {
    let mut bots: Vec<RandomPolicy> = (0..race.num_players())
        .map(|i| RandomPolicy::new(seed + i as u64))
        .collect();
    for _ in 0..20_000 {
        let pending = race.pending();
        if pending.is_terminal() {
            break;
        }
        let p = pending.players().into_iter().next().unwrap();
        let a = bots[p.index()].choose(&race, p).unwrap();
        race.apply(p, a).unwrap();
        race.check_invariants().unwrap();
    }
    race
}

#[test]
fn random_games_end_and_saves_read_back() {
    for seed in 0..4 {
        let race = play_randomly(game(2 + seed as u8, seed, 30), seed);
        assert!(race.pending().is_terminal(), "seed {seed}");
        let json = serde_json::to_string(&race).unwrap();
        let back: Race = serde_json::from_str(&json).unwrap();
        assert_eq!(back, race);
    }
}

#[test]
fn setups_are_checked() {
    let course = courses::course(DEFAULT_COURSE).unwrap();
    assert!(Race::new(Setup::new(course.clone(), 1), 0).is_err());
    assert!(Race::new(Setup::new(course.clone(), 9), 0).is_err());
    let mut s = Setup::new(course, 2);
    s.lives = 0;
    assert!(Race::new(s, 0).is_err());
}

#[test]
fn views_hide_other_hands_and_programs() {
    let race = game(3, 5, 5);
    let v = race.view(PlayerId(0));
    assert_eq!(v.hand.len(), 9);
    let json = serde_json::to_string(&race.view(PlayerId(1))).unwrap();
    for c in &race.robots()[0].hand {
        assert!(!v.robots[1].registers.contains(&Some(*c)));
        let _ = c;
    }
    assert!(!json.contains("\"deck\""));
}

/// Plays a game with planners in every seat.
fn play_planners(mut race: Race, seed: u64) -> Race {
    let mut bots: Vec<crate::bots::Planner> = (0..race.num_players())
        .map(|i| crate::bots::Planner::new(seed + i as u64))
        .collect();
    for _ in 0..20_000 {
        let pending = race.pending();
        if pending.is_terminal() {
            break;
        }
        let p = pending.players().into_iter().next().unwrap();
        let a = bots[p.index()].choose(&race, p).unwrap();
        race.apply(p, a).unwrap();
    }
    race
}

#[test]
fn with_play_on_planners_race_on_for_every_place() {
    let name = courses::course_names().next().unwrap();
    let mut setup = Setup::new(courses::course(name).unwrap(), 3);
    setup.max_rounds = Some(40);
    setup.choose("play-on").unwrap();
    let race = play_planners(Race::new(setup, 5).unwrap(), 5);
    let outcome = race.outcome().cloned().expect("over");
    let places: Vec<Option<u8>> = outcome
        .ranking
        .iter()
        .map(|p| race.robots()[p.index()].place)
        .collect();
    // At least a winner and a runner-up, places 1, 2, ... in ranking order,
    // and every finished robot off the course.
    assert!(
        places[1] == Some(2),
        "{name}: {places:?} after {} turns",
        race.round()
    );
    for (k, place) in places.iter().enumerate() {
        assert!(place.is_none_or(|n| usize::from(n) == k + 1), "{places:?}");
    }
    assert_eq!(outcome.winner, Some(outcome.ranking[0]));
    for (i, r) in race.robots().iter().enumerate() {
        if r.place.is_some() {
            assert_eq!(race.world().at(robo_core::RobotId(i as u8)), None);
        }
    }
}

#[test]
fn planners_reach_every_flag_on_every_course() {
    for name in courses::course_names() {
        let mut setup = Setup::new(courses::course(name).unwrap(), 2);
        setup.max_rounds = Some(40);
        let race = play_planners(Race::new(setup, 3).unwrap(), 3);
        let outcome = race.outcome().cloned();
        assert!(
            outcome.as_ref().is_some_and(|o| o.winner.is_some()),
            "{name}: {outcome:?} after {} turns, flags {:?}",
            race.round(),
            race.robots().iter().map(|r| r.flags).collect::<Vec<_>>()
        );
    }
}
