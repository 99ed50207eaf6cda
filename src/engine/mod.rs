//! The Othello engine: rules on bitboards, notation, and (in later modules) search.
//!
//! It depends on std, serde, ron and rand only: no Bevy, no files, no threads, no clocks it
//! was not handed. Build it alone with `cargo build --no-default-features`.

mod bitboard;
mod board;
mod color;
mod endgame;
mod game;
mod notation;
mod perft;
mod position;
mod square;

pub use bitboard::{CORNERS, Squares, Symmetry, neighbours};
pub use board::{Board, IllegalMove, flips, legal_moves};
pub use color::Color;
pub use endgame::{MobilityEval, OrderingEval, SolveMode, Solved, Solver, SolverConfig};
pub use game::{Game, GameError, Ply};
pub use notation::{ObfError, ObfRecord, TranscriptError, TranscriptErrorKind};
pub use perft::perft;
pub use position::Position;
pub use square::{Square, SquareParseError};
