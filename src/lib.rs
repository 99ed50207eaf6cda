//! Reversi: an Othello engine ([`engine`]), its command line ([`cli`]) and, with the default
//! `app` feature, the desktop game (`app`).

#[cfg(feature = "app")]
pub mod app;
pub mod cli;
pub mod engine;
