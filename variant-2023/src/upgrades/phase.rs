//! The upgrade phase: one draw for 1 energy, one install paying its cost
//! (discarding one of the same kind to make room when 3 are installed),
//! any number of uninstalls, and the temporary upgrades usable then.

use super::{Upgrade, UpgradeUse};
use crate::actions::{Action, Reason};
use crate::events::Event;
use crate::race::Race;
use crate::robot::MAX_INSTALLED;
use robo_core::PlayerId;

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
        if !pl.round.drew_upgrade && pl.energy >= 1 && !self.upgrades.is_empty() {
            out.push(Action::DrawUpgrade);
        }
        if !pl.round.installed_upgrade {
            for &u in &pl.uninstalled {
                if pl.energy < u.cost() {
                    continue;
                }
                let installed = pl.installed_of(u.kind());
                if installed.len() < MAX_INSTALLED {
                    out.push(Action::Install {
                        upgrade: u,
                        discard: None,
                    });
                } else {
                    out.extend(installed.iter().map(|&v| Action::Install {
                        upgrade: u,
                        discard: Some(v),
                    }));
                }
            }
        }
        out.extend(
            pl.permanent
                .iter()
                .chain(pl.temporary.iter())
                .map(|&v| Action::Uninstall(v)),
        );
        self.anytime_uses(p, out);
        if pl.temporary.contains(&Upgrade::Rewire) && self.face_down_haywires(p).next().is_some() {
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
                    self.players[i].uninstalled.push(u);
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
                pl.uninstalled.retain(|u| *u != upgrade);
                pl.installed_of_mut(upgrade.kind()).push(upgrade);
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
