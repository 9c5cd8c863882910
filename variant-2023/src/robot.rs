//! A player's robot and everything on the player mat: energy, checkpoint
//! track, programming deck, hand, registers and upgrades.

use crate::cards::{Card, CardId};
use crate::upgrades::{Upgrade, UpgradeKind};
use robo_core::board::BoardId;
use robo_core::geom::{Dir, Pos};
use robo_core::Deck;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// The most energy a robot can store.
pub const MAX_ENERGY: u8 = 10;
/// Installed upgrades of each kind a robot may have.
pub const MAX_INSTALLED: usize = 3;
/// Registers per robot.
pub const REGISTERS: usize = 5;

/// Where a robot is: core's race body, with nothing of this edition's own.
pub type Body = robo_core::race::body::Body;

/// One register slot of a player mat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Register {
    /// The cards in the register: the programmed card first; then cards
    /// that joined it while it resolved (a SPAM's replacement, a Crab Legs
    /// pair's Move 1, the cards a Haywire revealed).
    pub cards: SmallVec<[CardId; 3]>,
    /// Turned face up (all registers are revealed when their turn comes).
    pub revealed: bool,
    /// A Crab Legs pair: `cards` holds the rotate card, then the Move 1.
    pub crab: bool,
    /// The card was put in by an upgrade after the reveal; it enters face
    /// up, so it does not count as revealed SPAM (Chaos Theory).
    pub replaced: bool,
    /// A face-down Haywire received in this register this round; it becomes
    /// this register's card next round.
    pub under: Option<CardId>,
}

impl Register {
    /// No card in the register.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The programmed card, if any.
    #[must_use]
    pub fn card(&self) -> Option<CardId> {
        self.cards.first().copied()
    }
}

/// Where a player stands in the programming phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum ProgramStatus {
    /// Still choosing.
    #[default]
    Choosing,
    /// Memory Swap: this many cards still to put back on the deck.
    Returning(u8),
    /// The program is in.
    Submitted,
}

/// What a player did this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct RoundFlags {
    /// Drew an upgrade this upgrade phase.
    pub drew_upgrade: bool,
    /// Installed an upgrade this upgrade phase.
    pub installed_upgrade: bool,
    /// Finished the upgrade phase.
    pub upgrades_done: bool,
    /// Programming status.
    pub program: ProgramStatus,
    /// Declared a shutdown with the program.
    pub shutdown_declared: bool,
}

/// What happened to a robot in the current register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct RegisterFlags {
    /// Paid Deflector Shield: no laser or weapon damage this register.
    pub shielded: bool,
    /// Performed a U-turn maneuver (Laser Kata).
    pub kata: bool,
    /// Extra laser damage this register (Haywire).
    pub laser_bonus: u8,
    /// Took damage from a board laser (Energy Conversion).
    pub board_laser_damaged: bool,
    /// Gained by a Modular Chassis trade this register: its push effects
    /// wait for the next register.
    pub traded: Option<Upgrade>,
}

/// A player: the robot's state off the grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub(crate) energy: u8,
    pub(crate) checkpoints: u8,
    pub(crate) deck: Deck<CardId>,
    pub(crate) hand: Vec<CardId>,
    pub(crate) registers: [Register; REGISTERS],
    pub(crate) permanent: SmallVec<[Upgrade; 4]>,
    pub(crate) temporary: SmallVec<[Upgrade; 4]>,
    pub(crate) uninstalled: Vec<Upgrade>,
    /// Installed for free by a Haywire until the end of the round.
    pub(crate) loaned: Option<Upgrade>,
    pub(crate) memory: Vec<CardId>,
    pub(crate) archive: (Pos, Dir),
    /// Fell from this board; comes back in register 1 of the next round.
    pub(crate) rebooting: Option<BoardId>,
    pub(crate) shut_down: bool,
    pub(crate) round: RoundFlags,
    pub(crate) reg: RegisterFlags,
    /// The card resolved last in the previous register (for Again).
    pub(crate) last_card: Option<Card>,
    /// The card resolved last in this register.
    pub(crate) this_card: Option<Card>,
    /// SPAM Filter: this card was turned face up on top of the deck.
    pub(crate) face_up_top: Option<CardId>,
    /// Haywires taken into hand by Rewire, which must be programmed.
    pub(crate) must_program: SmallVec<[CardId; 5]>,
}

impl Player {
    pub(crate) fn new(deck: Deck<CardId>, energy: u8, archive: (Pos, Dir)) -> Self {
        Player {
            energy,
            checkpoints: 0,
            deck,
            hand: Vec::with_capacity(12),
            registers: Default::default(),
            permanent: SmallVec::new(),
            temporary: SmallVec::new(),
            uninstalled: Vec::new(),
            loaned: None,
            memory: Vec::new(),
            archive,
            rebooting: None,
            shut_down: false,
            round: RoundFlags::default(),
            reg: RegisterFlags::default(),
            last_card: None,
            this_card: None,
            face_up_top: None,
            must_program: SmallVec::new(),
        }
    }

    /// Energy on the track, 0 to 10.
    #[must_use]
    pub fn energy(&self) -> u8 {
        self.energy
    }

    /// Checkpoints reached so far.
    #[must_use]
    pub fn checkpoints(&self) -> u8 {
        self.checkpoints
    }

    /// The hand.
    #[must_use]
    pub fn hand(&self) -> &[CardId] {
        &self.hand
    }

    /// The registers.
    #[must_use]
    pub fn registers(&self) -> &[Register; REGISTERS] {
        &self.registers
    }

    /// The programming deck (draw and discard piles).
    #[must_use]
    pub fn deck(&self) -> &Deck<CardId> {
        &self.deck
    }

    /// Installed permanent upgrades (a Haywire's free install included).
    pub fn permanent(&self) -> impl Iterator<Item = Upgrade> + '_ {
        self.permanent.iter().copied().chain(self.loaned)
    }

    /// Installed temporary upgrades.
    #[must_use]
    pub fn temporary(&self) -> &[Upgrade] {
        &self.temporary
    }

    /// Upgrades held but not installed.
    #[must_use]
    pub fn uninstalled(&self) -> &[Upgrade] {
        &self.uninstalled
    }

    /// Cards kept on Memory Cards.
    #[must_use]
    pub fn memory(&self) -> &[CardId] {
        &self.memory
    }

    /// The archive token: cell and arrow.
    #[must_use]
    pub fn archive(&self) -> (Pos, Dir) {
        self.archive
    }

    /// The board the robot fell from, while it waits to reboot.
    #[must_use]
    pub fn rebooting(&self) -> Option<BoardId> {
        self.rebooting
    }

    /// Where the player stands in the programming phase.
    #[must_use]
    pub fn program_status(&self) -> ProgramStatus {
        self.round.program
    }

    /// Shut down this round.
    #[must_use]
    pub fn is_shut_down(&self) -> bool {
        self.shut_down
    }

    /// Is `u` installed (permanent, temporary or loaned)?
    #[must_use]
    pub fn has(&self, u: Upgrade) -> bool {
        match u.kind() {
            UpgradeKind::Permanent => self.permanent.contains(&u) || self.loaned == Some(u),
            UpgradeKind::Temporary => self.temporary.contains(&u),
        }
    }

    /// The installed upgrades as a bit set (bit `u as u8` for [`Player::has`]
    /// of `u`), to ask about several upgrades at once.
    pub(crate) fn installed_mask(&self) -> u64 {
        let mut m = 0u64;
        for &u in &self.permanent {
            if u.kind() == UpgradeKind::Permanent {
                m |= u.bit();
            }
        }
        if let Some(u) = self.loaned.filter(|u| u.kind() == UpgradeKind::Permanent) {
            m |= u.bit();
        }
        for &u in &self.temporary {
            if u.kind() == UpgradeKind::Temporary {
                m |= u.bit();
            }
        }
        m
    }

    /// Installed upgrades of one kind (the loaned one excluded).
    pub(crate) fn installed_of(&self, kind: UpgradeKind) -> &SmallVec<[Upgrade; 4]> {
        match kind {
            UpgradeKind::Permanent => &self.permanent,
            UpgradeKind::Temporary => &self.temporary,
        }
    }

    pub(crate) fn installed_of_mut(&mut self, kind: UpgradeKind) -> &mut SmallVec<[Upgrade; 4]> {
        match kind {
            UpgradeKind::Permanent => &mut self.permanent,
            UpgradeKind::Temporary => &mut self.temporary,
        }
    }

    /// Every installed upgrade, permanent first (loaned included).
    pub fn installed(&self) -> impl Iterator<Item = Upgrade> + '_ {
        self.permanent().chain(self.temporary.iter().copied())
    }

    /// Adds energy, capped at [`MAX_ENERGY`]; returns the amount gained.
    pub(crate) fn gain(&mut self, n: u8) -> u8 {
        let before = self.energy;
        self.energy = self.energy.saturating_add(n).min(MAX_ENERGY);
        self.energy - before
    }

    /// The hand size to draw to at the start of programming.
    pub(crate) fn hand_size(&self) -> usize {
        if self.has(Upgrade::FlashDrive) {
            10
        } else {
            9
        }
    }

    /// Every card id the player holds anywhere (for conservation checks).
    pub(crate) fn all_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.deck
            .draw_pile()
            .chain(self.deck.discard_pile())
            .copied()
            .chain(self.hand.iter().copied())
            .chain(self.memory.iter().copied())
            .chain(
                self.registers
                    .iter()
                    .flat_map(|r| r.cards.iter().copied().chain(r.under)),
            )
    }

    /// Every upgrade the player holds, installed or not.
    pub(crate) fn all_upgrades(&self) -> impl Iterator<Item = Upgrade> + '_ {
        self.installed().chain(self.uninstalled.iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::{PlayerId, Rng};

    /// The bit set answers exactly what `has` answers, also for a list
    /// holding an upgrade of the other kind (a hand-made position).
    #[test]
    fn the_installed_bit_set_agrees_with_has() {
        let mut rng = Rng::from_seed(3);
        for _ in 0..200 {
            let deck = Deck::from_top(CardId::deck_of(PlayerId(0)).collect());
            let mut pl = Player::new(deck, 3, (Pos::new(0, 0), Dir::N));
            let mut pick = || Upgrade::ALL[rng.index(Upgrade::ALL.len())];
            for _ in 0..3 {
                pl.permanent.push(pick());
                pl.temporary.push(pick());
            }
            pl.loaned = Some(pick());
            let mask = pl.installed_mask();
            for u in Upgrade::ALL {
                assert_eq!(mask & u.bit() != 0, pl.has(u), "{u} in {pl:?}");
            }
        }
    }
}
