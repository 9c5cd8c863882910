//! Board text (the course format of scenario files and built-in courses),
//! read with the tiles of each grid edition: a board that reads prints
//! back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robo_core::board::{Board, Glyph};

fn round_trip<T: Glyph + Clone + Default + PartialEq + std::fmt::Debug>(text: &str) {
    if let Ok(board) = Board::<T>::parse(text) {
        let printed = board.print();
        match Board::<T>::parse(&printed) {
            Ok(back) => assert!(
                back == board,
                "a board changed through its text:\n{printed}"
            ),
            Err(e) => panic!("a board does not read its own text ({e}):\n{printed}"),
        }
    }
}

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    round_trip::<variant_2023::tiles::Tile>(text);
    round_trip::<variant_classic::tiles::Cell>(text);
    round_trip::<variant_transformers::tiles::Tile>(text);
});
