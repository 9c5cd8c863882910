//! A guided choice: a decision's options narrowed down by short questions
//! (the presenter's [`Facet`]s) instead of one long list.

use super::present::{Facet, Presenter, TerminalEdition};
use super::session::{Answer, Session, Step};
use super::TerminalError;
use robo_core::protocol::Pending;
use std::io::{BufRead, Write};

/// The first question on which the options in `keep` differ.
fn first_split(facets: &[Vec<Facet>], keep: &[usize]) -> Option<usize> {
    let deepest = keep.iter().map(|&i| facets[i].len()).max().unwrap_or(0);
    (0..deepest).find(|&d| {
        let first = facets[keep[0]].get(d).map(|f| &f.answer);
        keep.iter()
            .any(|&i| facets[i].get(d).map(|f| &f.answer) != first)
    })
}

/// The distinct answers at `depth`, in order of first appearance, each with
/// the options that give it.
fn groups(facets: &[Vec<Facet>], keep: &[usize], depth: usize) -> Vec<(String, Vec<usize>)> {
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    for &i in keep {
        let answer = facets[i]
            .get(depth)
            .map_or_else(String::new, |f| f.answer.clone());
        match out.iter_mut().find(|(a, _)| *a == answer) {
            Some((_, v)) => v.push(i),
            None => out.push((answer, vec![i])),
        }
    }
    out
}

/// An answer's name: the text before ` (` or `: ` (`Kaon Arena` of
/// `Kaon Arena (5 robots)`).
fn key(answer: &str) -> &str {
    let end = [answer.find(" ("), answer.find(": ")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(answer.len());
    answer[..end].trim()
}

/// The options of `keep` whose answers from `depth` on name `text`: an
/// answer's name equal to it, or else an answer starting with it (case
/// aside).
fn matching(facets: &[Vec<Facet>], keep: &[usize], depth: usize, text: &str) -> Vec<usize> {
    let text = text.to_lowercase();
    let answers = |i: usize| {
        facets[i]
            .iter()
            .skip(depth)
            .map(|f| f.answer.to_lowercase())
    };
    let exact: Vec<usize> = keep
        .iter()
        .copied()
        .filter(|&i| answers(i).any(|a| key(&a) == text || a == text))
        .collect();
    if !exact.is_empty() {
        return exact;
    }
    keep.iter()
        .copied()
        .filter(|&i| answers(i).any(|a| a.starts_with(&text)))
        .collect()
}

/// `Kaon x5` -> (`Kaon`, 5); no suffix -> (line, 1).
fn repeat_suffix(line: &str) -> (&str, usize) {
    if let Some((head, tail)) = line.rsplit_once(' ') {
        if let Some(n) = tail.strip_prefix(['x', 'X', '*']) {
            if let Ok(n) = n.parse::<usize>() {
                if (1..=100).contains(&n) && !head.trim().is_empty() {
                    return (head.trim(), n);
                }
            }
        }
    }
    (line, 1)
}

impl<G: TerminalEdition, R: BufRead, W: Write> Session<G, R, W> {
    /// Narrows `options` down question by question, then answers with the
    /// one left (`xN` after an answer does it N times while the game asks
    /// the same kind of question, as placing robots one by one does).
    pub(super) fn guided(
        &mut self,
        decision: &G::Decision,
        mut options: Vec<G::Action>,
    ) -> Result<Step, TerminalError> {
        let you = self.you();
        let view = self.game.view(you);
        self.presenter().arrange(&mut options, &view);
        self.ask(decision, &view)?;
        let facets: Vec<Vec<Facet>> = options
            .iter()
            .map(|a| self.presenter().facets(a, &view))
            .collect();
        let shorts: Vec<String> = options.iter().map(|a| self.presenter().short(a)).collect();
        if let [only] = options.as_slice() {
            let label = self.presenter().label(only, &view);
            writeln!(self.out, "  (only one option: {label})")?;
            return self.apply_times(only.clone(), &view, 1);
        }
        let all: Vec<usize> = (0..options.len()).collect();
        let mut keep = all.clone();
        let mut times = 1;
        loop {
            if let [one] = keep.as_slice() {
                return self.apply_times(options[*one].clone(), &view, times);
            }
            let Some(depth) = first_split(&facets, &keep) else {
                // Options the questions cannot tell apart: list them.
                let rest = keep.iter().map(|&i| options[i].clone()).collect();
                return self.choose(decision, rest);
            };
            let groups = groups(&facets, &keep, depth);
            let question = facets[keep[0]]
                .get(depth)
                .map_or("Which one?", |f| f.question.as_str());
            writeln!(self.out, "{question}")?;
            for (i, (answer, _)) in groups.iter().enumerate() {
                writeln!(self.out, "  {}. {answer}", i + 1)?;
            }
            loop {
                let line = match self.answer_line("choice", &view)? {
                    Answer::Text(line) => line,
                    Answer::Over(over) => return Ok(over),
                };
                if line.eq_ignore_ascii_case("back") {
                    keep.clone_from(&all);
                    times = 1;
                    break;
                }
                // A count given on the way (`1 x3`, then the zone) holds
                // for the answer finally chosen.
                let (text, n) = repeat_suffix(&line);
                if text.eq_ignore_ascii_case("random") {
                    // One option drawn, then repeated (`random x3`).
                    let k = self.rng.index(keep.len());
                    keep = vec![keep[k]];
                    times = times.max(n);
                    break;
                }
                if let Some(g) = text
                    .parse::<usize>()
                    .ok()
                    .and_then(|k| k.checked_sub(1))
                    .and_then(|k| groups.get(k))
                {
                    keep.clone_from(&g.1);
                    times = times.max(n);
                    break;
                }
                let found = matching(&facets, &keep, depth, text);
                if !found.is_empty() {
                    keep = found;
                    times = times.max(n);
                    break;
                }
                if let Some(i) = keep
                    .iter()
                    .copied()
                    .find(|&i| shorts[i].eq_ignore_ascii_case(text))
                {
                    keep = vec![i];
                    times = times.max(n);
                    break;
                }
                self.bad(&format!(
                    "`{line}` is not an answer here; type a number from 1 to {}, a name, \
                     or `back` to start again",
                    groups.len()
                ))?;
            }
        }
    }

    /// Applies `action`, then again up to `times` in all while the game
    /// asks the person the same kind of question and accepts it (the bots'
    /// turns in between played).
    fn apply_times(
        &mut self,
        action: G::Action,
        view: &G::View,
        times: usize,
    ) -> Result<Step, TerminalError> {
        let you = self.you();
        let kind = match self.game.pending() {
            Pending::Decision { decision, .. } | Pending::Simultaneous { decision, .. } => {
                Some(std::mem::discriminant(&decision))
            }
            Pending::Terminal(_) => None,
        };
        if let Err(why) = self.answer(action.clone(), view, None)? {
            self.bad(&why)?;
            return Ok(Step::Went);
        }
        for _ in 1..times {
            // Bots taking turns in between (as in setup, where the players
            // place in turn) play theirs first.
            while let Pending::Decision { player, .. } = self.game.pending() {
                if self.is_person(player) {
                    break;
                }
                if let Step::Over(finish) = self.bot(player)? {
                    return Ok(Step::Over(finish));
                }
            }
            let same = match self.game.pending() {
                Pending::Decision { player, decision } => {
                    player == you && Some(std::mem::discriminant(&decision)) == kind
                }
                _ => false,
            };
            if !same {
                break;
            }
            let view = self.game.view(you);
            if self.answer(action.clone(), &view, None)?.is_err() {
                break;
            }
        }
        Ok(Step::Went)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(q: &str, a: &str) -> Facet {
        Facet::new(q, a)
    }

    #[test]
    fn questions_split_where_the_options_differ() {
        let facets = vec![
            vec![f("What?", "attack"), f("From?", "Kaon Arena (5 robots)")],
            vec![f("What?", "attack"), f("From?", "Kaon Pits (2 robots)")],
            vec![f("What?", "end the phase")],
        ];
        assert_eq!(first_split(&facets, &[0, 1, 2]), Some(0));
        assert_eq!(first_split(&facets, &[0, 1]), Some(1));
        assert_eq!(first_split(&facets, &[0, 0]), None);
        let g = groups(&facets, &[0, 1, 2], 0);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0], ("attack".to_string(), vec![0, 1]));
        // A name from further down, or the start of one, narrows at once.
        assert_eq!(matching(&facets, &[0, 1, 2], 0, "kaon arena"), vec![0]);
        assert_eq!(matching(&facets, &[0, 1, 2], 0, "Kaon"), vec![0, 1]);
        assert_eq!(matching(&facets, &[0, 1, 2], 0, "end"), vec![2]);
        assert!(matching(&facets, &[0, 1, 2], 0, "Iacon").is_empty());
    }

    #[test]
    fn a_repeat_count_is_read_after_the_answer() {
        assert_eq!(repeat_suffix("Kaon Arena x5"), ("Kaon Arena", 5));
        assert_eq!(repeat_suffix("3 *2"), ("3", 2));
        assert_eq!(repeat_suffix("Kaon Arena"), ("Kaon Arena", 1));
        assert_eq!(repeat_suffix("x5"), ("x5", 1));
        assert_eq!(repeat_suffix("3 x0"), ("3 x0", 1));
        assert_eq!(key("Kaon Arena (5 robots)"), "Kaon Arena");
        assert_eq!(key("play Blitz: the defender rolls one die"), "play Blitz");
    }
}
