//! `reversi-engine perft`.

use std::time::Instant;

use clap::Args;

use crate::cli::setup::SetupArgs;
use crate::engine::perft;

/// Arguments of `perft`.
#[derive(Debug, Args)]
#[command(
    after_help = "Convention: a pass counts as a ply, and a finished game is a leaf at \
whatever depth it ends.\nOutput: one line per depth 1..DEPTH: depth, leaves, seconds, \
leaves per second.\nFrom the start: 4 12 56 244 1396 8200 55092 390216 3005288 24571284 \
212258800 1939886636."
)]
pub struct PerftArgs {
    /// The deepest depth to count, in plies.
    pub depth: u32,
    #[command(flatten)]
    setup: SetupArgs,
    /// Print one JSON object per line instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `perft`, printing a line per depth.
///
/// # Errors
/// A bad `--moves` or `--obf`.
pub fn run(args: &PerftArgs) -> Result<(), String> {
    let board = args.setup.position()?.board;
    for depth in 1..=args.depth {
        let start = Instant::now();
        let leaves = perft(&board, depth);
        let seconds = start.elapsed().as_secs_f64();
        let per_second = if seconds > 0.0 {
            (leaves as f64 / seconds).round() as u64
        } else {
            0
        };
        if args.json {
            println!(
                "{}",
                serde_json::json!({
                    "depth": depth,
                    "leaves": leaves,
                    "seconds": seconds,
                    "leaves_per_second": per_second,
                })
            );
        } else {
            println!("{depth} {leaves} {seconds:.3}s {per_second} leaves/s");
        }
    }
    Ok(())
}
