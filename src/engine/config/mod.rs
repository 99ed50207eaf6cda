//! Designers' files: the errors that name a file, line and column ([`error`]), the set of
//! settings and tables in force, reloaded from a folder ([`set`]), and the shipped files
//! that fill in what a designer's copy leaves out ([`shipped`]).

pub mod error;
pub mod set;
pub(crate) mod shipped;
