//! The 2023 edition as the race driver follows it: the course as a
//! picture and as text, the replay's sentences, and what its events do to
//! the robots of the replay and to the round log.

use super::edition::RaceEdition;
use super::log::SeatNote;
use crate::core::event::GridEvent;
use crate::core::geom::{Dir, Pos};
use crate::core::view::GridView;
use crate::core::PlayerId;
use crate::terminal::{course_text, Standing};
use crate::viewer::{BoardPicture, CellKind, CellPicture, Marker, RobotFrame};
use variant_2023::courses::Course;
use variant_2023::events::{Drawn, Event};
use variant_2023::tiles::Tile;
use variant_2023::Race;

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

/// The course as text with each robot on the board drawn over its cell as
/// its seat number and facing arrow (`2>` is P2 facing east), column and
/// row numbers around it, and the checkpoints and reboot tokens robots
/// stand on named under it. `robots[i]` is seat `i`'s cell and facing,
/// `None` off the board; a course wider than `columns` (0: any width) is
/// drawn compact ([`crate::terminal::course_text`]).
///
/// ```
/// use roborally::core::geom::{Dir, Pos};
/// use roborally::race::render_board;
/// use roborally::v2023::courses;
/// let course = courses::course("Milk Run").unwrap();
/// let text = render_board(&course, &[Some((Pos::new(0, 0), Dir::N)), None], 0);
/// assert!(text.lines().nth(2).unwrap().starts_with(" 0   0^"));
/// ```
#[must_use]
pub fn render_board(course: &Course, robots: &[Option<(Pos, Dir)>], columns: usize) -> String {
    let standing: Vec<Standing> = robots
        .iter()
        .enumerate()
        .filter_map(|(seat, at)| {
            at.map(|at| Standing {
                seat: PlayerId(seat as u8),
                at,
                yours: false,
            })
        })
        .collect();
    course_text(course, &standing, &[], columns)
}

impl RaceEdition for Race {
    fn grid(&self) -> GridView {
        self.grid_view()
    }

    fn course_picture(&self) -> BoardPicture {
        course_picture(self)
    }

    fn render_board(&self, robots: &[Option<(Pos, Dir)>], columns: usize) -> String {
        render_board(self.course(), robots, columns)
    }

    fn legend(&self) -> &'static str {
        crate::terminal::LEGEND
    }

    fn start_facing(&self) -> Dir {
        self.course().start_facing()
    }

    fn tell(events: &[Event]) -> Vec<String> {
        crate::words::tell(events)
    }

    fn revealed(event: &Event) -> Option<(PlayerId, String)> {
        match event {
            Event::CardRevealed { player, card, .. } => Some((*player, card.to_string())),
            _ => None,
        }
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
            0,
        );
        // The column numbers, then the course.
        assert_eq!(text.lines().count(), plain.lines().count() + 1);
        assert!(text.lines().nth(6).unwrap().contains(" 0>"));
        assert!(text.lines().nth(26).unwrap().ends_with(" 2<"));
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
