//! Upgrades that change how a robot moves: extra spaces, jumps over
//! what is in the way (Jump Jets, Phase Shifter, Up and Over,
//! Two-Wheeling, Rolling Thunder, Bumper Jumper), single steps (Lane
//! Changer, Style Points, Sideswipe), and what a move sets off for its
//! robots (Eat My Dust, King of the Road, Counterstrike, Homefield
//! Advantage).

use super::Upgrade;
use crate::cards::Card;
use crate::events::{Event, Source};
use crate::mode::Mode;
use crate::race::Race;
use crate::task::Task;
use crate::tiles::Tile;
use robo_core::geom::{Dir, Pos};
use robo_core::motion::{jump, move_robot, Arena, Jump, Move};
use robo_core::{PlayerId, RobotId};
use smallvec::SmallVec;

/// Armed upgrades that change Move cards only.
const MOVE_CARD_MODIFIERS: u64 = Upgrade::DontBlink.bit()
    | Upgrade::FastStart.bit()
    | Upgrade::RollingThunder.bit()
    | Upgrade::BumperJumper.bit()
    | Upgrade::UpAndOver.bit();

/// What lies on a straight line ahead of a robot.
struct Line {
    /// Cells passed before the first wall or obstacle (or the limit).
    clear: u8,
    /// Robots on those cells, by distance (1 = the next cell).
    robots: SmallVec<[(u8, RobotId); 4]>,
}

impl Race {
    /// The straight line from `from` towards `dir`, up to `limit` cells:
    /// how far it goes before a wall, the edge or an obstacle, and the
    /// robots on the way.
    fn line(&self, from: Pos, dir: Dir, limit: u8) -> Line {
        let mut line = Line {
            clear: 0,
            robots: SmallVec::new(),
        };
        let mut at = from;
        for k in 1..=limit {
            let to = at.step(dir);
            if self.arena.wall(at, dir) || self.arena.tile(to).is_none_or(|t| t.is_solid()) {
                break;
            }
            line.clear = k;
            if let Some(r) = self.bodies.at(to) {
                line.robots.push((k, r));
            }
            at = to;
        }
        line
    }

    /// The direction and length of `card`'s move for `p` now.
    fn card_vector(&self, p: PlayerId, card: Card) -> Option<(Dir, u8)> {
        let (_, facing) = self.robot(p)?;
        let dir = match card {
            Card::MoveBack => facing.opposite(),
            Card::DriftLeft => facing.left(),
            Card::DriftRight => facing.right(),
            c if c.is_move() => facing,
            _ => return None,
        };
        Some((dir, self.card_steps(p, card, facing)))
    }

    /// Where a robot may end a move that flies over its path.
    fn may_end(&self, p: PlayerId, to: Pos) -> bool {
        self.arena.tile(to).is_some() && self.can_land(RobotId::of(p), to)
    }

    /// Does arming `u` change `card`'s move for `p` now (so it is worth
    /// offering)?
    pub(crate) fn move_use_fits(&self, p: PlayerId, u: Upgrade, card: Card) -> bool {
        let Some((dir, steps)) = self.card_vector(p, card) else {
            return false;
        };
        let Some((at, _)) = self.robot(p) else {
            return false;
        };
        if steps == 0 {
            return false;
        }
        let to = at.offset(dir, i16::from(steps));
        match u {
            Upgrade::PhaseShifter => {
                self.players[p.index()].energon >= 1
                    && self.players[p.index()].round.once & u.bit() == 0
                    && self.may_end(p, to)
            }
            Upgrade::TwoWheeling => {
                let line = self.line(at, dir, steps);
                card.is_move()
                    && line.clear == steps
                    && !line.robots.is_empty()
                    && self.may_end(p, to)
            }
            Upgrade::RollingThunder => {
                card.is_move() && self.rolling_landing(p, at, dir, steps).is_some()
            }
            Upgrade::BumperJumper => card.is_move() && self.bumper(at, dir, steps).is_some(),
            Upgrade::UpAndOver => {
                card.is_move() && self.obstacles(at, dir, steps) == 1 && self.may_end(p, to)
            }
            _ => false,
        }
    }

    /// Walls crossed and obstacle cells (grandstands, turrets, buildings)
    /// passed on a straight move of `steps` from `at`.
    fn obstacles(&self, at: Pos, dir: Dir, steps: u8) -> u8 {
        let mut n = 0;
        let mut c = at;
        for k in 1..=steps {
            n += u8::from(self.arena.wall(c, dir));
            c = c.step(dir);
            let last = k == steps;
            n += u8::from(
                !last
                    && self
                        .arena
                        .tile(c)
                        .is_some_and(|t| t.is_solid() || t.is_building()),
            );
        }
        n
    }

    /// Rolling Thunder: the first free cell at or past the move's end with
    /// only robots (no other obstacle) on the way, if the way has a robot.
    fn rolling_landing(&self, p: PlayerId, at: Pos, dir: Dir, steps: u8) -> Option<u8> {
        let line = self.line(at, dir, u8::MAX);
        if line.robots.first().is_none_or(|&(k, _)| k > steps) {
            return None;
        }
        (steps..=line.clear).find(|&k| {
            let to = at.offset(dir, i16::from(k));
            self.bodies.at(to).is_none() && self.may_end(p, to)
        })
    }

    /// Bumper Jumper: the distance of an alt-mode robot facing along the
    /// move (or against it) that the move reaches with nothing before it.
    fn bumper(&self, at: Pos, dir: Dir, steps: u8) -> Option<u8> {
        let line = self.line(at, dir, steps);
        let &(k, r) = line.robots.first()?;
        let b = self.bodies.get(r)?;
        (b.extra == Mode::Alt && (b.facing == dir || b.facing == dir.opposite())).then_some(k)
    }

    /// A Move or Drift card's movement as an armed upgrade changes it:
    /// `None` when no upgrade takes it over (it is then walked with
    /// `steps`, extra spaces included).
    pub(crate) fn upgraded_move(
        &mut self,
        p: PlayerId,
        card: Card,
        dir: Dir,
        steps: u8,
    ) -> Option<()> {
        let r = RobotId::of(p);
        let (at, _) = self.robot(p)?;
        let armed = |race: &Race, u: Upgrade| race.armed(p, u);
        let cells = if armed(self, Upgrade::JumpJets) {
            self.fly(p, Jump::new(r, dir, steps).onward(), 0);
            return Some(());
        } else if armed(self, Upgrade::RollingThunder) && card.is_move() {
            let k = self.rolling_landing(p, at, dir, steps)?;
            self.fly(p, Jump::new(r, dir, k), k);
            return Some(());
        } else if armed(self, Upgrade::BumperJumper) && card.is_move() {
            let k = self.bumper(at, dir, steps)?;
            Jump::new(r, dir, k + 1).onward()
        } else if (armed(self, Upgrade::PhaseShifter) || armed(self, Upgrade::TwoWheeling))
            || (armed(self, Upgrade::UpAndOver) && card.is_move())
        {
            let to = at.offset(dir, i16::from(steps));
            if !self.may_end(p, to) {
                return None;
            }
            Jump::new(r, dir, steps)
        } else {
            return None;
        };
        self.fly(p, cells, 0);
        Some(())
    }

    /// A card's movement made as a jump; Rolling Thunder's (`over` > 0)
    /// deals 1 damage to each robot it drove over.
    fn fly(&mut self, p: PlayerId, j: Jump, over: u8) {
        let Some((at, _)) = self.robot(p) else {
            return;
        };
        let passed: SmallVec<[PlayerId; 4]> = (1..over)
            .filter_map(|k| self.bodies.at(at.offset(j.dir, i16::from(k))))
            .map(PlayerId::of)
            .collect();
        self.scratch.mover = Some(j.robot);
        let _ = jump(self, j);
        for q in passed {
            self.scratch.follow.push(Task::Damage {
                player: q,
                amount: 1,
                source: Source::Weapon(p),
            });
        }
    }

    /// The extra spaces armed upgrades give a Move card: Don't Blink, Fast
    /// Start, Turbo Boost, Jump Jets.
    pub(crate) fn extra_steps(&self, p: PlayerId, card: Card) -> u8 {
        let pl = &self.players[p.index()];
        if pl.reg.armed == 0 && pl.reg.turbo == 0 {
            return 0;
        }
        let mut n = 0;
        if card.is_move() {
            n += u8::from(
                self.armed(p, Upgrade::DontBlink) && matches!(card, Card::Move2 | Card::Move3),
            );
            n += u8::from(self.armed(p, Upgrade::FastStart));
            n += pl.reg.turbo;
        }
        if card.is_move() || card.is_drift() {
            n += u8::from(self.armed(p, Upgrade::JumpJets));
        }
        n
    }

    /// After a card's movement: the armed card modifiers that changed it
    /// are used up (Again does not repeat them); the first Move card of the
    /// round is noted. A Drift card is no Move card: the modifiers of Move
    /// cards (Fast Start, Don't Blink, Turbo Boost, ...) stay armed for the
    /// Move card it shares a register with (Catch My Drift).
    pub(crate) fn card_moved(&mut self, p: PlayerId, card: Card) {
        let mut keep =
            Upgrade::ApexArmor.bit() | Upgrade::Firewalker.bit() | Upgrade::QuickChange.bit();
        if !card.is_move() {
            keep |= MOVE_CARD_MODIFIERS;
        }
        let pl = &mut self.players[p.index()];
        pl.reg.armed &= keep;
        if card.is_move() {
            pl.reg.turbo = 0;
            pl.round.moved = true;
        }
    }

    /// Eat My Dust: a Move card's movement starts; every robot next to the
    /// owner's loses its register 5 cards.
    pub(crate) fn eat_my_dust(&mut self, p: PlayerId) {
        let Some((at, _)) = self.robot(p) else {
            return;
        };
        let near: SmallVec<[RobotId; 4]> = self.adjacent_robots(at).map(|(_, r)| r).collect();
        if near.is_empty() {
            return;
        }
        self.spend(p, Upgrade::EatMyDust);
        for r in near {
            self.discard_register(PlayerId::of(r), crate::robot::REGISTERS - 1);
        }
    }

    /// Lane Changer, Style Points, Sideswipe: one space towards `dir`,
    /// pushing; Sideswipe's robot that cannot be moved takes 1 damage.
    pub(crate) fn upgrade_step(&mut self, p: PlayerId, u: Upgrade, dir: Dir) {
        let r = RobotId::of(p);
        let Some((at, _)) = self.robot(p) else {
            return;
        };
        let other = self.bodies.at(at.step(dir));
        let before = other.and_then(|o| self.bodies.pos(o));
        self.scratch.mover = Some(r);
        let _ = move_robot(self, Move::new(r, dir, 1));
        self.scratch.mover = None;
        if u == Upgrade::Sideswipe {
            if let Some(o) = other {
                if self.bodies.pos(o) == before {
                    self.scratch.follow.push(Task::Damage {
                        player: PlayerId::of(o),
                        amount: 1,
                        source: Source::Weapon(p),
                    });
                }
            }
        }
        self.after_pushes();
        self.scratch.notes = Default::default();
        let _ = self.flush_follow();
    }

    /// King of the Road: may `pusher`'s move push `robot`?
    pub(crate) fn king_blocks(&self, robot: RobotId, pusher: RobotId) -> bool {
        let q = PlayerId::of(robot);
        if !self.has(q, Upgrade::KingOfTheRoad) {
            return false;
        }
        let mover = self.scratch.mover.unwrap_or(pusher);
        let card = self
            .players
            .get(mover.index())
            .and_then(|pl| pl.this.last().copied());
        let small = card.is_some_and(|c| c == Card::Move1 || c.is_drift());
        let on_checkpoint = self
            .robot(q)
            .is_some_and(|(at, _)| self.checkpoints.contains(&at));
        small && !on_checkpoint
    }

    /// After a move: King of the Road's pushes deal 1 damage; a robot with
    /// Counterstrike that was pushed may strike back.
    pub(crate) fn after_pushes(&mut self) {
        if self.scratch.notes.pushes.is_empty() {
            return;
        }
        let pushes = self.scratch.notes.take_pushes();
        for push in pushes {
            if push.cells == 0 {
                continue;
            }
            let (by, pushed) = (PlayerId::of(push.by), PlayerId::of(push.pushed));
            if self.has(by, Upgrade::KingOfTheRoad) {
                self.scratch.follow.push(Task::Damage {
                    player: pushed,
                    amount: 1,
                    source: Source::Weapon(by),
                });
            }
            if self.has(pushed, Upgrade::Counterstrike) {
                self.scratch.follow.push(Task::Hit {
                    player: pushed,
                    by,
                    amount: 0,
                });
            }
        }
    }

    /// Homefield Advantage: a movement that ends next to a grandstand's
    /// striped front earns 1 Energon.
    pub(crate) fn homefield(&mut self, p: PlayerId) {
        if !self.has(p, Upgrade::HomefieldAdvantage) {
            return;
        }
        let Some((at, _)) = self.robot(p) else {
            return;
        };
        let cheered = self.adjacent(at).any(|(d, c)| {
            matches!(self.arena.tile(c), Some(Tile::Grandstand { front }) if front == d.opposite())
        });
        if cheered {
            self.emit(Event::UpgradeUsed {
                player: p,
                upgrade: Upgrade::HomefieldAdvantage,
            });
            self.gain_energon(p, 1);
        }
    }
}
