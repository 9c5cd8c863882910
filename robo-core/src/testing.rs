//! Test support: case counts that CI keeps small and a developer can raise.
//!
//! Property tests and random playouts read their counts from the
//! environment: `PROPTEST_CASES` for proptest cases,
//! `ROBORALLY_PLAYOUTS` for games of the playout harness and
//! `ROBORALLY_PLANNER_HANDS` for the hands of the planner's exactness
//! tests (the prefix-tree search against the plain one).

/// The number of proptest cases: `PROPTEST_CASES` if set, else `default`.
#[must_use]
pub fn cases(default: u32) -> u32 {
    env_u32("PROPTEST_CASES").unwrap_or(default)
}

/// The number of random playouts: `ROBORALLY_PLAYOUTS` if set, else `default`.
#[must_use]
pub fn playouts(default: u32) -> u32 {
    env_u32("ROBORALLY_PLAYOUTS").unwrap_or(default)
}

/// The number of planner hands: `ROBORALLY_PLANNER_HANDS` if set, else
/// `default`.
#[must_use]
pub fn planner_hands(default: u32) -> u32 {
    env_u32("ROBORALLY_PLANNER_HANDS").unwrap_or(default)
}

fn env_u32(name: &str) -> Option<u32> {
    std::env::var(name).ok()?.trim().parse().ok()
}

/// Runs the scenario files (`*.json`) of directory `dir` through `check`,
/// which reads one file's text and returns its differences in words (or
/// why it could not run), and fails naming every file that did not pass.
/// With `ROBORALLY_SCENARIO` set, only the files whose name contains it
/// run. An edition's crate tests its own suite this way, without the
/// facade (whose `tests/conformance.rs` runs every suite).
///
/// # Panics
/// When a file fails, `dir` cannot be read, or no file matches.
pub fn assert_scenario_suite(
    dir: &std::path::Path,
    check: impl Fn(&str) -> Result<Vec<String>, String>,
) {
    let (ran, failures) = scenario_suite(dir, check);
    assert!(
        failures.is_empty(),
        "{} failures in {ran} files of {}:\n{}",
        failures.len(),
        dir.display(),
        failures.join("\n")
    );
}

/// The files [`assert_scenario_suite`] runs, and their failures.
fn scenario_suite(
    dir: &std::path::Path,
    check: impl Fn(&str) -> Result<Vec<String>, String>,
) -> (usize, Vec<String>) {
    let only = std::env::var("ROBORALLY_SCENARIO").unwrap_or_default();
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => return (0, vec![format!("{}: {e}", dir.display())]),
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| p.to_string_lossy().contains(&only))
        .collect();
    files.sort();
    if files.is_empty() {
        return (
            0,
            vec![format!("no file of {} matches `{only}`", dir.display())],
        );
    }
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_name().map(|n| n.to_string_lossy().to_string());
        let name = name.unwrap_or_default();
        let outcome = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| check(&text));
        match outcome {
            Err(e) => failures.push(format!("{name}: {e}")),
            Ok(d) => failures.extend(d.into_iter().map(|d| format!("{name}: {d}"))),
        }
    }
    (files.len(), failures)
}
