//! The 2023 edition as the race driver follows it: the course as a
//! picture and as text, the replay's sentences, and what its events do to
//! the robots of the replay and to the round log.

use super::edition::RaceEdition;
use super::log::SeatNote;
use crate::core::event::GridEvent;
use crate::core::geom::{Dir, Pos};
use crate::core::view::GridView;
use crate::core::PlayerId;
use crate::textboard::TextBoard;
use crate::viewer::{BoardPicture, CellKind, CellPicture, Marker, RobotFrame};
use variant_2023::courses::Course;
use variant_2023::events::{Drawn, Event};
use variant_2023::tiles::Tile;
use variant_2023::{Race, Weapon};

/// The course of `race` as the viewer draws it: tiles, walls and beams,
/// with checkpoints, reboot tokens and covered start spaces as markers.
#[must_use]
pub fn course_picture(race: &Race) -> BoardPicture {
    let course = race.course();
    let mut pic = BoardPicture::from_board(course.board(), |t| match t {
        Tile::Pit => Some(CellPicture::plain(CellKind::PIT)),
        Tile::Battery => Some(CellPicture::plain(CellKind::BATTERY)),
        Tile::Start => Some(CellPicture::plain(CellKind::START)),
        _ => None,
    });
    for (i, &p) in course.checkpoints().iter().enumerate() {
        pic.markers.push(Marker {
            pos: p,
            kind: "checkpoint".into(),
            label: (i + 1).to_string(),
            dir: None,
        });
    }
    for &(p, d) in course.extras().reboot_tokens.iter().flatten() {
        pic.markers.push(Marker {
            pos: p,
            kind: "reboot".into(),
            label: "reboot".into(),
            dir: Some(d),
        });
    }
    for &p in &course.extras().covered_starts {
        pic.markers.push(Marker {
            pos: p,
            kind: "cube".into(),
            label: "covered".into(),
            dir: None,
        });
    }
    pic
}

/// Damage cards a player holds anywhere: hand, deck, discard pile,
/// registers (face-down Haywires included) and Memory Cards.
#[must_use]
pub fn damage_held(race: &Race, p: PlayerId) -> u32 {
    let Some(pl) = race.player(p) else { return 0 };
    let registers = pl
        .registers()
        .iter()
        .flat_map(|r| r.cards.iter().chain(r.under.iter()));
    let n = pl
        .hand()
        .iter()
        .chain(pl.deck().draw_pile())
        .chain(pl.deck().discard_pile())
        .chain(pl.memory())
        .chain(registers)
        .filter(|c| c.is_damage())
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

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
    let mut board = TextBoard::new(&course.render());
    for (seat, robot) in robots.iter().enumerate() {
        if let Some(at) = robot {
            board.put_robot(PlayerId(seat as u8), *at, ' ');
        }
    }
    let mut out = String::new();
    for line in board.lines() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// One event in a sentence, for the replay's event list; `None` for
/// events too small to list (single cells of a move, turns, hand sizes).
fn describe(e: &Event) -> Option<String> {
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

impl RaceEdition for Race {
    fn grid(&self) -> GridView {
        self.grid_view()
    }

    fn course_picture(&self) -> BoardPicture {
        course_picture(self)
    }

    fn render_board(&self, robots: &[Option<(Pos, Dir)>]) -> String {
        render_board(self.course(), robots)
    }

    fn start_facing(&self) -> Dir {
        self.course().start_facing()
    }

    fn describe(event: &Event) -> Option<String> {
        describe(event)
    }

    fn grid_event(event: &Event) -> Option<&GridEvent> {
        match event {
            Event::Grid(g) => Some(g),
            _ => None,
        }
    }

    fn follow(event: &Event, robots: &mut [RobotFrame]) {
        let seat = |p: &PlayerId| p.index();
        match *event {
            Event::Rebooted { player, at, facing } => {
                if let Some(r) = robots.get_mut(seat(&player)) {
                    r.pos = Some(at);
                    r.facing = facing;
                    r.note = "rebooted".into();
                }
            }
            Event::Fell { player, .. } => {
                if let Some(r) = robots.get_mut(seat(&player)) {
                    r.pos = None;
                    r.note = "fell".into();
                }
            }
            Event::CheckpointReached { player, checkpoint } => {
                if let Some(r) = robots.get_mut(seat(&player)) {
                    r.checkpoints = u32::from(checkpoint);
                }
            }
            Event::Energy { player, energy } => {
                if let Some(r) = robots.get_mut(seat(&player)) {
                    r.energy = Some(u32::from(energy));
                }
            }
            Event::Damaged { player, drawn, .. } => {
                if let (Some(r), Drawn::Spam | Drawn::HaywireUnder(_)) =
                    (robots.get_mut(seat(&player)), drawn)
                {
                    r.damage += 1;
                }
            }
            Event::CardReplaced {
                player,
                card: variant_2023::Card::Spam,
                ..
            } => {
                if let Some(r) = robots.get_mut(seat(&player)) {
                    r.damage = r.damage.saturating_sub(1);
                }
            }
            Event::ShutDown { player } => {
                if let Some(r) = robots.get_mut(seat(&player)) {
                    r.note = "shut down".into();
                }
            }
            Event::GameOver {
                winner: Some(player),
            } => {
                if let Some(r) = robots.get_mut(seat(&player)) {
                    r.note = "winner".into();
                }
            }
            _ => {}
        }
    }

    fn sync(&self, seat: PlayerId, robot: &mut RobotFrame) {
        if let Some(pl) = self.player(seat) {
            robot.energy = Some(u32::from(pl.energy()));
            if pl.rebooting().is_some() && robot.note.is_empty() {
                robot.note = "rebooting".into();
            }
        }
        robot.damage = damage_held(self, seat);
    }

    fn round_note(event: &Event) -> Option<(PlayerId, SeatNote)> {
        Some(match *event {
            Event::CheckpointReached { player, checkpoint } => {
                (player, SeatNote::Checkpoint(checkpoint))
            }
            Event::Fell { player, .. } => (player, SeatNote::Fell),
            Event::Rebooted { player, .. } => (player, SeatNote::Rebooted),
            Event::Damaged { player, .. } => (player, SeatNote::Damage),
            Event::ShutDown { player } => (player, SeatNote::ShutDown),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn round_notes_follow_the_events() {
        let e = Event::Damaged {
            player: PlayerId(2),
            drawn: Drawn::Spam,
            source: variant_2023::events::Source::Other,
        };
        assert_eq!(Race::round_note(&e), Some((PlayerId(2), SeatNote::Damage)));
        let e = Event::RoundStarted { round: 2 };
        assert_eq!(Race::round_note(&e), None);
    }
}
