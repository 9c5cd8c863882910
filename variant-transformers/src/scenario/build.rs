//! A scenario's position: the race its file describes, exactly.

use super::file::{Cell, RobotFile, ScenarioFile};
use super::ScenarioError;
use crate::cards::{Card, CardId};
use crate::characters::Character;
use crate::courses::{self, Bridge, Markers};
use crate::events::Phase;
use crate::mode::Mode;
use crate::race::Race;
use crate::robot::{Off, MAX_ENERGON, REGISTERS};
use crate::setup::{Seat, Setup};
use crate::task::Task;
use crate::tiles::Tile;
use crate::upgrades::Upgrade;
use robo_core::geom::{Dir, Pos};
use robo_core::race::course::course_from_text;
use robo_core::{Deck, PlayerId, RobotId};

/// Matches names without regard to case, spaces or punctuation.
pub(crate) fn key(s: &str) -> String {
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The card called `name`.
pub(crate) fn card_named(name: &str) -> Result<Card, ScenarioError> {
    let k = key(name);
    let specials =
        (0..crate::damage::SPECIAL_CARDS).map(|i| Card::Special(crate::cards::Special(i)));
    Card::PLANNING
        .into_iter()
        .chain([Card::Scrap])
        .chain(specials)
        .find(|c| key(&c.to_string()) == k)
        .ok_or_else(|| {
            ScenarioError::new(format!(
                "unknown card `{name}`: use Move 1, Move 2, Move 3, Move Back, Turn Left, Turn Right, U-Turn, Drift Left, Drift Right, Power Up, Again, SCRAP or a special damage card's name"
            ))
        })
}

fn upgrade_named(name: &str) -> Result<Upgrade, ScenarioError> {
    Upgrade::ALL
        .into_iter()
        .find(|u| key(u.name()) == key(name))
        .ok_or_else(|| ScenarioError::new(format!("unknown upgrade `{name}`")))
}

pub(crate) fn pos(c: Cell) -> Pos {
    Pos::new(c[0], c[1])
}

pub(crate) fn dir(s: Option<&str>) -> Result<Dir, ScenarioError> {
    s.unwrap_or("N")
        .parse()
        .map_err(|e: robo_core::geom::ParseGeomError| ScenarioError::new(e.to_string()))
}

/// A planning card named in a robot's `pile` (its deck or discard pile:
/// damage never goes there).
fn planning_card(name: &str, whose: &str, pile: &str) -> Result<Card, ScenarioError> {
    let card = card_named(name)?;
    if card.is_damage() {
        return Err(ScenarioError::new(format!(
            "{whose}: {pile}: damage never goes to a planning {pile}, not {name}"
        )));
    }
    Ok(card)
}

/// Takes the first id of `card` among `free` (a pool of unplaced ids).
fn take(free: &mut Vec<CardId>, card: Card, whose: &str) -> Result<CardId, ScenarioError> {
    let i = free
        .iter()
        .position(|c| c.card() == card)
        .ok_or_else(|| ScenarioError::new(format!("{whose}: no {card} left to place")))?;
    Ok(free.remove(i))
}

fn course_of(file: &ScenarioFile) -> Result<courses::Course, ScenarioError> {
    let facing = dir(file.start_facing.as_deref())?;
    let checkpoints: Option<Vec<Pos>> = file
        .checkpoints
        .as_ref()
        .map(|c| c.iter().copied().map(pos).collect());
    let mut course = match (&file.board, &file.course) {
        (Some(board), None) => {
            let text = match board {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Array(rows) => rows
                    .iter()
                    .map(|r| r.as_str().unwrap_or_default().to_string() + "\n")
                    .collect(),
                _ => return Err(ScenarioError::new("`board` is text rows".into())),
            };
            let cps = checkpoints
                .clone()
                .ok_or_else(|| ScenarioError::new("a board needs its `checkpoints`".into()))?;
            course_from_text::<Tile, Markers>(&text, &cps, facing, |_| Markers::default())
                .map_err(|e| ScenarioError::new(e.to_string()))?
        }
        (None, Some(name)) => {
            courses::course(name).map_err(|e| ScenarioError::new(e.to_string()))?
        }
        _ => return Err(ScenarioError::new("give either `board` or `course`".into())),
    };
    if file.course.is_some() && (checkpoints.is_some() || file.bridges.is_some()) {
        let mut parts = course.into_parts();
        if let Some(c) = checkpoints {
            parts.checkpoints = c;
        }
        if let Some(b) = &file.bridges {
            parts.extras.bridges = b
                .iter()
                .map(|b| Bridge {
                    at: pos(b.at),
                    colour: b.colour,
                })
                .collect();
        }
        course = courses::Course::new(parts).map_err(|e| ScenarioError::new(e.to_string()))?;
    } else if let Some(b) = &file.bridges {
        let mut parts = course.into_parts();
        parts.extras.bridges = b
            .iter()
            .map(|b| Bridge {
                at: pos(b.at),
                colour: b.colour,
            })
            .collect();
        course = courses::Course::new(parts).map_err(|e| ScenarioError::new(e.to_string()))?;
    }
    Ok(course)
}

/// The race a scenario file describes, its agenda set to start where the
/// file says.
pub(crate) fn build(file: &ScenarioFile) -> Result<Race, ScenarioError> {
    let course = course_of(file)?;
    let n = file.robots.len();
    if !(1..=6).contains(&n) {
        return Err(ScenarioError::new(format!(
            "a scenario takes 1 to 6 robots, not {n}"
        )));
    }
    let mut seats = Vec::new();
    for (i, r) in file.robots.iter().enumerate() {
        let character = match &r.character {
            Some(c) => Character::named(c)
                .ok_or_else(|| ScenarioError::new(format!("unknown character `{c}`")))?,
            None => Character::ALL[i],
        };
        let mode = match r.mode.as_deref().map(key).as_deref() {
            None | Some("alt") => Mode::Alt,
            Some("bot") => Mode::Bot,
            Some(m) => return Err(ScenarioError::new(format!("mode `{m}`: alt or bot"))),
        };
        seats.push(Seat { character, mode });
    }
    let setup = Setup {
        course,
        seats,
        priority: PlayerId(file.priority),
        teams: file.teams.clone(),
        max_rounds: file.max_rounds,
    };
    // A scenario places its robots itself and may hold a single robot
    // (a race needs two, and start spaces for all).
    let check = crate::setup::validate(&setup);
    if let Err(e) = check {
        let lone = n == 1 && matches!(e, crate::setup::SetupError::Players(1));
        if !lone && !matches!(e, crate::setup::SetupError::Starts { .. }) {
            return Err(ScenarioError::new(e.to_string()));
        }
    }
    let mut race = Race::deal(setup, file.seed);
    let exact_upgrades = !file.upgrade_deck.is_empty() || !file.upgrade_discard.is_empty();
    if exact_upgrades {
        // Only the upgrades the file names are held: the ones dealt go back.
        for pl in &mut race.players {
            pl.slots
                .uninstalled
                .retain(|u| u.kind() == crate::upgrades::UpgradeKind::Personal);
        }
        race.upgrades = Deck::from_top(Upgrade::deck().collect());
    }
    if let Some(c) = &file.cubes {
        race.cubes = c.iter().copied().map(pos).collect();
    }
    if let Some(m) = &file.mines {
        race.mines = m.iter().copied().map(pos).collect();
    }
    let mut damage_free: Vec<CardId> = CardId::damage_cards().collect();
    for (i, r) in file.robots.iter().enumerate() {
        place(&mut race, i, r, &mut damage_free)?;
    }
    // The damage deck: the named top, the rest shuffled under it.
    let mut top = Vec::new();
    for name in &file.damage_deck {
        top.push(take(&mut damage_free, card_named(name)?, "damage deck")?);
    }
    race.rng.shuffle(&mut damage_free);
    top.extend(damage_free);
    race.damage = Deck::from_top(top);
    if exact_upgrades {
        stack_upgrades(&mut race, file)?;
    }
    start(&mut race, file)?;
    race.check_state()
        .map_err(|e| ScenarioError::new(format!("impossible position: {e}")))?;
    Ok(race)
}

/// The upgrade deck as the file says: its top, its discard pile, and the
/// upgrades held by nobody shuffled under the top.
fn stack_upgrades(race: &mut Race, file: &ScenarioFile) -> Result<(), ScenarioError> {
    let mut free: Vec<Upgrade> = race.upgrades.draw_pile().copied().collect();
    let mut pick = |name: &str, pile: &str| -> Result<Upgrade, ScenarioError> {
        let u = upgrade_named(name)?;
        let i = free.iter().position(|f| *f == u).ok_or_else(|| {
            ScenarioError::new(format!(
                "{pile}: {u} is not in the upgrade deck (personal, held, or listed twice)"
            ))
        })?;
        Ok(free.remove(i))
    };
    let mut top = Vec::new();
    for name in &file.upgrade_deck {
        top.push(pick(name, "upgrade deck")?);
    }
    let mut discard = Vec::new();
    for name in &file.upgrade_discard {
        discard.push(pick(name, "upgrade discard")?);
    }
    race.rng.shuffle(&mut free);
    top.extend(free);
    race.upgrades = Deck::from_piles(top, discard);
    Ok(())
}

/// Puts robot `i` where the file says, with its cards and upgrades.
fn place(
    race: &mut Race,
    i: usize,
    r: &RobotFile,
    damage_free: &mut Vec<CardId>,
) -> Result<(), ScenarioError> {
    let p = PlayerId(i as u8);
    let whose = format!("robot {i}");
    let robot = RobotId::of(p);
    let facing = dir(r.facing.as_deref())?;
    match (r.at, &r.off) {
        (Some(at), None) => {
            let at = pos(at);
            let ok =
                race.arena.tile(at).is_some_and(|t| !t.is_solid()) && race.bodies.at(at).is_none();
            if !ok {
                return Err(ScenarioError::new(format!(
                    "impossible position: {whose} cannot stand on {at}"
                )));
            }
            race.bodies.place(robot, at, facing);
        }
        (None, Some(off)) => {
            race.players[i].off = Some(Off {
                at: pos(off.at),
                back_after: off.back_after,
            });
        }
        _ => return Err(ScenarioError::new(format!("{whose}: give `at` or `off`"))),
    }
    let mut planning: Vec<CardId> = CardId::deck_of(p).collect();
    let pl = &mut race.players[i];
    pl.energon = r.energon.unwrap_or(pl.energon);
    if pl.energon > MAX_ENERGON {
        return Err(ScenarioError::new(format!(
            "{whose}: at most {MAX_ENERGON} Energon"
        )));
    }
    pl.checkpoints = r.checkpoint;
    let mut pick = |name: &str, pool_planning: &mut Vec<CardId>| -> Result<CardId, ScenarioError> {
        let card = card_named(name)?;
        if card.is_damage() {
            take(damage_free, card, &whose)
        } else {
            take(pool_planning, card, &whose)
        }
    };
    if r.registers.len() > REGISTERS {
        return Err(ScenarioError::new(format!("{whose}: 5 registers at most")));
    }
    for (k, name) in r.registers.iter().enumerate() {
        if let Some(name) = name.as_deref().filter(|n| *n != "-") {
            let c = pick(name, &mut planning)?;
            if matches!(c.card(), Card::Special(_)) {
                return Err(ScenarioError::new(format!(
                    "{whose}: a special damage card is never in a register"
                )));
            }
            pl.registers[k].cards.push(c);
        }
    }
    for name in &r.hand {
        let c = pick(name, &mut planning)?;
        if matches!(c.card(), Card::Special(_)) {
            return Err(ScenarioError::new(format!(
                "{whose}: a special damage card is never in the hand"
            )));
        }
        pl.hand.push(c);
    }
    for name in &r.damage {
        let c = pick(name, &mut planning)?;
        if !matches!(c.card(), Card::Special(s) if s.face().timing != crate::damage::Timing::Instant)
        {
            return Err(ScenarioError::new(format!(
                "{whose}: only ongoing or round-long special damage stays in play, not {name}"
            )));
        }
        pl.damage.push(c);
    }
    let mut deck = Vec::new();
    for name in &r.deck {
        deck.push(take(
            &mut planning,
            planning_card(name, &whose, "deck")?,
            &whose,
        )?);
    }
    let mut discard = Vec::new();
    for name in &r.discard {
        discard.push(take(
            &mut planning,
            planning_card(name, &whose, "discard")?,
            &whose,
        )?);
    }
    race.rng.shuffle(&mut planning);
    match r.rest.as_deref().map(key).as_deref() {
        None | Some("deck") => deck.extend(planning),
        Some("discard") => discard.extend(planning),
        Some(other) => {
            return Err(ScenarioError::new(format!(
                "{whose}: rest `{other}`: \"deck\" or \"discard\""
            )))
        }
    }
    let pl = &mut race.players[i];
    pl.deck = Deck::from_piles(deck, discard);
    for name in &r.installed {
        let u = upgrade_named(name)?;
        if !pl.slots.uninstalled.contains(&u) {
            pl.slots.uninstalled.push(u);
        }
        pl.slots
            .install(u, None, crate::robot::LIMITS)
            .map_err(|e| ScenarioError::new(format!("{whose}: {name}: {e}")))?;
    }
    for name in &r.uninstalled {
        let u = upgrade_named(name)?;
        pl.slots.uninstalled.push(u);
    }
    // Upgrades named anywhere leave the shared deck.
    let held: Vec<Upgrade> = pl.slots.all().collect();
    let rest: Vec<Upgrade> = race
        .upgrades
        .draw_pile()
        .copied()
        .filter(|u| !held.contains(u))
        .collect();
    race.upgrades = Deck::from_top(rest);
    Ok(())
}

/// Sets the agenda to start where the file says.
fn start(race: &mut Race, file: &ScenarioFile) -> Result<(), ScenarioError> {
    race.core.round = file.round.max(1);
    let start = file.start.as_deref().unwrap_or("register 1");
    let k = key(start);
    for pl in &mut race.players {
        pl.round.upgrades_done = true;
        pl.round.planned = true;
    }
    if let Some(n) = k.strip_prefix("register") {
        let n: u8 = n
            .parse()
            .ok()
            .filter(|n| (1..=5).contains(n))
            .ok_or_else(|| ScenarioError::new(format!("start `{start}`: register 1 to 5")))?;
        race.phase = Phase::Activation;
        for pl in &mut race.players {
            for reg in pl.registers.iter_mut().take(usize::from(n) - 1) {
                reg.revealed = true;
            }
            if n > 1 {
                pl.last = pl.registers[usize::from(n) - 2]
                    .cards
                    .iter()
                    .map(|c| c.card())
                    .filter(|c| !c.is_damage())
                    .collect();
            }
        }
        race.core.agenda = vec![Task::Register { register: n }];
    } else if k == "planning" {
        race.phase = Phase::Planning;
        for pl in &mut race.players {
            pl.round.planned = false;
            for reg in &mut pl.registers {
                for c in reg.cards.drain(..) {
                    pl.hand.push(c);
                }
            }
        }
        race.core.agenda = vec![Task::Register { register: 1 }, Task::Planning];
    } else if k == "upgrade" {
        race.phase = Phase::Upgrades;
        for pl in &mut race.players {
            pl.round = Default::default();
        }
        race.core.agenda = vec![
            Task::Register { register: 1 },
            Task::Planning,
            Task::BeginPlanning,
            Task::Upgrades,
        ];
    } else {
        return Err(ScenarioError::new(format!(
            "start `{start}`: \"register N\", \"planning\" or \"upgrade\""
        )));
    }
    Ok(())
}
