//! Robot weapons: the main laser (with Double-Barrel Laser, Rail Gun,
//! Laser Kata), the Rear Laser, and the weapons fired instead of the main
//! laser (at most one a register, the owner's choice).
//!
//! Robots fire one after another in priority order; each robot's targets
//! are found when it fires.

use super::{Upgrade, Weapon};
use crate::actions::{Action, Decision};
use crate::cards::CardId;
use crate::events::{Event, Source};
use crate::race::Race;
use crate::robot::{Body, REGISTERS};
use crate::task::Op;
use crate::task::{Flow, Task};
use robo_core::agenda::Turns;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::motion::Cause;
use robo_core::pipeline::StepFlow;
use robo_core::race::fire::{in_line, nearest_in_line, FireOptions};
use robo_core::race::frame::GridRace;
use robo_core::race::moves::make_room;
use robo_core::{PlayerId, RobotId};
use smallvec::SmallVec;

/// The weapons that may replace the main laser, in the order offered.
const REPLACING: [Upgrade; 5] = [
    Upgrade::MiniHowitzer,
    Upgrade::PressorBeam,
    Upgrade::Scrambler,
    Upgrade::TractorBeam,
    Upgrade::DisplacingBlast,
];

/// [`REPLACING`] as a bit set.
const REPLACING_MASK: u64 = Upgrade::MiniHowitzer.bit()
    | Upgrade::PressorBeam.bit()
    | Upgrade::Scrambler.bit()
    | Upgrade::TractorBeam.bit()
    | Upgrade::DisplacingBlast.bit();

impl Race {
    /// Robots fire in priority order. Robots with no choice of weapon fire
    /// at once and their hits wait until the turn stops; one with a choice
    /// gets a [`Task::Fire`], and the turns go on after it.
    pub(crate) fn weapon_turns(&mut self, turns: Turns) -> StepFlow {
        let mut tasks: SmallVec<[Task; 8]> = SmallVec::new();
        let flow = self.seat_turns(
            turns,
            |race, p| {
                let Some(&b) = race.body(p).filter(|b| b.on_board) else {
                    return StepFlow::Continue;
                };
                if !race.players[p.index()].status.powered() {
                    return StepFlow::Continue;
                }
                let mask = race.upgrade_mask(p);
                if mask & REPLACING_MASK != 0 {
                    // This robot chooses and fires, then the turns go on.
                    return race.set_off(&[Task::Fire { player: p }]);
                }
                // The main laser changes no upgrade of `p`: one look at them serves.
                race.fire_main(p, b, mask, &mut tasks);
                if mask & Upgrade::RearLaser.bit() != 0 {
                    race.fire_rear(p, b, &mut tasks);
                }
                StepFlow::Continue
            },
            Task::WeaponTurns,
        );
        // The hits of the robots that fired so far resolve first.
        let hits = self.set_off(&tasks);
        if flow == StepFlow::SetOff {
            flow
        } else {
            hits
        }
    }

    /// The nearest robot from `from` towards `dir`; walls and the end of the
    /// floor stop the line.
    #[inline]
    pub(crate) fn target_from(&self, from: Pos, dir: Dir) -> Option<PlayerId> {
        let table = self.arena.table();
        nearest_in_line(
            table,
            &self.bodies,
            from,
            dir,
            FireOptions::default(),
            |_, _| false,
        )
        .map(PlayerId::of)
    }

    pub(crate) fn weapon_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::Fire(Weapon::MainLaser));
        let (Some(pl), Some(&b)) = (self.players.get(p.index()), self.body(p)) else {
            return;
        };
        let Some(q) = self.target_from(b.pos, b.facing) else {
            return;
        };
        let adjacent = self.body(q).is_some_and(|t| t.pos.distance(b.pos) == 1);
        for u in REPLACING {
            let usable = match u {
                Upgrade::MiniHowitzer => pl.energy >= 1,
                Upgrade::Scrambler => usize::from(self.core.register) < REGISTERS,
                Upgrade::TractorBeam => !adjacent,
                _ => true,
            };
            if usable && self.has(p, u) {
                out.push(Action::Fire(Weapon::Upgrade(u)));
            }
        }
    }

    pub(crate) fn fire(&mut self, p: PlayerId, answer: Option<&Action>) -> Flow {
        let Some(&b) = self.body(p).filter(|b| b.on_board) else {
            return Flow::Next;
        };
        let weapon = match answer {
            None if REPLACING.iter().any(|&u| self.has(p, u)) => {
                return Flow::Wait(p, Decision::Weapon)
            }
            Some(&Action::Fire(w)) => w,
            _ => Weapon::MainLaser,
        };
        let mut tasks: SmallVec<[Task; 8]> = SmallVec::new();
        self.fire_with(p, b, weapon, &mut tasks);
        self.then(&tasks);
        Flow::Next
    }

    /// `p` fires `weapon`, and its Rear Laser if it has one.
    fn fire_with(&mut self, p: PlayerId, b: Body, weapon: Weapon, tasks: &mut SmallVec<[Task; 8]>) {
        match weapon {
            Weapon::MainLaser => {
                let mask = self.upgrade_mask(p);
                self.fire_main(p, b, mask, tasks);
            }
            Weapon::Upgrade(u) => self.fire_upgrade(p, b, u, tasks),
        }
        if self.has(p, Upgrade::RearLaser) {
            self.fire_rear(p, b, tasks);
        }
    }

    /// `p` fires its Rear Laser.
    fn fire_rear(&mut self, p: PlayerId, b: Body, tasks: &mut SmallVec<[Task; 8]>) {
        let dir = b.facing.opposite();
        self.emit(Event::Fired {
            player: p,
            weapon: Weapon::Upgrade(Upgrade::RearLaser),
            dir,
        });
        if let Some(q) = self.target_from(b.pos, dir) {
            let amount = 1 + self.players[p.index()].reg.laser_bonus;
            self.shot(p, q, dir, amount, tasks);
        }
    }

    fn shot(
        &mut self,
        p: PlayerId,
        q: PlayerId,
        dir: Dir,
        amount: u8,
        tasks: &mut SmallVec<[Task; 8]>,
    ) {
        self.emit(Event::Grid(GridEvent::Shot {
            from: RobotId::of(p),
            target: RobotId::of(q),
            dir,
        }));
        self.hurt(q, amount, Source::Weapon, tasks);
    }

    /// `p` fires its main laser; `mask` is [`Race::upgrade_mask`] of `p`.
    fn fire_main(&mut self, p: PlayerId, b: Body, mask: u64, tasks: &mut SmallVec<[Task; 8]>) {
        let reg = self.players[p.index()].reg;
        let amount = 1 + u8::from(mask & Upgrade::DoubleBarrelLaser.bit() != 0) + reg.laser_bonus;
        let kata = reg.kata && mask & Upgrade::LaserKata.bit() != 0;
        if !kata && mask & Upgrade::RailGun.bit() == 0 {
            // The plain laser (most robots): one shot ahead.
            let dir = b.facing;
            self.emit(Event::Fired {
                player: p,
                weapon: Weapon::MainLaser,
                dir,
            });
            if let Some(q) = self.target_from(b.pos, dir) {
                self.shot(p, q, dir, amount, tasks);
            }
            return;
        }
        let one = [b.facing];
        let dirs: &[Dir] = if kata { &Dir::ALL } else { &one };
        let rail = mask & Upgrade::RailGun.bit() != 0;
        for &dir in dirs {
            self.emit(Event::Fired {
                player: p,
                weapon: Weapon::MainLaser,
                dir,
            });
            if rail {
                // Through every wall, gap and robot to the end of the course.
                let mut hit = SmallVec::new();
                let table = self.arena.table();
                in_line(
                    table,
                    &self.bodies,
                    b.pos,
                    dir,
                    FireOptions::RAIL,
                    |_, _| false,
                    &mut hit,
                );
                for q in hit {
                    self.shot(p, PlayerId::of(q), dir, amount, tasks);
                }
            } else if let Some(q) = self.target_from(b.pos, dir) {
                self.shot(p, q, dir, amount, tasks);
            }
        }
    }

    fn fire_upgrade(&mut self, p: PlayerId, b: Body, u: Upgrade, tasks: &mut SmallVec<[Task; 8]>) {
        let Some(q) = self.target_from(b.pos, b.facing) else {
            return;
        };
        let dir = b.facing;
        self.emit(Event::Fired {
            player: p,
            weapon: Weapon::Upgrade(u),
            dir,
        });
        self.emit(Event::Grid(GridEvent::Shot {
            from: RobotId::of(p),
            target: RobotId::of(q),
            dir,
        }));
        match u {
            Upgrade::MiniHowitzer if self.players[p.index()].energy >= 1 => {
                self.pay_energy(p, 1);
                tasks.push(Task::Damage {
                    player: q,
                    amount: 2,
                    source: Source::Weapon,
                });
                tasks.push(Task::Op {
                    player: q,
                    op: Op::Shove { dir },
                });
            }
            Upgrade::PressorBeam => tasks.push(Task::Op {
                player: q,
                op: Op::Shove { dir },
            }),
            Upgrade::TractorBeam => tasks.push(Task::Op {
                player: q,
                op: Op::Pull {
                    dir: dir.opposite(),
                },
            }),
            Upgrade::Scrambler => self.scramble(q),
            Upgrade::DisplacingBlast => {
                self.discard_installed(p, u);
                self.displace(q);
            }
            _ => {}
        }
        self.emit(Event::UpgradeUsed {
            player: p,
            upgrade: u,
        });
    }

    /// Scrambler: the target's next register card is replaced by the top
    /// card of its deck (face down).
    fn scramble(&mut self, q: PlayerId) {
        let next = usize::from(self.core.register);
        if next >= REGISTERS || self.players[q.index()].registers[next].cards.is_empty() {
            return;
        }
        let old: SmallVec<[CardId; 3]> = self.players[q.index()].registers[next]
            .cards
            .drain(..)
            .collect();
        for &c in &old {
            self.discard_card(q, c);
        }
        let new = self.draw_card(q);
        let reg = &mut self.players[q.index()].registers[next];
        reg.crab = false;
        reg.revealed = false;
        reg.replaced = false;
        reg.cards.extend(new);
        if let Some(&c) = old.first() {
            self.emit(Event::CardReplaced {
                player: q,
                card: c.card(),
                by: None,
            });
        }
    }

    /// Displacing Blast: the target goes to the reboot token of the board it
    /// stands on (its archive token on the docking bay, or under dynamic
    /// archiving), facing kept.
    fn displace(&mut self, q: PlayerId) {
        let Some(&b) = self.body(q).filter(|b| b.on_board) else {
            return;
        };
        let board = self.arena.board().board_id(b.pos);
        let spot = match board.and_then(|id| self.arena.reboot_token(id)) {
            Some(tok) if !self.options.dynamic_archiving => tok,
            _ => self.players[q.index()].archive,
        };
        if spot.0 == b.pos || !make_room(self, spot.0, spot.1) {
            let _ = self.after_moves();
            return;
        }
        self.bodies.set_pos(RobotId::of(q), spot.0);
        self.emit(Event::Grid(GridEvent::Moved {
            robot: RobotId::of(q),
            from: b.pos,
            to: spot.0,
            cause: Cause::Placed,
        }));
        let _ = self.after_moves();
    }
}
