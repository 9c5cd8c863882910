//! The movement routines checked against their plain definitions.

use super::*;

/// How a step ends, by the plain rule: the mover's removal first, then any
/// stop, then any pause (entries listed in the order they were reported).
fn plain_end(entries: &[(bool, Entry)]) -> Option<MoveEnd> {
    if entries
        .iter()
        .any(|&(mover, e)| mover && e == Entry::Removed)
    {
        Some(MoveEnd::Removed)
    } else if entries.iter().any(|&(_, e)| e == Entry::Stop) {
        Some(MoveEnd::Stopped)
    } else if entries.iter().any(|&(_, e)| e == Entry::Pause) {
        Some(MoveEnd::Paused { left: 0 })
    } else {
        None
    }
}

/// One step of a move as it was defined before the single-robot fast
/// path: build the whole chain (every piece met in front, asking the walls
/// of each), then move it or note the blocked pushes.
fn reference_step<A: Arena + ?Sized>(
    arena: &mut A,
    m: &Move,
    start: Pos,
    (step, last): (u8, bool),
    out: &mut MoveOutcome,
    may_push: &dyn Fn(&A, RobotId, Pos) -> bool,
) -> Option<MoveEnd> {
    let mut chain: Vec<(RobotId, Pos)> = vec![(m.robot, start)];
    let mut blocked = None;
    loop {
        let &(back, at) = chain.last().unwrap_or(&(m.robot, start));
        if !arena.can_leave(back, at, m.dir) {
            blocked = Some(MoveEnd::Blocked);
            break;
        }
        let next = at.step(m.dir);
        match arena.blocker(next, back) {
            None => break,
            Some(r) if chain.iter().any(|(c, _)| *c == r) => break,
            Some(r) => {
                if !m.pushing || !may_push(arena, r, next) {
                    blocked = Some(MoveEnd::Obstructed);
                    break;
                }
                if !arena.try_push(r, back, m.dir) {
                    blocked = Some(MoveEnd::Obstructed);
                    out.push(m.robot, back, r, 0);
                    break;
                }
                chain.push((r, next));
            }
        }
    }
    if let Some(end) = blocked {
        for w in chain.windows(2) {
            out.push(m.robot, w[0].0, w[1].0, 0);
        }
        return Some(end);
    }
    for &(r, at) in chain.iter().rev() {
        arena.set_robot_pos(r, at.step(m.dir));
    }
    for w in chain.windows(2) {
        out.push(m.robot, w[0].0, w[1].0, 1);
    }
    out.steps = step;
    let mut entries = Vec::new();
    for (i, &(r, at)) in chain.iter().enumerate().rev() {
        let cause = match i {
            0 => m.cause,
            _ => Cause::Push {
                by: Some(chain[i - 1].0),
            },
        };
        let s = Stepped {
            robot: r,
            from: at,
            to: at.step(m.dir),
            dir: m.dir,
            cause,
            mover: m.robot,
            step,
            last,
        };
        entries.push((i == 0, arena.entered(&s)));
    }
    plain_end(&entries)
}

/// A move (or the rest of a paused one, on from `out`) by the plain rule:
/// each step is paid for before it is made.
fn reference_run<A: Arena + ?Sized>(arena: &mut A, m: Move, out: &mut MoveOutcome) {
    let mut left = m.steps;
    for step in out.steps + 1.. {
        if left == 0 {
            break;
        }
        let Some(start) = arena.robot_pos(m.robot) else {
            out.end = Some(MoveEnd::Removed);
            return;
        };
        let cost = arena.step_cost(&m, start, step).max(1);
        if cost > left {
            out.end = Some(MoveEnd::Spent);
            return;
        }
        left -= cost;
        match reference_step(arena, &m, start, (step, left == 0), out, &|_, _, _| true) {
            Some(MoveEnd::Paused { .. }) => {
                out.end = Some(MoveEnd::Paused { left });
                return;
            }
            Some(e) => {
                out.end = Some(e);
                return;
            }
            None => {}
        }
    }
    out.end = (m.steps > 0).then_some(MoveEnd::Done);
}

fn reference_move<A: Arena + ?Sized>(arena: &mut A, m: Move) -> MoveOutcome {
    let mut out = MoveOutcome::default();
    reference_run(arena, m, &mut out);
    out
}

fn reference_slide<A: Arena + ?Sized>(
    arena: &mut A,
    m: Move,
    surface: &dyn Fn(&A, Pos) -> bool,
) -> MoveOutcome {
    let mut out = MoveOutcome::default();
    for step in 1..=m.steps {
        let Some(start) = arena.robot_pos(m.robot) else {
            out.end = Some(MoveEnd::Removed);
            return out;
        };
        if !surface(arena, start) {
            break;
        }
        let last = step == m.steps || !surface(arena, start.step(m.dir));
        let on = |a: &A, _: RobotId, p: Pos| surface(a, p);
        if let Some(e) = reference_step(arena, &m, start, (step, last), &mut out, &on) {
            out.end = Some(e);
            return out;
        }
    }
    out.end = Some(MoveEnd::Done);
    out
}

/// An arena that logs every call that may change it (walls on random
/// edges, pits, glue that stops, corners that pause, water that costs a
/// step more to leave, robots that cannot be pushed, and pieces of three
/// kinds: 0 solid robots, 1 virtual robots that meet nothing, 2 flat
/// pieces that meet only each other).
#[derive(Clone)]
struct Logged {
    robots: Vec<Option<Pos>>,
    kinds: Vec<u8>,
    walls: Vec<(Pos, Dir)>,
    pits: Vec<Pos>,
    glue: Vec<Pos>,
    corners: Vec<Pos>,
    water: Vec<Pos>,
    stuck: Option<RobotId>,
    calls: Vec<String>,
}

impl Arena for Logged {
    fn robot_at(&self, pos: Pos) -> Option<RobotId> {
        (0..self.robots.len())
            .find(|&i| self.robots[i] == Some(pos) && self.kinds[i] == 0)
            .map(|i| RobotId(i as u8))
    }
    fn blocker(&self, pos: Pos, mover: RobotId) -> Option<RobotId> {
        (0..self.robots.len())
            .map(|i| RobotId(i as u8))
            .find(|&r| r != mover && self.robots[r.index()] == Some(pos) && self.meets(mover, r))
    }
    fn meets(&self, a: RobotId, b: RobotId) -> bool {
        self.kinds[a.index()] == self.kinds[b.index()] && self.kinds[a.index()] != 1
    }
    fn robot_pos(&self, r: RobotId) -> Option<Pos> {
        self.robots.get(r.index()).copied().flatten()
    }
    fn set_robot_pos(&mut self, r: RobotId, p: Pos) {
        self.calls.push(format!("set {r:?} {p}"));
        self.robots[r.index()] = Some(p);
    }
    fn can_leave(&self, _: RobotId, from: Pos, d: Dir) -> bool {
        let to = from.step(d);
        !self.walls.contains(&(from, d))
            && !self.walls.contains(&(to, d.opposite()))
            && (0..6).contains(&to.x)
            && (0..6).contains(&to.y)
    }
    fn step_cost(&self, m: &Move, from: Pos, _: u8) -> u8 {
        if m.cause == Cause::Move && self.water.contains(&from) {
            2
        } else {
            1
        }
    }
    fn try_push(&mut self, r: RobotId, by: RobotId, d: Dir) -> bool {
        self.calls.push(format!("push {r:?} by {by:?} {d}"));
        Some(r) != self.stuck
    }
    fn entered(&mut self, s: &Stepped) -> Entry {
        self.calls.push(format!("{s:?}"));
        if self.pits.contains(&s.to) {
            self.robots[s.robot.index()] = None;
            Entry::Removed
        } else if self.glue.contains(&s.to) {
            Entry::Stop
        } else if self.corners.contains(&s.to) {
            Entry::Pause
        } else {
            Entry::Continue
        }
    }
}

/// A random arena of up to 6 pieces on 6 x 6 cells, and a random move.
fn random_case(rng: &mut crate::Rng) -> (Logged, Move) {
    let cell = |rng: &mut crate::Rng| Pos::new(rng.index(6) as i16, rng.index(6) as i16);
    let mut cells: Vec<Pos> = (0..36).map(|i| Pos::new(i % 6, i / 6)).collect();
    rng.shuffle(&mut cells);
    let n = 1 + rng.index(6);
    // Most pieces are robots; a virtual or flat one may share a cell.
    let kinds: Vec<u8> = (0..n)
        .map(|_| {
            if rng.chance(1, 4) {
                1 + rng.index(2) as u8
            } else {
                0
            }
        })
        .collect();
    let robots = (0..n)
        .map(|i| match kinds[i] {
            0 => Some(cells[i]),
            _ if rng.chance(1, 2) => Some(cells[rng.index(n)]),
            _ => Some(cells[i]),
        })
        .collect();
    let some = |k: usize, rng: &mut crate::Rng| (0..rng.index(k)).map(|_| cell(rng)).collect();
    let world = Logged {
        robots,
        kinds,
        walls: (0..rng.index(8))
            .map(|_| (cell(rng), Dir::from_index(rng.index(4))))
            .collect(),
        pits: some(3, rng),
        glue: some(2, rng),
        corners: some(3, rng),
        water: some(4, rng),
        stuck: rng.chance(1, 3).then(|| RobotId(rng.index(n) as u8)),
        calls: Vec::new(),
    };
    let mut m = Move::new(
        RobotId(rng.index(n) as u8),
        Dir::from_index(rng.index(4)),
        rng.index(5) as u8,
    );
    if rng.chance(1, 4) {
        m = m.without_pushing();
    }
    if rng.chance(1, 4) {
        m = m.with_cause(Cause::Push { by: None });
    }
    (world, m)
}

#[test]
fn moves_and_their_continuations_follow_the_plain_definition() {
    let mut rng = crate::Rng::from_seed(11);
    for _ in 0..crate::testing::cases(3000) {
        let (world, m) = random_case(&mut rng);
        let (mut a, mut b) = (world.clone(), world);
        let fast = move_robot(&mut a, m);
        let slow = reference_move(&mut b, m);
        assert_eq!(fast, slow, "{m:?}");
        assert_eq!(a.calls, b.calls, "{m:?}");
        assert_eq!(a.robots, b.robots, "{m:?}");
        // A paused move goes on in any direction with its steps left.
        if let Some(left) = fast.paused() {
            let rest = m.rest(Dir::from_index(rng.index(4)), left);
            let fast = continue_move(&mut a, rest, fast);
            let mut slow = slow;
            reference_run(&mut b, rest, &mut slow);
            slow.end = slow.end.or(Some(MoveEnd::Done));
            assert_eq!(fast, slow, "{rest:?}");
            assert_eq!(a.calls, b.calls, "{rest:?}");
            assert_eq!(a.robots, b.robots, "{rest:?}");
        }
    }
}

#[test]
fn slides_follow_the_plain_definition() {
    let mut rng = crate::Rng::from_seed(12);
    for _ in 0..crate::testing::cases(2000) {
        let (mut world, m) = random_case(&mut rng);
        // The water cells are the oil here: a run of it from the mover's
        // cell, and under some other pieces. Slides go up to 8 cells.
        let m = m.rest(m.dir, 8).with_cause(Cause::Slide);
        let run = world.robots[m.robot.index()].map_or(0, |_| 1 + rng.index(5));
        let start = world.robots[m.robot.index()].unwrap_or_default();
        world
            .water
            .extend((0..run).map(|i| start.offset(m.dir, i as i16)));
        let under: Vec<Pos> = world.robots.iter().flatten().copied().collect();
        world
            .water
            .extend(under.into_iter().filter(|_| rng.chance(1, 2)));
        let oil = |w: &Logged, p: Pos| w.water.contains(&p);
        let (mut a, mut b) = (world.clone(), world);
        let fast = slide(&mut a, m, oil);
        let slow = reference_slide(&mut b, m, &oil);
        assert_eq!(fast, slow, "{m:?}");
        assert_eq!(a.calls, b.calls, "{m:?}");
        assert_eq!(a.robots, b.robots, "{m:?}");
    }
}
