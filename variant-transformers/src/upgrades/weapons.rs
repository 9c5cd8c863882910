//! Weapon upgrades in step C (Blasted, Double Trouble, Fire in the Hole,
//! Bullseye, Tractor Beam) and what an attacked robot may do (Apex
//! Armor, Lucky Duck, Counterstrike).

use super::Upgrade;
use crate::actions::{Action, Decision, Use};
use crate::cards::Card;
use crate::events::{Event, Source};
use crate::mode::Mode;
use crate::race::Race;
use crate::task::Task;
use robo_core::agenda::{self, Flow};
use robo_core::geom::{Dir, Pos};
use robo_core::motion::{move_robot, Cause, Move};
use robo_core::{PlayerId, RobotId};
use smallvec::SmallVec;

impl Race {
    /// The sides `p`'s robot may fire at: ahead in alt mode; ahead, left
    /// or right in bot mode.
    pub(crate) fn fire_dirs(&self, p: PlayerId, facing: Dir) -> SmallVec<[Dir; 3]> {
        if self.mode(p) == Mode::Bot {
            SmallVec::from_slice(&[facing, facing.left(), facing.right()])
        } else {
            SmallVec::from_slice(&[facing])
        }
    }

    /// Weapon upgrade options in place of (or besides) the plain shot.
    pub(crate) fn weapon_use_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        if self.players[p.index()].slots.mask() == 0 && self.players[p.index()].reg.mirror.is_none()
        {
            return;
        }
        let Some((at, facing)) = self.robot(p) else {
            return;
        };
        if self.has(p, Upgrade::DoubleTrouble) {
            let adjacent = self
                .adjacent_robots(at)
                .fold(0u8, |m, (_, r)| m | 1 << r.index());
            // Every non-empty subset of the adjacent robots.
            let mut m = adjacent;
            while m != 0 {
                out.push(Action::Use(Use::Double(m)));
                m = (m - 1) & adjacent;
            }
        }
        if self.has(p, Upgrade::FireInTheHole) {
            out.extend(Dir::ALL.map(|d| Action::Use(Use::Hole(d))));
        }
        if self.has(p, Upgrade::Bullseye) {
            for d in self.fire_dirs(p, facing) {
                let mut c = at.step(d);
                while self.arena.board().contains(c) {
                    if let Some(r) = self.bodies.at(c) {
                        out.push(Action::Use(Use::Bullseye(PlayerId::of(r))));
                    }
                    c = c.step(d);
                }
            }
        }
        if self.has(p, Upgrade::TractorBeam) {
            let energon = self.players[p.index()].energon;
            for d in self.fire_dirs(p, facing) {
                if let Some(t) = self.shot(at, d) {
                    let dist = self.bodies.pos(t).map_or(0, |q| q.distance(at));
                    let most = u8::try_from(dist.saturating_sub(1))
                        .unwrap_or(0)
                        .min(energon);
                    for pull in 1..=most {
                        out.push(Action::Use(Use::Tractor { dir: d, pull }));
                    }
                }
            }
        }
    }

    /// A weapon upgrade used in place of the shot.
    pub(crate) fn fire_use(&mut self, p: PlayerId, u: Use) {
        let Some((at, _)) = self.robot(p) else {
            return;
        };
        self.spend(p, u.upgrade());
        let mut tasks: SmallVec<[Task; 6]> = SmallVec::new();
        match u {
            Use::Double(m) => {
                for k in 0..8u8 {
                    if m & (1 << k) != 0 {
                        tasks.push(Task::Hit {
                            player: PlayerId(k),
                            by: p,
                            amount: 2,
                        });
                    }
                }
            }
            Use::Hole(d) => {
                let (passed, target) = self.through(at, d);
                for q in passed {
                    tasks.push(Task::Hit {
                        player: q,
                        by: p,
                        amount: 1,
                    });
                }
                if let Some(t) = target {
                    tasks.push(Task::Hit {
                        player: t,
                        by: p,
                        amount: 1,
                    });
                }
            }
            Use::Bullseye(t) => tasks.push(Task::Hit {
                player: t,
                by: p,
                amount: 1,
            }),
            Use::Tractor { dir, pull } => {
                if let Some(t) = self.shot(at, dir) {
                    let _ = self.pay(p, pull);
                    let q = PlayerId::of(t);
                    if !self.armed(q, Upgrade::ApexArmor) {
                        let m =
                            Move::new(t, dir.opposite(), pull).with_cause(Cause::Push { by: None });
                        let _ = move_robot(self, m);
                        self.scratch.notes = Default::default();
                        let _ = self.flush_follow();
                    }
                }
            }
            _ => {}
        }
        agenda::then(self, &tasks);
    }

    /// Fire in the Hole: the shot passes its first 2 obstacles (walls,
    /// obstacle cells, robots); robots passed are returned first, then
    /// the robot that is its third obstacle (the target), if any.
    fn through(&self, from: Pos, dir: Dir) -> (SmallVec<[PlayerId; 2]>, Option<PlayerId>) {
        let mut passed = SmallVec::new();
        let mut left = 2u8;
        let mut at = from;
        loop {
            let to = at.step(dir);
            if !self.arena.board().contains(to) {
                return (passed, None);
            }
            if self.arena.wall(at, dir) || self.arena.tile(to).is_some_and(|t| t.is_solid()) {
                if left == 0 {
                    return (passed, None);
                }
                left -= 1;
            }
            if let Some(r) = self.bodies.at(to) {
                if left == 0 {
                    return (passed, Some(PlayerId::of(r)));
                }
                left -= 1;
                passed.push(PlayerId::of(r));
            }
            at = to;
        }
    }

    /// The plain shot hit `t`: 1 damage, 2 with Blasted, whose owner may
    /// then push an adjacent target.
    pub(crate) fn shot_hits(&mut self, p: PlayerId, t: PlayerId) -> SmallVec<[Task; 2]> {
        let blasted = self.has(p, Upgrade::Blasted);
        let mut tasks = SmallVec::new();
        tasks.push(Task::Hit {
            player: t,
            by: p,
            amount: 1 + u8::from(blasted),
        });
        if blasted {
            self.emit(Event::UpgradeUsed {
                player: p,
                upgrade: Upgrade::Blasted,
            });
            tasks.push(Task::Blast {
                player: p,
                target: t,
            });
        }
        tasks
    }

    /// A shot's hit on `p` by `by` for `amount`, resolved here when it
    /// asks nothing: the shooter has no Blasted, and `p` has no reaction
    /// but going on ([`Race::react_options`] gives only
    /// [`Action::Done`]). Then it does what the [`Task::Hit`] and the
    /// damage draw after it would do, in the same order; `false` (nothing
    /// done) when the hit must go through the agenda.
    pub(crate) fn hit_at_once(&mut self, p: PlayerId, by: PlayerId, amount: u8) -> bool {
        let plain = crate::robot::Player::plain;
        if !self.players.get(by.index()).is_some_and(plain) {
            return false;
        }
        let Some(pl) = self.players.get(p.index()) else {
            return false;
        };
        if !(plain(pl) || self.armed(p, Upgrade::ApexArmor)) {
            // An upgrade may offer a reaction: list them as the agenda would.
            let mut opts = std::mem::take(&mut self.core.scratch.options);
            opts.clear();
            self.react_options(p, amount, &mut opts);
            let asks = opts.len() > 1;
            opts.clear();
            self.core.scratch.options = opts;
            if asks {
                return false;
            }
        }
        if amount > 0 && !self.armed(p, Upgrade::ApexArmor) {
            // What `hit` puts on the agenda for this answer, drawn now
            // without the agenda's push and pop.
            self.damage(p, amount, Source::Weapon(by));
            return true;
        }
        let _ = self.hit(p, by, amount, Some(&Action::Done));
        // The damage draw `hit` put on top of the agenda, drawn now.
        if let Some(&Task::Damage {
            player,
            amount,
            source,
        }) = self.core.agenda.last()
        {
            if amount > 0 && player == p {
                self.core.agenda.pop();
                self.damage(player, amount, source);
            }
        }
        true
    }

    /// What an attacked (or pushed) robot may do.
    pub(crate) fn react_options(&self, p: PlayerId, amount: u8, out: &mut Vec<Action>) {
        out.push(Action::Done);
        if self.armed(p, Upgrade::ApexArmor) {
            return;
        }
        if amount > 0 && self.has(p, Upgrade::LuckyDuck) && !self.players[p.index()].reg.dodged {
            for c in self.hand_kinds(p, Card::is_turn) {
                out.push(Action::Use(Use::Discard(Upgrade::LuckyDuck, c)));
            }
        }
        if self.has(p, Upgrade::Counterstrike) {
            out.push(Action::Use(Use::Counter));
        }
    }

    /// `p` is attacked by `by` for `amount` (0: was pushed by it).
    pub(crate) fn hit(
        &mut self,
        p: PlayerId,
        by: PlayerId,
        amount: u8,
        answer: Option<&Action>,
    ) -> Flow<Decision> {
        if amount > 0 && self.armed(p, Upgrade::ApexArmor) {
            self.emit(Event::AttackCancelled { player: p, by });
            self.drop_blast(by, p);
            return Flow::Next;
        }
        let Some(answer) = answer else {
            return Flow::Wait(p, Decision::React);
        };
        match *answer {
            Action::Use(Use::Discard(Upgrade::LuckyDuck, c)) => {
                self.discard_from_hand(p, c);
                self.players[p.index()].reg.dodged = true;
                self.spend(p, Upgrade::LuckyDuck);
                self.emit(Event::AttackCancelled { player: p, by });
                self.drop_blast(by, p);
            }
            Action::Use(Use::Counter) => {
                self.spend(p, Upgrade::Counterstrike);
                agenda::then(
                    self,
                    &[
                        Task::Damage {
                            player: by,
                            amount: 2,
                            source: Source::Weapon(p),
                        },
                        Task::Hit {
                            player: p,
                            by,
                            amount,
                        },
                    ],
                );
            }
            _ if amount > 0 => agenda::then(
                self,
                &[Task::Damage {
                    player: p,
                    amount,
                    source: Source::Weapon(by),
                }],
            ),
            _ => {}
        }
        Flow::Next
    }

    /// An attack on `target` by `by` was cancelled: the whole attack is
    /// ignored, so Blasted's push waiting after its hit goes too.
    fn drop_blast(&mut self, by: PlayerId, target: PlayerId) {
        self.core
            .agenda
            .retain(|t| *t != (Task::Blast { player: by, target }));
    }

    /// Blasted's push: options are the Move cards of the hand, if the
    /// target is next to the shooter.
    pub(crate) fn blast_options(&self, p: PlayerId, target: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::Done);
        let (Some((a, _)), Some((b, _))) = (self.robot(p), self.robot(target)) else {
            return;
        };
        if self.side_of(a, b).is_none() || self.armed(target, Upgrade::ApexArmor) {
            return;
        }
        for c in self.hand_kinds(p, Card::is_move) {
            out.push(Action::Use(Use::Discard(Upgrade::Blasted, c)));
        }
    }

    pub(crate) fn blast(
        &mut self,
        p: PlayerId,
        target: PlayerId,
        answer: Option<&Action>,
    ) -> Flow<Decision> {
        let Some(answer) = answer else {
            return Flow::Wait(p, Decision::Blast);
        };
        let Action::Use(Use::Discard(_, c)) = *answer else {
            return Flow::Next;
        };
        let (Some((a, _)), Some((b, _))) = (self.robot(p), self.robot(target)) else {
            return Flow::Next;
        };
        let Some(dir) = self.side_of(a, b) else {
            return Flow::Next;
        };
        self.discard_from_hand(p, c);
        let m = Move::new(RobotId::of(target), dir, 1).with_cause(Cause::Push {
            by: Some(RobotId::of(p)),
        });
        let _ = move_robot(self, m);
        self.scratch.notes = Default::default();
        let _ = self.flush_follow();
        Flow::Next
    }
}
