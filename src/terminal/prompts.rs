//! The person's prompts: a choice from a numbered list, and a typed
//! answer (a program) when the options are too many to list.

use super::present::Presenter;
use super::session::{Line, Session, Step};
use super::TerminalError;
use robo_core::Game;
use std::io::{BufRead, Write};

impl<G: Game, P: Presenter<G>, R: BufRead, W: Write> Session<G, P, R, W> {
    pub(super) fn choose(
        &mut self,
        decision: &G::Decision,
        mut options: Vec<G::Action>,
    ) -> Result<Step, TerminalError> {
        let view = self.game.view(self.you);
        self.presenter.arrange(&mut options, &view);
        let before = self.presenter.before_question(decision, &view);
        write!(self.out, "{before}")?;
        let ask = self.presenter.question(decision, &view);
        writeln!(self.out, "{ask}")?;
        if let [only] = options.as_slice() {
            let label = self.presenter.label(only, &view);
            writeln!(self.out, "  (only one option: {label})")?;
            return match self.answer(only.clone(), &view, None)? {
                Ok(()) => Ok(Step::Went),
                Err(_) => Err(TerminalError::Stuck),
            };
        }
        if options.is_empty() {
            return Err(TerminalError::Stuck);
        }
        for (i, a) in options.iter().enumerate() {
            writeln!(self.out, "  {}. {}", i + 1, self.presenter.label(a, &view))?;
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
                            .find(|a| self.presenter.short(a).eq_ignore_ascii_case(&line))
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
        let view = self.game.view(self.you);
        let prompt = self.presenter.program_prompt(&view);
        write!(self.out, "{prompt}")?;
        if !others.is_empty() {
            writeln!(self.out, "Or choose:")?;
            for (i, a) in others.iter().enumerate() {
                writeln!(self.out, "  o{}. {}", i + 1, self.presenter.label(a, &view))?;
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
                match self.presenter.parse_program(&line, &view) {
                    Ok(a) => a,
                    Err(e) => {
                        self.bad(&e)?;
                        continue;
                    }
                }
            };
            let summary = self.presenter.accepted(&action, &view);
            match self.answer(action, &view, summary)? {
                Ok(()) => return Ok(Step::Went),
                Err(why) => self.bad(&why)?,
            }
        }
    }

    /// A random legal answer of the kind the prompt asks for (the game's
    /// own sampler; other answers skipped).
    fn random_program(&mut self) -> Option<G::Action> {
        (0..64)
            .filter_map(|_| self.game.sample_action(self.you, &mut self.rng))
            .find(|a| self.presenter.is_program(a))
    }
}
