//! What is this edition's own in the protocol: the answers to the
//! simultaneous decisions (upgrades and programming), a random program,
//! and the race's invariants (the frame provides the rest of
//! [`robo_core::Game`]).

use crate::actions::{Action, Decision};
use crate::cards::CardId;
use crate::race::Race;
use crate::robot::{ProgramStatus, MAX_ENERGY};
use crate::upgrades::Upgrade;
use robo_core::protocol::Legal;
use robo_core::{PlayerId, Rng};

impl Race {
    /// `player`'s answers to the simultaneous `decision`: the upgrade
    /// phase's, a returning robot's card to give back, or while
    /// programming the answers besides a whole program (which are too
    /// many to list).
    pub(crate) fn simultaneous_options(
        &self,
        player: PlayerId,
        decision: Decision,
        out: &mut Vec<Action>,
    ) -> Legal {
        let legal = match decision {
            Decision::Upgrades => {
                self.upgrade_options(player, out);
                Legal::Complete
            }
            Decision::Program => {
                let pl = &self.players[player.index()];
                if let ProgramStatus::Returning(_) = pl.round.program {
                    out.extend(
                        pl.hand
                            .iter()
                            .filter(|c| !pl.must_program.contains(c))
                            .map(|&c| Action::ReturnCard(c)),
                    );
                    Legal::Complete
                } else {
                    out.push(Action::ShutDown);
                    self.programming_uses(player, out);
                    if self.options.act_fast {
                        out.push(Action::TimeUp(crate::actions::Program::default()));
                    }
                    Legal::TooMany
                }
            }
            _ => Legal::Complete,
        };
        out.sort();
        out.dedup();
        legal
    }

    /// Programming: a random program (see the crate docs for how programs
    /// are drawn), or now and then one of the other answers. Elsewhere a
    /// uniformly random legal answer.
    pub(crate) fn sample_simultaneous(
        &self,
        player: PlayerId,
        decision: Decision,
        rng: &mut Rng,
    ) -> Option<Action> {
        let mut out = Vec::new();
        match self.simultaneous_options(player, decision, &mut out) {
            Legal::Complete => {
                let i = rng.index(out.len());
                (!out.is_empty()).then(|| out.swap_remove(i))
            }
            Legal::TooMany => {
                if !out.is_empty() && rng.chance(1, 12) {
                    let i = rng.index(out.len());
                    return Some(out.swap_remove(i));
                }
                Some(Action::Program(self.sample_program(player, rng)))
            }
        }
    }

    /// The 2023 invariants: what a save names fits the race (its setup,
    /// seats, register), every card and upgrade is held once, robots
    /// stand on floor and apart, statuses match the bodies, energy is
    /// under its cap. The frame checks what the race waits for after them.
    pub(crate) fn check(&self) -> Result<(), String> {
        self.check_saved_fields()?;
        let n = self.players.len();
        let mut seen = vec![0u8; CardId::count(n)];
        let mut note = |c: CardId| -> Result<(), String> {
            let slot = seen
                .get_mut(usize::from(c.0))
                .ok_or_else(|| format!("card {c} does not belong to this game"))?;
            *slot += 1;
            Ok(())
        };
        for pl in &self.players {
            for c in pl.all_cards() {
                note(c)?;
            }
        }
        for &c in self
            .damage
            .draw_pile()
            .chain(self.damage.discard_pile())
            .chain(self.removed.iter())
        {
            note(c)?;
        }
        if let Some(i) = seen.iter().position(|&k| k != 1) {
            return Err(format!("card c{i} is held {} times", seen[i]));
        }
        let mut ups = [0u8; 40];
        let all = self.players.iter().flat_map(|pl| pl.all_upgrades());
        for u in all
            .chain(self.upgrades.draw_pile().copied())
            .chain(self.upgrades.discard_pile().copied())
        {
            ups[u as usize] += 1;
        }
        if let Some(i) = ups.iter().position(|&k| k != 1) {
            return Err(format!(
                "upgrade {} is held {} times",
                Upgrade::ALL[i],
                ups[i]
            ));
        }
        for (i, a) in self.bodies.iter().enumerate().filter(|(_, b)| b.on_board) {
            if !self.arena.can_stand(a.pos) {
                return Err(format!("robot {i} stands on {} which is not floor", a.pos));
            }
            if self
                .bodies
                .iter()
                .skip(i + 1)
                .any(|b| b.on_board && b.pos == a.pos)
            {
                return Err(format!("two robots share {}", a.pos));
            }
        }
        let board = self.arena.course().board();
        for (i, pl) in self.players.iter().enumerate() {
            let at = pl.archive.0;
            // Before its start space is chosen a robot has no archive token.
            let unplaced = self.phase == crate::events::Phase::Setup
                && self.bodies.on_board(robo_core::RobotId(i as u8)).is_none();
            if !unplaced && !self.arena.can_stand(at) {
                return Err(format!(
                    "robot {i}'s archive token is on {at}, which is not floor"
                ));
            }
            // The robot's status and its body agree on where it is.
            let placed = self.bodies.on_board(robo_core::RobotId(i as u8)).is_some();
            if !unplaced && placed != pl.status.on_board() {
                return Err(format!(
                    "robot {i} is {} the board but its status says {:?}",
                    if placed { "on" } else { "off" },
                    pl.status
                ));
            }
            if let Some(b) = pl.status.fell_from() {
                if !board.has_board(b) {
                    return Err(format!(
                        "robot {i} fell from board {b}, which the course lacks"
                    ));
                }
            }
            if pl.checkpoints > self.arena.checkpoints() {
                return Err(format!(
                    "robot {i} has reached more checkpoints than there are"
                ));
            }
        }
        if let Some(pl) = self.players.iter().find(|pl| pl.energy > MAX_ENERGY) {
            return Err(format!("energy {} above the cap", pl.energy));
        }
        Ok(())
    }
}
