//! `reversi-engine solve`: solves every position of an OBF file to the end.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;

use crate::cli::engine_spec::EngineSpec;
use crate::engine::eval::SolverOrdering;

use crate::engine::{Board, MobilityEval, ObfRecord, SolveMode, Solver, SolverConfig};

/// Arguments of `solve`.
#[derive(Debug, Args)]
#[command(after_help = "\
Numbering: a file named fforum-A-B.obf numbers its positions from A (the FFO problem \
numbers), any other file from 1; blank lines are skipped and not numbered.
Output, one line per position:
  #40 20 empties a2 +38 nodes 123456 0.520s
(number, empties, best move, score in discs for the side to move with the empties to the \
winner, nodes, seconds; the move is `pass` when the side to move must pass and `--` when \
the game is over; with --wld the score is win, draw or loss). When the file gives a score \
that differs, ` mismatch: file +36` follows. Then one totals line:
  total 10 positions 12345678 nodes 12.300s 1003713 nodes/s
With --json, the same fields as one JSON object per line.")]
pub struct SolveArgs {
    /// An OBF file: one position per line (`<64 squares> <X|O>;` and optional move scores).
    pub file: PathBuf,
    /// Only the positions numbered A to B, both included (e.g. 40..49).
    #[arg(long, value_name = "A..B")]
    pub range: Option<String>,
    /// Only win, draw or loss (much faster than the exact score).
    #[arg(long)]
    pub wld: bool,
    /// Print one JSON object per line instead of text.
    #[arg(long)]
    pub json: bool,
    /// The transposition table's size in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    pub table_mib: usize,
    /// The evaluator that orders moves at many empties: `shipped`, `simple`, a config
    /// folder, or `none` (a mobility heuristic without tables).
    #[arg(long, default_value = "shipped")]
    pub config: String,
    /// Order moves with that evaluator's judgement from this many empties up (default: the
    /// solver's setting, 14; 64 leaves only fastest-first).
    #[arg(long, value_name = "EMPTIES")]
    pub sort_min_empties: Option<u32>,
}

/// The first number of a file named `fforum-A-B.obf`, else 1.
fn first_number(path: &Path) -> usize {
    path.file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_prefix("fforum-"))
        .and_then(|n| n.strip_suffix(".obf"))
        .and_then(|n| n.split_once('-'))
        .and_then(|(a, _)| a.parse().ok())
        .unwrap_or(1)
}

/// Parses `A..B` (inclusive, `A <= B`).
fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--range \"{text}\": expected A..B with numbers A <= B, like 40..49");
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let a = a.trim().parse::<usize>().map_err(|_| bad())?;
    let b = b.trim().parse::<usize>().map_err(|_| bad())?;
    if a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// The numbered positions of an OBF file's text.
///
/// # Errors
/// `FILE:LINE: what is wrong` for the first line that does not parse.
fn parse_file(path: &Path, text: &str) -> Result<Vec<(usize, ObfRecord)>, String> {
    let mut number = first_number(path);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record = line
            .parse::<ObfRecord>()
            .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
        out.push((number, record));
        number += 1;
    }
    Ok(out)
}

/// The move column: a square, `pass`, or `--` when the game is over.
fn move_text(board: &Board, best: Option<crate::engine::Square>) -> String {
    match best {
        Some(sq) => sq.to_string(),
        None if board.is_game_over() => "--".into(),
        None => "pass".into(),
    }
}

/// Runs `solve`.
///
/// # Errors
/// An unreadable file, a bad line (naming the file and line) or a bad `--range`.
pub fn run(args: &SolveArgs) -> Result<(), String> {
    let range = args.range.as_deref().map(parse_range).transpose()?;
    let text =
        std::fs::read_to_string(&args.file).map_err(|e| format!("{}: {e}", args.file.display()))?;
    let records = parse_file(&args.file, &text)?;
    let mode = if args.wld {
        SolveMode::WinLossDraw
    } else {
        SolveMode::Exact
    };
    let mut solver_config = SolverConfig::default();
    if let Some(n) = args.sort_min_empties {
        solver_config.sort_search_min_empties = n;
    }
    let mut solver = Solver::with_config(args.table_mib, solver_config);
    if args.config == "none" {
        solver.set_evaluator(Box::new(MobilityEval));
    } else {
        let engine = EngineSpec::from_arg(&args.config)?;
        solver.set_evaluator(Box::new(SolverOrdering(engine.eval)));
    }
    let stop = AtomicBool::new(false);
    let (mut positions, mut total_nodes, mut total_seconds) = (0u64, 0u64, 0.0f64);
    for (number, record) in &records {
        if range.is_some_and(|(a, b)| !(a..=b).contains(number)) {
            continue;
        }
        let board = record.position.board;
        solver.clear();
        let start = Instant::now();
        let solved = solver
            .solve(&board, mode, &stop)
            .ok_or("the solve was stopped")?;
        let seconds = start.elapsed().as_secs_f64();
        let expected = record
            .best_score()
            .map(|s| if args.wld { s.signum() } else { s });
        let mismatch = expected.filter(|&e| e != solved.score);
        let best_move = move_text(&board, solved.best_move);
        if args.json {
            let mut line = serde_json::json!({
                "number": number,
                "empties": board.empty_count(),
                "best_move": best_move,
                "score": solved.score,
                "nodes": solved.nodes,
                "seconds": seconds,
            });
            if let Some(e) = mismatch {
                line["file_score"] = e.into();
            }
            println!("{line}");
        } else {
            let score = if args.wld {
                ["loss", "draw", "win"][(solved.score + 1) as usize].to_string()
            } else {
                format!("{:+}", solved.score)
            };
            let note = mismatch.map_or(String::new(), |e| {
                let e = if args.wld {
                    ["loss", "draw", "win"][(e + 1) as usize].to_string()
                } else {
                    format!("{e:+}")
                };
                format!(" mismatch: file {e}")
            });
            println!(
                "#{number} {} empties {best_move} {score} nodes {} {seconds:.3}s{note}",
                board.empty_count(),
                solved.nodes
            );
        }
        positions += 1;
        total_nodes += solved.nodes;
        total_seconds += seconds;
    }
    let per_second = if total_seconds > 0.0 {
        (total_nodes as f64 / total_seconds).round() as u64
    } else {
        0
    };
    if args.json {
        println!(
            "{}",
            serde_json::json!({
                "total_positions": positions,
                "nodes": total_nodes,
                "seconds": total_seconds,
                "nodes_per_second": per_second,
            })
        );
    } else {
        println!(
            "total {positions} positions {total_nodes} nodes {total_seconds:.3}s {per_second} nodes/s"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_and_ranges() {
        assert_eq!(first_number(Path::new("tests/data/fforum-40-59.obf")), 40);
        assert_eq!(first_number(Path::new("fforum-1-19.obf")), 1);
        assert_eq!(first_number(Path::new("mine.obf")), 1);
        assert_eq!(parse_range("40..49"), Ok((40, 49)));
        assert!(parse_range("49..40").is_err());
        assert!(parse_range("40-49").is_err());
    }

    #[test]
    fn bad_line_names_file_and_line() {
        let text = format!("\n{}XO X;\nbad O\n", "-".repeat(62));
        let err = parse_file(Path::new("x.obf"), &text).unwrap_err();
        assert_eq!(err, "x.obf:3: OBF: 3 squares, expected 64");
        let good = parse_file(Path::new("fforum-20-39.obf"), &text[..68]).unwrap();
        assert_eq!(good.len(), 1);
        assert_eq!(good[0].0, 20);
    }
}
