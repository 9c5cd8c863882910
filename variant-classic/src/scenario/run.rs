//! Running a scenario: answers from its script, stops at milestones, and
//! the state it ends in compared with its `expect` block.

use super::build::{power_word, BadScenario};
use super::{xy, RunTo, Scenario, Xy};
use crate::cards::Card;
use crate::race::{Action, Decision, Event, Race, Start};
use robo_core::agenda::{Milestone, Reached};
use robo_core::geom::Dir;
use robo_core::ids::PlayerId;
use robo_core::Game;
use serde::Serialize;
use std::collections::VecDeque;

/// One robot at the end of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RobotSummary {
    /// Its cell, `None` off the board.
    pub position: Option<Xy>,
    /// Its facing.
    pub facing: Dir,
    /// Damage tokens.
    pub damage: u8,
    /// Lives.
    pub lives: u8,
    /// Flags touched.
    pub flags: u8,
    /// Archive marker.
    pub archive: Xy,
    /// Power.
    pub power: &'static str,
    /// Virtual.
    pub ghost: bool,
    /// Registers.
    pub registers: Vec<Option<String>>,
}

/// The state a run ends in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The turn.
    pub round: u16,
    /// Over.
    pub over: bool,
    /// The winner's seat.
    pub winner: Option<u8>,
    /// The robots.
    pub robots: Vec<RobotSummary>,
    /// What happened.
    pub events: Vec<Event>,
}

pub use robo_core::race::scenario::Difference;

/// The robots' answers, each robot's in order.
struct Script(Vec<VecDeque<String>>);

impl Script {
    fn next(&mut self, p: PlayerId) -> Option<String> {
        self.0.get_mut(p.index()).and_then(VecDeque::pop_front)
    }
}

fn words(s: &str) -> String {
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase()
}

fn facing(s: &str) -> Option<Dir> {
    Dir::ALL
        .into_iter()
        .find(|d| words(&d.to_string()) == words(s))
}

/// Answers `p`'s programming: a program (`"Move 1, Move 2 670, U-Turn"`),
/// then `"; power down"` or not. Without an answer: the hand in order.
fn program(race: &mut Race, p: PlayerId, answer: Option<String>) -> Result<(), BadScenario> {
    let answer = answer.unwrap_or_default();
    let (cards, down) = match answer.split_once(';') {
        Some((c, d)) => (c.to_string(), words(d) == "powerdown"),
        None if words(&answer) == "powerdown" => (String::new(), true),
        None => (answer.clone(), false),
    };
    let names: Vec<&str> = cards
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let err = |e: String| BadScenario(format!("P{} `{answer}`: {e}", p.0));
    for name in &names {
        let robot = race.robot(p).ok_or_else(|| err("no such robot".into()))?;
        let card: Option<Card> = robot.hand.iter().copied().find(|c| {
            let full = words(&c.to_string());
            full == words(name) || words(c.kind.name()) == words(name)
        });
        let card = card.ok_or_else(|| err(format!("`{name}` is not in the hand")))?;
        race.answer(p, Action::Program(card))
            .map_err(|e| err(e.to_string()))?;
    }
    if names.is_empty() {
        while let Some(&c) = race
            .robot(p)
            .and_then(|r| r.next_open().and(r.hand.first()))
        {
            race.answer(p, Action::Program(c))
                .map_err(|e| err(e.to_string()))?;
        }
    }
    race.answer(p, Action::Announce(down))
        .map_err(|e| err(e.to_string()))?;
    Ok(())
}

fn answer_one(
    race: &mut Race,
    p: PlayerId,
    d: Decision,
    a: Option<String>,
) -> Result<(), BadScenario> {
    let text = a.clone().unwrap_or_default();
    let err = |e: String| BadScenario(format!("P{} `{text}`: {e}", p.0));
    let action = match d {
        Decision::Program => return program(race, p, a),
        Decision::StayDown => Action::StayDown(words(&text) == "staydown"),
        Decision::Dock => return Err(err("scenarios start with robots on the board".into())),
        Decision::ReEnter => {
            let (face, down) = match text.split_once(',') {
                Some((f, d)) => (f.to_string(), words(d) == "powerdown"),
                None => (text.clone(), false),
            };
            let dir = match words(&face).strip_prefix("face") {
                Some(d) => facing(d).ok_or_else(|| err("no such facing".into()))?,
                None if a.is_none() => Dir::N,
                None => return Err(err("write \"face N\" (and \", power down\")".into())),
            };
            Action::Enter { facing: dir, down }
        }
    };
    race.answer(p, action)
        .map(|_| ())
        .map_err(|e| err(e.to_string()))
}

fn drive(
    race: &mut Race,
    to: Milestone,
    script: &mut Script,
    events: &mut Vec<Event>,
) -> Result<(), BadScenario> {
    for _ in 0..100_000 {
        let reached = race.advance_to(to);
        events.append(&mut race.take_events());
        match reached {
            Reached::Milestone(_) | Reached::GameOver => return Ok(()),
            Reached::Decision {
                player: Some(p),
                decision,
            } => {
                let a = script.next(p);
                answer_one(race, p, decision, a)?;
            }
            Reached::Decision {
                player: None,
                decision,
            } => {
                for p in race.pending().players() {
                    let a = script.next(p);
                    answer_one(race, p, decision, a)?;
                }
            }
        }
        events.append(&mut race.take_events());
    }
    Err(BadScenario("the run does not reach its end".into()))
}

impl Scenario {
    /// The game at the scenario's position, resting before its first task.
    ///
    /// # Errors
    /// A position that cannot be set up.
    pub fn race(&self) -> Result<Race, BadScenario> {
        let mut position = self.position.clone();
        if self.file.run == RunTo::End && position.max_rounds.is_none() {
            position.max_rounds = Some(position.round.saturating_add(100));
        }
        Race::at_position(position).map_err(BadScenario)
    }

    /// Runs the scenario; the state it ends in and how it differs from
    /// `expect`.
    ///
    /// # Errors
    /// A scenario that cannot be set up or run (an answer that does not fit).
    pub fn check(&self) -> Result<(Summary, Vec<Difference>), BadScenario> {
        let mut race = self.race()?;
        let mut script = Script(
            self.file
                .robots
                .iter()
                .map(|r| r.answers.iter().cloned().collect())
                .collect(),
        );
        let mut events = Vec::new();
        match self.file.run {
            RunTo::Round => drive(&mut race, Milestone::RoundEnd, &mut script, &mut events)?,
            RunTo::End => drive(&mut race, Milestone::GameEnd, &mut script, &mut events)?,
            RunTo::Registers { registers } => {
                let first = match self.position.start {
                    Start::Register(r) => r,
                    Start::Programming => 1,
                };
                for i in 0..registers {
                    let r = ((u16::from(first) - 1 + i) % 5) as u8 + 1;
                    drive(
                        &mut race,
                        Milestone::RegisterEnd(r),
                        &mut script,
                        &mut events,
                    )?;
                    if race.outcome().is_some() {
                        break;
                    }
                }
            }
        }
        let summary = summarize(&race, events);
        let differences = self
            .file
            .expect
            .as_ref()
            .map(|e| compare(e, &summary))
            .unwrap_or_default();
        Ok((summary, differences))
    }
}

fn summarize(race: &Race, events: Vec<Event>) -> Summary {
    let robots = race
        .robots()
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let at = race.world().at(robo_core::RobotId(i as u8));
            let facing = race
                .world()
                .bodies()
                .get(robo_core::RobotId(i as u8))
                .map_or(Dir::N, |b| b.facing);
            RobotSummary {
                position: at.map(|(p, _)| xy(p)),
                facing,
                damage: r.damage,
                lives: r.lives,
                flags: r.flags,
                archive: xy(r.archive),
                power: power_word(r.power),
                ghost: race.world().is_ghost(robo_core::RobotId(i as u8)),
                registers: r
                    .registers
                    .iter()
                    .map(|c| c.map(|c| c.to_string()))
                    .collect(),
            }
        })
        .collect();
    Summary {
        round: race.round(),
        over: race.outcome().is_some(),
        winner: race.outcome().and_then(|o| o.winner).map(|p| p.0),
        robots,
        events,
    }
}

fn json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

fn compare(e: &super::Expect, s: &Summary) -> Vec<Difference> {
    let mut out = Vec::new();
    let mut diff = |what: String, expected: String, got: String| {
        if expected != got {
            out.push(Difference {
                what,
                expected,
                got,
            });
        }
    };
    for (i, (x, r)) in e.robots.iter().zip(&s.robots).enumerate() {
        let w = |f: &str| format!("robot {i} {f}");
        if let Some(p) = x.position {
            diff(w("position"), json(&p), json(&r.position));
        }
        if let Some(f) = x.facing {
            diff(w("facing"), f.to_string(), r.facing.to_string());
        }
        if let Some(v) = x.damage {
            diff(w("damage"), v.to_string(), r.damage.to_string());
        }
        if let Some(v) = x.lives {
            diff(w("lives"), v.to_string(), r.lives.to_string());
        }
        if let Some(v) = x.flags {
            diff(w("flags"), v.to_string(), r.flags.to_string());
        }
        if let Some(v) = x.archive {
            diff(w("archive"), json(&v), json(&r.archive));
        }
        if let Some(v) = &x.power {
            diff(w("power"), v.to_ascii_lowercase(), r.power.to_string());
        }
        if let Some(v) = x.ghost {
            diff(w("ghost"), v.to_string(), r.ghost.to_string());
        }
        if let Some(v) = &x.registers {
            diff(w("registers"), json(v), json(&r.registers));
        }
    }
    if e.robots.len() > s.robots.len() {
        diff(
            "robots".into(),
            e.robots.len().to_string(),
            s.robots.len().to_string(),
        );
    }
    if let Some(w) = e.winner {
        diff("winner".into(), json(&w), json(&s.winner));
    }
    if let Some(o) = e.over {
        diff("over".into(), o.to_string(), s.over.to_string());
    }
    out
}
