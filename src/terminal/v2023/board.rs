//! Drawing the course, the robots and the player's own mat as text, from
//! the public course and one player's [`View`] only.

use super::course_text::{course_text, under, Standing};
use robo_core::PlayerId;
use std::fmt::Write as _;
use variant_2023::cards::Shown;
use variant_2023::courses::Course;
use variant_2023::view::RobotView;
use variant_2023::View;

/// What the glyphs of [`draw_board`] mean (robots aside: see
/// [`robot_legend`]); the race log prints it too.
pub const LEGEND: &str = "\
Board: x to the right (numbers on top), y downwards (numbers on the left).
 .  floor   [ ] pit   S start space   x start space covered   E battery (energy)
<1> checkpoints, in order   R> reboot token (a rebooted robot is pushed the arrow's way)
g> b>  green belt (1 step) and blue belt (2 steps) carrying towards the arrow (^ > v <)
g>l g>r g>b  belt curve: a robot carried in from the left, right or either side turns
(L) (R)  gear turning robots left / right   p>1 p>2  push panel, registers 1-3-5 / 2-4
L>1 L>2 L>3  board laser with 1-3 beams, firing the arrow's way to the first wall or robot
| ---  walls   > < v ^ on an edge: one-way wall, crossed only the arrow's way
compact board: #1 checkpoint, GL GR gears, g> b> belts, p> push panel, L> laser";

/// The course with the robots of `view` on it, column numbers on top and
/// row numbers on the left, so that a cell `(x,y)` is easy to find.
///
/// Robots are drawn as their seat number and an arrow for their facing;
/// the viewer's own robot is marked with `*`. Only the public course and
/// `view` are read, so nothing hidden can leak.
///
/// ```
/// use robo_core::{Game, PlayerId};
/// use roborally::terminal::draw_board;
/// use variant_2023::{courses, Race, Setup};
/// let course = courses::course("Milk Run").unwrap();
/// let race = Race::new(Setup::new(course.clone(), 2), 1).unwrap();
/// let text = draw_board(&course, &race.view(PlayerId(0)));
/// assert!(text.contains("<1>"));
/// assert!(text.lines().next().unwrap().contains(" 9"));
/// ```
#[must_use]
pub fn draw_board(course: &Course, view: &View) -> String {
    draw_board_fitting(course, view, 0)
}

/// [`draw_board`] for a terminal `columns` wide (0: any width): a course
/// too wide for it is drawn compact ([`course_text`]).
#[must_use]
pub fn draw_board_fitting(course: &Course, view: &View, columns: usize) -> String {
    let robots: Vec<Standing> = view
        .grid()
        .robots
        .iter()
        .filter_map(|r| {
            r.at.map(|at| Standing {
                seat: r.player,
                at,
                yours: r.player == view.you,
            })
        })
        .collect();
    course_text(course, &robots, &view.cubes, columns)
}

/// How robots are drawn, with the viewer's own robot as the example.
///
/// ```
/// use robo_core::PlayerId;
/// use roborally::terminal::robot_legend;
/// assert_eq!(
///     robot_legend(PlayerId(2)),
///     "robots: seat number and facing arrow; yours is starred (*2^ is you, P2, facing N)"
/// );
/// ```
#[must_use]
pub fn robot_legend(you: PlayerId) -> String {
    format!(
        "robots: seat number and facing arrow; yours is starred (*{}^ is you, {you}, facing N)",
        you.0
    )
}

/// One line per robot: where it is, checkpoints, energy, upgrades, and
/// for other robots only what is public (their hand by its size).
#[must_use]
pub fn draw_robots(view: &View) -> String {
    draw_robots_on(None, view)
}

/// [`draw_robots`], each robot also saying what it stands on (a
/// checkpoint, a reboot token, a belt: what its glyph hides on the board).
#[must_use]
pub fn draw_robots_on(course: Option<&Course>, view: &View) -> String {
    let mut out = String::new();
    for r in &view.robots {
        let _ = writeln!(out, "{}", robot_line(course, r, view));
    }
    out
}

fn robot_line(course: Option<&Course>, r: &RobotView, view: &View) -> String {
    let who = if r.player == view.you {
        format!("{} (you)", r.player)
    } else {
        r.player.to_string()
    };
    let at = match r.at {
        Some((pos, dir)) => match course.and_then(|c| under(c, pos)) {
            Some(what) => format!("at {pos} facing {dir}, on {what}"),
            None => format!("at {pos} facing {dir}"),
        },
        None if r.rebooting => "off the board, rebooting".to_string(),
        None => "not on the board yet".to_string(),
    };
    let mut line = format!(
        "{who}: {at}, checkpoints {}/{}, energy {}",
        r.checkpoints, view.checkpoints, r.energy
    );
    if r.shut_down {
        line.push_str(", shut down");
    }
    if view.priority == r.player {
        line.push_str(", priority");
    }
    let installed: Vec<String> = r
        .permanent
        .iter()
        .chain(&r.temporary)
        .map(ToString::to_string)
        .collect();
    if !installed.is_empty() {
        let _ = write!(line, ", upgrades: {}", installed.join(", "));
    }
    let revealed: Vec<String> = r
        .registers
        .iter()
        .enumerate()
        .filter(|(_, reg)| reg.revealed)
        .filter_map(|(i, reg)| reg.cards.first().map(|c| format!("{}:{}", i + 1, c.card)))
        .collect();
    if !revealed.is_empty() {
        let _ = write!(line, ", face up: {}", revealed.join(" "));
    }
    line
}

/// The viewer's own mat: registers (with face-down Haywires), Memory
/// Cards, uninstalled upgrades and the hand, numbered from 1 as the
/// program is typed.
#[must_use]
pub fn draw_mat(view: &View) -> String {
    let mut out = String::new();
    let Some(me) = view.robots.get(view.you.index()) else {
        return out;
    };
    out.push_str("Registers:");
    for (i, reg) in me.registers.iter().enumerate() {
        let _ = write!(out, "  {}[{}]", i + 1, register_text(&reg.cards, reg.under));
    }
    out.push('\n');
    if !view.memory.is_empty() {
        let _ = writeln!(out, "Memory Cards: {}", cards_text(&view.memory));
    }
    if !view.uninstalled.is_empty() {
        let names: Vec<String> = view.uninstalled.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "Uninstalled upgrades: {}", names.join(", "));
    }
    let _ = writeln!(
        out,
        "Deck {} cards, discard pile {} cards",
        me.deck,
        me.discard.len()
    );
    if view.hand.is_empty() {
        out.push_str("Hand: empty\n");
    } else {
        out.push_str(&draw_hand(&view.hand));
    }
    out
}

/// The hand as a numbered list, `1` first.
///
/// ```
/// use roborally::terminal::draw_hand;
/// use variant_2023::cards::{CardId, Shown};
/// let hand = [Shown::from(CardId(40)), Shown::from(CardId(58))];
/// assert_eq!(draw_hand(&hand), "Hand:  1 Move 1   2 Power Up\n");
/// ```
#[must_use]
pub fn draw_hand(hand: &[Shown]) -> String {
    let mut out = String::from("Hand:");
    for (i, s) in hand.iter().enumerate() {
        let _ = write!(
            out,
            "{}{} {}",
            if i == 0 { "  " } else { "   " },
            i + 1,
            s.card
        );
    }
    out.push('\n');
    out
}

fn register_text(cards: &[Shown], under: Option<Shown>) -> String {
    let mut parts: Vec<String> = cards.iter().map(|c| c.card.to_string()).collect();
    if let Some(u) = under {
        parts.push(format!("under: {}", u.card));
    }
    if parts.is_empty() {
        " ".to_string()
    } else {
        parts.join(" + ")
    }
}

fn cards_text(cards: &[Shown]) -> String {
    cards
        .iter()
        .map(|c| c.card.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The viewer's energy and upgrades, for the upgrade phase.
#[must_use]
pub fn draw_upgrades(view: &View) -> String {
    let Some(me) = view.robots.get(view.you.index()) else {
        return String::new();
    };
    let names = |list: &[variant_2023::Upgrade]| {
        if list.is_empty() {
            "none".to_string()
        } else {
            list.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    let installed: Vec<variant_2023::Upgrade> =
        me.permanent.iter().chain(&me.temporary).copied().collect();
    format!(
        "Energy {}. Installed: {}. Not installed: {}. Upgrade deck: {} cards.\n",
        me.energy,
        names(&installed),
        names(&view.uninstalled),
        view.upgrade_deck
    )
}
