//! The integration tests of the 2023 edition, one binary (one link, one
//! build of the shared helpers) instead of one per file.

mod common;
mod examples;
mod haywire;
mod playouts;
mod positions;
mod protocol;
mod registers;
mod rules;
mod saves;
mod upgrades_permanent;
mod upgrades_temporary;
mod weapons;
