//! Helpers shared by the rule tests: small ASCII courses, positions, and a
//! replay of grid events that tells where robots stood after a register.
#![allow(dead_code)]

use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::{Game, PlayerId};
use variant_2023::cards::{Card, Haywire};
use variant_2023::courses::Course;
use variant_2023::position::{Position, RobotSpec, StartAt};
use variant_2023::testkit::course_from_text;
use variant_2023::{Action, Event, Race, Setup};

/// Seats by name.
pub const P0: PlayerId = PlayerId(0);
/// Seat 1.
pub const P1: PlayerId = PlayerId(1);
/// Seat 2.
pub const P2: PlayerId = PlayerId(2);

/// An open floor of 6 x 8 (checkpoint in the top-right corner, reboot token
/// bottom-right pointing east) above the start row.
pub fn open() -> Course {
    course(
        &[". . . . . ."; 8],
        &[],
        &[Pos::new(5, 0)],
        Some((Pos::new(5, 7), Dir::E)),
    )
}

/// A robot out of everyone's way on [`open`].
pub fn far() -> RobotSpec {
    bot(5, 5, Dir::E)
}

/// `r` with these upgrades installed.
pub fn with(mut r: RobotSpec, ups: &[variant_2023::Upgrade]) -> RobotSpec {
    r.installed = ups.to_vec();
    r
}

/// Where each robot stands (`None`: off the board), by seat.
pub type Spots = Vec<Option<(Pos, Dir)>>;

/// Positions after a register, every event, and the race.
pub type Played = (Spots, Vec<Event>, Race);

/// A 3-character glyph from a shorthand: `.` floor, `S` start, `E`
/// battery, `O` pit, `(L)`/`(R)` gears, belts like `b>` or `g^r`, push
/// panels `p>1`, lasers `L>1`.
fn glyph(s: &str) -> String {
    match s {
        "." => " . ".into(),
        "S" => " S ".into(),
        "E" => " E ".into(),
        "O" => "[ ]".into(),
        other => format!("{other:<3}"),
    }
}

/// A course: `rows` of the factory floor (board 1, y from 0) above one row
/// of start spaces (board 0, the docking bay). Extra walls are given as
/// (cell, side). The reboot token of board 1 defaults to the bottom-left
/// floor cell, pointing east.
pub fn course(
    rows: &[&str],
    walls: &[(Pos, Dir)],
    checkpoints: &[Pos],
    token: Option<(Pos, Dir)>,
) -> Course {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.split_whitespace().map(glyph).collect())
        .collect();
    let w = cells[0].len();
    assert!(
        cells.iter().all(|r| r.len() == w),
        "rows of different widths"
    );
    let mut text = String::new();
    let open = |text: &mut String| {
        text.push('+');
        for _ in 0..w {
            text.push_str("   +");
        }
        text.push('\n');
    };
    // The outer edges are open: robots can fall off the course.
    open(&mut text);
    for (i, r) in cells.iter().enumerate() {
        if i > 0 {
            open(&mut text);
        }
        text.push(' ');
        text.push_str(&r.join(" "));
        text.push_str(" \n");
    }
    open(&mut text);
    text.push(' ');
    text.push_str(&vec![" S "; w].join(" "));
    text.push_str(" \n");
    open(&mut text);
    text.push_str("ids\n");
    for _ in 0..rows.len() {
        text.push_str(&"1".repeat(w));
        text.push('\n');
    }
    text.push_str(&"0".repeat(w));
    text.push('\n');
    let h = rows.len() as i16;
    let token = token.unwrap_or_else(|| {
        let x = cells[rows.len() - 1]
            .iter()
            .position(|g| g == " . ")
            .unwrap_or(0) as i16;
        (Pos::new(x, h - 1), Dir::E)
    });
    let c = course_from_text(&text, checkpoints, &[(1, token.0, token.1)], Dir::N).unwrap();
    c.edit(|parts| {
        for &(p, d) in walls {
            parts
                .board
                .set_wall(p, d, robo_core::board::Wall::Both)
                .unwrap();
        }
    })
    .unwrap()
}

/// The row of start spaces under a course made by [`course`].
pub fn bay_row(c: &Course) -> i16 {
    c.board().height() as i16 - 1
}

/// A robot at `(x, y)` facing `dir`.
pub fn bot(x: i16, y: i16, dir: Dir) -> RobotSpec {
    RobotSpec::at(Pos::new(x, y), dir)
}

/// A robot with these register cards (register 1 first).
pub fn programmed(x: i16, y: i16, dir: Dir, cards: &[Card]) -> RobotSpec {
    let mut r = bot(x, y, dir);
    for (i, &c) in cards.iter().enumerate() {
        r.registers[i] = vec![c];
    }
    r
}

/// A position starting at register `register` on `course`.
pub fn at_register(course: Course, robots: Vec<RobotSpec>, register: u8) -> Position {
    let mut p = Position::new(Setup::new(course, robots.len() as u8), robots);
    p.start = StartAt::Register(register);
    p
}

/// Starts a position and returns the race and what happened.
pub fn start(p: Position) -> (Race, Vec<Event>) {
    Race::start_at(p).unwrap_or_else(|e| panic!("bad position: {e}"))
}

/// Where each robot stood after register `register`, replaying grid
/// events from the positions a race started with.
pub fn after(
    initial: &[Option<(Pos, Dir)>],
    events: &[Event],
    register: u8,
) -> Vec<Option<(Pos, Dir)>> {
    let mut at = initial.to_vec();
    let mut current = 0u8;
    for e in events {
        match e {
            Event::RegisterStarted { register: r } => {
                if *r > register && current >= 1 {
                    break;
                }
                current = *r;
            }
            Event::RoundStarted { .. } if current >= 1 => break,
            Event::Grid(g) => match *g {
                GridEvent::Moved { robot, to, .. } => {
                    if let Some(Some(s)) = at.get_mut(robot.index()) {
                        s.0 = to;
                    }
                }
                GridEvent::Turned { robot, facing, .. } => {
                    if let Some(Some(s)) = at.get_mut(robot.index()) {
                        s.1 = facing;
                    }
                }
                GridEvent::Removed { robot, .. } => at[robot.index()] = None,
                GridEvent::Placed {
                    robot,
                    at: p,
                    facing,
                } => at[robot.index()] = Some((p, facing)),
                _ => {}
            },
            _ => {}
        }
    }
    at
}

/// Starts a position at register `register` and returns where robots
/// stood after it, and all events.
pub fn run_register(course: Course, robots: Vec<RobotSpec>, register: u8) -> Played {
    let initial: Vec<Option<(Pos, Dir)>> = robots.iter().map(|r| r.at).collect();
    let (race, events) = start(at_register(course, robots, register));
    (after(&initial, &events, register), events, race)
}

/// `Some((x, y), dir)`.
pub fn spot(x: i16, y: i16, dir: Dir) -> Option<(Pos, Dir)> {
    Some((Pos::new(x, y), dir))
}

/// Damage cards drawn by `p` in `events`.
pub fn damage_of(events: &[Event], p: PlayerId) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Damaged { player, .. } if *player == p))
        .count()
}

/// Answers the pending decision of `p` with `a`, panicking on refusal.
pub fn answer(race: &mut Race, p: PlayerId, a: Action) -> Vec<Event> {
    race.apply(p, a.clone())
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}"))
}

/// The player and decision the race waits for.
pub fn asked(race: &Race) -> Option<(PlayerId, variant_2023::Decision)> {
    match race.pending() {
        robo_core::Pending::Decision { player, decision } => Some((player, decision)),
        _ => None,
    }
}

/// A Haywire card.
pub fn hay(h: Haywire) -> Card {
    Card::Haywire(h)
}

/// Answers single-player decisions with `pick(player, decision, options)`
/// until the race waits for everyone (or ends); returns the events.
pub fn drive(
    race: &mut Race,
    mut pick: impl FnMut(PlayerId, variant_2023::Decision, &[Action]) -> Action,
) -> Vec<Event> {
    let mut events = Vec::new();
    let mut opts = Vec::new();
    for _ in 0..1000 {
        let Some((p, d)) = asked(race) else { break };
        race.legal_actions(p, &mut opts);
        let a = pick(p, d, &opts);
        events.extend(answer(race, p, a));
    }
    events
}

/// The first option of every decision.
pub fn first(_: PlayerId, _: variant_2023::Decision, opts: &[Action]) -> Action {
    opts[0].clone()
}

/// A program of the first hand cards in the open registers.
pub fn simple_program(race: &Race, p: PlayerId) -> variant_2023::Program {
    let pl = race.player(p).unwrap();
    let regular = pl.hand().iter().copied().filter(|c| !c.is_damage());
    let mut hand = regular.chain(pl.hand().iter().copied().filter(|c| c.is_damage()));
    let mut prog = variant_2023::Program::default();
    for (r, reg) in pl.registers().iter().enumerate() {
        if reg.cards.is_empty() {
            if let Some(c) = hand.next() {
                prog.registers[r] = variant_2023::Slot::Card(c);
            }
        }
    }
    prog
}

/// Every player still programming hands in [`simple_program`]; returns the events.
pub fn program_all(race: &mut Race) -> Vec<Event> {
    let mut events = Vec::new();
    while let robo_core::Pending::Simultaneous {
        players,
        decision: variant_2023::Decision::Program,
    } = race.pending()
    {
        let p = players[0];
        let prog = simple_program(race, p);
        events.extend(answer(race, p, Action::Program(prog)));
    }
    events
}

/// Everyone ends the upgrade phase.
pub fn end_upgrades(race: &mut Race) -> Vec<Event> {
    let mut events = Vec::new();
    while let robo_core::Pending::Simultaneous {
        players,
        decision: variant_2023::Decision::Upgrades,
    } = race.pending()
    {
        events.extend(answer(race, players[0], Action::Done));
    }
    events
}

/// The answer that declines or does nothing special, when offered.
pub fn neutral(opts: &[Action]) -> Action {
    let quiet = [
        Action::Done,
        Action::Shift(None),
        Action::Follow(false),
        Action::Pierce(None),
        Action::Exchange(None),
        Action::Brake(false),
        Action::Shield(false),
        Action::KeepAll,
        Action::Fire(variant_2023::Weapon::MainLaser),
        Action::PlayHaywire(false),
    ];
    quiet
        .into_iter()
        .find(|a| opts.contains(a))
        .unwrap_or_else(|| opts[0].clone())
}

/// Picks the first of `prefs` that is offered, else [`neutral`].
pub fn prefer(
    prefs: Vec<Action>,
) -> impl FnMut(PlayerId, variant_2023::Decision, &[Action]) -> Action {
    move |_, _, opts: &[Action]| {
        prefs
            .iter()
            .find(|a| opts.contains(a))
            .cloned()
            .unwrap_or_else(|| neutral(opts))
    }
}

/// Events between the start of register `r` and the start of the next one.
pub fn in_register(events: &[Event], r: u8) -> &[Event] {
    let from = events
        .iter()
        .position(|e| matches!(e, Event::RegisterStarted { register } if *register == r))
        .unwrap_or(events.len());
    let to = events[from..]
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::RegisterStarted { .. } | Event::RoundStarted { .. }
            ) && !matches!(e, Event::RegisterStarted { register } if *register == r)
        })
        .map_or(events.len(), |k| from + k);
    &events[from..to]
}

/// Starts `p`, drives decisions with `pick`, and returns where robots stood
/// after register `r`, the events, and the race.
pub fn play_at(
    p: Position,
    r: u8,
    pick: impl FnMut(PlayerId, variant_2023::Decision, &[Action]) -> Action,
) -> Played {
    let initial: Vec<_> = p.robots.iter().map(|x| x.at).collect();
    let (mut race, mut events) = start(p);
    events.extend(drive(&mut race, pick));
    (after(&initial, &events, r), events, race)
}
