//! The battle as an absorbing Markov chain on (robots able to attack,
//! defenders, each side's leader standing), with any [`Modifiers`].
//!
//! Each roll goes from a state to states with fewer robots: the one-roll
//! tables, enumerated exactly ([`super::one_roll_with`]), give the
//! probabilities. Two solvers read the same transitions: backwards, the
//! probability of capture (and of the attacking leader's fall) from every
//! state at once ([`Values`], what the bot and [`super::CaptureTable`]
//! use); forwards, the whole distribution of survivors from one start
//! ([`OddsCache::battle`]). The first roll is the one with the cards; a
//! roll without cards always removes a robot, so states are swept by their
//! falling total.

use super::modifiers::{Modifiers, State};
use super::{one_roll_with, BattleOdds, RollOdds};
use crate::battle::{SideRoll, MAX_DICE};
use std::collections::HashMap;

/// One outcome of a roll: the losses and their probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Step {
    pub al: u8,
    pub dl: u8,
    pub p: f64,
}

/// One-roll tables computed so far, by both sides' dice and modifiers.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rolls {
    map: HashMap<(SideRoll, SideRoll, bool), Vec<Step>>,
}

impl Rolls {
    pub(crate) fn get(&mut self, a: SideRoll, d: SideRoll, armor: bool) -> &[Step] {
        self.map.entry((a, d, armor)).or_insert_with(|| {
            let r = one_roll_with(&a, &d, armor);
            r.outcomes
                .iter()
                .map(|o| Step {
                    al: o.attacker_lost,
                    dl: o.defender_lost,
                    p: o.ways as f64 / r.total as f64,
                })
                .collect()
        })
    }
}

/// The transitions of one roll from `s`, and the dice each side rolled.
struct Roll {
    na: u8,
    nd: u8,
    steps: Vec<Step>,
}

fn roll_from(rolls: &mut Rolls, m: &Modifiers, s: State, first: bool) -> Roll {
    let (a, d, armor) = m.roll(s.a.min(MAX_DICE as u8), s.d.min(2), s.la, s.ld, first);
    Roll {
        na: a.dice,
        nd: d.dice,
        steps: rolls.get(a, d, armor).to_vec(),
    }
}

/// Where a roll's losses lead: a leader falls when every die of its side
/// in the roll lost.
fn next(s: State, r: &Roll, step: &Step) -> State {
    State {
        a: s.a - step.al,
        d: s.d - step.dl,
        la: s.la && step.al < r.na,
        ld: s.ld && step.dl < r.nd,
    }
}

/// The rolls without cards from every kind of state (dice and leaders),
/// built once per set of modifiers.
struct Plain {
    /// `[attack dice - 1][defence dice - 1][attacker leader][defender leader]`.
    rolls: Vec<Roll>,
}

impl Plain {
    fn new(rolls: &mut Rolls, m: &Modifiers) -> Plain {
        let mut out = Vec::with_capacity(MAX_DICE * 2 * 4);
        for a in 1..=MAX_DICE as u8 {
            for d in 1..=2u8 {
                for la in [false, true] {
                    for ld in [false, true] {
                        let s = State { a, d, la, ld };
                        out.push(roll_from(rolls, m, s, false));
                    }
                }
            }
        }
        Plain { rolls: out }
    }

    fn get(&self, s: State) -> &Roll {
        let a = usize::from(s.a.min(MAX_DICE as u8)) - 1;
        let d = usize::from(s.d.min(2)) - 1;
        &self.rolls[((a * 2 + d) * 2 + usize::from(s.la)) * 2 + usize::from(s.ld)]
    }
}

/// Capture probabilities and the attacking leader's risk from every state
/// up to a size, for one set of modifiers without cards.
#[derive(Clone, Debug)]
pub(crate) struct Values {
    pub m: Modifiers,
    pub max_a: u8,
    pub max_d: u8,
    cap: Vec<f64>,
    fall: Vec<f64>,
}

impl Values {
    fn index(&self, s: State) -> usize {
        let (w, h) = (usize::from(self.max_d) + 1, usize::from(self.max_a) + 1);
        ((usize::from(s.la) * 2 + usize::from(s.ld)) * h + usize::from(s.a)) * w + usize::from(s.d)
    }

    /// Solves the chain backwards for every state up to `max_a` and `max_d`.
    pub(crate) fn new(rolls: &mut Rolls, m: Modifiers, max_a: u8, max_d: u8) -> Values {
        let m = m.without_cards();
        let plain = Plain::new(rolls, &m);
        let size = 4 * (usize::from(max_a) + 1) * (usize::from(max_d) + 1);
        let mut v = Values {
            m,
            max_a,
            max_d,
            cap: vec![0.0; size],
            fall: vec![0.0; size],
        };
        let las: &[bool] = if m.attacker_leader.is_some() {
            &[false, true]
        } else {
            &[false]
        };
        let lds: &[bool] = if m.defender_leader.is_some() {
            &[false, true]
        } else {
            &[false]
        };
        for total in 1..=usize::from(max_a) + usize::from(max_d) {
            for a in 0..=total.min(usize::from(max_a)) {
                let Some(d) = total.checked_sub(a).filter(|&d| d <= usize::from(max_d)) else {
                    continue;
                };
                for &la in las {
                    for &ld in lds {
                        let s = State {
                            a: a as u8,
                            d: d as u8,
                            la,
                            ld,
                        };
                        let i = v.index(s);
                        if d == 0 {
                            v.cap[i] = 1.0;
                        } else if a > 0 {
                            let (cap, fall) = v.first(s, plain.get(s));
                            v.cap[i] = cap;
                            v.fall[i] = fall;
                        }
                    }
                }
            }
        }
        v
    }

    /// Capture and fall probabilities after the roll `r` from `s`, the
    /// states it leads to being already solved.
    fn first(&self, s: State, r: &Roll) -> (f64, f64) {
        let (mut cap, mut fall) = (0.0, 0.0);
        for step in &r.steps {
            let n = next(s, r, step);
            let i = self.index(n);
            cap += step.p * self.cap[i];
            fall += step.p * if s.la && !n.la { 1.0 } else { self.fall[i] };
        }
        (cap, fall)
    }

    pub(crate) fn capture(&self, s: State) -> f64 {
        self.cap[self.index(s)]
    }
}

/// The probability that a battle captures the zone, and that the
/// attacker's fighting leader falls in it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chances {
    /// The zone is captured.
    pub capture: f64,
    /// The attacker's leader (if it fights) falls.
    pub attacker_leader_falls: f64,
}

/// Exact battle odds with any [`Modifiers`], keeping the one-roll tables and
/// solved chains it computed for the next question: the greedy bot asks
/// many questions a turn. A cache's answers never depend on what it was
/// asked before.
///
/// ```
/// use variant_conquest::battle::Fighter;
/// use variant_conquest::odds::{Modifiers, OddsCache};
/// use variant_conquest::{Card, Leader, Mode};
/// let mut odds = OddsCache::new();
/// let megatron = Modifiers {
///     defender_leader: Some(Fighter::new(Leader::Megatron, Mode::Robot)),
///     ..Modifiers::NONE
/// };
/// let with_card = Modifiers { attack_card: Some(Card::IonBlaster), ..megatron };
/// let plain = odds.chances(6, 4, &Modifiers::NONE).capture;
/// let against = odds.chances(6, 4, &megatron).capture;
/// assert!(against < plain);
/// assert!(odds.chances(6, 4, &with_card).capture > against);
/// ```
#[derive(Clone, Debug, Default)]
pub struct OddsCache {
    rolls: Rolls,
    values: Vec<Values>,
}

impl PartialEq for OddsCache {
    /// Caches hold no state that changes an answer: any two are equal.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl OddsCache {
    /// An empty cache.
    #[must_use]
    pub fn new() -> Self {
        OddsCache::default()
    }

    pub(crate) fn rolls_mut(&mut self) -> &mut Rolls {
        &mut self.rolls
    }

    /// The solved chain for `m` (cards aside) covering `a` and `d`.
    pub(crate) fn values(&mut self, m: &Modifiers, a: u8, d: u8) -> &Values {
        let key = m.without_cards();
        let pos = self.values.iter().position(|v| v.m == key);
        let fits = pos.is_some_and(|i| self.values[i].max_a >= a && self.values[i].max_d >= d);
        let i = match pos {
            Some(i) if fits => i,
            _ => {
                // Grow in steps, so a string of questions solves few chains.
                let (old_a, old_d) =
                    pos.map_or((0, 0), |i| (self.values[i].max_a, self.values[i].max_d));
                let grow = |want: u8, old: u8| {
                    let x = u16::from(want.max(old).max(16));
                    u8::try_from(x.div_ceil(8) * 8).unwrap_or(u8::MAX)
                };
                let v = Values::new(&mut self.rolls, key, grow(a, old_a), grow(d, old_d));
                match pos {
                    Some(i) => {
                        self.values[i] = v;
                        i
                    }
                    None => {
                        self.values.push(v);
                        self.values.len() - 1
                    }
                }
            }
        };
        &self.values[i]
    }

    /// The chances of a battle of `attackers` (robots able to attack: the
    /// zone's robots but the one that stays; a fighting leader counts)
    /// against `defenders` (the defending leader counts).
    pub fn chances(&mut self, attackers: u8, defenders: u8, m: &Modifiers) -> Chances {
        if attackers == 0 || defenders == 0 {
            return Chances {
                capture: if defenders == 0 { 1.0 } else { 0.0 },
                attacker_leader_falls: 0.0,
            };
        }
        let s = m.start(attackers, defenders);
        let first = roll_from(&mut self.rolls, m, s, true);
        let (capture, attacker_leader_falls) =
            self.values(m, attackers, defenders).first(s, &first);
        Chances {
            capture,
            attacker_leader_falls,
        }
    }

    /// The probability that `attackers` capture a zone of `defenders`.
    pub fn capture(&mut self, attackers: u8, defenders: u8, m: &Modifiers) -> f64 {
        self.chances(attackers, defenders, m).capture
    }

    /// One roll of `attacker_dice` against `defender_dice` (each capped by
    /// the rules: Roadblock, Blitz) with the leaders of `m` fighting and
    /// its cards played.
    pub fn one_roll(&mut self, attacker_dice: u8, defender_dice: u8, m: &Modifiers) -> RollOdds {
        let (a, d, armor) = m.roll(attacker_dice, defender_dice, true, true, true);
        one_roll_with(&a, &d, armor)
    }

    /// The whole battle, exactly: the distributions of survivors on both
    /// sides and the leaders' risks.
    pub fn battle(&mut self, attackers: u8, defenders: u8, m: &Modifiers) -> BattleOdds {
        let (na, nd) = (usize::from(attackers), usize::from(defenders));
        if na == 0 || nd == 0 {
            return BattleOdds::settled(attackers, defenders);
        }
        let plain = Plain::new(&mut self.rolls, &m.without_cards());
        let w = nd + 1;
        let layer = (na + 1) * w;
        let at = |s: State| {
            (usize::from(s.la) * 2 + usize::from(s.ld)) * layer
                + usize::from(s.a) * w
                + usize::from(s.d)
        };
        let mut mass = vec![0f64; 4 * layer];
        let s0 = m.start(attackers, defenders);
        let first = roll_from(&mut self.rolls, m, s0, true);
        for step in &first.steps {
            mass[at(next(s0, &first, step))] += step.p;
        }
        for total in (2..=na + nd).rev() {
            for a in 1..=na.min(total - 1) {
                let d = total - a;
                if d > nd {
                    continue;
                }
                for code in 0..4 {
                    let s = State {
                        a: a as u8,
                        d: d as u8,
                        la: code & 2 != 0,
                        ld: code & 1 != 0,
                    };
                    let here = mass[at(s)];
                    if here == 0.0 {
                        continue;
                    }
                    let r = plain.get(s);
                    for step in &r.steps {
                        mass[at(next(s, r, step))] += here * step.p;
                    }
                }
            }
        }
        let mut odds = BattleOdds {
            attackers,
            defenders,
            capture: 0.0,
            attackers_left: vec![0.0; na + 1],
            defenders_left: vec![0.0; nd + 1],
            attacker_leader_falls: 0.0,
            defender_leader_falls: 0.0,
        };
        for code in 0..4 {
            let (la, ld) = (code & 2 != 0, code & 1 != 0);
            let state = |a: usize, d: usize| State {
                a: a as u8,
                d: d as u8,
                la,
                ld,
            };
            let fell = |p: f64, odds: &mut BattleOdds| {
                if s0.la && !la {
                    odds.attacker_leader_falls += p;
                }
                if s0.ld && !ld {
                    odds.defender_leader_falls += p;
                }
            };
            for a in 1..=na {
                let p = mass[at(state(a, 0))];
                odds.attackers_left[a] += p;
                fell(p, &mut odds);
            }
            for d in 1..=nd {
                let p = mass[at(state(0, d))];
                odds.defenders_left[d] += p;
                fell(p, &mut odds);
            }
        }
        odds.capture = odds.attackers_left[1..].iter().sum();
        odds.attackers_left[0] = odds.defenders_left[1..].iter().sum();
        odds.defenders_left[0] = odds.capture;
        odds
    }
}
