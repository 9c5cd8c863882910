//! The table both race loops start from: the game set up (new, or from a
//! scenario file), one bot per seat, and the header line.

use super::{RaceError, RaceOptions, ACTIONS_PER_ROUND};
use crate::bots;
use crate::core::protocol::{seat_seed, Pending, Policy};
use crate::core::PlayerId;
use crate::editions::{Edition, NewGame, Playable};
use std::io::Write;

/// A race set up and its bots seated, as both loops start.
pub(super) struct Table<G: Playable> {
    pub(super) game: G,
    bots: Vec<Box<dyn Policy<G>>>,
    /// `P0 planner`, ... in seat order.
    pub(super) names: Vec<String>,
    /// Actions the bots took.
    pub(super) actions: usize,
    /// Actions allowed before the race is called broken.
    limit: usize,
}

impl<G: Playable> Table<G> {
    /// The game (new, or from the scenario file) and one bot per seat;
    /// writes the header line.
    pub(super) fn seat(options: &RaceOptions, out: &mut dyn Write) -> Result<Self, RaceError> {
        let game: G = match &options.scenario {
            Some(path) => crate::scenario::load::<G>(path)?,
            None => {
                let given = options.policies.len();
                if given != 0 && given != usize::from(options.players) {
                    return Err(RaceError::Seats {
                        players: options.players,
                        policies: given,
                    });
                }
                G::new_game(&NewGame {
                    course: options.course.clone(),
                    players: options.players,
                    seed: options.seed,
                    max_rounds: Some(options.max_rounds),
                    priority: options.priority,
                })?
            }
        };
        // A scenario decides the seats; one policy given serves them all.
        let seats = game.num_players();
        let policies: Vec<&str> = match options.policies.as_slice() {
            list if list.len() == seats => list.iter().map(String::as_str).collect(),
            [] => vec![G::BOTS.first().copied().unwrap_or("random"); seats],
            [one, ..] if options.scenario.is_some() => vec![one.as_str(); seats],
            list => {
                return Err(RaceError::Seats {
                    players: seats as u8,
                    policies: list.len(),
                })
            }
        };
        let mut bots = Vec::with_capacity(seats);
        let mut names = Vec::with_capacity(seats);
        for (i, name) in policies.iter().enumerate() {
            let seat = PlayerId(i as u8);
            bots.push(bots::typed::<G>(name, seat_seed(options.seed, seat))?);
            names.push(format!("P{i} {}", bots::canonical(G::EDITION, name)?));
        }
        // The first priority holder (conquest: the first player).
        let token = match (options.priority, G::EDITION) {
            (0, _) => String::new(),
            (k, Edition::Conquest) => format!("; P{k} plays first"),
            (k, _) => format!("; P{k} first holds the priority token"),
        };
        writeln!(
            out,
            "{} ({} players: {}{token}), seed {}",
            game.setting(),
            seats,
            names.join(", "),
            options.seed
        )?;
        Ok(Table {
            game,
            bots,
            names,
            actions: 0,
            limit: ACTIONS_PER_ROUND * (usize::from(options.max_rounds) + 2),
        })
    }

    /// The next pending seat's bot answers, its events in `events`; the
    /// outcome instead once the game is over.
    pub(super) fn step(
        &mut self,
        events: &mut Vec<G::Event>,
    ) -> Result<Option<G::Outcome>, RaceError> {
        let player = match self.game.pending() {
            Pending::Terminal(o) => return Ok(Some(o)),
            Pending::Decision { player, .. } => player,
            Pending::Simultaneous { players, .. } => match players.first() {
                Some(p) => *p,
                None => return Err(RaceError::TooLong(self.actions)),
            },
        };
        let bot = self
            .bots
            .get_mut(player.index())
            .ok_or(RaceError::Resigned(player))?;
        let action = bot
            .choose(&self.game, player)
            .ok_or(RaceError::Resigned(player))?;
        events.clear();
        self.game
            .apply_into(player, action, events)
            .map_err(|error| RaceError::Refused {
                player,
                error: error.to_string(),
            })?;
        self.actions += 1;
        if self.actions > self.limit {
            return Err(RaceError::TooLong(self.actions));
        }
        Ok(None)
    }
}
