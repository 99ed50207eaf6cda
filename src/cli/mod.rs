//! The `reversi-engine` command line: argument parsing and the commands' output.
//!
//! The engine computes; this module owns the clock, the files and the printing. Output
//! formats are read by other tools: keep them stable.

pub(crate) mod book;
mod book_edit;
pub(crate) mod book_file;
mod book_show;
pub(crate) mod corpus;
mod engine_spec;
mod explain;
mod external;
mod label;
mod matches;
mod nboard;

mod perft;
mod practice;
mod puzzles;
mod rating;
mod review;
mod search;
mod selfplay;
mod setup;
mod soak;
mod solve;
mod tables;
mod thor;
mod thor_corpus;
mod thor_losses;
mod thor_people;
mod thor_ratings;
mod tune;
mod xot;

use clap::{Parser, Subcommand};

pub use nboard::NboardCommand;

/// The command-line engine.
#[derive(Debug, Parser)]
#[command(
    name = "reversi-engine",
    version = crate::cpu_build::VERSION,
    about = "Othello engine: perft, search, solve"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// One `reversi-engine` command.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaves of the game tree to each depth, to check move generation.
    Perft(perft::PerftArgs),
    /// Search a position by iterative deepening and print each iteration and the best move.
    Search(search::SearchArgs),
    /// Play two engines against each other from balanced openings.
    Match(matches::MatchArgs),
    /// Fit the evaluation weights and tables to self-play games and write the RON files.
    Tune(tune::TuneArgs),
    /// Grow the self-play corpus the evaluator is fitted to, or count it.
    Corpus(corpus::CorpusArgs),
    /// Value a corpus file's positions by a search, for `tune --labels`.
    Label(label::LabelArgs),
    /// Speak the NBoard protocol (version 2) on standard input and output.
    Nboard(nboard::NboardArgs),
    /// Solve the positions of an OBF file exactly (or win/loss/draw) with perfect play.
    Solve(solve::SolveArgs),
    /// Play many fast games from random positions with random levels and stops, checking
    /// the rules after every ply.
    Soak(soak::SoakArgs),
    /// Read an opening book: its counts, or its moves and values at a position.
    Book(book::BookArgs),
    /// Review a game: each move's loss in discs against the best move of its position.
    Review(review::ReviewArgs),
    /// Make puzzles of the mistakes in games: each position where a mistake was played,
    /// with every move's value, as OBF.
    Puzzles(puzzles::PuzzlesArgs),
    /// Practice positions from the engine's games whose value lies in a range, at a number
    /// of empties, as OBF.
    Practice(practice::PracticeArgs),
    /// A player's rating from their games, and the levels' losses it is read against.
    Rating(rating::RatingArgs),
    /// Show every term of a position's evaluation and where each weight and table entry
    /// lives in the files.
    Explain(explain::ExplainArgs),
    /// Check the pattern tables: entries no game reaches, values that spike at a keyframe.
    Tables(tables::TablesArgs),
    /// A WTHOR game database: the moves people played at a position, how often and how
    /// they scored, beside the book's values.
    Thor(thor::ThorArgs),
    /// Balanced openings to start games from (XOT): random plies whose deep value is near
    /// even, one a line with its value.
    Xot(xot::XotArgs),
}

/// Prints `text` to standard output; a reader that stops early (`| head`) is no error.
///
/// # Errors
/// `stdout: why` when the output cannot be written.
pub(crate) fn print_out(text: &str) -> Result<(), String> {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(format!("stdout: {e}")),
        _ => Ok(()),
    }
}

/// Checks a table size given on the command line (`--tt-mib`, `--table-mib`).
///
/// # Errors
/// `FLAG N: expected 1..=65536 MiB` when out of range.
pub(crate) fn check_tt_mib(flag: &str, mib: usize) -> Result<(), String> {
    let max = crate::engine::MAX_TT_MIB;
    if (1..=max).contains(&mib) {
        Ok(())
    } else {
        Err(format!("{flag} {mib}: expected 1..={max} MiB"))
    }
}

/// The threads a command uses: `--threads` when given, otherwise the machine's cores.
pub(crate) fn threads_or_cores(flag: Option<u64>) -> usize {
    flag.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    )
}

/// The search threads `--threads N` asks for (the flag's range is checked by clap).
///
/// # Errors
/// The system would not start the threads.
pub(crate) fn search_threads(flag: &str, count: u64) -> Result<crate::engine::Threads, String> {
    crate::engine::Threads::new(count as usize).map_err(|e| format!("{flag}: {e}"))
}

/// A searcher for a command: the settings checked (a flag such as `--tt-mib` may have
/// changed them) and the tables allocated without aborting.
///
/// # Errors
/// The out-of-range value, or the memory that could not be had.
pub(crate) fn searcher(
    config: crate::engine::SearchConfig,
    eval: std::sync::Arc<dyn crate::engine::Evaluate>,
) -> Result<crate::engine::Searcher, String> {
    config.check().map_err(|(_, message)| message)?;
    crate::engine::Searcher::try_with_evaluator(config, eval).map_err(|e| e.to_string())
}

/// Runs a parsed command line; the error is the message to print.
///
/// # Errors
/// A message for the user (a bad transcript or position, an unreadable file).
pub fn run(cli: Cli) -> Result<(), String> {
    // `match` writes to other engines' pipes and must report one that died; every other
    // command writes only its own output, which a reader may close early.
    if !matches!(cli.command, Command::Match(_)) {
        end_quietly_when_output_closes();
    }
    match cli.command {
        Command::Perft(args) => perft::run(&args),
        Command::Search(args) => search::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Nboard(args) => nboard::run(&args),
        Command::Corpus(args) => corpus::run(&args),
        Command::Label(args) => label::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Soak(args) => soak::run(&args),
        Command::Book(args) => book::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
        Command::Practice(args) => practice::run(&args),
        Command::Rating(args) => rating::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Tables(args) => tables::run(&args),
        Command::Thor(args) => thor::run(&args),
        Command::Xot(args) => xot::run(&args),
    }
}

/// Lets the process end as Unix tools do (killed by SIGPIPE, nothing printed) when the
/// reader of its output goes away, as `reversi-engine explain ... | head` does; Rust ignores
/// SIGPIPE, so each `println!` after that would panic with "Broken pipe" and a backtrace.
fn end_quietly_when_output_closes() {
    #[cfg(unix)]
    // SAFETY: `signal` with a valid signal number and the default disposition; called on the
    // main thread before any other thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
