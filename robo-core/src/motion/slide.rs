//! Slides: a robot keeps going while it stands on a slippery surface (oil
//! slicks in classic and Transformers).

use super::drive::step_once;
use super::{Arena, Move, MoveEnd, MoveOutcome};
use crate::geom::Pos;
use crate::ids::RobotId;

/// Slides `m.robot` towards `m.dir` one cell at a time while the cell it
/// stands on is slippery (`surface`), for at most `m.steps` cells, until
/// it is off the surface or something stops it. Walls, obstacles and
/// entry effects act as in [`super::move_robot`]; steps cost nothing
/// ([`Arena::step_cost`] is not asked).
///
/// A sliding robot pushes only pieces that stand on the surface themselves
/// (and only if `m.pushing`); a piece off the surface stops it without a
/// push. Pushes are one event per pushed piece, as in a move. Whether a
/// pushed piece then slides on its own is the edition's call (slide it
/// afterwards). The end is `Done` when the robot left the surface (or was
/// not on it), otherwise as for a move.
///
/// ```
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::motion::{slide, Arena, Cause, Entry, Move, MoveEnd, Stepped};
/// use robo_core::RobotId;
///
/// // Oil on x = 1..=3; a robot at x = 1 slides east to x = 4.
/// struct Lane(i16);
/// impl Arena for Lane {
///     fn robot_at(&self, p: Pos) -> Option<RobotId> { (p.x == self.0).then_some(RobotId(0)) }
///     fn robot_pos(&self, _: RobotId) -> Option<Pos> { Some(Pos::new(self.0, 0)) }
///     fn set_robot_pos(&mut self, _: RobotId, p: Pos) { self.0 = p.x; }
///     fn can_leave(&self, _: RobotId, _: Pos, _: Dir) -> bool { true }
///     fn entered(&mut self, _: &Stepped) -> Entry { Entry::Continue }
/// }
/// let oil = |_: &Lane, p: Pos| (1..=3).contains(&p.x);
/// let mut w = Lane(1);
/// let m = Move::new(RobotId(0), Dir::E, u8::MAX).with_cause(Cause::Slide);
/// let out = slide(&mut w, m, oil);
/// assert_eq!((w.0, out.steps, out.end), (4, 3, Some(MoveEnd::Done)));
/// ```
pub fn slide<A, S>(arena: &mut A, m: Move, surface: S) -> MoveOutcome
where
    A: Arena + ?Sized,
    S: Fn(&A, Pos) -> bool,
{
    let mut out = MoveOutcome::default();
    let on_surface = |a: &A, _: RobotId, at: Pos| surface(a, at);
    let mut step = 0;
    while step < m.steps {
        let Some(start) = arena.robot_pos(m.robot) else {
            out.end = Some(MoveEnd::Removed);
            return out;
        };
        if !surface(arena, start) {
            break;
        }
        step += 1;
        let last = step == m.steps || !surface(arena, start.step(m.dir));
        let end = step_once(arena, &m, start, (step, last), &mut out, &on_surface);
        if let Some(e) = end {
            out.end = Some(e);
            return out;
        }
    }
    out.end = Some(MoveEnd::Done);
    out
}
