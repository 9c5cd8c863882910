//! Legal actions: a full enumeration (sorted by the caller) and a uniform
//! sampler that counts instead of listing where lists get long (attacks,
//! backup moves).

use super::attack::AttackLimits;
use crate::action::{Action, Target};
use crate::card::{Card, CardKind};
use crate::ids::{PieceId, ZoneId, ZoneSet};
use crate::map::PieceKind;
use crate::state::{Conquest, Stage};
use robo_core::{PlayerId, Rng};
use smallvec::SmallVec;

/// Above this many legal actions, `legal_actions` says `TooMany`.
pub(crate) const LIST_LIMIT: usize = 4096;

type Cards = SmallVec<[Option<Card>; 4]>;

impl Conquest {
    /// Who must answer now (`None` when the game is over).
    pub(crate) fn pending_player(&self) -> Option<PlayerId> {
        match &self.stage {
            Stage::Over(_) => None,
            Stage::Defend(b) => self.zones.get(b.to.index()).and_then(|z| z.owner),
            _ => Some(self.turn),
        }
    }

    /// `None` plus each distinct card of `kind` in `p`'s hand.
    fn card_options(&self, p: PlayerId, kind: CardKind) -> Cards {
        let mut out: Cards = SmallVec::new();
        out.push(None);
        for c in Card::ALL {
            if c.kind() == kind && self.holds(p, c) {
                out.push(Some(c));
            }
        }
        out
    }

    fn attack_groups(&self, p: PlayerId) -> SmallVec<[(ZoneId, ZoneId, AttackLimits); 32]> {
        let enemies = self.enemy_zones(p);
        let mut out = SmallVec::new();
        for from in self.ps(p).held {
            if self.strength(from) < 2 {
                continue;
            }
            for to in self.neighbours(from).and(enemies) {
                if let Ok(lim) = self.attack_limits(p, from, to) {
                    out.push((from, to, lim));
                }
            }
        }
        out
    }

    /// Ways to move robots out of `from` keeping one: (robots, leader).
    fn move_combos(&self, p: PlayerId, from: ZoneId) -> usize {
        let r = usize::from(self.zones[from.index()].robots);
        if self.ps(p).leader_at == Some(from) {
            2 * r
        } else {
            r.saturating_sub(1)
        }
    }

    fn move_combo(&self, p: PlayerId, from: ZoneId, k: usize) -> (u8, bool) {
        let r = usize::from(self.zones[from.index()].robots);
        if self.ps(p).leader_at == Some(from) && k >= r {
            ((k - r) as u8, true)
        } else {
            ((k + 1) as u8, false)
        }
    }

    fn backup_groups(&self, p: PlayerId) -> SmallVec<[(ZoneId, ZoneSet, usize); 32]> {
        let mut out = SmallVec::new();
        for from in self.ps(p).held {
            if !self.can_give(p, from) {
                continue;
            }
            let targets = self.backup_targets(p, from);
            if !targets.is_empty() {
                out.push((from, targets, self.move_combos(p, from)));
            }
        }
        out
    }

    /// Number of legal actions of `p`.
    pub(crate) fn count_actions(&self, p: PlayerId) -> usize {
        if self.pending_player() != Some(p) {
            return 0;
        }
        match self.stage {
            Stage::Attack => {
                let cards = self.card_options(p, CardKind::Attack).len();
                1 + self
                    .attack_groups(p)
                    .iter()
                    .map(|(_, _, l)| usize::from(l.max_dice) * if l.leader { 2 } else { 1 } * cards)
                    .sum::<usize>()
            }
            Stage::Backup { .. } => {
                1 + usize::from(self.holds(p, Card::RapidTransit))
                    + self.backup_groups(p).iter().map(|(_, t, c)| t.len() * c).sum::<usize>()
            }
            _ => {
                let mut n = 0;
                self.for_each_action(p, &mut |_| n += 1);
                n
            }
        }
    }

    /// Calls `f` with every legal action of `p` (in no particular order).
    pub(crate) fn for_each_action(&self, p: PlayerId, f: &mut impl FnMut(Action)) {
        if self.pending_player() != Some(p) {
            return;
        }
        let st = self.ps(p);
        match self.stage {
            Stage::Claim => self.empty_zones().iter().for_each(|z| f(Action::Place(z))),
            Stage::SetupPlace => st.held.iter().for_each(|z| f(Action::Place(z))),
            Stage::Place => {
                st.held.iter().for_each(|z| f(Action::Place(z)));
                for card in self.card_options(p, CardKind::Robots).into_iter().flatten() {
                    f(Action::Play { card, target: Target::None });
                }
            }
            Stage::Morph { transformed } => {
                if !transformed && st.leader_at.is_some() {
                    f(Action::Transform);
                }
                for (card, kind) in [(Card::SpaceBridge, PieceKind::Rotating), (Card::SeismicShift, PieceKind::Sliding)]
                {
                    if !self.holds(p, card) {
                        continue;
                    }
                    for (i, piece) in self.map.pieces().iter().enumerate().filter(|(_, pc)| pc.kind == kind) {
                        let at = self.pieces.get(i).copied().unwrap_or(0);
                        for position in piece.steps_from(at) {
                            f(Action::Play { card, target: Target::Piece { piece: PieceId(i as u8), position } });
                        }
                    }
                }
                if self.holds(p, Card::Transwarp) {
                    for z in self.transwarp_targets(p) {
                        f(Action::Play { card: Card::Transwarp, target: Target::Zone(z) });
                    }
                }
                f(Action::Done);
            }
            Stage::Attack => {
                let cards = self.card_options(p, CardKind::Attack);
                for (from, to, lim) in self.attack_groups(p) {
                    for &card in &cards {
                        for leader in [false, true].into_iter().filter(|&l| !l || lim.leader) {
                            for dice in 1..=lim.max_dice {
                                f(Action::Attack { from, to, dice, leader, card });
                            }
                        }
                    }
                }
                f(Action::Done);
            }
            Stage::Defend(b) => {
                let lim = self.defence_limits(&b);
                for card in self.card_options(p, CardKind::Defence) {
                    for dice in 1..=lim.max_dice {
                        if dice <= lim.robots {
                            f(Action::Defend { dice, leader: false, card });
                        }
                        if lim.leader {
                            f(Action::Defend { dice, leader: true, card });
                        }
                    }
                }
            }
            Stage::MoveIn { from, .. } => {
                for k in 0..self.move_combos(p, from) {
                    let (robots, leader) = self.move_combo(p, from, k);
                    f(Action::MoveIn { robots, leader });
                }
            }
            Stage::Backup { .. } => {
                for (from, targets, combos) in self.backup_groups(p) {
                    for to in targets {
                        for k in 0..combos {
                            let (robots, leader) = self.move_combo(p, from, k);
                            f(Action::Backup { from, to, robots, leader });
                        }
                    }
                }
                if self.holds(p, Card::RapidTransit) {
                    f(Action::Play { card: Card::RapidTransit, target: Target::None });
                }
                f(Action::Done);
            }
            Stage::Over(_) => {}
        }
    }

    /// A uniformly random legal action of `p`, drawn from `rng`.
    pub(crate) fn sample(&self, p: PlayerId, rng: &mut Rng) -> Option<Action> {
        if self.pending_player() != Some(p) {
            return None;
        }
        match self.stage {
            Stage::Attack => {
                let cards = self.card_options(p, CardKind::Attack);
                let groups = self.attack_groups(p);
                let weight = |l: &AttackLimits| usize::from(l.max_dice) * if l.leader { 2 } else { 1 } * cards.len();
                let total = 1 + groups.iter().map(|(_, _, l)| weight(l)).sum::<usize>();
                let mut k = rng.index(total);
                for (from, to, lim) in groups {
                    let w = weight(&lim);
                    if k < w {
                        let dice = (k % usize::from(lim.max_dice)) as u8 + 1;
                        k /= usize::from(lim.max_dice);
                        let (leader, k) = if lim.leader { (k % 2 == 1, k / 2) } else { (false, k) };
                        let card = cards.get(k).copied().flatten();
                        return Some(Action::Attack { from, to, dice, leader, card });
                    }
                    k -= w;
                }
                Some(Action::Done)
            }
            Stage::Backup { .. } => {
                let groups = self.backup_groups(p);
                let transit = usize::from(self.holds(p, Card::RapidTransit));
                let total = 1 + transit + groups.iter().map(|(_, t, c)| t.len() * c).sum::<usize>();
                let mut k = rng.index(total);
                for (from, targets, combos) in groups {
                    let w = targets.len() * combos;
                    if k < w {
                        let to = targets.nth(k / combos)?;
                        let (robots, leader) = self.move_combo(p, from, k % combos);
                        return Some(Action::Backup { from, to, robots, leader });
                    }
                    k -= w;
                }
                Some(if k < transit {
                    Action::Play { card: Card::RapidTransit, target: Target::None }
                } else {
                    Action::Done
                })
            }
            _ => {
                let mut all: SmallVec<[Action; 64]> = SmallVec::new();
                self.for_each_action(p, &mut |a| all.push(a));
                let i = rng.index(all.len());
                all.get(i).copied()
            }
        }
    }
}
