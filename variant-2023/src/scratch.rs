//! What a race keeps while it resolves, apart from its state: buffers
//! reused from one action to the next, and facts noted for the rest of a
//! register. Never saved and never compared.

use crate::actions::Action;
use crate::events::Event;
use robo_core::board::BoardId;
use robo_core::geom::Pos;
use robo_core::motion::Push;
use robo_core::pipeline::LaserHit;
use robo_core::RobotId;
use smallvec::SmallVec;

/// A robot lost during a move, waiting for its reboot to be processed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lost {
    pub(crate) robot: RobotId,
    pub(crate) board: BoardId,
    pub(crate) pit: bool,
}

/// Buffers reused while resolving (empty between actions) and what is
/// noted for the rest of a register; a race holds it as a
/// [`Transient`](robo_core::Transient), so it is never saved nor compared
/// and a clone starts with an empty one.
#[derive(Default)]
pub(crate) struct Scratch {
    pub(crate) events: Vec<Event>,
    pub(crate) lost: SmallVec<[Lost; 4]>,
    /// Pushes of the current move or step.
    pub(crate) pushes: SmallVec<[Push; 8]>,
    pub(crate) hits: SmallVec<[LaserHit; 8]>,
    /// The robot whose programming card is resolving (Hover Unit, triggers).
    pub(crate) card_mover: Option<RobotId>,
    /// The robot whose move is being made (reported as a push's mover).
    pub(crate) mover: Option<RobotId>,
    /// Moves that are not pushes (making room on a reboot token).
    pub(crate) not_pushing: bool,
    pub(crate) options: Vec<Action>,
    /// The element kinds under the robots, while the steps of a register
    /// run one after another without moving robots (see `run_step`).
    pub(crate) kinds_under_robots: Option<u8>,
    /// Inside that loop (elsewhere the kinds are not kept).
    pub(crate) step_loop: bool,
    /// Whether any robot had Magnetic when the current register began
    /// (`None`: not known; ask the players).
    pub(crate) magnetic_somewhere: Option<bool>,
    /// The board laser mounts whose beams can reach a robot this register
    /// (the others cannot hit anything), filled just before the laser step.
    pub(crate) live_mounts: Vec<(Pos, robo_core::element::LaserMount)>,
}

impl Scratch {
    /// The pushes noted so far, taken out.
    pub(crate) fn take_pushes(&mut self) -> SmallVec<[Push; 8]> {
        std::mem::take(&mut self.pushes)
    }
}
