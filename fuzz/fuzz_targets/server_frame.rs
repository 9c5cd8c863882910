//! A WebSocket frame from a client: parsed as the server parses it, then
//! taken whole through a connection to a running match of one of the
//! editions (its actor, its engine, its log in an in-memory store): every
//! frame the server sends back is a message of the protocol.
#![no_main]

use libfuzzer_sys::fuzz_target;
use roborally_server::fuzzing::{client_frame, Table};
use std::sync::Mutex;

/// One server for the whole run: its matches play on from input to input
/// (a finished one is replaced).
static TABLE: Mutex<Option<Table>> = Mutex::new(None);

fuzz_target!(|bytes: &[u8]| {
    client_frame(bytes);
    let mut table = TABLE.lock().unwrap_or_else(|e| e.into_inner());
    table.get_or_insert_with(Table::new).frame(bytes);
});
