//! Frames of a 2023 race for the HTML viewer: the course as a picture, and
//! the robots after every register with that register's events in words.
//!
//! Robots are followed through the events (moves, turns, falls, reboots,
//! checkpoints, energy, damage drawn); after every action the record is set
//! straight from the game itself, so nothing drifts.

use super::text::describe;
use crate::core::event::GridEvent;
use crate::core::geom::{Dir, Pos};
use crate::core::PlayerId;
use crate::viewer::{BoardPicture, CellKind, CellPicture, Frame, Marker, RobotFrame};
use variant_2023::events::{Drawn, Event, Phase};
use variant_2023::tiles::Tile;
use variant_2023::Race;

/// The course of `race` as the viewer draws it: tiles, walls and beams,
/// with checkpoints, reboot tokens and covered start spaces as markers.
#[must_use]
pub fn course_picture(race: &Race) -> BoardPicture {
    let course = race.course();
    let mut pic = BoardPicture::from_board(course.board(), |t| match t {
        Tile::Pit => Some(CellPicture::plain(CellKind::Pit)),
        Tile::Battery => Some(CellPicture::plain(CellKind::Battery)),
        Tile::Start => Some(CellPicture::plain(CellKind::Start)),
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

/// Builds the frames of a race as it is played.
#[derive(Clone, Debug)]
pub(crate) struct Recorder {
    robots: Vec<RobotFrame>,
    /// The register being resolved (0 between registers).
    open: u8,
    round: u16,
    /// Sentences since the last frame.
    text: Vec<String>,
    pub(crate) frames: Vec<Frame>,
    /// Registers that began.
    pub(crate) registers: u32,
}

impl Recorder {
    pub(crate) fn new(race: &Race) -> Self {
        let mut r = Recorder {
            robots: Vec::new(),
            open: 0,
            round: 0,
            text: Vec::new(),
            frames: Vec::new(),
            registers: 0,
        };
        r.robots = (0..race.seats())
            .map(|_| RobotFrame {
                pos: None,
                facing: race.course().start_facing(),
                damage: 0,
                checkpoints: 0,
                energy: Some(0),
                note: String::new(),
            })
            .collect();
        r.sync(race);
        r
    }

    /// Where the robots are now, as far as the events told.
    pub(crate) fn robots(&self) -> Vec<Option<(Pos, Dir)>> {
        self.robots
            .iter()
            .map(|r| r.pos.map(|p| (p, r.facing)))
            .collect()
    }

    /// Follows the events of one action; calls `on_frame` after each frame
    /// it closes (the end of a register, or the starting grid).
    pub(crate) fn observe(
        &mut self,
        race: &Race,
        events: &[Event],
        mut on_frame: impl FnMut(&Self),
    ) {
        for e in events {
            match e {
                Event::RoundStarted { round } => {
                    // The last register of the round before ends here.
                    if self.open > 0 {
                        self.close(&mut on_frame);
                    }
                    self.round = *round;
                }
                Event::RegisterStarted { register } => {
                    self.close(&mut on_frame);
                    self.open = *register;
                    self.registers += 1;
                }
                _ => {}
            }
            self.follow(e);
            if let Some(s) = describe(e) {
                self.text.push(s);
            }
        }
        self.sync(race);
        let between = race.phase() != Phase::Activation || race.outcome().is_some();
        if between && self.open > 0 {
            self.close(&mut on_frame);
        }
        if self.frames.is_empty() && race.phase() != Phase::Setup {
            // The starting grid, once every robot is placed.
            self.push_frame();
            on_frame(self);
        }
    }

    /// Closes the open register's frame (the starting grid before the first).
    fn close(&mut self, on_frame: &mut impl FnMut(&Self)) {
        if self.open > 0 || self.frames.is_empty() {
            self.push_frame();
            on_frame(self);
        }
        self.open = 0;
    }

    fn push_frame(&mut self) {
        // How each robot moved since the last frame, in one line each.
        if let Some(before) = self.frames.last() {
            for (i, (a, b)) in before.robots.iter().zip(&self.robots).enumerate() {
                let line = match (a.pos, b.pos) {
                    (Some(p), Some(q)) if p != q => format!("P{i} {p} → {q}, facing {}", b.facing),
                    (Some(_), Some(_)) if a.facing != b.facing => {
                        format!("P{i} turns to face {}", b.facing)
                    }
                    (None, Some(q)) => format!("P{i} is back at {q}, facing {}", b.facing),
                    (Some(p), None) => format!("P{i} leaves the board from {p}"),
                    _ => continue,
                };
                self.text.push(line);
            }
        }
        for r in &mut self.robots {
            if r.pos.is_none() && r.note.is_empty() {
                r.note = "rebooting".into();
            }
        }
        self.frames.push(Frame {
            round: u32::from(self.round),
            register: u32::from(self.open),
            robots: self.robots.clone(),
            events: std::mem::take(&mut self.text),
        });
        for r in &mut self.robots {
            r.note.clear();
        }
    }

    fn robot(&mut self, seat: usize) -> Option<&mut RobotFrame> {
        self.robots.get_mut(seat)
    }

    /// Applies one event to the robots.
    fn follow(&mut self, e: &Event) {
        match *e {
            Event::Grid(g) => match g {
                GridEvent::Moved { robot, to, .. } => {
                    if let Some(r) = self.robot(robot.index()) {
                        r.pos = Some(to);
                    }
                }
                GridEvent::Turned { robot, facing, .. } => {
                    if let Some(r) = self.robot(robot.index()) {
                        r.facing = facing;
                    }
                }
                GridEvent::Removed { robot, .. } => {
                    if let Some(r) = self.robot(robot.index()) {
                        r.pos = None;
                    }
                }
                GridEvent::Placed { robot, at, facing } => {
                    if let Some(r) = self.robot(robot.index()) {
                        r.pos = Some(at);
                        r.facing = facing;
                    }
                }
                _ => {}
            },
            Event::Rebooted { player, at, facing } => {
                if let Some(r) = self.robot(player.index()) {
                    r.pos = Some(at);
                    r.facing = facing;
                    r.note = "rebooted".into();
                }
            }
            Event::Fell { player, .. } => {
                if let Some(r) = self.robot(player.index()) {
                    r.pos = None;
                    r.note = "fell".into();
                }
            }
            Event::CheckpointReached { player, checkpoint } => {
                if let Some(r) = self.robot(player.index()) {
                    r.checkpoints = u32::from(checkpoint);
                }
            }
            Event::Energy { player, energy } => {
                if let Some(r) = self.robot(player.index()) {
                    r.energy = Some(u32::from(energy));
                }
            }
            Event::Damaged { player, drawn, .. } => {
                if let (Some(r), Drawn::Spam | Drawn::HaywireUnder(_)) =
                    (self.robot(player.index()), drawn)
                {
                    r.damage += 1;
                }
            }
            Event::CardReplaced {
                player,
                card: variant_2023::Card::Spam,
                ..
            } => {
                if let Some(r) = self.robot(player.index()) {
                    r.damage = r.damage.saturating_sub(1);
                }
            }
            Event::ShutDown { player } => {
                if let Some(r) = self.robot(player.index()) {
                    r.note = "shut down".into();
                }
            }
            Event::GameOver {
                winner: Some(player),
            } => {
                if let Some(r) = self.robot(player.index()) {
                    r.note = "winner".into();
                }
            }
            _ => {}
        }
    }

    /// Sets every robot straight from the game.
    fn sync(&mut self, race: &Race) {
        for (i, r) in self.robots.iter_mut().enumerate() {
            let p = PlayerId(i as u8);
            match race.robot(p) {
                Some((pos, facing)) => {
                    r.pos = Some(pos);
                    r.facing = facing;
                }
                None => r.pos = None,
            }
            if let Some(pl) = race.player(p) {
                r.checkpoints = u32::from(pl.checkpoints());
                r.energy = Some(u32::from(pl.energy()));
                if pl.rebooting().is_some() && r.note.is_empty() {
                    r.note = "rebooting".into();
                }
            }
            r.damage = damage_held(race, p);
        }
    }
}
