//! The classic game at a terminal: a numbered-options presenter. The
//! person sees the course with the robots, every robot's public counters
//! and face-up registers, their own registers (locked ones marked) and
//! hand, and builds a program one card at a time, then announces power
//! down or not; every other choice (staying down, re-entry facing) is a
//! numbered list.

use super::present::{Presenter, TerminalEdition};
use super::{Config, Finish};
use crate::bots;
use crate::editions::InAny;
use crate::race::classic::{describe as describe_event, render_classic};
use robo_core::PlayerId;
use std::fmt::Write as _;
use variant_classic::cards::Card;
use variant_classic::courses::Course;
use variant_classic::race::{locked, Aim, Chop, Power, RobotView};
use variant_classic::{Action, Decision, Event, Outcome, Race, View};

const HELP: &str = "\
How to answer:
  programming: pick a card of your hand by its number for the next open
    register (locked registers keep their card); when the registers are
    full, choose whether to power down next turn. Options are programmed
    from the same list, before announcing: `set Shield left`, `set
    Gyroscopic Stabilizer on` (a side or a switch for the turn), `stack 1
    70 Crab Legs` (a second card, by its priority, in register 1), `place
    2 Mine Layer` (an option in register 2); their numbers work too.
  other choices: the number of your choice, its short form, or `random`.
  anywhere: `board` draws the course again, `help` shows this, `quit` leaves.";

/// A classic game in words for the person in one seat.
#[derive(Clone, Debug)]
pub struct ClassicPresenter {
    course: Course,
    you: PlayerId,
}

impl TerminalEdition for Race {
    type Presenter = ClassicPresenter;

    fn presenter(game: &Race, you: PlayerId, _columns: usize) -> ClassicPresenter {
        ClassicPresenter {
            course: game.course().clone(),
            you,
        }
    }
}

fn power_word(p: Power) -> &'static str {
    match p {
        Power::On => "",
        Power::Announced => ", power down announced",
        Power::Down => ", powered down",
    }
}

/// `1:Move 2 670  2:[locked] Back Up 430  3:-` for a robot's registers.
fn registers_line(r: &RobotView, mine: bool) -> String {
    let mut out = String::new();
    for (k, slot) in r.registers.iter().enumerate() {
        let reg = k as u8 + 1;
        let lock = if locked(r.damage, reg) {
            "[locked] "
        } else {
            ""
        };
        let mut card = match slot {
            Some(c) => c.to_string(),
            None if mine || lock.is_empty() => "-".into(),
            None => "?".into(),
        };
        // Its second card and the options programmed in it, as shown.
        for (_, second) in r.stacked.iter().filter(|(g, _)| *g == reg) {
            let _ = write!(card, " + {second}");
        }
        for (_, option) in r.program.placed.iter().filter(|(g, _)| *g == reg) {
            let _ = write!(card, " [{option}]");
        }
        let _ = write!(out, "{}{reg}:{lock}{card}", if k == 0 { "" } else { "  " });
    }
    out
}

/// `  options set: Shield back, Turret left` for a robot's settings seen
/// (empty when none).
fn settings_line(r: &RobotView) -> String {
    if r.program.settings.is_empty() {
        return String::new();
    }
    let set: Vec<String> = r
        .program
        .settings
        .iter()
        .map(|(o, s)| format!("{o} {s}"))
        .collect();
    format!("  options set: {}\n", set.join(", "))
}

impl Presenter<Race> for ClassicPresenter {
    fn intro(&self, game: &Race, config: &Config) -> String {
        let bots = bots::canonical(Race::EDITION, &config.bots).unwrap_or(&config.bots);
        format!(
            "Classic RoboRally on {}: {} robots, you play {}, {bots} bots, seed {}, {} flags.\n\
             Type `help` at any prompt.\n",
            self.course.name(),
            game.robots().len(),
            self.you,
            config.seed,
            self.course.checkpoints().len(),
        )
    }

    fn draw(&self, view: &View) -> String {
        let at: Vec<_> = view.robots.iter().map(|r| r.at).collect();
        let mut out = render_classic(&self.course, &view.flags, &at);
        let _ = writeln!(
            out,
            "Turn {}, register {} ({}).",
            view.grid.round, view.grid.register, view.grid.phase
        );
        for r in &view.robots {
            let place = match r.at {
                Some((p, d)) => format!(
                    "at {p} facing {d}{}",
                    if r.ghost { " (virtual)" } else { "" }
                ),
                None => "out of play".into(),
            };
            let _ = writeln!(
                out,
                "{}{}: {place}, {} damage, {} lives, flags {}/{}{}  archive {}  | {}",
                r.player,
                if r.player == self.you { " (you)" } else { "" },
                r.damage,
                r.lives,
                r.flags,
                view.grid.checkpoints,
                power_word(r.power),
                r.archive,
                registers_line(r, r.player == self.you),
            );
            out.push_str(&settings_line(r));
        }
        out
    }

    fn draw_own(&self, view: &View) -> String {
        let mut out = String::from("Your hand:");
        for (i, c) in view.hand.iter().enumerate() {
            let _ = write!(out, "  {}:{c}", i + 1);
        }
        out.push('\n');
        out
    }

    fn describe(&mut self, event: &Event) -> Option<String> {
        describe_event(event)
    }

    fn label(&self, action: &Action, view: &View) -> String {
        let me = view.robots.get(self.you.index());
        match *action {
            Action::Program(card) => {
                let next = me
                    .and_then(|r| {
                        (1..=5u8).find(|&g| {
                            r.registers[usize::from(g - 1)].is_none() && !locked(r.damage, g)
                        })
                    })
                    .unwrap_or(1);
                format!("{card} into register {next}")
            }
            Action::Announce(false) => "done: stay powered on next turn".into(),
            Action::Announce(true) => {
                "done: power down next turn (no cards, damage cleared)".into()
            }
            Action::StayDown(true) => "stay powered down next turn".into(),
            Action::StayDown(false) => "power up next turn".into(),
            Action::Dock(at) => format!("start on the dock at {at}"),
            Action::Chop(Chop::Draw) => "take an option".into(),
            Action::Chop(Chop::Pass) => "take nothing".into(),
            Action::Enter { facing, down } => format!(
                "re-enter facing {facing}{}",
                if down { ", powered down next turn" } else { "" }
            ),
            Action::Face(facing) => format!("start facing {facing}"),
            Action::TimeUp => "time's up: fill the open registers at random".into(),
            Action::Prevent(None) => "take the damage token".into(),
            Action::Prevent(Some(i)) => format!("give up guard {} instead", i + 1),
            Action::LoseOption(i) => format!("lose {}", option_name(me, i)),
            Action::Distance(n) => format!("move {n} cell{}", if n == 1 { "" } else { "s" }),
            Action::Fire(None) => "fire the main laser".into(),
            Action::Fire(Some(w)) => format!("fire the {w} in its place"),
            Action::Hop(true) => "fly through the move (Frog Legs)".into(),
            Action::Hop(false) => "run the move on the floor".into(),
            Action::Scavenge(None) => "take none".into(),
            Action::Scavenge(Some(i)) => view.pile.get(usize::from(i)).map_or_else(
                || format!("take option {} of the pile", i + 1),
                |c| format!("take {c}: {}", c.effect()),
            ),
            Action::Chop(Chop::Scrap(i)) => {
                format!("scrap {} for a new option", option_name(me, i))
            }
            Action::Chop(Chop::Refill(i)) => format!("refill {}", option_name(me, i)),
            Action::UseOption(true) => "use it now".into(),
            Action::UseOption(false) => "keep it for later".into(),
            Action::Reengineer(None) => "keep the Reengineering Unit".into(),
            Action::Reengineer(Some(i)) => {
                format!("swap it for the pushed robot's option {}", i + 1)
            }
            Action::KeepOption(i) => format!("keep {}", option_name(me, i)),
            Action::TakeOption(true) => "take an option instead of the repairs".into(),
            Action::TakeOption(false) => "take the repairs".into(),
            Action::Aim(Aim::Damage) => "deal the damage token".into(),
            Action::Aim(Aim::Lock(r)) => format!("lock the target's register {r}"),
            Action::Aim(Aim::Destroy(i)) => format!("destroy the target's option {}", i + 1),
            Action::Park { option, card } => format!("keep {card} aside on your {option}"),
            Action::Set { option, setting } => format!("set {option} to {setting} this turn"),
            Action::Stack {
                register,
                card,
                option,
            } => format!("{card} into register {register} as its second card ({option})"),
            Action::Gadget {
                register,
                option: variant_classic::options::OptionCard::OverloadOverride,
            } => format!("leave register {register} empty (Overload Override, 1 damage)"),
            Action::Gadget { register, option } => {
                format!("program {option} in register {register}")
            }
            Action::Bomb(card) => format!("{card} into your buzz bomb's next register"),
        }
    }

    fn short(&self, action: &Action) -> String {
        match *action {
            Action::Program(Card { kind, priority }) => format!("{} {priority}", kind.name()),
            Action::Announce(false) => "done".into(),
            Action::Announce(true) => "power down".into(),
            Action::StayDown(true) => "stay down".into(),
            Action::StayDown(false) => "power up".into(),
            Action::Dock(at) => format!("{},{}", at.x, at.y),
            Action::Chop(Chop::Draw) => "draw".into(),
            Action::Chop(Chop::Pass) => "pass".into(),
            Action::Enter { facing, down } => {
                format!("{facing}{}", if down { " down" } else { "" })
            }
            Action::Face(facing) => facing.to_string(),
            Action::TimeUp => "time up".into(),
            Action::Prevent(None) => "take".into(),
            Action::Prevent(Some(i)) => format!("guard {}", i + 1),
            Action::LoseOption(i) => format!("lose {}", i + 1),
            Action::Distance(n) => format!("move {n}"),
            Action::Fire(None) => "laser".into(),
            Action::Fire(Some(w)) => w.to_string(),
            Action::Hop(true) => "fly".into(),
            Action::Hop(false) => "walk".into(),
            Action::Scavenge(None) => "none".into(),
            Action::Scavenge(Some(i)) => format!("take {}", i + 1),
            Action::Chop(Chop::Scrap(i)) => format!("scrap {}", i + 1),
            Action::Chop(Chop::Refill(i)) => format!("refill {}", i + 1),
            Action::UseOption(true) => "use".into(),
            Action::UseOption(false) => "keep".into(),
            Action::Reengineer(None) => "keep".into(),
            Action::Reengineer(Some(i)) => format!("take {}", i + 1),
            Action::KeepOption(i) => format!("keep {}", i + 1),
            Action::TakeOption(true) => "option".into(),
            Action::TakeOption(false) => "repair".into(),
            Action::Aim(Aim::Damage) => "damage".into(),
            Action::Aim(Aim::Lock(r)) => format!("lock {r}"),
            Action::Aim(Aim::Destroy(i)) => format!("destroy {}", i + 1),
            Action::Park { option, card } => format!("park {card} on {option}"),
            Action::Set { option, setting } => format!("set {option} {setting}"),
            Action::Stack {
                register,
                card,
                option,
            } => format!("stack {register} {} {option}", card.priority),
            Action::Gadget { register, option } => format!("place {register} {option}"),
            Action::Bomb(card) => format!("bomb {card}"),
        }
    }

    fn question(&self, decision: &Decision, view: &View) -> String {
        match decision {
            Decision::Program => format!(
                "Your program: {}\nChoose a card (or program an option):",
                view.robots
                    .get(self.you.index())
                    .map(|r| registers_line(r, true))
                    .unwrap_or_default()
            ),
            Decision::StayDown => "Your robot was powered down this turn:".into(),
            Decision::ReEnter => "Your robot re-enters on its archive marker:".into(),
            Decision::Dock => "Choose your robot's dock (docks are chosen by a dealt card's priority, highest first):".into(),
            Decision::ChopShop => "Your robot is on a chop shop:".into(),
            Decision::Facing => "Every robot starts on one cell; choose your robot's facing:".into(),
            Decision::Prevent => "A damage token is coming to your robot:".into(),
            Decision::LoseOption => "Your robot was destroyed; choose the option it loses:".into(),
            Decision::Distance => "An option lets your card move another distance:".into(),
            Decision::Weapon => "Your robot has a target: which weapon fires?".into(),
            Decision::UseOption(card) => format!("{card}: {}\nUse it now?", card.effect()),
            Decision::KeepOption => "Deluxe Option Package: which option does your robot keep?".into(),
            Decision::Wrench => "Your robot ends the turn on a repair site:".into(),
            Decision::FireControl => "Fire Control: your main laser hit a robot:".into(),
            Decision::Reengineer => format!(
                "Your robot pushed a robot; its options: {}\nSwap your Reengineering Unit for one?",
                pushed_options(view, self.you)
            ),
            Decision::Hop => "Frog Legs: does your robot fly through this move?".into(),
            Decision::Scavenge { robot, flag } if *robot == self.you => {
                format!("Scavenger Hunt: your robot reached flag {flag}; pick an option of its pile:")
            }
            Decision::Scavenge { robot, flag } => format!(
                "Scavenger Hunt: robot {} reached flag {flag}; pick the option of its pile it takes:",
                robot.0 + 1
            ),
        }
    }

    fn before_question(&mut self, decision: &Decision, view: &View) -> String {
        match decision {
            // The board once a turn: before the first card goes in.
            Decision::Program => {
                let fresh = view.robots.get(self.you.index()).is_some_and(|r| {
                    (1..=5u8)
                        .all(|g| locked(r.damage, g) || r.registers[usize::from(g - 1)].is_none())
                });
                if fresh {
                    format!("{}{}", self.draw(view), self.draw_own(view))
                } else {
                    self.draw_own(view)
                }
            }
            Decision::ReEnter | Decision::Dock | Decision::Facing => {
                format!("{}{}", self.draw(view), self.draw_own(view))
            }
            Decision::StayDown
            | Decision::ChopShop
            | Decision::Prevent
            | Decision::LoseOption
            | Decision::Distance
            | Decision::Weapon
            | Decision::UseOption(_)
            | Decision::Reengineer
            | Decision::KeepOption
            | Decision::Wrench
            | Decision::FireControl
            | Decision::Hop
            | Decision::Scavenge { .. } => String::new(),
        }
    }

    fn program_prompt(&self, view: &View) -> String {
        format!(
            "{}{}Choose a card by its number.\n",
            self.draw(view),
            self.draw_own(view)
        )
    }

    fn parse_program(&self, line: &str, view: &View) -> Result<Action, String> {
        let n: usize = line
            .trim()
            .parse()
            .map_err(|_| format!("`{line}` is not a card number"))?;
        view.hand
            .get(n.wrapping_sub(1))
            .map(|&c| Action::Program(c))
            .ok_or_else(|| format!("there is no card {n} in your hand"))
    }

    fn help(&self) -> &str {
        HELP
    }

    fn round(&self, view: &View) -> u16 {
        view.grid.round
    }

    fn finish(&self, outcome: &Outcome, you: PlayerId) -> (String, Finish) {
        let rounds = outcome.rounds;
        let (mut text, finish) = match outcome.winner {
            Some(w) => (
                format!(
                    "{w}{} wins the race in turn {rounds}.",
                    if w == you { " (you)" } else { "" }
                ),
                Finish::Won { winner: w, rounds },
            ),
            None => (
                format!("the race ended without a winner after {rounds} turns."),
                Finish::RoundCap { rounds },
            ),
        };
        text.push_str(&ranking_lines(&outcome.ranking, you));
        (text, finish)
    }
}

/// The ranking, one seat a line (`\n  1. P2`), `(you)` marked.
fn ranking_lines(ranking: &[PlayerId], you: PlayerId) -> String {
    ranking
        .iter()
        .enumerate()
        .map(|(k, &p)| {
            let mark = if p == you { " (you)" } else { "" };
            format!("\n  {}. {p}{mark}", k + 1)
        })
        .collect()
}

/// The options of the robots beside `you` (the one its card pushed is
/// among them), each robot's numbered from 1.
fn pushed_options(view: &View, you: PlayerId) -> String {
    let Some((at, _)) = view.robots.get(you.index()).and_then(|r| r.at) else {
        return String::new();
    };
    let mut out = Vec::new();
    for r in &view.robots {
        let beside =
            r.at.is_some_and(|(p, _)| (p.x - at.x).abs() + (p.y - at.y).abs() == 1);
        if r.player == you || !beside || r.options.is_empty() {
            continue;
        }
        let names: Vec<String> = r
            .options
            .iter()
            .enumerate()
            .map(|(i, h)| format!("{}:{}", i + 1, h.card))
            .collect();
        out.push(format!("{} [{}]", r.player, names.join(", ")));
    }
    out.join("; ")
}

/// The name of option `i` of a robot seen (its number if unseen).
fn option_name(robot: Option<&variant_classic::race::RobotView>, i: u8) -> String {
    robot
        .and_then(|r| r.options.get(usize::from(i)))
        .map_or_else(|| format!("option {}", i + 1), |h| h.card.to_string())
}

#[cfg(test)]
mod tests {
    use crate::terminal::{play, Config, Finish};
    use crate::Edition;

    fn config(seed: u64) -> Config {
        Config {
            edition: Edition::Classic,
            seed,
            bots: "planner".into(),
            ..Config::default()
        }
    }

    #[test]
    fn a_person_plays_classic_from_numbered_options_to_the_end() {
        // Always the first option: card 1, "done", the first facing...
        let script = "1\n".repeat(4000);
        let mut out = Vec::new();
        let finish = play(&config(3), script.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("Your hand:  1:"),
            "{}",
            &text[..2000.min(text.len())]
        );
        assert!(text.contains("into register 1"));
        assert!(text.contains("done: stay powered on next turn"));
        assert!(
            matches!(finish, Finish::Won { .. } | Finish::RoundCap { .. }),
            "{finish:?}"
        );
        assert!(text.contains("wins the race") || text.contains("without a winner"));
    }

    #[test]
    fn a_bad_card_number_is_refused_and_asked_again() {
        let mut script = String::from("12\nhelp\n");
        script.push_str(&"1\n".repeat(30));
        let mut cfg = config(4);
        cfg.max_rounds = Some(1);
        let mut out = Vec::new();
        let finish = play(&cfg, script.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("Not accepted"), "{text}");
        assert!(text.contains("How to answer"));
        assert_eq!(finish, Finish::RoundCap { rounds: 1 });
    }

    #[test]
    fn a_person_programs_a_second_card_from_the_list() {
        // Crab Legs' scenario: a Move 1 goes in register 1, the Rotate
        // Left (priority 70) stacks on it, the rest are U-Turns.
        let mut cfg = config(1);
        cfg.scenario = Some(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/conformance/classic/146-crab-legs.json"
            )
            .into(),
        );
        let mut script = String::from("1\nstack 1 70 Crab Legs\n");
        script.push_str(&"1\n".repeat(40));
        let mut out = Vec::new();
        let finish = play(&cfg, script.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("into register 1 as its second card (Crab Legs)"),
            "{text}"
        );
        assert!(
            text.contains("1:Move 1 490 + Rotate Left 70 [Crab Legs]"),
            "{text}"
        );
        assert!(text.contains("P0 (you): at (1,3) facing N"), "{text}");
        assert!(!matches!(finish, Finish::Quit { .. }), "{finish:?}");
    }
}
