//! Scavenger Hunt I and II: the flags' piles, who picks, first visits only.

use super::{asked, course, new_race, scenario_race};
use crate::race::{Action, Decision, Event, Setup};
use robo_core::ids::PlayerId;
use robo_core::Game;

/// Robot 0 on flag `on` (of flags at (1, 0) and (2, 0)) from register 4
/// with no cards, robot 1 on (3, 0), with the file's setup `options`; run
/// on to the first question.
fn on_flag(on: u8, options: &str) -> crate::Race {
    let json = format!(
        r#"{{"edition": "classic", "start": "register 4", "options": [{options}],
        "flags": [[1, 0], [2, 0]],
        "board": ["+   +   +   +   +", "  .   .   .   .  ", "+   +   +   +   +"],
        "robots": [{{"at": [{on}, 0]}}, {{"at": [3, 0]}}]}}"#
    );
    let (mut race, _) = scenario_race(&json);
    race.run_on();
    race
}

fn legal(race: &crate::Race, p: u8) -> Vec<Action> {
    let mut out = Vec::new();
    race.legal_actions(PlayerId(p), &mut out);
    out
}

#[test]
fn each_flag_gets_a_pile_of_one_option_per_robot_before_the_game() {
    let mut setup = Setup::new(course(), 3);
    setup.choose("scavenger-hunt-i").unwrap();
    setup.options = 1;
    let race = new_race(setup.clone(), 7);
    let flags = race.course().checkpoints().len();
    assert_eq!(race.piles().piles.len(), flags);
    assert!(race.piles().piles.iter().all(|p| p.len() == 3));
    // Piles, hands and the deck never share a card, through a save too.
    race.check_invariants().unwrap();
    let back: crate::Race = serde_json::from_str(&serde_json::to_string(&race).unwrap()).unwrap();
    assert_eq!(back, race);
    // Face down: every viewer sees the sizes, nobody the cards.
    let view = race.view(PlayerId(1));
    assert_eq!(view.piles, vec![3; flags]);
    assert!(view.pile.is_empty());
    // Without the variant, no piles.
    let plain = new_race(Setup::new(course(), 3), 7);
    assert!(plain.piles().is_empty() && plain.view(PlayerId(0)).piles.is_empty());
}

#[test]
fn scavenger_hunt_i_lets_the_owner_take_one_option_or_none_at_a_flag_first_reached() {
    let mut race = on_flag(1, r#""scavenger-hunt-i""#);
    let ask = Decision::Scavenge {
        robot: PlayerId(0),
        flag: 1,
    };
    assert_eq!(asked(&race), Some((PlayerId(0), ask)));
    assert_eq!(
        legal(&race, 0),
        [None, Some(0), Some(1)].map(Action::Scavenge)
    );
    // The asked player alone sees the pile.
    let pile = race.piles().piles[0].clone();
    assert_eq!(race.view(PlayerId(0)).pile, pile);
    assert!(race.view(PlayerId(1)).pile.is_empty());
    let events = race.apply(PlayerId(0), Action::Scavenge(Some(1))).unwrap();
    assert!(events.contains(&Event::OptionGained {
        player: PlayerId(0),
        option: pile[1],
    }));
    assert_eq!(race.robots()[0].options[0].card, pile[1]);
    assert_eq!(race.piles().piles[0], [pile[0]]);
    // Still on the flag at the end of register 5: not asked again.
    assert_ne!(asked(&race).map(|(_, d)| d), Some(ask));
    assert_eq!(race.robots()[0].options.len(), 1);
    race.check_invariants().unwrap();
    // Taking none uses the first visit up as well.
    let mut race = on_flag(1, r#""scavenger-hunt-i""#);
    race.apply(PlayerId(0), Action::Scavenge(None)).unwrap();
    assert!(race.robots()[0].options.is_empty());
    assert_eq!(race.piles().piles[0].len(), 2);
    assert_ne!(asked(&race).map(|(_, d)| d), Some(ask));
}

#[test]
fn scavenger_hunt_ii_lets_the_player_to_the_left_pick_and_a_flag_out_of_order_counts() {
    // Robot 0 stands on flag 2 having touched none: it reaches flag 2
    // (the race does not advance) and robot 1's player picks for it.
    let mut race = on_flag(2, r#""scavenger-hunt-ii""#);
    let ask = Decision::Scavenge {
        robot: PlayerId(0),
        flag: 2,
    };
    assert_eq!(asked(&race), Some((PlayerId(1), ask)));
    assert_eq!(legal(&race, 1), [Some(0), Some(1)].map(Action::Scavenge));
    assert!(legal(&race, 0).is_empty());
    assert_eq!(race.view(PlayerId(1)).pile, race.piles().piles[1]);
    assert!(race.view(PlayerId(0)).pile.is_empty());
    // The player to the left must give one.
    let before = race.clone();
    assert!(race.apply(PlayerId(1), Action::Scavenge(None)).is_err());
    assert_eq!(race, before);
    let given = race.piles().piles[1][0];
    race.apply(PlayerId(1), Action::Scavenge(Some(0))).unwrap();
    assert_eq!(race.robots()[0].options[0].card, given);
    assert_eq!(race.robots()[0].flags, 0);
    race.check_invariants().unwrap();
    // Without the variant nobody is asked.
    let race = on_flag(2, "");
    assert!(!matches!(
        asked(&race),
        Some((_, Decision::Scavenge { .. }))
    ));
}
