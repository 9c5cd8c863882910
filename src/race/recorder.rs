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
use crate::viewer::{
    Blast, BoardPicture, Frame, Piece, ReplayDoc, ReplayRecorder, RobotFrame, Shot,
};
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
    /// Shots since the last frame.
    shots: Vec<Shot>,
    /// Checkpoint markers carried away from their printed cells: number
    /// and cell now.
    moved: Vec<(u8, Pos)>,
    /// The devices on the board, as the game last showed them.
    pieces: Vec<Piece>,
    /// Explosions since the last frame.
    blasts: Vec<Blast>,
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
                    card: None,
                    flying: false,
                })
                .collect(),
            open: 0,
            round: 0,
            text: Vec::new(),
            shots: Vec::new(),
            moved: Vec::new(),
            pieces: Vec::new(),
            blasts: Vec::new(),
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
        // The events since the last milestone, told together so that a
        // move's steps make one line.
        let mut told = 0;
        for (i, e) in events.iter().enumerate() {
            let milestone = G::milestone(e);
            if matches!(
                milestone,
                Some(Milestone::RoundStarted(_) | Milestone::RegisterStarted(_))
            ) {
                self.text.extend(G::tell(&events[told..i]));
                told = i;
            }
            match milestone {
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
                self.shot(g);
                self.follow_grid(g);
            }
            if let Some((p, card)) = G::revealed(e) {
                if let Some(r) = self.robots.get_mut(p.index()) {
                    r.card = Some(card);
                }
            }
            if let Some((k, at)) = G::marker_moved(e) {
                match self.moved.iter_mut().find(|m| m.0 == k) {
                    Some(m) => m.1 = at,
                    None => self.moved.push((k, at)),
                }
            }
            self.blasts.extend(G::blast(e));
            G::follow_pieces(e, &mut self.pieces);
            G::follow(e, &mut self.robots);
        }
        self.text.extend(G::tell(&events[told..]));
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

    /// Keeps a shot of a grid event as a line, from where its robots stand.
    fn shot(&mut self, g: &GridEvent) {
        let at = |r: robo_core::RobotId| self.robots.get(r.index()).and_then(|f| f.pos);
        let shot = match *g {
            GridEvent::Shot { from, target, .. } => at(from).zip(at(target)).map(|(f, t)| Shot {
                from: f,
                to: t,
                board: false,
            }),
            GridEvent::BoardLaser(hit) => at(hit.robot).map(|t| Shot {
                from: hit.source,
                to: t,
                board: true,
            }),
            _ => None,
        };
        self.shots.extend(shot);
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
            shots: std::mem::take(&mut self.shots),
            checkpoints: self.moved.clone(),
            pieces: self.pieces.clone(),
            blasts: std::mem::take(&mut self.blasts),
        });
        for r in &mut self.robots {
            r.note.clear();
            r.card = None;
            r.flying = false;
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
        self.pieces = race.pieces();
        grid.stage
    }
}

/// A grid race recorded as an HTML replay, for any [`RaceEdition`]: what
/// [`Playable::replay_recorder`](crate::editions::Playable::replay_recorder)
/// gives for a grid edition.
pub struct GridReplay<G: RaceEdition> {
    pub(super) rec: Recorder,
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
