//! Tests of the course builder and of the built-in boards and courses.

mod boards;
mod build;
mod docs;
mod fixtures;
mod playable;
mod properties;
mod rulebook;
mod validation;
