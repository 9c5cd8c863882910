//! Program slots: the registers a player fills from their hand during
//! programming, generic over the card type `C`.
//!
//! Some registers are *fixed* before programming starts: 2023 prefills a
//! register with a card (a rewired Haywire) and classic locks registers
//! of a damaged robot with last round's card. A fixed register takes no
//! card from the hand. The rules every edition shares:
//! - each card of the hand is used at most once (cards are compared with
//!   `==`, so `C` should be the identity of a physical card);
//! - a fixed register stays as it is;
//! - an open register may stay empty only when the hand has no card left
//!   for it;
//! - cards the player must program are all in registers.
//!
//! [`ProgramCheck`] checks a program register by register (so an edition
//! adds its own checks in the same pass, in its own order); [`sample`]
//! fills the open registers at random with the game's generator.
//!
//! ```
//! use robo_core::race::program::{ProgramCheck, SlotError};
//! let hand = ['a', 'b', 'c'];
//! let fixed = [false, true, false];
//! let mut check = ProgramCheck::new(&hand, &fixed);
//! check.register(0, &['a']).unwrap();
//! assert_eq!(check.register(1, &['b']), Err(SlotError::Fixed(2)));
//! check.register(2, &[]).unwrap();
//! // Register 3 was left empty while 'b' and 'c' were still in hand.
//! assert_eq!(check.finish(['a'], &[]), Err(SlotError::EmptyRegister(3)));
//! ```

use crate::rng::Rng;
use smallvec::SmallVec;
use thiserror::Error;

/// A program that breaks the rules of program slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum SlotError<C: std::fmt::Debug> {
    /// A card placed in a fixed (locked or prefilled) register, numbered from 1.
    #[error("register {0} is fixed and takes no card")]
    Fixed(u8),
    /// A card that is not in the hand.
    #[error("{0:?} is not in the hand")]
    NotInHand(C),
    /// A card used twice.
    #[error("{0:?} is used twice")]
    Duplicate(C),
    /// An open register left empty while the hand still had a card for it.
    #[error("register {0} is empty but the hand still holds cards")]
    EmptyRegister(u8),
    /// A card the player must program is not in a register.
    #[error("{0:?} must be programmed")]
    MustProgram(C),
}

/// Checks one program against a hand and the fixed registers, register by
/// register, then as a whole ([`ProgramCheck::finish`]). See the
/// [module documentation](self).
#[derive(Clone, Debug)]
pub struct ProgramCheck<'a, C> {
    hand: &'a [C],
    fixed: &'a [bool],
    in_registers: usize,
    first_empty: Option<u8>,
}

impl<'a, C: Copy + Eq + std::fmt::Debug> ProgramCheck<'a, C> {
    /// A check against `hand`; `fixed[r]` says register `r` (from 0) is
    /// locked or prefilled.
    #[must_use]
    pub fn new(hand: &'a [C], fixed: &'a [bool]) -> Self {
        ProgramCheck {
            hand,
            fixed,
            in_registers: 0,
            first_empty: None,
        }
    }

    /// Register `r` (from 0) receives `cards` (none: left empty; an edition
    /// may put more than one card in a register).
    ///
    /// # Errors
    /// [`SlotError::Fixed`] when a fixed register receives a card.
    pub fn register(&mut self, r: usize, cards: &[C]) -> Result<(), SlotError<C>> {
        let fixed = self.fixed.get(r).copied().unwrap_or(false);
        let number = u8::try_from(r + 1).unwrap_or(u8::MAX);
        if cards.is_empty() {
            if !fixed && self.first_empty.is_none() {
                self.first_empty = Some(number);
            }
            return Ok(());
        }
        if fixed {
            return Err(SlotError::Fixed(number));
        }
        self.in_registers += cards.len();
        Ok(())
    }

    /// Checks the program as a whole: `cards` is every card it uses from
    /// the hand (registers first, in order, then any the edition keeps
    /// elsewhere), `must` the cards that must be in registers.
    ///
    /// # Errors
    /// [`SlotError::NotInHand`] or [`SlotError::Duplicate`] for the first
    /// such card, then [`SlotError::EmptyRegister`] and
    /// [`SlotError::MustProgram`].
    pub fn finish(
        &self,
        cards: impl IntoIterator<Item = C> + Clone,
        must: &[C],
    ) -> Result<(), SlotError<C>> {
        self.cards(cards.clone())?;
        self.complete(cards, must)
    }

    /// The hand check alone: each card in the hand, none twice.
    ///
    /// # Errors
    /// [`SlotError::NotInHand`] or [`SlotError::Duplicate`].
    pub fn cards(&self, cards: impl IntoIterator<Item = C>) -> Result<(), SlotError<C>> {
        let mut seen: SmallVec<[C; 12]> = SmallVec::new();
        for c in cards {
            if !self.hand.contains(&c) {
                return Err(SlotError::NotInHand(c));
            }
            if seen.contains(&c) {
                return Err(SlotError::Duplicate(c));
            }
            seen.push(c);
        }
        Ok(())
    }

    /// The completeness check alone (skipped where an edition accepts a
    /// partial program): no open register left empty while the hand has
    /// cards for it, every `must` card among the register cards (the first
    /// cards of `cards`).
    ///
    /// # Errors
    /// [`SlotError::EmptyRegister`] or [`SlotError::MustProgram`].
    pub fn complete(
        &self,
        cards: impl IntoIterator<Item = C>,
        must: &[C],
    ) -> Result<(), SlotError<C>> {
        if let Some(r) = self.first_empty {
            if self.hand.len() > self.in_registers {
                return Err(SlotError::EmptyRegister(r));
            }
        }
        if !must.is_empty() {
            let placed: SmallVec<[C; 12]> = cards.into_iter().take(self.in_registers).collect();
            if let Some(&m) = must.iter().find(|m| !placed.contains(m)) {
                return Err(SlotError::MustProgram(m));
            }
        }
        Ok(())
    }
}

/// A random program: the open registers (not `fixed`) filled with distinct
/// hand cards, uniformly over the ways of doing so, the `must` cards always
/// placed. Returns the card of each register (`None` for fixed registers,
/// and for open ones when the hand runs out) and the hand cards left over
/// (`spare`, in random order).
///
/// It draws from `rng` in a fixed way: the open registers are shuffled,
/// then the hand minus `must`; `must` cards come first.
///
/// ```
/// use robo_core::race::program::sample;
/// use robo_core::Rng;
/// let mut rng = Rng::from_seed(3);
/// let (regs, spare) = sample(&[1, 2, 3, 4], &[false, true, false], &[4], &mut rng);
/// assert_eq!(regs[1], None);
/// assert!(regs.contains(&Some(4)));
/// assert_eq!(spare.len(), 2);
/// ```
pub fn sample<C: Copy + Eq>(
    hand: &[C],
    fixed: &[bool],
    must: &[C],
    rng: &mut Rng,
) -> (SmallVec<[Option<C>; 8]>, SmallVec<[C; 12]>) {
    let mut registers: SmallVec<[Option<C>; 8]> = smallvec::smallvec![None; fixed.len()];
    let mut open: SmallVec<[usize; 8]> = (0..fixed.len()).filter(|&r| !fixed[r]).collect();
    rng.shuffle(&mut open);
    let mut rest: SmallVec<[C; 12]> = hand.iter().copied().filter(|c| !must.contains(c)).collect();
    rng.shuffle(&mut rest);
    let mut cards: SmallVec<[C; 12]> = must.iter().copied().collect();
    cards.extend(rest);
    let spare: SmallVec<[C; 12]> = cards.iter().skip(open.len()).copied().collect();
    for (&r, &c) in open.iter().zip(cards.iter()) {
        registers[r] = Some(c);
    }
    (registers, spare)
}

/// Fills the empty open registers of a partial program with the rest of
/// the hand, shuffled with `rng` (a time's-up rule): `registers[r]` is the
/// card chosen for register `r`, `None` if empty; `used` lists the cards
/// the program already uses.
///
/// ```
/// use robo_core::race::program::fill_empty;
/// use robo_core::Rng;
/// let mut regs = [Some('a'), None, None];
/// fill_empty(&mut regs, &['a', 'b', 'c'], &[false, false, true], &['a'], &mut Rng::from_seed(1));
/// assert!(regs[1].is_some() && regs[1] != Some('a'));
/// assert_eq!(regs[2], None, "a fixed register stays as it is");
/// ```
pub fn fill_empty<C: Copy + Eq>(
    registers: &mut [Option<C>],
    hand: &[C],
    fixed: &[bool],
    used: &[C],
    rng: &mut Rng,
) {
    let mut rest: SmallVec<[C; 12]> = hand.iter().copied().filter(|c| !used.contains(c)).collect();
    rng.shuffle(&mut rest);
    let mut rest = rest.into_iter();
    for (r, slot) in registers.iter_mut().enumerate() {
        if slot.is_none() && !fixed.get(r).copied().unwrap_or(false) {
            if let Some(c) = rest.next() {
                *slot = Some(c);
            }
        }
    }
}

#[cfg(test)]
mod tests;
