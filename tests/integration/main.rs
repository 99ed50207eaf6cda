//! The integration tests, one binary: each file a module. One binary links the library
//! once instead of once per file (each link of the game's library is about 380 MB in a
//! debug build: ten of them filled a CI machine's disk).

mod book;
mod cli;
mod common;
mod corpus;
mod cpu_build;
mod endgame;
mod eval;
mod house;
mod mcts;
mod nboard;
mod notation;
mod rules;
mod search;
mod windows_smoke;
