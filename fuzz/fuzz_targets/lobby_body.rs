//! A lobby request's body (create, join, leave, hand to a bot), read as
//! the server reads it; a match it asks for is checked and set up.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| roborally_server::fuzzing::lobby_body(bytes));
