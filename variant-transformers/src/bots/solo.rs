//! The planner's lone robot: a small `Copy` state ([`Lone`]) that plays a
//! Transformers register for one robot alone on the course, over a table
//! the planner builds once per course ([`SoloTable`]) and what it reads
//! from the race once per decision ([`SoloSetup`]).
//!
//! It follows the engine's rules for the robot's own moves (modes, the
//! road bonus, road corners and curved arrows, jump ramps, oil, walls,
//! buildings, walkways, grandstands and turrets as obstacles, the edge),
//! and the steps B to D as they touch a lone robot: walkways and pushers
//! (the kit's own conveyor and pusher steps, run on this state), fire
//! pits, laser turrets, pit stops, checkpoints. Decisions are answered as
//! the engine-backed search answered them: the first of the sorted
//! options (at a road corner or a curved arrow the robot goes straight
//! on; a space bridge is not taken; a pit stop takes Energon twice).
//!
//! Left out, so a plan can differ from the game (see also
//! docs/architecture.md "The Transformers planner"): the other robots
//! (pushes, their shots, cells they block), what a damage card does
//! (damage is counted, not drawn: no special card effects such as a Move
//! penalty or lost Energon take hold during the program; those in play
//! when it plans do count), upgrades (except Fly Girl and Firewalker,
//! which are passive), converting during activation, robot weapons, space
//! bridges (never taken), a third pit stop action, coming back after
//! leaving the course (the program ends there: the robot fell).

use crate::arena::Arena;
use crate::cards::Card;
use crate::mode::Mode;
use crate::tiles::{kind, Tile};
use robo_core::board::Board;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::motion::{
    continue_move, jump, move_robot, slide, Cause, Entry, Jump, Move, MoveOutcome, Stepped,
};
use robo_core::pipeline::{ConveyorPass, GridWorld, LaserHit, PushPanels, Robots, Step};
use robo_core::race::body::{Bodies, Body};
use robo_core::race::fire::{nearest_visible, FireOptions};
use robo_core::RobotId;
use smallvec::SmallVec;

/// The lone robot's id.
const ME: RobotId = RobotId(0);
/// The Energon a robot holds at most.
const MAX_ENERGON: u8 = crate::robot::MAX_ENERGON;

/// What the planner precomputes for a course: laser turret beams that
/// reach a lone robot standing on each cell.
#[derive(Debug)]
pub(crate) struct SoloTable {
    width: usize,
    height: usize,
    /// Turret beams that hit a lone robot on each cell (row order).
    hits: Vec<u8>,
}

impl SoloTable {
    /// The table of `arena`'s course.
    pub(crate) fn new(arena: &Arena) -> Self {
        let board = arena.board();
        let (width, height) = (board.width(), board.height());
        let mut hits = vec![0u8; width * height];
        for (at, _) in board.cells() {
            let Some(i) = index(width, height, at) else {
                continue;
            };
            let bodies: Bodies<()> = Bodies::new([Body::new(at, Dir::N, true)]);
            for &(from, mount) in arena.turrets() {
                let shot = nearest_visible(
                    arena.table(),
                    &bodies,
                    from,
                    mount.dir,
                    FireOptions::default(),
                    |a, b| arena.blocks_fire(from, a, b, b == at),
                    |_| true,
                );
                if shot.is_some() {
                    hits[i] = hits[i].saturating_add(1);
                }
            }
        }
        SoloTable {
            width,
            height,
            hits,
        }
    }

    fn hits(&self, at: Pos) -> u8 {
        index(self.width, self.height, at).map_or(0, |i| self.hits[i])
    }
}

fn index(width: usize, height: usize, at: Pos) -> Option<usize> {
    let (x, y) = (usize::try_from(at.x).ok()?, usize::try_from(at.y).ok()?);
    (x < width && y < height).then_some(y * width + x)
}

/// What one decision reads from the race: the course's tables, the
/// checkpoints, cubes and mines where they are now, and the robot's
/// standing rules (passive upgrades, damage in play).
#[derive(Debug)]
pub(crate) struct SoloSetup<'a> {
    pub arena: &'a Arena,
    pub table: &'a SoloTable,
    pub checkpoints: SmallVec<[Pos; 8]>,
    /// Energon cubes (at most 64 count; more are left out).
    pub cubes: SmallVec<[Pos; 16]>,
    /// Mines (at most 64 count).
    pub mines: SmallVec<[Pos; 16]>,
    /// Fly Girl: a ramp's jump goes one cell further.
    pub fly: bool,
    /// Firewalker: fire pits do no harm on entry.
    pub firewalker: bool,
    /// Damage in play takes the road bonus away.
    pub no_road_bonus: bool,
    /// Damage in play takes this many steps off Move cards.
    pub move_penalty: u8,
}

/// One robot alone on the course and what has happened to it: small and
/// `Copy`, so the prefix-tree search copies it per register prefix.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lone<'a> {
    pub setup: &'a SoloSetup<'a>,
    pub state: LoneState,
}

/// The part of [`Lone`] that changes; two equal states play every later
/// register alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct LoneState {
    pub pos: Pos,
    pub facing: Dir,
    pub on: bool,
    pub mode: Mode,
    pub energon: u8,
    /// Damage cards it would draw during the program.
    pub damage: u8,
    /// Checkpoints reached (in all).
    pub reached: u8,
    pub won: bool,
    /// The planning card the previous register resolved (for Again).
    pub last: Option<Card>,
    /// A fire pit discarded register 5's card.
    pub lost5: bool,
    /// Cubes taken (bit i: `cubes[i]`).
    pub cubes: u64,
    /// Mines set off (bit i: `mines[i]`).
    pub mines: u64,
    pub fell_in: Option<u8>,
    /// The move under way is the robot's own (a card's, its jump, its
    /// slide), and a card's own steps (not the jump or the slide).
    own: bool,
    card_move: bool,
    /// The jump a ramp earned in the move under way.
    jump: Option<u8>,
    /// The card this register resolved.
    this: Option<Card>,
}

impl<'a> Lone<'a> {
    /// The robot at `at` in `mode`, with `energon` and `reached`
    /// checkpoints, `last` the card its previous register resolved.
    pub(crate) fn new(
        setup: &'a SoloSetup<'a>,
        at: (Pos, Dir),
        mode: Mode,
        energon: u8,
        reached: u8,
        last: Option<Card>,
    ) -> Self {
        Lone {
            setup,
            state: LoneState {
                pos: at.0,
                facing: at.1,
                on: true,
                mode,
                energon,
                damage: 0,
                reached,
                won: false,
                last,
                lost5: false,
                cubes: 0,
                mines: 0,
                fell_in: None,
                own: false,
                card_move: false,
                jump: None,
                this: None,
            },
        }
    }

    fn tile(&self, at: Pos) -> Option<Tile> {
        self.setup.arena.tile(at)
    }

    fn alt(&self) -> bool {
        self.state.mode == Mode::Alt
    }

    fn gain(&mut self, n: u8) {
        let s = &mut self.state;
        s.energon = s.energon.saturating_add(n).min(MAX_ENERGON);
    }

    fn hurt(&mut self, n: u8) {
        self.state.damage = self.state.damage.saturating_add(n);
    }

    fn mine_at(&self, at: Pos) -> Option<usize> {
        self.setup
            .mines
            .iter()
            .take(64)
            .enumerate()
            .position(|(i, &m)| m == at && self.state.mines & (1 << i) == 0)
    }

    /// The program can change nothing more: the robot left the course or
    /// won.
    pub(crate) fn settled(&self) -> bool {
        !self.state.on || self.state.won
    }

    /// Register `register` (from 1) with `card` in it.
    pub(crate) fn run_register(&mut self, register: u8, card: Card) {
        self.state.this = None;
        if self.state.on && !(register == 5 && self.state.lost5) {
            self.play(card);
        }
        let tile = if self.state.on {
            self.tile(self.state.pos)
        } else {
            None
        };
        // B1 walkways, B2 pushers (covered by a mine or a bridge: the
        // kit's steps ask `element_active`).
        if matches!(tile, Some(Tile::Walkway(_))) {
            let _ = ConveyorPass::ALL.run(self, register);
        }
        if self.state.on && matches!(self.tile(self.state.pos), Some(Tile::Pusher(_))) {
            let _ = PushPanels.run(self, register);
        }
        if self.state.on {
            let at = self.state.pos;
            match self.tile(at) {
                // B4: a fire pit burns; a robot in it is out of the
                // turrets' sight.
                Some(Tile::FirePit) => self.hurt(1),
                t => {
                    // B5 turrets, B6 pit stops (two actions: Energon).
                    self.hurt(self.setup.table.hits(at));
                    if t == Some(Tile::PitStop) {
                        self.gain(2);
                    }
                }
            }
            // D: the next checkpoint.
            let s = &mut self.state;
            let total = self.setup.checkpoints.len();
            let next = usize::from(s.reached);
            if next < total && self.setup.checkpoints[next] == s.pos {
                s.reached += 1;
                s.won = usize::from(s.reached) == total;
            }
        }
        if !self.state.on && self.state.fell_in.is_none() {
            self.state.fell_in = Some(register);
        }
        self.state.last = self.state.this.take();
    }

    /// One planning card's effect.
    fn play(&mut self, card: Card) {
        let facing = self.state.facing;
        if card != Card::Again {
            self.state.this = Some(card);
        }
        match card {
            Card::Move1
            | Card::Move2
            | Card::Move3
            | Card::MoveBack
            | Card::DriftLeft
            | Card::DriftRight => self.card_move(card, facing),
            Card::TurnLeft => self.state.facing = facing.left(),
            Card::TurnRight => self.state.facing = facing.right(),
            Card::UTurn => self.state.facing = facing.opposite(),
            Card::PowerUp => self.gain(1),
            Card::Again => {
                if let Some(l) = self.state.last.filter(|&l| l != Card::Again) {
                    self.play(l);
                }
            }
            Card::Scrap | Card::Special(_) => {}
        }
    }

    /// The spaces a card moves the robot (the engine's `card_steps`).
    fn card_steps(&self, card: Card, facing: Dir) -> u8 {
        let tile = self.tile(self.state.pos);
        let mut steps = if card.is_drift() {
            1
        } else {
            card.move_steps()
        };
        let forward = matches!(card, Card::Move1 | Card::Move2 | Card::Move3);
        if forward
            && self.alt()
            && tile.and_then(Tile::road_arrow) == Some(facing)
            && !self.setup.no_road_bonus
        {
            steps += 1;
        }
        if tile == Some(Tile::Oil) {
            steps = steps.saturating_sub(1);
        }
        if card.is_move() {
            steps = steps.saturating_sub(self.setup.move_penalty);
        }
        steps
    }

    fn card_move(&mut self, card: Card, facing: Dir) {
        let dir = match card {
            Card::MoveBack => facing.opposite(),
            Card::DriftLeft => facing.left(),
            Card::DriftRight => facing.right(),
            _ => facing,
        };
        let steps = self.card_steps(card, facing);
        if steps == 0 {
            return;
        }
        let m = Move::new(ME, dir, steps);
        self.state.own = true;
        self.state.card_move = true;
        self.state.jump = None;
        let out = move_robot(self, m);
        self.finish_move(m, out);
    }

    /// After (a part of) a card's move: a corner or arrow turns and the
    /// move goes on; a ramp's jump; an oil slide.
    fn finish_move(&mut self, m: Move, out: MoveOutcome) {
        if let Some(left) = out.paused() {
            // A road corner or a curved arrow: the engine's first answer
            // (sorted) goes straight on.
            let rest = m.rest(m.dir, left);
            self.state.own = true;
            self.state.card_move = true;
            self.state.jump = None;
            let out = continue_move(self, rest, out);
            self.finish_move(rest, out);
            return;
        }
        if let Some(cells) = self.state.jump.take() {
            self.state.card_move = false;
            let _ = jump(self, Jump::new(ME, m.dir, cells).onward());
        }
        if self.state.on && self.tile(self.state.pos) == Some(Tile::Oil) {
            let m = Move::new(ME, m.dir, u8::MAX).with_cause(Cause::Slide);
            let _ = slide(self, m, |w: &Lone<'_>, at| w.tile(at) == Some(Tile::Oil));
        }
        self.state.own = false;
        self.state.card_move = false;
        self.state.jump = None;
    }

    /// The engine's `other_doorway`.
    fn other_doorway(&self, at: Pos, entered_from: Dir) -> Option<Dir> {
        let arena = self.setup.arena;
        Dir::ALL
            .into_iter()
            .find(|&d| d != entered_from && !arena.wall(at, d) && arena.tile(at.step(d)).is_some())
    }

    /// The engine's `may_enter` for a lone robot (no upgrade armed).
    fn may_enter(&self, to: Pos, dir: Dir) -> bool {
        let Some(t) = self.tile(to) else {
            return true;
        };
        match t {
            _ if t.is_solid() => false,
            Tile::Ramp(d) => d == dir,
            Tile::Building { .. } => !self.alt(),
            Tile::Walkway(_) => !(self.alt() && self.state.own),
            _ => true,
        }
    }
}

impl robo_core::motion::Arena for Lone<'_> {
    fn robot_at(&self, pos: Pos) -> Option<RobotId> {
        (self.state.on && self.state.pos == pos).then_some(ME)
    }

    fn robot_pos(&self, _: RobotId) -> Option<Pos> {
        self.state.on.then_some(self.state.pos)
    }

    fn set_robot_pos(&mut self, _: RobotId, pos: Pos) {
        self.state.pos = pos;
    }

    fn can_leave(&self, _: RobotId, from: Pos, dir: Dir) -> bool {
        !self.setup.arena.wall(from, dir) && self.may_enter(from.step(dir), dir)
    }

    fn can_land(&self, _: RobotId, pos: Pos) -> bool {
        match self.tile(pos) {
            None => true,
            Some(t) if t.is_solid() || t.is_building() => false,
            Some(Tile::Walkway(_)) => !self.alt(),
            Some(_) => true,
        }
    }

    fn entered(&mut self, s: &Stepped) -> Entry {
        let Some(t) = self.tile(s.to) else {
            // Off the course: 2 damage, and the program is over.
            self.state.on = false;
            self.hurt(2);
            return Entry::Removed;
        };
        let own = self.state.own;
        if let Some(i) = self.mine_at(s.to) {
            self.state.mines |= 1 << i;
            self.hurt(1);
            let back = own
                && !self.setup.arena.wall(s.to, s.dir.opposite())
                && self.tile(s.from).is_some();
            if back {
                self.state.pos = s.from;
            }
            if back || own {
                return Entry::Stop;
            }
        }
        let mut n = 0;
        for (i, &c) in self.setup.cubes.iter().take(64).enumerate() {
            if c == s.to && self.state.cubes & (1 << i) == 0 {
                self.state.cubes |= 1 << i;
                n += 1;
            }
        }
        if n > 0 {
            self.gain(n);
        }
        let card = self.state.card_move && own && s.cause == Cause::Move;
        match t {
            Tile::FirePit => {
                if !self.setup.firewalker {
                    self.hurt(1);
                    self.state.lost5 = true;
                }
                if own && s.cause == Cause::Move {
                    return Entry::Stop;
                }
            }
            Tile::Ramp(d) if d == s.dir && card && self.alt() => {
                self.state.jump = Some(s.step + u8::from(self.setup.fly));
                return Entry::Stop;
            }
            Tile::Corner { .. } if card && self.alt() => return Entry::Pause,
            Tile::Building { arrow: true }
                if card
                    && self
                        .other_doorway(s.to, s.dir.opposite())
                        .is_some_and(|d| d != self.state.facing) =>
            {
                return Entry::Pause
            }
            _ => {}
        }
        Entry::Continue
    }
}

impl GridWorld for Lone<'_> {
    type Tile = Tile;

    fn board(&self) -> &Board<Tile> {
        self.setup.arena.board()
    }

    fn robots_on_grid(&self) -> Robots {
        let mut r = Robots::new();
        if self.state.on {
            r.push(ME);
        }
        r
    }

    fn facing(&self, _: RobotId) -> Option<Dir> {
        Some(self.state.facing)
    }

    fn turn_robot(&mut self, _: RobotId, turn: Turn, _: Cause) {
        self.state.facing = self.state.facing.turn(turn);
    }

    /// A mine or a space bridge on an element covers it.
    fn element_active(&self, pos: Pos) -> bool {
        self.mine_at(pos).is_none() && self.setup.arena.kinds_at(pos) & kind::BRIDGE == 0
    }

    fn laser_mounts(&self) -> Option<&[(Pos, robo_core::element::LaserMount)]> {
        Some(&[])
    }

    fn laser_hit(&mut self, _hit: LaserHit) {}
}
