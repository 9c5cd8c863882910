//! The upgrade phase: one draw for 1 energy, one install paying its cost
//! (discarding one of the same kind to make room when 3 are installed),
//! any number of uninstalls, and the temporary upgrades usable then.

use super::{Upgrade, UpgradeUse};
use crate::actions::{Action, Reason};
use crate::events::Event;
use crate::race::Race;
use crate::robot::LIMITS;
use robo_core::race::upgrades::{market_options, Install, Market, MarketChoice, PhaseUse};
use robo_core::PlayerId;

/// The 2023 upgrade phase: a draw costs 1 energy; 3 permanent and 3
/// temporary upgrades; any number of uninstalls.
const MARKET: Market = Market {
    draw_cost: 1,
    limits: LIMITS,
    uninstalls: None,
};

impl Race {
    /// Everything `p` may do in the upgrade phase now, sorted and unique.
    pub(crate) fn upgrade_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let Some(pl) = self.players.get(p.index()) else {
            return;
        };
        if pl.round.upgrades_done {
            return;
        }
        out.push(Action::Done);
        let done = PhaseUse {
            drew: pl.round.drew_upgrade,
            installed: pl.round.installed_upgrade,
            uninstalled: 0,
        };
        let mut choices = Vec::new();
        market_options(
            &MARKET,
            &pl.slots,
            pl.energy,
            done,
            !self.upgrades.is_empty(),
            &mut choices,
        );
        out.extend(choices.into_iter().map(|c| match c {
            MarketChoice::Draw => Action::DrawUpgrade,
            MarketChoice::Install(Install { upgrade, discard }) => {
                Action::Install { upgrade, discard }
            }
            MarketChoice::Uninstall(u) => Action::Uninstall(u),
        }));
        self.anytime_uses(p, out);
        if pl.slots.temporary.contains(&Upgrade::Rewire)
            && self.face_down_haywires(p).next().is_some()
        {
            out.push(Action::Use(UpgradeUse::Rewire));
        }
        out.sort();
        out.dedup();
    }

    /// Face-down Haywires waiting in `p`'s registers.
    pub(crate) fn face_down_haywires(
        &self,
        p: PlayerId,
    ) -> impl Iterator<Item = crate::cards::CardId> + '_ {
        self.players
            .get(p.index())
            .into_iter()
            .flat_map(|pl| pl.registers.iter())
            .filter(|r| !r.revealed)
            .flat_map(|r| r.cards.iter().copied())
            .filter(|c| c.card().is_haywire())
    }

    /// Applies an upgrade-phase action after checking it is one of the options.
    pub(crate) fn upgrade_action(&mut self, p: PlayerId, action: &Action) -> Result<(), Reason> {
        let mut opts = Vec::new();
        self.upgrade_options(p, &mut opts);
        if opts.binary_search(action).is_err() {
            return Err(Reason::NotAnOption(action.clone()));
        }
        let i = p.index();
        match *action {
            Action::Done => self.players[i].round.upgrades_done = true,
            Action::DrawUpgrade => {
                self.pay_energy(p, 1);
                if self.upgrades.needs_reshuffle() {
                    self.upgrades.reshuffle(&mut self.rng);
                }
                if let Some(u) = self.upgrades.draw_no_reshuffle() {
                    self.players[i].slots.uninstalled.push(u);
                }
                self.players[i].round.drew_upgrade = true;
                self.emit(Event::UpgradeDrawn { player: p });
            }
            Action::Install { upgrade, discard } => {
                if let Some(v) = discard {
                    self.discard_installed(p, v);
                }
                self.pay_energy(p, upgrade.cost());
                let pl = &mut self.players[i];
                // The replaced one is discarded above, so the slot has room.
                let _ = pl.slots.install(upgrade, None, LIMITS);
                pl.round.installed_upgrade = true;
                self.emit(Event::UpgradeInstalled {
                    player: p,
                    upgrade,
                    cost: upgrade.cost(),
                });
            }
            Action::Uninstall(v) => self.discard_installed(p, v),
            Action::Use(u) => self.use_now(p, u),
            _ => {}
        }
        Ok(())
    }
}
