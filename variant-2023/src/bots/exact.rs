//! The prefix-tree search against the plain one, on seeded hands across
//! every built-in course: the same program, score, expectation and count,
//! with and without a face-down Haywire fixing a register.
//!
//! `ROBORALLY_PLANNER_HANDS` sets how many hands (default 240, a few
//! seconds in a debug build; the closing note of issue 15 ran 2,000).

use super::*;
use crate::cards::{Card, Haywire, PROGRAMMING_DECK};
use crate::courses;
use crate::position::{Position, RobotSpec};
use crate::robot::REGISTERS;
use crate::upgrades::Upgrade;
use crate::Setup;
use robo_core::geom::{Dir, Pos};
use robo_core::testing::planner_hands;

/// A hand of `n` cards: mostly the programming deck, with now and then a
/// SPAM or a Haywire.
fn hand(rng: &mut Rng, n: usize) -> Vec<Card> {
    (0..n)
        .map(|_| match rng.below(12) {
            0 => Card::Spam,
            1 => Card::Haywire(Haywire::ALL[rng.index(Haywire::ALL.len())]),
            _ => PROGRAMMING_DECK[rng.index(PROGRAMMING_DECK.len())],
        })
        .collect()
}

/// A seeded position on `course`: the planner's robot on a random cell it
/// can stand on, the other robot elsewhere. `None` if the position is not
/// sound.
fn position(course_name: &str, seed: u64) -> Option<Race> {
    let course = courses::course(course_name).ok()?;
    let mut rng = Rng::from_seed(seed);
    let cells: Vec<Pos> = course
        .board()
        .cells()
        .filter(|(_, t)| **t != crate::tiles::Tile::Pit)
        .map(|(p, _)| p)
        .collect();
    let mut me = RobotSpec::at(cells[rng.index(cells.len())], Dir::ALL[rng.index(4)]);
    let other = RobotSpec::at(cells[rng.index(cells.len())], Dir::N);
    if me.at == other.at || other.at.map(|a| a.0) == me.at.map(|a| a.0) {
        return None;
    }
    me.checkpoints = u8::try_from(rng.index(course.checkpoints().len())).ok()?;
    me.energy = u8::try_from(rng.index(11)).ok()?;
    if rng.below(4) == 0 {
        me.installed.push(Upgrade::HoverUnit);
    }
    // One hand in four has a face-down Haywire fixing a register.
    let fixed = rng.below(4) == 0;
    me.hand = hand(&mut rng, if fixed { 8 } else { 9 });
    if fixed {
        let h = Haywire::ALL[rng.index(Haywire::ALL.len())];
        me.registers[rng.index(REGISTERS)] = vec![Card::Haywire(h)];
    }
    let mut setup = Setup::new(course, 2);
    setup.options.less_deadly = rng.below(2) == 0;
    Race::from_position(Position::new(setup, vec![me, other])).ok()
}

#[test]
fn the_prefix_tree_search_chooses_what_the_plain_search_chooses() {
    let hands = planner_hands(240) as usize;
    let names: Vec<&str> = courses::course_names().collect();
    let (mut tree, mut plain) = (Planner::new(1), Planner::new(1).plain_search());
    let (mut checked, mut fixed, mut per_course) = (0, 0, vec![0usize; names.len()]);
    let mut seed = 0u64;
    while checked < hands {
        seed += 1;
        let c = (seed as usize) % names.len();
        let Some(race) = position(names[c], seed) else {
            continue;
        };
        let me = PlayerId(0);
        let a = tree.best_program(&race, me);
        let b = plain.best_program(&race, me);
        assert_eq!(a, b, "seed {seed} on {}", names[c]);
        let Some(b) = b else { continue };
        assert_eq!(b.score.to_bits(), a.map_or(0, |a| a.score.to_bits()));
        if race
            .player(me)
            .is_some_and(|pl| pl.registers().iter().any(|r| r.card().is_some()))
        {
            fixed += 1;
        }
        per_course[c] += 1;
        checked += 1;
    }
    assert!(
        fixed * 8 >= checked,
        "{fixed} of {checked} hands had a fixed register"
    );
    assert!(
        per_course.iter().all(|&n| n * names.len() * 2 >= checked),
        "{per_course:?}"
    );
}

#[test]
fn every_card_has_its_own_code_in_the_solo_key() {
    let mut cards: Vec<Option<Card>> = PROGRAMMING_DECK.iter().map(|&c| Some(c)).collect();
    cards.extend([None, Some(Card::Spam)]);
    cards.extend(Haywire::ALL.iter().map(|&h| Some(Card::Haywire(h))));
    cards.sort_unstable();
    cards.dedup();
    let mut codes: Vec<u128> = cards.iter().map(|&c| crate::solo::card_code(c)).collect();
    assert!(codes.iter().all(|&c| c < 64));
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), cards.len());
}

#[test]
fn the_solo_shortcut_for_cells_without_elements_changes_nothing() {
    use crate::arena::{register_pipeline, RegisterStep};
    assert_eq!(
        register_pipeline().steps().first(),
        Some(&RegisterStep::Cards)
    );
    let names: Vec<&str> = courses::course_names().collect();
    let me = PlayerId(0);
    let (mut checked, mut seed) = (0, 0u64);
    while checked < planner_hands(240) {
        seed += 1;
        let Some(race) = position(names[(seed as usize) % names.len()], seed) else {
            continue;
        };
        let mut rng = Rng::from_seed(seed);
        let program = hand(&mut rng, REGISTERS);
        let (Ok(mut fast), Ok(mut slow)) = (race.solo_world(me), race.solo_world(me)) else {
            continue;
        };
        crate::solo::without_shortcut(&mut slow);
        for (r, &card) in program.iter().enumerate() {
            let register = r as u8 + 1;
            race.solo_register(&mut fast, register, Some(card));
            race.solo_register(&mut slow, register, Some(card));
            assert_eq!(fast.outcome(), slow.outcome(), "seed {seed}, {program:?}");
            assert_eq!(
                crate::solo::solo_key(&fast),
                crate::solo::solo_key(&slow),
                "seed {seed}"
            );
        }
        checked += 1;
    }
}
