//! What a race keeps while it resolves, apart from its state: buffers
//! reused from one action to the next, and facts noted for the rest of a
//! register. Never saved and never compared.

use robo_core::pipeline::LaserHit;
use robo_core::race::body::Memo;
use robo_core::race::moves::MoveNotes;
use robo_core::race::table::LiveMounts;
use smallvec::SmallVec;

/// Buffers reused while resolving (empty between actions) and what is
/// noted for the rest of a register; a race holds it as a
/// [`Transient`](robo_core::Transient), so it is never saved nor compared
/// and a clone starts with an empty one.
#[derive(Default)]
pub(crate) struct Scratch {
    /// Falls and pushes of the current move or element step, and the move
    /// under way.
    pub(crate) notes: MoveNotes,
    pub(crate) hits: SmallVec<[LaserHit; 8]>,
    /// The element kinds under the robots, kept until a robot moves (keyed
    /// on the bodies' generation).
    pub(crate) kinds: Memo<u8>,
    /// Whether any robot had Magnetic when the current register began
    /// (`None`: not known; ask the players).
    pub(crate) magnetic_somewhere: Option<bool>,
    /// The board laser mounts whose beams can reach a robot this register
    /// (the others cannot hit anything), found just before the laser step.
    pub(crate) live_mounts: LiveMounts,
}
