//! Words and pictures for a 2023 race in a terminal: the course with its
//! robots, one line per round, and each event in a sentence.

use crate::core::event::GridEvent;
use crate::core::geom::{Dir, Pos};
use crate::core::PlayerId;
use std::fmt::Write as _;
use variant_2023::courses::Course;
use variant_2023::events::{Drawn, Event};
use variant_2023::Weapon;

/// The course as text ([`Course::render`]) with each robot on the board
/// drawn over its cell as its seat number and facing arrow (`2>` is P2
/// facing east). `robots[i]` is seat `i`'s cell and facing, `None` off
/// the board.
///
/// ```
/// use roborally::core::geom::{Dir, Pos};
/// use roborally::race::render_board;
/// use roborally::v2023::courses;
/// let course = courses::course("Milk Run").unwrap();
/// let text = render_board(&course, &[Some((Pos::new(0, 0), Dir::N)), None]);
/// assert!(text.lines().nth(1).unwrap().starts_with("  0^"));
/// ```
#[must_use]
pub fn render_board(course: &Course, robots: &[Option<(Pos, Dir)>]) -> String {
    let mut lines: Vec<Vec<char>> = course
        .render()
        .lines()
        .map(|l| l.chars().collect())
        .collect();
    for (seat, robot) in robots.iter().enumerate() {
        let Some((pos, facing)) = robot else { continue };
        let (Ok(x), Ok(y)) = (usize::try_from(pos.x), usize::try_from(pos.y)) else {
            continue;
        };
        let Some(line) = lines.get_mut(2 * y + 1) else {
            continue;
        };
        let start = 1 + 4 * x;
        if line.len() < start + 3 {
            line.resize(start + 3, ' ');
        }
        let label = std::char::from_digit(seat as u32 % 36, 36).unwrap_or('?');
        line[start] = ' ';
        line[start + 1] = label;
        line[start + 2] = facing.arrow();
    }
    let mut out = String::new();
    for line in lines {
        let s: String = line.into_iter().collect();
        out.push_str(s.trim_end());
        out.push('\n');
    }
    out
}

/// What each robot did in one round, for its line of the log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RoundLog {
    pub(crate) round: u16,
    seats: Vec<SeatLog>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct SeatLog {
    checkpoints: Vec<u8>,
    falls: u8,
    reboots: u8,
    damage: u8,
    shut_down: bool,
}

impl RoundLog {
    pub(crate) fn new(round: u16, seats: usize) -> Self {
        RoundLog {
            round,
            seats: vec![SeatLog::default(); seats],
        }
    }

    /// Notes an event of the round.
    pub(crate) fn note(&mut self, e: &Event) {
        let (p, f): (PlayerId, fn(&mut SeatLog)) = match e {
            Event::CheckpointReached { player, checkpoint } => {
                if let Some(s) = self.seats.get_mut(player.index()) {
                    s.checkpoints.push(*checkpoint);
                }
                return;
            }
            Event::Fell { player, .. } => (*player, |s| s.falls += 1),
            Event::Rebooted { player, .. } => (*player, |s| s.reboots += 1),
            Event::Damaged { player, .. } => (*player, |s| s.damage += 1),
            Event::ShutDown { player } => (*player, |s| s.shut_down = true),
            _ => return,
        };
        if let Some(s) = self.seats.get_mut(p.index()) {
            f(s);
        }
    }

    /// The round's line: who reached which checkpoint, fell, rebooted,
    /// shut down or took damage.
    ///
    /// `round  3 | P0 checkpoint 1 | P2 fell, 2 damage | P3 rebooted`
    pub(crate) fn line(&self) -> String {
        let mut out = format!("round {:>3}", self.round);
        let mut quiet = true;
        for (i, s) in self.seats.iter().enumerate() {
            let mut parts: Vec<String> = Vec::new();
            for c in &s.checkpoints {
                parts.push(format!("checkpoint {c}"));
            }
            if s.shut_down {
                parts.push("shut down".into());
            }
            if s.reboots > 0 {
                parts.push("rebooted".into());
            }
            match s.falls {
                0 => {}
                1 => parts.push("fell".into()),
                n => parts.push(format!("fell {n} times")),
            }
            if s.damage > 0 {
                parts.push(format!("{} damage", s.damage));
            }
            if !parts.is_empty() {
                quiet = false;
                let _ = write!(out, " | P{i} {}", parts.join(", "));
            }
        }
        if quiet {
            out.push_str(" | no checkpoints, falls or damage");
        }
        out
    }
}

/// One event in a sentence, for the replay's event list; `None` for
/// events too small to list (single cells of a move, turns, hand sizes).
pub(crate) fn describe(e: &Event) -> Option<String> {
    Some(match e {
        Event::Grid(g) => match g {
            GridEvent::Pushed(p) => format!(
                "P{} pushes P{} {} cell{}",
                p.by.0,
                p.pushed.0,
                p.cells,
                if p.cells == 1 { "" } else { "s" }
            ),
            GridEvent::BoardLaser(h) => format!(
                "board laser at {} hits P{} ({} beam{})",
                h.source,
                h.robot.0,
                h.beams,
                if h.beams == 1 { "" } else { "s" }
            ),
            GridEvent::Shot { from, target, .. } => format!("P{} shoots P{}", from.0, target.0),
            GridEvent::Blocked { robot, at, dir } => {
                format!("P{} is stopped by a wall at {at} going {dir}", robot.0)
            }
            _ => return None,
        },
        Event::RoundStarted { round } => format!("round {round} begins"),
        Event::CardRevealed {
            player,
            register,
            card,
        } => format!("{player} reveals {card} (register {register})"),
        Event::CardReplaced { player, card, by } => match by {
            Some(b) => format!("{player}'s {card} is replaced by {b}"),
            None => format!("{player}'s {card} is replaced"),
        },
        Event::Braked { player } => format!("{player} brakes"),
        Event::Damaged { player, drawn, .. } => match drawn {
            Drawn::Spam => format!("{player} takes a SPAM"),
            Drawn::HaywireUnder(r) => {
                format!("{player} takes a Haywire, face down under register {r}")
            }
            Drawn::HaywireDiscarded(_) => format!("{player} draws a Haywire, discarded"),
        },
        Event::NoDamageLeft { player } => format!("{player} escapes damage: the deck is empty"),
        Event::Shielded { player } => format!("{player}'s shield holds"),
        Event::Fired {
            player,
            weapon,
            dir,
        } => match weapon {
            Weapon::MainLaser => return None,
            Weapon::Upgrade(u) => format!("{player} fires {u} {dir}"),
        },
        Event::CheckpointReached { player, checkpoint } => {
            format!("{player} reaches checkpoint {checkpoint}")
        }
        Event::Fell { player, pit } => format!(
            "{player} falls {}",
            if *pit { "into a pit" } else { "off the board" }
        ),
        Event::Rebooted { player, at, facing } => {
            format!("{player} reboots at {at} facing {facing}")
        }
        Event::ShutDown { player } => format!("{player} shuts down"),
        Event::UpgradeInstalled {
            player,
            upgrade,
            cost,
        } => format!("{player} installs {upgrade} for {cost} energy"),
        Event::UpgradeUsed { player, upgrade } => format!("{player} uses {upgrade}"),
        Event::CardRemoved { player, card } => format!("{player} removes {card} from the game"),
        Event::PriorityPassed { to } => format!("{to} takes the priority token"),
        Event::GameOver { winner } => match winner {
            Some(w) => format!("{w} wins the race"),
            None => "the round cap ends the race".into(),
        },
        Event::StartChosen { player, at } => format!("{player} starts at {at}"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_lines_say_who_did_what() {
        let mut log = RoundLog::new(3, 3);
        assert_eq!(log.line(), "round   3 | no checkpoints, falls or damage");
        log.note(&Event::CheckpointReached {
            player: PlayerId(0),
            checkpoint: 1,
        });
        log.note(&Event::Fell {
            player: PlayerId(2),
            pit: true,
        });
        for _ in 0..2 {
            log.note(&Event::Damaged {
                player: PlayerId(2),
                drawn: Drawn::Spam,
                source: variant_2023::events::Source::Other,
            });
        }
        assert_eq!(
            log.line(),
            "round   3 | P0 checkpoint 1 | P2 fell, 2 damage"
        );
    }

    #[test]
    fn robots_are_drawn_over_the_course() {
        let course = variant_2023::courses::course("Milk Run").unwrap();
        let plain = course.render();
        let text = render_board(
            &course,
            &[
                Some((Pos::new(3, 2), Dir::E)),
                None,
                Some((Pos::new(9, 12), Dir::W)),
            ],
        );
        assert_eq!(text.lines().count(), plain.lines().count());
        assert!(text.lines().nth(5).unwrap().contains(" 0>"));
        assert!(text.lines().nth(25).unwrap().ends_with(" 2<"));
    }
}
