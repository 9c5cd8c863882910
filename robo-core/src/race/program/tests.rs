//! Program slots: fixed (locked or prefilled) registers, the hand, empty
//! registers, must-program cards, and the random sampler.

use super::*;

/// A classic-like robot: 5 registers, the last two locked by damage.
const LOCKED: [bool; 5] = [false, false, false, true, true];

fn check(hand: &[u8], fixed: &[bool], regs: &[&[u8]], must: &[u8]) -> Result<(), SlotError<u8>> {
    let mut c = ProgramCheck::new(hand, fixed);
    for (r, cards) in regs.iter().enumerate() {
        c.register(r, cards)?;
    }
    c.finish(regs.iter().flat_map(|r| r.iter().copied()), must)
}

#[test]
fn locked_registers_take_no_card_and_the_open_ones_fill_from_the_hand() {
    let hand = [1, 2, 3, 4];
    assert_eq!(
        check(&hand, &LOCKED, &[&[1], &[2], &[3], &[], &[]], &[]),
        Ok(())
    );
    assert_eq!(
        check(&hand, &LOCKED, &[&[1], &[2], &[3], &[4], &[]], &[]),
        Err(SlotError::Fixed(4))
    );
    // A short hand (a damaged robot) may leave an open register empty only
    // once it has no card left.
    assert_eq!(
        check(&[7, 8], &LOCKED, &[&[7], &[8], &[], &[], &[]], &[]),
        Ok(())
    );
    assert_eq!(
        check(&[7, 8], &LOCKED, &[&[7], &[], &[], &[], &[]], &[]),
        Err(SlotError::EmptyRegister(2))
    );
}

#[test]
fn each_hand_card_is_used_once() {
    let hand = [1, 2, 3];
    let open = [false; 3];
    assert_eq!(
        check(&hand, &open, &[&[1], &[9], &[3]], &[]),
        Err(SlotError::NotInHand(9))
    );
    assert_eq!(
        check(&hand, &open, &[&[1], &[1], &[3]], &[]),
        Err(SlotError::Duplicate(1))
    );
    // Two cards in one register (2023's Crab Legs) count as two.
    assert_eq!(
        check(&[1, 2, 3, 4], &open, &[&[1, 2], &[3], &[4]], &[]),
        Ok(())
    );
    assert_eq!(check(&hand, &open, &[&[1, 2], &[3], &[]], &[]), Ok(()));
}

#[test]
fn must_cards_are_in_registers() {
    let hand = [1, 2, 3, 4];
    let open = [false; 2];
    assert_eq!(
        check(&hand, &open, &[&[1], &[2]], &[3]),
        Err(SlotError::MustProgram(3))
    );
    assert_eq!(check(&hand, &open, &[&[3], &[2]], &[3]), Ok(()));
    // A card kept elsewhere (after the registers) does not count.
    let mut c = ProgramCheck::new(&hand, &open);
    c.register(0, &[1]).unwrap();
    c.register(1, &[2]).unwrap();
    assert_eq!(c.finish([1, 2, 3], &[3]), Err(SlotError::MustProgram(3)));
    // A partial program skips the completeness check but not the hand check.
    let mut c = ProgramCheck::new(&hand, &open);
    c.register(0, &[]).unwrap();
    c.register(1, &[9]).unwrap();
    assert_eq!(c.cards([9]), Err(SlotError::NotInHand(9)));
    assert_eq!(c.cards([]), Ok(()));
}

#[test]
fn errors_say_what_is_wrong() {
    assert_eq!(
        SlotError::<u8>::Fixed(4).to_string(),
        "register 4 is fixed and takes no card"
    );
    assert_eq!(
        SlotError::NotInHand(9u8).to_string(),
        "9 is not in the hand"
    );
}

#[test]
fn sampled_programs_are_legal_and_keep_fixed_registers() {
    let mut rng = Rng::from_seed(11);
    for n in 0..=6u8 {
        let hand: Vec<u8> = (10..10 + n).collect();
        let must: Vec<u8> = hand.iter().copied().take(1).collect();
        for _ in 0..20 {
            let (regs, spare) = sample(&hand, &LOCKED, &must, &mut rng);
            assert_eq!(regs.len(), 5);
            assert!(regs[3].is_none() && regs[4].is_none());
            let placed: Vec<u8> = regs.iter().flatten().copied().collect();
            assert_eq!(placed.len(), hand.len().min(3));
            assert_eq!(placed.len() + spare.len(), hand.len());
            let slots: Vec<&[u8]> = regs.iter().map(|r| r.as_slice()).collect();
            assert_eq!(check(&hand, &LOCKED, &slots, &must), Ok(()), "{regs:?}");
        }
    }
}

#[test]
fn the_sampler_reaches_every_program_and_is_deterministic() {
    let hand = [1, 2, 3];
    let fixed = [false, false];
    let mut seen = std::collections::HashSet::new();
    let mut rng = Rng::from_seed(5);
    for _ in 0..200 {
        seen.insert(sample(&hand, &fixed, &[], &mut rng).0);
    }
    assert_eq!(seen.len(), 6, "3 x 2 ordered pairs");
    let a = sample(&hand, &fixed, &[], &mut Rng::from_seed(9));
    let b = sample(&hand, &fixed, &[], &mut Rng::from_seed(9));
    assert_eq!(a, b);
}

#[test]
fn a_partial_program_is_filled_with_the_rest_of_the_hand() {
    let hand = [1, 2, 3, 4];
    let mut regs = [None, Some(2), None, None, None];
    fill_empty(&mut regs, &hand, &LOCKED, &[2], &mut Rng::from_seed(4));
    assert_eq!(regs[1], Some(2));
    assert!(regs[3].is_none() && regs[4].is_none(), "locked");
    let mut placed: Vec<u8> = regs.iter().flatten().copied().collect();
    placed.sort_unstable();
    assert_eq!(placed.len(), 3);
    placed.dedup();
    assert_eq!(placed.len(), 3, "no card twice");
}
