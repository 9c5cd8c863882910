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
