//! Running a scenario on the shared runner
//! ([`robo_core::race::scenario::run_script`]): the race from its
//! position, each choice answered from the script (or by default), stopped
//! after the registers, round or race asked for.

use super::answers::{default_answer, scripted, words};
use super::file::Answer;
use super::summary::Summary;
use super::{Scenario, ScenarioError};
use crate::actions::Action;
use crate::position::StartAt;
use crate::race::Race;
use robo_core::race::frame::GridRace;
use robo_core::race::scenario::{run_script, ScenarioRace};
use robo_core::PlayerId;

impl ScenarioRace for Race {
    type Answer = Answer;
    const REGISTERS: u8 = crate::robot::REGISTERS as u8;

    fn scripted(&self, player: PlayerId, answer: &Answer) -> Result<Action, String> {
        scripted(self, player, answer)
    }

    fn default_answer(&self, player: PlayerId) -> Option<Action> {
        default_answer(self, player)
    }

    fn describe(action: &Action) -> String {
        action_words(action)
    }
}

fn action_words(a: &Action) -> String {
    match a {
        Action::Program(p) | Action::TimeUp(p) => {
            let regs: Vec<String> = p
                .registers
                .iter()
                .map(|s| match *s {
                    crate::actions::Slot::Empty => "-".to_string(),
                    crate::actions::Slot::Card(c) => c.card().to_string(),
                    crate::actions::Slot::Crab { rotate, move1 } => {
                        format!("{} + {}", rotate.card(), move1.card())
                    }
                })
                .collect();
            let head = if matches!(a, Action::TimeUp(_)) {
                "time up"
            } else {
                "program"
            };
            let mut s = format!("{head} [{}]", regs.join(", "));
            if !p.memory.is_empty() {
                let keep: Vec<String> = p.memory.iter().map(|c| c.card().to_string()).collect();
                s.push_str(&format!(" keep [{}]", keep.join(", ")));
            }
            s
        }
        other => words(other),
    }
}

impl Scenario {
    /// Runs the scenario and sums up the state it ends in.
    ///
    /// # Errors
    /// A [`ScenarioError`] when the position cannot be built or a scripted
    /// answer does not fit the choice it is given to.
    pub fn run(&self) -> Result<Summary, ScenarioError> {
        self.run_race().map(|(_, summary)| summary)
    }

    /// Runs the scenario: the race where it stopped, and its summary.
    pub(crate) fn run_race(&self) -> Result<(Race, Summary), ScenarioError> {
        let first = match self.position.start {
            StartAt::Register(r) => r,
            StartAt::Upgrade | StartAt::Programming => 1,
        };
        let ran = run_script(self.start()?, self.script.run, first, &self.script.answers)?;
        let mut summary = Summary::of(&ran.game, ran.events);
        summary.decisions = ran.decisions;
        summary.unused_answers = ran.unused_answers;
        Ok((ran.game, summary))
    }

    /// The race at the scenario's start, before anything resolves.
    pub(crate) fn start(&self) -> Result<Race, ScenarioError> {
        let mut race = Race::build(self.position.clone())?;
        for (pl, last) in race.players.iter_mut().zip(&self.last_cards) {
            pl.last_card = *last;
        }
        Ok(race)
    }

    /// The race at the scenario's start, run on to its first decision as
    /// [`Race::start_at`] does (for tools that play on from a scenario).
    ///
    /// # Errors
    /// A [`ScenarioError`] when the position cannot be built.
    pub fn race(&self) -> Result<Race, ScenarioError> {
        let mut race = self.start()?;
        race.advance();
        race.core.scratch.events.clear();
        Ok(race)
    }
}
