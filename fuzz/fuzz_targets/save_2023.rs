//! A 2023 save (the game's own JSON): refused, or read back as a game
//! that keeps its invariants and goes on with legal actions.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: roborally_fuzz::write_save_seeds(roborally::Edition::V2023),
    |bytes: &[u8]| roborally_fuzz::save::<variant_2023::Race>(bytes)
);
