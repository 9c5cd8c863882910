//! Robot fire: each running robot's main laser, changed by the laser
//! modifications it holds (Double-Barrel Laser, High Power Laser), its
//! additional weapons (Rear Laser), and the optional weapons its owner may
//! fire in the main laser's place (Pressor Beam, Tractor Beam,
//! Mini-Howitzer, Big Gun, Scrambler, Interceptor). Every shot is aimed before any is
//! counted (the robots fire at once); the weapons' forced moves come after
//! the damage.

use super::{Event, Power, Race, Task, REGISTERS};
use crate::options::OptionCard;
use crate::world::World;
use robo_core::agenda;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::motion::{move_robot, Cause, Move};
use robo_core::pipeline::StepFlow;
use robo_core::race::fire::{nearest_visible, FireOptions, Hit};
use smallvec::SmallVec;

/// The nearest robot a shot of robot `by` from `from` towards `dir`
/// reaches, through `walls` walls.
fn nearest(world: &World, by: RobotId, from: Pos, dir: Dir, walls: u8) -> Option<RobotId> {
    // The line of fire asks about each cell and the next one towards `dir`.
    let blocks = |a: Pos, _: Pos| world.blocks_shot(a, dir);
    let visible = |t: RobotId| !world.is_ghost(t) && world.in_sight(by, t);
    let options = FireOptions {
        walls,
        ..FireOptions::default()
    };
    nearest_visible(
        world.table(),
        world.bodies(),
        from,
        dir,
        options,
        blocks,
        visible,
    )
}

/// Is `card` one of the weapons [`Race::optional_weapons`] offers in the
/// main laser's place (the cards its usability check names)?
fn optional_weapon(card: OptionCard) -> bool {
    matches!(
        card,
        OptionCard::PressorBeam
            | OptionCard::TractorBeam
            | OptionCard::MiniHowitzer
            | OptionCard::BigGun
            | OptionCard::MissileLauncher
            | OptionCard::DroneLauncher
            | OptionCard::Scrambler
            | OptionCard::Interceptor
            | OptionCard::HomingDevice
            | OptionCard::RadioControl
    )
}

impl Race {
    /// Does robot `r` fire this register (running, on the board, real)?
    fn fires(&self, r: RobotId) -> bool {
        let rb = &self.robots[r.index()];
        rb.power != Power::Down && !rb.destroyed && !self.world.is_ghost(r)
    }

    /// The robots (a bit per seat, the first eight) that fire this
    /// register, for [`World::plain_volley`](crate::world::World): running
    /// ones, virtual or not (it declines when a virtual robot is on the
    /// board).
    fn main_lasers(&self) -> u8 {
        let mut bits = 0;
        for (i, rb) in self.robots.iter().take(8).enumerate() {
            if rb.power != Power::Down && !rb.destroyed {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// The robot lasers' step: robots holding an optional weapon with a
    /// target are asked which weapon they fire first (one after another,
    /// in an order the game's generator draws), then every robot fires.
    pub(super) fn robot_lasers(&mut self, register: u8) -> StepFlow {
        let mut ask: SmallVec<[Task; 4]> = SmallVec::new();
        for i in 0..self.robots.len() {
            let p = PlayerId(i as u8);
            if !self.optional_weapons(p).is_empty() {
                ask.push(Task::Weapon(p));
            }
        }
        if ask.is_empty() {
            return self.fire(register);
        }
        if ask.len() > 1 {
            self.rng.shuffle(&mut ask);
        }
        ask.push(Task::Fire(register));
        agenda::set_off(self, &ask)
    }

    /// The optional weapons robot `p` may fire now at the robot its main
    /// laser would hit (none without such a target): Pressor Beam; Tractor
    /// Beam at a robot not beside it; Mini-Howitzer and Big Gun while they
    /// have shells; Scrambler before the last register; Interceptor; Radio
    /// Control before the last register at a robot at most 6 cells away.
    pub(super) fn optional_weapons(&self, p: PlayerId) -> SmallVec<[OptionCard; 2]> {
        let mut out = SmallVec::new();
        let r = RobotId::of(p);
        let Some(robot) = self.robots.get(p.index()) else {
            return out;
        };
        if robot.options.is_empty() || robot.damped() || !self.fires(r) {
            return out;
        }
        // No optional weapon held (most robots): no target to look for.
        if !robot.options.iter().any(|h| optional_weapon(h.card)) {
            return out;
        }
        let Some((at, facing)) = self.world.at(r) else {
            return out;
        };
        let facing = self.aim(r, facing);
        let Some(target) = nearest(&self.world, r, at, facing, 0) else {
            return out;
        };
        let beside = self
            .world
            .at(target)
            .is_some_and(|(t, _)| at.step(facing) == t);
        for h in &robot.options {
            let usable = match h.card {
                OptionCard::PressorBeam => true,
                OptionCard::TractorBeam => !beside,
                OptionCard::MiniHowitzer
                | OptionCard::BigGun
                | OptionCard::MissileLauncher
                | OptionCard::DroneLauncher => h.payload > 0,
                OptionCard::Scrambler => usize::from(self.core.register) < REGISTERS,
                OptionCard::Interceptor => true,
                OptionCard::HomingDevice => robot.homing != Some(PlayerId::of(target)),
                OptionCard::RadioControl => {
                    usize::from(self.core.register) < REGISTERS
                        && self
                            .world
                            .at(target)
                            .is_some_and(|(t, _)| at.distance(t) <= super::options::RADIO_RANGE)
                }
                _ => false,
            };
            if usable {
                out.push(h.card);
            }
        }
        out
    }

    /// The robot robot `p`'s main laser would hit now, and the shot's
    /// direction (its facing, or its Turret's): what its optional weapons
    /// aim at. `None` when it does not fire or sees no robot.
    #[must_use]
    pub fn shot(&self, p: PlayerId) -> Option<(PlayerId, Dir)> {
        let r = RobotId::of(p);
        if self.robots.get(p.index()).is_none() || !self.fires(r) {
            return None;
        }
        let (at, facing) = self.world.at(r)?;
        let dir = self.aim(r, facing);
        nearest(&self.world, r, at, dir, 0).map(|t| (PlayerId::of(t), dir))
    }

    /// Robot `p`'s owner picked `weapon` (or the main laser) for this
    /// register's shot.
    pub(super) fn pick_weapon(&mut self, p: PlayerId, weapon: Option<OptionCard>) {
        if let Some(r) = self.robots.get_mut(p.index()) {
            r.weapon = weapon;
        }
    }

    /// Every running robot fires at once; each laser hit is one damage
    /// token; the optional weapons do what they do, their forced moves
    /// put on the agenda after the damage.
    pub(super) fn fire(&mut self, register: u8) -> StepFlow {
        let mut hits = std::mem::take(&mut self.scratch.hits);
        hits.clear();
        self.aim_all(&mut hits);
        let mut shoves: SmallVec<[Task; 2]> = SmallVec::new();
        let quiet = self.options_quiet();
        for h in &hits {
            self.world.log.push(GridEvent::Shot {
                from: h.by,
                target: h.target,
                dir: h.dir,
            });
            if !quiet {
                if let Some(ask) = self.fire_control(h) {
                    shoves.push(ask);
                    continue;
                }
            }
            let harm = self.world.shot(h.target, 1, h.dir, Some(h.by));
            self.world.harm.push(harm);
        }
        self.scratch.hits = hits;
        // (With no option in effect no robot chose a weapon.)
        for i in 0..if quiet { 0 } else { self.robots.len() } {
            let Some(weapon) = self.robots[i].weapon.take() else {
                continue;
            };
            self.fire_weapon(PlayerId(i as u8), weapon, register, &mut shoves);
        }
        // The forced moves wait under the damage's questions.
        agenda::then(self, &shoves);
        match self.count_harm() {
            StepFlow::Continue if shoves.is_empty() => StepFlow::Continue,
            _ => StepFlow::SetOff,
        }
    }

    /// Robot `p` fires `weapon` at the robot its main laser would hit.
    fn fire_weapon(
        &mut self,
        p: PlayerId,
        weapon: OptionCard,
        register: u8,
        shoves: &mut SmallVec<[Task; 2]>,
    ) {
        let r = RobotId::of(p);
        if !self.optional_weapons(p).contains(&weapon) {
            return;
        }
        let Some((at, facing)) = self.world.at(r) else {
            return;
        };
        let facing = self.aim(r, facing);
        let Some(target) = nearest(&self.world, r, at, facing, 0) else {
            return;
        };
        let player = PlayerId::of(target);
        self.world.log.push(GridEvent::Shot {
            from: r,
            target,
            dir: facing,
        });
        self.emit(Event::WeaponFired {
            player: p,
            option: weapon,
            target: player,
        });
        let shove = |player, dir| Task::Shove { player, dir };
        match weapon {
            OptionCard::PressorBeam => shoves.push(shove(player, facing)),
            OptionCard::TractorBeam => shoves.push(shove(player, facing.opposite())),
            OptionCard::MiniHowitzer => {
                self.spend(p, weapon);
                let harm = self.world.shot(target, 1, facing, None);
                self.world.harm.push(harm);
                shoves.push(shove(player, facing));
            }
            OptionCard::BigGun => {
                self.spend(p, weapon);
                let harm = self.world.shot(target, 2, facing, None);
                self.world.harm.push(harm);
                shoves.push(shove(p, facing.opposite()));
            }
            OptionCard::Scrambler => self.scramble(player, register + 1),
            OptionCard::Interceptor => self.tag(p, player),
            OptionCard::HomingDevice => self.tag_homing(p, player),
            OptionCard::RadioControl => self.radio(p, player),
            OptionCard::MissileLauncher => {
                self.spend(p, weapon);
                self.launch_missile(p);
            }
            OptionCard::DroneLauncher => {
                self.spend(p, weapon);
                self.launch_drone(p, target);
            }
            _ => {}
        }
    }

    /// One unit of `card`'s payload is spent.
    fn spend(&mut self, p: PlayerId, card: OptionCard) {
        let robot = &mut self.robots[p.index()];
        if let Some(h) = robot.options.iter_mut().find(|h| h.card == card) {
            h.payload = h.payload.saturating_sub(1);
        }
    }

    /// Scrambler: robot `p`'s card of register `register` is swapped for
    /// the top card of the undealt deck (the old card is discarded; a
    /// locked register stays locked with the new card).
    fn scramble(&mut self, p: PlayerId, register: u8) {
        let Some(slot) = usize::from(register)
            .checked_sub(1)
            .filter(|&s| s < REGISTERS)
        else {
            return;
        };
        if self.robots[p.index()].registers[slot].is_none() {
            return;
        }
        let Some(card) = self.deck.pop() else {
            return;
        };
        self.robots[p.index()].registers[slot] = Some(card);
        self.robots[p.index()].extra[slot].clear();
        self.emit(Event::Randomized {
            player: p,
            register,
            card,
        });
    }

    /// A weapon's forced move: robot `p` (if still on the board) is pushed
    /// one cell towards `dir`, pushing the robots in its way.
    pub(super) fn shove(&mut self, p: PlayerId, dir: Dir) {
        let r = RobotId::of(p);
        if self.world.at(r).is_some() {
            let m = Move::new(r, dir, 1).with_cause(Cause::Push { by: None });
            let _ = move_robot(&mut self.world, m);
        }
        let _ = self.count_harm();
    }

    /// Every running robot's shots, aimed before any is counted, into
    /// `hits` (each hit is one damage token). A robot firing an optional
    /// weapon fires no main laser (its additional weapons still fire).
    pub(super) fn aim_all(&self, hits: &mut Vec<Hit>) {
        let world = &self.world;
        // No option in effect: every main laser aimed at once.
        if self.options_quiet() && world.plain_volley(self.main_lasers(), hits) {
            return;
        }
        for (r, b) in world.bodies().placed() {
            if !self.fires(r) {
                continue;
            }
            let rb = &self.robots[r.index()];
            if rb.options.is_empty() {
                if let Some(target) = nearest(world, r, b.pos, b.facing, 0) {
                    hits.push(Hit {
                        by: r,
                        target,
                        dir: b.facing,
                    });
                }
                continue;
            }
            self.aim_armed(r, b.pos, b.facing, hits);
        }
    }

    /// The shots of a robot holding options.
    fn aim_armed(&self, r: RobotId, at: Pos, facing: Dir, hits: &mut Vec<Hit>) {
        let world = &self.world;
        let robot = &self.robots[r.index()];
        // The Turret turns the main laser, not the additional weapons.
        let (facing, ahead) = (self.aim(r, facing), facing);
        let main = nearest(world, r, at, facing, 0);
        let mut targets = [main, None];
        if robot.weapon.is_some() {
            targets = [None, None];
        } else if robot.active(OptionCard::HighPowerLaser) {
            // Through one robot (hit too) or one wall.
            targets = match main {
                Some(first) => {
                    let behind = world
                        .bodies()
                        .get(first)
                        .and_then(|b| nearest(world, r, b.pos, facing, 0));
                    [Some(first), behind]
                }
                None => [nearest(world, r, at, facing, 1), None],
            };
        }
        let shots = if robot.active(OptionCard::DoubleBarrelLaser) {
            2
        } else {
            1
        };
        for target in targets.into_iter().flatten() {
            for _ in 0..shots {
                hits.push(Hit {
                    by: r,
                    target,
                    dir: facing,
                });
            }
        }
        if robot.active(OptionCard::RearLaser) {
            let back = ahead.opposite();
            if let Some(target) = nearest(world, r, at, back, 0) {
                hits.push(Hit {
                    by: r,
                    target,
                    dir: back,
                });
            }
        }
    }
}
