//! Upgrade slots and the upgrade market: what a robot has installed, what
//! it holds uninstalled, what it may install now and what the upgrade
//! phase offers. The limits are data ([`Limits`]): 2023 allows 3 permanent
//! and 3 temporary upgrades, Transformers 4 permanent (personal ones
//! included) and 3 temporary.
//!
//! An edition's upgrade card implements [`UpgradeCard`] (which slot it
//! takes, its cost, its bit in a set); a robot keeps a [`Slots`]; the
//! upgrade phase lists its choices with [`market_options`] and carries them
//! out with [`Slots::install`] and [`Slots::remove_installed`].
//!
//! ```
//! use robo_core::race::upgrades::{market_options, Install, Limits, Market, MarketChoice, PhaseUse, Slot, Slots, UpgradeCard};
//! #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
//! enum Card { Shield, Boots, Bomb }
//! impl UpgradeCard for Card {
//!     fn slot(self) -> Slot { if self == Card::Bomb { Slot::Temporary } else { Slot::Permanent } }
//!     fn cost(self) -> u8 { 2 }
//!     fn bit(self) -> u64 { 1 << self as u8 }
//! }
//! let market = Market { draw_cost: 1, limits: Limits { permanent: 1, temporary: 1 }, uninstalls: Some(1) };
//! let mut slots = Slots::default();
//! slots.uninstalled = vec![Card::Shield, Card::Boots];
//! assert_eq!(slots.install(Card::Shield, None, market.limits), Ok(None));
//! assert!(slots.has(Card::Shield) && slots.mask() == Card::Shield.bit());
//! // The permanent slot is full: Boots goes in only in place of Shield.
//! let mut out = Vec::new();
//! market_options(&market, &slots, 5, PhaseUse::default(), true, &mut out);
//! assert!(out.contains(&MarketChoice::Install(Install { upgrade: Card::Boots, discard: Some(Card::Shield) })));
//! assert!(out.contains(&MarketChoice::Draw) && out.contains(&MarketChoice::Uninstall(Card::Shield)));
//! ```

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use thiserror::Error;

/// Which kind of slot an upgrade takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Slot {
    /// Stays installed (Transformers personal upgrades too).
    Permanent,
    /// Used, then discarded.
    Temporary,
}

/// What the slots need to know of an edition's upgrade card.
pub trait UpgradeCard: Copy + PartialEq {
    /// The slot it takes.
    fn slot(self) -> Slot;
    /// Energy it costs to install.
    fn cost(self) -> u8;
    /// Its bit in a set of upgrades (distinct for each card, below 64).
    fn bit(self) -> u64;
}

/// How many upgrades of each slot a robot may have installed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Limits {
    /// Permanent upgrades.
    pub permanent: u8,
    /// Temporary upgrades.
    pub temporary: u8,
}

impl Limits {
    /// The limit of one slot.
    #[must_use]
    pub const fn of(self, slot: Slot) -> usize {
        match slot {
            Slot::Permanent => self.permanent as usize,
            Slot::Temporary => self.temporary as usize,
        }
    }
}

/// The rules of an upgrade phase: the price of a draw, the limits, and
/// how many uninstalls a phase allows (`None`: any number). Each robot
/// draws at most once and installs at most once per phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Market {
    /// Energy a draw costs.
    pub draw_cost: u8,
    /// Installed upgrades allowed.
    pub limits: Limits,
    /// Uninstalls allowed per phase (`None`: any number).
    pub uninstalls: Option<u8>,
}

/// What a robot did in this upgrade phase so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PhaseUse {
    /// Drew an upgrade.
    pub drew: bool,
    /// Installed an upgrade.
    pub installed: bool,
    /// Uninstalls made.
    pub uninstalled: u8,
}

/// An install: the upgrade, and the installed one of its slot it replaces
/// when the slot is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Install<U> {
    /// The upgrade installed.
    pub upgrade: U,
    /// The one it replaces.
    pub discard: Option<U>,
}

/// One choice of the upgrade phase (besides being done).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MarketChoice<U> {
    /// Draw an upgrade for [`Market::draw_cost`].
    Draw,
    /// Install one, paying its cost.
    Install(Install<U>),
    /// Uninstall one.
    Uninstall(U),
}

/// An install the slots refuse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum SlotError {
    /// The upgrade is not held uninstalled.
    #[error("that upgrade is not held uninstalled")]
    NotHeld,
    /// The slot is full and nothing is replaced.
    #[error("the slot is full: name an installed upgrade to replace")]
    Full,
    /// The upgrade named to replace is not installed in that slot.
    #[error("the upgrade to replace is not installed in that slot")]
    NotInstalled,
}

/// A robot's upgrades: installed in each slot, and held uninstalled.
/// Saved as three lists (`permanent`, `temporary`, `uninstalled`), so an
/// edition may flatten it into its player's record.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(bound(serialize = "U: Serialize", deserialize = "U: Deserialize<'de>"))]
pub struct Slots<U> {
    /// Installed permanent upgrades, in the order installed.
    pub permanent: SmallVec<[U; 4]>,
    /// Installed temporary upgrades, in the order installed.
    pub temporary: SmallVec<[U; 4]>,
    /// Upgrades held but not installed.
    pub uninstalled: Vec<U>,
}

impl<U> Default for Slots<U> {
    fn default() -> Self {
        Slots {
            permanent: SmallVec::new(),
            temporary: SmallVec::new(),
            uninstalled: Vec::new(),
        }
    }
}

impl<U: UpgradeCard> Slots<U> {
    /// The installed upgrades of one slot.
    #[must_use]
    pub fn installed_of(&self, slot: Slot) -> &SmallVec<[U; 4]> {
        match slot {
            Slot::Permanent => &self.permanent,
            Slot::Temporary => &self.temporary,
        }
    }

    /// The installed upgrades of one slot, to change.
    pub fn installed_of_mut(&mut self, slot: Slot) -> &mut SmallVec<[U; 4]> {
        match slot {
            Slot::Permanent => &mut self.permanent,
            Slot::Temporary => &mut self.temporary,
        }
    }

    /// Every installed upgrade, permanent first.
    pub fn installed(&self) -> impl Iterator<Item = U> + '_ {
        self.permanent.iter().chain(self.temporary.iter()).copied()
    }

    /// Every upgrade held, installed or not.
    pub fn all(&self) -> impl Iterator<Item = U> + '_ {
        self.installed().chain(self.uninstalled.iter().copied())
    }

    /// Is `u` installed (in the slot it belongs in)?
    #[must_use]
    pub fn has(&self, u: U) -> bool {
        self.installed_of(u.slot()).contains(&u)
    }

    /// The installed upgrades as a bit set: bit `u.bit()` exactly when
    /// [`Slots::has`] says yes for `u`.
    #[must_use]
    pub fn mask(&self) -> u64 {
        let of = |list: &[U], slot: Slot| {
            list.iter()
                .filter(|u| u.slot() == slot)
                .fold(0, |m, u| m | u.bit())
        };
        of(&self.permanent, Slot::Permanent) | of(&self.temporary, Slot::Temporary)
    }

    /// Installs `u` (held uninstalled), replacing `discard` when its slot
    /// is full; returns the replaced upgrade (no longer held: the edition
    /// discards it). Paying is the edition's business.
    ///
    /// # Errors
    /// [`SlotError`]; the slots are unchanged then.
    pub fn install(
        &mut self,
        u: U,
        discard: Option<U>,
        limits: Limits,
    ) -> Result<Option<U>, SlotError> {
        let held = self
            .uninstalled
            .iter()
            .position(|x| *x == u)
            .ok_or(SlotError::NotHeld)?;
        let slot = u.slot();
        let list = self.installed_of(slot);
        let at = match discard {
            Some(d) => Some(
                list.iter()
                    .position(|x| *x == d)
                    .ok_or(SlotError::NotInstalled)?,
            ),
            None if list.len() >= limits.of(slot) => return Err(SlotError::Full),
            None => None,
        };
        self.uninstalled.remove(held);
        let list = self.installed_of_mut(slot);
        let replaced = at.map(|i| list.remove(i));
        list.push(u);
        Ok(replaced)
    }

    /// Takes an installed upgrade out of its slot (it is no longer held:
    /// the edition discards it or keeps it aside). `false` when it was not
    /// installed.
    pub fn remove_installed(&mut self, u: U) -> bool {
        let list = self.installed_of_mut(u.slot());
        match list.iter().position(|x| *x == u) {
            Some(i) => {
                list.remove(i);
                true
            }
            None => false,
        }
    }

    /// Every install `energy` pays for now: each upgrade held uninstalled
    /// (once per copy held) into a free slot, or in place of each upgrade
    /// of a full slot.
    pub fn install_options(
        &self,
        limits: Limits,
        energy: u8,
        mut allowed: impl FnMut(U) -> bool,
        out: &mut Vec<Install<U>>,
    ) {
        for &u in &self.uninstalled {
            if energy < u.cost() || !allowed(u) {
                continue;
            }
            let installed = self.installed_of(u.slot());
            if installed.len() < limits.of(u.slot()) {
                out.push(Install {
                    upgrade: u,
                    discard: None,
                });
            } else {
                out.extend(installed.iter().map(|&v| Install {
                    upgrade: u,
                    discard: Some(v),
                }));
            }
        }
    }
}

/// The choices of an upgrade phase for a robot with `energy`, after
/// `done` so far: a draw if it can pay and has not drawn (and `can_draw`:
/// the upgrade deck has a card), each install it can pay if it has not
/// installed, and an uninstall of each installed upgrade while uninstalls
/// are left. Unsorted; repeats possible (an edition sorts its own actions).
pub fn market_options<U: UpgradeCard>(
    market: &Market,
    slots: &Slots<U>,
    energy: u8,
    done: PhaseUse,
    can_draw: bool,
    out: &mut Vec<MarketChoice<U>>,
) {
    if !done.drew && energy >= market.draw_cost && can_draw {
        out.push(MarketChoice::Draw);
    }
    if !done.installed {
        let mut installs = Vec::new();
        slots.install_options(market.limits, energy, |_| true, &mut installs);
        out.extend(installs.into_iter().map(MarketChoice::Install));
    }
    if market.uninstalls.is_none_or(|n| done.uninstalled < n) {
        out.extend(slots.installed().map(MarketChoice::Uninstall));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Card(u8);
    impl UpgradeCard for Card {
        fn slot(self) -> Slot {
            if self.0 < 10 {
                Slot::Permanent
            } else {
                Slot::Temporary
            }
        }
        fn cost(self) -> u8 {
            self.0 % 4
        }
        fn bit(self) -> u64 {
            1 << self.0
        }
    }

    #[test]
    fn installs_fill_slots_to_their_limit_then_replace_and_refusals_change_nothing() {
        let limits = Limits {
            permanent: 2,
            temporary: 1,
        };
        let mut s = Slots {
            uninstalled: vec![Card(1), Card(2), Card(3), Card(11), Card(12)],
            ..Slots::default()
        };
        assert_eq!(s.install(Card(1), None, limits), Ok(None));
        assert_eq!(s.install(Card(2), None, limits), Ok(None));
        let before = s.clone();
        assert_eq!(s.install(Card(3), None, limits), Err(SlotError::Full));
        assert_eq!(
            s.install(Card(3), Some(Card(11)), limits),
            Err(SlotError::NotInstalled)
        );
        assert_eq!(s.install(Card(9), None, limits), Err(SlotError::NotHeld));
        assert_eq!(s, before);
        assert_eq!(s.install(Card(3), Some(Card(1)), limits), Ok(Some(Card(1))));
        assert_eq!(s.install(Card(11), None, limits), Ok(None));
        assert!(s.has(Card(3)) && s.has(Card(11)) && !s.has(Card(1)));
        assert_eq!(s.mask(), (1 << 2) | (1 << 3) | (1 << 11));
        assert!(s.remove_installed(Card(11)) && !s.remove_installed(Card(11)));
        assert_eq!(s.all().count(), 3);
    }

    #[test]
    fn the_market_offers_one_draw_one_install_and_the_allowed_uninstalls() {
        let market = Market {
            draw_cost: 1,
            limits: Limits {
                permanent: 1,
                temporary: 3,
            },
            uninstalls: Some(1),
        };
        let mut s = Slots {
            permanent: SmallVec::from_slice(&[Card(4)]),
            uninstalled: vec![Card(5), Card(3)],
            ..Slots::default()
        };
        let mut out = Vec::new();
        market_options(&market, &s, 1, PhaseUse::default(), true, &mut out);
        // Card(3) costs 3: too dear; Card(5) costs 1 and must replace Card(4).
        assert_eq!(
            out,
            [
                MarketChoice::Draw,
                MarketChoice::Install(Install {
                    upgrade: Card(5),
                    discard: Some(Card(4))
                }),
                MarketChoice::Uninstall(Card(4)),
            ]
        );
        out.clear();
        let done = PhaseUse {
            drew: true,
            installed: true,
            uninstalled: 1,
        };
        market_options(&market, &s, 9, done, true, &mut out);
        assert!(out.is_empty());
        s.uninstalled.clear();
        out.clear();
        let any = Market {
            uninstalls: None,
            ..market
        };
        market_options(&any, &s, 0, done, false, &mut out);
        assert_eq!(out, [MarketChoice::Uninstall(Card(4))]);
    }
}
