//! Scenarios of the toy race, on the shared runner
//! ([`crate::race::scenario`]): the template for an edition's scenario
//! support. Three pieces, each small:
//!
//! 1. the milestones of the race (which task marks the end of a register,
//!    of a round: [`GridRace::marks`](crate::race::frame::GridRace::marks)),
//!    so the runner can stop where a file says;
//! 2. [`ScenarioRace`]: the answers in words (`"play Move2"`, `"face E"`,
//!    `"dodge left"`, `"take the hit"`) and the answer once a script runs
//!    out (the first option: `"take the hit"`, `"face N"`, `"play Move1"`);
//! 3. the file ([`ToyScenario`]: board text, robots, how far to run, their
//!    answers, an `expect` block) and the summary it is compared with.
//!
//! ```
//! use robo_core::toy::race::scenario::ToyScenario;
//! let file = r#"{
//!   "about": "Move 1 onto the flag wins",
//!   "board": ["+--+--+", " .. F1", "+  +  +", " .. ..", "+--+--+"],
//!   "robots": [{"at": [1, 1], "answers": ["play move 1"]}, {"at": [0, 1]}],
//!   "run": "end",
//!   "expect": {"over": true, "winner": 0, "robots": [{"position": [1, 0]}, {"position": [0, 0]}]}
//! }"#;
//! let scenario: ToyScenario = serde_json::from_str(file).unwrap();
//! let (summary, differences) = scenario.check().unwrap();
//! assert!(differences.is_empty(), "{differences:?}");
//! assert_eq!(summary.decisions[1], "robot 1, pick a card: play Move1 (default)");
//! ```

use super::{Action, Event, Race, SetupError};
use crate::geom::Rel;
use crate::ids::PlayerId;
use crate::protocol::Game;
use crate::race::scenario::Difference;
use crate::race::scenario::{
    present, run_length_in, run_script, squash, BoardText, Differences, Expectation, Facing,
    RunFile, ScenarioError, ScenarioRace, ScenarioScript, Xy,
};
use serde::{Deserialize, Serialize};

/// The toy register's steps in a scenario's words (`"run": {"register": 1,
/// "after": "cards"}`), in the order of the register's steps.
pub const STEP_NAMES: [&str; 5] = ["cards", "belts", "gears", "lasers", "flags"];

/// An action in a scenario's words.
fn words(a: &Action) -> String {
    match a {
        Action::Play(c) => format!("play {c:?}"),
        Action::Face(d) => format!("face {d}"),
        Action::Dodge(None) => "take the hit".into(),
        Action::Dodge(Some(Rel::Left)) => "dodge left".into(),
        Action::Dodge(Some(Rel::Right)) => "dodge right".into(),
        Action::Dodge(Some(r)) => format!("dodge {r:?}"),
    }
}

impl ScenarioRace for Race {
    type Answer = String;
    const REGISTERS: u8 = 1;

    fn scripted(&self, player: PlayerId, answer: &String) -> Result<Action, String> {
        let mut options = Vec::new();
        self.legal_actions(player, &mut options);
        let key = squash(answer);
        options
            .iter()
            .find(|a| squash(&words(a)) == key)
            .copied()
            .ok_or_else(|| {
                let known: Vec<String> = options
                    .iter()
                    .map(|a| format!("\"{}\"", words(a)))
                    .collect();
                format!("not one of the options: {}", known.join(", "))
            })
    }

    fn default_answer(&self, player: PlayerId) -> Option<Action> {
        let mut options = Vec::new();
        self.legal_actions(player, &mut options);
        options.first().copied()
    }

    fn describe(action: &Action) -> String {
        words(action)
    }
}

/// A toy scenario file.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToyScenario {
    /// What it checks, in one line.
    #[serde(default)]
    pub about: String,
    /// The board (toy glyphs); it must hold flag `F1`.
    pub board: BoardText,
    /// The robots by seat: each starts facing north.
    pub robots: Vec<ToyRobotFile>,
    /// Rounds before the race ends without a winner (default 10).
    #[serde(default)]
    pub max_rounds: Option<u16>,
    /// How far to run (default: the round).
    #[serde(default)]
    pub run: Option<RunFile>,
    /// What the run should end with.
    #[serde(default)]
    pub expect: Option<ToyExpect>,
}

/// A robot of a toy scenario.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToyRobotFile {
    /// Its start cell.
    pub at: Xy,
    /// Its answers, in order.
    #[serde(default)]
    pub answers: Vec<String>,
}

/// What a toy run should end with.
#[derive(Clone, Debug, PartialEq, Eq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ToyExpect {
    /// The robots by seat.
    pub robots: Vec<ToyRobotExpect>,
    /// The round (from 0).
    pub round: Option<u16>,
    /// The race is over.
    pub over: Option<bool>,
    /// The winner's seat, `null` for none.
    #[serde(deserialize_with = "present")]
    pub winner: Option<Option<u8>>,
}

/// What one toy robot should end with.
#[derive(Clone, Debug, PartialEq, Eq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ToyRobotExpect {
    /// Its cell, `null` once it fell.
    #[serde(deserialize_with = "present")]
    pub position: Option<Option<Xy>>,
    /// Its facing.
    pub facing: Option<Facing>,
    /// Laser hits taken.
    pub hits: Option<u8>,
}

/// The state a toy run ends in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ToySummary {
    /// The round (from 0).
    pub round: u16,
    /// The race is over.
    pub over: bool,
    /// The winner's seat.
    pub winner: Option<u8>,
    /// The robots: cell (`null` once fallen), facing, hits.
    pub robots: Vec<(Option<Xy>, Facing, u8)>,
    /// Every decision and its answer.
    pub decisions: Vec<String>,
    /// Everything that happened.
    pub events: Vec<Event>,
}

impl Expectation<ToySummary> for ToyExpect {
    fn compare(&self, s: &ToySummary, d: &mut Differences) {
        d.check(|| "round".into(), self.round.as_ref(), &s.round);
        d.check(|| "over".into(), self.over.as_ref(), &s.over);
        d.check(|| "winner".into(), self.winner.as_ref(), &s.winner);
        d.robots(&self.robots, &s.robots, |i, e, (at, facing, hits), d| {
            let f = |field: &'static str| move || format!("robot {i} {field}");
            d.check(f("position"), e.position.as_ref(), at);
            d.check(f("facing"), e.facing.as_ref(), facing);
            d.check(f("hits"), e.hits.as_ref(), hits);
        });
    }
}

impl ToyScenario {
    /// Sets the race up, runs it as far as the file says and compares the
    /// end with `expect` (and reports answers never asked for).
    ///
    /// # Errors
    /// A board or start the race refuses, a bad `run`, an answer that fits
    /// no option.
    pub fn check(&self) -> Result<(ToySummary, Vec<Difference>), ScenarioError<SetupError>> {
        let script = ScenarioScript {
            about: self.about.clone(),
            run: run_length_in(self.run.as_ref(), &STEP_NAMES)?,
            answers: self.robots.iter().map(|r| r.answers.clone()).collect(),
            expect: self.expect.clone(),
        };
        let setup = super::Setup {
            board: self.board.text(),
            starts: self.robots.iter().map(|r| r.at.0).collect(),
            max_rounds: self.max_rounds.unwrap_or(10),
        };
        let race = Race::new(setup, 0).map_err(ScenarioError::Position)?;
        let ran = run_script(race, script.run, 1, &script.answers)?;
        let race = &ran.game;
        let summary = ToySummary {
            round: race.core.round,
            over: race.core.outcome.is_some(),
            winner: race
                .core
                .outcome
                .as_ref()
                .and_then(|o| o.winner)
                .map(|p| p.0),
            robots: race
                .world
                .robots
                .iter()
                .map(|r| (r.pos.map(Xy), Facing(r.facing), r.hits))
                .collect(),
            decisions: ran.decisions,
            events: ran.events,
        };
        let differences = script.differences(&summary, &ran.unused_answers);
        Ok((summary, differences))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agenda::{self, Milestone};
    use crate::race::scenario::{refusals, Refusal, RunLength};

    const BOARD: &str = r#"["+--+--+--+", " .. .. ..", "+  +  +  +", " Z> .. ..", "+  +  +  +", " .. [] F1", "+--+--+--+"]"#;

    /// A column with the flag at its top right and no laser.
    const OPEN: &str =
        r#"["+--+--+", " .. F1", "+  +  +", " .. ..", "+  +  +", " .. ..", "+--+--+"]"#;

    fn check(robots: &str, rest: &str) -> Result<(ToySummary, Vec<String>), String> {
        on(BOARD, robots, rest)
    }

    fn on(board: &str, robots: &str, rest: &str) -> Result<(ToySummary, Vec<String>), String> {
        let text = format!(r#"{{"about": "test", "board": {board}, "robots": [{robots}]{rest}}}"#);
        let scenario: ToyScenario = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        let (summary, differences) = scenario.check().map_err(|e| e.to_string())?;
        Ok((
            summary,
            differences.iter().map(ToString::to_string).collect(),
        ))
    }

    #[test]
    fn a_dodge_mid_register_is_answered_from_the_script() {
        // Robot 0 turns east into the beam and dodges to its left (north).
        let (s, d) = check(
            r#"{"at": [1, 1], "answers": ["play right", "Dodge Left"]}, {"at": [2, 0], "answers": ["play left"]}"#,
            r#", "run": {"registers": 1}, "expect": {"round": 0, "robots": [{"position": [1, 0], "facing": "E", "hits": 0}]}"#,
        )
        .unwrap();
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(
            s.decisions,
            [
                "robot 0, pick a card: play Right (scripted)",
                "robot 1, pick a card: play Left (scripted)",
                "robot 0, dodge the laser or take the hit: dodge left (scripted)",
            ]
        );
        // Without the dodge in the script, the default takes the hit.
        let (s, d) = check(
            r#"{"at": [1, 1], "answers": ["play right"]}, {"at": [2, 0]}"#,
            r#", "expect": {"robots": [{"position": [1, 0], "hits": 1}, {}, {}]}"#,
        )
        .unwrap();
        assert_eq!(
            s.robots[0],
            (
                Some(Xy(crate::geom::Pos::new(1, 1))),
                Facing(crate::geom::Dir::E),
                1
            )
        );
        assert_eq!(
            d,
            [
                "robots: expected 3, got 2",
                "robot 0 position: expected [1,0], got [1,1]",
            ]
        );
    }

    #[test]
    fn runs_cross_rounds_and_script_errors_name_the_robot_and_the_options() {
        // Three registers of one each: three rounds of Move 1 (the default),
        // stopping before the third round ends.
        let (s, d) = on(OPEN, r#"{"at": [0, 2]}"#, r#", "run": {"registers": 3}, "expect": {"round": 2, "robots": [{"position": [0, 0]}]}"#).unwrap();
        assert_eq!(s.decisions.len(), 3);
        assert!(d.is_empty(), "the wall at the top stops it: {d:?}");
        let e = on(OPEN, r#"{"at": [0, 2], "answers": ["play Move3"]}"#, "").unwrap_err();
        assert!(
            e.starts_with("robot 0, answer 1 (play Move3) to \"pick a card\": not one of the options: \"play Move1\""),
            "{e}"
        );
        let (_, d) = on(
            OPEN,
            r#"{"at": [0, 2], "answers": ["play Move1", "face N"]}"#,
            "",
        )
        .unwrap();
        assert_eq!(
            d,
            ["scripted answers: expected all used, got never asked for: robot 0: face N"]
        );
        let e = on(OPEN, r#"{"at": [0, 2]}"#, r#", "run": "forever""#).unwrap_err();
        assert!(e.starts_with("run: `forever`"), "{e}");
        let e = on(OPEN, r#"{"at": [5, 5]}"#, "").unwrap_err();
        assert!(e.starts_with("impossible position: start"), "{e}");
    }

    #[test]
    fn a_run_stops_after_a_named_step_and_an_answer_there_may_be_refused() {
        // After the cards, before the lasers: robot 0 has turned into the
        // beam but is not hit yet.
        let (s, d) = check(
            r#"{"at": [1, 1], "answers": ["play right"]}, {"at": [2, 0], "answers": ["play left"]}"#,
            r#", "run": {"register": 1, "after": "cards"}, "expect": {"round": 0, "robots": [{"position": [1, 1], "facing": "E", "hits": 0}]}"#,
        )
        .unwrap();
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(s.decisions.len(), 2);
        let e = check(
            r#"{"at": [1, 1]}"#,
            r#", "run": {"register": 1, "after": "walls"}"#,
        )
        .unwrap_err();
        assert!(
            e.contains("step `walls`: the steps are cards, belts, gears, lasers, flags"),
            "{e}"
        );
        // Stopped after the gears, the next decision is robot 0's dodge:
        // a card is refused there, a dodge is not.
        let race = |answers: &[&str]| {
            let setup = super::super::Setup {
                board: serde_json::from_str::<BoardText>(BOARD).unwrap().text(),
                starts: vec![crate::geom::Pos::new(1, 1), crate::geom::Pos::new(2, 0)],
                max_rounds: 3,
            };
            let script = vec![answers.iter().map(ToString::to_string).collect(), vec![]];
            let stop = RunLength::AfterStep {
                register: 1,
                step: 2,
            };
            run_script::<_, SetupError>(Race::new(setup, 0).unwrap(), stop, 1, &script)
                .unwrap()
                .game
        };
        let game = race(&["play right"]);
        let check_refused = |answer: &str, reason: Option<&str>| {
            let refused = [Refusal {
                robot: 0,
                answer: answer.to_string(),
                reason: reason.map(str::to_string),
            }];
            let mut d = Differences::new();
            refusals(
                &game,
                &refused,
                |g| {
                    let _ = agenda::advance_to(g, Milestone::GameEnd);
                },
                |g, p, a| g.scripted(p, a).map(|x| vec![x]),
                &mut d,
            );
            d.into_vec()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
        };
        assert!(check_refused("play left", Some("not one of the options")).is_empty());
        assert_eq!(
            check_refused("play left", Some("too late")),
            ["refused answer of robot 0 (play left) reason: expected \"too late\", got \"not one of the options: \"take the hit\", \"dodge left\"\""]
        );
        assert_eq!(
            check_refused("dodge left", None),
            ["refused answer of robot 0 (dodge left): expected refused, got accepted"]
        );
    }
}
