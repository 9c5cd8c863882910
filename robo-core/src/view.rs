//! [`GridView`]: the part of a player's view that every grid race shares,
//! so that one front end (a terminal board, an HTML replay, a race log)
//! can follow any grid edition.
//!
//! An edition's own view keeps everything else (hands, energy, upgrades,
//! damage); it exposes this small common part next to it.
//!
//! ```
//! use robo_core::geom::{Dir, Pos};
//! use robo_core::view::{GridRobot, GridView, RaceStage};
//! use robo_core::PlayerId;
//! let view = GridView {
//!     course: "Test".into(),
//!     checkpoints: 2,
//!     round: 1,
//!     register: 3,
//!     stage: RaceStage::Activation,
//!     phase: "activation".into(),
//!     robots: vec![
//!         GridRobot { player: PlayerId(0), at: Some((Pos::new(1, 2), Dir::E)), checkpoints: 1 },
//!         GridRobot { player: PlayerId(1), at: None, checkpoints: 0 },
//!     ],
//! };
//! assert_eq!(view.positions(), vec![Some((Pos::new(1, 2), Dir::E)), None]);
//! assert!(!view.between_registers());
//! assert_eq!(view.stage.to_string(), "activation");
//! ```

use crate::geom::{Dir, Pos};
use crate::PlayerId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where a race stands, in the terms every grid edition shares. An
/// edition's own phases map onto these (the 2023 upgrade phase and the
/// programming phase are both [`RaceStage::Planning`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum RaceStage {
    /// Robots are still being placed on their start spaces.
    Setup,
    /// Between rounds' activations: players prepare and program.
    Planning,
    /// Registers are being resolved.
    Activation,
    /// The race has ended.
    Over,
}

impl fmt::Display for RaceStage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RaceStage::Setup => "setup",
            RaceStage::Planning => "planning",
            RaceStage::Activation => "activation",
            RaceStage::Over => "over",
        })
    }
}

/// One robot as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GridRobot {
    /// Whose robot.
    pub player: PlayerId,
    /// Its cell and facing; `None` while it is off the board.
    pub at: Option<(Pos, Dir)>,
    /// Checkpoints (or flags) reached.
    pub checkpoints: u8,
}

/// What any grid race shows everyone: the course, the round and register,
/// and where every robot stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GridView {
    /// The course's name.
    pub course: String,
    /// Checkpoints on the course.
    pub checkpoints: u8,
    /// The round, from 1 (0 before the first).
    pub round: u16,
    /// The register being resolved, from 1; 0 outside activation.
    pub register: u8,
    /// Where the race stands.
    pub stage: RaceStage,
    /// The edition's own name for its phase, for display.
    pub phase: String,
    /// Every robot, in seat order.
    pub robots: Vec<GridRobot>,
}

impl GridView {
    /// Every robot's cell and facing, in seat order (`None` off the board).
    #[must_use]
    pub fn positions(&self) -> Vec<Option<(Pos, Dir)>> {
        self.robots.iter().map(|r| r.at).collect()
    }

    /// The robot of `player`, if that seat exists.
    #[must_use]
    pub fn robot(&self, player: PlayerId) -> Option<&GridRobot> {
        self.robots.get(player.index())
    }

    /// No register is being resolved now (planning, setup, or the end).
    #[must_use]
    pub fn between_registers(&self) -> bool {
        self.stage != RaceStage::Activation
    }
}
