//! The person's prompts: a choice from a numbered list, and a program.

use super::board::{draw_mat, draw_upgrades};
use super::choices::{label, question};
use super::program::{parse_program, prefilled_registers};
use super::session::{Line, Session, Step};
use super::TerminalError;
use robo_core::Game;
use std::io::{BufRead, Write};
use variant_2023::actions::{Program, Slot};
use variant_2023::{Action, Decision, View};

impl<R: BufRead, W: Write> Session<R, W> {
    pub(super) fn choose(
        &mut self,
        decision: Decision,
        mut options: Vec<Action>,
    ) -> Result<Step, TerminalError> {
        let view = self.race.view(self.you);
        // Cards to put back are listed in hand order, so that option k is
        // hand card k wherever every card may go back.
        options.sort_by_key(|a| match a {
            Action::ReturnCard(c) => view.hand.iter().position(|s| s.id == *c),
            _ => None,
        });
        if matches!(
            decision,
            Decision::ChooseStart | Decision::BlockStart | Decision::RebootFacing
        ) {
            self.show_board(&view)?;
        }
        if decision == Decision::Upgrades {
            write!(self.out, "{}", draw_upgrades(&view))?;
        }
        let ask = if view.returning > 0 {
            format!(
                "Memory Swap: put {} more card{} back on top of your deck:",
                view.returning,
                if view.returning == 1 { "" } else { "s" }
            )
        } else {
            question(decision)
        };
        writeln!(self.out, "{ask}")?;
        if let [only] = options.as_slice() {
            writeln!(self.out, "  (only one option: {})", label(only, &view))?;
            return match self.answer(only.clone(), &view, None)? {
                Ok(()) => Ok(Step::Went),
                Err(_) => Err(TerminalError::Stuck),
            };
        }
        if options.is_empty() {
            return Err(TerminalError::Stuck);
        }
        for (i, a) in options.iter().enumerate() {
            writeln!(self.out, "  {}. {}", i + 1, label(a, &view))?;
        }
        loop {
            let Line::Text(line) = self.read("choice")? else {
                return self.input_ended();
            };
            if let Some(step) = self.command(&line, &view)? {
                match step {
                    Step::Went => continue,
                    over => return Ok(over),
                }
            }
            let picked = if line.eq_ignore_ascii_case("random") {
                let k = self.rng.index(options.len());
                options.get(k)
            } else {
                line.parse::<usize>()
                    .ok()
                    .and_then(|k| k.checked_sub(1))
                    .and_then(|k| options.get(k))
                    .or_else(|| {
                        options
                            .iter()
                            .find(|a| a.to_string().eq_ignore_ascii_case(&line))
                    })
            };
            let Some(action) = picked else {
                self.bad(&format!(
                    "`{line}` is not an option; type a number from 1 to {}",
                    options.len()
                ))?;
                continue;
            };
            match self.answer(action.clone(), &view, None)? {
                Ok(()) => return Ok(Step::Went),
                Err(why) => self.bad(&why)?,
            }
        }
    }

    pub(super) fn program(&mut self, others: Vec<Action>) -> Result<Step, TerminalError> {
        let view = self.race.view(self.you);
        writeln!(self.out, "Round {}: program your registers.", view.round)?;
        self.show_board(&view)?;
        write!(self.out, "{}", draw_mat(&view))?;
        let open = 5 - prefilled_registers(&view).len();
        let how = match open {
            0 => "Every register holds a face-down Haywire: type `h h h h h`".to_string(),
            1 => "Type 1 hand number for the open register".to_string(),
            n => format!(
                "Type {n} hand numbers, one per open register (like `{}`)",
                (1..=n).map(|k| k.to_string()).collect::<Vec<_>>().join(" ")
            ),
        };
        writeln!(self.out, "{how}, or `help`.")?;
        if !others.is_empty() {
            writeln!(self.out, "Or choose:")?;
            for (i, a) in others.iter().enumerate() {
                writeln!(self.out, "  o{}. {}", i + 1, label(a, &view))?;
            }
        }
        loop {
            let Line::Text(line) = self.read("program")? else {
                return self.input_ended();
            };
            if let Some(step) = self.command(&line, &view)? {
                match step {
                    Step::Went => continue,
                    over => return Ok(over),
                }
            }
            let action = if line.eq_ignore_ascii_case("random") {
                match self.random_program() {
                    Some(a) => a,
                    None => {
                        self.bad("no random program could be drawn")?;
                        continue;
                    }
                }
            } else if let Some(k) = line.strip_prefix(['o', 'O']) {
                let picked = k
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .and_then(|k| k.checked_sub(1))
                    .and_then(|k| others.get(k));
                match picked {
                    Some(a) => a.clone(),
                    None => {
                        self.bad(&format!(
                            "`{line}` is not one of the other answers (o1 to o{})",
                            others.len()
                        ))?;
                        continue;
                    }
                }
            } else {
                match parse_program(&line, &view) {
                    Ok(p) => Action::Program(p),
                    Err(e) => {
                        self.bad(&e.to_string())?;
                        continue;
                    }
                }
            };
            let summary = match &action {
                Action::Program(p) => Some(format!("Your program: {}", program_text(p, &view))),
                _ => None,
            };
            match self.answer(action, &view, summary)? {
                Ok(()) => return Ok(Step::Went),
                Err(why) => self.bad(&why)?,
            }
        }
    }

    /// A random legal program (the race's own sampler, other answers
    /// skipped).
    fn random_program(&mut self) -> Option<Action> {
        (0..64)
            .filter_map(|_| self.race.sample_action(self.you, &mut self.rng))
            .find(|a| matches!(a, Action::Program(_)))
    }
}

/// A program in words: `1:Move 2  2:Rotate Left  3:(Haywire)  ...`.
fn program_text(p: &Program, view: &View) -> String {
    let name = |c| {
        view.hand
            .iter()
            .find(|s| s.id == c)
            .map_or_else(|| "?".to_string(), |s| s.card.to_string())
    };
    let prefilled = prefilled_registers(view);
    let mut parts = Vec::new();
    for (i, slot) in p.registers.iter().enumerate() {
        let text = match *slot {
            Slot::Empty if prefilled.contains(&(i as u8 + 1)) => "face-down Haywire".to_string(),
            Slot::Empty => "empty".to_string(),
            Slot::Card(c) => name(c),
            Slot::Crab { rotate, move1 } => format!("{} + {}", name(rotate), name(move1)),
        };
        parts.push(format!("{}:{text}", i + 1));
    }
    let mut s = parts.join("  ");
    if !p.memory.is_empty() {
        let kept: Vec<String> = p.memory.iter().map(|&c| name(c)).collect();
        s.push_str(&format!("  kept: {}", kept.join(", ")));
    }
    s
}
