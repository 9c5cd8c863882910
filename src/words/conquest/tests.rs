use super::*;
use robo_core::{Game, Pending, Policy};
use smallvec::smallvec;
use variant_conquest::bots::GreedyBot;
use variant_conquest::Setup;

#[test]
fn a_whole_game_is_told_without_ids_or_debug_names() {
    let mut game = Conquest::new(Setup::for_players(3), 5).unwrap();
    let mut words = ConquestWords::new(&game, Seen::All);
    let mut bots: Vec<GreedyBot> = (0..3).map(GreedyBot::new).collect();
    let mut lines = Vec::new();
    while let Pending::Decision { player, .. } = game.pending() {
        let a = bots[player.index()].choose(&game, player).unwrap();
        for e in game.apply(player, a).unwrap() {
            lines.extend(words.event(&e));
        }
    }
    let text = lines.join("\n");
    for needle in [
        "Optimus Prime claims ",
        "=== day 6 ===",
        " attacks ",
        "dice: ",
        " captures ",
        " draws ",
        "the game is over: ",
    ] {
        assert!(text.contains(needle), "no `{needle}` in the story");
    }
    // Zones by name, never Z12; no enum or struct names.
    for bad in ["Z1", "Z2", "Z3", "P0", "Some(", "None", "{", "Elimination"] {
        assert!(!text.contains(bad), "`{bad}` in the story");
    }
}

#[test]
fn other_players_cards_stay_hidden_from_a_seat() {
    let game = Conquest::new(Setup::for_players(2), 1).unwrap();
    let drawn = Event::CardDrawn {
        player: PlayerId(0),
        card: Some(Card::Blitz),
    };
    let mut mine = ConquestWords::new(&game, Seen::Seat(PlayerId(0)));
    let mut theirs = ConquestWords::new(&game, Seen::Seat(PlayerId(1)));
    assert_eq!(
        mine.event(&drawn).unwrap(),
        "Optimus Prime (you) draws Blitz (the defender rolls only one die) for capturing a zone"
    );
    assert_eq!(
        theirs.event(&drawn).unwrap(),
        "Optimus Prime draws a card for capturing a zone"
    );
}

#[test]
fn endings_are_plain_words() {
    let game = Conquest::new(Setup::for_players(2), 1).unwrap();
    let words = ConquestWords::new(&game, Seen::All);
    let o = ConquestOutcome {
        winners: smallvec![PlayerId(1)],
        victory: Victory::Elimination,
        zones: smallvec![0, 42],
        round: 4,
    };
    assert_eq!(
        words.outcome(&o),
        "Megatron wins with 42 of 42 zones: wiped out every enemy on day 4"
    );
}
