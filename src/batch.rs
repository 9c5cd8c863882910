//! Batch runs: a stdin/stdout filter of JSON lines that plays one game per
//! job on every core and writes results in job order. Because it is a plain
//! filter, a distributed engine (a Slurm array, Spark's `RDD.pipe`) can fan
//! it out unchanged.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::sync::Mutex;

/// Runs `job` on every non-blank line of `input`, serialising each result, with `threads` workers and
/// writes one line per job to `output`, in the order of the input. A job
/// that fails writes `{"error": "...", "line": N}` and the others go on.
/// Returns the number of jobs and of failed jobs.
///
/// # Errors
/// Reading the input or writing the output failed.
///
/// ```
/// use roborally::batch::run_lines;
/// let input = "1\n2\nx\n4\n";
/// let mut out = Vec::new();
/// let (jobs, failed) = run_lines(input.as_bytes(), &mut out, 3, |line| {
///     let n: u64 = line.trim().parse().map_err(|_| format!("not a number: {line}"))?;
///     Ok(serde_json::json!({ "square": n * n }))
/// }).unwrap();
/// assert_eq!((jobs, failed), (4, 1));
/// let text = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines[0], r#"{"square":1}"#);
/// assert_eq!(lines[2], r#"{"error":"not a number: x","line":3}"#);
/// assert_eq!(lines[3], r#"{"square":16}"#);
/// ```
pub fn run_lines<R, W, T, F>(
    input: R,
    output: &mut W,
    threads: usize,
    job: F,
) -> std::io::Result<(usize, usize)>
where
    R: BufRead + Send,
    W: Write,
    T: serde::Serialize,
    F: Fn(&str) -> Result<T, String> + Sync,
{
    let threads = threads.max(1);
    let lines = Mutex::new(input.lines().enumerate());
    let (tx, rx) = mpsc::channel::<(usize, String)>();
    let mut read_error = None;
    let mut jobs = 0;
    let mut failed = 0;
    std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..threads {
            let tx = tx.clone();
            let lines = &lines;
            let job = &job;
            scope.spawn(move || loop {
                let next = match lines.lock() {
                    Ok(mut it) => it.next(),
                    Err(_) => None,
                };
                let Some((i, line)) = next else { break };
                let result = match line {
                    Ok(l) if l.trim().is_empty() => String::new(),
                    Ok(l) => match job(&l)
                        .and_then(|v| serde_json::to_string(&v).map_err(|e| e.to_string()))
                    {
                        Ok(v) => v,
                        Err(e) => serde_json::json!({ "error": e, "line": i + 1 }).to_string(),
                    },
                    Err(e) => format!("\u{0}{e}"),
                };
                if tx.send((i, result)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // Write in input order as results arrive.
        let mut waiting: BTreeMap<usize, String> = BTreeMap::new();
        let mut next = 0;
        for (i, r) in rx {
            waiting.insert(i, r);
            while let Some(r) = waiting.remove(&next) {
                next += 1;
                if let Some(e) = r.strip_prefix('\u{0}') {
                    read_error.get_or_insert_with(|| e.to_string());
                    continue;
                }
                if r.is_empty() {
                    continue;
                }
                jobs += 1;
                if r.starts_with("{\"error\"") {
                    failed += 1;
                }
                writeln!(output, "{r}")?;
            }
        }
        Ok(())
    })?;
    if let Some(e) = read_error {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, e));
    }
    output.flush()?;
    Ok((jobs, failed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_kept_with_many_threads_and_uneven_jobs() {
        let input: String = (0..200).map(|i| format!("{i}\n")).collect();
        let mut out = Vec::new();
        let (jobs, failed) = run_lines(input.as_bytes(), &mut out, 8, |l| {
            let n: u64 = l.parse().map_err(|_| "bad".to_string())?;
            // Uneven work so that jobs finish out of order.
            let mut x = 0u64;
            for k in 0..(n % 7) * 20_000 {
                x = x.wrapping_add(k ^ n);
            }
            Ok(serde_json::json!({ "n": n, "x": x % 2 }))
        })
        .unwrap();
        assert_eq!((jobs, failed), (200, 0));
        let text = String::from_utf8(out).unwrap();
        for (i, line) in text.lines().enumerate() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["n"], i as u64);
        }
    }

    #[test]
    fn blank_lines_are_skipped() {
        let mut out = Vec::new();
        let (jobs, _) = run_lines("\n1\n\n".as_bytes(), &mut out, 2, |_| {
            Ok(serde_json::json!(true))
        })
        .unwrap();
        assert_eq!(jobs, 1);
        assert_eq!(String::from_utf8(out).unwrap(), "true\n");
    }
}
