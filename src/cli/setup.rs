//! The start position of a command: `--moves <transcript>` or `--obf "<position>"`.

use clap::Args;

use crate::engine::{Game, Position};

/// Where a command starts from.
#[derive(Debug, Args, Clone, Default)]
pub struct SetupArgs {
    /// Play this transcript from the standard start first (e.g. f5d6c3).
    #[arg(long, value_name = "TRANSCRIPT", conflicts_with = "obf")]
    pub moves: Option<String>,
    /// Start from this OBF position (64 squares of X, O, -; a space; X or O to move).
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub obf: Option<String>,
}

impl SetupArgs {
    /// The position asked for (the standard start when neither option is given).
    ///
    /// # Errors
    /// The parse error's message, naming the bad move or field.
    pub fn position(&self) -> Result<Position, String> {
        if let Some(obf) = &self.obf {
            return obf.parse::<Position>().map_err(|e| e.to_string());
        }
        let moves = self.moves.as_deref().unwrap_or("");
        Game::from_transcript(moves)
            .map(|g| g.position())
            .map_err(|e| e.to_string())
    }
}
