//! The state of a 2023 race, and the small helpers every rule uses.

use crate::actions::Decision;
use crate::arena::{Arena, Shared};
use crate::cards::CardId;
use crate::courses::Course;
use crate::events::{Event, Phase};
use crate::robot::{Body, Player};
use crate::setup::{validate, Options, Outcome, Setup, SetupError};
use crate::task::Task;
use crate::upgrades::Upgrade;
use robo_core::agenda::TurnOrder;
use robo_core::geom::Pos;
use robo_core::pipeline::StepFlow;
use robo_core::race::body::Bodies;
use robo_core::race::frame::{GridRace, RaceCore};
use robo_core::{Deck, PlayerId, Rng, RobotId, Transient};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

pub(crate) use crate::scratch::Scratch;

/// What the game waits for, as stored.
pub(crate) type Waiting = robo_core::agenda::Waiting<Decision>;

/// A Robo Rally race, 2023 rules: the whole state, playable through
/// [`robo_core::Game`].
///
/// ```
/// use robo_core::{Game, Pending, PlayerId};
/// use variant_2023::testkit::simple_course;
/// use variant_2023::{Race, Setup};
/// let race = Race::new(Setup::new(simple_course(), 2), 7).unwrap();
/// // Each seat first chooses a start space.
/// assert!(race.pending().is_waiting_for(PlayerId(0)));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct Race {
    /// The frame's spine: round, register, round cap, agenda, what the
    /// race waits for, outcome, events.
    #[serde(flatten)]
    pub(crate) core: RaceCore<Race>,
    pub(crate) arena: Shared,
    pub(crate) options: Options,
    pub(crate) players: Vec<Player>,
    pub(crate) bodies: Bodies,
    pub(crate) damage: Deck<CardId>,
    pub(crate) upgrades: Deck<Upgrade>,
    pub(crate) removed: Vec<CardId>,
    pub(crate) cubes: SmallVec<[Pos; 6]>,
    pub(crate) priority: PlayerId,
    pub(crate) phase: Phase,
    pub(crate) rng: Rng,
    #[serde(skip)]
    pub(crate) scratch: Transient<Scratch>,
}

robo_core::checked_saves!(Race);

/// Upgrade cards dealt to each player at setup.
pub const DEALT_UPGRADES: usize = 3;
/// Energy at the start.
pub const START_ENERGY: u8 = 3;

impl Race {
    /// Validates `setup` and deals the game from `seed`; the game then
    /// waits for the first start-space choice.
    ///
    /// # Errors
    /// The [`SetupError`] of the first failed check.
    pub fn create(setup: Setup, seed: u64) -> Result<Race, SetupError> {
        validate(&setup)?;
        let mut rng = Rng::from_seed(seed);
        let n = usize::from(setup.robots);
        let facing = setup.course.start_facing();
        let energy = if setup.options.lighter {
            0
        } else {
            START_ENERGY
        };
        let mut players: Vec<Player> = (0..n)
            .map(|s| {
                let deck = Deck::shuffled(CardId::deck_of(PlayerId(s as u8)).collect(), &mut rng);
                Player::new(deck, energy, (Pos::default(), facing))
            })
            .collect();
        let damage = Deck::shuffled(CardId::damage_cards().collect(), &mut rng);
        let mut upgrades = if setup.options.lighter {
            Deck::from_top(Upgrade::ALL.to_vec())
        } else {
            Deck::shuffled(Upgrade::ALL.to_vec(), &mut rng)
        };
        if !setup.options.lighter {
            for _ in 0..DEALT_UPGRADES {
                for p in &mut players {
                    if let Some(u) = upgrades.draw_no_reshuffle() {
                        p.slots.uninstalled.push(u);
                    }
                }
            }
        }
        let bodies = (0..n)
            .map(|_| Body::new(Pos::default(), facing, false))
            .collect();
        let mut race = Race {
            core: RaceCore::new(setup.max_rounds, Task::BeginRound),
            arena: Shared::new(Arena::new(setup.course)),
            options: setup.options,
            players,
            bodies,
            damage,
            upgrades,
            removed: Vec::new(),
            cubes: SmallVec::new(),
            priority: setup.priority,
            phase: Phase::Setup,
            rng,
            scratch: Transient::default(),
        };
        // Start spaces and cubes alike: the priority holder first, then
        // clockwise (the agenda runs its last task first).
        let order = race.order_from(race.priority);
        for &p in order.iter().rev() {
            race.core.agenda.push(Task::ChooseStart { player: p });
        }
        if race.options.competitive {
            for &p in order.iter().rev() {
                race.core.agenda.push(Task::BlockStart { player: p });
            }
        }
        race.advance();
        race.core.scratch.events.clear();
        Ok(race)
    }

    /// The course.
    #[must_use]
    pub fn course(&self) -> &Course {
        self.arena.course()
    }

    /// The course with the engine's tables.
    #[must_use]
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// The optional rules in play.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// A player's mat, `None` for a seat that does not exist.
    #[must_use]
    pub fn player(&self, p: PlayerId) -> Option<&Player> {
        self.players.get(p.index())
    }

    /// Where a player's robot stands and faces; `None` off the board.
    #[must_use]
    pub fn robot(&self, p: PlayerId) -> Option<(Pos, robo_core::geom::Dir)> {
        self.bodies
            .on_board(RobotId::of(p))
            .map(|b| (b.pos, b.facing))
    }

    /// The current round (0 during setup).
    #[must_use]
    pub fn round(&self) -> u16 {
        self.core.round
    }

    /// The register being resolved (0 outside the activation phase).
    #[must_use]
    pub fn register(&self) -> u8 {
        self.core.register
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Who holds the priority token.
    #[must_use]
    pub fn priority(&self) -> PlayerId {
        self.priority
    }

    /// The damage deck (draw pile and discard pile).
    #[must_use]
    pub fn damage_deck(&self) -> &Deck<CardId> {
        &self.damage
    }

    /// The upgrade deck (draw pile and discard pile).
    #[must_use]
    pub fn upgrade_deck(&self) -> &Deck<Upgrade> {
        &self.upgrades
    }

    /// Cards removed from the game.
    #[must_use]
    pub fn removed(&self) -> &[CardId] {
        &self.removed
    }

    /// The outcome once the race is over.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        self.core.outcome.as_ref()
    }

    /// Number of seats.
    #[must_use]
    pub fn seats(&self) -> usize {
        self.players.len()
    }

    /// Seats clockwise from `first`.
    pub(crate) fn order_from(&self, first: PlayerId) -> SmallVec<[PlayerId; 6]> {
        let n = self.players.len().max(1);
        (0..n)
            .map(|k| PlayerId(((first.index() + k) % n) as u8))
            .collect()
    }

    pub(crate) fn emit(&mut self, e: Event) {
        self.core.emit(e);
    }

    /// Runs `tasks` next, in the order given.
    pub(crate) fn then(&mut self, tasks: &[Task]) {
        self.core.then(tasks);
    }

    /// Runs `task` next.
    pub(crate) fn then1(&mut self, task: Task) {
        self.core.agenda.push(task);
    }

    /// Runs `tasks` next, in the order given, and says whether that set
    /// something off (any task at all).
    pub(crate) fn set_off(&mut self, tasks: &[Task]) -> StepFlow {
        self.core.set_off(tasks)
    }

    /// The order of turns: seat by seat clockwise from the turns' first
    /// seat (the priority token's holder).
    pub(crate) fn turn_order(&self) -> TurnOrder<'_> {
        TurnOrder::Clockwise {
            seats: self.players.len(),
        }
    }

    pub(crate) fn body(&self, p: PlayerId) -> Option<&Body> {
        self.bodies.get(RobotId::of(p))
    }

    pub(crate) fn on_board(&self, p: PlayerId) -> bool {
        self.body(p).is_some_and(|b| b.on_board)
    }

    /// Upgrades are in play (not a lighter game).
    pub(crate) fn upgrades_on(&self) -> bool {
        !self.options.lighter
    }

    /// Does `p` have `u` installed (and are upgrades in play)?
    pub(crate) fn has(&self, p: PlayerId, u: Upgrade) -> bool {
        self.upgrades_on() && self.players.get(p.index()).is_some_and(|pl| pl.has(u))
    }

    /// The upgrades `p` has installed, as a bit set: bit `u.bit()` is set
    /// exactly when [`Race::has`] says yes for `u`.
    #[inline]
    pub(crate) fn upgrade_mask(&self, p: PlayerId) -> u64 {
        if !self.upgrades_on() {
            return 0;
        }
        match self.players.get(p.index()) {
            Some(pl) => pl.installed_mask(),
            None => 0,
        }
    }

    /// Gives `p` energy (capped), reporting the change.
    pub(crate) fn gain_energy(&mut self, p: PlayerId, n: u8) {
        if self.options.lighter {
            return;
        }
        let Some(pl) = self.players.get_mut(p.index()) else {
            return;
        };
        if pl.gain(n) > 0 {
            let energy = pl.energy;
            self.emit(Event::Energy { player: p, energy });
        }
    }

    /// Takes `n` energy from `p` if it has that much.
    pub(crate) fn pay_energy(&mut self, p: PlayerId, n: u8) -> bool {
        let Some(pl) = self.players.get_mut(p.index()) else {
            return false;
        };
        if pl.energy < n {
            return false;
        }
        pl.energy -= n;
        if n > 0 {
            let energy = pl.energy;
            self.emit(Event::Energy { player: p, energy });
        }
        true
    }

    /// Discards a used temporary upgrade (or any installed one) to the
    /// upgrade discard pile.
    pub(crate) fn discard_installed(&mut self, p: PlayerId, u: Upgrade) {
        let Some(pl) = self.players.get_mut(p.index()) else {
            return;
        };
        let list = pl.installed_of_mut(u.kind());
        if let Some(i) = list.iter().position(|x| *x == u) {
            list.remove(i);
        } else if pl.loaned == Some(u) {
            pl.loaned = None;
        } else {
            return;
        }
        self.upgrade_left(p, u);
        self.upgrades.discard(u);
        self.emit(Event::UpgradeDiscarded {
            player: p,
            upgrade: u,
        });
    }

    /// Side effects of losing an installed upgrade (Memory Cards drops its cards).
    pub(crate) fn upgrade_left(&mut self, p: PlayerId, u: Upgrade) {
        if u == Upgrade::MemoryCards {
            if let Some(pl) = self.players.get_mut(p.index()) {
                for c in std::mem::take(&mut pl.memory) {
                    pl.deck.discard(c);
                }
            }
        }
    }
}
