//! The state a scenario run ends in, as the result shows it, and the
//! comparison of an `expect` block with it.

use super::run::Trace;
use crate::events::Event;
use crate::race::Race;
use robo_core::race::scenario::Difference;
use robo_core::PlayerId;
use serde::Serialize;
use serde_json::Value;

/// One robot at the end of a run.
#[derive(Clone, Debug, Serialize)]
pub struct RobotSummary {
    /// Its cell, `None` off the course.
    pub position: Option<[i16; 2]>,
    /// Its facing.
    pub facing: String,
    /// `alt` or `bot`.
    pub mode: String,
    /// On the course.
    pub on_course: bool,
    /// Off the course: where it left and the register after which it
    /// comes back.
    pub off: Option<([i16; 2], u8)>,
    /// Energon.
    pub energon: u8,
    /// Checkpoints reached.
    pub checkpoint: u8,
    /// SCRAP held anywhere (hand, deck, discard pile, registers).
    pub scrap: usize,
    /// Special damage in play, by name.
    pub damage: Vec<String>,
    /// The hand, by name.
    pub hand: Vec<String>,
    /// Cards in the hand.
    pub hand_size: usize,
    /// Cards drawn at the last refill of the hand in the run (up to 9,
    /// SCRAP held counting), `None` when the run drew none.
    pub dealt: Option<u8>,
    /// Each register's cards, by name.
    pub registers: Vec<Vec<String>>,
    /// Installed upgrades.
    pub installed: Vec<String>,
    /// Cards in the draw pile.
    pub deck: usize,
    /// Cards in the discard pile.
    pub discard: usize,
    /// The draw pile, top first (an expectation compares as many as it
    /// lists).
    pub deck_cards: Vec<String>,
    /// The discard pile, most recent first (compared in any order).
    pub discard_cards: Vec<String>,
    /// Upgrades held uninstalled (personal ones included).
    pub uninstalled: Vec<String>,
}

/// The state a run ends in.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The round.
    pub round: u16,
    /// The phase.
    pub phase: String,
    /// The register last begun.
    pub register: u8,
    /// The Cosmos holder.
    pub priority: u8,
    /// The race is over.
    pub over: bool,
    /// The winner.
    pub winner: Option<u8>,
    /// The robots, by seat.
    pub robots: Vec<RobotSummary>,
    /// Energon cubes on the course.
    pub cubes: Vec<[i16; 2]>,
    /// Mines on the course.
    pub mines: Vec<[i16; 2]>,
    /// Cards in the damage deck.
    pub damage_deck: usize,
    /// Cards in the upgrade deck.
    pub upgrade_deck: usize,
    /// The upgrade deck, top first (an expectation compares as many as it
    /// lists).
    pub upgrade_deck_cards: Vec<String>,
    /// The upgrade discard pile, most recent first.
    pub upgrade_discard: Vec<String>,
    /// Every answer, in order.
    pub decisions: Vec<String>,
    /// Scripted answers never asked for.
    pub unused_answers: Vec<String>,
    /// The engine's events, in order.
    pub events: Vec<Event>,
}

fn cell(p: robo_core::geom::Pos) -> [i16; 2] {
    [p.x, p.y]
}

impl Summary {
    /// The summary of `race` after a run that did `trace`.
    #[must_use]
    pub fn of(race: &Race, trace: Trace) -> Self {
        let robots = (0..race.seats())
            .map(|i| {
                let p = PlayerId(i as u8);
                let pl = &race.players[i];
                let at = race.robot(p);
                let names =
                    |c: &[crate::cards::CardId]| c.iter().map(|c| c.card().to_string()).collect();
                RobotSummary {
                    position: at.map(|(p, _)| cell(p)),
                    facing: at.map_or_else(String::new, |(_, d)| d.to_string()),
                    mode: race.mode(p).to_string(),
                    on_course: at.is_some(),
                    off: pl.off.map(|o| (cell(o.at), o.back_after)),
                    energon: pl.energon,
                    checkpoint: pl.checkpoints,
                    scrap: pl
                        .all_cards()
                        .filter(|c| c.card() == crate::cards::Card::Scrap)
                        .count(),
                    damage: names(&pl.damage),
                    hand: names(&pl.hand),
                    hand_size: pl.hand.len(),
                    dealt: race.scratch.dealt.get(i).copied().flatten(),
                    registers: pl.registers.iter().map(|r| names(&r.cards)).collect(),
                    installed: pl.slots.installed().map(|u| u.to_string()).collect(),
                    deck: pl.deck.draw_len(),
                    discard: pl.deck.discard_len(),
                    deck_cards: pl.deck.draw_pile().map(|c| c.card().to_string()).collect(),
                    discard_cards: pl
                        .deck
                        .discard_pile()
                        .map(|c| c.card().to_string())
                        .collect(),
                    uninstalled: pl.slots.uninstalled.iter().map(|u| u.to_string()).collect(),
                }
            })
            .collect();
        Summary {
            round: race.core.round,
            phase: format!("{:?}", race.phase),
            register: race.core.register,
            priority: race.priority.0,
            over: race.core.outcome.is_some(),
            winner: race
                .core
                .outcome
                .as_ref()
                .and_then(|o| o.winner)
                .map(|w| w.0),
            robots,
            cubes: race.cubes.iter().copied().map(cell).collect(),
            mines: race.mines.iter().copied().map(cell).collect(),
            damage_deck: race.damage.draw_len(),
            upgrade_deck: race.upgrades.draw_len(),
            upgrade_deck_cards: race.upgrades.draw_pile().map(|u| u.to_string()).collect(),
            upgrade_discard: race
                .upgrades
                .discard_pile()
                .map(|u| u.to_string())
                .collect(),
            decisions: trace.decisions,
            unused_answers: trace.unused,
            events: trace.events,
        }
    }
}

/// Lists compared in any order.
const UNORDERED: [&str; 8] = [
    "hand",
    "damage",
    "installed",
    "uninstalled",
    "cubes",
    "mines",
    "discard_cards",
    "upgrade_discard",
];

/// Lists compared by their first entries, as many as the expectation lists
/// (the top of a deck).
const TOPS: [&str; 2] = ["deck_cards", "upgrade_deck_cards"];

fn sorted(v: &Value) -> Value {
    match v {
        Value::Array(a) => {
            let mut a = a.clone();
            a.sort_by_key(Value::to_string);
            Value::Array(a)
        }
        other => other.clone(),
    }
}

/// Compares the fields `expect` names with `got`, naming each difference.
///
/// # Errors
/// A field of `expect` the result does not have.
pub fn compare(
    what: &str,
    expect: &Value,
    got: &Value,
    out: &mut Vec<Difference>,
) -> Result<(), String> {
    match (expect, got) {
        (Value::Object(e), Value::Object(g)) => {
            for (k, ev) in e {
                let gv = g
                    .get(k)
                    .ok_or_else(|| format!("unknown field `{k}` in expect"))?;
                let name = if what.is_empty() {
                    k.clone()
                } else {
                    format!("{what} {k}")
                };
                if k == "robots" {
                    let (Value::Array(es), Value::Array(gs)) = (ev, gv) else {
                        return Err("expect robots: a list".into());
                    };
                    for (i, (er, gr)) in es.iter().zip(gs).enumerate() {
                        compare(&format!("robot {i}"), er, gr, out)?;
                    }
                } else if TOPS.contains(&k.as_str()) {
                    let top = match (ev, gv) {
                        (Value::Array(e), Value::Array(g)) => {
                            Value::Array(g.iter().take(e.len()).cloned().collect())
                        }
                        _ => gv.clone(),
                    };
                    if *ev != top {
                        out.push(Difference {
                            what: name,
                            expected: ev.to_string(),
                            got: top.to_string(),
                        });
                    }
                } else if UNORDERED.contains(&k.as_str()) {
                    if sorted(ev) != sorted(gv) {
                        out.push(Difference {
                            what: name,
                            expected: ev.to_string(),
                            got: gv.to_string(),
                        });
                    }
                } else {
                    compare(&name, ev, gv, out)?;
                }
            }
        }
        _ if expect != got => out.push(Difference {
            what: what.to_string(),
            expected: expect.to_string(),
            got: got.to_string(),
        }),
        _ => {}
    }
    Ok(())
}
