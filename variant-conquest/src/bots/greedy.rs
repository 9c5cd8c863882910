//! The greedy bot: one-step rules of thumb over the exact odds.
//!
//! * Claims and placements go where they matter: the Launch Pad, zones that
//!   complete a sector, and borders facing strong enemies.
//! * It attacks with the most dice where the exact odds of the battle
//!   ([`crate::odds::OddsCache`], with every modifier the attack would
//!   have: its leader fighting or not, the defending leader, the
//!   eight-sided die option, Roadblock, its attack card) are best, counting
//!   a bonus for the Launch Pad and for completing a sector, a cost for the
//!   risk to its leader and a small cost for spending a card, when that is
//!   at least [`GreedyBot::threshold`]. It cannot see the defender's cards
//!   and counts on none.
//! * It defends with the most dice and its best defence card, moves in
//!   everything when the attacking zone is left safe, and backs up robots
//!   from a safe interior zone to the most threatened border.
//! * Leaders take the mode whose effect suits them; shifting cards are
//!   played when they open a secret factory the bot holds.
//!
//! It reads only what its player may see (the map, the counts, its hand).

use crate::action::{Action, Decision, Target};
use crate::battle::{max_attack_dice, Fighter};
use crate::card::Card;
use crate::faction::{Leader, Mode};
use crate::ids::{ZoneId, ZoneSet};
use crate::odds::{Modifiers, OddsCache};
use crate::state::Conquest;
use robo_core::protocol::{Legal, Pending};
use robo_core::{Game, PlayerId, Policy, Rng};
use serde::{Deserialize, Serialize};

/// A greedy bot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GreedyBot {
    rng: Rng,
    /// Attack when the capture probability (plus bonuses) reaches this.
    pub threshold: f64,
    #[serde(skip)]
    legal: Vec<Action>,
    /// Exact odds computed so far (a cache: never changes a choice).
    #[serde(skip)]
    odds: OddsCache,
}

/// What the risk of losing its leader in a battle costs, against the
/// capture probability.
const LEADER_RISK: f64 = 0.5;
/// What spending a card costs: played only when it adds more than this
/// to the capture probability.
const CARD_COST: f64 = 0.03;

impl GreedyBot {
    /// A greedy bot; `seed` only breaks ties.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            rng: Rng::from_seed(seed),
            threshold: 0.55,
            legal: Vec::new(),
            odds: OddsCache::new(),
        }
    }
}

/// What the bot knows about the board from `p`'s seat.
struct Board<'a> {
    g: &'a Conquest,
    mine: ZoneSet,
    enemies: ZoneSet,
}

impl<'a> Board<'a> {
    fn new(g: &'a Conquest, p: PlayerId) -> Self {
        let mine = g.player(p).map_or(ZoneSet::EMPTY, |s| s.held);
        Board {
            g,
            mine,
            enemies: g.enemy_zones(p),
        }
    }

    fn s(&self, z: ZoneId) -> f64 {
        f64::from(self.g.strength(z))
    }

    /// The strongest enemy next to `z` (0 if none).
    fn threat(&self, z: ZoneId) -> f64 {
        self.g
            .neighbours(z)
            .and(self.enemies)
            .iter()
            .map(|e| self.s(e))
            .fold(0.0, f64::max)
    }

    fn border(&self, z: ZoneId) -> bool {
        !self.g.neighbours(z).and(self.enemies).is_empty()
    }

    fn is_pad(&self, z: ZoneId) -> bool {
        z == self.g.map().launch_pad()
    }

    /// Taking `z` would complete a sector.
    fn completes_sector(&self, z: ZoneId) -> bool {
        let map = self.g.map();
        map.zone(z)
            .and_then(|zone| map.sectors().get(zone.sector.index()))
            .is_some_and(|s| {
                s.zones
                    .minus(self.mine)
                    .minus(ZoneSet::single(z))
                    .is_empty()
            })
    }

    /// Where a new robot is most needed.
    fn placement_value(&self, z: ZoneId) -> f64 {
        if !self.border(z) {
            return -100.0 + self.s(z) * -0.01;
        }
        let mut v = self.threat(z) + 1.0 - self.s(z);
        if self.is_pad(z) {
            v += 3.0;
        }
        // A weak enemy next door is a target worth building up for.
        let weakest = self
            .g
            .neighbours(z)
            .and(self.enemies)
            .iter()
            .map(|e| self.s(e))
            .fold(f64::MAX, f64::min);
        if weakest < self.s(z) + 2.0 {
            v += 0.5;
        }
        v
    }

    fn claim_value(&self, z: ZoneId) -> f64 {
        let friends = self.g.neighbours(z).and(self.mine).len() as f64;
        let foes = self.g.neighbours(z).and(self.enemies).len() as f64;
        let mut v = friends * 2.0 - foes;
        if self.is_pad(z) {
            v += 10.0;
        }
        if self.g.map().factories().contains(z) {
            v += 2.0;
        }
        let map = self.g.map();
        if let Some(sector) = map
            .zone(z)
            .and_then(|zone| map.sectors().get(zone.sector.index()))
        {
            v += sector.zones.and(self.mine).len() as f64 * 0.5;
        }
        v
    }

    /// The value of an attack: its exact chances with every modifier it
    /// would have, the risk to the leader, the card spent and bonuses for
    /// what the zone is worth. Fewer than the most dice are never chosen.
    fn attack_value(&self, odds: &mut OddsCache, p: PlayerId, attack: &Action) -> f64 {
        let &Action::Attack {
            from,
            to,
            dice,
            leader,
            card,
        } = attack
        else {
            return f64::MIN;
        };
        let able = self.g.strength(from).saturating_sub(1);
        let defender = self.g.fighter_in(to);
        if dice < able.min(3).min(max_attack_dice(defender)) {
            return f64::MIN;
        }
        let st = self.g.player(p);
        let m = Modifiers {
            attacker_leader: st
                .filter(|_| leader)
                .map(|st| Fighter::new(st.leader, st.mode)),
            defender_leader: defender,
            leader_d8: self.g.rules().leader_d8,
            attack_card: card,
            defence_card: None,
        };
        let c = odds.chances(able, self.g.strength(to), &m);
        let mut v = c.capture - LEADER_RISK * c.attacker_leader_falls;
        if card.is_some() {
            v -= CARD_COST;
        }
        if self.is_pad(to) {
            v += 0.15;
        }
        if self.completes_sector(to) {
            v += 0.1;
        }
        // Keep the Launch Pad strong.
        if self.is_pad(from) {
            v -= 0.1;
        }
        v
    }

    fn preferred_mode(&self, leader: Leader, at: Option<ZoneId>) -> Mode {
        match leader {
            Leader::OptimusPrime | Leader::Bumblebee => Mode::Robot,
            Leader::Megatron => Mode::Vehicle,
            Leader::Barricade if at.is_some_and(|z| self.border(z)) => Mode::Vehicle,
            Leader::Barricade => Mode::Robot,
        }
    }
}

impl GreedyBot {
    fn best(&mut self, mut score: impl FnMut(&Action) -> f64) -> Option<Action> {
        let mut best: Option<(f64, Action)> = None;
        for &a in &self.legal {
            // A tiny random jitter breaks ties without favouring low ids.
            let s = score(&a) + f64::from(self.rng.below(1000)) * 1e-9;
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, a));
            }
        }
        best.map(|(_, a)| a)
    }

    fn choose_backup(&mut self, b: &Board<'_>) -> Action {
        let g = b.g;
        let mut best: Option<(f64, Action)> = None;
        for from in b.mine {
            if b.border(from) || g.strength(from) < 2 {
                continue;
            }
            let robots = g.zone(from).map_or(0, |z| z.robots);
            let leader_here = g.leader_in(from);
            let give = if leader_here {
                robots
            } else {
                robots.saturating_sub(1)
            };
            if give == 0 {
                continue;
            }
            for to in g.neighbours(from).and(b.mine) {
                if !b.border(to) {
                    continue;
                }
                let v = f64::from(give) + b.placement_value(to);
                if best.is_none_or(|(s, _)| v > s) {
                    best = Some((
                        v,
                        Action::Backup {
                            from,
                            to,
                            robots: give,
                            leader: false,
                        },
                    ));
                }
            }
        }
        best.map_or(Action::Done, |(_, a)| a)
    }
}

impl Policy<Conquest> for GreedyBot {
    fn choose(&mut self, game: &Conquest, player: PlayerId) -> Option<Action> {
        let Pending::Decision { decision, .. } = game.pending() else {
            return None;
        };
        let b = Board::new(game, player);
        if matches!(decision, Decision::Backup { .. }) {
            return Some(self.choose_backup(&b));
        }
        let mut legal = std::mem::take(&mut self.legal);
        if game.legal_actions(player, &mut legal) == Legal::TooMany || legal.is_empty() {
            self.legal = legal;
            return game.sample_action(player, &mut self.rng);
        }
        self.legal = legal;
        let st = game.player(player)?;
        let (leader, mode, leader_at) = (st.leader, st.mode, st.leader_at);
        let threshold = self.threshold;
        match decision {
            Decision::Claim => self.best(|a| {
                if let Action::Place(z) = a {
                    b.claim_value(*z)
                } else {
                    f64::MIN
                }
            }),
            Decision::SetupPlace { .. } | Decision::Place { .. } => self.best(|a| match a {
                Action::Place(z) => b.placement_value(*z),
                Action::Play { .. } => 1e6, // robot cards first
                _ => f64::MIN,
            }),
            Decision::Morph => {
                let want = b.preferred_mode(leader, leader_at);
                let map = game.map().clone();
                self.best(|a| match a {
                    Action::Transform if want != mode => 2.0,
                    Action::Play {
                        card: Card::SpaceBridge | Card::SeismicShift,
                        target: Target::Piece { piece, position },
                    } => {
                        let mut pos = game.piece_positions().to_vec();
                        if let Some(p) = pos.get_mut(piece.index()) {
                            *p = *position;
                        }
                        map.open_factories(&pos).and(b.mine).len() as f64
                            - game.open_factories().and(b.mine).len() as f64
                    }
                    Action::Done => 0.5,
                    _ => f64::MIN,
                })
            }
            Decision::Attack => {
                let mut odds = std::mem::take(&mut self.odds);
                let chosen = self.best(|a| match a {
                    Action::Attack { .. } => b.attack_value(&mut odds, player, a),
                    _ => threshold,
                });
                self.odds = odds;
                chosen
            }
            Decision::Defend { .. } => {
                let rank = |c: &Option<Card>| match c {
                    Some(Card::ArmorPlating) => 3.0,
                    Some(Card::ForceField) => 2.0,
                    Some(Card::Smokescreen) => 1.0,
                    _ => 0.0,
                };
                self.best(|a| match a {
                    Action::Defend {
                        dice,
                        leader: l,
                        card,
                    } => f64::from(*dice) * 10.0 + rank(card) - if *l { 0.5 } else { 0.0 },
                    _ => f64::MIN,
                })
            }
            Decision::MoveIn { from, to } => {
                let all = game.strength(from).saturating_sub(1);
                let want = if !b.border(from) || (b.border(to) && b.threat(to) > b.threat(from)) {
                    f64::from(all)
                } else {
                    f64::from(all / 2).max(1.0)
                };
                self.best(|a| match a {
                    Action::MoveIn { robots, leader: l } => {
                        let moved = f64::from(*robots) + f64::from(u8::from(*l));
                        -(moved - want).abs() - if *l { 0.1 } else { 0.0 }
                    }
                    _ => f64::MIN,
                })
            }
            Decision::Backup { .. } => None,
        }
        .or_else(|| self.legal.first().copied())
    }
}
