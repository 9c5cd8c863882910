//! The agenda's promises, on a tiny game: tasks log numbers, ask for
//! choices, and run sequences of steps and turns.

use super::*;
use crate::agenda::{Milestone, Milestones, Reached, TurnOrder, Turns};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    /// Logs the number.
    Log(u8),
    /// Asks `player` to pick one of `0..options`, then logs it.
    Pick { player: PlayerId, options: u8 },
    /// Everyone programs (a number from 100).
    Program,
    /// Runs the beats from `from` (the register pipeline).
    Beats { from: u8 },
    /// Each seat's turn, clockwise.
    Turns(Turns),
    /// A register (a milestone) then its beats.
    Register(u8),
    /// The game is won.
    Win,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ask {
    Pick,
    Program,
}

impl fmt::Display for Ask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ask::Pick => "pick",
            Ask::Program => "program",
        })
    }
}

impl Accepts<u8> for Ask {
    fn accepts(&self, a: &u8) -> bool {
        match self {
            Ask::Pick => *a < 100,
            Ask::Program => *a >= 100,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Tiny {
    agenda: Vec<Task>,
    waiting: Waiting<Ask>,
    log: Vec<u8>,
    programs: Vec<Option<u8>>,
    outcome: Option<&'static str>,
    buffer: Vec<u8>,
    /// Beats that set something off (a `Log(100 + beat)` task).
    loud: Vec<u8>,
    /// Seats whose turn sets something off.
    noisy: Vec<u8>,
}

/// A register's beats: 0..5.
#[derive(Clone, Copy)]
struct Beat(u8);

impl Step<Tiny> for Beat {
    fn run(&self, t: &mut Tiny, register: u8) -> StepFlow {
        t.log.push(register * 10 + self.0);
        if t.loud.contains(&self.0) {
            set_off(t, &[Task::Log(100 + self.0)])
        } else {
            StepFlow::Continue
        }
    }
}

impl Tiny {
    fn new(agenda: Vec<Task>) -> Tiny {
        let mut tasks = agenda;
        tasks.reverse();
        Tiny {
            agenda: tasks,
            waiting: Waiting::Idle,
            log: Vec::new(),
            programs: vec![None; 3],
            outcome: None,
            buffer: Vec::new(),
            loud: Vec::new(),
            noisy: Vec::new(),
        }
    }
}

impl Resolve for Tiny {
    type Task = Task;
    type Action = u8;
    type Decision = Ask;
    type Reason = String;
    type Outcome = &'static str;

    fn agenda(&self) -> &[Task] {
        &self.agenda
    }
    fn agenda_mut(&mut self) -> &mut Vec<Task> {
        &mut self.agenda
    }
    fn waiting(&self) -> Waiting<Ask> {
        self.waiting
    }
    fn set_waiting(&mut self, w: Waiting<Ask>) {
        self.waiting = w;
    }
    fn outcome(&self) -> Option<&&'static str> {
        self.outcome.as_ref()
    }
    fn seats(&self) -> usize {
        self.programs.len()
    }
    fn run(&mut self, task: Task, answer: Option<&u8>) -> Flow<Ask> {
        match task {
            Task::Log(n) => self.log.push(n),
            Task::Pick { player, .. } => match answer {
                None => return Flow::Wait(player, Ask::Pick),
                Some(&a) => self.log.push(a),
            },
            Task::Program => {
                if self.programs.iter().any(Option::is_none) {
                    return Flow::WaitAll(Ask::Program);
                }
                let sum = self
                    .programs
                    .iter()
                    .flatten()
                    .fold(0u8, |a, b| a.wrapping_add(*b));
                self.log.push(sum);
            }
            Task::Beats { from } => {
                let _ = run_steps(
                    self,
                    from,
                    1,
                    |_, i| (i < 5).then_some(Beat(i)),
                    |i| Task::Beats { from: i },
                );
            }
            Task::Turns(turns) => {
                let _ = run_turns(
                    self,
                    turns,
                    |t: &Tiny| TurnOrder::Clockwise { seats: t.seats() },
                    |t, p| {
                        t.log.push(200 + p.0);
                        if t.noisy.contains(&p.0) {
                            set_off(t, &[Task::Log(210 + p.0)])
                        } else {
                            StepFlow::Continue
                        }
                    },
                    Task::Turns,
                );
            }
            Task::Register(n) => self.log.push(50 + n),
            Task::Win => self.outcome = Some("won"),
        }
        Flow::Next
    }
    fn options(&self, task: &Task, out: &mut Vec<u8>) {
        if let Task::Pick { options, .. } = task {
            out.extend(0..*options);
        }
    }
    fn options_buffer(&mut self) -> &mut Vec<u8> {
        &mut self.buffer
    }
    fn asked_all(&self, p: PlayerId, d: Ask) -> bool {
        d == Ask::Program && self.programs.get(p.index()).is_some_and(Option::is_none)
    }
    fn answer_all(&mut self, p: PlayerId, _: Ask, a: u8) -> Result<(), String> {
        if a == 199 {
            return Err("199 is not a program".into());
        }
        self.programs[p.index()] = Some(a);
        Ok(())
    }
    fn not_an_option(a: u8) -> String {
        format!("{a} is not an option")
    }
    fn no_winner(&self) -> &'static str {
        "nobody"
    }
    fn end_without_winner(&mut self) {
        self.outcome = Some("nobody");
    }
}

impl Milestones for Tiny {
    fn marks(&self, task: &Task, m: Milestone) -> bool {
        matches!((task, m), (Task::Register(n), Milestone::RegisterStart(k)) if *n == k)
    }
}

fn pick(player: u8, options: u8) -> Task {
    Task::Pick {
        player: PlayerId(player),
        options,
    }
}

#[test]
fn tasks_run_in_order_until_a_decision_with_several_options() {
    let mut t = Tiny::new(vec![Task::Log(1), pick(1, 3), Task::Log(2), Task::Win]);
    advance(&mut t);
    assert_eq!(t.log, [1]);
    assert_eq!(t.waiting, Waiting::One(PlayerId(1), Ask::Pick));
    assert_eq!(
        pending(&t),
        Pending::Decision {
            player: PlayerId(1),
            decision: Ask::Pick
        }
    );
    let mut out = Vec::new();
    options_of(&t, PlayerId(1), &mut out);
    assert_eq!(out, [0, 1, 2]);
    options_of(&t, PlayerId(0), &mut out);
    assert!(out.is_empty(), "nothing for a player not asked");
    answer(&mut t, PlayerId(1), 2).unwrap();
    advance(&mut t);
    assert_eq!(t.log, [1, 2, 2]);
    assert_eq!(pending(&t), Pending::Terminal("won"));
}

#[test]
fn one_option_is_taken_without_asking_and_none_lets_the_moment_pass() {
    let mut t = Tiny::new(vec![pick(0, 1), pick(2, 0), Task::Log(9), Task::Win]);
    advance(&mut t);
    assert_eq!(
        t.log,
        [0, 9],
        "the single option 0 was taken; the empty pick passed"
    );
    assert!(t.agenda.is_empty(), "a finished game keeps no agenda");
}

#[test]
fn refused_answers_leave_the_game_unchanged() {
    let mut t = Tiny::new(vec![pick(1, 2), Task::Win]);
    advance(&mut t);
    let before = t.clone();
    let e = answer(&mut t, PlayerId(0), 1).unwrap_err();
    assert_eq!(e, ActionError::NotPending(PlayerId(0)));
    let e = answer(&mut t, PlayerId(1), 150).unwrap_err();
    assert_eq!(
        e,
        ActionError::WrongDecision {
            expected: "pick".into()
        }
    );
    let e = answer(&mut t, PlayerId(1), 7).unwrap_err();
    assert_eq!(e, ActionError::Illegal("7 is not an option".into()));
    let e = answer(&mut t, PlayerId(5), 1).unwrap_err();
    assert_eq!(e, ActionError::UnknownPlayer(PlayerId(5)));
    assert_eq!(t, before);
    answer(&mut t, PlayerId(1), 1).unwrap();
    advance(&mut t);
    assert_eq!(answer(&mut t, PlayerId(1), 1), Err(ActionError::GameOver));
}

#[test]
fn a_simultaneous_decision_asks_everyone_left_and_checks_through_the_edition() {
    let mut t = Tiny::new(vec![Task::Program, Task::Win]);
    advance(&mut t);
    assert_eq!(t.waiting, Waiting::All(Ask::Program));
    answer(&mut t, PlayerId(1), 101).unwrap();
    match pending(&t) {
        Pending::Simultaneous { players, decision } => {
            assert_eq!(players.as_slice(), [PlayerId(0), PlayerId(2)]);
            assert_eq!(decision, Ask::Program);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        answer(&mut t, PlayerId(1), 102),
        Err(ActionError::NotPending(PlayerId(1)))
    );
    assert!(matches!(
        answer(&mut t, PlayerId(0), 3),
        Err(ActionError::WrongDecision { .. })
    ));
    let before = t.clone();
    assert_eq!(
        answer(&mut t, PlayerId(0), 199),
        Err(ActionError::Illegal("199 is not a program".into()))
    );
    assert_eq!(t, before);
    answer(&mut t, PlayerId(0), 100).unwrap();
    answer(&mut t, PlayerId(2), 100).unwrap();
    advance(&mut t);
    assert_eq!(t.log, [45], "101 + 100 + 100, wrapped");
}

#[test]
fn an_agenda_that_runs_out_ends_the_game_without_a_winner() {
    let mut t = Tiny::new(vec![Task::Log(3)]);
    advance(&mut t);
    assert_eq!(t.log, [3]);
    assert_eq!(pending(&t), Pending::Terminal("nobody"));
    // Resting with nothing waiting: reported as over with no winner.
    let mut rest = Tiny::new(vec![]);
    assert!(!advance_until(&mut rest, |_, _| false));
    assert_eq!(rest.outcome, None);
    assert_eq!(pending(&rest), Pending::Terminal("nobody"));
}

#[test]
fn steps_run_inline_and_wait_under_what_they_set_off() {
    let mut t = Tiny::new(vec![Task::Beats { from: 0 }, Task::Log(99)]);
    t.loud = vec![1, 3];
    advance_until(&mut t, |_, task| *task == Task::Log(101));
    // Beats 0 and 1 ran; beat 1 set off Log(101), with beats 2.. under it.
    assert_eq!(t.log, [10, 11]);
    assert_eq!(
        t.agenda,
        [Task::Log(99), Task::Beats { from: 2 }, Task::Log(101)]
    );
    advance(&mut t);
    assert_eq!(t.log, [10, 11, 101, 12, 13, 103, 14, 99]);
}

#[test]
fn turns_go_clockwise_inline_and_resume_after_what_a_turn_set_off() {
    let mut t = Tiny::new(vec![Task::Turns(Turns::from(PlayerId(1))), Task::Win]);
    t.noisy = vec![2];
    advance(&mut t);
    assert_eq!(t.log, [201, 202, 212, 200]);
    // A listed order ignores `first`.
    let order = [PlayerId(2), PlayerId(2), PlayerId(0)];
    let mut turns = Turns::from(PlayerId(1));
    let mut seen = Vec::new();
    while let Some(p) = turns.player(TurnOrder::Listed(&order)) {
        seen.push(p);
        turns = turns.next();
    }
    assert_eq!(seen, order);
    assert_eq!(
        Turns::from(PlayerId(0)).player(TurnOrder::Clockwise { seats: 0 }),
        None
    );
}

#[test]
fn milestones_stop_before_their_task_unless_a_decision_comes_first() {
    let mut t = Tiny::new(vec![
        Task::Register(1),
        Task::Log(1),
        pick(0, 2),
        Task::Register(2),
        Task::Log(2),
        Task::Win,
    ]);
    assert_eq!(
        advance_to(&mut t, Milestone::RegisterStart(1)),
        Reached::Milestone(Milestone::RegisterStart(1))
    );
    assert!(t.log.is_empty(), "stopped before the register began");
    assert_eq!(
        advance_to(&mut t, Milestone::RegisterStart(1)),
        Reached::Milestone(Milestone::RegisterStart(1)),
        "resting at the milestone stays there"
    );
    assert_eq!(
        advance_to(&mut t, Milestone::RegisterStart(2)),
        Reached::Decision {
            player: Some(PlayerId(0)),
            decision: Ask::Pick
        }
    );
    assert_eq!(t.log, [51, 1]);
    assert_eq!(
        advance_to(&mut t, Milestone::RegisterStart(2)),
        Reached::Decision {
            player: Some(PlayerId(0)),
            decision: Ask::Pick
        },
        "a game waiting for a decision runs nothing"
    );
    answer(&mut t, PlayerId(0), 1).unwrap();
    assert_eq!(
        advance_to(&mut t, Milestone::RegisterStart(2)),
        Reached::Milestone(Milestone::RegisterStart(2))
    );
    assert_eq!(advance_to(&mut t, Milestone::GameEnd), Reached::GameOver);
    assert_eq!(t.log, [51, 1, 1, 52, 2]);
    assert_eq!(
        Milestone::RegisterEnd(3).to_string(),
        "the end of register 3"
    );
}
