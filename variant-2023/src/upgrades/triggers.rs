//! Upgrades that react to what happens: Magnetic (a neighbour moves by a
//! card), Piercing Drill and Modular Chassis (the robot's card pushed
//! someone), Energy Conversion (board laser damage).

use super::Upgrade;
use crate::actions::{Action, Decision};
use crate::events::{Event, Source};
use crate::race::Race;
use crate::task::Op;
use crate::task::{Flow, Task};
use robo_core::agenda::{self, Turns};
use robo_core::geom::Dir;
use robo_core::motion::Arena as _;
use robo_core::pipeline::StepFlow;
use robo_core::PlayerId;
use smallvec::SmallVec;

impl Race {
    /// Robots with Magnetic next to `p` (not through a wall), before `p`'s
    /// card moves it.
    pub(crate) fn magnets_near(&self, p: PlayerId) -> SmallVec<[PlayerId; 4]> {
        let mut out = SmallVec::new();
        let Some(&b) = self.body(p).filter(|b| b.on_board) else {
            return out;
        };
        // Noted when the register began: nobody can install Magnetic
        // during a register, so "nobody" stays true until it ends.
        debug_assert!(
            self.scratch.magnetic_somewhere != Some(false) || !self.magnetic_somewhere(),
            "Magnetic appeared during a register"
        );
        if self.scratch.magnetic_somewhere == Some(false) || !self.magnetic_somewhere() {
            return out;
        }
        for d in Dir::ALL {
            if self.arena.board().blocks(b.pos, d) {
                continue;
            }
            if let Some(q) = self.robot_at(b.pos.step(d)).map(PlayerId::of) {
                if self.has(q, Upgrade::Magnetic) {
                    out.push(q);
                }
            }
        }
        out
    }

    /// Does any robot have Magnetic installed (and are upgrades in play)?
    pub(crate) fn magnetic_somewhere(&self) -> bool {
        self.upgrades_on()
            && self
                .players
                .iter()
                .any(|pl| pl.slots.temporary.contains(&Upgrade::Magnetic))
    }

    pub(crate) fn magnetic(
        &mut self,
        p: PlayerId,
        dir: Dir,
        steps: u8,
        answer: Option<&Action>,
    ) -> Flow {
        if !self.on_board(p) || !self.has(p, Upgrade::Magnetic) {
            return Flow::Next;
        }
        match answer {
            None => Flow::Wait(p, Decision::Magnetic),
            Some(Action::Follow(true)) => {
                self.discard_installed(p, Upgrade::Magnetic);
                self.emit(Event::UpgradeUsed {
                    player: p,
                    upgrade: Upgrade::Magnetic,
                });
                self.then1(Task::Op {
                    player: p,
                    op: Op::Step { dir, steps },
                });
                Flow::Next
            }
            Some(_) => Flow::Next,
        }
    }

    pub(crate) fn pierce_options(&self, _target: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::Pierce(None));
        out.extend(Dir::ALL.map(|d| Action::Pierce(Some(d))));
    }

    pub(crate) fn pierce(
        &mut self,
        p: PlayerId,
        target: PlayerId,
        answer: Option<&Action>,
    ) -> Flow {
        if !self.has(p, Upgrade::PiercingDrill) {
            return Flow::Next;
        }
        match answer {
            None => Flow::Wait(p, Decision::PiercingDrill),
            Some(&Action::Pierce(Some(d))) => {
                self.discard_installed(p, Upgrade::PiercingDrill);
                self.emit(Event::UpgradeUsed {
                    player: p,
                    upgrade: Upgrade::PiercingDrill,
                });
                self.then(&[
                    Task::Damage {
                        player: target,
                        amount: 1,
                        source: Source::Other,
                    },
                    Task::Op {
                        player: target,
                        op: Op::Face(d),
                    },
                ]);
                Flow::Next
            }
            Some(_) => Flow::Next,
        }
    }

    pub(crate) fn chassis_options(&self, target: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::Exchange(None));
        if let Some(t) = self.players.get(target.index()) {
            out.extend(
                t.slots
                    .permanent
                    .iter()
                    .chain(t.slots.temporary.iter())
                    .map(|&u| Action::Exchange(Some(u))),
            );
        }
    }

    pub(crate) fn chassis(
        &mut self,
        p: PlayerId,
        target: PlayerId,
        answer: Option<&Action>,
    ) -> Flow {
        // Only an installed (not a Haywire's loaned) Modular Chassis can be given.
        let owns = self.upgrades_on()
            && self.players[p.index()]
                .slots
                .permanent
                .contains(&Upgrade::ModularChassis);
        if !owns || target == p || target.index() >= self.players.len() {
            return Flow::Next;
        }
        match answer {
            None => Flow::Wait(p, Decision::ModularChassis),
            Some(&Action::Exchange(Some(u))) => {
                let t = &mut self.players[target.index()];
                let Some(i) = t.installed_of(u.kind()).iter().position(|x| *x == u) else {
                    return Flow::Next;
                };
                t.installed_of_mut(u.kind()).remove(i);
                t.slots.permanent.push(Upgrade::ModularChassis);
                t.reg.traded = Some(Upgrade::ModularChassis);
                self.upgrade_left(target, u);
                let me = &mut self.players[p.index()];
                me.slots.permanent.retain(|x| *x != Upgrade::ModularChassis);
                me.installed_of_mut(u.kind()).push(u);
                me.reg.traded = Some(u);
                self.emit(Event::UpgradesExchanged {
                    from: p,
                    to: target,
                    taken: u,
                });
                Flow::Next
            }
            Some(_) => Flow::Next,
        }
    }

    /// After board lasers: Energy Conversion for robots they damaged, in
    /// priority order.
    /// Energy Conversion offers, in priority order, to robots a board
    /// laser damaged this register.
    pub(crate) fn conversions(&mut self, turns: Turns) -> StepFlow {
        agenda::run_turns(
            self,
            turns,
            Race::turn_order,
            |race, p| {
                if race.players[p.index()].reg.board_laser_damaged
                    && race.has(p, Upgrade::EnergyConversion)
                {
                    race.set_off(&[Task::Conversion { player: p }])
                } else {
                    StepFlow::Continue
                }
            },
            Task::Conversions,
        )
    }

    pub(crate) fn conversion(&mut self, p: PlayerId, answer: Option<&Action>) -> Flow {
        if !self.on_board(p) {
            return Flow::Next;
        }
        match answer {
            None => Flow::Wait(p, Decision::EnergyConversion),
            Some(&Action::Shift(Some(rel))) => self.upgrade_step(p, Upgrade::EnergyConversion, rel),
            Some(_) => Flow::Next,
        }
    }
}
