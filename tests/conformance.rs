//! The conformance suite: every scenario in `conformance/2023/` runs and
//! ends as its `expect` block says. A failure names the file and each
//! difference.

use std::path::PathBuf;

fn scenario_files(edition: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("conformance")
        .join(edition);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_2023_conformance_scenario_passes() {
    let files = scenario_files("2023");
    assert!(
        files.len() >= 40,
        "the 2023 suite has {} scenarios, fewer than 40",
        files.len()
    );
    let mut failures = Vec::new();
    for file in &files {
        match roborally::scenario::run_file(file) {
            Err(e) => failures.push(format!("{e}")),
            Ok(report) => {
                if !report.expects {
                    failures.push(format!("{}: no expect block", report.file));
                }
                if report.about.trim().is_empty() {
                    failures.push(format!("{}: no \"about\" line", report.file));
                }
                for d in &report.differences {
                    failures.push(format!("{}: {d}", report.file));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn the_2023_suite_installs_every_upgrade_somewhere() {
    let mut missing: Vec<&str> = variant_2023::Upgrade::ALL
        .iter()
        .map(|u| u.name())
        .collect();
    for file in scenario_files("2023") {
        let text = std::fs::read_to_string(&file).unwrap();
        missing.retain(|name| !text.contains(&format!("\"{name}\"")));
    }
    assert!(missing.is_empty(), "no scenario uses {missing:?}");
}
