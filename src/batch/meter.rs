//! Throughput of a batch run: games and registers played, counted by every
//! worker thread into one [`Meter`], read as a [`Throughput`] for the
//! closing line and, through [`Progress`], for a progress line while a long
//! run goes on. Everything here goes to stderr in `examples/batch.rs`;
//! stdout stays one result line per job.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What one finished game played: its rounds and the registers that
/// began (a game won in register 3 counts 3 of its last round's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Rounds played.
    pub rounds: u64,
    /// Registers that began to resolve (0 for an edition without
    /// registers).
    pub registers: u64,
}

/// Counts of a batch run, shared by its worker threads.
///
/// ```
/// use roborally::batch::{Meter, Played};
/// use std::time::Duration;
/// let meter = Meter::new();
/// meter.record(Played { rounds: 9, registers: 43 });
/// meter.record(Played { rounds: 3, registers: 15 });
/// meter.failed();
/// let t = meter.throughput_at(Duration::from_secs(2));
/// assert_eq!((t.games, t.failed, t.registers), (2, 1, 58));
/// assert_eq!(t.games_per_second(), 1.0);
/// assert_eq!(t.to_string(), "2 games, 1 failed, 12 rounds, 58 registers in 2.0 s: 1.0 games/s, 29 registers/s");
/// ```
#[derive(Debug)]
pub struct Meter {
    start: Instant,
    games: AtomicU64,
    failed: AtomicU64,
    rounds: AtomicU64,
    registers: AtomicU64,
}

impl Default for Meter {
    fn default() -> Self {
        Meter::new()
    }
}

impl Meter {
    /// A meter whose clock starts now.
    #[must_use]
    pub fn new() -> Self {
        Meter {
            start: Instant::now(),
            games: AtomicU64::new(0),
            failed: AtomicU64::new(0),
            rounds: AtomicU64::new(0),
            registers: AtomicU64::new(0),
        }
    }

    /// Counts one finished game.
    pub fn record(&self, played: Played) {
        self.games.fetch_add(1, Ordering::Relaxed);
        self.rounds.fetch_add(played.rounds, Ordering::Relaxed);
        self.registers
            .fetch_add(played.registers, Ordering::Relaxed);
    }

    /// Counts one job that failed (it played no game to the end).
    pub fn failed(&self) {
        self.failed.fetch_add(1, Ordering::Relaxed);
    }

    /// Time since the meter was made.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The counts so far, over the time since the meter was made.
    #[must_use]
    pub fn throughput(&self) -> Throughput {
        self.throughput_at(self.elapsed())
    }

    /// The counts so far, over `elapsed`.
    #[must_use]
    pub fn throughput_at(&self, elapsed: Duration) -> Throughput {
        Throughput {
            games: self.games.load(Ordering::Relaxed),
            failed: self.failed.load(Ordering::Relaxed),
            rounds: self.rounds.load(Ordering::Relaxed),
            registers: self.registers.load(Ordering::Relaxed),
            elapsed,
        }
    }
}

/// A batch run's counts over a time: `Display` writes the throughput line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Throughput {
    /// Games played to the end.
    pub games: u64,
    /// Jobs that failed.
    pub failed: u64,
    /// Rounds of those games.
    pub rounds: u64,
    /// Registers of those games.
    pub registers: u64,
    /// Over this time.
    pub elapsed: Duration,
}

impl Throughput {
    fn per_second(&self, n: u64) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            n as f64 / s
        } else {
            0.0
        }
    }

    /// Games finished per second.
    #[must_use]
    pub fn games_per_second(&self) -> f64 {
        self.per_second(self.games)
    }

    /// Registers played per second.
    #[must_use]
    pub fn registers_per_second(&self) -> f64 {
        self.per_second(self.registers)
    }
}

impl fmt::Display for Throughput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} games", self.games)?;
        if self.failed > 0 {
            write!(f, ", {} failed", self.failed)?;
        }
        write!(
            f,
            ", {} rounds, {} registers in {:.1} s: {:.1} games/s, {:.0} registers/s",
            self.rounds,
            self.registers,
            self.elapsed.as_secs_f64(),
            self.games_per_second(),
            self.registers_per_second()
        )
    }
}

/// When a long run shows its progress: not before [`Progress::AFTER`],
/// then every [`Progress::EVERY`].
///
/// ```
/// use roborally::batch::Progress;
/// use std::time::Duration;
/// let mut p = Progress::default();
/// assert!(!p.due(Duration::from_secs(1)));
/// assert!(p.due(Progress::AFTER));
/// assert!(!p.due(Progress::AFTER + Duration::from_millis(500)));
/// assert!(p.due(Progress::AFTER + Progress::EVERY));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    last: Option<Duration>,
}

impl Progress {
    /// A run shorter than this shows no progress line.
    pub const AFTER: Duration = Duration::from_secs(3);
    /// Time between two progress lines.
    pub const EVERY: Duration = Duration::from_secs(2);

    /// Whether a progress line is due `elapsed` into the run (and, if so,
    /// the next one is due [`Progress::EVERY`] later).
    pub fn due(&mut self, elapsed: Duration) -> bool {
        let next = self.last.map_or(Self::AFTER, |l| l + Self::EVERY);
        if elapsed >= next {
            self.last = Some(elapsed);
            true
        } else {
            false
        }
    }
}
