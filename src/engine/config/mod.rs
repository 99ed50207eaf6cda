//! Designers' files: the errors that name a file, line and column ([`error`]), and the
//! shipped files that fill in what a designer's copy leaves out ([`shipped`]). The set of
//! settings and tables in force gathers what they configure, and lives at the top
//! ([`crate::engine::player::config_set`]).

pub mod error;
pub(crate) mod shipped;
