//! The board elements of a register as this edition runs them: which
//! elements have a robot to act on (element kinds under the robots), the
//! robots on moving belts, the laser mounts that can hit, laser damage,
//! batteries, and what moves by elements set off.

use crate::arena::kind;
use crate::events::{Event, Source};
use crate::race::Race;
use crate::task::Task;
use crate::tiles::Tile;
use crate::upgrades::Upgrade;
use robo_core::agenda::Turns;
use robo_core::event::GridEvent;
use robo_core::pipeline::{GridWorld, Robots, StepFlow};
use robo_core::{PlayerId, RobotId};
use smallvec::SmallVec;

impl Race {
    /// After board elements or anything but a card moved robots: falls
    /// become reboot tasks, and pushes are reported (a Spiky robot hurts the
    /// robot that pushed it).
    pub(crate) fn after_moves(&mut self) -> StepFlow {
        if self.scratch.notes.is_quiet() {
            return StepFlow::Continue;
        }
        let mut tasks: SmallVec<[Task; 8]> = SmallVec::new();
        self.fall_tasks(&mut tasks);
        for push in self.scratch.notes.take_pushes() {
            self.report_push(push, &mut tasks);
        }
        self.set_off(&tasks)
    }

    /// The [`kind`] bits of the elements under the robots on the board,
    /// kept until a robot moves.
    pub(crate) fn kinds_under(&mut self) -> u8 {
        let (bodies, arena) = (&self.bodies, &self.arena);
        self.scratch.kinds.get(bodies.generation(), || {
            arena.table().kinds_under(bodies.cells())
        })
    }

    /// The robots standing on a belt this conveyor pass moves, in robot
    /// order: those whose cell has one of the kind bits `belts` (the
    /// pass's belts, read from the cell table).
    pub(crate) fn belt_riders(&self, belts: u8) -> Robots {
        let mut out = Robots::new();
        let table = self.arena.table();
        for (r, b) in self.bodies.placed() {
            if table.kinds_at(b.pos) & belts != 0 {
                out.push(r);
            }
        }
        out
    }

    /// Picks the mounts whose beams reach a robot's cell, in mount order.
    pub(crate) fn find_live_mounts(&mut self) {
        let (bodies, arena) = (&self.bodies, &self.arena);
        self.scratch.live_mounts.find(arena.table(), bodies.cells());
    }

    /// Board laser hits become damage (one card per beam, in mount order),
    /// then Energy Conversion is offered.
    pub(crate) fn queue_laser_damage(&mut self) -> StepFlow {
        let conversion = self.upgrades_on()
            && self
                .players
                .iter()
                .any(|pl| pl.has(Upgrade::EnergyConversion));
        if self.scratch.hits.is_empty() && !conversion {
            return StepFlow::Continue;
        }
        let hits = std::mem::take(&mut self.scratch.hits);
        let mut tasks: SmallVec<[Task; 8]> = SmallVec::new();
        for hit in &hits {
            self.core.emit(Event::Grid(GridEvent::BoardLaser(*hit)));
            self.hurt(
                PlayerId::of(hit.robot),
                hit.beams,
                Source::BoardLaser,
                &mut tasks,
            );
        }
        if conversion {
            tasks.push(Task::Conversions(Turns::from(self.priority)));
        }
        self.scratch.hits = hits;
        self.scratch.hits.clear();
        self.set_off(&tasks)
    }

    /// Batteries: +1 energy to each robot ending the register on one.
    pub(crate) fn batteries(&mut self) {
        if self.kinds_under() & kind::BATTERY == 0 {
            return;
        }
        for i in 0..self.players.len() {
            let p = PlayerId(i as u8);
            let Some(&b) = self.bodies.on_board(RobotId::of(p)) else {
                continue;
            };
            if self.players[i].status.powered()
                && self.arena.tile(b.pos) == Some(Tile::Battery)
                && self.element_active(b.pos)
            {
                self.gain_energy(p, 1);
            }
        }
    }
}
