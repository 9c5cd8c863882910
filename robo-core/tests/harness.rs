//! The playout harness, proven on the toy race before editions rely on it:
//! it passes a correct game and catches each kind of broken one.

use robo_core::geom::{Dir, Pos};
use robo_core::harness::{check_damaged_saves, check_playouts, DamageConfig, PlayoutConfig};
use robo_core::protocol::{
    play_out, ActionError, Game, Legal, Pending, PlayResult, RandomPolicy, Recorded, Replay,
};
use robo_core::toy::race::{Action, Card, Race, Setup};
use robo_core::{PlayerId, Policy, Rng};
use serde::{Deserialize, Serialize};

const BOARD: &str = "
+--+--+--+--+--+
 .. .. >. .. F1
+  +  +  +  +  +
 .. [] .. G> ..
+  +  +  +  +  +
 .. .. .. .. ..
+  +--+  +  +  +
 Z> .. .. [] ..
+--+--+--+--+--+
";

fn setup(rng: &mut Rng) -> Setup {
    let mut cells: Vec<Pos> = (0..5)
        .flat_map(|x| (2..4).map(move |y| Pos::new(x, y)))
        .filter(|p| *p != Pos::new(3, 3))
        .collect();
    rng.shuffle(&mut cells);
    let n = 1 + rng.index(4);
    Setup {
        board: BOARD.into(),
        starts: cells[..n].to_vec(),
        max_rounds: 30,
    }
}

#[test]
fn the_toy_race_passes_the_harness() {
    let report = check_playouts::<Race>(PlayoutConfig::new(40, 400), setup)
        .unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.games, report.finished);
    assert!(report.actions > 100, "{report:?}");
    assert!(report.probes > 10, "{report:?}");
}

#[test]
fn a_driven_game_replays_exactly_and_survives_json() {
    let s = Setup {
        board: BOARD.into(),
        starts: vec![Pos::new(0, 2), Pos::new(2, 3)],
        max_rounds: 50,
    };
    let mut game = Race::new(s.clone(), 9).unwrap();
    let mut a = RandomPolicy::new(1);
    let mut b = RandomPolicy::new(2);
    let mut log = Vec::new();
    let mut events = 0;
    let result = play_out(
        &mut game,
        &mut [&mut a as &mut dyn Policy<Race>, &mut b],
        10_000,
        &mut log,
        |_| events += 1,
    )
    .unwrap();
    assert!(matches!(result, PlayResult::Finished(_)));
    assert!(events > 0);
    let replay = Replay::<Race> {
        setup: s,
        seed: 9,
        actions: log,
    };
    let json = serde_json::to_string(&replay).unwrap();
    let back: Replay<Race> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.play().unwrap(), game);
}

#[test]
fn refused_actions_change_nothing_and_say_why() {
    let s = Setup {
        board: BOARD.into(),
        starts: vec![Pos::new(0, 2), Pos::new(2, 3)],
        max_rounds: 5,
    };
    let mut rec = Recorded::<Race>::new(s, 1).unwrap();
    let before = rec.clone();
    assert_eq!(
        rec.apply(PlayerId(7), Action::Play(Card::Move1)),
        Err(ActionError::UnknownPlayer(PlayerId(7)))
    );
    assert!(matches!(
        rec.apply(PlayerId(0), Action::Face(Dir::N)),
        Err(ActionError::WrongDecision { .. })
    ));
    assert_eq!(rec, before);
    rec.apply(PlayerId(0), Action::Play(Card::Move1)).unwrap();
    assert_eq!(
        rec.apply(PlayerId(0), Action::Play(Card::Move2)),
        Err(ActionError::NotPending(PlayerId(0)))
    );
    assert_eq!(rec.replay.actions.len(), 1);
}

/// Ways to break the protocol, to prove the harness notices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Fault {
    None,
    UnsortedLegal,
    RefusalMutates,
    NeverEnds,
    LegalForIdle,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Faulty {
    race: Race,
    fault: Fault,
    refusals: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct FaultySetup {
    race: Setup,
    fault: Fault,
}

impl Game for Faulty {
    type Setup = FaultySetup;
    type SetupError = <Race as Game>::SetupError;
    type Action = Action;
    type Reason = <Race as Game>::Reason;
    type Decision = <Race as Game>::Decision;
    type Event = <Race as Game>::Event;
    type View = <Race as Game>::View;
    type Outcome = <Race as Game>::Outcome;

    fn new(s: FaultySetup, seed: u64) -> Result<Self, Self::SetupError> {
        Ok(Faulty {
            race: Race::new(s.race, seed)?,
            fault: s.fault,
            refusals: 0,
        })
    }
    fn num_players(&self) -> usize {
        self.race.num_players()
    }
    fn pending(&self) -> Pending<Self::Decision, Self::Outcome> {
        match (self.fault, self.race.pending()) {
            (Fault::NeverEnds, Pending::Terminal(_)) => Pending::Simultaneous {
                players: smallvec::smallvec![PlayerId(0)],
                decision: robo_core::toy::race::Decision::Program,
            },
            (_, p) => p,
        }
    }
    fn apply_into(
        &mut self,
        p: PlayerId,
        a: Action,
        ev: &mut Vec<Self::Event>,
    ) -> Result<(), ActionError<Self::Reason>> {
        if self.fault == Fault::NeverEnds && self.race.pending().is_terminal() {
            return if p == PlayerId(0) {
                Ok(())
            } else {
                Err(ActionError::NotPending(p))
            };
        }
        let r = self.race.apply_into(p, a, ev);
        if r.is_err() && self.fault == Fault::RefusalMutates {
            self.refusals += 1;
        }
        r
    }
    fn view(&self, p: PlayerId) -> Self::View {
        self.race.view(p)
    }
    fn check_invariants(&self) -> Result<(), String> {
        // Only the refusal fault counts refusals; the field is not checked
        // when a save is read back, so a damaged save can break this.
        if self.fault != Fault::RefusalMutates && self.refusals != 0 {
            return Err(format!("{} refusals counted", self.refusals));
        }
        self.race.check_invariants()
    }
    fn legal_actions(&self, p: PlayerId, out: &mut Vec<Action>) -> Legal {
        if self.fault == Fault::NeverEnds && self.race.pending().is_terminal() && p == PlayerId(0) {
            out.clear();
            out.push(Action::Play(Card::Move1));
            return Legal::Complete;
        }
        let l = self.race.legal_actions(p, out);
        match self.fault {
            Fault::UnsortedLegal => out.reverse(),
            Fault::LegalForIdle if out.is_empty() => out.push(Action::Play(Card::Left)),
            _ => {}
        }
        l
    }
}

fn faulty(fault: Fault) -> Result<(), String> {
    let config = PlayoutConfig {
        games: 8,
        max_actions: 300,
        seed: 3,
        probe_percent: 100,
    };
    check_playouts::<Faulty>(config, |rng| FaultySetup {
        race: setup(rng),
        fault,
    })
    .map(|_| ())
    .map_err(|f| f.to_string())
}

#[test]
fn the_harness_catches_broken_games_and_names_the_seed() {
    assert_eq!(faulty(Fault::None), Ok(()));
    let unsorted = faulty(Fault::UnsortedLegal).unwrap_err();
    assert!(unsorted.contains("not sorted"), "{unsorted}");
    assert!(unsorted.starts_with("playout seed 3"), "{unsorted}");
    let mutates = faulty(Fault::RefusalMutates).unwrap_err();
    assert!(mutates.contains("changed the game"), "{mutates}");
    let endless = faulty(Fault::NeverEnds).unwrap_err();
    assert!(endless.contains("did not end"), "{endless}");
    let idle = faulty(Fault::LegalForIdle).unwrap_err();
    assert!(idle.contains("not pending"), "{idle}");
}

#[test]
fn the_toy_race_refuses_or_survives_damaged_saves() {
    let report = check_damaged_saves::<Race>(DamageConfig::new(200, 60), setup)
        .unwrap_or_else(|f| panic!("{f}"));
    assert!(report.refused > 0 && report.read_back > 0, "{report:?}");
}

#[test]
fn the_damage_check_catches_a_save_read_back_unchecked() {
    // `Faulty` derives its reading back: a damaged `refusals` goes through.
    let config = DamageConfig {
        seed: 5,
        games: 200, // fixed: the test must find the damage whatever PROPTEST_CASES says
        ..DamageConfig::new(200, 60)
    };
    let e = check_damaged_saves::<Faulty>(config, |rng| FaultySetup {
        race: setup(rng),
        fault: Fault::None,
    })
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("/refusals = ") && e.contains("read back, but"),
        "{e}"
    );
}
