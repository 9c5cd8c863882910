//! The conformance suites: every scenario in every `conformance/<edition>/`
//! directory runs and ends as its `expect` block says. A failure names the
//! file and each difference.

use roborally::Edition;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("conformance")
}

fn scenario_files(edition: &str) -> Vec<PathBuf> {
    let dir = root().join(edition);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

/// Every suite: a directory named after an edition that has scenarios.
fn suites() -> Vec<Edition> {
    let mut suites: Vec<Edition> = std::fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let edition: Edition = name
                .parse()
                .unwrap_or_else(|e| panic!("conformance/{name}: {e}"));
            assert!(
                edition.has_scenarios(),
                "conformance/{name}: the {edition} edition has no scenario runner"
            );
            edition
        })
        .collect();
    suites.sort();
    suites
}

#[test]
fn every_conformance_scenario_of_every_edition_passes() {
    let suites = suites();
    assert!(suites.contains(&Edition::V2023), "{suites:?}");
    let mut failures = Vec::new();
    let mut ran = 0;
    for edition in suites {
        let files = scenario_files(edition.name());
        assert!(!files.is_empty(), "conformance/{edition} is empty");
        for file in &files {
            ran += 1;
            match roborally::scenario::run_file(file) {
                Err(e) => failures.push(format!("{e}")),
                Ok(report) => {
                    if report.edition != edition {
                        failures.push(format!(
                            "{}: a {} scenario in conformance/{edition}",
                            report.file, report.edition
                        ));
                    }
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
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} scenarios failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_2023_suite_is_large_and_installs_every_upgrade_somewhere() {
    let files = scenario_files("2023");
    assert!(
        files.len() >= 40,
        "the 2023 suite has {} scenarios, fewer than 40",
        files.len()
    );
    let mut missing: Vec<&str> = variant_2023::Upgrade::ALL
        .iter()
        .map(|u| u.name())
        .collect();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        missing.retain(|name| !text.contains(&format!("\"{name}\"")));
    }
    assert!(missing.is_empty(), "no scenario uses {missing:?}");
}

#[test]
fn the_transformers_suite_has_sixty_scenarios_of_single_rules() {
    let files = scenario_files("transformers");
    assert!(
        files.len() >= 60,
        "the Transformers suite has {} scenarios, fewer than 60",
        files.len()
    );
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            text.contains("\"edition\": \"transformers\""),
            "{}",
            file.display()
        );
    }
}
