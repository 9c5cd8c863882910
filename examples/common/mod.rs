//! What the small examples share: lines printed to standard output that end
//! the program quietly when the reader goes away, as command-line tools do
//! (`cargo run --example conquest | head` must not panic).

use std::io::{self, Write};

/// Writes one line to standard output. When the reader has gone away
/// (`example | head`), the program ends at once with success; any other
/// write error ends it with status 1 and says why.
pub fn line(args: std::fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.write_all(b"\n")) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        std::process::exit(1);
    }
}

/// `println!` that ends the program quietly on a closed pipe (see [`line`]).
macro_rules! say {
    () => {
        $crate::common::line(format_args!(""))
    };
    ($($t:tt)*) => {
        $crate::common::line(format_args!($($t)*))
    };
}
pub(crate) use say;
