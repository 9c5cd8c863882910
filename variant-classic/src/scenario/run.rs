//! Running a scenario on the shared runner, and the state it ends in
//! compared with its `expect` block through the shared expect machinery.

use super::build::{power_word, BadScenario};
use super::{Difference, Expect, Scenario};
use crate::race::{Event, Race, Start};
use robo_core::agenda::Milestone;
use robo_core::race::frame::GridRace;
use robo_core::race::scenario::{
    refusals, run_script, Differences, Expectation, Facing, RunLength, ScenarioRace, Shown, Xy,
};
use serde::Serialize;

/// One robot at the end of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RobotSummary {
    /// Its cell, `None` off the board.
    pub position: Option<Xy>,
    /// Its facing.
    pub facing: Facing,
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
    /// The options it holds (`"Name"`, or `"Name: n"` with payload left).
    pub options: Vec<String>,
    /// Cards in its hand.
    pub hand: u8,
    /// Cards dealt to it at the run's last deal (`None`: no deal in the run).
    pub dealt: Option<u8>,
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
    /// Where the flags stand, in order.
    pub flags: Vec<Xy>,
    /// The seats, best first.
    pub ranking: Vec<u8>,
    /// The devices' cells, in the order they were laid.
    pub devices: Vec<Xy>,
    /// Every decision and its answer, as the runner logs them.
    pub decisions: Vec<String>,
    /// What happened.
    pub events: Vec<Event>,
}

impl Scenario {
    /// The game at the scenario's position, resting before its first task.
    ///
    /// # Errors
    /// A position that cannot be set up.
    pub fn race(&self) -> Result<Race, BadScenario> {
        let mut position = self.position.clone();
        if self.run == RunLength::End && position.max_rounds.is_none() {
            position.max_rounds = Some(position.round.saturating_add(100));
        }
        let mut race = Race::at_position(position).map_err(BadScenario)?;
        race.stack_decks(&self.deck_top, &self.option_top)
            .map_err(BadScenario)?;
        race.deal_start_options(self.dealt);
        if self.gate {
            race.start_at_the_gate();
        }
        Ok(race)
    }

    /// Runs the scenario on the shared runner; the state it ends in and how
    /// it differs from `expect` (and any scripted answer never asked for).
    ///
    /// # Errors
    /// A scenario that cannot be set up or run (an answer that does not fit).
    pub fn check(&self) -> Result<(Summary, Vec<Difference>), BadScenario> {
        let race = self.race()?;
        let first = match self.position.start {
            Start::Register(r) => r,
            Start::Programming => 1,
        };
        let answers: Vec<Vec<String>> =
            self.file.robots.iter().map(|r| r.answers.clone()).collect();
        let ran = run_script::<Race, BadScenario>(race, self.run, first, &answers)
            .map_err(|e| BadScenario(e.to_string()))?;
        let mut d = Differences::new();
        // A game that ended is a state like any other: its save must load.
        if ran.game.outcome().is_some() {
            if let Err(why) = robo_core::Game::check_invariants(&ran.game) {
                d.differ("the invariants of the end", "hold", why);
            }
        }
        let summary = summarize(&ran.game, ran.events, ran.decisions);
        if let Some(x) = &self.file.expect {
            x.compare(&summary, &mut d);
            refusals(
                &ran.game,
                &x.refused,
                |r| {
                    let _ = r.advance_to(Milestone::GameEnd);
                },
                ScenarioRace::scripted_run,
                &mut d,
            );
        }
        for a in &ran.unused_answers {
            d.differ(
                "scripted answers",
                "all used",
                format!("never asked for: {a}"),
            );
        }
        Ok((summary, d.into_vec()))
    }
}

fn summarize(race: &Race, events: Vec<Event>, decisions: Vec<String>) -> Summary {
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
                .map_or(robo_core::geom::Dir::N, |b| b.facing);
            RobotSummary {
                position: at.map(|(p, _)| Xy(p)),
                facing: Facing(facing),
                damage: r.damage,
                lives: r.lives,
                flags: r.flags,
                archive: Xy(r.archive),
                power: power_word(r.power),
                ghost: race.world().is_ghost(robo_core::RobotId(i as u8)),
                registers: r
                    .registers
                    .iter()
                    .map(|c| c.map(|c| c.to_string()))
                    .collect(),
                options: r.options.iter().map(super::build::option_words).collect(),
                hand: r.hand.len() as u8,
                dealt: events.iter().rev().find_map(|e| match e {
                    Event::Dealt { player, cards } if player.index() == i => Some(*cards),
                    _ => None,
                }),
            }
        })
        .collect();
    Summary {
        round: race.round(),
        over: race.outcome().is_some(),
        winner: race.outcome().and_then(|o| o.winner).map(|p| p.0),
        robots,
        flags: race.world().flags().map(Xy).collect(),
        ranking: race.ranking().iter().map(|p| p.0).collect(),
        devices: race.devices().iter().map(|d| Xy(d.at)).collect(),
        decisions,
        events,
    }
}

/// A list as files write it, in JSON: registers `["Move 2 670", null]`,
/// cells `[[3, 4], [7, 1]]`, seats `[2, 0, 1]`.
struct Listed<'a, T>(&'a [T]);

impl<T: Serialize> Shown for Listed<'_, T> {
    fn shown(&self) -> String {
        serde_json::to_string(self.0).unwrap_or_default()
    }
}

impl<T: PartialEq> PartialEq for Listed<'_, T> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

/// A power word, read without regard to case.
#[derive(PartialEq)]
struct PowerWord(String);

impl Shown for PowerWord {
    fn shown(&self) -> String {
        self.0.clone()
    }
}

impl Expectation<Summary> for Expect {
    fn compare(&self, s: &Summary, d: &mut Differences) {
        d.robots(&self.robots, &s.robots, |i, x, r, d| {
            let f = |field: &'static str| move || format!("robot {i} {field}");
            d.check(f("position"), x.position.as_ref(), &r.position);
            d.check(f("facing"), x.facing.as_ref(), &r.facing);
            d.check(f("damage"), x.damage.as_ref(), &r.damage);
            d.check(f("lives"), x.lives.as_ref(), &r.lives);
            d.check(f("flags"), x.flags.as_ref(), &r.flags);
            d.check(f("archive"), x.archive.as_ref(), &r.archive);
            let power = x.power.as_ref().map(|p| PowerWord(p.to_ascii_lowercase()));
            d.check(f("power"), power.as_ref(), &PowerWord(r.power.to_string()));
            d.check(f("ghost"), x.ghost.as_ref(), &r.ghost);
            let regs = x.registers.as_deref().map(Listed);
            d.check(f("registers"), regs.as_ref(), &Listed(&r.registers));
            d.check(f("options"), x.options.as_ref(), &r.options);
            d.check(f("hand"), x.hand.as_ref(), &r.hand);
            d.check(f("dealt"), x.dealt.as_ref(), &r.dealt);
            let held = u8::try_from(r.options.len()).unwrap_or(u8::MAX);
            d.check(f("option count"), x.option_count.as_ref(), &held);
        });
        let flags = self.flags.as_deref().map(Listed);
        d.check(|| "flags".into(), flags.as_ref(), &Listed(&s.flags));
        let ranking = self.ranking.as_deref().map(Listed);
        d.check(|| "ranking".into(), ranking.as_ref(), &Listed(&s.ranking));
        let devices = self.devices.as_deref().map(Listed);
        d.check(|| "devices".into(), devices.as_ref(), &Listed(&s.devices));
        d.check(|| "winner".into(), self.winner.as_ref(), &s.winner);
        d.check(|| "over".into(), self.over.as_ref(), &s.over);
    }
}
