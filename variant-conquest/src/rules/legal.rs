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

fn attack_weight(l: &AttackLimits, cards: usize) -> usize {
    usize::from(l.max_dice) * if l.leader { 2 } else { 1 } * cards
}

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

    /// `None` plus each distinct card of `kind` in `p`'s hand, in card order.
    fn card_options(&self, p: PlayerId, kind: CardKind) -> Cards {
        let mut seen = 0u16;
        for &c in &self.ps(p).hand {
            if c.kind() == kind {
                seen |= 1 << (c as u16);
            }
        }
        let mut out: Cards = SmallVec::new();
        out.push(None);
        while seen != 0 {
            let i = seen.trailing_zeros() as usize;
            seen &= seen - 1;
            out.extend(Card::ALL.get(i).map(|&c| Some(c)));
        }
        out
    }

    /// Calls `f` with every (from, to, limits) attack `p` can make, until
    /// `f` returns `true`. Fast path of [`Conquest::attack_limits`]: the
    /// same rules, with the zone checks done by bitsets.
    pub(crate) fn visit_attacks(
        &self,
        p: PlayerId,
        mut f: impl FnMut(ZoneId, ZoneId, AttackLimits) -> bool,
    ) {
        let enemies = self.enemy_zones(p);
        let st = self.ps(p);
        let roadblock = self.roadblock_zone();
        for from in st.held {
            let targets = self.neighbours(from).and(enemies);
            if targets.is_empty() {
                continue;
            }
            let robots = self.zones[from.index()].robots;
            let leader = st.leader_at == Some(from);
            let max = if leader {
                robots
            } else {
                robots.saturating_sub(1)
            }
            .min(3);
            if max == 0 {
                continue;
            }
            for to in targets {
                let max_dice = if Some(to) == roadblock {
                    max.min(2)
                } else {
                    max
                };
                if f(from, to, AttackLimits { max_dice, leader }) {
                    return;
                }
            }
        }
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

    /// Calls `f` with every (from, targets, ways) backup group of `p`, until
    /// `f` returns `true`.
    fn visit_backups(&self, p: PlayerId, mut f: impl FnMut(ZoneId, ZoneSet, usize) -> bool) {
        for from in self.ps(p).held {
            let combos = self.move_combos(p, from);
            if combos == 0 {
                continue;
            }
            let targets = self.backup_targets(p, from);
            if !targets.is_empty() && f(from, targets, combos) {
                return;
            }
        }
    }

    /// Number of legal actions of `p`.
    pub(crate) fn count_actions(&self, p: PlayerId) -> usize {
        if self.pending_player() != Some(p) {
            return 0;
        }
        match self.stage {
            Stage::Attack => {
                let cards = self.card_options(p, CardKind::Attack).len();
                let mut n = 1;
                self.visit_attacks(p, |_, _, l| {
                    n += attack_weight(&l, cards);
                    false
                });
                n
            }
            Stage::Backup { .. } => {
                let mut n = 1 + usize::from(self.holds(p, Card::RapidTransit));
                self.visit_backups(p, |_, t, c| {
                    n += t.len() * c;
                    false
                });
                n
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
                    f(Action::Play {
                        card,
                        target: Target::None,
                    });
                }
            }
            Stage::Morph { transformed } => {
                if !transformed && st.leader_at.is_some() {
                    f(Action::Transform);
                }
                for (card, kind) in [
                    (Card::SpaceBridge, PieceKind::Rotating),
                    (Card::SeismicShift, PieceKind::Sliding),
                ] {
                    if !self.holds(p, card) {
                        continue;
                    }
                    for (i, piece) in self
                        .map
                        .pieces()
                        .iter()
                        .enumerate()
                        .filter(|(_, pc)| pc.kind == kind)
                    {
                        let at = self.pieces.get(i).copied().unwrap_or(0);
                        for position in piece.steps_from(at) {
                            f(Action::Play {
                                card,
                                target: Target::Piece {
                                    piece: PieceId(i as u8),
                                    position,
                                },
                            });
                        }
                    }
                }
                if self.holds(p, Card::Transwarp) {
                    for z in self.transwarp_targets(p) {
                        f(Action::Play {
                            card: Card::Transwarp,
                            target: Target::Zone(z),
                        });
                    }
                }
                f(Action::Done);
            }
            Stage::Attack => {
                let cards = self.card_options(p, CardKind::Attack);
                self.visit_attacks(p, |from, to, lim| {
                    for &card in &cards {
                        for leader in [false, true].into_iter().filter(|&l| !l || lim.leader) {
                            for dice in 1..=lim.max_dice {
                                f(Action::Attack {
                                    from,
                                    to,
                                    dice,
                                    leader,
                                    card,
                                });
                            }
                        }
                    }
                    false
                });
                f(Action::Done);
            }
            Stage::Defend(b) => {
                let lim = self.defence_limits(&b);
                for card in self.card_options(p, CardKind::Defence) {
                    for dice in 1..=lim.max_dice {
                        if dice <= lim.robots {
                            f(Action::Defend {
                                dice,
                                leader: false,
                                card,
                            });
                        }
                        if lim.leader {
                            f(Action::Defend {
                                dice,
                                leader: true,
                                card,
                            });
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
                self.visit_backups(p, |from, targets, combos| {
                    for to in targets {
                        for k in 0..combos {
                            let (robots, leader) = self.move_combo(p, from, k);
                            f(Action::Backup {
                                from,
                                to,
                                robots,
                                leader,
                            });
                        }
                    }
                    false
                });
                if self.holds(p, Card::RapidTransit) {
                    f(Action::Play {
                        card: Card::RapidTransit,
                        target: Target::None,
                    });
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
                let total = self.count_actions(p);
                let mut k = rng.index(total);
                let mut found = None;
                self.visit_attacks(p, |from, to, lim| {
                    let w = attack_weight(&lim, cards.len());
                    if k >= w {
                        k -= w;
                        return false;
                    }
                    let dice = (k % usize::from(lim.max_dice)) as u8 + 1;
                    let rest = k / usize::from(lim.max_dice);
                    let (leader, rest) = if lim.leader {
                        (rest % 2 == 1, rest / 2)
                    } else {
                        (false, rest)
                    };
                    let card = cards.get(rest).copied().flatten();
                    found = Some(Action::Attack {
                        from,
                        to,
                        dice,
                        leader,
                        card,
                    });
                    true
                });
                Some(found.unwrap_or(Action::Done))
            }
            Stage::Backup { .. } => {
                let transit = usize::from(self.holds(p, Card::RapidTransit));
                let total = self.count_actions(p);
                let mut k = rng.index(total);
                let mut found = None;
                self.visit_backups(p, |from, targets, combos| {
                    let w = targets.len() * combos;
                    if k >= w {
                        k -= w;
                        return false;
                    }
                    found = targets.nth(k / combos).map(|to| {
                        let (robots, leader) = self.move_combo(p, from, k % combos);
                        Action::Backup {
                            from,
                            to,
                            robots,
                            leader,
                        }
                    });
                    true
                });
                Some(found.unwrap_or(if k < transit {
                    Action::Play {
                        card: Card::RapidTransit,
                        target: Target::None,
                    }
                } else {
                    Action::Done
                }))
            }
            Stage::Claim | Stage::SetupPlace | Stage::Place => {
                // Zones first, then robot cards (only while placing reinforcements).
                let zones = if self.stage == Stage::Claim {
                    self.empty_zones()
                } else {
                    self.ps(p).held
                };
                let cards = if self.stage == Stage::Place {
                    self.card_options(p, CardKind::Robots)
                } else {
                    Cards::new()
                };
                let k = rng.index(zones.len() + cards.len().saturating_sub(1));
                match zones.nth(k) {
                    Some(z) => Some(Action::Place(z)),
                    None => cards
                        .get(k - zones.len() + 1)
                        .copied()
                        .flatten()
                        .map(|card| Action::Play {
                            card,
                            target: Target::None,
                        }),
                }
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
