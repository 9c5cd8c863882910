//! The server's settings and its command line.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How to run a server.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// The data directory (the SQLite file lives there).
    pub data: PathBuf,
    /// A PostgreSQL URL: the store is there instead of the SQLite file.
    pub postgres: Option<String>,
    /// The PostgreSQL schema to use (the database's default when `None`).
    pub pg_schema: Option<String>,
    /// This process's name in leases (several processes on one database
    /// need different names; a restarted process with the same name takes
    /// its matches back at once).
    pub node: Option<String>,
    /// An unfinished match untouched this long is deleted.
    pub stale_after: Duration,
    /// A finished match (and its replay) is kept this long.
    pub keep_finished: Duration,
    /// How often stale matches are looked for.
    pub clean_every: Duration,
    /// How long a lease lasts.
    pub lease: Duration,
    /// A finished match with nobody connected leaves memory after this.
    pub idle_unload: Duration,
    /// A directory with the browser client's files, served in place of
    /// the built-in ones when it holds `index.html` (the default `./web`
    /// is the sources, from the repository's root).
    pub web: PathBuf,
    /// The WebAssembly package (`scripts/wasm-build.sh`), served at
    /// `/web/pkg/` for the client's play in the browser (the default is
    /// where the script builds it, from the repository's root).
    pub wasm: PathBuf,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data: PathBuf::from("roborally-data"),
            postgres: None,
            pg_schema: None,
            node: None,
            stale_after: Duration::from_secs(7 * 24 * 3600),
            keep_finished: Duration::from_secs(30 * 24 * 3600),
            clean_every: Duration::from_secs(600),
            lease: Duration::from_secs(30),
            idle_unload: Duration::from_secs(60),
            web: PathBuf::from("web"),
            wasm: PathBuf::from("roborally-wasm/pkg"),
        }
    }
}

/// The command line's help.
pub const USAGE: &str = "\
roborally-server: an online game server for every roborally edition

usage: roborally-server [options]

  --addr ADDR            listen here (default 127.0.0.1:8080; port 0 picks a free one)
  --data DIR             data directory, with the SQLite store (default ./roborally-data)
  --postgres URL         keep matches in PostgreSQL instead (postgres://user:pass@host/db)
  --pg-schema NAME       the PostgreSQL schema to use (default: the database's own)
  --node NAME            this process's name in match leases (PostgreSQL; default random)
  --stale-after TIME     delete unfinished matches idle this long (default 7d)
  --keep-finished TIME   keep finished matches and their replays this long (default 30d)
  --clean-every TIME     look for stale matches this often (default 10m)
  --lease TIME           how long a process holds a match without renewing (default 30s)
  --idle-unload TIME     drop a finished match from memory after this (default 60s)
  --web DIR              serve the browser client from DIR when it holds index.html,
                         else the built-in copy (default ./web)
  --wasm DIR             serve the WebAssembly package from DIR at /web/pkg/, for play
                         in the browser (default ./roborally-wasm/pkg)
  --help                 this text

TIME is a number with a unit: 500ms, 90s, 10m, 24h, 7d (seconds without a unit).
The HTTP and WebSocket protocol is described in docs/server-protocol.md.
";

/// A command line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    /// `--help` was asked for.
    #[error("{USAGE}")]
    Help,
    /// A flag the server does not know.
    #[error("unknown option `{0}` (see --help)")]
    Unknown(String),
    /// A flag without its value.
    #[error("{0} needs a value (see --help)")]
    Missing(String),
    /// A value that does not read.
    #[error("{flag}: {message}")]
    Value {
        /// The flag.
        flag: String,
        /// What is wrong.
        message: String,
    },
}

/// Reads a duration: `500ms`, `90s`, `10m`, `24h`, `7d`, or seconds.
///
/// ```
/// use roborally_server::config::duration;
/// use std::time::Duration;
/// assert_eq!(duration("90s"), Ok(Duration::from_secs(90)));
/// assert_eq!(duration("2h"), Ok(Duration::from_secs(7200)));
/// assert_eq!(duration("250ms"), Ok(Duration::from_millis(250)));
/// assert_eq!(duration("3"), Ok(Duration::from_secs(3)));
/// assert!(duration("soon").is_err());
/// ```
///
/// # Errors
/// A message for a value that does not read.
pub fn duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (number, unit) = match s.find(|c: char| !c.is_ascii_digit() && c != '.') {
        Some(i) => s.split_at(i),
        None => (s, "s"),
    };
    let n: f64 = number
        .parse()
        .map_err(|_| format!("`{s}` is not a time (500ms, 90s, 10m, 24h, 7d)"))?;
    let secs = match unit {
        "ms" => n / 1000.0,
        "s" => n,
        "m" => n * 60.0,
        "h" => n * 3600.0,
        "d" => n * 86_400.0,
        _ => return Err(format!("`{unit}` is not a unit of time (ms, s, m, h, d)")),
    };
    Duration::try_from_secs_f64(secs).map_err(|e| format!("`{s}`: {e}"))
}

impl Config {
    /// Reads the command line (without the program's name).
    ///
    /// ```
    /// use roborally_server::config::Config;
    /// let c = Config::from_args(["--addr", "127.0.0.1:0", "--data", "/tmp/x"].map(String::from)).unwrap();
    /// assert_eq!(c.addr.port(), 0);
    /// assert!(Config::from_args(["--colour".to_string()]).is_err());
    /// ```
    ///
    /// # Errors
    /// An [`ArgError`], [`ArgError::Help`] for `--help`.
    pub fn from_args(args: impl IntoIterator<Item = String>) -> Result<Config, ArgError> {
        let mut c = Config::default();
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            if flag == "--help" || flag == "-h" {
                return Err(ArgError::Help);
            }
            let known = [
                "--addr",
                "--data",
                "--postgres",
                "--pg-schema",
                "--node",
                "--stale-after",
                "--keep-finished",
                "--clean-every",
                "--lease",
                "--idle-unload",
                "--web",
                "--wasm",
            ];
            if !known.contains(&flag.as_str()) {
                return Err(ArgError::Unknown(flag));
            }
            let value = args.next().ok_or_else(|| ArgError::Missing(flag.clone()))?;
            let bad = |message: String| ArgError::Value {
                flag: flag.clone(),
                message,
            };
            match flag.as_str() {
                "--addr" => {
                    c.addr = value
                        .parse()
                        .map_err(|e| bad(format!("`{value}`: {e} (e.g. 127.0.0.1:8080)")))?;
                }
                "--data" => c.data = PathBuf::from(value),
                "--postgres" => c.postgres = Some(value),
                "--pg-schema" => c.pg_schema = Some(value),
                "--node" => c.node = Some(value),
                "--stale-after" => c.stale_after = duration(&value).map_err(bad)?,
                "--keep-finished" => c.keep_finished = duration(&value).map_err(bad)?,
                "--clean-every" => c.clean_every = duration(&value).map_err(bad)?,
                "--lease" => c.lease = duration(&value).map_err(bad)?,
                "--idle-unload" => c.idle_unload = duration(&value).map_err(bad)?,
                "--wasm" => c.wasm = PathBuf::from(value),
                _ => c.web = PathBuf::from(value),
            }
        }
        Ok(c)
    }
}
