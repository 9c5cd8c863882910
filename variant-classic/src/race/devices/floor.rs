//! Flat devices and the board: bridges laid, and what belts, currents,
//! pushers, pits, trap doors and crushers do to the devices lying on
//! the floor.

use super::super::Race;
use super::DeviceKind;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::{PlayerId, RobotId};

impl Race {
    /// Where robot `p`'s Bridge Layer would lay its bridge (the cell in
    /// front, if no wall, repulsor field or ledge is in the way) and the
    /// robot's facing.
    pub(in crate::race) fn bridge_spot(&self, p: PlayerId) -> Option<(Pos, Dir)> {
        let (at, facing) = self.world.at(RobotId::of(p))?;
        self.world
            .bridge_fits(at, facing)
            .then(|| (at.step(facing), facing))
    }

    /// Robot `p`'s Bridge Layer lays a bridge on the cell in front.
    pub(in crate::race) fn lay_bridge(&mut self, p: PlayerId) {
        let Some((at, facing)) = self.bridge_spot(p) else {
            return;
        };
        let _ = self.world.lay_bridge(at);
        self.lay_at(p, DeviceKind::Bridge, at, facing, false);
    }
}
