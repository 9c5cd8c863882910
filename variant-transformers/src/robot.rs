//! A player board: Energon, checkpoint track, planning deck, hand,
//! registers, upgrades and damage in play.

use crate::cards::{Card, CardId};
use crate::characters::Character;
use crate::damage::Effect;
use crate::upgrades::Upgrade;
use robo_core::geom::Pos;
use robo_core::race::upgrades::{Limits, PhaseUse, Slots};
use robo_core::Deck;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// The most Energon a robot stores.
pub const MAX_ENERGON: u8 = 10;
/// Energon at the start of the race.
pub const START_ENERGON: u8 = 5;
/// Registers per robot.
pub const REGISTERS: usize = 5;
/// Cards a hand is refilled to.
pub const HAND_SIZE: usize = 9;
/// Installed upgrades a robot may have: 4 permanent (personal ones
/// included) and 3 temporary.
pub const LIMITS: Limits = Limits {
    permanent: 4,
    temporary: 3,
};

/// One register of a player board.
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Register {
    /// Its cards: one, or none.
    pub cards: SmallVec<[CardId; 2]>,
    /// Turned face up.
    pub revealed: bool,
}

/// Copied, not cloned card by card: the planner copies boards once per
/// register prefix it simulates.
impl Clone for Register {
    fn clone(&self) -> Self {
        Register {
            cards: SmallVec::from_slice(&self.cards),
            revealed: self.revealed,
        }
    }
}

impl Register {
    /// No card.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Holds SCRAP (the register does nothing and the robot holds fire).
    #[must_use]
    pub fn has_scrap(&self) -> bool {
        self.cards.iter().any(|c| c.card() == Card::Scrap)
    }
}

/// What a player did this round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RoundFlags {
    /// Draws, installs and uninstalls of this upgrade phase.
    pub phase: PhaseUse,
    /// Finished the upgrade phase.
    pub upgrades_done: bool,
    /// The plan is in.
    pub planned: bool,
    /// Once-a-round upgrades used this round (a bit set of upgrades).
    pub once: u64,
    /// A Move card resolved this round (Fast Start is spent).
    pub moved: bool,
    /// Cards taken back with Recycle this round.
    pub recycled: u8,
}

/// What happened to a robot in the current register.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RegisterFlags {
    /// Its card turn is over or under way (its card resolved, or skipped).
    pub acted: bool,
    /// Converted during this register's activation window.
    pub converted: bool,
    /// Went through a space bridge in this register.
    pub bridged: bool,
    /// Upgrades armed for this register (a bit set): card modifiers for
    /// its card, Apex Armor and Firewalker for the whole register.
    pub armed: u64,
    /// Upgrades used in the window after the card (a bit set).
    pub used: u64,
    /// Extra spaces bought with Turbo Boost for this register's card.
    pub turbo: u8,
    /// The upgrade of another robot used with Mirror Response Mode.
    pub mirror: Option<Upgrade>,
    /// Lucky Duck was used this register.
    pub dodged: bool,
    /// Minelayer laid a mine this register.
    pub mined: bool,
    /// Register cards exchanged with Rulebreaker in this window.
    pub swaps: u8,
    /// The facing before the last card (Style Points).
    pub before: Option<robo_core::geom::Dir>,
}

/// A robot off the course: where it left, and the register after which
/// it comes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Off {
    /// The last course cell it stood on.
    pub at: Pos,
    /// It comes back at the end of this register.
    pub back_after: u8,
}

/// A hand of cards: nine dealt and the SCRAP that joins them, inline up
/// to 16 (more spills to the heap).
pub(crate) type Hand = SmallVec<[CardId; 16]>;

/// A player: the robot's state off the grid.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub(crate) character: Character,
    pub(crate) energon: u8,
    pub(crate) checkpoints: u8,
    pub(crate) deck: Deck<CardId>,
    /// Held inline: SCRAP taken during a register never allocates.
    pub(crate) hand: Hand,
    pub(crate) registers: [Register; REGISTERS],
    #[serde(flatten)]
    pub(crate) slots: Slots<Upgrade>,
    /// Special damage in play (ongoing, or for the round).
    #[serde(default)]
    pub(crate) damage: SmallVec<[CardId; 4]>,
    #[serde(default)]
    pub(crate) off: Option<Off>,
    #[serde(default)]
    pub(crate) round: RoundFlags,
    #[serde(default)]
    pub(crate) reg: RegisterFlags,
    /// The planning cards resolved in the previous register (for Again).
    #[serde(default)]
    pub(crate) last: SmallVec<[Card; 2]>,
    /// The planning cards resolved in this register.
    #[serde(default)]
    pub(crate) this: SmallVec<[Card; 2]>,
    /// Mines laid by the installed Minelayer (it holds 3).
    #[serde(default)]
    pub(crate) mines_laid: u8,
}

/// The small lists are copied whole (their items are `Copy`), which is
/// several times cheaper than the item-by-item clone the derive makes; the
/// planner copies boards once per register prefix it simulates.
impl Clone for Player {
    fn clone(&self) -> Self {
        Player {
            character: self.character,
            energon: self.energon,
            checkpoints: self.checkpoints,
            deck: self.deck.clone(),
            hand: SmallVec::from_slice(&self.hand),
            registers: self.registers.clone(),
            slots: Slots {
                permanent: SmallVec::from_slice(&self.slots.permanent),
                temporary: SmallVec::from_slice(&self.slots.temporary),
                uninstalled: self.slots.uninstalled.clone(),
            },
            damage: SmallVec::from_slice(&self.damage),
            off: self.off,
            round: self.round,
            reg: self.reg,
            last: SmallVec::from_slice(&self.last),
            this: SmallVec::from_slice(&self.this),
            mines_laid: self.mines_laid,
        }
    }
}

impl Player {
    /// No upgrade in play: none installed (in its slot) and none
    /// mirrored. Read several times a register: empty slots answer without
    /// building the mask.
    #[inline]
    pub(crate) fn plain(&self) -> bool {
        let empty = self.slots.permanent.is_empty() && self.slots.temporary.is_empty();
        (empty || self.slots.mask() == 0) && self.reg.mirror.is_none()
    }

    pub(crate) fn new(character: Character, deck: Deck<CardId>, dealt: Option<Upgrade>) -> Self {
        let mut slots = Slots::default();
        slots.uninstalled.extend(character.personal());
        slots.uninstalled.extend(dealt);
        Player {
            character,
            energon: START_ENERGON,
            checkpoints: 0,
            deck,
            hand: Hand::new(),
            registers: Default::default(),
            slots,
            damage: SmallVec::new(),
            off: None,
            round: RoundFlags::default(),
            reg: RegisterFlags::default(),
            last: SmallVec::new(),
            this: SmallVec::new(),
            mines_laid: 0,
        }
    }

    /// The character played.
    #[must_use]
    pub fn character(&self) -> Character {
        self.character
    }

    /// Energon on the track, 0 to 10.
    #[must_use]
    pub fn energon(&self) -> u8 {
        self.energon
    }

    /// Checkpoints reached so far.
    #[must_use]
    pub fn checkpoints(&self) -> u8 {
        self.checkpoints
    }

    /// The hand (planning cards and SCRAP).
    #[must_use]
    pub fn hand(&self) -> &[CardId] {
        &self.hand
    }

    /// The registers.
    #[must_use]
    pub fn registers(&self) -> &[Register; REGISTERS] {
        &self.registers
    }

    /// The planning deck (draw and discard piles).
    #[must_use]
    pub fn deck(&self) -> &Deck<CardId> {
        &self.deck
    }

    /// Installed and held upgrades.
    #[must_use]
    pub fn upgrades(&self) -> &Slots<Upgrade> {
        &self.slots
    }

    /// Special damage cards in play.
    #[must_use]
    pub fn damage(&self) -> &[CardId] {
        &self.damage
    }

    /// Off the course, and until when.
    #[must_use]
    pub fn off(&self) -> Option<Off> {
        self.off
    }

    /// The plan is in this round.
    #[must_use]
    pub fn has_planned(&self) -> bool {
        self.round.planned
    }

    /// Is `u` installed?
    #[must_use]
    pub fn has(&self, u: Upgrade) -> bool {
        self.slots.has(u)
    }

    /// Has a damage card in play with effect `e` (any amount)?
    #[must_use]
    pub fn suffers(&self, e: fn(Effect) -> bool) -> bool {
        self.damage.iter().any(|c| match c.card() {
            Card::Special(s) => e(s.face().effect),
            _ => false,
        })
    }

    /// The sum of the amounts of the damage in play with effect `amount`
    /// (`amount` gives the amount of an effect of that kind).
    #[must_use]
    pub fn penalty(&self, amount: fn(Effect) -> Option<u8>) -> u8 {
        self.damage
            .iter()
            .filter_map(|c| match c.card() {
                Card::Special(s) => amount(s.face().effect),
                _ => None,
            })
            .fold(0u8, u8::saturating_add)
    }

    /// Adds Energon, capped at [`MAX_ENERGON`]; the amount gained.
    pub(crate) fn gain(&mut self, n: u8) -> u8 {
        let before = self.energon;
        self.energon = self.energon.saturating_add(n).min(MAX_ENERGON);
        self.energon - before
    }

    /// Damage cards the player holds anywhere (SCRAP in hand, deck,
    /// registers; special damage in play).
    #[must_use]
    pub fn all_damage(&self) -> usize {
        self.all_cards().filter(|c| c.is_damage()).count()
    }

    /// Every card id the player holds anywhere (conservation checks).
    pub(crate) fn all_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.deck
            .draw_pile()
            .chain(self.deck.discard_pile())
            .copied()
            .chain(self.hand.iter().copied())
            .chain(self.registers.iter().flat_map(|r| r.cards.iter().copied()))
            .chain(self.damage.iter().copied())
    }

    /// The index (from 0) of the first register whose cards have not
    /// resolved: the current one if its card turn is still to come.
    pub(crate) fn next_unresolved(&self, register: u8) -> Option<usize> {
        let r = usize::from(register.max(1)) - 1;
        let i = if self.reg.acted { r + 1 } else { r };
        (i < REGISTERS).then_some(i)
    }
}
