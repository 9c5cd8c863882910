//! The push-chain routine checked against the one it replaced.

use super::*;

/// The push-chain routine as it was before the single-robot fast path,
/// kept to check that the fast one makes the same calls in the same
/// order and returns the same outcome.
fn reference_move<A: Arena + ?Sized>(arena: &mut A, m: Move) -> MoveOutcome {
    let mut out = MoveOutcome::default();
    let mut chain: SmallVec<[(RobotId, Pos); 8]> = SmallVec::new();
    for step in 1..=m.steps {
        let Some(start) = arena.robot_pos(m.robot) else {
            out.end = Some(MoveEnd::Removed);
            return out;
        };
        chain.clear();
        chain.push((m.robot, start));
        // Build the chain: every robot directly in front, in a line.
        let mut blocked = None;
        loop {
            let &(back, at) = chain.last().unwrap_or(&(m.robot, start));
            if !arena.can_leave(back, at, m.dir) {
                blocked = Some(MoveEnd::Blocked);
                break;
            }
            let next = at.step(m.dir);
            match arena.robot_at(next) {
                None => break,
                Some(r) if chain.iter().any(|(c, _)| *c == r) => break,
                Some(r) => {
                    if !m.pushing || !arena.try_push(r, back, m.dir) {
                        blocked = Some(MoveEnd::Obstructed);
                        if m.pushing {
                            out.push(m.robot, back, r, 0);
                        }
                        break;
                    }
                    chain.push((r, next));
                }
            }
        }
        if let Some(end) = blocked {
            // Everyone in the chain was pushed, if only zero cells.
            for w in chain.windows(2) {
                out.push(m.robot, w[0].0, w[1].0, 0);
            }
            out.end = Some(end);
            return out;
        }
        // Move the front first, so a cell is always vacated before it is entered.
        for &(r, at) in chain.iter().rev() {
            arena.set_robot_pos(r, at.step(m.dir));
        }
        for w in chain.windows(2) {
            out.push(m.robot, w[0].0, w[1].0, 1);
        }
        out.steps = step;
        let last = step == m.steps;
        let mut end = None;
        for (i, &(r, at)) in chain.iter().enumerate().rev() {
            let cause = if i == 0 {
                m.cause
            } else {
                Cause::Push {
                    by: Some(chain[i - 1].0),
                }
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
            match arena.entered(&s) {
                Entry::Continue => {}
                Entry::Stop => end = end.or(Some(MoveEnd::Stopped)),
                Entry::Removed if i == 0 => end = Some(MoveEnd::Removed),
                Entry::Removed => {}
            }
        }
        if let Some(e) = end {
            out.end = Some(e);
            return out;
        }
    }
    if m.steps > 0 {
        out.end = Some(MoveEnd::Done);
    }
    out
}

/// An arena that logs every call the routine makes (a wall on every
/// third edge, pits, robots that cannot be pushed, glue that stops).
#[derive(Clone)]
struct Logged {
    robots: Vec<Option<Pos>>,
    walls: Vec<(Pos, Dir)>,
    pits: Vec<Pos>,
    glue: Vec<Pos>,
    stuck: Option<RobotId>,
    calls: Vec<String>,
}

impl Arena for Logged {
    fn robot_at(&self, pos: Pos) -> Option<RobotId> {
        self.robots
            .iter()
            .position(|p| *p == Some(pos))
            .map(|i| RobotId(i as u8))
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
        } else {
            Entry::Continue
        }
    }
}

#[test]
fn the_fast_path_moves_exactly_as_the_reference_routine() {
    use crate::Rng;
    let mut rng = Rng::from_seed(11);
    let cell = |rng: &mut Rng| Pos::new(rng.index(6) as i16, rng.index(6) as i16);
    for _ in 0..crate::testing::cases(3000) {
        let mut cells: Vec<Pos> = (0..36).map(|i| Pos::new(i % 6, i / 6)).collect();
        rng.shuffle(&mut cells);
        let n = 1 + rng.index(6);
        let world = Logged {
            robots: cells[..n].iter().map(|&p| Some(p)).collect(),
            walls: (0..rng.index(8))
                .map(|_| (cell(&mut rng), Dir::from_index(rng.index(4))))
                .collect(),
            pits: (0..rng.index(3)).map(|_| cell(&mut rng)).collect(),
            glue: (0..rng.index(2)).map(|_| cell(&mut rng)).collect(),
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
        let (mut a, mut b) = (world.clone(), world);
        let fast = move_robot(&mut a, m);
        let slow = reference_move(&mut b, m);
        assert_eq!(fast, slow, "{m:?}");
        assert_eq!(a.calls, b.calls, "{m:?}");
        assert_eq!(a.robots, b.robots, "{m:?}");
    }
}
