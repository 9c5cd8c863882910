//! Frames of a grid race for the HTML viewer: the robots after every
//! register with that register's events in words, for any
//! [`RaceEdition`].
//!
//! Robots are followed through the events (grid moves, turns, removals and
//! placements here; falls, reboots and counters by the edition); after
//! every action the record is set straight from the game itself, so
//! nothing drifts.

use super::edition::RaceEdition;
use crate::editions::Milestone;
use crate::viewer::{BoardPicture, Frame, ReplayDoc, ReplayRecorder, RobotFrame};
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::view::RaceStage;
use robo_core::PlayerId;

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
    pub(crate) fn new<G: RaceEdition>(race: &G) -> Self {
        let facing = race.start_facing();
        let mut r = Recorder {
            robots: (0..race.num_players())
                .map(|_| RobotFrame {
                    pos: None,
                    facing,
                    damage: 0,
                    checkpoints: 0,
                    energy: None,
                    note: String::new(),
                })
                .collect(),
            open: 0,
            round: 0,
            text: Vec::new(),
            frames: Vec::new(),
            registers: 0,
        };
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
    pub(crate) fn observe<G: RaceEdition>(
        &mut self,
        race: &G,
        events: &[G::Event],
        mut on_frame: impl FnMut(&Self),
    ) {
        for e in events {
            match G::milestone(e) {
                Some(Milestone::RoundStarted(round)) => {
                    // The last register of the round before ends here.
                    if self.open > 0 {
                        self.close(&mut on_frame);
                    }
                    self.round = round;
                }
                Some(Milestone::RegisterStarted(register)) => {
                    self.close(&mut on_frame);
                    self.open = register;
                    self.registers += 1;
                }
                _ => {}
            }
            if let Some(g) = G::grid_event(e) {
                self.follow_grid(g);
            }
            G::follow(e, &mut self.robots);
            if let Some(s) = G::describe(e) {
                self.text.push(s);
            }
        }
        let stage = self.sync(race);
        if stage != RaceStage::Activation && self.open > 0 {
            self.close(&mut on_frame);
        }
        if self.frames.is_empty() && stage != RaceStage::Setup {
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

    /// Applies one grid event to the robots.
    fn follow_grid(&mut self, g: &GridEvent) {
        match *g {
            GridEvent::Moved { robot, to, .. } => {
                if let Some(r) = self.robots.get_mut(robot.index()) {
                    r.pos = Some(to);
                }
            }
            GridEvent::Turned { robot, facing, .. } => {
                if let Some(r) = self.robots.get_mut(robot.index()) {
                    r.facing = facing;
                }
            }
            GridEvent::Removed { robot, .. } => {
                if let Some(r) = self.robots.get_mut(robot.index()) {
                    r.pos = None;
                }
            }
            GridEvent::Placed { robot, at, facing } => {
                if let Some(r) = self.robots.get_mut(robot.index()) {
                    r.pos = Some(at);
                    r.facing = facing;
                }
            }
            _ => {}
        }
    }

    /// Sets every robot straight from the game; returns the race's stage.
    fn sync<G: RaceEdition>(&mut self, race: &G) -> RaceStage {
        let grid = race.grid();
        for (i, r) in self.robots.iter_mut().enumerate() {
            match grid.robots.get(i).and_then(|g| g.at) {
                Some((pos, facing)) => {
                    r.pos = Some(pos);
                    r.facing = facing;
                }
                None => r.pos = None,
            }
            if let Some(g) = grid.robots.get(i) {
                r.checkpoints = u32::from(g.checkpoints);
            }
            race.sync(PlayerId(i as u8), r);
        }
        grid.stage
    }
}

/// A grid race recorded as an HTML replay, for any [`RaceEdition`]: what
/// [`Playable::replay_recorder`](crate::editions::Playable::replay_recorder)
/// gives for a grid edition.
pub struct GridReplay<G: RaceEdition> {
    rec: Recorder,
    title: String,
    board: BoardPicture,
    names: Vec<String>,
    _game: std::marker::PhantomData<fn(&G)>,
}

impl<G: RaceEdition> GridReplay<G> {
    /// A recorder of `race` from where it stands now; `names` names the
    /// seats.
    pub fn new(race: &G, title: String, names: &[String]) -> Self {
        GridReplay {
            rec: Recorder::new(race),
            title,
            board: race.course_picture(),
            // A no-break space keeps "P0 planner" on one line in the page.
            names: names.iter().map(|n| n.replace(' ', "\u{a0}")).collect(),
            _game: std::marker::PhantomData,
        }
    }

    /// The replay document so far.
    pub fn doc(&self) -> ReplayDoc {
        ReplayDoc {
            title: self.title.clone(),
            board: self.board.clone(),
            robots: self.names.clone(),
            frames: self.rec.frames.clone(),
        }
    }
}

impl<G: RaceEdition> ReplayRecorder<G> for GridReplay<G> {
    fn observe(&mut self, game: &G, events: &[G::Event]) {
        self.rec.observe(game, events, |_| {});
    }

    fn html(&self, _: &G) -> String {
        self.doc().to_html()
    }

    fn frames(&self) -> usize {
        self.rec.frames.len()
    }
}
