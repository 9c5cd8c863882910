//! Building a race at an exact position (scenarios, puzzles, tests):
//! robots, mats, piles and the phase to start in, checked and typed.
//!
//! Cards are given by kind; the builder picks the physical cards (a
//! seat's own programming cards, the damage deck's SPAM and Haywires) and
//! refuses more copies than exist. Piles given as "top" lists put those
//! cards on top in that order; the cards nobody was given are shuffled
//! (with the position's seed) underneath.

use crate::arena::{Arena, Shared};
use crate::cards::{Card, CardId, Haywire};
use crate::events::Phase;
use crate::race::Race;
use crate::robot::{Body, Player, Status, LIMITS, MAX_ENERGY, REGISTERS};
use crate::setup::{validate_seats, Setup, SetupError};
use crate::task::Task;
use crate::upgrades::Upgrade;
use robo_core::board::BoardId;
use robo_core::geom::{Dir, Pos};
use robo_core::race::frame::{GridRace, RaceCore};
use robo_core::race::upgrades::Slot;
use robo_core::Transient;
use robo_core::{Deck, PlayerId, Rng};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use thiserror::Error;

/// Where the race starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum StartAt {
    /// The upgrade phase of the round.
    Upgrade,
    /// The programming phase, hands as given (nothing more is drawn).
    #[default]
    Programming,
    /// The start of this register (1 to 5); earlier registers are face up.
    Register(u8),
}

/// One robot and its mat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct RobotSpec {
    /// Cell and facing; `None` for a robot waiting to reboot.
    pub at: Option<(Pos, Dir)>,
    /// The board a rebooting robot fell from (`None`: its archive token).
    pub fell_from: Option<BoardId>,
    /// The archive token (default: where the robot stands; for a robot off
    /// the board, the course's start space of its seat, in start order).
    pub archive: Option<(Pos, Dir)>,
    /// Energy, 0 to 10.
    pub energy: u8,
    /// Checkpoints already reached.
    pub checkpoints: u8,
    /// Installed upgrades (at most 3 of each kind).
    pub installed: Vec<Upgrade>,
    /// Uninstalled upgrades.
    pub uninstalled: Vec<Upgrade>,
    /// Register cards; a rotate card followed by a Move 1 is a Crab Legs pair.
    pub registers: [Vec<Card>; REGISTERS],
    /// Face-down Haywires under the registers.
    pub under: [Option<Haywire>; REGISTERS],
    /// The hand.
    pub hand: Vec<Card>,
    /// Top of the programming deck, top card first.
    pub deck_top: Vec<Card>,
    /// The discard pile, most recent first.
    pub discard: Vec<Card>,
    /// Cards on Memory Cards.
    pub memory: Vec<Card>,
    /// Shut down this round.
    pub shut_down: bool,
    /// Cards of this robot's deck removed from the game.
    pub removed: Vec<Card>,
    /// The programming cards given nowhere else go to the bottom of the
    /// discard pile instead of under the deck (for an empty deck).
    pub rest_in_discard: bool,
}

impl RobotSpec {
    /// A robot on `pos` facing `dir`, 3 energy, nothing else.
    #[must_use]
    pub fn at(pos: Pos, dir: Dir) -> Self {
        RobotSpec {
            at: Some((pos, dir)),
            energy: 3,
            ..RobotSpec::default()
        }
    }
}

/// An exact position to start a race from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// Course, options and round cap; `robots` must match `robots.len()`.
    pub setup: Setup,
    /// Seed of the game's generator (and of the shuffles of unlisted cards).
    pub seed: u64,
    /// The round, from 1.
    pub round: u16,
    /// The priority token's holder.
    pub priority: PlayerId,
    /// The phase to start in.
    pub start: StartAt,
    /// The robots, in seat order.
    pub robots: Vec<RobotSpec>,
    /// Top of the damage deck, top card first.
    pub damage_top: Vec<Card>,
    /// The damage discard pile, most recent first.
    pub damage_discard: Vec<Card>,
    /// Top of the upgrade deck, top card first.
    pub upgrade_top: Vec<Upgrade>,
    /// The upgrade discard pile, most recent first.
    pub upgrade_discard: Vec<Upgrade>,
    /// Damage cards removed from the game.
    #[serde(default)]
    pub damage_removed: Vec<Card>,
    /// The damage cards given nowhere else go to the bottom of the damage
    /// discard pile instead of under the damage deck (for an empty deck).
    #[serde(default)]
    pub damage_rest_in_discard: bool,
}

impl Position {
    /// A position on `setup`'s course with these robots, round 1,
    /// programming phase, everything else default.
    #[must_use]
    pub fn new(mut setup: Setup, robots: Vec<RobotSpec>) -> Self {
        setup.robots = u8::try_from(robots.len()).unwrap_or(u8::MAX);
        Position {
            setup,
            seed: 0,
            round: 1,
            priority: PlayerId(0),
            start: StartAt::Programming,
            robots,
            damage_top: Vec::new(),
            damage_discard: Vec::new(),
            upgrade_top: Vec::new(),
            upgrade_discard: Vec::new(),
            damage_removed: Vec::new(),
            damage_rest_in_discard: false,
        }
    }
}

/// A position that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The setup itself is refused.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// `setup.robots` and the robots listed disagree.
    #[error("the setup says {setup} robots but {listed} are listed")]
    RobotCount {
        /// From the setup.
        setup: u8,
        /// Listed.
        listed: usize,
    },
    /// More copies of a card than the game has.
    #[error("{player} is given more {card} cards than there are")]
    NoCardLeft {
        /// Whose mat (the damage piles count as player 255).
        player: PlayerId,
        /// The card.
        card: Card,
    },
    /// A rebooting robot said to have fallen from a board the course lacks.
    #[error("{player} fell from board {board}, which the course does not have")]
    UnknownBoard {
        /// Whose robot.
        player: PlayerId,
        /// The board id given.
        board: BoardId,
    },
    /// An archive token off the floor or on a pit.
    #[error("{player}'s archive token cannot be on {at}")]
    BadArchive {
        /// Whose token.
        player: PlayerId,
        /// Where.
        at: Pos,
    },
    /// A programming card given to the damage deck or its discard pile.
    #[error("the damage piles hold only SPAM and Haywire cards, not {0}")]
    NotDamage(Card),
    /// An upgrade given twice.
    #[error("{0} is given twice")]
    UpgradeTwice(Upgrade),
    /// A robot off the floor, on a pit, or on another robot.
    #[error("{player} cannot stand on {at}")]
    BadCell {
        /// Whose robot.
        player: PlayerId,
        /// Where.
        at: Pos,
    },
    /// Energy over 10, too many checkpoints or installed upgrades.
    #[error("{player}: {what}")]
    OutOfRange {
        /// Whose mat.
        player: PlayerId,
        /// What.
        what: &'static str,
    },
    /// Round 0, a register outside 1..=5, or a priority holder who is not a player.
    #[error("bad phase: {0}")]
    BadPhase(&'static str),
}

/// The seat the damage deck and its discard pile are given as.
const DAMAGE_PILES: PlayerId = PlayerId(u8::MAX);

/// Physical cards not yet given to anyone.
struct Pools {
    free: Vec<bool>,
}

impl Pools {
    fn is_free(&self, c: CardId) -> bool {
        self.free.get(usize::from(c.0)).copied().unwrap_or(false)
    }

    fn take(&mut self, card: Card, seat: PlayerId, who: PlayerId) -> Result<CardId, PositionError> {
        let found = match card {
            Card::Haywire(h) => Some(CardId::haywire(h)).filter(|&c| self.is_free(c)),
            Card::Spam => {
                CardId::damage_cards().find(|&c| c.card() == Card::Spam && self.is_free(c))
            }
            k if seat == DAMAGE_PILES => return Err(PositionError::NotDamage(k)),
            k => CardId::deck_of(seat).find(|&c| c.card() == k && self.is_free(c)),
        };
        let c = found.ok_or(PositionError::NoCardLeft { player: who, card })?;
        self.free[usize::from(c.0)] = false;
        Ok(c)
    }

    fn rest(&mut self, ids: impl Iterator<Item = CardId>) -> Vec<CardId> {
        let out: Vec<CardId> = ids.filter(|&c| self.is_free(c)).collect();
        for c in &out {
            self.free[usize::from(c.0)] = false;
        }
        out
    }
}

fn cards(pools: &mut Pools, list: &[Card], seat: PlayerId) -> Result<Vec<CardId>, PositionError> {
    list.iter().map(|&c| pools.take(c, seat, seat)).collect()
}

/// A pile with `top` first and the shuffled `rest` under it.
fn pile<C>(top: Vec<C>, mut rest: Vec<C>, rng: &mut Rng) -> Vec<C> {
    rng.shuffle(&mut rest);
    let mut all = top;
    all.extend(rest);
    all
}

/// A deck of `draw` and `discard` with the shuffled `rest` under one of them.
fn deck_of<C>(
    draw: Vec<C>,
    discard: Vec<C>,
    rest: Vec<C>,
    in_discard: bool,
    rng: &mut Rng,
) -> Deck<C> {
    if in_discard {
        Deck::from_piles(draw, pile(discard, rest, rng))
    } else {
        Deck::from_piles(pile(draw, rest, rng), discard)
    }
}

impl Race {
    /// A race at an exact position.
    ///
    /// # Errors
    /// A [`PositionError`] naming the first part that does not fit.
    ///
    /// ```
    /// use robo_core::geom::{Dir, Pos};
    /// use variant_2023::position::{Position, RobotSpec};
    /// use variant_2023::testkit::simple_course;
    /// use variant_2023::{Race, Setup};
    /// let robots = vec![RobotSpec::at(Pos::new(0, 6), Dir::N), RobotSpec::at(Pos::new(1, 6), Dir::N)];
    /// let race = Race::from_position(Position::new(Setup::new(simple_course(), 2), robots)).unwrap();
    /// assert_eq!(race.robot(robo_core::PlayerId(1)), Some((Pos::new(1, 6), Dir::N)));
    /// ```
    pub fn from_position(pos: Position) -> Result<Race, PositionError> {
        Race::start_at(pos).map(|(race, _)| race)
    }

    /// A race at an exact position, with the events of what resolved before
    /// the first decision (for a position that starts in a register, the
    /// registers up to the next choice).
    ///
    /// # Errors
    /// As [`Race::from_position`].
    pub fn start_at(pos: Position) -> Result<(Race, Vec<crate::events::Event>), PositionError> {
        let mut race = Race::build(pos)?;
        race.advance();
        let events = std::mem::take(&mut race.core.scratch.events);
        Ok((race, events))
    }

    /// A race at an exact position, resting before anything resolves: run
    /// it with [`Race::advance_to`] (a tool for benches and scenario
    /// runners; [`Race::from_position`] runs on to the first decision).
    ///
    /// # Errors
    /// As [`Race::from_position`].
    pub fn resting_at(pos: Position) -> Result<Race, PositionError> {
        Race::build(pos)
    }

    /// A race at an exact position, before anything resolves (the agenda
    /// is set up but not run; call `advance`).
    pub(crate) fn build(pos: Position) -> Result<Race, PositionError> {
        let n = pos.robots.len();
        if usize::from(pos.setup.robots) != n {
            return Err(PositionError::RobotCount {
                setup: pos.setup.robots,
                listed: n,
            });
        }
        // A position may hold a single robot (a race needs two).
        validate_seats(&pos.setup, 1)?;
        if pos.round == 0 || pos.priority.index() >= n {
            return Err(PositionError::BadPhase(
                "round 0 or priority holder not a player",
            ));
        }
        if let StartAt::Register(r) = pos.start {
            if !(1..=5).contains(&r) {
                return Err(PositionError::BadPhase("registers are numbered 1 to 5"));
            }
        }
        let arena = Arena::new(pos.setup.course.clone());
        let mut rng = Rng::from_seed(pos.seed);
        let mut pools = Pools {
            free: vec![true; CardId::count(n)],
        };
        let mut given_upgrades: Vec<Upgrade> = Vec::new();
        let mut give = |u: Upgrade| {
            if given_upgrades.contains(&u) {
                return Err(PositionError::UpgradeTwice(u));
            }
            given_upgrades.push(u);
            Ok(u)
        };
        let mut players = Vec::with_capacity(n);
        let mut removed = Vec::new();
        let mut bodies: SmallVec<[Body; 6]> = SmallVec::new();
        let facing = pos.setup.course.start_facing();
        for (i, spec) in pos.robots.iter().enumerate() {
            let seat = PlayerId(i as u8);
            let range = |what| PositionError::OutOfRange { player: seat, what };
            if spec.energy > MAX_ENERGY {
                return Err(range("energy above 10"));
            }
            if spec.checkpoints >= arena.checkpoints() {
                return Err(range(
                    "checkpoints reached must be fewer than the course has",
                ));
            }
            let body = match spec.at {
                Some((at, dir)) => {
                    if !arena.can_stand(at) || bodies.iter().any(|b| b.on_board && b.pos == at) {
                        return Err(PositionError::BadCell { player: seat, at });
                    }
                    Body::new(at, dir, true)
                }
                None => Body::new(Pos::default(), facing, false),
            };
            bodies.push(body);
            // A robot off the board without an archive token keeps it on
            // the start space of its seat (ruling in docs/rulings.md).
            let seat_start = || {
                let starts = arena.course().starts();
                starts.get(i).or(starts.first()).map(|&p| (p, facing))
            };
            let archive = spec
                .archive
                .or(spec.at)
                .or_else(seat_start)
                .unwrap_or((Pos::default(), facing));
            if !arena.can_stand(archive.0) {
                return Err(PositionError::BadArchive {
                    player: seat,
                    at: archive.0,
                });
            }
            if let Some(board) = spec.fell_from {
                if !arena.course().board().has_board(board) {
                    return Err(PositionError::UnknownBoard {
                        player: seat,
                        board,
                    });
                }
            }
            let mut pl = Player::new(Deck::default(), spec.energy, archive);
            pl.checkpoints = spec.checkpoints;
            pl.status = match (spec.at, spec.shut_down) {
                (Some(_), false) => Status::Running,
                (Some(_), true) => Status::ShutDown,
                (None, shut_down) => {
                    // It comes back shut down (see `Race::re_enter`).
                    pl.round.shutdown_declared = shut_down;
                    Status::Rebooting(spec.fell_from.unwrap_or(arena.course().docking_bay()))
                }
            };
            for &u in &spec.installed {
                pl.installed_of_mut(u.kind()).push(give(u)?);
            }
            if pl.slots.permanent.len() > LIMITS.of(Slot::Permanent)
                || pl.slots.temporary.len() > LIMITS.of(Slot::Temporary)
            {
                return Err(range("more than 3 installed upgrades of a kind"));
            }
            for &u in &spec.uninstalled {
                pl.slots.uninstalled.push(give(u)?);
            }
            pl.hand = cards(&mut pools, &spec.hand, seat)?;
            pl.memory = cards(&mut pools, &spec.memory, seat)?;
            for r in 0..REGISTERS {
                let ids = cards(&mut pools, &spec.registers[r], seat)?;
                let reg = &mut pl.registers[r];
                reg.crab = ids.len() == 2
                    && matches!(ids[0].card(), Card::RotateLeft | Card::RotateRight)
                    && ids[1].card() == Card::Move1;
                reg.cards = ids.into_iter().collect();
                reg.revealed = matches!(pos.start, StartAt::Register(k) if r + 1 < usize::from(k));
                if let Some(h) = spec.under[r] {
                    reg.under = Some(pools.take(Card::Haywire(h), seat, seat)?);
                }
            }
            let top = cards(&mut pools, &spec.deck_top, seat)?;
            let discard = cards(&mut pools, &spec.discard, seat)?;
            removed.extend(cards(&mut pools, &spec.removed, seat)?);
            players.push((pl, top, discard, spec.rest_in_discard));
        }
        let damage_top = cards(&mut pools, &pos.damage_top, DAMAGE_PILES)?;
        let damage_discard = cards(&mut pools, &pos.damage_discard, DAMAGE_PILES)?;
        removed.extend(cards(&mut pools, &pos.damage_removed, DAMAGE_PILES)?);
        let mut built = Vec::with_capacity(n);
        for (i, (mut pl, top, discard, in_discard)) in players.into_iter().enumerate() {
            let rest = pools.rest(CardId::deck_of(PlayerId(i as u8)));
            pl.deck = deck_of(top, discard, rest, in_discard, &mut rng);
            built.push(pl);
        }
        let rest = pools.rest(CardId::damage_cards());
        let damage = deck_of(
            damage_top,
            damage_discard,
            rest,
            pos.damage_rest_in_discard,
            &mut rng,
        );
        for &u in pos.upgrade_top.iter().chain(&pos.upgrade_discard) {
            give(u)?;
        }
        let rest: Vec<Upgrade> = Upgrade::ALL
            .into_iter()
            .filter(|u| !given_upgrades.contains(u))
            .collect();
        let upgrades = Deck::from_piles(
            pile(pos.upgrade_top.clone(), rest, &mut rng),
            pos.upgrade_discard.clone(),
        );
        let (phase, agenda) = match pos.start {
            StartAt::Upgrade => (
                Phase::Upgrade,
                vec![
                    Task::EndProgramming,
                    Task::Programming,
                    Task::BeginProgramming,
                    Task::Upgrades,
                ],
            ),
            StartAt::Programming => (
                Phase::Programming,
                vec![Task::EndProgramming, Task::Programming],
            ),
            StartAt::Register(r) => (Phase::Activation, vec![Task::Register { register: r }]),
        };
        let mut core = RaceCore::new(pos.setup.max_rounds, Task::BeginRound);
        core.round = pos.round;
        core.agenda = agenda;
        let mut race = Race {
            core,
            arena: Shared::new(arena),
            options: pos.setup.options,
            players: built,
            bodies: bodies.into_iter().collect(),
            damage,
            upgrades,
            removed: Vec::new(),
            cubes: SmallVec::new(),
            priority: pos.priority,
            phase,
            rng,
            scratch: Transient::default(),
        };
        if let StartAt::Register(_) = pos.start {
            for pl in &mut race.players {
                pl.round.program = crate::robot::ProgramStatus::Submitted;
                pl.round.upgrades_done = true;
            }
        }
        race.removed = removed;
        Ok(race)
    }
}
