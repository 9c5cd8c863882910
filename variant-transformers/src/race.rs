//! The state of a Transformers race, and the small helpers every rule uses.

use crate::actions::Decision;
use crate::arena::{Arena, Shared};
use crate::cards::CardId;
use crate::courses::Course;
use crate::events::{Event, Phase};
use crate::mode::Mode;
use crate::robot::Player;
use crate::setup::{validate, Outcome, Setup, SetupError};
use crate::task::Task;
use crate::tiles::Tile;
use crate::upgrades::Upgrade;
use robo_core::agenda::Turns;
use robo_core::geom::{Dir, Pos};
use robo_core::motion::{Move, MoveOutcome};
use robo_core::pipeline::StepFlow;
use robo_core::race::body::{Bodies, Body};
use robo_core::race::frame::{GridRace, RaceCore};
use robo_core::race::moves::MoveNotes;
use robo_core::{Deck, PlayerId, Rng, RobotId, Transient};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// What the race waits for, as stored.
pub(crate) type Waiting = robo_core::agenda::Waiting<Decision>;

/// A card's move waiting at a road corner or a curved arrow for its
/// player's choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paused {
    /// The rest of the move (its steps left, straight on).
    pub rest: Move,
    /// What the move did so far.
    pub so_far: MoveOutcome,
    /// A building's curved arrow (not a road corner).
    pub arrow: bool,
}

/// A Robo Rally: Transformers race: the whole state, playable through
/// [`robo_core::Game`].
///
/// ```
/// use robo_core::{Game, PlayerId};
/// use variant_transformers::courses;
/// use variant_transformers::{Race, Setup};
/// let setup = Setup::new(courses::course("Twin Loop Warm-Up Lap").unwrap(), 2);
/// let race = Race::new(setup, 7).unwrap();
/// // The Cosmos holder chooses a start space first.
/// assert_eq!(race.pending().players().as_slice(), &[PlayerId(0)]);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct Race {
    /// The frame's spine: round, register, round cap, agenda, what the
    /// race waits for, outcome, events.
    #[serde(flatten)]
    pub(crate) core: RaceCore<Race>,
    pub(crate) arena: Shared,
    #[serde(default)]
    pub(crate) teams: Option<Vec<u8>>,
    pub(crate) players: Vec<Player>,
    pub(crate) bodies: Bodies<Mode>,
    pub(crate) damage: Deck<CardId>,
    pub(crate) upgrades: Deck<Upgrade>,
    /// Where the checkpoints stand now (Mirage moves them).
    pub(crate) checkpoints: Vec<Pos>,
    /// Energon cubes on the course, one entry per cube.
    pub(crate) cubes: Vec<Pos>,
    /// Mines on the course.
    pub(crate) mines: Vec<Pos>,
    pub(crate) priority: PlayerId,
    pub(crate) phase: Phase,
    pub(crate) paused: Option<Paused>,
    pub(crate) rng: Rng,
    #[serde(skip)]
    pub(crate) scratch: Transient<Scratch>,
    /// No events are reported (the planner's copies, which nobody reads).
    #[serde(skip)]
    pub(crate) quiet: bool,
}

robo_core::checked_saves!(Race);

/// What a race keeps beside its state: the events of the answer being
/// applied, reused buffers, and what the move under way set off.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    pub(crate) notes: MoveNotes,
    /// The robot making its own move now (a card's, an upgrade's, a slide):
    /// own moves follow the mode's rules of entry; pushed and carried
    /// robots follow others.
    pub(crate) mover: Option<RobotId>,
    /// The move under way is a card's (road corners and arrows ask).
    pub(crate) card_move: bool,
    /// The cells of a jump the move under way earned on a ramp (its run-up).
    pub(crate) jump: Option<u8>,
    /// The mover stepped back off a mine this way: its movement last went
    /// that way (an oil slide follows it).
    pub(crate) bounced: Option<Dir>,
    /// Tasks the move or step under way set off, in order.
    pub(crate) follow: SmallVec<[Task; 8]>,
    /// Cards each robot drew at the last planning phase's refill (for
    /// scenario expectations; nothing reads it otherwise).
    pub(crate) dealt: SmallVec<[Option<u8>; 6]>,
    /// Every fast path left out, the general path taken (this crate's
    /// differential test, `quick::tests`, sets it on one of two twins).
    #[cfg(test)]
    pub(crate) general: bool,
    /// Card moves made on the fast path so far (the differential test
    /// checks that its races exercise it).
    #[cfg(test)]
    pub(crate) quick_moves: u32,
}

impl Race {
    /// Validates `setup` and deals the race from `seed`; the race then
    /// waits for the first start-space choice.
    ///
    /// # Errors
    /// The [`SetupError`] of the first failed check.
    pub fn create(setup: Setup, seed: u64) -> Result<Race, SetupError> {
        validate(&setup)?;
        let mut race = Race::deal(setup, seed);
        // The round begins once every robot has chosen its start space.
        let first = Task::Starts(Turns::from(race.priority));
        race.core.agenda.push(first);
        race.advance();
        race.core.scratch.events.clear();
        Ok(race)
    }

    /// The race of a setup, dealt from `seed`, before anything is asked
    /// (the round's beginning on its agenda, nothing before it). The setup
    /// is not checked.
    pub(crate) fn deal(setup: Setup, seed: u64) -> Race {
        let mut rng = Rng::from_seed(seed);
        let facing = setup.course.start_facing();
        let damage = Deck::shuffled(CardId::damage_cards().collect(), &mut rng);
        let mut upgrades = Deck::shuffled(Upgrade::deck().collect(), &mut rng);
        let players: Vec<Player> = setup
            .seats
            .iter()
            .enumerate()
            .map(|(s, seat)| {
                let deck = Deck::shuffled(CardId::deck_of(PlayerId(s as u8)).collect(), &mut rng);
                Player::new(seat.character, deck, upgrades.draw_no_reshuffle())
            })
            .collect();
        let bodies = setup
            .seats
            .iter()
            .map(|seat| Body {
                pos: Pos::default(),
                facing,
                on_board: false,
                extra: seat.mode,
            })
            .collect();
        let m = setup.course.extras().clone();
        let checkpoints = setup.course.checkpoints().to_vec();
        Race {
            core: RaceCore::new(setup.max_rounds, Task::BeginRound),
            arena: Shared::new(Arena::new(setup.course)),
            teams: setup.teams,
            players,
            bodies,
            damage,
            upgrades,
            checkpoints,
            cubes: m.energon,
            mines: m.mines,
            priority: setup.priority,
            phase: Phase::Setup,
            paused: None,
            rng,
            scratch: Transient::default(),
            quiet: false,
        }
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

    /// A player's board, `None` for a seat that does not exist.
    #[must_use]
    pub fn player(&self, p: PlayerId) -> Option<&Player> {
        self.players.get(p.index())
    }

    /// Number of seats.
    #[must_use]
    pub fn seats(&self) -> usize {
        self.players.len()
    }

    /// Where a player's robot stands and faces; `None` off the course.
    #[must_use]
    pub fn robot(&self, p: PlayerId) -> Option<(Pos, Dir)> {
        self.bodies
            .on_board(RobotId::of(p))
            .map(|b| (b.pos, b.facing))
    }

    /// A robot's mode.
    #[must_use]
    pub fn mode(&self, p: PlayerId) -> Mode {
        self.bodies
            .get(RobotId::of(p))
            .map_or(Mode::Alt, |b| b.extra)
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

    /// Who holds the Cosmos priority token.
    #[must_use]
    pub fn priority(&self) -> PlayerId {
        self.priority
    }

    /// The teams of Team Versus Team, one per seat.
    #[must_use]
    pub fn teams(&self) -> Option<&[u8]> {
        self.teams.as_deref()
    }

    /// Where the checkpoints stand now, in order.
    #[must_use]
    pub fn checkpoints(&self) -> &[Pos] {
        &self.checkpoints
    }

    /// Energon cubes on the course, one entry per cube.
    #[must_use]
    pub fn cubes(&self) -> &[Pos] {
        &self.cubes
    }

    /// Mines on the course.
    #[must_use]
    pub fn mines(&self) -> &[Pos] {
        &self.mines
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

    /// The outcome, once the race is over.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        self.core.outcome.as_ref()
    }

    /// The move waiting at a road corner or curved arrow, if any.
    #[must_use]
    pub fn paused(&self) -> Option<&Paused> {
        self.paused.as_ref()
    }

    /// Is every fast path to be left out for the general one? Only this
    /// crate's differential test (`quick::tests`) says yes; otherwise a
    /// constant `false` the compiler folds away.
    #[inline]
    pub(crate) fn general(&self) -> bool {
        #[cfg(test)]
        {
            self.scratch.general
        }
        #[cfg(not(test))]
        {
            false
        }
    }

    /// The tile under a robot on the course.
    pub(crate) fn tile_under(&self, p: PlayerId) -> Option<Tile> {
        self.robot(p).and_then(|(at, _)| self.arena.tile(at))
    }

    /// Reports an event.
    pub(crate) fn emit(&mut self, e: Event) {
        if !self.quiet {
            self.core.emit(e);
        }
    }

    /// Gives `p` Energon (capped), reporting the change.
    pub(crate) fn gain_energon(&mut self, p: PlayerId, n: u8) {
        let Some(pl) = self.players.get_mut(p.index()) else {
            return;
        };
        if pl.gain(n) > 0 {
            let energon = pl.energon;
            self.emit(Event::Energon { player: p, energon });
        }
    }

    /// Takes `n` Energon from `p` if it has that much.
    pub(crate) fn pay(&mut self, p: PlayerId, n: u8) -> bool {
        let Some(pl) = self.players.get_mut(p.index()) else {
            return false;
        };
        if pl.energon < n {
            return false;
        }
        pl.energon -= n;
        if n > 0 {
            let energon = pl.energon;
            self.emit(Event::Energon { player: p, energon });
        }
        true
    }

    /// The first turn of a sequence in priority order.
    pub(crate) fn first_turn(&self) -> Turns {
        Turns::from(self.priority)
    }

    /// Puts `tasks` on the agenda to run next, in order, saying whether
    /// that set something off.
    pub(crate) fn set_off(&mut self, tasks: &[Task]) -> StepFlow {
        self.core.set_off(tasks)
    }

    /// Puts the tasks the last move or step set off on the agenda.
    pub(crate) fn flush_follow(&mut self) -> StepFlow {
        let tasks = std::mem::take(&mut self.scratch.follow);
        self.set_off(&tasks)
    }
}
