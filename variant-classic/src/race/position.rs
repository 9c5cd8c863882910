//! A game set up at an exact position (scenario files, tests, benches):
//! robots where they stand, with their cards, damage and lives, resolving
//! from a given register or programming.

use super::{Race, Robot, Task, REGISTERS};
use crate::cards::{deck, Card};
use crate::courses::Course;
use crate::world::World;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::RobotId;
use robo_core::race::frame::{GridRace, RaceCore};
use robo_core::rng::Rng;
use robo_core::transient::Transient;
use smallvec::SmallVec;

/// Where a game set up at a position begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The registers are programmed; they resolve from this one (1 to 5).
    Register(u8),
    /// The programming phase, with the hands as given.
    Programming,
}

/// One robot of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Its cell and facing, `None` while destroyed (it re-enters at the
    /// end of the turn).
    pub at: Option<(Pos, Dir)>,
    /// Virtual.
    pub ghost: bool,
    /// Flying (see [`crate::world::Extra::flying`]).
    pub flying: bool,
    /// Its cards and counters.
    pub robot: Robot,
}

/// A position to set a game up at.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// The course.
    pub course: Course,
    /// The robots in seat order.
    pub robots: Vec<Placed>,
    /// The turn (from 1).
    pub round: u16,
    /// Where it begins.
    pub start: Start,
    /// The seed of the game's generator.
    pub seed: u64,
    /// The turn cap.
    pub max_rounds: Option<u16>,
    /// The On the Clock rule.
    pub on_the_clock: bool,
    /// Play on for the places after the winner.
    pub play_on: bool,
    /// The variant rules.
    pub variants: super::Variants,
    /// The High-Flying rule.
    pub high_flying: bool,
    /// The devices on the board.
    pub devices: Vec<super::Device>,
}

impl Race {
    /// The game at `position`, resting before its first task: run it with
    /// [`Race::run_on`] or [`Race::advance_to`].
    ///
    /// # Errors
    /// A message saying what does not fit: robots sharing a cell or off
    /// the floor, an archive marker off the floor, a card in two places, a
    /// bad register number.
    pub fn at_position(position: Position) -> Result<Race, String> {
        let Position {
            course,
            robots,
            round,
            start,
            seed,
            max_rounds,
            on_the_clock,
            play_on,
            variants,
            high_flying,
            devices,
        } = position;
        let n = robots.len();
        crate::courses::check_portals(course.board()).map_err(|e| e.to_string())?;
        let mut world = World::new(course, n);
        world.set_high_flying(high_flying);
        for d in &devices {
            if !world.course().board().contains(d.at) || d.owner.index() >= n {
                return Err(format!("device {} cannot be on {}", d.id, d.at));
            }
        }
        world.next_device = devices.iter().map(|d| d.id + 1).max().unwrap_or(0);
        for d in devices
            .iter()
            .filter(|d| d.kind == super::DeviceKind::Bridge)
        {
            let _ = world.lay_bridge(d.at);
        }
        world.devices = devices;
        for (i, p) in robots.iter().enumerate() {
            if !world.course().board().contains(p.robot.archive) {
                return Err(format!(
                    "robot {i}'s archive marker {} is off the board",
                    p.robot.archive
                ));
            }
            if let Some((at, facing)) = p.at {
                if !world.course().board().contains(at) {
                    return Err(format!("robot {i} cannot stand on {at}"));
                }
                world.set_flying(RobotId(i as u8), p.flying);
                world.place(RobotId(i as u8), at, facing, p.ghost);
            }
        }
        world.log.clear();
        let held: Vec<Card> = robots
            .iter()
            .flat_map(|p| p.robot.hand.iter().copied().chain(p.robot.program_cards()))
            .collect();
        let mut pile = deck();
        pile.retain(|c| !held.contains(c));
        let mut rng = Rng::from_seed(seed);
        rng.shuffle(&mut pile);
        let mut agenda_order: SmallVec<[Task; 12]> = SmallVec::new();
        let first = match start {
            Start::Register(r) if (1..=REGISTERS as u8).contains(&r) => r,
            Start::Register(r) => return Err(format!("there is no register {r}")),
            Start::Programming => {
                agenda_order.push(Task::Program);
                1
            }
        };
        for reg in first..=REGISTERS as u8 {
            agenda_order.push(Task::Register(reg));
            agenda_order.push(Task::RegisterEnd(reg));
        }
        agenda_order.push(Task::EndTurn);
        let mut list: Vec<Robot> = robots.into_iter().map(|p| p.robot).collect();
        for r in &mut list {
            let running = r.alive() && !r.destroyed && r.power == super::Power::On;
            r.programmed = start != Start::Programming || !running;
        }
        let mut core = RaceCore::new(max_rounds, Task::EndTurn);
        core.round = round;
        core.register = if start == Start::Programming {
            0
        } else {
            first - 1
        };
        core.agenda = agenda_order.iter().rev().copied().collect();
        let mut race = Race {
            core,
            world,
            robots: list,
            deck: pile,
            option_deck: Vec::new(),
            rng,
            order: SmallVec::new(),
            start: super::StartRule::Docks,
            on_the_clock,
            play_on,
            variants,
            piles: super::Piles::default(),
            scratch: Transient::default(),
        };
        let mut cells = Vec::new();
        for (r, b) in race.world.bodies().placed() {
            if !b.extra.ghost {
                if cells.contains(&(b.pos, b.extra.flying)) {
                    return Err(format!("robot {} shares {} with another robot", r.0, b.pos));
                }
                cells.push((b.pos, b.extra.flying));
            }
        }
        let mut cards = held;
        let total = cards.len();
        cards.sort();
        cards.dedup();
        if cards.len() != total {
            return Err("a card is listed twice".into());
        }
        race.options_in_one_place()?;
        race.deal_piles();
        Ok(race)
    }

    /// Sets the top of the program card deck (this turn's, dealt from by
    /// options during the turn) and of the option deck, top card first, for
    /// a game set up with [`Race::at_position`]: the other cards of each
    /// deck, none held, lie shuffled under them.
    ///
    /// # Errors
    /// A card listed that is not in its deck (held, or listed twice).
    pub(crate) fn stack_decks(
        &mut self,
        program: &[Card],
        options: &[crate::options::OptionCard],
    ) -> Result<(), String> {
        if !program.is_empty() {
            let mut rest = self.deck.clone();
            for c in program {
                let i = rest
                    .iter()
                    .position(|d| d == c)
                    .ok_or_else(|| format!("deck: {c} is held or listed twice"))?;
                rest.remove(i);
            }
            // The top of the deck is its last card.
            rest.extend(program.iter().rev());
            self.deck = rest;
        }
        if !options.is_empty() {
            let robots = &self.robots;
            let piles = &self.piles;
            let bio_bots = self.variants.bio_bots;
            let mut rest: Vec<crate::options::OptionCard> = crate::options::OptionCard::ALL
                .into_iter()
                .filter(|&c| !robots.iter().any(|r| r.has(c)) && !piles.holds(c))
                .filter(|&c| !(bio_bots && c == crate::options::OptionCard::BioOption))
                .collect();
            for c in options {
                let i = rest
                    .iter()
                    .position(|d| d == c)
                    .ok_or_else(|| format!("option deck: {c} is held or listed twice"))?;
                rest.remove(i);
            }
            self.rng.shuffle(&mut rest);
            rest.extend(options.iter().rev());
            self.option_deck = rest;
        }
        Ok(())
    }

    /// The Standard and Deluxe Option Packages for a game set up with
    /// [`Race::at_position`]: every robot is dealt `n` options from the
    /// shuffled option deck, and with the deluxe variant each robot
    /// holding more than one is asked which to keep (before the first
    /// task).
    pub(crate) fn deal_start_options(&mut self, n: u8) {
        self.deal_options(n);
        self.deluxe_asks();
    }

    /// First Out of the Starting Gate for a game set up with
    /// [`Race::at_position`]: robots neither on the board nor destroyed
    /// take a free dock in register 1 of turn 1.
    pub(crate) fn start_at_the_gate(&mut self) {
        self.start = super::StartRule::Gate;
    }

    /// Runs a game set up with [`Race::at_position`] on to its first
    /// decision (or its end).
    pub fn run_on(&mut self) {
        self.advance();
        self.flush_log();
    }
}
