//! A planner's score of where a simulated program leaves a robot.

use serde::{Deserialize, Serialize};

/// Where a simulated program left a robot, in terms every grid edition has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloResult {
    /// Checkpoints (flags) reached during the program.
    pub checkpoints: u8,
    /// Whether the race would be won.
    pub won: bool,
    /// Moves left to the next checkpoint from where the robot ended
    /// (`None` when it fell or cannot reach it).
    pub distance: Option<u16>,
    /// Whether the robot fell (pit, edge) at some point.
    pub fell: bool,
    /// Damage taken.
    pub damage: u8,
    /// Energy gained.
    pub energy: u8,
}

/// Weights of a planner's score. Higher scores are better.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weights {
    /// Per checkpoint reached.
    pub checkpoint: f32,
    /// For winning.
    pub win: f32,
    /// Per move left to the next checkpoint.
    pub distance: f32,
    /// For falling.
    pub fall: f32,
    /// Per damage card.
    pub damage: f32,
    /// Per energy.
    pub energy: f32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            checkpoint: 100.0,
            win: 10_000.0,
            distance: -3.0,
            fall: -60.0,
            damage: -4.0,
            energy: 1.0,
        }
    }
}

impl Weights {
    /// The score of a result. A robot that fell is scored as far from the
    /// checkpoint as `worst_distance`.
    #[must_use]
    pub fn score(&self, r: &SoloResult, worst_distance: u16) -> f32 {
        let d = f32::from(r.distance.unwrap_or(worst_distance));
        self.checkpoint * f32::from(r.checkpoints)
            + if r.won { self.win } else { 0.0 }
            + self.distance * d
            + if r.fell { self.fall } else { 0.0 }
            + self.damage * f32::from(r.damage)
            + self.energy * f32::from(r.energy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_prefer_progress_and_punish_falls() {
        let w = Weights::default();
        let near = SoloResult {
            distance: Some(2),
            ..SoloResult::default()
        };
        let far = SoloResult {
            distance: Some(8),
            ..SoloResult::default()
        };
        let fell = SoloResult {
            fell: true,
            ..SoloResult::default()
        };
        let flag = SoloResult {
            checkpoints: 1,
            distance: Some(9),
            ..SoloResult::default()
        };
        assert!(w.score(&near, 30) > w.score(&far, 30));
        assert!(w.score(&far, 30) > w.score(&fell, 30));
        assert!(w.score(&flag, 30) > w.score(&near, 30));
    }
}
