//! A register in the rulebook's order, written once as a pipeline:
//! trap doors open, the cards by priority, express belts, all belts,
//! currents, pushers, gears, crushers, board lasers, robot lasers (all at
//! once), the pervasive board lasers' second look, flamers, radioactive
//! waste, then flags, repair sites and chop shops touched.

mod cards;
mod harm;
mod reveal;
mod touch;

use super::{Race, Task};
use crate::tiles::{Cell, Tile};
use crate::world::{kind, Doom, Elements, Harm};
use robo_core::agenda::{self, TurnOrder, Turns};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::pipeline::{ConveyorPass, Gears, Pipeline, PushPanels, Step, StepFlow};
use robo_core::race::frame::Kinds;
use serde::{Deserialize, Serialize};

/// A step of the classic register, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ClassicStep {
    /// Trap doors of this register open: robots on them fall.
    TrapDoors,
    /// Robots move one at a time by their cards' priority (highest first).
    Cards,
    /// Express belts move one cell.
    ExpressBelts,
    /// All belts (express ones included) move one cell.
    Belts,
    /// Currents move one cell.
    Currents,
    /// Pushers of this register push.
    Pushers,
    /// Gears turn.
    Gears,
    /// Crushers of this register destroy the robots on them.
    Crushers,
    /// Board lasers fire.
    BoardLasers,
    /// Robots fire forward, all at once.
    RobotLasers,
    /// Pervasive board lasers: a robot a beam reaches now that it did not
    /// reach at the board lasers' step (the robot that shielded it moved
    /// or was destroyed, or it was moved into the beam) takes 1 damage.
    PervasiveLasers,
    /// Flamers of this register burn the robots on them (1 damage).
    Flamers,
    /// Radioactive waste burns the robots on it (1 damage).
    Waste,
    /// Robots touch flags (in order) and repair sites: archive markers
    /// move; the last flag wins.
    Touch,
}

/// The classic register, as data.
///
/// ```
/// use variant_classic::race::{register_pipeline, ClassicStep};
/// let steps = register_pipeline();
/// assert_eq!(steps.steps().first(), Some(&ClassicStep::TrapDoors));
/// assert_eq!(steps.steps().last(), Some(&ClassicStep::Touch));
/// ```
#[must_use]
pub fn register_pipeline() -> Pipeline<ClassicStep> {
    Pipeline::new(STEPS.iter().map(|&(s, _)| s).collect())
}

/// The register's steps in order, each with the [`kind`] bits of the cells
/// it acts on ([`ClassicStep::kinds`]; 0 for a step that acts wherever the
/// robots are): the frame passes a step over while no robot or flag stands
/// on one of its kinds.
pub(in crate::race) const STEPS: [(ClassicStep, Kinds); 14] = [
    (ClassicStep::TrapDoors, kind::TRAP_DOOR),
    (ClassicStep::Cards, 0),
    (ClassicStep::ExpressBelts, kind::EXPRESS),
    (ClassicStep::Belts, kind::BELT),
    (ClassicStep::Currents, kind::CURRENT),
    (ClassicStep::Pushers, kind::PUSHER),
    (ClassicStep::Gears, kind::GEAR),
    (ClassicStep::Crushers, kind::CRUSHER),
    (ClassicStep::BoardLasers, 0),
    (ClassicStep::RobotLasers, 0),
    (ClassicStep::PervasiveLasers, 0),
    (ClassicStep::Flamers, kind::FLAMER),
    (ClassicStep::Waste, kind::WASTE),
    (ClassicStep::Touch, 0),
];

/// The card order of the register being resolved.
fn by_priority(race: &Race) -> TurnOrder<'_> {
    TurnOrder::Listed(&race.order)
}

impl ClassicStep {
    /// Does the step have something to act on, on a course with
    /// `elements`? A step without (gears on a course with no gear) is
    /// skipped: it could change nothing.
    #[must_use]
    pub fn acts_on(self, elements: Elements) -> bool {
        match self {
            ClassicStep::TrapDoors => elements.trap_doors,
            ClassicStep::ExpressBelts => elements.express_belts,
            ClassicStep::Belts => elements.belts,
            ClassicStep::Currents => elements.currents,
            ClassicStep::Pushers => elements.pushers,
            ClassicStep::Gears => elements.gears,
            ClassicStep::Crushers => elements.crushers,
            ClassicStep::BoardLasers | ClassicStep::PervasiveLasers => elements.lasers,
            ClassicStep::Flamers => elements.flamers,
            ClassicStep::Waste => elements.waste,
            ClassicStep::Cards | ClassicStep::RobotLasers | ClassicStep::Touch => true,
        }
    }
}

impl ClassicStep {
    /// The kinds of cell ([`kind`] bits) the step acts on, for a step that
    /// acts only on the robots and flags standing on its element (`None`:
    /// the step acts wherever the robots are).
    #[must_use]
    pub fn kinds(self) -> Option<u16> {
        match self {
            ClassicStep::TrapDoors => Some(kind::TRAP_DOOR),
            ClassicStep::ExpressBelts => Some(kind::EXPRESS),
            ClassicStep::Belts => Some(kind::BELT),
            ClassicStep::Currents => Some(kind::CURRENT),
            ClassicStep::Pushers => Some(kind::PUSHER),
            ClassicStep::Gears => Some(kind::GEAR),
            ClassicStep::Crushers => Some(kind::CRUSHER),
            ClassicStep::Flamers => Some(kind::FLAMER),
            ClassicStep::Waste => Some(kind::WASTE),
            _ => None,
        }
    }
}

impl Step<Race> for ClassicStep {
    fn run(&self, race: &mut Race, register: u8) -> StepFlow {
        // Every step ends with its harm counted, so a skipped step leaves
        // nothing behind.
        if !self.acts_on(race.world.elements()) {
            return StepFlow::Continue;
        }
        // Nobody stands on the step's element: it could change nothing.
        if self
            .kinds()
            .is_some_and(|k| race.world.kinds_under() & k == 0)
        {
            if !race.world.devices.is_empty() {
                race.floor_step(*self, register);
            }
            return StepFlow::Continue;
        }
        let flow = match self {
            ClassicStep::Cards => {
                if !race.world.devices.is_empty() {
                    race.fly_missiles();
                    race.fly_drones();
                }
                agenda::run_turns(
                    race,
                    Turns::from(PlayerId(0)),
                    by_priority,
                    Race::card_turn,
                    |turns| Task::Cards { register, turns },
                )
            }
            ClassicStep::ExpressBelts => {
                race.world.convey(ConveyorPass::EXPRESS);
                StepFlow::Continue
            }
            ClassicStep::Belts => {
                race.world.convey(ConveyorPass::ALL);
                StepFlow::Continue
            }
            ClassicStep::Currents => {
                race.world.flow();
                StepFlow::Continue
            }
            ClassicStep::Pushers => {
                let flow = PushPanels.run(&mut race.world, register);
                race.world.push_flags(register);
                race.world.goo_pushed(register);
                flow
            }
            ClassicStep::Gears => Gears.run(&mut race.world, register),
            ClassicStep::BoardLasers => {
                race.world.board_lasers();
                StepFlow::Continue
            }
            ClassicStep::RobotLasers => {
                if !race.world.devices.is_empty() {
                    race.devices_live();
                }
                // Only options give a choice of weapon: without any, every
                // robot fires its main laser at once.
                if race.options_quiet() || race.robots.iter().all(|r| r.options.is_empty()) {
                    race.fire(register)
                } else {
                    race.robot_lasers(register)
                }
            }
            ClassicStep::PervasiveLasers => {
                race.world.pervasive_lasers();
                StepFlow::Continue
            }
            ClassicStep::Touch => return race.touch(),
            ClassicStep::TrapDoors => {
                let open = |t: Tile| t.swallows(register);
                race.on_tiles(kind::TRAP_DOOR, open, Harm::Destroyed, Doom::TrapDoor);
                StepFlow::Continue
            }
            ClassicStep::Crushers => {
                let active = |c: &Cell| c.crusher().is_some_and(|r| r.contains(register));
                let crush = |r| Harm::Destroyed(r, Doom::Crusher);
                race.world.harm_where(kind::CRUSHER, active, crush);
                StepFlow::Continue
            }
            ClassicStep::Flamers => {
                let active = |t: Tile| matches!(t, Tile::Flamer(r) if r.contains(register));
                race.on_tiles(kind::FLAMER, active, Harm::Damage, 1);
                StepFlow::Continue
            }
            ClassicStep::Waste => {
                race.on_tiles(kind::WASTE, |_| true, Harm::Damage, 1);
                StepFlow::Continue
            }
        };
        if !race.world.devices.is_empty() {
            race.floor_step(*self, register);
        }
        match race.count_harm() {
            StepFlow::SetOff => StepFlow::SetOff,
            StepFlow::Continue => flow,
        }
    }
}

impl Race {
    /// Is no option in effect this register: no robot holds an option or
    /// has one placed, carries a mark a hook reads or a chosen weapon, and
    /// no device is on the board?
    /// Then every option hook of the register would do nothing, and the
    /// register skips them. Read once at the reveal
    /// ([`Race::read_quiet`]); an option drawn during the register makes
    /// it `false` (checked against the robots in debug builds).
    #[inline]
    pub(in crate::race) fn options_quiet(&self) -> bool {
        let quiet = self.scratch.quiet;
        debug_assert!(!quiet || self.quiet_now(), "options_quiet is stale");
        quiet
    }

    /// Reads [`Race::options_quiet`] from the robots and devices.
    pub(in crate::race) fn read_quiet(&mut self) {
        self.scratch.quiet = !self.scratch.general && self.quiet_now();
    }

    /// This game (not its copies) never takes the quiet path: every hook
    /// runs, as with options in play.
    #[cfg(test)]
    pub(in crate::race) fn always_general(&mut self) {
        self.scratch.general = true;
        self.scratch.quiet = false;
    }

    /// Forgets [`Race::options_quiet`]: an option may now be in effect.
    pub(in crate::race) fn not_quiet(&mut self) {
        self.scratch.quiet = false;
    }

    /// [`Race::options_quiet`] read from the robots and devices now: what
    /// the hooks read (the options held and placed, the Robo-Copter's,
    /// Radio Control's and Abort Switch's marks, a weapon chosen).
    fn quiet_now(&self) -> bool {
        self.world.devices.is_empty()
            && self.robots.iter().all(|r| {
                r.options.is_empty()
                    && r.program.placed.is_empty()
                    && r.marks.copter.is_none()
                    && r.marks.radio.is_none()
                    && r.marks.aborted != self.core.round
                    && r.weapon.is_none()
            })
    }

    /// Every real robot standing on a cell of kind `kinds` whose tile
    /// `hit` picks comes to `harm`.
    pub(in crate::race) fn on_tiles<A: Copy>(
        &mut self,
        kinds: u16,
        hit: impl Fn(Tile) -> bool,
        harm: fn(RobotId, A) -> Harm,
        what: A,
    ) {
        self.world
            .harm_where(kinds, |c| hit(c.tile), |r| harm(r, what));
    }

    /// The tile a robot stands on.
    pub(in crate::race) fn tile_under(&self, p: PlayerId) -> Option<Tile> {
        self.world
            .at(RobotId::of(p))
            .and_then(|(at, _)| self.world.tile(at))
    }
}
