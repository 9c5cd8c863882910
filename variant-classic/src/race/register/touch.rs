//! Flags and repair sites touched at the end of the register; chop shops.

use crate::race::{Event, Race, Task};
use crate::tiles::Tile;
use crate::world::kind;
use robo_core::agenda;
use robo_core::ids::{PlayerId, RobotId};
use robo_core::pipeline::StepFlow;
use smallvec::SmallVec;

impl Race {
    /// Robots touch flags and repair sites; those that touch their last
    /// flag finish ([`Race::finish_robots`]: the one that moved first this
    /// register takes the better place).
    pub(super) fn touch(&mut self) -> StepFlow {
        let total = self.course().checkpoints().len() as u8;
        let mut finished: SmallVec<[PlayerId; 8]> = SmallVec::new();
        // Scavenger Hunt: the picks of robots reaching a flag the first time.
        let mut picks: SmallVec<[Task; 8]> = SmallVec::new();
        let when = (self.core.round, self.core.register);
        let quiet = self.options_quiet();
        let touching = self.touching(quiet);
        for i in 0..self.robots.len() {
            // Nobody on a flag or a repair site, and no option to reach
            // one (most registers): nothing to touch.
            if i < 64 && touching & (1 << i) == 0 {
                continue;
            }
            let p = PlayerId(i as u8);
            let Some((at, _)) = self.world.at(RobotId::of(p)) else {
                continue;
            };
            let flag = self.world.flag_cells().iter().position(|&f| f == at);
            let mut flag = flag.map(|k| k as u8 + 1);
            let repair = self.world.table().kinds_at(at) & kind::REPAIR != 0;
            // Not on a flag or a repair site, and no option to reach one.
            if flag.is_none() && !repair && self.robots[i].options.is_empty() {
                continue;
            }
            let next = self.robots[i].flags + 1;
            // Where the robot touches: its cell, or the flag its Mechanical
            // Arm tags.
            let mut at = at;
            if flag != Some(next) {
                if let Some(tagged) = self.arm_tags(p, at, self.world.flag_cells()) {
                    (flag, at) = (Some(next), tagged);
                }
            }
            let robot = &mut self.robots[i];
            if flag == Some(next) {
                robot.flags += 1;
                robot.reached = Some(when);
                let flag = robot.flags;
                self.emit(Event::FlagTouched { player: p, flag });
                if flag == total {
                    finished.push(p);
                }
            }
            if let Some(k) = flag {
                self.scavenge_reach(p, k, &mut picks);
            }
            // (A flag the arm tags moved `at`; then `flag` is set.)
            let site = flag.is_some() || repair;
            if site && self.robots[i].archive != at {
                self.robots[i].archive = at;
                self.emit(Event::ArchiveMoved { player: p, at });
            }
        }
        if self.finish_robots(&finished) {
            return StepFlow::SetOff;
        }
        // A robot that finished is out of the race: it takes nothing.
        picks.retain(|t| match t {
            Task::Scavenge { player, .. } => self.robots[player.index()].place.is_none(),
            _ => true,
        });
        let chops = self.chop_shops();
        // The picks come before the chop shops' offers.
        if self.scavenge_asks(picks) {
            return StepFlow::SetOff;
        }
        chops
    }

    /// The robots (a bit per seat, seats from 64 on always set) that may
    /// touch something: those standing on a flag or a repair site, and,
    /// unless no option is in effect (`quiet`), those holding options.
    fn touching(&self, quiet: bool) -> u64 {
        let flags = self.world.flag_cells();
        let table = self.world.table();
        let mut touching = 0u64;
        for (i, b) in self.world.bodies().as_slice().iter().enumerate() {
            let on_site =
                b.on_board && (flags.contains(&b.pos) || table.kinds_at(b.pos) & kind::REPAIR != 0);
            if i >= 64 || on_site || (!quiet && !self.robots[i].options.is_empty()) {
                touching |= 1 << i.min(63);
            }
        }
        touching
    }

    /// Robots on chop shops are offered an option, one after another in
    /// an order the game's RNG draws (no order is given by the rules).
    fn chop_shops(&mut self) -> StepFlow {
        if !self.world.elements().chop_shops {
            return StepFlow::Continue;
        }
        let mut on: SmallVec<[Task; 8]> = SmallVec::new();
        for r in self.world.standing_on(|t| t == Tile::ChopShop) {
            if !self.robots[r.index()].destroyed {
                on.push(Task::ChopShop(PlayerId::of(r)));
            }
        }
        if on.is_empty() {
            return StepFlow::Continue;
        }
        self.rng.shuffle(&mut on);
        agenda::then(self, &on);
        StepFlow::SetOff
    }
}
