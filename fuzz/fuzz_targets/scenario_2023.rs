//! A 2023 scenario file: run as the scenario runner runs it, then set
//! up at its position and played on with legal actions, the invariants
//! holding throughout.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| roborally_fuzz::scenario(roborally::Edition::V2023, bytes));
