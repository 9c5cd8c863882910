//! The classic edition as the race driver follows it: the course as a
//! picture and as text, the replay's sentences, and what its events do to
//! the robots of the replay and to the round log.

use super::edition::RaceEdition;
use super::log::{LogWords, SeatNote};
use crate::core::event::GridEvent;
use crate::core::geom::{Dir, Pos};
use crate::core::view::GridView;
use crate::core::PlayerId;
use crate::textboard::TextBoard;
use crate::viewer::{
    Blast, BoardPicture, CellKind, CellPicture, CellStyle, Marker, Piece, RobotFrame,
};
use variant_classic::courses::Course;
use variant_classic::race::Power;
use variant_classic::tiles::Tile;
use variant_classic::world::Doom;
use variant_classic::{Event, Race};

/// What the glyphs of a classic course drawn as text mean.
pub const LEGEND: &str = "\
Board: x to the right, y downwards; robots are drawn as seat and facing (0> is P0 facing east).
 .  floor   [ ] pit   D1 dock 1   <1> flags, in order   w  repair site   W  repair site with an option
y> e>  belt (1 step) and express belt (2 steps) carrying towards the arrow (^ > v <)
y>l y>r y>b  curved belt: a robot carried in from the left, right or either side turns
(L) (R)  gear turning robots left / right   p>1 p>2  pusher, registers 1-3-5 / 2-4
L>1 L>2 L>3  board laser with 1-3 beams   [o] drain   [1] [2] trap door open in registers 1-3-5 / 2-4
X1 X2  crusher, registers 1-3-5 / 2-4   F1 F2  flamer   r  radiation   %  radioactive waste   ?  randomizer
c>  current   ~  water   o  oil slick   O1 portal of colour 1   T  teleporter   R>  repulsor field on the arrow's side
/>  ramp climbing towards the arrow   $  chop shop   levels block: 1 marks the upper level (a ledge around it)
| ---  walls   > < ^ v in a wall line: one-way wall, passable towards the arrow";

/// The classic kinds of cell the page draws in its own way.
fn classic_styles(pic: &mut BoardPicture) {
    let style = |fill: &str, glyph: &str| CellStyle {
        fill: fill.into(),
        glyph: Some(glyph.into()),
        arrow: None,
    };
    pic.style(&CellKind::new("Dock"), style("#c9d6e3", "D"));
    pic.style(&CellKind::new("Repair"), style("#f2e6a6", "🔧"));
    pic.style(&CellKind::new("RepairOption"), style("#f2d37a", "🔧🔨"));
    pic.style(&CellKind::new("Drain"), style("#3b4a5a", "◎"));
    pic.style(&CellKind::new("TrapDoor"), style("#5a4a3b", "▦"));
    pic.style(&CellKind::new("Crusher"), style("#8a8f99", "✹"));
    pic.style(&CellKind::new("Flamer"), style("#f0a070", "🔥"));
    pic.style(&CellKind::new("Radiation"), style("#c8e6a0", "☢"));
    pic.style(&CellKind::new("Waste"), style("#9acd32", "☣"));
    pic.style(&CellKind::new("Randomizer"), style("#d8c8f0", "?"));
    pic.style(&CellKind::new("Water"), style("#a8d0f0", "≈"));
    pic.style(
        &CellKind::new("Current"),
        CellStyle {
            fill: "#7fb8e8".into(),
            glyph: None,
            arrow: Some("#1f5f9f".into()),
        },
    );
    pic.style(&CellKind::new("Oil"), style("#4a4a40", "💧"));
    pic.style(&CellKind::new("Portal"), style("#c8a0e8", "◍"));
    pic.style(&CellKind::new("Teleporter"), style("#a0e8e0", "⇶"));
    pic.style(
        &CellKind::new("Repulsor"),
        CellStyle {
            fill: "#f0f0c0".into(),
            glyph: None,
            arrow: Some("#d04090".into()),
        },
    );
    pic.style(
        &CellKind::new("Ramp"),
        CellStyle {
            fill: "#d8c8b0".into(),
            glyph: None,
            arrow: Some("#6a5030".into()),
        },
    );
    pic.style(&CellKind::new("ChopShop"), style("#e8b0a0", "$"));
}

/// A cell of a kind pointing somewhere (a current, a repulsor's side, a
/// ramp's way up).
fn pointing(kind: &'static str, dir: Dir) -> CellPicture {
    CellPicture {
        dir: Some(dir),
        ..CellPicture::plain(CellKind::new(kind))
    }
}

/// A register-bound element, labelled with its registers (`135`, `24`).
fn timed(kind: &'static str, registers: variant_classic::tiles::Registers) -> CellPicture {
    CellPicture {
        label: (1..=5)
            .filter(|&r| registers.contains(r))
            .map(|r| char::from(b'0' + r))
            .collect(),
        ..CellPicture::plain(CellKind::new(kind))
    }
}

/// The course of `race` as the viewer draws it: tiles, walls and beams,
/// with flags as markers.
#[must_use]
pub fn classic_picture(course: &Course) -> BoardPicture {
    let mut pic = BoardPicture::from_board(course.board(), |c| match &c.tile {
        Tile::Pit => Some(CellPicture::plain(CellKind::PIT)),
        Tile::Dock(n) => Some(CellPicture {
            label: n.to_string(),
            ..CellPicture::plain(CellKind::new("Dock"))
        }),
        Tile::Repair(1) => Some(CellPicture::plain(CellKind::new("Repair"))),
        Tile::Repair(_) => Some(CellPicture::plain(CellKind::new("RepairOption"))),
        Tile::Drain => Some(CellPicture::plain(CellKind::new("Drain"))),
        Tile::Radiation => Some(CellPicture::plain(CellKind::new("Radiation"))),
        Tile::Waste => Some(CellPicture::plain(CellKind::new("Waste"))),
        Tile::Randomizer => Some(CellPicture::plain(CellKind::new("Randomizer"))),
        Tile::TrapDoor(r) => Some(timed("TrapDoor", *r)),
        Tile::Crusher(r) => Some(timed("Crusher", *r)),
        Tile::Flamer(r) => Some(timed("Flamer", *r)),
        Tile::Water => Some(CellPicture::plain(CellKind::new("Water"))),
        Tile::Oil => Some(CellPicture::plain(CellKind::new("Oil"))),
        Tile::Teleporter => Some(CellPicture::plain(CellKind::new("Teleporter"))),
        Tile::ChopShop => Some(CellPicture::plain(CellKind::new("ChopShop"))),
        Tile::Portal(n) => Some(CellPicture {
            label: n.to_string(),
            ..CellPicture::plain(CellKind::new("Portal"))
        }),
        Tile::Current(d) => Some(pointing("Current", *d)),
        Tile::Repulsor(d) => Some(pointing("Repulsor", *d)),
        Tile::Ramp(d) => Some(pointing("Ramp", *d)),
        _ => None,
    });
    // The upper level is shaded lighter (ledges run along its border).
    let board = course.board();
    for (cell, p) in pic.cells.iter_mut().zip(board.positions()) {
        if let Some(c) = board.tile(p) {
            cell.level = c.level as i8;
            // What a composite cell holds over its element, in its label.
            if let Some(r) = c.crusher.filter(|_| !matches!(c.tile, Tile::Crusher(_))) {
                let regs: String = (1..=5)
                    .filter(|&k| r.contains(k))
                    .map(|k| char::from(b'0' + k))
                    .collect();
                cell.label = format!("{}✹{regs}", cell.label);
            }
            if let Some(m) = c.mount {
                cell.label = format!("{}L{}{}", cell.label, m.dir.arrow(), m.beams);
            }
        }
    }
    classic_styles(&mut pic);
    for (i, &p) in course.checkpoints().iter().enumerate() {
        pic.markers.push(Marker {
            pos: p,
            kind: "checkpoint".into(),
            label: (i + 1).to_string(),
            dir: None,
        });
    }
    pic
}

/// The course as text with the flags where they stand now (`flags`, in
/// order; belts and pushers move them) and each robot on the board drawn
/// over its cell as its seat number and facing arrow.
#[must_use]
pub fn render_classic(course: &Course, flags: &[Pos], robots: &[Option<(Pos, Dir)>]) -> String {
    let moved = (flags.len() == course.checkpoints().len() && flags != course.checkpoints())
        .then(|| {
            let mut parts = course.clone().into_parts();
            parts.checkpoints = flags.to_vec();
            Course::new(parts).ok()
        })
        .flatten();
    let mut board = TextBoard::new(&moved.as_ref().unwrap_or(course).render());
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
    out.push_str(&variant_classic::tiles::levels_block(course.board()));
    out
}

fn doom_words(doom: Doom) -> &'static str {
    match doom {
        Doom::Pit => "in a pit",
        Doom::Edge => "off the edge of the board",
        Doom::Damage => "by its tenth damage token",
        Doom::Drain => "in a drain",
        Doom::TrapDoor => "through an open trap door",
        Doom::Crusher => "by a crusher",
    }
}

/// One event in a sentence, for the replay's event list.
pub(crate) fn describe(e: &Event) -> Option<String> {
    Some(match e {
        Event::Grid(g) => match g {
            GridEvent::Pushed(p) => format!("P{} pushes P{}", p.by.0, p.pushed.0),
            GridEvent::BoardLaser(h) => format!(
                "board laser at {} hits P{} ({} beam{})",
                h.source,
                h.robot.0,
                h.beams,
                if h.beams == 1 { "" } else { "s" }
            ),
            GridEvent::Shot { from, target, .. } => format!("P{} shoots P{}", from.0, target.0),
            _ => return None,
        },
        Event::TurnStarted { round } => format!("turn {round} begins"),
        Event::Revealed {
            player,
            register,
            card,
        } => format!("{player} reveals {card} (register {register})"),
        Event::PowerDownAnnounced { player } => format!("{player} announces power down"),
        Event::Randomized {
            player,
            register,
            card,
        } => format!("a randomizer deals {player} {card} for register {register}"),
        Event::PoweredDown { player } => format!("{player} is powered down"),
        Event::Damaged {
            player,
            amount,
            damage,
        } => format!("{player} takes {amount} damage ({damage} in all)"),
        Event::Destroyed {
            player,
            doom,
            lives,
        } => {
            format!(
                "{player} is destroyed {} and loses a life ({lives} left)",
                doom_words(*doom)
            )
        }
        Event::FlagTouched { player, flag } => format!("{player} touches flag {flag}"),
        Event::ArchiveMoved { player, at } => format!("{player}'s archive marker moves to {at}"),
        Event::Repaired { player, damage } => format!("{player} is repaired ({damage} damage)"),
        Event::Reentered {
            player,
            at,
            facing,
            ghost,
        } => format!(
            "{player} re-enters at {at} facing {facing}{}",
            if *ghost { " (virtual)" } else { "" }
        ),
        Event::BecameReal { player } => format!("{player} is no longer virtual"),
        Event::FlagMoved { flag, at } => format!("flag {flag} is carried to {at}"),
        Event::ChopShop { player, choice } => match choice {
            variant_classic::race::Chop::Draw => format!("{player} takes an option at a chop shop"),
            variant_classic::race::Chop::Pass => format!("{player} passes at a chop shop"),
            variant_classic::race::Chop::Scrap(_) => {
                format!("{player} scraps an option at a chop shop")
            }
            variant_classic::race::Chop::Refill(_) => {
                format!("{player} refills an option at a chop shop")
            }
        },
        Event::OptionGained { player, option } => format!("{player} gains {option}"),
        Event::OptionLost { player, option, .. } => format!("{player} loses {option}"),
        Event::Absorbed {
            player,
            option,
            tokens,
        } => format!("{player}'s {option} takes {tokens} damage"),
        Event::OptionUsed { player, option } => format!("{player} uses {option}"),
        Event::OptionsSwapped {
            player,
            target,
            took,
        } => format!("{player} swaps its Reengineering Unit for {target}'s {took}"),
        Event::RegisterLocked { player, register } => {
            format!("{player}'s register {register} is locked by Fire Control")
        }
        Event::Finished { player, place } => format!("{player} finishes in place {place}"),
        Event::TookOff { player } => format!("{player} takes off"),
        Event::Landed { player } => format!("{player} lands"),
        Event::DeviceLaid { device } => {
            format!("{} puts a {:?} on {}", device.owner, device.kind, device.at)
        }
        Event::DeviceMoved { id, to, .. } => format!("device {id} flies to {to}"),
        Event::DeviceRemoved { id, .. } => format!("device {id} leaves the floor"),
        Event::Exploded { at, damage, .. } => format!("a {damage}-point explosion at {at}"),
        Event::Damped {
            player,
            option: None,
        } => format!("{player}'s options are switched off by an Option Damping Field"),
        Event::Damped {
            player,
            option: Some(option),
        } => format!("{player}'s {option} is lost in an Option Damping Field"),
        Event::GameOver { winner } => match winner {
            Some(w) => format!("{w} wins the race"),
            None => "the game ends without a winner".into(),
        },
        _ => return None,
    })
}

/// A classic device as the replay draws it.
fn piece(d: &variant_classic::race::Device) -> Piece {
    Piece {
        id: u32::from(d.id),
        at: d.at,
        kind: format!("{:?}", d.kind),
        facing: d.kind.flies().then_some(d.facing),
        owner: d.owner.0,
    }
}

impl RaceEdition for Race {
    const WORDS: LogWords = LogWords::CLASSIC;

    fn grid(&self) -> GridView {
        self.grid_view()
    }

    fn course_picture(&self) -> BoardPicture {
        classic_picture(self.course())
    }

    fn render_board(&self, robots: &[Option<(Pos, Dir)>], _columns: usize) -> String {
        let flags: Vec<Pos> = self.world().flags().collect();
        render_classic(self.course(), &flags, robots)
    }

    fn legend(&self) -> &'static str {
        LEGEND
    }

    fn start_facing(&self) -> Dir {
        self.course().start_facing()
    }

    fn tell(events: &[Event]) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        for line in events.iter().filter_map(describe) {
            if lines.last() != Some(&line) {
                lines.push(line);
            }
        }
        lines
    }

    fn revealed(event: &Event) -> Option<(PlayerId, String)> {
        match event {
            Event::Revealed { player, card, .. } => Some((*player, card.to_string())),
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
        match *event {
            Event::Reentered {
                player, at, facing, ..
            } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.pos = Some(at);
                    r.facing = facing;
                    r.note = "re-entered".into();
                }
            }
            Event::Destroyed { player, .. } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.pos = None;
                    r.note = "destroyed".into();
                }
            }
            Event::FlagTouched { player, flag } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.checkpoints = u32::from(flag);
                }
            }
            Event::TookOff { player } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.flying = true;
                }
            }
            Event::Damaged { player, damage, .. } | Event::Repaired { player, damage } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.damage = u32::from(damage);
                }
            }
            Event::Finished { player, place } => {
                if let Some(r) = robots.get_mut(player.index()) {
                    r.note = if place == 1 {
                        "winner".into()
                    } else {
                        format!("place {place}")
                    };
                }
            }
            _ => {}
        }
    }

    fn sync(&self, seat: PlayerId, robot: &mut RobotFrame) {
        robot.flying |= self.world().is_flying(crate::core::ids::RobotId::of(seat));
        if let Some(r) = self.robot(seat) {
            robot.damage = u32::from(r.damage);
            robot.checkpoints = u32::from(r.flags);
            if r.power == Power::Down && robot.note.is_empty() {
                robot.note = "powered down".into();
            }
            if let Some(place) = r.place {
                robot.note = if place == 1 {
                    "winner".into()
                } else {
                    format!("place {place}")
                };
            } else if !r.alive() {
                robot.note = "out".into();
            }
        }
    }

    fn pieces(&self) -> Vec<Piece> {
        self.devices().iter().map(piece).collect()
    }

    fn follow_pieces(event: &Event, pieces: &mut Vec<Piece>) {
        match *event {
            Event::DeviceLaid { device } => pieces.push(piece(&device)),
            Event::DeviceMoved { id, to, .. } => {
                if let Some(p) = pieces.iter_mut().find(|p| p.id == u32::from(id)) {
                    p.at = to;
                }
            }
            Event::DeviceRemoved { id, .. }
            | Event::Exploded {
                device: Some(id), ..
            } => pieces.retain(|p| p.id != u32::from(id)),
            _ => {}
        }
    }

    fn blast(event: &Event) -> Option<Blast> {
        match *event {
            Event::Exploded { at, damage, .. } => Some(Blast { at, damage }),
            _ => None,
        }
    }

    fn marker_moved(event: &Event) -> Option<(u8, Pos)> {
        match *event {
            Event::FlagMoved { flag, at } => Some((flag, at)),
            _ => None,
        }
    }

    fn round_note(event: &Event) -> Option<(PlayerId, SeatNote)> {
        Some(match *event {
            Event::FlagTouched { player, flag } => (player, SeatNote::Checkpoint(flag)),
            Event::Destroyed { player, .. } => (player, SeatNote::Fell),
            Event::Reentered { player, .. } => (player, SeatNote::Rebooted),
            Event::Damaged { player, .. } => (player, SeatNote::Damage),
            Event::PoweredDown { player } => (player, SeatNote::ShutDown),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_round_log_and_the_replay_speak_classic() {
        use crate::race::{run_race, RaceOptions};
        let mut seen_destroyed = false;
        for seed in 1..4 {
            let o = RaceOptions {
                edition: crate::Edition::Classic,
                players: 6,
                seed,
                max_rounds: 6,
                policies: vec!["random".into(); 6],
                ..RaceOptions::default()
            };
            let mut log = Vec::new();
            let summary = run_race(&o, &mut log).unwrap();
            let log = String::from_utf8(log).unwrap();
            let rounds: Vec<&str> = log.lines().filter(|l| l.starts_with("round")).collect();
            assert!(!rounds.is_empty());
            let texts: Vec<String> = summary
                .replay
                .iter()
                .flat_map(|d| d.frames.iter().flat_map(|f| f.events.iter().cloned()))
                .collect();
            for line in rounds
                .iter()
                .copied()
                .chain(texts.iter().map(String::as_str))
            {
                for word in ["fell", "rebooted", "reboot", "shut down", "checkpoint"] {
                    assert!(!line.contains(word), "{word} in {line}");
                }
                seen_destroyed |= line.contains("destroyed") && line.contains("li");
            }
        }
        assert!(
            seen_destroyed,
            "random robots were destroyed and lost lives"
        );
    }

    #[test]
    fn the_replay_draws_moving_flags_where_they_are_at_each_frame() {
        use crate::race::{run_race, RaceOptions};
        let o = RaceOptions {
            edition: crate::Edition::Classic,
            course: Some("Moving Targets".into()),
            players: 4,
            seed: 2,
            max_rounds: 5,
            policies: vec!["random".into(); 4],
            html: Some("unused.html".into()),
            ..RaceOptions::default()
        };
        let summary = run_race(&o, &mut Vec::new()).unwrap();
        let doc = summary.replay.expect("a replay");
        // Where each flag was last said to be carried, frame by frame.
        let mut told: Vec<(u8, String)> = Vec::new();
        let mut moved_frames = 0;
        for f in &doc.frames {
            for e in &f.events {
                if let Some(rest) = e.strip_prefix("flag ") {
                    if let Some((k, at)) = rest.split_once(" is carried to ") {
                        let k: u8 = k.parse().unwrap();
                        told.retain(|t| t.0 != k);
                        told.push((k, at.to_string()));
                    }
                }
            }
            let mut drawn: Vec<(u8, String)> = f
                .checkpoints
                .iter()
                .map(|&(k, at)| (k, at.to_string()))
                .collect();
            drawn.sort();
            let mut expected = told.clone();
            expected.sort();
            assert_eq!(drawn, expected, "round {} register {}", f.round, f.register);
            moved_frames += usize::from(!f.checkpoints.is_empty());
        }
        assert!(moved_frames > 0, "belts carried a flag on Moving Targets");
    }

    #[test]
    fn the_picture_names_docks_repair_sites_and_flags() {
        let course = variant_classic::courses::course("Risky Exchange").unwrap();
        let pic = classic_picture(&course);
        let kinds: Vec<&str> = pic.cells.iter().map(|c| c.kind.name()).collect();
        for k in [
            "Dock",
            "Repair",
            "RepairOption",
            "Pit",
            "ExpressBelt",
            "Belt",
            "Gear",
        ] {
            assert!(kinds.contains(&k), "{k}");
            assert!(
                pic.styles.contains_key(k) || !k.starts_with(['D', 'R']),
                "{k} has a style"
            );
        }
        assert_eq!(pic.markers.len(), course.checkpoints().len());
        let text = render_classic(
            &course,
            course.checkpoints(),
            &[Some((Pos::new(3, 2), Dir::E))],
        );
        assert!(text.contains(" 0>"));
    }

    #[test]
    fn every_new_element_has_a_styled_picture_and_the_upper_level_is_shaded() {
        let mut kinds: Vec<String> = Vec::new();
        let mut raised = 0;
        for name in ["Rising Tide", "Warp Drive", "Moving Targets"] {
            let course = variant_classic::courses::course(name).unwrap();
            let pic = classic_picture(&course);
            for c in &pic.cells {
                kinds.push(c.kind.name().to_string());
                raised += usize::from(c.level > 0);
                if matches!(c.kind.name(), "Current" | "Repulsor" | "Ramp") {
                    assert!(c.dir.is_some(), "{} points somewhere", c.kind.name());
                }
            }
            for k in pic.cells.iter().map(|c| c.kind.name()) {
                let new = [
                    "Water",
                    "Current",
                    "Oil",
                    "Portal",
                    "Teleporter",
                    "Repulsor",
                    "Ramp",
                    "ChopShop",
                ];
                if new.contains(&k) {
                    assert!(pic.styles.contains_key(k), "{k} has a style");
                }
            }
        }
        for k in [
            "Water",
            "Current",
            "Oil",
            "Portal",
            "Teleporter",
            "Repulsor",
            "Ramp",
            "ChopShop",
        ] {
            assert!(kinds.iter().any(|n| n == k), "{k} is drawn");
        }
        assert_eq!(raised, 36, "the Mezzanine's raised floor");
        let course = variant_classic::courses::course("High Ground").unwrap();
        let text = render_classic(&course, course.checkpoints(), &[]);
        let mut moved = course.checkpoints().to_vec();
        moved[0] = Pos::new(0, 0);
        let elsewhere = render_classic(&course, &moved, &[]);
        assert_ne!(text, elsewhere, "a moved flag is drawn where it stands");
        assert!(elsewhere.lines().nth(1).is_some_and(|l| l.contains("<1>")));
        assert!(
            text.contains("\nlevels\n000000000000\n") && text.contains("\n000111111000\n"),
            "{text}"
        );
        for word in [
            "current",
            "portal",
            "teleporter",
            "repulsor",
            "ramp",
            "chop shop",
            "one-way",
        ] {
            assert!(LEGEND.contains(word), "the legend explains {word}");
        }
    }

    #[test]
    fn the_replay_draws_devices_explosions_and_flying_robots() {
        use crate::core::protocol::Pending;
        use crate::core::Game;
        use crate::race::GridReplay;
        use crate::viewer::ReplayRecorder;
        use variant_classic::race::{Action, Decision};
        // Robot 0 turns and launches a missile at robot 1 (register 1),
        // turns south (register 2), flies its Frog Legs over a pit
        // (register 3); the missile reaches robot 1 in register 4.
        let json = r#"{"edition": "classic", "start": "register 1",
            "board": ["+   +   +   +   +   +   +   +", "  .   .   .   .   .   .   .  ",
                      "+   +   +   +   +   +   +   +", " [ ]  .   .   .   .   .   .  ",
                      "+   +   +   +   +   +   +   +", "  .   .   .   .   .   .   .  ",
                      "+   +   +   +   +   +   +   +"],
            "robots": [{"at": [0, 0], "facing": "S", "options": ["Missile Launcher", "Frog Legs"],
                        "registers": ["Rotate Left 70", "Rotate Right 80", "Move 2 670"]},
                       {"at": [6, 0], "facing": "N"}]}"#;
        let file: variant_classic::scenario::ScenarioFile = serde_json::from_str(json).unwrap();
        let mut race = variant_classic::scenario::Scenario::new(&file)
            .unwrap()
            .race()
            .unwrap();
        let mut rec = GridReplay::new(&race, "devices".into(), &["A".into(), "B".into()]);
        let mut events = Vec::new();
        race.run_on();
        robo_core::race::frame::GridRace::take_events(&mut race, &mut events);
        rec.observe(&race, &events);
        let mut flew = false;
        for _ in 0..12 {
            let Pending::Decision { player, decision } = race.pending() else {
                break;
            };
            if race.register() > 4 || race.round() > 1 {
                break;
            }
            let action = match decision {
                Decision::Weapon if race.register() == 1 => {
                    Action::Fire(Some(variant_classic::options::OptionCard::MissileLauncher))
                }
                Decision::Weapon => Action::Fire(None),
                Decision::Hop => {
                    flew = true;
                    Action::Hop(true)
                }
                _ => break,
            };
            let events = race.apply(player, action).unwrap();
            rec.observe(&race, &events);
        }
        assert!(flew, "Frog Legs was asked");
        let doc = rec.doc();
        assert!(doc.frames.iter().any(|f| f
            .pieces
            .iter()
            .any(|p| p.kind == "Missile" && p.facing == Some(Dir::E))));
        assert!(doc.frames.iter().any(|f| f
            .blasts
            .iter()
            .any(|b| b.damage == 4 && b.at == Pos::new(6, 0))));
        assert!(doc.frames.iter().any(|f| f.robots[0].flying));
        let html = rec.html(&race);
        for name in ["drawPiece", "drawBlast", "r.flying"] {
            assert!(html.contains(name), "{name}");
        }
    }
}
