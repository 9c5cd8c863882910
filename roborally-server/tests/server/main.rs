//! The server as a user meets it: the real server on 127.0.0.1 with a free
//! port, driven over HTTP and with real WebSocket clients.

mod support;

mod docs;
mod errors;
mod kill;
mod limits;
mod lobby;
mod play;
mod postgres;
mod restart;
mod schema;
mod seats;
mod secrets;
mod timers;
mod web;
