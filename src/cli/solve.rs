//! `reversi-engine solve`: solves every position of an OBF file to the end.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use clap::Args;

use crate::cli::engine_spec::EngineSpec;

use crate::engine::{
    Board, Evaluate, MobilityEval, ObfRecord, SolveMode, Solved, Solver, SolverConfig,
};

/// Arguments of `solve`.
#[derive(Debug, Args)]
#[command(after_help = "\
Numbering: a file named fforum-A-B.obf numbers its positions from A (the FFO problem \
numbers), any other file from 1; blank lines and `#` comment lines are skipped and not \
numbered. A line that does not parse is reported (FILE:LINE: why) and keeps its number; the \
other positions are still solved, and the command then exits with an error. With \
--time-ms or --nodes, a position not solved within the limit gets the line `#40 20 empties unsolved: time limit` and the next position is solved. Ctrl+C stops the \
solve in hand and prints the totals of the positions solved.
Output, one line per position:
  #40 20 empties a2 +38 nodes 123456 0.520s
(number, empties, best move, score in discs for the side to move with the empties to the \
winner, nodes, seconds; the move is `pass` when the side to move must pass and `--` when \
the game is over; with --wld the score is win, draw or loss; with --selective T, \
` selective T` follows the seconds). When the file gives a score that differs, \
` mismatch: file +36` follows. Then one totals line:
  total 10 positions 12345678 nodes 12.300s 1003713 nodes/s
With --json, the same fields as one JSON object per line.")]
pub struct SolveArgs {
    /// An OBF file: one position per line (`<64 squares> <X|O>;` and optional move scores).
    pub file: PathBuf,
    /// Only the positions numbered A to B, both included (e.g. 40..49).
    #[arg(long, value_name = "A..B")]
    pub range: Option<String>,
    /// Only win, draw or loss (much faster than the exact score).
    #[arg(long, conflicts_with = "selective")]
    pub wld: bool,
    /// A selective solve, not an exact one: ProbCut cuts what it is sure of to T standard
    /// deviations (1.5: about 87%), at a small share of the exact solve's nodes; the score
    /// is often the exact one, sometimes a few discs off (0.1..=10).
    #[arg(long, value_name = "T", value_parser = parse_confidence)]
    pub selective: Option<f64>,
    /// Print one JSON object per line instead of text.
    #[arg(long)]
    pub json: bool,
    /// The transposition table's size in MiB (larger than the game's 64: a solve from the
    /// command line is one large search; docs/cli.md gives what it saves).
    #[arg(long, value_name = "MIB", default_value_t = 256)]
    pub table_mib: usize,
    /// The evaluator that orders moves at many empties: `shipped`, `simple`, a config
    /// folder (its tables, and the `solver` section of its search.ron), or `none` (a
    /// mobility heuristic without tables).
    #[arg(long, default_value = "shipped")]
    pub config: String,
    /// Order moves with that evaluator's judgement from this many empties up (default: the
    /// solver's setting, 14; 64 leaves only fastest-first).
    #[arg(long, value_name = "EMPTIES")]
    pub sort_min_empties: Option<u32>,
    /// Give up a position after this many milliseconds (and go on with the next).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    pub time_ms: Option<u64>,
    /// Give up a position after about this many nodes (and go on with the next).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000_000))]
    pub nodes: Option<u64>,
    /// Solver threads (1..=256; default 1). Scores and best moves do not depend on it.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
}

/// Raised by Ctrl+C while `solve` runs: the solve in hand stops and the totals are printed.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// A `--selective` confidence: 0.1 to 10 standard deviations.
fn parse_confidence(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(t) if (0.1..=10.0).contains(&t) => Ok(t),
        _ => Err(format!(
            "\"{text}\" is not a confidence: expected 0.1 to 10 standard deviations, like 1.5"
        )),
    }
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

/// The positions of an OBF file with the score of each one's first move (its best, in a
/// test set of exact scores).
///
/// # Errors
/// `FILE:LINE: why` for a line that is not OBF, `FILE: position N gives no score` for a
/// position without a move score.
pub(crate) fn read_scored(path: &Path) -> Result<Vec<(Board, i32)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse_file(path, &text)
        .into_iter()
        .map(|(number, record)| {
            let record = record?;
            let score = record
                .best_score()
                .ok_or_else(|| format!("{}: position {number} gives no score", path.display()))?;
            Ok((record.position.board, score))
        })
        .collect()
}

/// The numbered positions of an OBF file's text, each a record or, for a line that does
/// not parse, `FILE:LINE: what is wrong`. Blank lines, `#` comments and a byte-order mark
/// are skipped.
pub(crate) fn parse_file(path: &Path, text: &str) -> Vec<(usize, Result<ObfRecord, String>)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut number = first_number(path);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let record = trimmed
            .parse::<ObfRecord>()
            .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1));
        out.push((number, record));
        number += 1;
    }
    out
}

/// The move column: a square, `pass`, or `--` when the game is over.
fn move_text(board: &Board, best: Option<crate::engine::Square>) -> String {
    match best {
        Some(sq) => sq.to_string(),
        None if board.is_game_over() => "--".into(),
        None => "pass".into(),
    }
}

/// The solver `args` ask for: a config folder gives the ordering evaluator and the `solver`
/// section of its search.ron (so a designer can try the solver's knobs); `none` keeps the
/// shipped knobs. Then its table, node limit and threads.
///
/// # Errors
/// The config folder's message, or a bad `--table-mib` or `--threads`.
fn solver_for(args: &SolveArgs) -> Result<Solver, String> {
    let (eval, mut solver_config): (std::sync::Arc<dyn Evaluate>, SolverConfig) =
        if args.config == "none" {
            (std::sync::Arc::new(MobilityEval), SolverConfig::default())
        } else {
            let engine = EngineSpec::from_arg(&args.config)?;
            (engine.eval, engine.search.solver)
        };
    if let Some(n) = args.sort_min_empties {
        solver_config.sort_search_min_empties = n;
    }
    crate::cli::check_tt_mib("--table-mib", args.table_mib)?;
    let mut solver = Solver::try_with_config(args.table_mib, solver_config)
        .map_err(|e| format!("--table-mib: {e}"))?;
    solver.set_node_limit(args.nodes);
    solver.set_threads(crate::cli::search_threads("--threads", args.threads)?);
    solver.set_evaluator(eval);
    Ok(solver)
}

/// Prints the line of a position not solved within the limit (`why`).
fn print_unsolved(args: &SolveArgs, number: usize, board: &Board, why: &str) {
    if args.json {
        println!(
            "{}",
            serde_json::json!({"number": number, "empties": board.empty_count(), "unsolved": why})
        );
    } else {
        println!("#{number} {} empties unsolved: {why}", board.empty_count());
    }
}

/// Prints a solved position's line; `mismatch` is the file's score when it differs.
fn print_solved(
    args: &SolveArgs,
    number: usize,
    board: &Board,
    solved: &Solved,
    seconds: f64,
    mismatch: Option<i32>,
) {
    let best_move = move_text(board, solved.best_move);
    if args.json {
        let mut line = serde_json::json!({
            "number": number,
            "empties": board.empty_count(),
            "best_move": best_move,
            "score": solved.score,
            "nodes": solved.nodes,
            "seconds": seconds,
        });
        if let Some(t) = args.selective {
            line["selective"] = t.into();
        }
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
        let selective = args
            .selective
            .map_or(String::new(), |t| format!(" selective {t}"));
        println!(
            "#{number} {} empties {best_move} {score} nodes {} {seconds:.3}s{selective}{note}",
            board.empty_count(),
            solved.nodes
        );
    }
}

/// Prints the totals line.
fn print_totals(args: &SolveArgs, positions: u64, total_nodes: u64, total_seconds: f64) {
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
}

/// Runs `solve`.
///
/// # Errors
/// An unreadable file, a bad line (naming the file and line) or a bad `--range`.
pub fn run(args: &SolveArgs) -> Result<(), String> {
    let range = args.range.as_deref().map(parse_range).transpose()?;
    let text =
        std::fs::read_to_string(&args.file).map_err(|e| format!("{}: {e}", args.file.display()))?;
    let records = parse_file(&args.file, &text);
    let mode = if args.wld {
        SolveMode::WinLossDraw
    } else {
        SolveMode::Exact
    };
    let mut solver = solver_for(args)?;
    // A second handler cannot be set (tests run several solves): Ctrl+C then ends at once.
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::Relaxed));
    INTERRUPTED.store(false, Ordering::Relaxed);
    let (mut positions, mut total_nodes, mut total_seconds) = (0u64, 0u64, 0.0f64);
    let (mut bad_lines, mut unsolved, mut interrupted) = (0usize, 0usize, false);
    for (number, record) in &records {
        if range.is_some_and(|(a, b)| !(a..=b).contains(number)) {
            continue;
        }
        let record = match record {
            Ok(r) => r,
            Err(message) => {
                eprintln!("{message}");
                bad_lines += 1;
                continue;
            }
        };
        let board = record.position.board;
        solver.clear();
        let start = Instant::now();
        let deadline = args
            .time_ms
            .map(|ms| (&start as &dyn crate::engine::Clock, ms));
        let solved = match args.selective {
            Some(t) => solver.solve_selective(&board, t, &INTERRUPTED, deadline),
            None => solver.solve_until(&board, mode, &INTERRUPTED, deadline),
        };
        let Some(solved) = solved else {
            if INTERRUPTED.load(Ordering::Relaxed) {
                interrupted = true;
                eprintln!("#{number}: interrupted");
                break;
            }
            let why = if args
                .time_ms
                .is_some_and(|ms| start.elapsed().as_millis() >= u128::from(ms))
            {
                "time limit"
            } else {
                "node limit"
            };
            unsolved += 1;
            print_unsolved(args, *number, &board, why);
            continue;
        };
        let seconds = start.elapsed().as_secs_f64();
        let expected = record
            .best_score()
            .map(|s| if args.wld { s.signum() } else { s });
        let mismatch = expected.filter(|&e| e != solved.score);
        print_solved(args, *number, &board, &solved, seconds, mismatch);
        positions += 1;
        total_nodes += solved.nodes;
        total_seconds += seconds;
    }
    print_totals(args, positions, total_nodes, total_seconds);
    if unsolved > 0 {
        eprintln!("{unsolved} position(s) not solved within the limit");
    }
    if interrupted {
        return Err(format!("interrupted after {positions} position(s) solved"));
    }
    if bad_lines > 0 {
        return Err(format!(
            "{}: {bad_lines} line(s) could not be read (listed above); the others were solved",
            args.file.display()
        ));
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
    fn bad_lines_are_reported_and_the_others_kept() {
        // Issue 17: one bad line lost the whole file, and comments and a BOM were refused.
        let good = format!("{}XOOX X;", "-".repeat(60));
        let text = format!("\u{feff}# a comment\n\n{good}\nbad O\n  # indented\n{good} A1:+2\n");
        let lines = parse_file(Path::new("fforum-20-39.obf"), &text);
        let numbers: Vec<usize> = lines.iter().map(|(n, _)| *n).collect();
        assert_eq!(numbers, [20, 21, 22]);
        assert!(lines[0].1.is_ok());
        assert_eq!(
            lines[1].1.as_ref().unwrap_err(),
            "fforum-20-39.obf:4: OBF: 3 squares, expected 64"
        );
        assert!(lines[2].1.is_ok());
        let own = std::fs::read_to_string("tests/data/midgame-50.obf").unwrap();
        let parsed = parse_file(Path::new("midgame-50.obf"), &own);
        assert_eq!(parsed.len(), 50);
        assert!(parsed.iter().all(|(_, r)| r.is_ok()));
    }
}
