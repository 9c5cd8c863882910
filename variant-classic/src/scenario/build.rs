//! From a scenario file to a position: the board (with a docking bay and a
//! flag out of reach added when the file gives none), card names, robots.

use super::{Scenario, ScenarioFile};
use crate::cards::{deck, Card, Kind};
use crate::courses::{self, Course};
use crate::race::{
    FlagRule, Guard, Placed, Position, Power, Robot, Setup, Start, StartRule, REGISTERS,
};
use crate::tiles::{Cell, Tile};
use robo_core::board::Board;
use robo_core::geom::{Dir, Pos};
use robo_core::race::course::course_from_text;
use thiserror::Error;

/// A scenario that cannot be set up, in words.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct BadScenario(pub String);

fn bad(s: impl Into<String>) -> BadScenario {
    BadScenario(s.into())
}

/// A card kind by name, ignoring case, spaces and punctuation.
fn kind(name: &str) -> Option<Kind> {
    let key: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    Kind::ALL.into_iter().find(|k| {
        let n: String = k
            .name()
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect();
        n.to_ascii_lowercase() == key
    })
}

/// A card name: a kind, with or without its priority (`Move 2 670`).
fn parse_card(name: &str) -> Result<(Kind, Option<u16>), BadScenario> {
    let words: Vec<&str> = name.split_whitespace().collect();
    if let [head @ .., last] = words.as_slice() {
        if let (false, Ok(p)) = (head.is_empty(), last.parse::<u16>()) {
            if p >= 10 {
                let k = kind(&head.join(" ")).ok_or_else(|| bad(format!("no card `{name}`")))?;
                return Ok((k, Some(p)));
            }
        }
    }
    kind(name)
        .map(|k| (k, None))
        .ok_or_else(|| bad(format!("no card `{name}`")))
}

/// Gives every card name a card of the deck: named priorities first, then
/// the lowest free priority of the kind.
pub(super) struct Cards {
    free: Vec<Card>,
}

impl Cards {
    fn new(names: &[&str]) -> Result<Self, BadScenario> {
        let mut free = deck();
        for n in names {
            if let (k, Some(p)) = parse_card(n)? {
                let i = free.iter().position(|c| c.priority == p).ok_or_else(|| {
                    bad(format!("`{n}`: priority {p} is listed twice or is no card"))
                })?;
                if free[i].kind != k {
                    return Err(bad(format!("`{n}`: card {p} is {}", free[i])));
                }
                free.remove(i);
            }
        }
        Ok(Cards { free })
    }

    fn take(&mut self, name: &str) -> Result<Card, BadScenario> {
        match parse_card(name)? {
            (k, Some(p)) => Ok(Card {
                kind: k,
                priority: p,
            }),
            (k, None) => {
                let i = self
                    .free
                    .iter()
                    .position(|c| c.kind == k)
                    .ok_or_else(|| bad(format!("no {} card is left for `{name}`", k.name())))?;
                Ok(self.free.remove(i))
            }
        }
    }
}

/// The board of the file, with a docking bay row and a flag out of reach
/// added below it (past a row of void) when it has no dock or no flags.
fn course_of(file: &ScenarioFile) -> Result<Course, BadScenario> {
    match (&file.board, &file.course) {
        (Some(_), Some(_)) => Err(bad("give `board` or `course`, not both")),
        (None, None) => Err(bad("give a `board` or a `course`")),
        (None, Some(name)) => {
            let course = courses::course(name).map_err(|e| bad(e.to_string()))?;
            if file.flags.is_empty() {
                return Ok(course);
            }
            let mut parts = course.into_parts();
            parts.checkpoints = file.flags.iter().map(|f| f.0).collect();
            Course::new(parts).map_err(|e| bad(e.to_string()))
        }
        (Some(lines), None) => {
            let text = lines.text();
            let board: Board<Cell> = Board::parse(&text).map_err(|e| bad(format!("board: {e}")))?;
            let docks = board.cells().any(|(_, t)| matches!(t.tile, Tile::Dock(_)));
            let mut flags: Vec<Pos> = file.flags.iter().map(|f| f.0).collect();
            let text = if docks && !flags.is_empty() {
                text
            } else {
                let (w, h) = (board.width(), board.height() as i16);
                let open = format!("+{}", "   +".repeat(w));
                let printed = board.print();
                let lines: Vec<&str> = printed.lines().collect();
                let grid = 2 * usize::from(h.unsigned_abs()) + 1;
                let mut t = lines[..grid.min(lines.len())].join("\n");
                t.push('\n');
                t.push_str(&" ".repeat(4 * w + 1));
                t.push('\n');
                t.push_str(&open);
                t.push('\n');
                for row in 0..2 {
                    let mut line = String::from(" ");
                    for x in 0..w {
                        line.push_str(if x == 0 && row == 0 { "D1 " } else { " . " });
                        line.push(' ');
                    }
                    t.push_str(&line);
                    t.push('\n');
                    t.push_str(&open);
                    t.push('\n');
                }
                // The blocks after the grid (the levels layer) get the
                // added rows too, on the ground.
                let mut rest = lines[grid.min(lines.len())..].iter().peekable();
                while let Some(line) = rest.next() {
                    t.push_str(line);
                    t.push('\n');
                    if line.trim() == "levels" {
                        for _ in 0..h {
                            if let Some(row) = rest.next() {
                                t.push_str(row);
                                t.push('\n');
                            }
                        }
                        for _ in 0..3 {
                            t.push_str(&"0".repeat(w));
                            t.push('\n');
                        }
                    }
                }
                if flags.is_empty() {
                    flags.push(Pos::new(0, h + 2));
                }
                t
            };
            course_from_text(&text, &flags, Dir::N, |_| ()).map_err(|e| bad(e.to_string()))
        }
    }
}

fn power(s: Option<&str>) -> Result<Power, BadScenario> {
    match s.map(str::to_ascii_lowercase).as_deref() {
        None | Some("on") => Ok(Power::On),
        Some("announced") => Ok(Power::Announced),
        Some("down") => Ok(Power::Down),
        Some(other) => Err(bad(format!("power `{other}`: write on, announced or down"))),
    }
}

/// The power's word in files.
pub(super) fn power_word(p: Power) -> &'static str {
    match p {
        Power::On => "on",
        Power::Announced => "announced",
        Power::Down => "down",
    }
}

impl Scenario {
    /// Reads and checks a scenario.
    ///
    /// # Errors
    /// What does not fit, in words.
    pub fn new(file: &ScenarioFile) -> Result<Scenario, BadScenario> {
        if !file.edition.eq_ignore_ascii_case("classic") {
            return Err(bad(format!(
                "a scenario of `{}`, not classic",
                file.edition
            )));
        }
        let n = file.robots.len();
        if !(1..=8).contains(&n) {
            return Err(bad(format!("a scenario takes 1 to 8 robots, not {n}")));
        }
        let course = course_of(file)?;
        let rules = rules_of(file, &course)?;
        let course = match rules.flags {
            FlagRule::Random(k) => random_flags(file, &course, k)?,
            _ => course,
        };
        let start = match file.start.as_deref().map(str::trim) {
            None => Start::Register(1),
            Some(s) if s.eq_ignore_ascii_case("programming") => Start::Programming,
            Some(s) => match s.to_ascii_lowercase().strip_prefix("register ") {
                Some(r) => {
                    Start::Register(r.trim().parse().map_err(|_| bad(format!("start `{s}`")))?)
                }
                None => {
                    return Err(bad(format!(
                        "start `{s}`: write \"register N\" or \"programming\""
                    )))
                }
            },
        };
        let gate = rules.start == StartRule::Gate;
        if gate && (file.round != 1 || !matches!(start, Start::Register(1) | Start::Programming)) {
            return Err(bad(
                "starting-gate: the robots leave the gate in register 1 of turn 1",
            ));
        }
        if gate && course.starts().len() < n {
            return Err(bad(format!(
                "starting-gate: {n} robots need {n} docks, the board has {}",
                course.starts().len()
            )));
        }
        let names: Vec<&str> = file
            .robots
            .iter()
            .flat_map(|r| {
                r.registers
                    .iter()
                    .flatten()
                    .chain(r.hand.iter())
                    .chain(r.bomb.iter())
            })
            .chain(file.deck.iter())
            .map(String::as_str)
            .collect();
        let mut cards = Cards::new(&names)?;
        let mut robots = Vec::with_capacity(n);
        for (i, r) in file.robots.iter().enumerate() {
            if r.registers.len() > REGISTERS {
                return Err(bad(format!("robot {i} has more than five registers")));
            }
            let mut registers = [None; REGISTERS];
            for (k, name) in r.registers.iter().enumerate() {
                if let Some(name) = name {
                    registers[k] = Some(cards.take(name)?);
                }
            }
            let hand = r
                .hand
                .iter()
                .map(|h| cards.take(h))
                .collect::<Result<Vec<_>, _>>()?;
            // At the gate the archive is the dock a robot takes.
            let gate_archive = gate.then(|| course.starts()[0]);
            let archive = r
                .archive
                .or(r.at)
                .map(|a| a.0)
                .or(gate_archive)
                .ok_or_else(|| bad(format!("robot {i}: a destroyed robot needs an `archive`")))?;
            let lives = r.lives.unwrap_or(rules.lives);
            if r.damage >= crate::race::DEADLY_DAMAGE || lives == 0 {
                return Err(bad(format!(
                    "robot {i}: {} damage and {lives} lives",
                    r.damage
                )));
            }
            let robot = Robot {
                hand,
                registers,
                damage: r.damage,
                lives,
                flags: r.flags,
                archive,
                power: power(r.power.as_deref())?,
                destroyed: r.at.is_none() && !gate,
                programmed: true,
                options: r
                    .options
                    .iter()
                    .map(|o| held_option(o).map_err(|e| bad(format!("robot {i}: {e}"))))
                    .collect::<Result<_, _>>()?,
                extra: Default::default(),
                guards: std::iter::repeat_n(Guard::Spare, usize::from(r.guards)).collect(),
                place: None,
                reached: None,
                weapon: None,
                program: crate::race::OptionProgram {
                    placed: r
                        .placed
                        .iter()
                        .map(|t| placed_option(t).map_err(|e| bad(format!("robot {i}: {e}"))))
                        .collect::<Result<_, _>>()?,
                    ..Default::default()
                },
                homing: None,
                marks: crate::race::Marks {
                    bomb: bomb_of(&mut cards, &r.bomb)
                        .map_err(|e| bad(format!("robot {i}: {e}")))?,
                    ..Default::default()
                },
                hop: false,
            };
            let robot =
                with_settings(robot, &r.settings).map_err(|e| bad(format!("robot {i}: {e}")))?;
            robots.push(Placed {
                at: r.at.map(|at| (at.0, r.facing.map_or(Dir::N, |f| f.0))),
                ghost: r.ghost,
                flying: r.flying,
                robot,
            });
        }
        let run = robo_core::race::scenario::run_length_in::<BadScenario>(
            file.run.as_ref(),
            &super::STEP_NAMES,
        )
        .map_err(|e| bad(e.to_string()))?;
        let deck_top = file
            .deck
            .iter()
            .map(|name| cards.take(name))
            .collect::<Result<Vec<_>, _>>()?;
        let option_top = file
            .option_deck
            .iter()
            .map(|name| name.parse().map_err(|e| bad(format!("option deck: {e}"))))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Scenario {
            run,
            dealt: rules.options,
            gate,
            deck_top,
            option_top,
            file: file.clone(),
            position: Position {
                course,
                robots,
                round: file.round,
                start,
                seed: file.seed,
                max_rounds: rules.max_rounds,
                on_the_clock: rules.on_the_clock,
                play_on: rules.play_on,
                variants: rules.variants,
                high_flying: rules.high_flying,
                devices: file
                    .devices
                    .iter()
                    .enumerate()
                    .map(|(i, d)| crate::race::Device {
                        id: i as u16,
                        kind: d.kind,
                        owner: robo_core::ids::PlayerId(d.owner),
                        at: d.at.0,
                        facing: d.facing.map_or(Dir::N, |f| f.0),
                        fresh: false,
                        mark: d.mark.map(|m| m.0),
                    })
                    .collect(),
            },
        })
    }
}

/// The file's lives, turn cap and `options` (the names of
/// [`crate::race::SETUP_OPTIONS`]) as a setup: options that decide how the
/// robots start or where the flags lie are refused, since the file places
/// both itself; `random-flags` is taken when the file gives no `flags`,
/// `starting-gate` when it gives no robot an `at`.
fn rules_of(file: &ScenarioFile, course: &Course) -> Result<Setup, BadScenario> {
    let mut setup = Setup::new(course.clone(), file.robots.len() as u8);
    setup.lives = file.lives;
    setup.max_rounds = file.max_rounds;
    for option in &file.options {
        setup.choose(option).map_err(|e| bad(e.to_string()))?;
        // The gate is the start of robots the file leaves off the board.
        let own_start = match setup.start {
            StartRule::Docks => true,
            StartRule::Gate => file.robots.iter().all(|r| r.at.is_none()),
            StartRule::Shared(_) => false,
        };
        let own_flags = match setup.flags {
            FlagRule::Course => true,
            // Random flags take the place of flags the file leaves out.
            FlagRule::Random(_) => file.flags.is_empty(),
            FlagRule::Placed(_) => false,
        };
        if !own_start || !own_flags {
            return Err(bad(format!(
                "option `{option}`: a scenario file places the robots and flags itself"
            )));
        }
    }
    Ok(setup)
}

/// Random Flag Placement for a file that gives no flags: `count` flags
/// drawn with the file's seed on the cells of its `board` (not on the
/// docking bay rows added below it) or of its `course`.
fn random_flags(file: &ScenarioFile, course: &Course, count: u8) -> Result<Course, BadScenario> {
    let rows = match &file.board {
        Some(lines) => Board::<Cell>::parse(&lines.text())
            .map_err(|e| bad(format!("board: {e}")))?
            .height(),
        None => course.board().height(),
    };
    let mut rng = robo_core::rng::Rng::from_seed(file.seed);
    crate::race::random_flags_within(course, count, &mut rng, |p| p.y < rows as i16)
        .map_err(|e| bad(e.to_string()))
}

/// An option as files write it: its name (full payload) or `"Name: n"`
/// (payload left).
fn held_option(text: &str) -> Result<crate::options::Held, String> {
    let (name, payload) = match text.split_once(':') {
        Some((name, n)) => (name, Some(n.trim())),
        None => (text, None),
    };
    let card: crate::options::OptionCard = name.parse().map_err(|e| format!("{e}"))?;
    let mut held = crate::options::Held::new(card);
    if let Some(n) = payload {
        held.payload = n
            .parse()
            .ok()
            .filter(|&n| n <= card.payload().max(crate::race::fuel_cap(card)))
            .ok_or_else(|| format!("{card} cannot hold a payload of {n}"))?;
    }
    Ok(held)
}

/// An option as summaries write it (see [`held_option`]).
pub(super) fn option_words(held: &crate::options::Held) -> String {
    if held.payload == held.card.payload() {
        held.card.to_string()
    } else {
        format!("{}: {}", held.card, held.payload)
    }
}

/// `robot` with its options set as `settings` say (`"Shield back"`).
fn with_settings(mut robot: Robot, settings: &[String]) -> Result<Robot, String> {
    for words in settings {
        let (name, setting) = words
            .trim()
            .rsplit_once(' ')
            .ok_or_else(|| format!("setting `{words}`: write \"NAME SETTING\""))?;
        let option = name
            .parse()
            .map_err(|e: crate::options::UnknownOption| e.to_string())?;
        let setting = setting.parse()?;
        robot
            .set_option(option, setting)
            .map_err(|e| format!("setting `{words}`: {e}"))?;
    }
    Ok(robot)
}

/// A placed option as files write it: `"Mine Layer in 1"`.
fn placed_option(text: &str) -> Result<(u8, crate::options::OptionCard), String> {
    let bad = || format!("`{text}`: write \"NAME in N\" (a register from 1 to 5)");
    let (name, register) = text.rsplit_once(" in ").ok_or_else(bad)?;
    let register: u8 = register.trim().parse().map_err(|_| bad())?;
    if !(1..=5).contains(&register) {
        return Err(bad());
    }
    let card: crate::options::OptionCard = name.trim().parse().map_err(|e| format!("{e}"))?;
    Ok((register, card))
}

/// A buzz bomb's dealt cards (`None` for none).
fn bomb_of(
    cards: &mut Cards,
    names: &[String],
) -> Result<Option<crate::race::BombProgram>, String> {
    if names.is_empty() {
        return Ok(None);
    }
    if names.len() > crate::race::BOMB_CARDS {
        return Err(format!("{} buzz bomb cards, at most five", names.len()));
    }
    let mut program = crate::race::BombProgram::default();
    for (slot, name) in program.hand.iter_mut().zip(names) {
        *slot = Some(cards.take(name).map_err(|e| e.to_string())?);
    }
    Ok(Some(program))
}
