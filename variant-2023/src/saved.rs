//! Reading a saved race back: the fields as written, checked before they
//! become a [`Race`], so that a damaged or hand-edited save is refused
//! with a message instead of misbehaving later.

use crate::arena::Shared;
use crate::cards::CardId;
use crate::events::Phase;
use crate::race::{Race, Waiting};
use crate::robot::Player;
use crate::setup::{validate, Options, Outcome, Setup};
use crate::task::Task;
use crate::upgrades::Upgrade;
use robo_core::geom::Pos;
use robo_core::race::body::Bodies;
use robo_core::Transient;
use robo_core::{Deck, Game, PlayerId, Rng};
use serde::Deserialize;
use smallvec::SmallVec;

/// A race as saved, not yet checked.
#[derive(Deserialize)]
pub(crate) struct Saved {
    arena: Shared,
    options: Options,
    max_rounds: Option<u16>,
    players: Vec<Player>,
    bodies: Bodies,
    damage: Deck<CardId>,
    upgrades: Deck<Upgrade>,
    removed: Vec<CardId>,
    cubes: SmallVec<[Pos; 6]>,
    priority: PlayerId,
    round: u16,
    register: u8,
    phase: Phase,
    agenda: Vec<Task>,
    waiting: Waiting,
    rng: Rng,
    outcome: Option<Outcome>,
}

impl Task {
    /// The seats a task names.
    fn seats(&self) -> [Option<PlayerId>; 2] {
        use Task::*;
        match *self {
            BlockStart { player }
            | ChooseStart { player }
            | ReEnter { player }
            | Window { player, .. }
            | ResolveSlot { player }
            | ResolveCard { player, .. }
            | Brakes { player }
            | Effect { player, .. }
            | Op { player, .. }
            | Slide { player, .. }
            | HaywireChoice { player, .. }
            | Order { player, .. }
            | Lucky { player, .. }
            | Magnetic { player, .. }
            | Damage { player, .. }
            | Fall { player, .. }
            | Conversion { player }
            | Fire { player }
            | SelfDiagnostics { player } => [Some(player), None],
            Pierce { player, target } | Chassis { player, target } => [Some(player), Some(target)],
            CardTurns(t) | Conversions(t) | WeaponTurns(t) | Checkpoints(t) => {
                [Some(t.first), None]
            }
            BeginRound
            | Upgrades
            | BeginProgramming
            | Programming
            | EndProgramming
            | Register { .. }
            | Step { .. }
            | EndRegister
            | EndRound => [None, None],
        }
    }
}

impl TryFrom<Saved> for Race {
    type Error = String;

    fn try_from(s: Saved) -> Result<Race, String> {
        let n = s.players.len();
        let mut setup = Setup::new(s.arena.course().clone(), u8::try_from(n).unwrap_or(u8::MAX));
        setup.options = s.options;
        setup.max_rounds = s.max_rounds;
        validate(&setup).map_err(|e| e.to_string())?;
        if s.bodies.len() != n {
            return Err(format!("{} robots for {n} players", s.bodies.len()));
        }
        let seat_ok = |p: PlayerId| p.index() < n;
        let named = s.agenda.iter().flat_map(Task::seats).flatten();
        let waiting = match s.waiting {
            Waiting::One(p, _) => Some(p),
            _ => None,
        };
        if let Some(p) = named
            .chain(waiting)
            .chain([s.priority])
            .find(|p| !seat_ok(*p))
        {
            return Err(format!("{p} is not a seat of this race"));
        }
        if s.register > 5 {
            return Err(format!("there is no register {}", s.register));
        }
        let race = Race {
            arena: s.arena,
            options: s.options,
            max_rounds: s.max_rounds,
            players: s.players,
            bodies: s.bodies,
            damage: s.damage,
            upgrades: s.upgrades,
            removed: s.removed,
            cubes: s.cubes,
            priority: s.priority,
            round: s.round,
            register: s.register,
            phase: s.phase,
            agenda: s.agenda,
            waiting: s.waiting,
            rng: s.rng,
            outcome: s.outcome,
            scratch: Transient::default(),
        };
        race.check_invariants()?;
        Ok(race)
    }
}
