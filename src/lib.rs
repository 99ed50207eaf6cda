//! Reversi: an Othello engine ([`engine`]), its command line ([`cli`]) and, with the default
//! `app` feature, the desktop game (`app`). [`cpu_build`] runs the fastest build a CPU
//! can; [`database_files`] reads and writes the game database's files for both;
//! [`whole_file`] writes a file whole (a temporary beside it, synced, renamed) for both.

#[cfg(feature = "app")]
pub mod app;
pub mod cli;
pub mod cpu_build;
pub mod database_files;
pub mod engine;
pub mod nboard_client;
pub mod played_games;
pub mod reference;
pub mod whole_file;
