//! The classic game on the shared scenario runner
//! ([`robo_core::race::scenario::run_script`]): answers in words, one
//! answer per decision (a whole program, card by card, then power down or
//! not, is one answer), and the answer once a script runs out.

use crate::cards::Card;
use crate::race::{Action, Decision, Race};
use robo_core::geom::Dir;
use robo_core::ids::PlayerId;
use robo_core::protocol::{Game, Pending};
use robo_core::race::scenario::{squash, ScenarioRace};

/// An action in a scenario's words.
fn words(a: &Action) -> String {
    match *a {
        Action::Program(c) => c.to_string(),
        Action::Announce(false) => "done".into(),
        Action::Announce(true) => "power down".into(),
        Action::StayDown(true) => "stay down".into(),
        Action::StayDown(false) => "power up".into(),
        Action::Dock(at) => format!("dock {},{}", at.x, at.y),
        Action::Enter { facing, down } => {
            format!("face {facing}{}", if down { ", power down" } else { "" })
        }
        Action::Face(facing) => format!("face {facing}"),
        Action::TimeUp => "time up".into(),
        Action::Prevent(None) => "take".into(),
        Action::Prevent(Some(i)) => format!("prevent {}", i + 1),
        Action::Chop(crate::race::Chop::Draw) => "draw".into(),
        Action::Chop(crate::race::Chop::Pass) => "pass".into(),
        Action::Chop(crate::race::Chop::Scrap(i)) => format!("scrap {}", i + 1),
        Action::Chop(crate::race::Chop::Refill(i)) => format!("refill {}", i + 1),
        Action::LoseOption(i) => format!("lose {}", i + 1),
        Action::Distance(n) => format!("move {n}"),
        Action::Fire(None) => "fire laser".into(),
        Action::Fire(Some(w)) => format!("fire {w}"),
        Action::UseOption(true) => "use".into(),
        Action::UseOption(false) => "keep".into(),
        Action::Reengineer(None) => "keep".into(),
        Action::Reengineer(Some(i)) => format!("take {}", i + 1),
        Action::KeepOption(i) => format!("keep {}", i + 1),
        Action::TakeOption(true) => "option".into(),
        Action::TakeOption(false) => "repair".into(),
        Action::Aim(crate::race::Aim::Damage) => "damage".into(),
        Action::Aim(crate::race::Aim::Lock(r)) => format!("lock {r}"),
        Action::Aim(crate::race::Aim::Destroy(i)) => format!("destroy {}", i + 1),
        Action::Park { option, card } => format!("park {card} on {option}"),
        Action::Set { option, setting } => format!("set {option} {setting}"),
        Action::Stack {
            register,
            card,
            option,
        } => format!("stack {card} in {register} with {option}"),
        Action::Gadget { register, option } => format!("place {option} in {register}"),
        Action::Hop(true) => "fly".into(),
        Action::Hop(false) => "walk".into(),
        Action::Bomb(card) => format!("bomb {card}"),
        Action::Scavenge(None) => "none".into(),
        Action::Scavenge(Some(i)) => format!("take {}", i + 1),
    }
}

/// The facing a word names (`"face N"` has `"n"` after `"face"`).
fn facing(word: &str) -> Option<Dir> {
    Dir::ALL
        .into_iter()
        .find(|d| squash(&d.to_string()) == squash(word))
}

impl Race {
    /// The decision `player` is asked now.
    fn decision_of(&self, player: PlayerId) -> Option<Decision> {
        match self.pending() {
            Pending::Decision {
                player: p,
                decision,
            } if p == player => Some(decision),
            Pending::Simultaneous { players, decision } if players.contains(&player) => {
                Some(decision)
            }
            _ => None,
        }
    }

    /// The index among `p`'s options of the one named `name` (squashed).
    fn option_named(&self, p: PlayerId, name: &str) -> Result<u8, String> {
        let robot = self.robot(p).ok_or("no such robot")?;
        robot
            .options
            .iter()
            .position(|h| squash(h.card.name()) == name)
            .map(|i| i as u8)
            .ok_or_else(|| format!("robot {} holds no option `{name}`", p.0))
    }

    /// A program in words: card names (`"Move 1, Move 2 670, U-Turn"`,
    /// each the first card of the hand with that name, with or without its
    /// priority), then `"; power down"` or not; no names fill the open
    /// registers with the hand in order. Option parts come as more
    /// `;`-separated parts ([`Race::option_words`]): a register left empty
    /// is programmed before the cards, the rest after them. A `"time up"`
    /// part (On the Clock) ends the programming: the cards named are
    /// programmed, then time runs out and the rest of the hand is dealt
    /// into the open registers.
    fn program_words(&self, p: PlayerId, answer: &str) -> Result<Vec<Action>, String> {
        let robot = self.robot(p).ok_or("no such robot")?;
        let mut cards = "";
        let mut down = false;
        let mut time_up = false;
        let (mut leave, mut after) = (Vec::new(), Vec::new());
        let mut parks: Vec<Action> = Vec::new();
        for part in answer.split(';').map(str::trim) {
            if squash(part) == "powerdown" {
                down = true;
            } else if squash(part) == "timeup" {
                time_up = true;
            } else if let Some(rest) = part.strip_prefix("bomb ") {
                // The buzz bomb's cards, in register order.
                let hand: Vec<Card> = robot.marks.bomb_cards().collect();
                let mut taken = Vec::new();
                for name in rest.split(',').map(str::trim) {
                    taken.push(card_named(&hand, &taken, name)?);
                }
                parks.extend(taken.into_iter().map(Action::Bomb));
            } else if let Some(rest) = part.strip_prefix("park ") {
                let (card, option) = rest
                    .rsplit_once(" on ")
                    .ok_or("write \"park CARD on OPTION\"")?;
                let option: crate::options::OptionCard =
                    option.parse().map_err(|e| format!("{e}"))?;
                let card = robot
                    .hand
                    .iter()
                    .copied()
                    .find(|c| {
                        squash(&c.to_string()) == squash(card)
                            || squash(c.kind.name()) == squash(card)
                    })
                    .ok_or_else(|| format!("`{card}` is not in the hand"))?;
                parks.push(Action::Park { option, card });
            } else if let Some(words) = OptionWords::of(part)? {
                match words {
                    OptionWords::Leave(register) => leave.push(Action::Gadget {
                        register,
                        option: crate::options::OptionCard::OverloadOverride,
                    }),
                    other => after.push(other),
                }
            } else if cards.is_empty() {
                cards = part;
            } else {
                return Err(format!("`{part}`: one list of cards per program"));
            }
        }
        let open = (1..=5u8)
            .filter(|&r| !robot.is_locked(r) && robot.registers[usize::from(r - 1)].is_none())
            .count()
            .saturating_sub(leave.len());
        let mut chosen: Vec<Card> = Vec::new();
        for name in cards.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            chosen.push(card_named(&robot.hand, &chosen, name)?);
        }
        if chosen.is_empty() && !time_up {
            chosen = robot.hand.iter().copied().take(open).collect();
        }
        if chosen.len() > open {
            return Err(format!("{} cards for {open} open registers", chosen.len()));
        }
        if parks
            .iter()
            .any(|p| matches!(p, Action::Park { card, .. } if chosen.contains(card)))
        {
            return Err("a parked card is also programmed".into());
        }
        let mut run = leave;
        run.extend(chosen.iter().copied().map(Action::Program));
        for words in after {
            run.push(match words {
                OptionWords::Set(option, setting) => Action::Set { option, setting },
                OptionWords::Place(option, register) => Action::Gadget { register, option },
                OptionWords::Stack(name, register, option) => {
                    let card = card_named(&robot.hand, &chosen, &name)?;
                    chosen.push(card);
                    Action::Stack {
                        register,
                        card,
                        option,
                    }
                }
                OptionWords::Leave(_) => continue,
            });
        }
        run.extend(parks);
        if time_up {
            run.push(Action::TimeUp);
        }
        run.push(Action::Announce(down));
        Ok(run)
    }
}

/// The first card of `hand` named `name` (with or without its priority)
/// and not in `taken`.
fn card_named(hand: &[Card], taken: &[Card], name: &str) -> Result<Card, String> {
    hand.iter()
        .copied()
        .find(|c| {
            !taken.contains(c)
                && (squash(&c.to_string()) == squash(name) || squash(c.kind.name()) == squash(name))
        })
        .ok_or_else(|| format!("`{name}` is not in the hand"))
}

/// A part of a program in words that programs an option.
enum OptionWords {
    /// `"set NAME SETTING"` (`front`, `back`, `left`, `right`, `on`, `off`).
    Set(crate::options::OptionCard, crate::race::Setting),
    /// `"stack CARD in R with NAME"`.
    Stack(String, u8, crate::options::OptionCard),
    /// `"place NAME in R"`.
    Place(crate::options::OptionCard, u8),
    /// `"leave R empty"` (Overload Override).
    Leave(u8),
}

impl OptionWords {
    /// The option part `part` writes, `None` if it is no option part.
    fn of(part: &str) -> Result<Option<OptionWords>, String> {
        let lower = part.to_ascii_lowercase();
        let option = |s: &str| -> Result<crate::options::OptionCard, String> {
            s.parse()
                .map_err(|e: crate::options::UnknownOption| e.to_string())
        };
        let register = |s: &str| -> Result<u8, String> {
            s.trim()
                .parse()
                .map_err(|_| format!("`{s}` is not a register number"))
        };
        let (verb, rest) = lower.split_once(' ').unwrap_or((lower.as_str(), ""));
        Ok(Some(match verb {
            "set" => {
                let (name, setting) = rest
                    .rsplit_once(' ')
                    .ok_or("write \"set NAME front|back|left|right|on|off\"")?;
                OptionWords::Set(option(name)?, setting.parse()?)
            }
            "stack" => {
                let (card, rest) = rest
                    .split_once(" in ")
                    .ok_or("write \"stack CARD in R with NAME\"")?;
                let (r, name) = rest
                    .split_once(" with ")
                    .ok_or("write \"stack CARD in R with NAME\"")?;
                OptionWords::Stack(card.to_string(), register(r)?, option(name)?)
            }
            "place" => {
                let (name, r) = rest
                    .rsplit_once(" in ")
                    .ok_or("write \"place NAME in R\"")?;
                OptionWords::Place(option(name)?, register(r)?)
            }
            "leave" => {
                let r = rest
                    .strip_suffix(" empty")
                    .ok_or("write \"leave R empty\"")?;
                OptionWords::Leave(register(r)?)
            }
            _ => return Ok(None),
        }))
    }
}

impl ScenarioRace for Race {
    type Answer = String;
    const REGISTERS: u8 = crate::race::REGISTERS as u8;

    fn scripted(&self, player: PlayerId, answer: &String) -> Result<Action, String> {
        let text = answer.as_str();
        match self.decision_of(player) {
            Some(Decision::Program) => self
                .program_words(player, text)?
                .first()
                .copied()
                .ok_or_else(|| "no card to program".into()),
            Some(Decision::StayDown) => Ok(Action::StayDown(squash(text) == "staydown")),
            Some(Decision::ReEnter) => {
                let (face, down) = match text.split_once(',') {
                    Some((f, d)) => (f, squash(d) == "powerdown"),
                    None => (text, false),
                };
                let dir = squash(face)
                    .strip_prefix("face")
                    .and_then(facing)
                    .ok_or("write \"face N\" (and \", power down\")")?;
                Ok(Action::Enter { facing: dir, down })
            }
            Some(Decision::Facing) => squash(text)
                .strip_prefix("face")
                .and_then(facing)
                .map(Action::Face)
                .ok_or_else(|| "write \"face N\"".into()),
            Some(Decision::Prevent) => match squash(text).as_str() {
                "take" => Ok(Action::Prevent(None)),
                "prevent" => Ok(Action::Prevent(Some(0))),
                t => match t.strip_prefix("discard") {
                    Some(name) => {
                        let spares = self.robot(player).map_or(0, |r| r.guards.len());
                        let i = self.option_named(player, name)?;
                        Ok(Action::Prevent(Some((spares + usize::from(i)) as u8)))
                    }
                    None => Err(
                        "write \"prevent\" (give up a spare), \"discard NAME\" or \"take\"".into(),
                    ),
                },
            },
            Some(Decision::Hop) => match squash(text).as_str() {
                "fly" => Ok(Action::Hop(true)),
                "walk" => Ok(Action::Hop(false)),
                _ => Err("write \"fly\" or \"walk\"".into()),
            },
            Some(Decision::Distance) => squash(text)
                .strip_prefix("move")
                .and_then(|n| n.parse().ok())
                .map(Action::Distance)
                .ok_or_else(|| "write \"move N\" (cells)".into()),
            Some(Decision::Weapon) => {
                let t = squash(text);
                let name = t
                    .strip_prefix("fire")
                    .ok_or("write \"fire laser\" or \"fire NAME\" (an optional weapon)")?;
                if name == "laser" {
                    return Ok(Action::Fire(None));
                }
                let i = self.option_named(player, name)?;
                let robot = self.robot(player).ok_or("no such robot")?;
                Ok(Action::Fire(Some(robot.options[usize::from(i)].card)))
            }
            Some(Decision::LoseOption) => {
                let name = squash(text);
                let name = name.strip_prefix("lose").ok_or("write \"lose NAME\"")?;
                self.option_named(player, name).map(Action::LoseOption)
            }
            Some(Decision::ChopShop) => match squash(text).as_str() {
                "draw" => Ok(Action::Chop(crate::race::Chop::Draw)),
                "pass" => Ok(Action::Chop(crate::race::Chop::Pass)),
                t => {
                    use crate::race::Chop;
                    let (chop, name): (fn(u8) -> Chop, &str) = match t.strip_prefix("scrap") {
                        Some(name) => (Chop::Scrap, name),
                        None => (
                            Chop::Refill,
                            t.strip_prefix("refill").ok_or(
                                "write \"draw\", \"scrap NAME\", \"refill NAME\" or \"pass\"",
                            )?,
                        ),
                    };
                    self.option_named(player, name)
                        .map(|i| Action::Chop(chop(i)))
                }
            },
            Some(Decision::UseOption(_)) => match squash(text).as_str() {
                "use" => Ok(Action::UseOption(true)),
                "keep" => Ok(Action::UseOption(false)),
                _ => Err("write \"use\" or \"keep\" (the run-time option)".into()),
            },
            Some(Decision::Reengineer) => {
                let t = squash(text);
                if t == "keep" {
                    return Ok(Action::Reengineer(None));
                }
                let name = t
                    .strip_prefix("take")
                    .ok_or("write \"keep\" or \"take NAME\" (an option of the pushed robot)")?;
                let target = match robo_core::agenda::Resolve::agenda(self).last() {
                    Some(&crate::race::Task::Reengineer { target, .. }) => target,
                    _ => return Err("no push to answer".into()),
                };
                self.option_named(target, name)
                    .map(|i| Action::Reengineer(Some(i)))
            }
            Some(Decision::KeepOption) => {
                let name = squash(text);
                let name = name.strip_prefix("keep").ok_or("write \"keep NAME\"")?;
                self.option_named(player, name).map(Action::KeepOption)
            }
            Some(Decision::FireControl) => {
                use crate::race::Aim;
                let t = squash(text);
                if t == "damage" {
                    return Ok(Action::Aim(Aim::Damage));
                }
                if let Some(n) = t.strip_prefix("lock") {
                    return n
                        .parse()
                        .map(|r| Action::Aim(Aim::Lock(r)))
                        .map_err(|_| "write \"lock N\" (a register)".into());
                }
                let name = t
                    .strip_prefix("destroy")
                    .ok_or("write \"damage\", \"lock N\" or \"destroy NAME\"")?;
                let target = match robo_core::agenda::Resolve::agenda(self).last() {
                    Some(&crate::race::Task::FireControl { target, .. }) => target,
                    _ => return Err("no hit to answer".into()),
                };
                self.option_named(target, name)
                    .map(|i| Action::Aim(Aim::Destroy(i)))
            }
            Some(Decision::Wrench) => match squash(text).as_str() {
                "option" => Ok(Action::TakeOption(true)),
                "repair" => Ok(Action::TakeOption(false)),
                _ => Err("write \"option\" or \"repair\"".into()),
            },
            Some(Decision::Scavenge { flag, .. }) => {
                let t = squash(text);
                if t == "none" {
                    return Ok(Action::Scavenge(None));
                }
                let name = t
                    .strip_prefix("take")
                    .ok_or("write \"take NAME\" (an option of the flag's pile) or \"none\"")?;
                self.piles()
                    .piles
                    .get(usize::from(flag.saturating_sub(1)))
                    .and_then(|pile| pile.iter().position(|c| squash(c.name()) == name))
                    .map(|i| Action::Scavenge(Some(i as u8)))
                    .ok_or_else(|| format!("flag {flag}'s pile holds no `{name}`"))
            }
            Some(Decision::Dock) => {
                let t = text.trim().to_ascii_lowercase();
                let cell = t.strip_prefix("dock").and_then(|xy| {
                    let (x, y) = xy.split_once(',')?;
                    let (x, y) = (x.trim().parse().ok()?, y.trim().parse().ok()?);
                    Some(robo_core::geom::Pos::new(x, y))
                });
                cell.map(Action::Dock)
                    .ok_or_else(|| "write \"dock X,Y\" (a free dock)".into())
            }
            None => Err("nothing is asked of this robot".into()),
        }
    }

    fn scripted_run(&self, player: PlayerId, answer: &String) -> Result<Vec<Action>, String> {
        match self.decision_of(player) {
            Some(Decision::Program) => self.program_words(player, answer),
            _ => self.scripted(player, answer).map(|a| vec![a]),
        }
    }

    /// The first option: the hand in order then no power down, power up,
    /// face north, take the token.
    fn default_answer(&self, player: PlayerId) -> Option<Action> {
        let mut options = Vec::new();
        self.legal_actions(player, &mut options);
        options.first().copied()
    }

    fn describe(action: &Action) -> String {
        words(action)
    }
}
