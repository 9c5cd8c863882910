//! The session's input and its commands: reading answers, the commands
//! every prompt understands (`help`, `board`, `save FILE`, `quit`), handing
//! the keyboard over in a hot seat, and writing the replay.

use super::present::{Presenter, TerminalEdition};
use super::save::{self, SaveFile};
use super::session::{Answer, Finish, Line, Session, Step, CLEAR_SCREEN};
use super::TerminalError;
use robo_core::PlayerId;
use std::io::{BufRead, Write};

impl<G: TerminalEdition, R: BufRead, W: Write> Session<G, R, W> {
    /// Reads the next line to act on, skipping blank lines and `#`
    /// comments.
    pub(super) fn read(&mut self, prompt: &str) -> Result<Line, TerminalError> {
        loop {
            write!(self.out, "{prompt}> ")?;
            self.out.flush()?;
            let mut buf = String::new();
            if self.input.read_line(&mut buf)? == 0 {
                writeln!(self.out)?;
                return Ok(Line::End);
            }
            let line = buf.trim();
            if self.echo {
                writeln!(self.out, "{line}")?;
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            return Ok(Line::Text(line.to_string()));
        }
    }

    /// Reads lines until one is an answer: `help`, `board` and `save` are
    /// done and asked again; `quit` and the end of input end the session.
    pub(super) fn answer_line(
        &mut self,
        prompt: &str,
        view: &G::View,
    ) -> Result<Answer, TerminalError> {
        loop {
            let Line::Text(line) = self.read(prompt)? else {
                return Ok(Answer::Over(self.input_ended()?));
            };
            match self.command(&line, view)? {
                Some(Step::Went) => continue,
                Some(over) => return Ok(Answer::Over(over)),
                None => return Ok(Answer::Text(line)),
            }
        }
    }

    pub(super) fn bad(&mut self, why: &str) -> Result<(), TerminalError> {
        writeln!(self.out, "Not accepted: {why}. Try again.")?;
        Ok(())
    }

    /// Hands the keyboard to `player` when several people share it: the
    /// screen is cleared, so that nobody sees another's hand.
    pub(super) fn hand_over(&mut self, player: PlayerId) -> Result<Option<Step>, TerminalError> {
        let Some(k) = self.people.iter().position(|(p, _)| *p == player) else {
            return Err(TerminalError::Stuck);
        };
        if self.people.len() == 1 || self.at_keyboard == Some(k) {
            self.at_keyboard = Some(k);
            return Ok(None);
        }
        write!(self.out, "{CLEAR_SCREEN}")?;
        writeln!(
            self.out,
            "{player}, your turn at the keyboard (everyone else, look away). Press Enter."
        )?;
        self.out.flush()?;
        let mut buf = String::new();
        if self.input.read_line(&mut buf)? == 0 {
            writeln!(self.out)?;
            return Ok(Some(self.input_ended()?));
        }
        if self.echo {
            writeln!(self.out, "{}", buf.trim())?;
        }
        self.at_keyboard = Some(k);
        Ok(None)
    }

    /// A command every prompt understands; `Some` when the line was one.
    pub(super) fn command(
        &mut self,
        line: &str,
        view: &G::View,
    ) -> Result<Option<Step>, TerminalError> {
        let lower = line.to_ascii_lowercase();
        if let Some(file) = lower.strip_prefix("save ").map(|_| line[5..].trim()) {
            match self.save(file) {
                Ok(()) => writeln!(
                    self.out,
                    "Saved to {file}: resume with `--load {file}`. Your answer?"
                )?,
                Err(e) => writeln!(self.out, "Not saved: {e}.")?,
            }
            return Ok(Some(Step::Went));
        }
        match lower.as_str() {
            "help" | "?" => {
                let help = self.presenter().help().to_string();
                writeln!(
                    self.out,
                    "{help}\n  `save FILE` saves the game; `play --load FILE` resumes it."
                )?;
            }
            "board" | "map" => {
                self.show_board(view)?;
                let own = self.presenter().draw_own(view);
                write!(self.out, "{own}")?;
            }
            "save" => writeln!(self.out, "Type `save` and a file name: `save game.json`.")?,
            "quit" | "exit" => {
                let round = self.presenter().round(view);
                let noun = self.presenter().noun().to_string();
                writeln!(self.out, "You leave the {noun} in round {round}.")?;
                return Ok(Some(Step::Over(Finish::Quit { round })));
            }
            _ => return Ok(None),
        }
        Ok(Some(Step::Went))
    }

    pub(super) fn save(&mut self, file: &str) -> Result<(), String> {
        let save = SaveFile {
            edition: G::EDITION.name().to_string(),
            seats: self.people.iter().map(|(p, _)| p.0).collect(),
            bots: self.config.bots.clone(),
            seed: self.config.seed,
            start: self.start.clone(),
            actions: self.actions.clone(),
        };
        save::write(std::path::Path::new(file), &save)
    }

    /// Writes the HTML replay, when one was asked for.
    pub(super) fn write_replay(&mut self) -> Result<(), TerminalError> {
        let (Some(path), Some(r)) = (&self.config.html, &self.recorder) else {
            return Ok(());
        };
        std::fs::write(path, r.html(&self.game))
            .map_err(|e| TerminalError::Replay(format!("cannot write {}: {e}", path.display())))?;
        writeln!(
            self.out,
            "Replay written to {} ({} frames): open it in a browser.",
            path.display(),
            r.frames()
        )?;
        Ok(())
    }

    pub(super) fn input_ended(&mut self) -> Result<Step, TerminalError> {
        let you = self.you();
        let view = self.game.view(you);
        let round = self.presenter().round(&view);
        let noun = self.presenter().noun().to_string();
        writeln!(
            self.out,
            "Input ended in round {round}: leaving the {noun}."
        )?;
        Ok(Step::Over(Finish::InputEnded { round }))
    }
}
