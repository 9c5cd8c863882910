//! A register in the rulebook's order, written once as a pipeline:
//! trap doors open, the cards by priority, express belts, all belts,
//! currents, pushers, gears, crushers, board lasers, robot lasers (all at
//! once), the pervasive board lasers' second look, flamers, radioactive
//! waste, then flags, repair sites and chop shops touched.

use super::{Event, Race, Task, REGISTERS};
use crate::cards::Kind;
use crate::tiles::{Cell, Tile};
use crate::world::{kind, Doom, Elements, Harm};
use robo_core::agenda::{self, TurnOrder, Turns};
use robo_core::geom::Turn;
use robo_core::ids::{PlayerId, RobotId};
use robo_core::motion::Cause;
use robo_core::pipeline::{ConveyorPass, Gears, GridWorld, Pipeline, PushPanels, Step, StepFlow};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

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
    Pipeline::new(vec![
        ClassicStep::TrapDoors,
        ClassicStep::Cards,
        ClassicStep::ExpressBelts,
        ClassicStep::Belts,
        ClassicStep::Currents,
        ClassicStep::Pushers,
        ClassicStep::Gears,
        ClassicStep::Crushers,
        ClassicStep::BoardLasers,
        ClassicStep::RobotLasers,
        ClassicStep::PervasiveLasers,
        ClassicStep::Flamers,
        ClassicStep::Waste,
        ClassicStep::Touch,
    ])
}

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
                flow
            }
            ClassicStep::Gears => Gears.run(&mut race.world, register),
            ClassicStep::BoardLasers => {
                race.world.board_lasers();
                StepFlow::Continue
            }
            ClassicStep::RobotLasers => {
                race.devices_live();
                // Only options give a choice of weapon: without any, every
                // robot fires its main laser at once.
                if race.robots.iter().all(|r| r.options.is_empty()) {
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
        match race.count_harm() {
            StepFlow::SetOff => StepFlow::SetOff,
            StepFlow::Continue => flow,
        }
    }
}

impl Race {
    /// Reveals register `register`'s cards and orders them by priority.
    pub(super) fn reveal(&mut self, register: u8) {
        self.register = register;
        self.world.register = register;
        self.emit(Event::RegisterStarted { register });
        self.order.clear();
        let slot = usize::from(register - 1);
        for i in 0..self.robots.len() {
            let p = PlayerId(i as u8);
            let r = &self.robots[i];
            let runs = r.alive() && !r.destroyed && r.power != super::Power::Down;
            if let (true, Some(card)) = (runs, r.registers.get(slot).copied().flatten()) {
                self.order.push(p);
                self.emit(Event::Revealed {
                    player: p,
                    register,
                    card,
                });
            }
        }
        self.abort_cards(register);
        self.randomize(register);
        self.reveal_options(register);
        // Sorted on plain keys (priority, then seat), read once each:
        // priorities differ, so this is the order by priority alone.
        let mut keys: SmallVec<[u32; 8]> = self
            .order
            .iter()
            .map(|p| {
                let priority = self.robots[p.index()].registers[slot].map_or(0, |c| c.priority);
                (u32::from(u16::MAX - priority) << 8) | u32::from(p.0)
            })
            .collect();
        keys.sort_unstable();
        for (p, k) in self.order.iter_mut().zip(&keys) {
            *p = PlayerId((k & 0xff) as u8);
        }
    }

    /// Every real robot standing on a cell of kind `kinds` whose tile
    /// `hit` picks comes to `harm`.
    pub(super) fn on_tiles<A: Copy>(
        &mut self,
        kinds: u16,
        hit: impl Fn(Tile) -> bool,
        harm: fn(RobotId, A) -> Harm,
        what: A,
    ) {
        self.world
            .harm_where(kinds, |c| hit(c.tile), |r| harm(r, what));
    }

    /// A running robot on a randomizer has this register's card replaced
    /// by the top card of the undealt deck (the old card is discarded; a
    /// locked register stays locked with the new card).
    fn randomize(&mut self, register: u8) {
        if self.world.kinds_under() & kind::RANDOMIZER == 0 {
            return;
        }
        let slot = usize::from(register - 1);
        for i in 0..self.robots.len() {
            let p = PlayerId(i as u8);
            let r = &self.robots[i];
            let id = RobotId::of(p);
            if r.destroyed
                || r.power == super::Power::Down
                || self.world.is_ghost(id)
                || self.world.is_flying(id)
            {
                continue;
            }
            if self.tile_under(p) != Some(Tile::Randomizer) || r.registers[slot].is_none() {
                continue;
            }
            let Some(card) = self.deck.pop() else {
                continue;
            };
            self.robots[i].registers[slot] = Some(card);
            self.robots[i].extra[slot].clear();
            self.emit(Event::Randomized {
                player: p,
                register,
                card,
            });
        }
    }

    /// One robot's cards of the register being resolved: the primary
    /// card, then any extra cards the register holds. A primary card an
    /// option may lengthen or shorten (Brakes, Fourth Gear, Reverse
    /// Gears) waits for its owner's choice of distance first
    /// ([`Task::Distance`]).
    pub(super) fn card_turn(&mut self, p: PlayerId) -> StepFlow {
        let slot = usize::from(self.register.clamp(1, REGISTERS as u8) - 1);
        let robot = &self.robots[p.index()];
        let (Some(card), false) = (robot.registers[slot], robot.destroyed) else {
            return StepFlow::Continue;
        };
        self.gadgets(p);
        if self.robots[p.index()].destroyed {
            return self.count_harm();
        }
        if self.may_hop(p, card.kind) {
            let register = self.register;
            return agenda::set_off(
                self,
                &[Task::Hop {
                    player: p,
                    register,
                }],
            );
        }
        self.card_ready(p, card)
    }

    /// Robot `p` runs its cards of this register, once any question the
    /// Frog Legs asked is answered: a primary card an option may lengthen
    /// or shorten waits for its owner's choice of distance first.
    pub(super) fn card_ready(&mut self, p: PlayerId, card: crate::cards::Card) -> StepFlow {
        // Only an option changes a card's distance.
        if !self.robots[p.index()].options.is_empty()
            && self.world.at(RobotId::of(p)).is_some()
            && !self.distances(p, card.kind).is_empty()
        {
            let register = self.register;
            return agenda::set_off(
                self,
                &[Task::Distance {
                    player: p,
                    register,
                }],
            );
        }
        self.run_program(p, card, None)
    }

    /// Robot `p` carries out this register's cards: the primary `card`
    /// (moving `distance` cells instead of its own, if given), then the
    /// extra cards; then the harm is counted.
    pub(super) fn run_program(
        &mut self,
        p: PlayerId,
        card: crate::cards::Card,
        distance: Option<u8>,
    ) -> StepFlow {
        let slot = usize::from(self.register.clamp(1, REGISTERS as u8) - 1);
        if self.robots[p.index()].extra[slot].is_empty() {
            // One card (most registers): nothing to copy.
            self.run_card(p, card, distance);
            if self.robots[p.index()].hop {
                self.land_hop(p);
            }
            return self.count_harm();
        }
        let extra = self.robots[p.index()].extra[slot].clone();
        if self.run_stacked(p, card, distance) {
            self.land_hop(p);
            return self.count_harm();
        }
        self.run_card(p, card, distance);
        for card in extra {
            if self.robots[p.index()].destroyed {
                break;
            }
            self.run_card(p, card, None);
        }
        self.land_hop(p);
        self.count_harm()
    }

    /// Robot `p` carries out `card` (if it is on the board), moving
    /// `distance` cells instead of the card's own if given.
    pub(super) fn run_card(&mut self, p: PlayerId, card: crate::cards::Card, distance: Option<u8>) {
        let r = RobotId::of(p);
        let Some((_, facing)) = self.world.at(r) else {
            return;
        };
        let cells = distance.unwrap_or_else(|| card.kind.steps().unsigned_abs());
        let cells = cells + self.burn_fuel(p, card.kind, cells);
        let w = &mut self.world;
        let rammed = match card.kind {
            Kind::UTurn => return w.turn_robot(r, Turn::UTurn, Cause::Move),
            Kind::RotateLeft => return w.turn_robot(r, Turn::Left, Cause::Move),
            Kind::RotateRight => return w.turn_robot(r, Turn::Right, Cause::Move),
            _ if cells == 0 => return,
            Kind::BackUp => w.card_move(r, facing.opposite(), cells, true),
            _ => w.card_move(r, facing, cells, false),
        };
        if !rammed.is_empty() {
            self.ram(p, &rammed);
            self.reengineer_asks(p, &rammed);
        }
    }

    /// Robots touch flags and repair sites; those that touch their last
    /// flag finish ([`Race::finish_robots`]: the one that moved first this
    /// register takes the better place).
    fn touch(&mut self) -> StepFlow {
        let total = self.course().checkpoints().len() as u8;
        let mut finished: SmallVec<[PlayerId; 8]> = SmallVec::new();
        let when = (self.round, self.register);
        for i in 0..self.robots.len() {
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
        self.chop_shops()
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

    /// Counts the harm the grid did: damage tokens, destruction. Tokens
    /// coming to a robot that holds a guard wait for its owner's decision
    /// ([`Task::Prevent`], put on the agenda: the result is then
    /// [`StepFlow::SetOff`]).
    #[inline]
    pub(super) fn count_harm(&mut self) -> StepFlow {
        // Nothing to count (after most steps and cards): no call.
        if self.world.harm.is_empty()
            && !self.world.may_have_ghosts()
            && self.scratch.asks.is_empty()
        {
            return StepFlow::Continue;
        }
        self.count_harm_now()
    }

    /// [`Race::count_harm`] with something to count.
    #[inline(never)]
    fn count_harm_now(&mut self) -> StepFlow {
        let mut asks: SmallVec<[Task; 2]> = SmallVec::new();
        // In the order it came, a batch at a time: harm the counting adds
        // is counted after it.
        while !self.world.harm.is_empty() {
            for harm in std::mem::take(&mut self.world.harm) {
                let (r, n) = match harm {
                    Harm::Damage(r, n) => (r, n),
                    Harm::Shot {
                        robot,
                        tokens,
                        dir,
                        by,
                    } => (robot, self.count_shot(robot, tokens, dir, by)),
                    Harm::Destroyed(r, doom) => {
                        self.destroy(r, doom);
                        continue;
                    }
                };
                let Some(robot) = self.robots.get(r.index()) else {
                    continue;
                };
                if robot.destroyed || self.world.is_ghost(r) || n == 0 {
                    continue;
                }
                let n = self.absorb(r, n);
                let n = self.convert(r, n);
                let robot = &self.robots[r.index()];
                if n == 0 {
                    continue;
                }
                if robot.guards.is_empty() && robot.options.is_empty() {
                    self.take_damage(r, n);
                } else {
                    asks.push(Task::Prevent {
                        player: PlayerId::of(r),
                        tokens: n,
                    });
                }
            }
        }
        if !self.scratch.asks.is_empty() {
            asks.extend(self.scratch.asks.drain(..));
        }
        for r in self.world.settle_ghosts() {
            self.emit(Event::BecameReal {
                player: PlayerId::of(r),
            });
        }
        agenda::set_off(self, &asks)
    }

    /// Robot `r` takes `n` damage tokens (destroyed at the tenth).
    fn take_damage(&mut self, r: RobotId, n: u8) {
        let Some(robot) = self.robots.get_mut(r.index()) else {
            return;
        };
        if robot.destroyed {
            return;
        }
        robot.damage = robot.damage.saturating_add(n).min(super::DEADLY_DAMAGE);
        let damage = robot.damage;
        self.emit(Event::Damaged {
            player: PlayerId::of(r),
            amount: n,
            damage,
        });
        if damage >= super::DEADLY_DAMAGE {
            self.destroy(r, Doom::Damage);
        }
    }

    /// `p`'s answer to the first of `tokens` damage tokens: guard `guard`
    /// given up instead, or the token taken (`None`). The rest come on as
    /// new tokens, asked again while a guard is left.
    pub(super) fn prevent(&mut self, p: PlayerId, tokens: u8, guard: Option<u8>) {
        let r = RobotId::of(p);
        let Some(robot) = self.robots.get_mut(p.index()) else {
            return;
        };
        let spares = robot.guards.len();
        match guard.map(usize::from) {
            Some(i) if i < spares => {
                let guard = robot.guards.remove(i);
                self.emit(Event::Prevented { player: p, guard });
            }
            Some(i) if i - spares < robot.options.len() => {
                let held = robot.options.remove(i - spares);
                let guard = super::Guard::Option(held.card);
                self.emit(Event::Prevented { player: p, guard });
                self.bio_discarded(p, held.card);
                self.option_gone(p, held.card, held.payload);
            }
            _ => self.take_damage(r, 1),
        }
        if tokens > 1 {
            self.world.harm.push(Harm::Damage(r, tokens - 1));
        }
        let _ = self.count_harm();
    }

    /// A robot is destroyed: off the board for the rest of the turn, a
    /// life lost, its cards gone.
    fn destroy(&mut self, r: RobotId, doom: Doom) {
        let immortal = self.variants.immortality;
        let Some(robot) = self.robots.get_mut(r.index()) else {
            return;
        };
        if robot.destroyed {
            return;
        }
        robot.destroyed = true;
        if !immortal {
            robot.lives = robot.lives.saturating_sub(1);
        }
        robot.registers = [None; REGISTERS];
        robot.extra = Default::default();
        robot.hand.clear();
        let lives = robot.lives;
        self.world.remove(r);
        self.emit(Event::Destroyed {
            player: PlayerId::of(r),
            doom,
            lives,
        });
        self.note_archive_copy(PlayerId::of(r));
        self.unlock_fire_control(PlayerId::of(r));
        self.lose_to_destruction(PlayerId::of(r));
    }

    /// The tile a robot stands on.
    pub(super) fn tile_under(&self, p: PlayerId) -> Option<Tile> {
        self.world
            .at(RobotId::of(p))
            .and_then(|(at, _)| self.world.tile(at))
    }
}
