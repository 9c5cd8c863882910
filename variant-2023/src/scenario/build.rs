//! From a [`ScenarioFile`] to a [`Position`] (through which the race is
//! built) and the script of the run.

use super::file::{RegisterFile, Rest, RobotFile, ScenarioFile};
use super::names::{card_named, squash};
use super::{RunLength, ScenarioError, ScenarioScript};
use crate::cards::Card;
use crate::courses::{self, Course, CourseParts, Markers};
use crate::position::{Position, RobotSpec, StartAt};
use crate::robot::REGISTERS;
use crate::setup::{Options, Setup};
use crate::tiles::Tile;
use robo_core::board::{Board, BoardId};
use robo_core::geom::{Dir, Pos};
use robo_core::race::scenario::{run_length_in, ScenarioBoard};
use robo_core::PlayerId;

/// Rounds a run to the end may last when the file sets no round cap.
pub const DEFAULT_END_ROUNDS: u16 = 100;
fn field(at: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError::field(at, message)
}

/// Where the run starts: `"upgrade"`, `"programming"` or `"register N"`.
fn start_at(s: Option<&str>) -> Result<StartAt, ScenarioError> {
    let Some(s) = s else {
        return Ok(StartAt::Register(1));
    };
    let k = squash(s);
    match k.as_str() {
        "upgrade" | "upgrades" => Ok(StartAt::Upgrade),
        "programming" => Ok(StartAt::Programming),
        _ => k
            .strip_prefix("register")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=5).contains(n))
            .map(StartAt::Register)
            .ok_or_else(|| {
                field(
                    "start",
                    format!("`{s}`: use \"upgrade\", \"programming\" or \"register 1\" to \"register 5\""),
                )
            }),
    }
}

/// The cards of a register entry (`"Rotate Left + Move 1"` is two).
pub(super) fn register_cards(entry: &RegisterFile) -> Result<Vec<Card>, String> {
    let names: Vec<String> = match entry {
        RegisterFile::One(s) if s.trim().is_empty() || s.trim() == "-" => Vec::new(),
        RegisterFile::One(s) => s.split('+').map(str::to_string).collect(),
        RegisterFile::Many(v) => v.clone(),
    };
    names.iter().map(|n| card_named(n)).collect()
}

/// The course of a scenario: a built-in one, or the board given.
fn course(f: &ScenarioFile, robots: usize) -> Result<Course, ScenarioError> {
    let mut course = match (&f.board, &f.course) {
        (Some(_), Some(_)) => {
            return Err(field("course", "give either `board` or `course`, not both"))
        }
        (None, None) => {
            return Err(field(
                "board",
                "give a `board` (rows of text) or a `course` name",
            ))
        }
        (None, Some(name)) => {
            if !f.reboot.is_empty() {
                return Err(field(
                    "reboot",
                    "a built-in course has its own reboot tokens",
                ));
            }
            courses::course(name).map_err(|e| field("course", e.to_string()))?
        }
        (Some(text), None) => board_course(f, &text.text(), robots)?,
    };
    let checkpoints = f.checkpoints.as_ref().filter(|_| f.course.is_some());
    if checkpoints.is_some() || f.reboot_damage.is_some() {
        let mut parts = course.into_parts();
        if let Some(cps) = checkpoints {
            parts.checkpoints = cps.iter().map(|c| c.0).collect();
        }
        if let Some(d) = f.reboot_damage {
            parts.extras.reboot_damage = d;
        }
        course = Course::new(parts).map_err(|e| field("course", e.to_string()))?;
    }
    Ok(course)
}

/// A course from the board text, made ready by [`ScenarioBoard::new`]:
/// the docking bay is the board holding the start spaces (else the first
/// board without a reboot token); start spaces and a default checkpoint
/// are added below the board when it lacks them.
fn board_course(f: &ScenarioFile, text: &str, robots: usize) -> Result<Course, ScenarioError> {
    let board: Board<Tile> = Board::parse(text).map_err(|e| field("board", e.to_string()))?;
    let mut tokens: Vec<(BoardId, Pos, Dir)> = Vec::new();
    for t in &f.reboot {
        let at = t.at.0;
        let id = board.board_id(at).ok_or_else(|| {
            field(
                "reboot",
                format!("{} is not a floor space of the board", t.at),
            )
        })?;
        if tokens.iter().any(|(b, _, _)| *b == id) {
            return Err(field(
                "reboot",
                format!("board {} has two reboot tokens", id.0),
            ));
        }
        tokens.push((id, at, t.dir.0));
    }
    let checkpoints: Option<Vec<Pos>> = f
        .checkpoints
        .as_ref()
        .map(|c| c.iter().map(|c| c.0).collect());
    let made = ScenarioBoard::new(&board, robots, checkpoints.as_deref(), Tile::Start, |b| {
        !tokens.iter().any(|(t, _, _)| *t == b)
    });
    if let Some((_, at, _)) = tokens.iter().find(|(b, _, _)| *b == made.docking_bay) {
        return Err(field(
            "reboot",
            format!(
                "[{},{}] is on the docking bay (the board with the start spaces), which takes no reboot token",
                at.x, at.y
            ),
        ));
    }
    let mut reboot_tokens = vec![None; made.board_names.len()];
    for (b, at, d) in tokens {
        if let Some(slot) = reboot_tokens.get_mut(usize::from(b.0)) {
            *slot = Some((at, d));
        }
    }
    Course::new(CourseParts {
        name: "scenario".into(),
        board: made.board,
        board_names: made.board_names,
        docking_bay: made.docking_bay,
        checkpoints: made.checkpoints,
        start_facing: Dir::N,
        extras: Markers::with_tokens(reboot_tokens),
    })
    .map_err(|e| field("board", e.to_string()))
}

fn robot_spec(i: usize, r: &RobotFile, options: &Options) -> Result<RobotSpec, ScenarioError> {
    let who = format!("robot {i}");
    let facing = r.facing.map_or(Dir::N, |f| f.0);
    let at = match (r.at, r.rebooting) {
        (Some(p), false) => Some((p.0, facing)),
        (None, true) => None,
        (Some(_), true) => return Err(field(
            who,
            "a rebooting robot is off the board: leave out `at` (give `archive` or `fell_from`)",
        )),
        (None, false) => return Err(field(who, "give its cell `at` (or `rebooting: true`)")),
    };
    let mut spec = RobotSpec {
        at,
        fell_from: r.fell_from.map(BoardId),
        archive: r.archive.map(|a| (a.at.0, a.dir.0)),
        energy: r.energy.unwrap_or(if options.lighter { 0 } else { 3 }),
        checkpoints: r.checkpoint,
        installed: r.installed.iter().map(|u| u.0).collect(),
        uninstalled: r.uninstalled.iter().map(|u| u.0).collect(),
        hand: r.hand.0.clone(),
        deck_top: r.deck.0.clone(),
        discard: r.discard.0.clone(),
        memory: r.memory.0.clone(),
        removed: r.removed.0.clone(),
        shut_down: r.shut_down,
        rest_in_discard: r.rest == Rest::Discard,
        ..RobotSpec::default()
    };
    if r.registers.len() > REGISTERS {
        return Err(field(
            who,
            format!("{} registers listed; a robot has 5", r.registers.len()),
        ));
    }
    for (k, entry) in r.registers.iter().enumerate() {
        if let Some(e) = entry {
            spec.registers[k] =
                register_cards(e).map_err(|m| field(format!("{who} register {}", k + 1), m))?;
        }
    }
    if r.under.len() > REGISTERS {
        return Err(field(
            who,
            format!("{} entries under registers; a robot has 5", r.under.len()),
        ));
    }
    for (k, c) in r.under.iter().enumerate() {
        match c.map(|c| c.0) {
            None => {}
            Some(Card::Haywire(h)) => spec.under[k] = Some(h),
            Some(other) => {
                return Err(field(
                    format!("{who} under register {}", k + 1),
                    format!("only a Haywire lies face down under a register, not {other}"),
                ))
            }
        }
    }
    Ok(spec)
}

/// The card resolved last before register `start` (for Again): given, or
/// the single card in the register before it when it says.
fn last_card(r: &RobotFile, start: StartAt) -> Result<Option<Card>, ScenarioError> {
    if let Some(c) = r.last_card {
        return Ok(Some(c.0));
    }
    let StartAt::Register(k) = start else {
        return Ok(None);
    };
    let Some(Some(prev)) = r
        .registers
        .get(usize::from(k).saturating_sub(2))
        .filter(|_| k > 1)
    else {
        return Ok(None);
    };
    let cards = register_cards(prev).map_err(|m| field("registers", m))?;
    Ok(match cards.as_slice() {
        [c] if !matches!(c, Card::Again | Card::Spam) => Some(*c),
        [_, Card::Move1] => Some(Card::Move1),
        _ => None,
    })
}

/// The position, the cards resolved last before the start, and the script.
pub(crate) fn build(
    f: &ScenarioFile,
) -> Result<(Position, Vec<Option<Card>>, ScenarioScript), ScenarioError> {
    if f.edition.trim() != crate::EDITION {
        return Err(field(
            "edition",
            format!("`{}`: this reader takes 2023 scenarios", f.edition),
        ));
    }
    let n = f.robots.len();
    let course = course(f, n)?;
    let options = f.options;
    let start = start_at(f.start.as_deref())?;
    let run = run_length_in(f.run.as_ref(), &super::STEP_NAMES)?;
    let robots = f
        .robots
        .iter()
        .enumerate()
        .map(|(i, r)| robot_spec(i, r, &options))
        .collect::<Result<Vec<_>, _>>()?;
    let last = f
        .robots
        .iter()
        .map(|r| last_card(r, start))
        .collect::<Result<Vec<_>, _>>()?;
    let mut setup = Setup::new(course, u8::try_from(n).unwrap_or(u8::MAX));
    setup.options = options;
    setup.priority = PlayerId(f.priority);
    let round = f.round.unwrap_or(1);
    setup.max_rounds = match (f.max_rounds, &run) {
        (Some(m), _) => Some(m),
        (None, RunLength::End) => Some(round.saturating_add(DEFAULT_END_ROUNDS)),
        (None, _) => None,
    };
    let mut pos = Position::new(setup, robots);
    pos.seed = f.seed;
    pos.round = round;
    pos.priority = PlayerId(f.priority);
    pos.start = start;
    pos.damage_top = f.damage_deck.0.clone();
    pos.damage_discard = f.damage_discard.0.clone();
    pos.damage_removed = f.damage_removed.0.clone();
    pos.damage_rest_in_discard = f.damage_rest == Rest::Discard;
    pos.upgrade_top = f.upgrade_deck.iter().map(|u| u.0).collect();
    pos.upgrade_discard = f.upgrade_discard.iter().map(|u| u.0).collect();
    let script = ScenarioScript {
        about: f.about.clone(),
        run,
        answers: f.robots.iter().map(|r| r.answers.clone()).collect(),
        expect: f.expect.clone(),
    };
    Ok((pos, last, script))
}
