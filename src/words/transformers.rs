//! A Transformers race in words: every event as a line ([`describe`]),
//! and the events of one action as a transcript ([`tell`]).
//!
//! Cards that leave a hand or a face-down register unseen are counted,
//! not named, so printing every line leaks nothing.

use super::v2023::{grid_event, move_run, seat};
use robo_core::event::GridEvent;
use robo_core::geom::Pos;
use robo_core::PlayerId;
use variant_transformers::events::{Phase, Source};
use variant_transformers::{Card, Event};

/// `1 card`, `2 cards`.
fn cards(n: usize) -> String {
    format!("{n} card{}", if n == 1 { "" } else { "s" })
}

/// Where damage came from, as the end of a sentence.
fn source_text(source: Source) -> String {
    match source {
        Source::Weapon(by) => format!(" from {by}'s weapon"),
        Source::Turret => " from a laser turret".into(),
        Source::FirePit => " in a fire pit".into(),
        Source::Fall => " for leaving the course".into(),
        Source::Mine => " from a mine".into(),
        Source::Shrapnel => " from a special damage card".into(),
    }
}

/// One line for an event; `None` for a shot that hit nobody (every robot
/// fires every register: the hits are told).
///
/// ```
/// use robo_core::PlayerId;
/// use roborally::words::transformers::describe;
/// use variant_transformers::Event;
/// let e = Event::CheckpointReached { player: PlayerId(1), checkpoint: 2 };
/// assert_eq!(describe(&e).unwrap(), "P1 reaches checkpoint 2");
/// ```
#[must_use]
pub fn describe(event: &Event) -> Option<String> {
    Some(match event {
        Event::Grid(g) => grid_event(g),
        Event::RoundStarted { round } => format!("=== round {round} ==="),
        Event::PhaseStarted { phase } => format!(
            "--- {} ---",
            match phase {
                Phase::Setup => "setup",
                Phase::Upgrades => "upgrade phase",
                Phase::Planning => "planning phase",
                Phase::Activation => "activation phase",
                Phase::Over => "the race is over",
            }
        ),
        Event::RegisterStarted { register } => format!("--- register {register} ---"),
        Event::StartChosen { player, at } => format!("{player} starts at {at}"),
        Event::Energon { player, energon } => format!("{player} now has {energon} Energon"),
        Event::UpgradeDrawn { player } => format!("{player} draws an upgrade card (1 Energon)"),
        Event::UpgradeInstalled {
            player,
            upgrade,
            cost,
        } => format!("{player} installs {upgrade} for {cost} Energon"),
        Event::UpgradeUninstalled { player, upgrade } => {
            format!("{player} uninstalls {upgrade}")
        }
        Event::Planned { player } => format!("{player} has planned"),
        Event::CardRevealed {
            player,
            register,
            card,
        } => format!("{player} reveals {card} in register {register}"),
        Event::Converted { player, mode, paid } => match paid {
            0 => format!("{player} converts to {mode} mode"),
            n => format!("{player} converts to {mode} mode, paying {n} Energon"),
        },
        Event::Damaged {
            player,
            card: Card::Scrap,
            source,
        } => format!("{player} takes a SCRAP{}", source_text(*source)),
        Event::Damaged {
            player,
            card,
            source,
        } => format!("{player} draws {card}{}", source_text(*source)),
        Event::DamageInPlay { player, card } => format!("{card} stays on {player}"),
        Event::DamageRemoved { player, card } => format!("{card} no longer holds {player}"),
        Event::RegisterDiscarded {
            player,
            register,
            cards: discarded,
        } => format!(
            "{player}'s register {register} is discarded ({})",
            cards(discarded.len())
        ),
        Event::HandDiscarded {
            player,
            cards: discarded,
        } => format!("{player} discards {} from hand", cards(discarded.len())),
        Event::Fell { player, at } => format!("{player} leaves the course at {at}"),
        Event::Returned { player, at, facing } => {
            format!("{player} comes back at {at} facing {facing}")
        }
        Event::CubesTaken { player, at, cubes } => format!(
            "{player} takes {cubes} Energon cube{} at {at}",
            if *cubes == 1 { "" } else { "s" }
        ),
        Event::CubeDropped { at } => format!("an Energon cube is dropped at {at}"),
        Event::MineTriggered { player, at } => format!("{player} sets off the mine at {at}"),
        Event::Bridged { player, from, to } => {
            format!("{player} crosses the space bridge from {from} to {to}")
        }
        Event::Fired {
            player,
            dir,
            target: Some(t),
        } => format!("{player} fires {dir} and hits {t}"),
        Event::Fired { target: None, .. } => return None,
        Event::TurretHit { player, from } => format!("the laser turret at {from} hits {player}"),
        Event::PitStopped {
            player,
            energon: true,
        } => format!("{player} gains 1 Energon at the pit stop"),
        Event::PitStopped {
            player,
            energon: false,
        } => format!("{player} repairs a damage card at the pit stop"),
        Event::Fixed { player, card } => format!("{player} pays to fix {card}"),
        Event::CheckpointReached { player, checkpoint } => {
            format!("{player} reaches checkpoint {checkpoint}")
        }
        Event::PriorityPassed { to } => format!("{to} takes the Cosmos token"),
        Event::GameOver { winner } => match winner {
            Some(w) => format!("the race is over: {w} wins"),
            None => "the race is over: nobody wins".into(),
        },
        Event::UpgradeUsed { player, upgrade } => format!("{player} uses {upgrade}"),
        Event::AttackCancelled { player, by } => {
            format!("{player} is untouched by {by}'s attack")
        }
        Event::CheckpointMoved { checkpoint, to } => {
            format!("checkpoint {} moves to {to}", checkpoint + 1)
        }
        Event::MineLaid { player, at } => format!("{player} lays a mine at {at}"),
        Event::EnergonTaken {
            player,
            from,
            amount,
        } => format!("{player} takes {amount} Energon from {from}"),
    })
}

/// The events of one action (or one register) as a transcript, in the
/// order they happened: each [`describe`]d, except that the steps of one
/// move (a card's, a walkway's, a push's) are told in one line from its
/// first cell to its last, a robot leaving the grid just before it is
/// told leaving the course, and a placement that repeats a start or a
/// return told beside it, are left out, and a line equal to the one
/// before is dropped.
///
/// ```
/// use robo_core::event::GridEvent;
/// use robo_core::geom::Pos;
/// use robo_core::motion::Cause;
/// use robo_core::{PlayerId, RobotId};
/// use roborally::words::transformers::tell;
/// use variant_transformers::Event;
/// let step = |from: (i16, i16), to: (i16, i16)| {
///     Event::Grid(GridEvent::Moved {
///         robot: RobotId(0),
///         from: Pos::new(from.0, from.1),
///         to: Pos::new(to.0, to.1),
///         cause: Cause::Move,
///     })
/// };
/// let events = [
///     step((3, 5), (3, 4)),
///     step((3, 4), (3, 3)),
///     Event::Grid(GridEvent::Removed { robot: RobotId(0), at: Pos::new(3, 3) }),
///     Event::Fell { player: PlayerId(0), at: Pos::new(3, 3) },
/// ];
/// assert_eq!(
///     tell(&events),
///     ["P0 moves (3,5) -> (3,3)", "P0 leaves the course at (3,3)"]
/// );
/// ```
#[must_use]
pub fn tell(events: &[Event]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let line = match &events[i] {
            Event::Grid(GridEvent::Moved { .. }) => {
                let (line, last) = move_run(events, i, |e| match e {
                    Event::Grid(g) => Some(g),
                    _ => None,
                });
                i = last;
                Some(line)
            }
            Event::Grid(GridEvent::Removed { robot, .. }) if matches!(events.get(i + 1), Some(Event::Fell { player, .. }) if *player == seat(*robot)) => {
                None
            }
            Event::Grid(GridEvent::Placed { robot, at, .. })
                if repeats_placement(events, i, seat(*robot), *at) =>
            {
                None
            }
            other => describe(other),
        };
        if let Some(line) = line {
            if lines.last() != Some(&line) {
                lines.push(line);
            }
        }
        i += 1;
    }
    lines
}

/// Whether the placement at `i` only repeats the start chosen just before
/// it or the return told just after it.
fn repeats_placement(events: &[Event], i: usize, player: PlayerId, at: Pos) -> bool {
    let before = i.checked_sub(1).and_then(|k| events.get(k)).is_some_and(
        |e| matches!(e, Event::StartChosen { player: p, at: a } if *p == player && *a == at),
    );
    let after = events.get(i + 1).is_some_and(
        |e| matches!(e, Event::Returned { player: p, at: a, .. } if *p == player && *a == at),
    );
    before || after
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::geom::Dir;
    use robo_core::RobotId;
    use smallvec::smallvec;
    use variant_transformers::Mode;

    #[test]
    fn hidden_cards_are_counted_not_named() {
        let e = Event::HandDiscarded {
            player: PlayerId(2),
            cards: smallvec![Card::Move3, Card::Again],
        };
        assert_eq!(describe(&e).unwrap(), "P2 discards 2 cards from hand");
        let e = Event::RegisterDiscarded {
            player: PlayerId(0),
            register: 3,
            cards: smallvec![Card::Move3],
        };
        let line = describe(&e).unwrap();
        assert_eq!(line, "P0's register 3 is discarded (1 card)");
    }

    #[test]
    fn a_return_is_told_once_and_misses_are_not_told() {
        let at = Pos::new(4, 2);
        let events = [
            Event::Fired {
                player: PlayerId(1),
                dir: Dir::N,
                target: None,
            },
            Event::Grid(GridEvent::Placed {
                robot: RobotId(1),
                at,
                facing: Dir::W,
            }),
            Event::Returned {
                player: PlayerId(1),
                at,
                facing: Dir::W,
            },
            Event::Converted {
                player: PlayerId(1),
                mode: Mode::Bot,
                paid: 1,
            },
        ];
        assert_eq!(
            tell(&events),
            [
                "P1 comes back at (4,2) facing W",
                "P1 converts to bot mode, paying 1 Energon"
            ]
        );
    }

    #[test]
    fn damage_says_where_it_came_from() {
        let e = Event::Damaged {
            player: PlayerId(0),
            card: Card::Scrap,
            source: Source::Weapon(PlayerId(3)),
        };
        assert_eq!(describe(&e).unwrap(), "P0 takes a SCRAP from P3's weapon");
    }
}
