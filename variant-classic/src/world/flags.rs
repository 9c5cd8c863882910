//! Where the flags stand now (belts, currents and pushers move them).

use super::World;
use robo_core::geom::Pos;

impl World {
    /// Where flag `k` (from 1) stands now.
    #[must_use]
    pub fn flag(&self, k: u8) -> Option<Pos> {
        let i = usize::from(k.checked_sub(1)?);
        self.flags
            .get(i)
            .or_else(|| self.course().checkpoints().get(i))
            .copied()
    }

    /// The flag (from 1) standing on `pos`, if any.
    #[must_use]
    pub fn flag_at(&self, pos: Pos) -> Option<u8> {
        let n = self.course().checkpoints().len() as u8;
        (1..=n).find(|&k| self.flag(k) == Some(pos))
    }

    /// Every flag's cell, in order, as a slice (the moved flags once one
    /// has moved, the course's until then).
    #[must_use]
    pub fn flag_cells(&self) -> &[Pos] {
        if self.flags.is_empty() {
            self.course().checkpoints()
        } else {
            &self.flags
        }
    }

    /// Every flag's cell, in order.
    pub fn flags(&self) -> impl Iterator<Item = Pos> + '_ {
        let n = self.course().checkpoints().len() as u8;
        (1..=n).filter_map(|k| self.flag(k))
    }
}
