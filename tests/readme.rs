//! The README's demos cannot go stale: its batch sample prints exactly the
//! lines it shows, its default course is the facade's and has several
//! checkpoints, and the scenario demo is quiet.

use roborally::batch::{run_job, run_lines};

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("the README")
}

/// The fenced block of the README's section `title` that contains `needle`.
fn block<'a>(text: &'a str, title: &str, needle: &str) -> &'a str {
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with(title))
        .expect("the section");
    section
        .split("```")
        .skip(1)
        .step_by(2)
        .find(|b| b.contains(needle))
        .expect("the block")
}

#[test]
fn the_batch_sample_prints_what_the_readme_shows() {
    let text = readme();
    let sample = block(&text, "Batch runs", "--example batch");
    // The jobs are the quoted JSON of the printf line and its followers.
    let jobs: Vec<&str> = sample
        .split('\'')
        .skip(1)
        .step_by(2)
        .filter(|j| j.starts_with('{'))
        .collect();
    assert_eq!(jobs.len(), 3, "{sample}");
    let shown: Vec<&str> = sample
        .lines()
        .filter_map(|l| l.strip_prefix("# "))
        .filter(|l| l.starts_with('{'))
        .collect();
    let mut out = Vec::new();
    let input = jobs.join("\n");
    let (count, failed) = run_lines(input.as_bytes(), &mut out, 2, run_job).unwrap();
    assert_eq!((count, failed), (3, 0));
    let printed = String::from_utf8(out).unwrap();
    let printed: Vec<&str> = printed.lines().collect();
    assert_eq!(printed, shown, "update the README's batch sample");
    // Its races are games of more than two rounds.
    for line in &printed[..2] {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["rounds"].as_u64().unwrap() > 2, "{line}");
    }
}

#[test]
fn the_statistics_example_rotates_the_first_priority_holder() {
    let text = readme();
    let stats = block(&text, "Batch runs", "results.jsonl");
    let format = stats
        .split('\'')
        .nth(1)
        .expect("the printf format of the jobs");
    assert!(format.contains(r#""priority":%d"#), "{stats}");
    assert!(stats.contains("$s $((s % 2))"), "{stats}");
    // The jobs it makes for two seeds run, with the token in turn.
    let job = |s: u64| {
        format
            .replacen("%d", &s.to_string(), 1)
            .replacen("%d", &(s % 2).to_string(), 1)
            .replace("\\n", "")
    };
    let (a, b) = (job(1), job(2));
    assert!(
        a.contains(r#""priority":1"#) && b.contains(r#""priority":0"#),
        "{a} {b}"
    );
    for j in [a, b] {
        let line = run_job(&j).unwrap_or_else(|e| panic!("{j}: {e}"));
        assert!(line.get().contains(r#""winner":"#), "{line}");
    }
}

#[test]
fn the_demos_use_a_course_with_several_checkpoints_and_a_quiet_scenario() {
    let text = readme();
    let default = roborally::editions::V2023_DEFAULT_COURSE;
    let course = variant_2023::courses::course(default).unwrap();
    assert!(course.checkpoints().len() >= 3);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(&format!("the default course ({default}, four checkpoints)")),
        "the README names the default course"
    );
    assert_eq!(course.checkpoints().len(), 4);
    let demo = block(
        &text,
        "Scenarios and the conformance suite",
        "--example scenario",
    );
    assert!(demo.contains("--example scenario -- --quiet "), "{demo}");
    assert!(text.contains("original designs") || text.contains("Original designs"));
}
