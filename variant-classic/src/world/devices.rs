//! Devices on the floor as robots meet them: a robot on the floor
//! crossing or stopping on a mine sets it off; a robot running into a
//! missile or a buzz bomb sets it off. (The devices themselves are
//! [`crate::race::Device`]s.)

use super::World;
use crate::race::{DeviceKind, DEVICE_BLAST};
use robo_core::motion::Stepped;

impl World {
    /// The devices on the board.
    #[must_use]
    pub fn devices(&self) -> &[crate::race::Device] {
        &self.devices
    }

    /// Robot `s.robot` entered `s.to`: the devices there it sets off blow
    /// up.
    pub(crate) fn touch_devices(&mut self, s: &Stepped) {
        let flying = self.is_flying(s.robot);
        let mut i = 0;
        while i < self.devices.len() {
            let d = self.devices[i];
            let own = d.fresh && d.owner.index() == s.robot.index();
            let sets_off = d.at == s.to
                && !own
                && match d.kind {
                    DeviceKind::Mine => !flying,
                    DeviceKind::Missile | DeviceKind::BuzzBomb => true,
                    DeviceKind::Drone => false,
                };
            if sets_off {
                self.devices.remove(i);
                self.explode(d.at, DEVICE_BLAST, Some(d.id));
            } else {
                i += 1;
            }
        }
    }
}
