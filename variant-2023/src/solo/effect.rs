//! What one register does to a lone robot, apart from what it carried in:
//! the register is run once on a scratch copy of the world whose tallies
//! start at nothing ([`effect`]), and the result is added to the world
//! ([`apply`]). The effect depends only on the robot's cell, facing, the
//! register and the card it plays, so the planner keeps the effects it
//! has worked out in a table ([`EffectMemo`]) and runs each (cell,
//! facing, register, card) once per decision, however many programs
//! reach it with other tallies (damage, energy, checkpoints, the card an
//! Again would repeat).
//!
//! Why adding is exact: damage adds (saturating, so the order does not
//! matter); energy gains are capped at the robot's room for energy, and a capped sum of
//! gains of one each is the sum capped once; the checkpoint a register
//! counts is the one under the robot at its single checkpoint step, and
//! whether it counts depends only on the checkpoints reached before.

use super::{gain, run_register, World};
use crate::cards::Card;
use robo_core::geom::{Dir, Pos};
use robo_core::race::plan::SoloOutcome;

/// What one register did to the robot from where it stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Effect {
    pos: Pos,
    facing: Dir,
    on_board: bool,
    /// Damage taken.
    damage: u8,
    /// Energy gained before any cap from what the robot held.
    energy: u8,
    /// The checkpoint (from 1) under the robot at the checkpoint step; 0
    /// for none.
    checkpoint: u8,
}

/// Runs register `register` (its card already resolved in the world's
/// rules) on a scratch copy of `w` with empty tallies.
pub(crate) fn effect(w: &World<'_>, register: u8) -> Effect {
    let mut s = w.clone();
    s.out = SoloOutcome::default();
    s.rules.energy_now = 0;
    s.rules.touched = 0;
    run_register(&mut s, register);
    Effect {
        pos: s.pos,
        facing: s.facing,
        on_board: s.on_board,
        damage: s.out.damage,
        energy: s.out.energy,
        checkpoint: s.rules.touched,
    }
}

/// Adds `e`, the effect of register `register`, to `w`.
pub(crate) fn apply(w: &mut World<'_>, e: Effect, register: u8) {
    w.pos = e.pos;
    w.facing = e.facing;
    w.on_board = e.on_board;
    w.out.damage = w.out.damage.saturating_add(e.damage);
    if e.energy > 0 {
        gain(w, e.energy);
    }
    if e.checkpoint > 0 {
        w.touch_checkpoint(e.checkpoint);
    }
    if !w.on_board && w.out.fell_in.is_none() {
        w.out.fell_in = Some(register);
    }
}

/// The effects worked out during one decision, by (cell, facing,
/// register, card played): a flat table, each entry stamped with the
/// decision that wrote it, so a new decision starts by bumping the stamp
/// instead of clearing the table.
#[derive(Clone, Debug)]
pub(crate) struct EffectMemo {
    entries: Vec<(u16, Effect)>,
    /// The current decision's stamp (0 is never current).
    stamp: u16,
    width: usize,
    height: usize,
    /// Per card code ([`card_code`]): its place among the cards of this
    /// decision, or [`NO_CODE`].
    codes: [u8; 64],
    /// How many cards the decision can play (no card included).
    cards: usize,
}

impl Default for EffectMemo {
    fn default() -> Self {
        EffectMemo {
            entries: Vec::new(),
            stamp: 0,
            width: 0,
            height: 0,
            codes: [NO_CODE; 64],
            cards: 0,
        }
    }
}

/// A card the decision cannot play: its effects are not kept.
const NO_CODE: u8 = u8::MAX;

/// The largest table kept (entries): beyond it, effects are not kept.
const MAX_ENTRIES: usize = 1 << 20;

impl EffectMemo {
    /// Starts a decision on a `width` x `height` course whose registers
    /// can play `cards` (and no card).
    pub(crate) fn begin(
        &mut self,
        width: usize,
        height: usize,
        cards: impl IntoIterator<Item = Card>,
    ) {
        self.codes = [NO_CODE; 64];
        self.cards = 0;
        for card in std::iter::once(None).chain(cards.into_iter().map(Some)) {
            let code = usize::try_from(card_code(card)).unwrap_or(usize::MAX);
            if let Some(c) = self.codes.get_mut(code) {
                if *c == NO_CODE {
                    *c = u8::try_from(self.cards).unwrap_or(NO_CODE);
                    self.cards += 1;
                }
            }
        }
        let size = width * height * 4 * 5 * self.cards;
        if size > MAX_ENTRIES {
            (self.width, self.height) = (0, 0);
            return;
        }
        (self.width, self.height) = (width, height);
        if self.entries.len() < size {
            self.entries.resize(size, (0, EMPTY));
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.entries.fill((0, EMPTY));
            self.stamp = 1;
        }
    }

    /// The entry for `w` running register `register` with the card in its
    /// rules, if the table keeps one.
    fn slot(&self, w: &World<'_>, register: u8) -> Option<usize> {
        let (x, y) = (usize::from(w.pos.x as u16), usize::from(w.pos.y as u16));
        if !w.on_board || x >= self.width || y >= self.height || !(1..=5).contains(&register) {
            return None;
        }
        let code = usize::try_from(card_code(w.rules.card)).ok()?;
        let card = usize::from(*self.codes.get(code)?);
        if card >= self.cards {
            return None;
        }
        let cell = y * self.width + x;
        let at = ((cell * 4 + w.facing.index()) * 5 + usize::from(register - 1)) * self.cards;
        Some(at + card)
    }

    /// The effect of register `register` on `w` (its card resolved in the
    /// rules): from the table, or run and kept.
    pub(crate) fn effect(&mut self, w: &World<'_>, register: u8) -> Effect {
        let Some(i) = self.slot(w, register) else {
            return effect(w, register);
        };
        let stamp = self.stamp;
        match self.entries.get_mut(i) {
            Some((s, e)) if *s == stamp => *e,
            Some(entry) => {
                let e = effect(w, register);
                *entry = (stamp, e);
                e
            }
            None => effect(w, register),
        }
    }
}

/// A placeholder for entries not written yet.
const EMPTY: Effect = Effect {
    pos: Pos { x: 0, y: 0 },
    facing: Dir::N,
    on_board: false,
    damage: 0,
    energy: 0,
    checkpoint: 0,
};

/// What makes two solo worlds the same for every later register: all of
/// the world but the course it is on and the card being run, packed into
/// one number (each field in its own bits, so equal keys mean equal
/// worlds).
pub(crate) type SoloKey = u128;

/// The key of a solo world between registers; `None` for a world that
/// holds a finished outcome (the search never keys one).
pub(crate) fn solo_key(w: &World<'_>) -> Option<SoloKey> {
    let (r, o) = (&w.rules, &w.out);
    if o.end.is_some() {
        return None;
    }
    let fields: [(u128, u32); 13] = [
        (u128::from(w.pos.x as u16), 16),
        (u128::from(w.pos.y as u16), 16),
        (w.facing.index() as u128, 2),
        (u128::from(w.on_board), 1),
        (u128::from(w.reached), 8),
        (u128::from(o.checkpoints), 8),
        (u128::from(o.won), 1),
        (u128::from(o.damage), 8),
        (u128::from(o.energy), 8),
        (o.fell_in.map_or(0, |f| u128::from(f) + 1), 9),
        (card_code(r.last), 6),
        (u128::from(r.energy_now), 8),
        (u128::from(r.card_move), 1),
    ];
    Some(fields.iter().fold(0, |key, &(v, bits)| (key << bits) | v))
}

/// A different number below 64 for each card (and 0 for none).
pub(crate) fn card_code(card: Option<Card>) -> u128 {
    // A match, not a search: the planner asks this for every register.
    match card {
        None => 0,
        Some(Card::Move1) => 1,
        Some(Card::Move2) => 2,
        Some(Card::Move3) => 3,
        Some(Card::RotateRight) => 4,
        Some(Card::RotateLeft) => 5,
        Some(Card::UTurn) => 6,
        Some(Card::MoveBack) => 7,
        Some(Card::PowerUp) => 8,
        Some(Card::Again) => 9,
        Some(Card::Spam) => 10,
        Some(Card::Haywire(h)) => 32 + h as u128,
    }
}
