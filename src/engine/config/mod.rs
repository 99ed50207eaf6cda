//! Designers' files: the errors that name a file, line and column ([`error`]), and the set
//! of settings and tables in force, reloaded from a folder ([`set`]).

pub mod error;
pub mod set;
