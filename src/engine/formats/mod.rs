//! Text forms of positions and games: transcripts and OBF positions ([`notation`]) and GGF
//! game records ([`ggf`]).

pub mod ggf;
pub mod notation;
pub mod wthor;
