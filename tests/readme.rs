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

/// The README's row of the edition table whose first cell is `edition`.
fn edition_row(text: &str, edition: &str) -> String {
    text.lines()
        .find(|l| l.starts_with(&format!("| {edition} |")))
        .unwrap_or_else(|| panic!("the README's Editions table has a row for {edition}"))
        .to_string()
}

/// Scenario files in `conformance/<edition>/`.
fn scenarios(edition: &str) -> usize {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/conformance/").to_string() + edition;
    std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "json"))
        })
        .count()
}

/// Every count the README states is the tree's: the table of editions and
/// the conformance suite's sizes are checked here, so none goes stale.
#[test]
fn every_count_in_the_readme_is_the_trees() {
    let text = readme();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let counts: [(&str, usize, &str); 16] = [
        (
            "2023",
            variant_2023::upgrades::Upgrade::ALL.len(),
            "upgrades",
        ),
        (
            "2023",
            variant_2023::cards::Haywire::ALL.len(),
            "Haywire cards",
        ),
        (
            "2023",
            variant_2023::courses::board_names().count(),
            "boards",
        ),
        (
            "2023",
            variant_2023::courses::course_names().count(),
            "courses",
        ),
        (
            "classic",
            variant_classic::options::OptionCard::ALL.len(),
            "option cards",
        ),
        (
            "classic",
            variant_classic::courses::board_names().count(),
            "boards",
        ),
        (
            "classic",
            variant_classic::courses::course_names().count(),
            "courses",
        ),
        (
            "Transformers",
            variant_transformers::Character::ALL.len(),
            "characters",
        ),
        (
            "Transformers",
            variant_transformers::upgrades::Upgrade::ALL.len(),
            "upgrades",
        ),
        (
            "Transformers",
            variant_transformers::courses::board_names().count(),
            "maps",
        ),
        (
            "Transformers",
            variant_transformers::courses::course_names().count(),
            "courses",
        ),
        ("conquest", variant_conquest::Leader::ALL.len(), "leaders"),
        ("conquest", variant_conquest::Card::ALL.len(), "cards"),
        (
            "2023",
            scenarios("2023"),
            "scenarios in `conformance/2023/`",
        ),
        ("classic", scenarios("classic"), "in `conformance/classic/`"),
        (
            "transformers",
            scenarios("transformers"),
            "in `conformance/transformers/`",
        ),
    ];
    for (edition, count, noun) in counts {
        let claim = format!("{count} {noun}");
        if noun.contains("conformance") {
            assert!(flat.contains(&claim), "the README should say `{claim}`");
        } else {
            let row = edition_row(&text, edition);
            assert!(
                row.contains(&claim),
                "{edition}: the README should say `{claim}`: {row}"
            );
        }
    }
}
