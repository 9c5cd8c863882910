//! [`RaceEdition`]: what the race driver, its log and its replay need from
//! a grid edition. 2023 implements it in `race/v2023.rs`; a new grid
//! edition implements it in one more file and points its
//! [`Playable::grid_race`] at [`run_grid`](super::run_grid).

use super::log::{LogWords, SeatNote};
use crate::editions::Playable;
use crate::viewer::{BoardPicture, RobotFrame};
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::view::GridView;
use robo_core::PlayerId;

/// A grid race as the race driver follows it.
pub trait RaceEdition: Playable {
    /// The words of the round log ([`LogWords::RACE`] unless the edition
    /// has its own).
    const WORDS: LogWords = LogWords::RACE;

    /// What everyone sees of the grid now.
    fn grid(&self) -> GridView;

    /// The course as the HTML replay draws it.
    fn course_picture(&self) -> BoardPicture;

    /// The course as text with each robot drawn over its cell (`robots[i]`
    /// is seat `i`'s cell and facing, `None` off the board), for a
    /// terminal `columns` wide (0: any width).
    fn render_board(&self, robots: &[Option<(Pos, Dir)>], columns: usize) -> String;

    /// What the glyphs of [`RaceEdition::render_board`] mean, printed under
    /// the first board of a race (the same legend the terminal shows).
    fn legend(&self) -> &'static str;

    /// The facing a robot has before it is placed.
    fn start_facing(&self) -> Dir;

    /// The events of one stretch of play (an action, or the part of it
    /// in one register) as the replay's lines, in the order they happened.
    fn tell(events: &[Self::Event]) -> Vec<String>;

    /// The card a robot revealed, if the event reveals one, to show
    /// beside the robot in the replay.
    fn revealed(event: &Self::Event) -> Option<(PlayerId, String)>;

    /// The grid change an event carries, if any (moves, turns, removals,
    /// placements are followed by the replay).
    fn grid_event(event: &Self::Event) -> Option<&GridEvent>;

    /// Follows what the grid events do not say (falls, reboots, counters,
    /// notes) into the replay's robots, in seat order.
    fn follow(event: &Self::Event, robots: &mut [RobotFrame]);

    /// Sets a robot's counters (damage, checkpoints, energy, a note such
    /// as `rebooting`) straight from the game; its cell and facing come
    /// from [`RaceEdition::grid`].
    fn sync(&self, seat: PlayerId, robot: &mut RobotFrame);

    /// A checkpoint marker an event carries to another cell (its number
    /// from 1, and the cell), for editions whose checkpoints move (classic
    /// flags on belts); the replay draws it there from then on.
    fn marker_moved(event: &Self::Event) -> Option<(u8, Pos)> {
        let _ = event;
        None
    }

    /// The devices on the board now (none by default), drawn as tokens.
    fn pieces(&self) -> Vec<crate::viewer::Piece> {
        Vec::new()
    }

    /// Follows the devices through an event (laid, moved, gone); the
    /// recorder sets them straight from [`RaceEdition::pieces`] after
    /// every action.
    fn follow_pieces(event: &Self::Event, pieces: &mut Vec<crate::viewer::Piece>) {
        let _ = (event, pieces);
    }

    /// The explosion an event reports, if any (none by default).
    fn blast(event: &Self::Event) -> Option<crate::viewer::Blast> {
        let _ = event;
        None
    }

    /// What an event adds to a seat's line of the round log.
    fn round_note(event: &Self::Event) -> Option<(PlayerId, SeatNote)>;
}
