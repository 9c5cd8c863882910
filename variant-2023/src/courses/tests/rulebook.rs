//! Every built-in course against the rulebook's list of race courses (the
//! special notes are checked in `playable.rs`).

use crate::courses::{course_names, course_spec, game_length, Difficulty, GameLength};
use Difficulty::{Advanced, Beginner, Intermediate, Starter};
use GameLength::{Long, Medium, Short};

/// One course as the rulebook lists it (written from its course pages).
struct Listed {
    name: &'static str,
    difficulty: Difficulty,
    /// `None`: the rulebook gives no length (Rush Hour).
    length: Option<GameLength>,
    /// The boards, the docking bay last.
    boards: &'static [&'static str],
    checkpoints: usize,
    /// Damage cards drawn on a reboot.
    reboot_damage: u8,
}

const A: &str = "Docking Bay A";
const B: &str = "Docking Bay B";

#[rustfmt::skip]
const RULEBOOK: [Listed; 12] = [
    Listed { name: "Milk Run", difficulty: Starter, length: Some(Short), boards: &["In & Out", B], checkpoints: 1, reboot_damage: 2 },
    Listed { name: "Castle Tour", difficulty: Beginner, length: Some(Short), boards: &["The Keep", A], checkpoints: 2, reboot_damage: 2 },
    Listed { name: "Rush Hour", difficulty: Beginner, length: None, boards: &["Steps", A], checkpoints: 4, reboot_damage: 2 },
    Listed { name: "River Run", difficulty: Intermediate, length: Some(Medium), boards: &["Tempest", B], checkpoints: 3, reboot_damage: 2 },
    Listed { name: "The Cactus Cup", difficulty: Intermediate, length: Some(Long), boards: &["Cactus", B], checkpoints: 6, reboot_damage: 2 },
    Listed { name: "Dangerous Curves", difficulty: Intermediate, length: Some(Medium), boards: &["Cactus", "Misdirection", A], checkpoints: 3, reboot_damage: 2 },
    Listed { name: "Twist & Shout", difficulty: Intermediate, length: Some(Medium), boards: &["Sidewinder", "Energize", B], checkpoints: 2, reboot_damage: 2 },
    Listed { name: "Treachery", difficulty: Intermediate, length: Some(Long), boards: &["The Keep", "Cactus", "Misdirection", A], checkpoints: 3, reboot_damage: 2 },
    Listed { name: "Cry Havoc", difficulty: Advanced, length: Some(Long), boards: &["Energize", A], checkpoints: 5, reboot_damage: 3 },
    Listed { name: "Intensity", difficulty: Advanced, length: Some(Long), boards: &["Tempest", "Steps", A], checkpoints: 4, reboot_damage: 2 },
    Listed { name: "Ride the Lightning", difficulty: Advanced, length: Some(Long), boards: &["Steps", "Sidewinder", "Misdirection", B], checkpoints: 3, reboot_damage: 2 },
    Listed { name: "For the Glory", difficulty: Advanced, length: Some(Long), boards: &["In & Out", "Tempest", "Energize", "Sidewinder", B], checkpoints: 4, reboot_damage: 2 },
];

#[test]
fn every_course_matches_the_rulebooks_list() {
    let names: Vec<&str> = course_names().collect();
    let listed: Vec<&str> = RULEBOOK.iter().map(|l| l.name).collect();
    assert_eq!(names, listed, "the same courses, in the rulebook's order");
    for l in &RULEBOOK {
        let spec = course_spec(l.name).expect("a built-in course");
        assert_eq!(spec.difficulty, l.difficulty, "{}", l.name);
        assert_eq!(game_length(l.name), l.length, "{}", l.name);
        let mut boards: Vec<&str> = spec.boards.iter().map(|b| b.name.as_str()).collect();
        let mut want = l.boards.to_vec();
        boards.sort_unstable();
        want.sort_unstable();
        assert_eq!(boards, want, "{}", l.name);
        assert_eq!(spec.checkpoints.len(), l.checkpoints, "{}", l.name);
        assert_eq!(spec.extras.reboot_damage, l.reboot_damage, "{}", l.name);
    }
}
