//! [`robo_core::Game`] for [`Conquest`]: the protocol's entry points.

use crate::action::{Action, Decision, Reason};
use crate::event::Event;
use crate::outcome::ConquestOutcome;
use crate::rules::legal::LIST_LIMIT;
use crate::setup::{Setup, SetupError};
use crate::state::{Battle, Conquest, Stage};
use crate::view::View;
use robo_core::protocol::{ActionError, Legal, Pending};
use robo_core::{Game, PlayerId, Rng};

impl Conquest {
    /// Every legal action of `player`, sorted, however many there are
    /// ([`Game::legal_actions`] says `TooMany` above a few thousand): for
    /// front ends that narrow a choice down question by question.
    ///
    /// ```
    /// use robo_core::{Game, PlayerId};
    /// use variant_conquest::{Action, Conquest, Setup};
    /// let game = Conquest::new(Setup::for_players(2), 1).unwrap();
    /// let all = game.every_legal_action(PlayerId(0));
    /// assert!(all.iter().all(|a| matches!(a, Action::Place(_))));
    /// assert!(game.every_legal_action(PlayerId(1)).is_empty(), "not P1's turn");
    /// ```
    #[must_use]
    pub fn every_legal_action(&self, player: PlayerId) -> Vec<Action> {
        let mut out = Vec::new();
        self.for_each_action(player, &mut |a| out.push(a));
        out.sort_unstable();
        out.dedup();
        out
    }

    fn decision(&self) -> Option<Decision> {
        Some(match &self.stage {
            Stage::Claim => Decision::Claim,
            Stage::SetupPlace => Decision::SetupPlace {
                left: self
                    .rules
                    .setup_robots
                    .saturating_sub(self.ps(self.turn).placed),
            },
            Stage::Place => Decision::Place {
                robots: self.ps(self.turn).pool,
            },
            Stage::Morph { .. } => Decision::Morph,
            Stage::Attack => Decision::Attack,
            Stage::Defend(b) => Decision::Defend {
                attacker: self.turn,
                from: b.from,
                to: b.to,
                dice: b.dice,
                leader: b.leader,
                card: b.card,
            },
            Stage::MoveIn { from, to } => Decision::MoveIn {
                from: *from,
                to: *to,
            },
            Stage::Backup { moves } => Decision::Backup { moves: *moves },
            Stage::Over(_) => return None,
        })
    }

    fn dispatch(
        &mut self,
        p: PlayerId,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError<Reason>> {
        let wrong = |d: Option<Decision>| ActionError::WrongDecision {
            expected: d.map_or_else(|| "nothing".to_string(), |d| d.to_string()),
        };
        let r = match (&self.stage, action) {
            (Stage::Claim, Action::Place(z)) => self.claim(p, z, events),
            (Stage::SetupPlace, Action::Place(z)) => self.setup_place(p, z, events),
            (Stage::Place, Action::Place(z)) => self.place(p, z, events),
            (Stage::Place, Action::Play { card, target }) => {
                self.play_robots(p, card, target, events)
            }
            (Stage::Morph { .. }, Action::Transform) => self.transform(p, events),
            (Stage::Morph { .. }, Action::Play { card, target }) => {
                self.play_morph(p, card, target, events)
            }
            (Stage::Morph { .. }, Action::Done) => {
                self.stage = Stage::Attack;
                self.settle(events);
                Ok(())
            }
            (
                Stage::Attack,
                Action::Attack {
                    from,
                    to,
                    dice,
                    leader,
                    card,
                },
            ) => self.declare_attack(
                p,
                Battle {
                    from,
                    to,
                    dice,
                    leader,
                    card,
                },
                events,
            ),
            (Stage::Attack, Action::Done) => {
                self.stage = Stage::Backup {
                    moves: self.backup_moves(p),
                };
                self.settle(events);
                Ok(())
            }
            (Stage::Defend(_), Action::Defend { dice, leader, card }) => {
                self.defend(p, dice, leader, card, events)
            }
            (Stage::MoveIn { .. }, Action::MoveIn { robots, leader }) => {
                self.move_in(p, robots, leader, events)
            }
            (
                Stage::Backup { .. },
                Action::Backup {
                    from,
                    to,
                    robots,
                    leader,
                },
            ) => self.backup(p, from, to, robots, leader, events),
            (Stage::Backup { .. }, Action::Play { card, target }) => {
                self.play_backup(p, card, target, events)
            }
            (Stage::Backup { .. }, Action::Done) => {
                self.end_turn(events);
                self.settle(events);
                Ok(())
            }
            _ => return Err(wrong(self.decision())),
        };
        r.map_err(ActionError::Illegal)
    }
}

impl Game for Conquest {
    type Setup = Setup;
    type SetupError = SetupError;
    type Action = Action;
    type Reason = Reason;
    type Decision = Decision;
    type Event = Event;
    type View = View;
    type Outcome = ConquestOutcome;

    fn new(setup: Setup, seed: u64) -> Result<Self, SetupError> {
        Conquest::build(setup, seed)
    }

    fn num_players(&self) -> usize {
        self.players.len()
    }

    fn pending(&self) -> Pending<Decision, ConquestOutcome> {
        match (&self.stage, self.pending_player(), self.decision()) {
            (Stage::Over(o), _, _) => Pending::Terminal(o.clone()),
            (_, Some(player), Some(decision)) => Pending::Decision { player, decision },
            // Unreachable for a checked game: a defended zone always has an owner.
            _ => Pending::Decision {
                player: self.turn,
                decision: Decision::Attack,
            },
        }
    }

    fn apply_into(
        &mut self,
        player: PlayerId,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError<Reason>> {
        if matches!(self.stage, Stage::Over(_)) {
            return Err(ActionError::GameOver);
        }
        if player.index() >= self.players.len() {
            return Err(ActionError::UnknownPlayer(player));
        }
        if self.pending_player() != Some(player) {
            return Err(ActionError::NotPending(player));
        }
        let start = events.len();
        let r = self.dispatch(player, action, events);
        if r.is_err() {
            events.truncate(start);
        }
        r
    }

    fn view(&self, player: PlayerId) -> View {
        self.make_view(player)
    }

    fn legal_actions(&self, player: PlayerId, out: &mut Vec<Action>) -> Legal {
        out.clear();
        if self.count_actions(player) > LIST_LIMIT {
            return Legal::TooMany;
        }
        self.for_each_action(player, &mut |a| out.push(a));
        out.sort_unstable();
        out.dedup();
        Legal::Complete
    }

    fn sample_action(&self, player: PlayerId, rng: &mut Rng) -> Option<Action> {
        self.sample(player, rng)
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }
}
