//! The race as any grid front end sees it: [`GridView`] from a [`Race`]
//! or from one player's [`View`].

use crate::events::Phase;
use crate::race::Race;
use crate::view::View;
use robo_core::view::{GridRobot, GridView, RaceStage};
use robo_core::PlayerId;

fn stage(phase: Phase, over: bool) -> RaceStage {
    match phase {
        _ if over => RaceStage::Over,
        Phase::Setup => RaceStage::Setup,
        Phase::Upgrade | Phase::Programming => RaceStage::Planning,
        Phase::Activation => RaceStage::Activation,
    }
}

fn label(phase: Phase) -> &'static str {
    match phase {
        Phase::Setup => "setup",
        Phase::Upgrade => "upgrade",
        Phase::Programming => "programming",
        Phase::Activation => "activation",
    }
}

impl Race {
    /// The part of the race every grid front end shows: course, round,
    /// register, stage and every robot. Nothing hidden is in it.
    ///
    /// ```
    /// use robo_core::view::RaceStage;
    /// use robo_core::Game;
    /// use variant_2023::{courses, Race, Setup};
    /// let race = Race::new(Setup::new(courses::course("Milk Run").unwrap(), 2), 1).unwrap();
    /// let grid = race.grid_view();
    /// assert_eq!((grid.course.as_str(), grid.checkpoints), ("Milk Run", 1));
    /// assert_eq!(grid.stage, RaceStage::Setup);
    /// assert!(grid.robots.iter().all(|r| r.at.is_none()));
    /// ```
    #[must_use]
    pub fn grid_view(&self) -> GridView {
        GridView {
            course: self.course().name().to_string(),
            checkpoints: self.arena().checkpoints(),
            round: self.round(),
            register: self.register(),
            stage: stage(self.phase(), self.outcome().is_some()),
            phase: label(self.phase()).to_string(),
            robots: (0..self.seats())
                .map(|i| {
                    let player = PlayerId(i as u8);
                    GridRobot {
                        player,
                        at: self.robot(player),
                        checkpoints: self.player(player).map_or(0, |p| p.checkpoints()),
                    }
                })
                .collect(),
        }
    }
}

impl View {
    /// The grid part of this view (the same for every viewer).
    #[must_use]
    pub fn grid(&self) -> GridView {
        GridView {
            course: self.course.clone(),
            checkpoints: self.checkpoints,
            round: self.round,
            register: self.register,
            stage: stage(self.phase, self.outcome.is_some()),
            phase: label(self.phase).to_string(),
            robots: self
                .robots
                .iter()
                .map(|r| GridRobot {
                    player: r.player,
                    at: r.at,
                    checkpoints: r.checkpoints,
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{courses, Race, Setup};
    use robo_core::view::RaceStage;
    use robo_core::{Game, PlayerId, Rng};

    #[test]
    fn every_viewer_sees_the_grid_the_race_shows() {
        let mut race = Race::new(Setup::new(courses::course("Milk Run").unwrap(), 3), 9).unwrap();
        let mut rng = Rng::from_seed(2);
        let mut stages = Vec::new();
        for _ in 0..400 {
            let grid = race.grid_view();
            for p in 0..3 {
                assert_eq!(race.view(PlayerId(p)).grid(), grid);
            }
            stages.push(grid.stage);
            if grid.stage == RaceStage::Over {
                break;
            }
            let p = race.pending().players()[0];
            let a = race.sample_action(p, &mut rng).unwrap();
            race.apply(p, a).unwrap();
            let grid = race.grid_view();
            for (i, r) in grid.robots.iter().enumerate() {
                assert_eq!(r.at, race.robot(PlayerId(i as u8)));
            }
            assert_eq!(
                grid.between_registers(),
                grid.register == 0 || race.outcome().is_some()
            );
        }
        for s in [RaceStage::Setup, RaceStage::Planning, RaceStage::Activation] {
            assert!(stages.contains(&s), "{s} never seen");
        }
    }
}
