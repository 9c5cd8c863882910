//! How wide the terminal is, for boards that must fit it.

use std::io::IsTerminal;
use std::process::{Command, Stdio};

/// The width of the terminal the program writes to: `COLUMNS` when it is
/// set (shells seldom export it), else what `stty size` says of the
/// controlling terminal, else 80 when standard output is a terminal. `0`
/// (any width) when standard output is a file or a pipe, so a log keeps
/// the full boards.
#[must_use]
pub fn terminal_width() -> usize {
    if let Some(columns) = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok()) {
        return columns;
    }
    if !std::io::stdout().is_terminal() {
        return 0;
    }
    stty_columns().unwrap_or(80)
}

/// The columns `stty size` gives for `/dev/tty`, if it can tell.
fn stty_columns() -> Option<usize> {
    let tty = std::fs::File::open("/dev/tty").ok()?;
    let out = Command::new("stty")
        .arg("size")
        .stdin(tty)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    parse_stty_size(&String::from_utf8_lossy(&out.stdout))
}

/// The columns of `stty size`'s answer (`rows columns`); `None` for
/// anything else or a width of 0.
fn parse_stty_size(text: &str) -> Option<usize> {
    let mut parts = text.split_whitespace();
    let _rows: usize = parts.next()?.parse().ok()?;
    let columns: usize = parts.next()?.parse().ok()?;
    (parts.next().is_none() && columns > 0).then_some(columns)
}

#[cfg(test)]
mod tests {
    use super::parse_stty_size;

    #[test]
    fn stty_size_gives_the_columns() {
        assert_eq!(parse_stty_size("24 132\n"), Some(132));
        assert_eq!(parse_stty_size("0 0\n"), None);
        assert_eq!(parse_stty_size("stty: not a tty"), None);
        assert_eq!(parse_stty_size("24"), None);
    }
}
