//! The rulebook's setup, checked on races made from a [`Setup`]: what each
//! player takes, who places a robot first, which way robots face, and the
//! player counts a race takes.

use robo_core::{Game, Pending, PlayerId};
use variant_transformers::upgrades::UpgradeKind;
use variant_transformers::{courses, Action, Race, Setup, SetupError};

fn setup(players: usize) -> Setup {
    Setup::new(
        courses::course("Twin Loop Warm-Up Lap").expect("a built-in course"),
        players,
    )
}

#[test]
fn each_player_takes_a_22_card_deck_5_energon_its_3_personal_upgrades_and_1_dealt() {
    let race = Race::create(setup(4), 3).unwrap();
    let mut dealt = Vec::new();
    for p in 0..4 {
        let pl = race.player(PlayerId(p)).unwrap();
        assert_eq!(pl.deck().len(), 22, "seat {p}");
        assert_eq!(pl.energon(), 5);
        assert!(pl.hand().is_empty());
        let held: Vec<_> = pl.upgrades().uninstalled.clone();
        let personal = held.iter().filter(|u| u.kind() == UpgradeKind::Personal);
        assert_eq!(personal.count(), 3, "seat {p}: {held:?}");
        let other: Vec<_> = held
            .iter()
            .filter(|u| u.kind() != UpgradeKind::Personal)
            .collect();
        assert_eq!(other.len(), 1, "seat {p}: one yellow or red upgrade dealt");
        assert!(pl.upgrades().installed().next().is_none());
        dealt.extend(other.into_iter().copied());
    }
    // One copy of each card: no upgrade is dealt twice; the rest is the deck.
    dealt.sort();
    dealt.dedup();
    assert_eq!(dealt.len(), 4);
    assert_eq!(race.upgrade_deck().len(), 20 - 4);
    assert_eq!(race.damage_deck().len(), 40);
}

#[test]
fn robots_are_placed_from_the_cosmos_holder_in_turn_order_facing_the_map() {
    let mut s = setup(3);
    s.priority = PlayerId(2);
    let mut race = Race::create(s, 9).unwrap();
    let facing = race.course().start_facing();
    let mut order = Vec::new();
    for _ in 0..3 {
        let Pending::Decision { player, .. } = race.pending() else {
            panic!("a start space is asked for: {:?}", race.pending());
        };
        order.push(player);
        let mut options = Vec::new();
        let _ = race.legal_actions(player, &mut options);
        let first = options
            .iter()
            .find(|a| matches!(a, Action::ChooseStart(_)))
            .cloned()
            .expect("a free start space");
        race.apply(player, first).unwrap();
        assert_eq!(race.robot(player).map(|(_, d)| d), Some(facing));
    }
    assert_eq!(order, [PlayerId(2), PlayerId(0), PlayerId(1)]);
}

#[test]
fn a_race_takes_2_to_6_players() {
    assert_eq!(
        Race::create(setup(1), 1).unwrap_err(),
        SetupError::Players(1)
    );
    assert_eq!(
        Race::create(setup(7), 1).unwrap_err(),
        SetupError::Players(7)
    );
    assert!(Race::create(setup(2), 1).is_ok());
}
