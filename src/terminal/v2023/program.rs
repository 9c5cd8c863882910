//! Typing a program: hand numbers into a [`Program`], and the engine's
//! refusals back into words about hand numbers.
//!
//! The notation (see also `docs/rulings.md`, "Terminal client"):
//!
//! - One entry per open register, in register order, separated by spaces:
//!   `3 1 4 2 5` puts hand cards 3, 1, 4, 2 and 5 in registers 1 to 5.
//! - A register that already holds a face-down Haywire is not open: leave
//!   it out (with registers 2 and 4 taken, `3 1 4` fills 1, 3 and 5), or
//!   type all five entries with `h` in its place (`3 h 1 h 4`).
//! - A number names one physical card, so a number typed twice is refused
//!   (the message points to another card of the same kind if the hand has
//!   one).
//! - `a+b` is a Crab Legs pair in one register: a rotate card and a Move 1,
//!   in either order.
//! - `-` leaves a register empty (allowed only when the hand has run out).
//! - `| 6 8` after the registers keeps hand cards 6 and 8 on Memory Cards.

use robo_core::protocol::ActionError;
use thiserror::Error;
use variant_2023::actions::{Program, Slot};
use variant_2023::cards::{Card, CardId, Shown};
use variant_2023::{Reason, View};

/// A typed program that does not make a [`Program`]; the message says how
/// to type it instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProgramInputError {
    /// Not a number, a pair, `h` or `-`.
    #[error("`{0}` is not a hand card number (type numbers like `3 1 4 2 5`)")]
    NotANumber(String),
    /// A number beyond the hand.
    #[error("there is no hand card {index}: your hand has cards 1 to {len}")]
    NoSuchCard {
        /// The number typed.
        index: usize,
        /// Cards in hand.
        len: usize,
    },
    /// The hand is empty but a card was typed.
    #[error("your hand is empty; type `-` for each open register")]
    EmptyHand,
    /// One card in two places.
    #[error("hand card {index} ({card}) is used twice: each card goes in one place only{}",
        .other.map(|o| format!(" (another {card} is hand card {o})")).unwrap_or_default())]
    Duplicate {
        /// The number typed twice.
        index: usize,
        /// Its card.
        card: Card,
        /// Another unused card of the same kind, if the hand has one.
        other: Option<usize>,
    },
    /// Too few or too many entries.
    #[error("type {open} entries, one per open register{}", prefilled_hint(.prefilled))]
    Count {
        /// Open registers.
        open: usize,
        /// Registers holding a face-down Haywire, from 1.
        prefilled: Vec<u8>,
    },
    /// A card typed for a register that holds a face-down Haywire.
    #[error("register {0} holds a face-down Haywire: write `h` there, or leave it out")]
    Prefilled(u8),
    /// `h` typed for an open register.
    #[error("`h` marks a register holding a face-down Haywire, and register {0} holds none")]
    NotPrefilled(u8),
    /// A `+` that does not join two numbers.
    #[error("`{0}` is not a Crab Legs pair: join two hand numbers with +, like 3+7")]
    BadPair(String),
}

fn prefilled_hint(prefilled: &[u8]) -> String {
    match prefilled {
        [] => String::new(),
        [r] => format!(
            " (register {r} holds a face-down Haywire; or type 5 entries with `h` in its place)"
        ),
        _ => {
            let list: Vec<String> = prefilled.iter().map(u8::to_string).collect();
            format!(
                " (registers {} hold face-down Haywires; or type 5 entries with `h` in their places)",
                list.join(", ")
            )
        }
    }
}

/// Registers of the viewer that already hold a card (a face-down Haywire
/// at programming time), from 1.
#[must_use]
pub fn prefilled_registers(view: &View) -> Vec<u8> {
    view.robots
        .get(view.you.index())
        .map(|me| {
            me.registers
                .iter()
                .enumerate()
                .filter(|(_, r)| !r.cards.is_empty())
                .map(|(i, _)| i as u8 + 1)
                .collect()
        })
        .unwrap_or_default()
}

/// Reads a typed program against the viewer's hand (see the module
/// documentation for the notation). Only the notation is checked here;
/// the engine checks the rules and its refusal is shown with [`refusal`].
///
/// ```
/// use robo_core::{Game, Pending, PlayerId, Rng};
/// use roborally::terminal::parse_program;
/// use variant_2023::actions::Slot;
/// use variant_2023::{courses, Race, Setup};
/// let mut race = Race::new(Setup::new(courses::course("Milk Run").unwrap(), 2), 5).unwrap();
/// let mut rng = Rng::from_seed(1);
/// while race.view(PlayerId(0)).hand.is_empty() {
///     let p = race.pending().players()[0];
///     let a = race.sample_action(p, &mut rng).unwrap();
///     race.apply(p, a).unwrap();
/// }
/// let view = race.view(PlayerId(0));
/// let program = parse_program("3 1 4 2 5", &view).unwrap();
/// assert_eq!(program.registers[0], Slot::Card(view.hand[2].id));
/// assert!(parse_program("3 1 4 1 5", &view).is_err()); // card 1 twice
/// ```
///
/// # Errors
/// A [`ProgramInputError`] saying what to type instead.
pub fn parse_program(line: &str, view: &View) -> Result<Program, ProgramInputError> {
    let (regs, keeps) = match line.split_once('|') {
        Some((r, k)) => (r, Some(k)),
        None => (line, None),
    };
    let tokens: Vec<&str> = regs.split_whitespace().collect();
    let prefilled = prefilled_registers(view);
    let open: Vec<usize> = (1..=5u8)
        .filter(|r| !prefilled.contains(r))
        .map(|r| usize::from(r) - 1)
        .collect();
    let mut used = Used::new(&view.hand);
    let mut program = Program::default();
    if tokens.len() == open.len() {
        for (&r, tok) in open.iter().zip(&tokens) {
            if *tok == "h" {
                return Err(ProgramInputError::NotPrefilled(r as u8 + 1));
            }
            program.registers[r] = used.slot(tok)?;
        }
    } else if tokens.len() == 5 {
        for (r, tok) in tokens.iter().enumerate() {
            let number = r as u8 + 1;
            match (prefilled.contains(&number), *tok == "h") {
                (true, true) => {}
                (true, false) => return Err(ProgramInputError::Prefilled(number)),
                (false, true) => return Err(ProgramInputError::NotPrefilled(number)),
                (false, false) => program.registers[r] = used.slot(tok)?,
            }
        }
    } else {
        return Err(ProgramInputError::Count {
            open: open.len(),
            prefilled,
        });
    }
    for tok in keeps.map(str::split_whitespace).into_iter().flatten() {
        let card = used.card(tok)?;
        program.memory.push(card);
    }
    Ok(program)
}

/// The hand and which of its cards a typed program has used so far.
struct Used<'a> {
    hand: &'a [Shown],
    taken: Vec<usize>,
}

impl<'a> Used<'a> {
    fn new(hand: &'a [Shown]) -> Self {
        Used {
            hand,
            taken: Vec::new(),
        }
    }

    fn slot(&mut self, tok: &str) -> Result<Slot, ProgramInputError> {
        if tok == "-" {
            return Ok(Slot::Empty);
        }
        if let Some((a, b)) = tok.split_once('+') {
            if a.is_empty() || b.is_empty() {
                return Err(ProgramInputError::BadPair(tok.to_string()));
            }
            let (mut rotate, mut move1) = (self.card(a)?, self.card(b)?);
            if rotate.card() == Card::Move1 && move1.card() != Card::Move1 {
                std::mem::swap(&mut rotate, &mut move1);
            }
            return Ok(Slot::Crab { rotate, move1 });
        }
        self.card(tok).map(Slot::Card)
    }

    fn card(&mut self, tok: &str) -> Result<CardId, ProgramInputError> {
        let index: usize = tok
            .parse()
            .map_err(|_| ProgramInputError::NotANumber(tok.to_string()))?;
        if self.hand.is_empty() {
            return Err(ProgramInputError::EmptyHand);
        }
        let shown = index.checked_sub(1).and_then(|i| self.hand.get(i)).ok_or(
            ProgramInputError::NoSuchCard {
                index,
                len: self.hand.len(),
            },
        )?;
        if self.taken.contains(&index) {
            let other = self
                .hand
                .iter()
                .enumerate()
                .find(|(i, s)| s.card == shown.card && !self.taken.contains(&(i + 1)))
                .map(|(i, _)| i + 1);
            return Err(ProgramInputError::Duplicate {
                index,
                card: shown.card,
                other,
            });
        }
        self.taken.push(index);
        Ok(shown.id)
    }
}

/// The engine's refusal in words, naming cards by their hand number.
///
/// ```
/// use robo_core::protocol::ActionError;
/// use robo_core::{Game, PlayerId};
/// use roborally::terminal::refusal;
/// use variant_2023::{courses, Race, Reason, Setup};
/// let race = Race::new(Setup::new(courses::course("Milk Run").unwrap(), 2), 1).unwrap();
/// let view = race.view(PlayerId(0));
/// let e = ActionError::Illegal(Reason::EmptyRegister(4));
/// assert_eq!(refusal(&e, &view), "register 4 is empty but your hand still has cards");
/// ```
#[must_use]
pub fn refusal(error: &ActionError<Reason>, view: &View) -> String {
    let ActionError::Illegal(reason) = error else {
        return error.to_string();
    };
    let name = |c: &CardId| match view.hand.iter().position(|s| s.id == *c) {
        Some(i) => format!("hand card {} ({})", i + 1, c.card()),
        None => c.card().to_string(),
    };
    match reason {
        Reason::NotInHand(c) => format!("{} is not in your hand", c.card()),
        Reason::Duplicate(c) => format!("{} is used twice", name(c)),
        Reason::DamageInMemory(c) => {
            format!("{} is a damage card and cannot go on Memory Cards", name(c))
        }
        Reason::MustProgram(c) => {
            format!(
                "{} was taken back by Rewire and must be programmed",
                name(c)
            )
        }
        Reason::NotAnOption(a) => format!("`{a}` is not one of the options now"),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests;
