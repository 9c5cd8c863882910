//! A player's robot and everything on the player mat: energy, checkpoint
//! track, programming deck, hand, registers and upgrades.

use crate::cards::{Card, CardId};
use crate::upgrades::{Upgrade, UpgradeKind};
use robo_core::board::BoardId;
use robo_core::geom::{Dir, Pos};
use robo_core::race::upgrades::{Limits, Slots};
use robo_core::Deck;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// The most energy a robot can store.
pub const MAX_ENERGY: u8 = 10;
/// Installed upgrades of each kind a robot may have (3 permanent, 3
/// temporary).
pub const LIMITS: Limits = Limits {
    permanent: 3,
    temporary: 3,
};
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

/// Where a robot stands in the round: the one answer to "is it on the
/// board", "does it run its program" and "is it waiting to reboot".
///
/// A fall makes it [`Fallen`](Status::Fallen) for the rest of that round;
/// the next round begins with it [`Rebooting`](Status::Rebooting), and it
/// comes back when its turn comes in register 1. A robot that falls in
/// register 1 before its own turn therefore stays off the board until the
/// next round.
///
/// ```
/// use robo_core::board::BoardId;
/// use variant_2023::robot::Status;
/// let fell = Status::Fallen(BoardId(1));
/// assert!(!fell.on_board() && !fell.returns_in(1));
/// let next = fell.next_round();
/// assert_eq!(next, Status::Rebooting(BoardId(1)));
/// assert!(next.returns_in(1) && !next.returns_in(2));
/// assert_eq!(Status::ShutDown.next_round(), Status::Running);
/// assert!(Status::ShutDown.on_board() && !Status::ShutDown.powered());
/// ```
///
/// Saved as the fields saves had before it existed (`rebooting`, the board
/// or `null`; `shut_down`), plus `fell_this_round` for a robot that fell
/// this round, written only when true: an older save reads back as it was
/// meant, a waiting robot as [`Rebooting`](Status::Rebooting).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "StatusFields", into = "StatusFields")]
pub enum Status {
    /// On the board, running its program (also a robot not yet placed at
    /// the start of the game).
    #[default]
    Running,
    /// On the board, shut down for this round: it resolves no cards, fires
    /// no weapons, collects no energy and reaches no checkpoint, but is
    /// pushed, conveyed and shot.
    ShutDown,
    /// Fell from this board this round: off the board until the next round.
    Fallen(BoardId),
    /// Fell from this board in an earlier round: comes back when its turn
    /// comes in register 1.
    Rebooting(BoardId),
}

impl Status {
    /// On the board (running or shut down).
    #[must_use]
    pub fn on_board(self) -> bool {
        matches!(self, Status::Running | Status::ShutDown)
    }

    /// Running: it resolves its cards, fires, collects energy and reaches
    /// checkpoints.
    #[must_use]
    pub fn powered(self) -> bool {
        self == Status::Running
    }

    /// The board it fell from, while it is off the board.
    #[must_use]
    pub fn fell_from(self) -> Option<BoardId> {
        match self {
            Status::Fallen(b) | Status::Rebooting(b) => Some(b),
            Status::Running | Status::ShutDown => None,
        }
    }

    /// Does it come back on the board when its turn comes in `register`?
    #[must_use]
    pub fn returns_in(self, register: u8) -> bool {
        matches!(self, Status::Rebooting(_)) && register == 1
    }

    /// What it is when the next round begins: a shutdown ends, a robot
    /// that fell waits to reboot.
    #[must_use]
    pub fn next_round(self) -> Status {
        match self {
            Status::Running | Status::ShutDown => Status::Running,
            Status::Fallen(b) | Status::Rebooting(b) => Status::Rebooting(b),
        }
    }
}

/// [`Status`] as saved: the fields of the saves written before it.
#[derive(Clone, Copy, Serialize, Deserialize)]
struct StatusFields {
    /// The board fallen from, while off the board.
    rebooting: Option<BoardId>,
    /// Shut down.
    shut_down: bool,
    /// Fell this round (not written when false).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    fell_this_round: bool,
}

impl From<StatusFields> for Status {
    fn from(f: StatusFields) -> Status {
        match f.rebooting {
            Some(b) if f.fell_this_round => Status::Fallen(b),
            Some(b) => Status::Rebooting(b),
            None if f.shut_down => Status::ShutDown,
            None => Status::Running,
        }
    }
}

impl From<Status> for StatusFields {
    fn from(s: Status) -> StatusFields {
        StatusFields {
            rebooting: s.fell_from(),
            shut_down: s == Status::ShutDown,
            fell_this_round: matches!(s, Status::Fallen(_)),
        }
    }
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
    /// Damage was due with the damage deck and its discard pile both empty:
    /// no damage for the rest of this register. (Not written while false,
    /// so saves from before it read and write as they did.)
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_damage: bool,
}

/// A player: the robot's state off the grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub(crate) energy: u8,
    pub(crate) checkpoints: u8,
    pub(crate) deck: Deck<CardId>,
    pub(crate) hand: Vec<CardId>,
    pub(crate) registers: [Register; REGISTERS],
    /// Installed and uninstalled upgrades (saved as the three lists
    /// `permanent`, `temporary`, `uninstalled`).
    #[serde(flatten)]
    pub(crate) slots: Slots<Upgrade>,
    /// Installed for free by a Haywire until the end of the round.
    pub(crate) loaned: Option<Upgrade>,
    pub(crate) memory: Vec<CardId>,
    pub(crate) archive: (Pos, Dir),
    /// On the board, shut down, or off it waiting to reboot.
    #[serde(flatten)]
    pub(crate) status: Status,
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
            slots: Slots::default(),
            loaned: None,
            memory: Vec::new(),
            archive,
            status: Status::Running,
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
        self.slots.permanent.iter().copied().chain(self.loaned)
    }

    /// Installed temporary upgrades.
    #[must_use]
    pub fn temporary(&self) -> &[Upgrade] {
        &self.slots.temporary
    }

    /// Upgrades held but not installed.
    #[must_use]
    pub fn uninstalled(&self) -> &[Upgrade] {
        &self.slots.uninstalled
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

    /// The board the robot fell from, while it is off the board waiting to
    /// reboot (this round or the next).
    #[must_use]
    pub fn rebooting(&self) -> Option<BoardId> {
        self.status.fell_from()
    }

    /// On the board, shut down, or off it waiting to reboot.
    #[must_use]
    pub fn status(&self) -> Status {
        self.status
    }

    /// Where the player stands in the programming phase.
    #[must_use]
    pub fn program_status(&self) -> ProgramStatus {
        self.round.program
    }

    /// Shut down this round.
    #[must_use]
    pub fn is_shut_down(&self) -> bool {
        self.status == Status::ShutDown
    }

    /// Is `u` installed (permanent, temporary or loaned)?
    #[must_use]
    pub fn has(&self, u: Upgrade) -> bool {
        self.slots.has(u) || (u.kind() == UpgradeKind::Permanent && self.loaned == Some(u))
    }

    /// The installed upgrades as a bit set (bit `u as u8` for [`Player::has`]
    /// of `u`), to ask about several upgrades at once.
    // Every card turn and weapon turn asks: never a call.
    #[inline(always)]
    pub(crate) fn installed_mask(&self) -> u64 {
        // Most robots have none (every robot weapon and card turn asks).
        if self.loaned.is_none()
            && self.slots.permanent.is_empty()
            && self.slots.temporary.is_empty()
        {
            return 0;
        }
        let loaned = self
            .loaned
            .filter(|u| u.kind() == UpgradeKind::Permanent)
            .map_or(0, Upgrade::bit);
        self.slots.mask() | loaned
    }

    /// Installed upgrades of one kind (the loaned one excluded).
    pub(crate) fn installed_of(&self, kind: UpgradeKind) -> &SmallVec<[Upgrade; 4]> {
        self.slots.installed_of(kind.slot())
    }

    pub(crate) fn installed_of_mut(&mut self, kind: UpgradeKind) -> &mut SmallVec<[Upgrade; 4]> {
        self.slots.installed_of_mut(kind.slot())
    }

    /// Every installed upgrade, permanent first (loaned included).
    pub fn installed(&self) -> impl Iterator<Item = Upgrade> + '_ {
        self.permanent().chain(self.slots.temporary.iter().copied())
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
        self.installed()
            .chain(self.slots.uninstalled.iter().copied())
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
                pl.slots.permanent.push(pick());
                pl.slots.temporary.push(pick());
            }
            pl.loaned = Some(pick());
            let mask = pl.installed_mask();
            for u in Upgrade::ALL {
                assert_eq!(mask & u.bit() != 0, pl.has(u), "{u} in {pl:?}");
            }
        }
    }
}
