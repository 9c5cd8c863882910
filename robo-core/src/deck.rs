//! Decks of cards: a draw pile, a discard pile, and a reshuffle when the
//! draw pile runs out.

use crate::rng::Rng;
use serde::{Deserialize, Serialize};

/// A draw pile and its discard pile.
///
/// Drawing from an empty draw pile shuffles the discard pile into a new
/// draw pile first; when both are empty there is nothing to draw and
/// [`Deck::draw`] returns `None` (each edition says what that means).
///
/// ```
/// use robo_core::{Deck, Rng};
/// let mut rng = Rng::from_seed(1);
/// let mut deck = Deck::from_top(vec!['a', 'b']);
/// assert_eq!(deck.draw(&mut rng), Some('a'));
/// deck.discard('a');
/// assert_eq!(deck.draw(&mut rng), Some('b'));
/// assert_eq!(deck.draw(&mut rng), Some('a')); // the discard pile was reshuffled
/// assert_eq!(deck.draw(&mut rng), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deck<C> {
    /// Draw pile; the top card is the last element.
    draw: Vec<C>,
    /// Discard pile; the most recent discard is the last element.
    discard: Vec<C>,
}

impl<C> Default for Deck<C> {
    fn default() -> Self {
        Deck {
            draw: Vec::new(),
            discard: Vec::new(),
        }
    }
}

impl<C> Deck<C> {
    /// A deck whose draw pile is `cards`, first card on top, in that order.
    #[must_use]
    pub fn from_top(mut cards: Vec<C>) -> Self {
        cards.reverse();
        Deck {
            draw: cards,
            discard: Vec::new(),
        }
    }

    /// A deck of `cards` shuffled with `rng`.
    #[must_use]
    pub fn shuffled(mut cards: Vec<C>, rng: &mut Rng) -> Self {
        rng.shuffle(&mut cards);
        Deck {
            draw: cards,
            discard: Vec::new(),
        }
    }

    /// A deck with both piles given, each first-on-top.
    #[must_use]
    pub fn from_piles(draw_top_first: Vec<C>, discard_top_first: Vec<C>) -> Self {
        let mut d = Deck::from_top(draw_top_first);
        d.discard = discard_top_first;
        d.discard.reverse();
        d
    }

    /// Draws the top card, reshuffling the discard pile into the draw pile
    /// first if the draw pile is empty. `None` when both piles are empty.
    pub fn draw(&mut self, rng: &mut Rng) -> Option<C> {
        if self.draw.is_empty() {
            self.reshuffle(rng);
        }
        self.draw.pop()
    }

    /// Draws the top card without ever reshuffling.
    pub fn draw_no_reshuffle(&mut self) -> Option<C> {
        self.draw.pop()
    }

    /// Would the next [`Deck::draw`] shuffle the discard pile first?
    #[must_use]
    pub fn needs_reshuffle(&self) -> bool {
        self.draw.is_empty() && !self.discard.is_empty()
    }

    /// The top card of the draw pile, if any (no reshuffle).
    #[must_use]
    pub fn peek(&self) -> Option<&C> {
        self.draw.last()
    }

    /// Puts a card on top of the discard pile.
    pub fn discard(&mut self, card: C) {
        self.discard.push(card);
    }

    /// Puts a card on top of the draw pile.
    pub fn put_on_top(&mut self, card: C) {
        self.draw.push(card);
    }

    /// Puts a card at the bottom of the draw pile.
    pub fn put_on_bottom(&mut self, card: C) {
        self.draw.insert(0, card);
    }

    /// Shuffles the discard pile under the (empty or not) draw pile's
    /// remaining cards: the remaining draw pile stays on top.
    pub fn reshuffle(&mut self, rng: &mut Rng) {
        let mut fresh = std::mem::take(&mut self.discard);
        rng.shuffle(&mut fresh);
        fresh.append(&mut self.draw);
        self.draw = fresh;
    }

    /// Shuffles every card of both piles into one new draw pile.
    pub fn shuffle_all(&mut self, rng: &mut Rng) {
        self.draw.append(&mut self.discard);
        rng.shuffle(&mut self.draw);
    }

    /// Cards in the draw pile.
    #[must_use]
    pub fn draw_len(&self) -> usize {
        self.draw.len()
    }

    /// Cards in the discard pile.
    #[must_use]
    pub fn discard_len(&self) -> usize {
        self.discard.len()
    }

    /// Cards in both piles.
    #[must_use]
    pub fn len(&self) -> usize {
        self.draw.len() + self.discard.len()
    }

    /// No card in either pile.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The draw pile, top card first.
    pub fn draw_pile(&self) -> impl DoubleEndedIterator<Item = &C> + ExactSizeIterator + '_ {
        self.draw.iter().rev()
    }

    /// The discard pile, most recent discard first.
    pub fn discard_pile(&self) -> impl DoubleEndedIterator<Item = &C> + ExactSizeIterator + '_ {
        self.discard.iter().rev()
    }

    /// Removes and returns the first card of the discard pile that matches
    /// (most recent first).
    pub fn take_from_discard(&mut self, mut pred: impl FnMut(&C) -> bool) -> Option<C> {
        let i = self.discard.iter().rposition(&mut pred)?;
        Some(self.discard.remove(i))
    }

    /// Removes every card of the discard pile that matches, keeping order.
    pub fn drain_discard(&mut self, pred: impl FnMut(&C) -> bool) -> Vec<C> {
        split_off_matching(&mut self.discard, pred)
    }

    /// Removes every card of the draw pile that matches, keeping order.
    pub fn drain_draw(&mut self, pred: impl FnMut(&C) -> bool) -> Vec<C> {
        split_off_matching(&mut self.draw, pred)
    }
}

/// Moves the items of `pile` that match into a new vector, both keeping order.
fn split_off_matching<C>(pile: &mut Vec<C>, mut pred: impl FnMut(&C) -> bool) -> Vec<C> {
    let (taken, kept): (Vec<C>, Vec<C>) = pile.drain(..).partition(|c| pred(c));
    *pile = kept;
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_left_to_reshuffle_gives_none() {
        let mut rng = Rng::from_seed(0);
        let mut d: Deck<u8> = Deck::default();
        assert_eq!(d.draw(&mut rng), None);
        d.discard(4);
        assert!(d.needs_reshuffle());
        assert_eq!(d.draw(&mut rng), Some(4));
        assert!(d.is_empty());
    }

    #[test]
    fn reshuffle_keeps_remaining_cards_on_top() {
        let mut rng = Rng::from_seed(0);
        let mut d = Deck::from_piles(vec![1, 2], vec![7, 8, 9]);
        d.reshuffle(&mut rng);
        assert_eq!(d.discard_len(), 0);
        assert_eq!(
            d.draw_pile().take(2).copied().collect::<Vec<_>>(),
            vec![1, 2]
        );
        assert_eq!(d.len(), 5);
    }

    #[test]
    fn piles_read_top_first() {
        let d = Deck::from_piles(vec![1, 2, 3], vec![4, 5]);
        assert_eq!(d.draw_pile().copied().collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(d.discard_pile().copied().collect::<Vec<_>>(), vec![4, 5]);
        assert_eq!(d.peek(), Some(&1));
    }
}
