//! Damage: drawing SPAM and Haywire cards one at a time, Deflector Shield,
//! and where each card goes.

use crate::actions::{Action, Decision};
use crate::events::{Drawn, Event, Source};
use crate::race::Race;
use crate::task::Flow;
use crate::upgrades::Upgrade;
use robo_core::PlayerId;

impl Race {
    /// Deflector Shield's options: pay or not (only offered with energy).
    pub(crate) fn shield_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::Shield(false));
        if self.players.get(p.index()).is_some_and(|pl| pl.energy >= 1) {
            out.push(Action::Shield(true));
        }
    }

    /// Damage for `p`: drawn now, or queued in `tasks` when Deflector Shield
    /// may be asked about.
    pub(crate) fn hurt(
        &mut self,
        p: PlayerId,
        amount: u8,
        source: Source,
        tasks: &mut smallvec::SmallVec<[crate::task::Task; 8]>,
    ) {
        if matches!(source, Source::BoardLaser | Source::Weapon)
            && self.has(p, Upgrade::DeflectorShield)
        {
            tasks.push(crate::task::Task::Damage {
                player: p,
                amount,
                source,
            });
        } else {
            let _ = self.damage(p, amount, source, None);
        }
    }

    /// `amount` damage cards for `p`. Laser and weapon damage may be
    /// stopped by Deflector Shield, for the rest of the register.
    pub(crate) fn damage(
        &mut self,
        p: PlayerId,
        amount: u8,
        source: Source,
        answer: Option<&Action>,
    ) -> Flow {
        if amount == 0 || p.index() >= self.players.len() {
            return Flow::Next;
        }
        if self.players[p.index()].reg.no_damage {
            self.emit(Event::NoDamageLeft { player: p });
            return Flow::Next;
        }
        let shieldable = matches!(source, Source::BoardLaser | Source::Weapon);
        if shieldable && self.players[p.index()].reg.shielded {
            self.emit(Event::Shielded { player: p });
            return Flow::Next;
        }
        match answer {
            None if shieldable
                && self.has(p, Upgrade::DeflectorShield)
                && self.players[p.index()].energy >= 1 =>
            {
                return Flow::Wait(p, Decision::Shield);
            }
            Some(Action::Shield(true)) if self.players[p.index()].energy >= 1 => {
                self.pay_energy(p, 1);
                self.players[p.index()].reg.shielded = true;
                self.emit(Event::UpgradeUsed {
                    player: p,
                    upgrade: Upgrade::DeflectorShield,
                });
                self.emit(Event::Shielded { player: p });
                return Flow::Next;
            }
            _ => {}
        }
        for _ in 0..amount {
            if !self.draw_damage(p, source) {
                break;
            }
        }
        Flow::Next
    }

    /// Draws one damage card for `p`: SPAM to the discard pile, Haywire
    /// face down under the current register (one per register; others to
    /// the damage discard). `false` when there was nothing to draw: the
    /// damage deck and its discard pile were both empty, now or earlier in
    /// this register, and `p` takes no damage for the rest of the register
    /// (a card discarded meanwhile is not drawn).
    pub(crate) fn draw_damage(&mut self, p: PlayerId, source: Source) -> bool {
        if self
            .players
            .get(p.index())
            .is_some_and(|pl| pl.reg.no_damage)
        {
            self.emit(Event::NoDamageLeft { player: p });
            return false;
        }
        if self.damage.needs_reshuffle() {
            self.emit(Event::DamageDeckShuffled);
        }
        let Some(c) = self.damage.draw(&mut self.rng) else {
            if let Some(pl) = self.players.get_mut(p.index()) {
                pl.reg.no_damage = true;
            }
            self.emit(Event::NoDamageLeft { player: p });
            return false;
        };
        let r = self.reg_index();
        let register = u8::try_from(r + 1).unwrap_or(1);
        let Some(pl) = self.players.get_mut(p.index()) else {
            return false;
        };
        let drawn = if !c.card().is_haywire() {
            pl.deck.discard(c);
            Drawn::Spam
        } else if pl.registers[r].under.is_none() {
            pl.registers[r].under = Some(c);
            Drawn::HaywireUnder(register)
        } else {
            self.damage.discard(c);
            Drawn::HaywireDiscarded(c.card())
        };
        if source == Source::BoardLaser {
            pl.reg.board_laser_damaged = true;
        }
        self.emit(Event::Damaged {
            player: p,
            drawn,
            source,
        });
        true
    }
}
