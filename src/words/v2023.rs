//! A 2023 race in words: every event as a line ([`describe`]), and the
//! events of one action as a transcript ([`tell`]).
//!
//! Events carry only what every player may know (a Haywire that goes face
//! down is not named, a drawn upgrade is not named), so printing them all
//! leaks nothing.

use robo_core::event::GridEvent;
use robo_core::geom::{Pos, Turn};
use robo_core::motion::Cause;
use robo_core::{PlayerId, RobotId};
use variant_2023::cards::Card;
use variant_2023::events::{Drawn, Phase, Source};
use variant_2023::{Event, Weapon};

/// One line for an event.
///
/// ```
/// use robo_core::PlayerId;
/// use roborally::words::describe;
/// use variant_2023::Event;
/// let e = Event::CheckpointReached { player: PlayerId(1), checkpoint: 2 };
/// assert_eq!(describe(&e), "P1 reaches checkpoint 2");
/// ```
#[must_use]
pub fn describe(event: &Event) -> String {
    match event {
        Event::Grid(g) => grid_event(g),
        Event::RoundStarted { round } => format!("=== round {round} ==="),
        Event::PhaseStarted(phase) => format!(
            "--- {} ---",
            match phase {
                Phase::Setup => "setup",
                Phase::Upgrade => "upgrade phase",
                Phase::Programming => "programming phase",
                Phase::Activation => "activation phase",
            }
        ),
        Event::RegisterStarted { register } => format!("--- register {register} ---"),
        Event::StartBlocked { player, at } => format!("{player} covers the start space {at}"),
        Event::StartChosen { player, at } => format!("{player} starts at {at}"),
        Event::UpgradeDrawn { player } => format!("{player} buys an upgrade card"),
        Event::UpgradeInstalled {
            player,
            upgrade,
            cost,
        } => format!("{player} installs {upgrade} for {cost} energy"),
        Event::UpgradeDiscarded { player, upgrade } => format!("{player} discards {upgrade}"),
        Event::UpgradeUsed { player, upgrade } => format!("{player} uses {upgrade}"),
        Event::UpgradesExchanged { from, to, taken } => {
            format!("{from} gives Modular Chassis to {to} and takes {taken}")
        }
        Event::HandDrawn { player, cards } => format!("{player} has {cards} cards in hand"),
        Event::DeckShuffled { player } => format!("{player} shuffles a new programming deck"),
        Event::DamageDeckShuffled => "the damage deck is reshuffled".to_string(),
        Event::ProgramSubmitted { player } => format!("{player} has programmed"),
        Event::ShutDown { player } => format!("{player} shuts down for this round"),
        Event::CardRevealed {
            player,
            register,
            card,
        } => format!("{player} reveals {card} in register {register}"),
        Event::CardReplaced { player, card, by } => match by {
            Some(by) => format!("{player}'s {card} is replaced by {by}"),
            None => format!("{player}'s {card} is replaced by a face-down card"),
        },
        Event::CardResolved { player, card } => format!("{player} plays {card}"),
        Event::Braked { player } => format!("{player} brakes: the Move 1 moves 0"),
        Event::Damaged {
            player,
            drawn,
            source,
        } => {
            let from = match source {
                Source::BoardLaser => " from a board laser",
                Source::Weapon => " from a weapon",
                Source::Other => "",
            };
            match drawn {
                Drawn::Spam => format!("{player} takes a SPAM{from}"),
                Drawn::HaywireUnder(r) => {
                    format!("{player} takes a Haywire{from}, face down under register {r}")
                }
                Drawn::HaywireDiscarded(card) => {
                    format!("{player} draws {card}{from}; it goes to the damage discard pile")
                }
            }
        }
        Event::NoDamageLeft { player } => {
            format!("{player} would take damage, but no damage cards are left")
        }
        Event::Shielded { player } => format!("{player}'s Deflector Shield stops the damage"),
        Event::Fired {
            player,
            weapon,
            dir,
        } => match weapon {
            Weapon::MainLaser => format!("{player} fires its main laser {dir}"),
            Weapon::Upgrade(u) => format!("{player} fires {u} {dir}"),
        },
        Event::Energy { player, energy } => format!("{player} now has {energy} energy"),
        Event::CheckpointReached { player, checkpoint } => {
            format!("{player} reaches checkpoint {checkpoint}")
        }
        Event::Archived { player, at } => format!("{player} archives at {at}"),
        Event::Fell { player, pit } => {
            if *pit {
                format!("{player} falls into a pit and will reboot")
            } else {
                format!("{player} falls off the board and will reboot")
            }
        }
        Event::Rebooted { player, at, facing } => {
            format!("{player} reboots at {at} facing {facing}")
        }
        Event::CardRemoved { player, card } => {
            format!("{player} removes {card} from the game")
        }
        Event::PriorityPassed { to } => format!("{to} takes the priority token"),
        Event::GameOver { winner } => match winner {
            Some(w) => format!("the race is over: {w} wins"),
            None => "the race is over: nobody wins".to_string(),
        },
    }
}

/// The events of one action (or one register) as a transcript, in the
/// order they happened: each [`describe`]d, except that the steps of one
/// move (a card's, a belt's, a push's) are told in one line from its first
/// cell to its last, a placement that repeats a start or a reboot just
/// told, a robot leaving the board before it falls and the main lasers
/// every robot fires (their hits are told) are left out, and a line equal
/// to the one before is dropped.
///
/// ```
/// use robo_core::event::GridEvent;
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::motion::Cause;
/// use robo_core::{PlayerId, RobotId};
/// use roborally::words::tell;
/// use variant_2023::Event;
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
///     Event::Fell { player: PlayerId(0), pit: true },
/// ];
/// assert_eq!(
///     tell(&events),
///     ["P0 moves (3,5) -> (3,3)", "P0 falls into a pit and will reboot"]
/// );
/// ```
#[must_use]
pub fn tell(events: &[Event]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    // The card each robot revealed last, to tell what an Again repeats.
    let mut revealed: Vec<(PlayerId, Card)> = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let e = &events[i];
        let line = match e {
            Event::CardRevealed { player, card, .. } => {
                revealed.retain(|(p, _)| p != player);
                revealed.push((*player, *card));
                describe(e)
            }
            Event::CardResolved { player, card }
                if *card != Card::Again && revealed.contains(&(*player, Card::Again)) =>
            {
                format!("{player} plays Again, repeating {card}")
            }
            Event::Grid(GridEvent::Moved { .. }) => {
                let (line, last) = move_run(events, i, |e| match e {
                    Event::Grid(g) => Some(g),
                    _ => None,
                });
                i = last;
                line
            }
            Event::Grid(GridEvent::Removed { robot, .. }) if matches!(events.get(i + 1), Some(Event::Fell { player, .. }) if *player == seat(*robot)) =>
            {
                i += 1;
                continue;
            }
            Event::Grid(GridEvent::Placed { robot, at, .. })
                if repeats_placement(events, i, seat(*robot), *at) =>
            {
                i += 1;
                continue;
            }
            // Every robot fires every register: the hits are told instead.
            Event::Fired {
                weapon: Weapon::MainLaser,
                ..
            } => {
                i += 1;
                continue;
            }
            other => describe(other),
        };
        if lines.last() != Some(&line) {
            lines.push(line);
        }
        i += 1;
    }
    lines
}

/// Whether the placement at `i` only repeats the start chosen just before
/// it or the reboot told just after it.
fn repeats_placement(events: &[Event], i: usize, player: PlayerId, at: Pos) -> bool {
    let before = i.checked_sub(1).and_then(|k| events.get(k)).is_some_and(
        |e| matches!(e, Event::StartChosen { player: p, at: a } if *p == player && *a == at),
    );
    let after = events.get(i + 1).is_some_and(
        |e| matches!(e, Event::Rebooted { player: p, at: a, .. } if *p == player && *a == at),
    );
    before || after
}

/// The move starting at `events[i]` in one line, from its first cell to
/// its last: the same robot stepping on from where it stopped, for the same
/// cause (any grid edition's events, through `grid`). Returns the line and
/// the index of the move's last step.
pub(crate) fn move_run<E>(
    events: &[E],
    i: usize,
    grid: impl Fn(&E) -> Option<&GridEvent>,
) -> (String, usize) {
    let Some(first) = events.get(i).and_then(&grid) else {
        return (String::new(), i);
    };
    let GridEvent::Moved {
        robot,
        from,
        to,
        cause,
    } = *first
    else {
        return (grid_event(first), i);
    };
    let (mut last, mut k) = (to, i);
    while let Some(GridEvent::Moved {
        robot: r,
        from: f,
        to: t,
        cause: c,
    }) = events.get(k + 1).and_then(&grid)
    {
        if *r != robot || *f != last || *c != cause {
            break;
        }
        last = *t;
        k += 1;
    }
    (
        format!(
            "{} moves {from} -> {last}{}",
            seat(robot),
            cause_text(cause)
        ),
        k,
    )
}

pub(crate) fn seat(r: RobotId) -> PlayerId {
    PlayerId(r.0)
}

/// A grid event (any grid edition's) in a line, robots named by seat.
///
/// ```
/// use robo_core::event::GridEvent;
/// use robo_core::geom::Pos;
/// use robo_core::RobotId;
/// let e = GridEvent::Removed { robot: RobotId(1), at: Pos::new(2, 3) };
/// assert_eq!(roborally::words::grid_event(&e), "P1 leaves the board at (2,3)");
/// ```
#[must_use]
pub fn grid_event(g: &GridEvent) -> String {
    match *g {
        GridEvent::Moved {
            robot,
            from,
            to,
            cause,
        } => format!("{} moves {from} -> {to}{}", seat(robot), cause_text(cause)),
        GridEvent::Turned {
            robot,
            turn,
            facing,
            cause,
        } => {
            let how = match turn {
                Turn::Left => "turns left",
                Turn::Right => "turns right",
                Turn::UTurn => "makes a U-turn",
            };
            format!(
                "{} {how}, now facing {facing}{}",
                seat(robot),
                cause_text(cause)
            )
        }
        GridEvent::Pushed(p) => format!(
            "{} pushes {} {} space{}",
            seat(p.by),
            seat(p.pushed),
            p.cells,
            if p.cells == 1 { "" } else { "s" }
        ),
        GridEvent::Blocked { robot, at, dir } => {
            format!("{} is blocked at {at} going {dir}", seat(robot))
        }
        GridEvent::BoardLaser(hit) => format!(
            "the board laser at {} hits {} ({} beam{})",
            hit.source,
            seat(hit.robot),
            hit.beams,
            if hit.beams == 1 { "" } else { "s" }
        ),
        GridEvent::Shot { from, target, dir } => {
            format!("{} shoots {} ({dir})", seat(from), seat(target))
        }
        GridEvent::Removed { robot, at } => {
            format!("{} leaves the board at {at}", seat(robot))
        }
        GridEvent::Placed { robot, at, facing } => {
            format!("{} is put at {at} facing {facing}", seat(robot))
        }
    }
}

fn cause_text(cause: Cause) -> String {
    match cause {
        Cause::Move => String::new(),
        Cause::Push { by: Some(r) } => format!(" (pushed by {})", seat(r)),
        // Push panels and weapons that shove (the Pressor Beam).
        Cause::Push { by: None } => " (pushed by a push panel or a weapon)".to_string(),
        Cause::Conveyed => " (belt)".to_string(),
        Cause::Placed => " (placed)".to_string(),
        Cause::Slide => " (sliding)".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::geom::{Dir, Pos};
    use variant_2023::cards::{Card, Haywire};

    #[test]
    fn grid_events_name_robots_by_seat() {
        let moved = Event::Grid(GridEvent::Moved {
            robot: RobotId(2),
            from: Pos::new(3, 4),
            to: Pos::new(3, 3),
            cause: Cause::Conveyed,
        });
        assert_eq!(describe(&moved), "P2 moves (3,4) -> (3,3) (belt)");
        let turned = Event::Grid(GridEvent::Turned {
            robot: RobotId(0),
            turn: Turn::Left,
            facing: Dir::W,
            cause: Cause::Move,
        });
        assert_eq!(describe(&turned), "P0 turns left, now facing W");
        let shoved = Event::Grid(GridEvent::Moved {
            robot: RobotId(1),
            from: Pos::new(6, 5),
            to: Pos::new(7, 5),
            cause: Cause::Push { by: None },
        });
        assert_eq!(
            describe(&shoved),
            "P1 moves (6,5) -> (7,5) (pushed by a push panel or a weapon)"
        );
    }

    #[test]
    fn an_again_says_what_it_repeats() {
        let reveal = |card| Event::CardRevealed {
            player: PlayerId(0),
            register: 2,
            card,
        };
        let play = |card| Event::CardResolved {
            player: PlayerId(0),
            card,
        };
        let lines = tell(&[
            reveal(Card::Again),
            play(Card::Move1),
            reveal(Card::Move2),
            play(Card::Move2),
        ]);
        assert_eq!(
            lines,
            [
                "P0 reveals Again in register 2",
                "P0 plays Again, repeating Move 1",
                "P0 reveals Move 2 in register 2",
                "P0 plays Move 2",
            ]
        );
    }

    #[test]
    fn a_face_down_haywire_is_not_named() {
        let e = Event::Damaged {
            player: PlayerId(1),
            drawn: Drawn::HaywireUnder(3),
            source: Source::BoardLaser,
        };
        let line = describe(&e);
        assert_eq!(
            line,
            "P1 takes a Haywire from a board laser, face down under register 3"
        );
        // a discarded (face-up) Haywire is named
        let e = Event::Damaged {
            player: PlayerId(1),
            drawn: Drawn::HaywireDiscarded(Card::Haywire(Haywire::Ram)),
            source: Source::Other,
        };
        assert!(describe(&e).contains("Move 5"));
    }

    #[test]
    fn the_end_names_the_winner_or_nobody() {
        let w = Event::GameOver {
            winner: Some(PlayerId(0)),
        };
        assert_eq!(describe(&w), "the race is over: P0 wins");
        let n = Event::GameOver { winner: None };
        assert!(describe(&n).contains("nobody"));
    }
}
