//! The person's prompts: a choice from a numbered list, and a typed
//! answer (a program) when the options are too many to list.

use super::present::{Presenter, TerminalEdition};
use super::session::{Answer, Session, Step};
use super::TerminalError;
use std::io::{BufRead, Write};

impl<G: TerminalEdition, R: BufRead, W: Write> Session<G, R, W> {
    /// What to write before a question, and the question.
    pub(super) fn ask(
        &mut self,
        decision: &G::Decision,
        view: &G::View,
    ) -> Result<(), TerminalError> {
        let before = self.presenter().before_question(decision, view);
        write!(self.out, "{before}")?;
        let ask = self.presenter().question(decision, view);
        writeln!(self.out, "{ask}")?;
        Ok(())
    }

    pub(super) fn choose(
        &mut self,
        decision: &G::Decision,
        mut options: Vec<G::Action>,
    ) -> Result<Step, TerminalError> {
        let view = self.game.view(self.you());
        self.presenter().arrange(&mut options, &view);
        self.ask(decision, &view)?;
        let labels: Vec<String> = options
            .iter()
            .map(|a| self.presenter().label(a, &view))
            .collect();
        if let [only] = options.as_slice() {
            writeln!(self.out, "  (only one option: {})", labels[0])?;
            return match self.answer(only.clone(), &view, None)? {
                Ok(()) => Ok(Step::Went),
                Err(_) => Err(TerminalError::Stuck),
            };
        }
        if options.is_empty() {
            return Err(TerminalError::Stuck);
        }
        for (i, label) in labels.iter().enumerate() {
            writeln!(self.out, "  {}. {label}", i + 1)?;
        }
        let shorts: Vec<String> = options.iter().map(|a| self.presenter().short(a)).collect();
        loop {
            let line = match self.answer_line("choice", &view)? {
                Answer::Text(line) => line,
                Answer::Over(over) => return Ok(over),
            };
            let picked = if line.eq_ignore_ascii_case("random") {
                let k = self.rng.index(options.len());
                options.get(k)
            } else {
                line.parse::<usize>()
                    .ok()
                    .and_then(|k| k.checked_sub(1))
                    .and_then(|k| options.get(k))
                    .or_else(|| {
                        shorts
                            .iter()
                            .position(|s| s.eq_ignore_ascii_case(&line))
                            .and_then(|k| options.get(k))
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

    pub(super) fn program(&mut self, others: Vec<G::Action>) -> Result<Step, TerminalError> {
        let view = self.game.view(self.you());
        let prompt = self.presenter().program_prompt(&view);
        write!(self.out, "{prompt}")?;
        if !others.is_empty() {
            writeln!(self.out, "Or choose:")?;
            let labels: Vec<String> = others
                .iter()
                .map(|a| self.presenter().label(a, &view))
                .collect();
            for (i, label) in labels.iter().enumerate() {
                writeln!(self.out, "  o{}. {label}", i + 1)?;
            }
        }
        loop {
            let line = match self.answer_line("program", &view)? {
                Answer::Text(line) => line,
                Answer::Over(over) => return Ok(over),
            };
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
                match self.presenter().parse_program(&line, &view) {
                    Ok(a) => a,
                    Err(e) => {
                        self.bad(&e)?;
                        continue;
                    }
                }
            };
            let summary = self.presenter().accepted(&action, &view);
            match self.answer(action, &view, summary)? {
                Ok(()) => return Ok(Step::Went),
                Err(why) => self.bad(&why)?,
            }
        }
    }

    /// A random legal answer of the kind the prompt asks for (the game's
    /// own sampler; other answers skipped).
    fn random_program(&mut self) -> Option<G::Action> {
        let you = self.you();
        for _ in 0..64 {
            let Some(a) = self.game.sample_action(you, &mut self.rng) else {
                continue;
            };
            if self.presenter().is_program(&a) {
                return Some(a);
            }
        }
        None
    }
}
