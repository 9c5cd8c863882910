//! The planner's program search: every distinct program the hand allows,
//! each simulated alone through the register pipeline, scored, the best
//! kept.

use super::maps::CourseMaps;
use super::Planner;
use crate::actions::{Program, Slot};
use crate::cards::{Card, CardId};
use crate::race::Race;
use crate::robot::REGISTERS;
use crate::solo::SoloOutcome;
use robo_core::plan::distinct_programs;
use robo_core::PlayerId;
use smallvec::SmallVec;

/// The program a planner chose, with what it expects of it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedProgram {
    /// The program, ready to hand in as [`crate::Action::Program`].
    pub program: Program,
    /// The card in each register (face-down Haywires included).
    pub cards: [Card; REGISTERS],
    /// Its score (higher is better).
    pub score: f32,
    /// What the simulation expects the program to do.
    pub expected: SoloOutcome,
    /// How many distinct programs were simulated.
    pub considered: u64,
}

impl Planner {
    /// The best program for `player` now: every distinct program of the
    /// hand (registers holding a face-down Haywire keep it), simulated alone
    /// with [`Race::simulate_solo`] and scored; the first best in
    /// enumeration order wins. `None` when `player` is not programming a
    /// full program (no such seat, the robot is not placed, or the hand
    /// cannot fill the open registers).
    ///
    /// ```
    /// use robo_core::geom::{Dir, Pos};
    /// use robo_core::PlayerId;
    /// use variant_2023::bots::Planner;
    /// use variant_2023::position::{Position, RobotSpec};
    /// use variant_2023::testkit::simple_course;
    /// use variant_2023::{Card, Race, Setup};
    /// // Checkpoint 1 of the simple course is at (1, 1): three cells north.
    /// let mut me = RobotSpec::at(Pos::new(1, 4), Dir::N);
    /// me.hand = vec![Card::UTurn, Card::RotateLeft, Card::Move3, Card::MoveBack,
    ///                Card::RotateRight, Card::PowerUp, Card::Move1, Card::Again, Card::Move2];
    /// let other = RobotSpec::at(Pos::new(5, 7), Dir::N);
    /// let race = Race::from_position(Position::new(Setup::new(simple_course(), 2), vec![me, other])).unwrap();
    /// let plan = Planner::new(1).best_program(&race, PlayerId(0)).unwrap();
    /// assert_eq!(plan.expected.checkpoints, 1);
    /// assert!(plan.considered > 1000);
    /// ```
    pub fn best_program(&mut self, race: &Race, player: PlayerId) -> Option<PlannedProgram> {
        let pl = race.player(player)?;
        self.prepare(race);
        let this = &*self;
        let maps = this.maps.as_ref()?;
        let slots: [Option<Card>; REGISTERS] =
            std::array::from_fn(|r| pl.registers()[r].card().map(CardId::card));
        let hand: SmallVec<[Card; 12]> = pl.hand().iter().map(|c| c.card()).collect();
        let must: SmallVec<[Card; 5]> = pl.must_program.iter().map(|c| c.card()).collect();
        let start = pl.checkpoints();
        let mut best: Option<([Card; REGISTERS], f32, SoloOutcome)> = None;
        let mut failed = false;
        let considered = distinct_programs(&hand, &slots, |p| {
            let Ok(cards) = <[Card; REGISTERS]>::try_from(p) else {
                return;
            };
            if !must.is_empty() && !programs_all(&cards, &slots, &must) {
                return;
            }
            let Ok(out) = race.simulate_solo(player, &cards) else {
                failed = true;
                return;
            };
            let score = this.score(maps, start, &out, &cards, &slots);
            if best.as_ref().is_none_or(|b| score > b.1) {
                best = Some((cards, score, out));
            }
        });
        if failed {
            return None;
        }
        let (cards, score, expected) = best?;
        let program = assign(pl.hand(), &cards, &slots)?;
        Some(PlannedProgram {
            program,
            cards,
            score,
            expected,
            considered,
        })
    }

    /// The score of one simulated program: the core [`Weights`] on where it
    /// leaves the robot, counting quarter turns still needed as part of the
    /// distance, plus a small credit for each SPAM card played (it leaves
    /// the deck for good).
    ///
    /// [`Weights`]: robo_core::plan::Weights
    fn score(
        &self,
        maps: &CourseMaps,
        start: u8,
        out: &SoloOutcome,
        cards: &[Card; REGISTERS],
        slots: &[Option<Card>; REGISTERS],
    ) -> f32 {
        let next = usize::from(start.saturating_add(out.checkpoints));
        let (distance, turns) = match out.end {
            Some((pos, facing)) if !out.won => (
                maps.distance(next, pos),
                maps.turns_needed(next, pos, facing),
            ),
            _ => (Some(0), 0),
        };
        let spam = cards
            .iter()
            .zip(slots)
            .filter(|(c, s)| s.is_none() && **c == Card::Spam)
            .count();
        self.weights.score(&out.result(distance), maps.worst(next))
            + self.weights.distance * self.turn_weight * f32::from(turns)
            + self.spam_credit * spam as f32
    }
}

/// Do the free registers of `cards` hold every card of `must` (as a multiset)?
fn programs_all(cards: &[Card], slots: &[Option<Card>], must: &[Card]) -> bool {
    let mut free: SmallVec<[Card; REGISTERS]> = cards
        .iter()
        .zip(slots)
        .filter(|(_, s)| s.is_none())
        .map(|(c, _)| *c)
        .collect();
    must.iter().all(|m| match free.iter().position(|c| c == m) {
        Some(i) => {
            free.swap_remove(i);
            true
        }
        None => false,
    })
}

/// The program placing, in each free register, a card of the hand of the
/// kind chosen for it (the first unused one). `None` if the hand lacks one.
fn assign(
    hand: &[CardId],
    cards: &[Card; REGISTERS],
    slots: &[Option<Card>; REGISTERS],
) -> Option<Program> {
    let mut used: SmallVec<[CardId; REGISTERS]> = SmallVec::new();
    let mut program = Program::default();
    for r in 0..REGISTERS {
        if slots[r].is_some() {
            continue;
        }
        let id = hand
            .iter()
            .copied()
            .find(|id| id.card() == cards[r] && !used.contains(id))?;
        used.push(id);
        program.registers[r] = Slot::Card(id);
    }
    Some(program)
}
