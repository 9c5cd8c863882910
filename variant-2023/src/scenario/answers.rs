//! Answers to the choices a run asks for: actions in words (`"brake"`,
//! `"use Boink E"`), programs by card names, and the default answer when
//! a robot's scripted answers have run out.

use super::build::register_cards;
use super::file::{Answer, FullProgram, RegisterFile};
use super::names::squash;
use crate::actions::{Action, Pile, Program, Rel, Side, Slot};
use crate::cards::{Card, CardId};
use crate::race::Race;
use crate::robot::{ProgramStatus, REGISTERS};
use crate::upgrades::{UpgradeUse, Weapon};
use robo_core::geom::Turn;
use robo_core::{Game, Legal, PlayerId};
use smallvec::SmallVec;

/// An action in the words a scenario answers it with.
///
/// ```
/// use robo_core::geom::Dir;
/// use variant_2023::scenario::answers::words;
/// use variant_2023::{Action, Upgrade, UpgradeUse, Weapon};
/// assert_eq!(words(&Action::Brake(true)), "brake");
/// assert_eq!(words(&Action::Use(UpgradeUse::Boink(Dir::E))), "use Boink E");
/// assert_eq!(words(&Action::Fire(Weapon::Upgrade(Upgrade::RailGun))), "fire Rail Gun");
/// ```
#[must_use]
pub fn words(a: &Action) -> String {
    match a {
        Action::BlockStart(p) => format!("cover [{},{}]", p.x, p.y),
        Action::ChooseStart(p) => format!("start [{},{}]", p.x, p.y),
        Action::DrawUpgrade => "draw upgrade".into(),
        Action::Install {
            upgrade,
            discard: None,
        } => format!("install {upgrade}"),
        Action::Install {
            upgrade,
            discard: Some(d),
        } => format!("install {upgrade} over {d}"),
        Action::Uninstall(u) => format!("uninstall {u}"),
        Action::Use(u) => match *u {
            UpgradeUse::Boink(d) => format!("use Boink {d}"),
            UpgradeUse::Zoop(d) => format!("use Zoop {d}"),
            UpgradeUse::Switch(q) => format!("use Switch {}", q.0),
            UpgradeUse::ReInitialize(q) => format!("use Re-Initialize {}", q.0),
            other => format!("use {}", other.upgrade()),
        },
        Action::Done => "done".into(),
        Action::Program(p) => format!("program {p}"),
        Action::ShutDown => "shut down".into(),
        Action::TimeUp(p) => format!("time up {p}"),
        Action::ReturnCard(c) => format!("put back {}", c.card()),
        Action::Face(d) => format!("face {d}"),
        Action::Brake(b) => if *b { "brake" } else { "no brake" }.into(),
        Action::Rotate(t) => match t {
            Turn::Left => "rotate left".into(),
            Turn::Right => "rotate right".into(),
            Turn::UTurn => "rotate u-turn".into(),
        },
        Action::Sidestep(s) => match s {
            Side::Left => "sidestep left".into(),
            Side::Right => "sidestep right".into(),
        },
        Action::PayEnergy(k) => format!("pay {k}"),
        Action::Remove { pile, card } => format!(
            "remove {card} from {}",
            if *pile == Pile::Hand {
                "hand"
            } else {
                "discard"
            }
        ),
        Action::KeepAll => "remove nothing".into(),
        Action::InstallFree(u) => format!("install {u}"),
        Action::First(c) => format!("first {}", c.card()),
        Action::Fire(Weapon::MainLaser) => "fire main laser".into(),
        Action::Fire(Weapon::Upgrade(u)) => format!("fire {u}"),
        Action::Shield(b) => if *b { "shield" } else { "no shield" }.into(),
        Action::Shift(None) => "stay".into(),
        Action::Shift(Some(r)) => match r {
            Rel::Forward => "step forward".into(),
            Rel::Back => "step back".into(),
            Rel::Left => "step left".into(),
            Rel::Right => "step right".into(),
        },
        Action::Follow(b) => if *b { "follow" } else { "stay" }.into(),
        Action::Pierce(None) => "no drill".into(),
        Action::Pierce(Some(d)) => format!("drill {d}"),
        Action::Exchange(None) => "keep chassis".into(),
        Action::Exchange(Some(u)) => format!("exchange for {u}"),
        Action::PlayHaywire(b) => if *b {
            "play the Haywire"
        } else {
            "discard the Haywire"
        }
        .into(),
    }
}

/// The legal actions of `p` now (for programming: the answers other than
/// a program).
fn options(race: &Race, p: PlayerId) -> (Vec<Action>, bool) {
    let mut out = Vec::new();
    let legal = race.legal_actions(p, &mut out);
    out.retain(|a| !matches!(a, Action::TimeUp(_)));
    (out, legal == Legal::TooMany)
}

/// A card of kind `card` from `p`'s hand not used yet.
fn from_hand(
    race: &Race,
    p: PlayerId,
    card: Card,
    used: &mut SmallVec<[CardId; 12]>,
) -> Result<CardId, String> {
    let hand = race.players[p.index()].hand();
    let found = hand
        .iter()
        .copied()
        .find(|c| c.card() == card && !used.contains(c));
    match found {
        Some(c) => {
            used.push(c);
            Ok(c)
        }
        None => {
            let names: Vec<String> = hand.iter().map(|c| c.card().to_string()).collect();
            Err(format!(
                "no {card} left in the hand ({})",
                if names.is_empty() {
                    "the hand is empty".to_string()
                } else {
                    names.join(", ")
                }
            ))
        }
    }
}

/// The slot a register entry names.
fn slot(
    race: &Race,
    p: PlayerId,
    entry: Option<&RegisterFile>,
    used: &mut SmallVec<[CardId; 12]>,
) -> Result<Slot, String> {
    let Some(entry) = entry else {
        return Ok(Slot::Empty);
    };
    let cards = register_cards(entry)?;
    match cards.as_slice() {
        [] => Ok(Slot::Empty),
        [c] => from_hand(race, p, *c, used).map(Slot::Card),
        [a, b] => Ok(Slot::Crab {
            rotate: from_hand(race, p, *a, used)?,
            move1: from_hand(race, p, *b, used)?,
        }),
        _ => Err("a register holds one card, or a Crab Legs pair of two".into()),
    }
}

/// A program from register entries and cards to keep.
fn program(race: &Race, p: PlayerId, full: &FullProgram) -> Result<Program, String> {
    if full.program.len() > REGISTERS {
        return Err(format!(
            "a program has {REGISTERS} registers, not {}",
            full.program.len()
        ));
    }
    let mut used = SmallVec::new();
    let mut prog = Program::default();
    for (r, entry) in full.program.iter().enumerate() {
        prog.registers[r] = slot(race, p, entry.as_ref(), &mut used)
            .map_err(|e| format!("register {}: {e}", r + 1))?;
    }
    for &c in &full.keep.0 {
        prog.memory.push(from_hand(race, p, c, &mut used)?);
    }
    Ok(prog)
}

/// The program used when a robot has no scripted answer left: the empty
/// registers filled with the hand in order, rewired Haywires first.
fn default_program(race: &Race, p: PlayerId) -> Program {
    let pl = &race.players[p.index()];
    let mut cards = pl.must_program.iter().copied().chain(
        pl.hand()
            .iter()
            .copied()
            .filter(|c| !pl.must_program.contains(c)),
    );
    let mut prog = Program::default();
    for (r, reg) in pl.registers().iter().enumerate() {
        if reg.cards.is_empty() {
            if let Some(c) = cards.next() {
                prog.registers[r] = Slot::Card(c);
            }
        }
    }
    prog
}

/// The answer when a robot's scripted answers have run out: in the upgrade
/// phase `done`; when programming, [`default_program`] (or the first card
/// to put back); elsewhere `done` or `remove nothing` when offered, else
/// the first option in the engine's order, which puts declining first
/// (`no brake`, `stay`, `no shield`, `fire main laser`, ...).
pub(crate) fn default_answer(race: &Race, p: PlayerId) -> Option<Action> {
    let (opts, programming) = options(race, p);
    if programming {
        let returning = matches!(
            race.players[p.index()].program_status(),
            ProgramStatus::Returning(_)
        );
        if !returning {
            return Some(Action::Program(default_program(race, p)));
        }
    }
    opts.iter()
        .find(|a| matches!(a, Action::Done | Action::KeepAll))
        .or(opts.first())
        .cloned()
}

/// The action a scripted answer names now.
///
/// # Errors
/// Why the answer does not fit (with the options there are).
pub(crate) fn scripted(race: &Race, p: PlayerId, answer: &Answer) -> Result<Action, String> {
    let (opts, programming) = options(race, p);
    let returning = matches!(
        race.players[p.index()].program_status(),
        ProgramStatus::Returning(_)
    );
    let full = match answer {
        Answer::Words(w) => {
            let k = squash(w);
            return opts
                .iter()
                .find(|a| squash(&words(a)) == k)
                .cloned()
                .ok_or_else(|| {
                    let mut known: Vec<String> =
                        opts.iter().map(|a| format!("\"{}\"", words(a))).collect();
                    if programming && !returning {
                        known.push("a program [\"Move 1\", ...]".into());
                    }
                    format!("not one of the options: {}", known.join(", "))
                });
        }
        Answer::Program(regs) => FullProgram {
            program: regs.clone(),
            keep: super::names::Cards::default(),
            time_up: false,
        },
        Answer::Full(f) => f.clone(),
    };
    if !programming || returning {
        let known: Vec<String> = opts.iter().map(|a| format!("\"{}\"", words(a))).collect();
        return Err(format!(
            "a program is not asked for now; the options are {}",
            known.join(", ")
        ));
    }
    let prog = program(race, p, &full)?;
    Ok(if full.time_up {
        Action::TimeUp(prog)
    } else {
        Action::Program(prog)
    })
}
