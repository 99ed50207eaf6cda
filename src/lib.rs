//! Reversi: an Othello engine ([`engine`]), its command line ([`cli`]) and, with the default
//! `app` feature, the desktop game.

pub mod cli;
pub mod engine;
