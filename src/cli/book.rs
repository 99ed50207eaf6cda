//! `reversi-engine book`: reads an opening book file (format in `crate::engine::book`).

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};

use crate::cli::book_file::{load_book, read_book, write_book};
use crate::cli::corpus::format_duration;
use crate::cli::engine_spec::EngineSpec;
use crate::cli::print_out;
use crate::engine::book::{Book, GrowConfig, TaskResult};
use crate::engine::run_task;
use crate::engine::{Board, Game, GgfGame, OpeningNames, Position, Searcher};

/// Arguments of `book`.
#[derive(Debug, Args)]
pub struct BookArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: BookCommand,
}

/// A `book` command.
#[derive(Debug, Subcommand)]
pub enum BookCommand {
    /// Count a book's positions, line ends, leaves by search depth and recorded games.
    Stats(StatsArgs),
    /// The book's moves and values at a position.
    Show(crate::cli::book_show::ShowArgs),
    /// Grow a book by drop-out expansion with deep searches (resumes a book that exists).
    Build(BuildArgs),
    /// Write a book as text a designer reads: each line from the start with its values.
    Export(ExportArgs),
    /// Add games (transcripts or GGF) to a book: their lines are searched and learned.
    Import(ImportArgs),
    /// Edit a book by hand: set or clear a move's value, remove a move, add a line.
    Edit(crate::cli::book_edit::EditArgs),
}

/// Arguments of `book export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The book file (`shipped` for the book compiled in).
    file: String,
    /// Where to write it (standard output when left out; `--format edax` needs a file).
    #[arg(long)]
    out: Option<PathBuf>,
    /// `text`, each line from the start with its values, or `edax`, Edax's binary book
    /// (book.dat).
    #[arg(long, value_enum, default_value = "text")]
    format: ExportFormat,
}

/// What `book export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// Each line from the start with its values, for a designer to read.
    Text,
    /// Edax's binary book file.
    Edax,
}

/// What `book import` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ImportFormat {
    /// Games (GGF records or transcripts), searched and learned.
    Games,
    /// Edax's binary book files, taken whole (no search).
    Edax,
}

/// Arguments of `book import`.
#[derive(Debug, Args)]
#[command(
    after_help = "Each game's line, up to --max-plies or the first position the solver \
reaches, joins the book: positions new to it are searched to --depth (deepest first), the \
values flow back up, and a finished game's result is counted at each position of its line \
(as `nboard`'s learn does). A file of games is either GGF records (`(;GM[Othello]...;)`, any \
number) or one transcript a line (f5d6c3...; text after the moves is ignored; `#` comments). \
Games that do not start from the standard position are skipped."
)]
pub struct ImportArgs {
    /// Files of games (or, with `--format edax`, Edax book files).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// `games`: GGF records or transcripts, searched and learned; `edax`: Edax's binary
    /// book files (book.dat), every position with its counts, leaf and depth taken as it
    /// is, over the book's own.
    #[arg(long, value_enum, default_value = "games")]
    format: ImportFormat,
    /// The book file to add them to (created when missing).
    #[arg(long)]
    out: PathBuf,
    /// Depth of the searches (plies).
    #[arg(long, default_value_t = 14, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
    /// The searches' ProbCut confidence in standard deviations (0: full width).
    #[arg(long, default_value_t = 1.5)]
    probcut: f64,
    /// No position more than this many plies from the start joins the book.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=60))]
    max_plies: u32,
    /// The engine that searches (`shipped` or a config folder).
    #[arg(long, default_value = "shipped")]
    config: String,
    /// The searcher's table size in MiB.
    #[arg(long, default_value_t = 64)]
    tt_mib: usize,
}

/// Arguments of `book build`.
#[derive(Debug, Args)]
#[command(
    after_help = "Each step follows the cheapest move out of the book: a line's cost is \
the discs each of its moves gives away against the best move there, times --drop-cost, plus \
--ply-cost a move. The new position is searched to --depth, and the position it came from is \
searched again among its moves still out of the book. Steps run in batches of --batch on \
--threads threads; the searchers' tables are cleared before each search, so the same command \
grows the same book whatever --threads. The file is written (to a temporary file, then \
renamed) every 30 s and at the end; run the command again, with a larger --positions, to grow \
it further."
)]
pub struct BuildArgs {
    /// The book file to grow (created when missing).
    #[arg(long)]
    out: PathBuf,
    /// Positions the book should hold when the command ends.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    positions: u64,
    /// Depth of the searches (plies).
    #[arg(long, default_value_t = 14, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
    /// The searches' ProbCut confidence in standard deviations (0: full width). At 1.5 a
    /// depth-14 search takes a fifth of the time of a full-width depth-12 one.
    #[arg(long, default_value_t = 1.5)]
    probcut: f64,
    /// Cost of each disc a move gives away against the best move.
    #[arg(long, default_value_t = 2.0)]
    drop_cost: f64,
    /// Cost of each move of a line.
    #[arg(long, default_value_t = 1.0)]
    ply_cost: f64,
    /// No position more than this many plies from the start joins the book.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=60))]
    max_plies: u32,
    /// Steps searched together (the result depends on it, not on --threads).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=1024))]
    batch: u64,
    /// Threads (default: the machine's cores), 1..=1024.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// The engine that searches (`shipped` or a config folder).
    #[arg(long, default_value = "shipped")]
    config: String,
    /// Each searcher's table size in MiB.
    #[arg(long, default_value_t = 64)]
    tt_mib: usize,
}

/// Arguments of `book stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The book file (`shipped` for the book compiled in).
    file: String,
}

/// Runs a `book` command.
///
/// # Errors
/// A message naming the file (and its line) or the bad transcript.
pub fn run(args: &BookArgs) -> Result<(), String> {
    match &args.command {
        BookCommand::Stats(a) => print_out(&stats_text(&load_book(&a.file)?)),
        BookCommand::Build(a) => build(a),
        BookCommand::Edit(a) => crate::cli::book_edit::run(a),
        BookCommand::Export(a) => export(a),
        BookCommand::Import(a) if a.format == ImportFormat::Edax => import_edax(a),
        BookCommand::Import(a) => import(a),
        BookCommand::Show(a) => crate::cli::book_show::run(a),
    }
}

/// The book file a command grows: read when it exists, else a new, empty book.
///
/// # Errors
/// The file's message (with its line for a bad one).
fn read_or_new(path: &Path) -> Result<Book, String> {
    if path.exists() {
        read_book(path)
    } else {
        Ok(Book::new())
    }
}

fn build(args: &BuildArgs) -> Result<(), String> {
    for (flag, v) in [
        ("--drop-cost", args.drop_cost),
        ("--ply-cost", args.ply_cost),
    ] {
        if !(0.0..=1000.0).contains(&v) {
            return Err(format!("{flag} {v}: expected 0..=1000"));
        }
    }
    let config = GrowConfig {
        depth: args.depth,
        drop_cost: args.drop_cost,
        ply_cost: args.ply_cost,
        max_plies: args.max_plies,
    };
    let mut engine = EngineSpec::from_arg(&args.config)?;
    engine.search.probcut_t = args.probcut;
    let threads = crate::cli::threads_or_cores(args.threads);
    let mut book = read_or_new(&args.out)?;
    let target = args.positions as usize;
    let first = book.len();
    eprintln!(
        "book build: {} holds {first} positions; growing to {target} on {threads} threads (depth {}, probcut {})",
        args.out.display(),
        args.depth,
        args.probcut
    );
    let mut searchers: Vec<Searcher> = (0..threads)
        .map(|_| engine.searcher(args.tt_mib))
        .collect::<Result<_, _>>()?;
    let root = Board::start();
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut last_save = Instant::now();
    let mut tasks_done = 0u64;
    let mut nodes = 0u64;
    while book.len() < target {
        let planned = book.plan(&root, &config, args.batch as usize);
        if planned.is_empty() {
            eprintln!(
                "book build: no line left to grow within --max-plies {}",
                args.max_plies
            );
            break;
        }
        let results = run_batch(&mut searchers, &book, &planned, args.depth, &stop);
        for r in &results {
            book.apply(r);
            nodes += r.nodes;
        }
        tasks_done += results.len() as u64;
        if last_save.elapsed() >= Duration::from_secs(30) {
            last_save = Instant::now();
            let grown = book.len().saturating_sub(first).max(1);
            let per = start.elapsed() / grown as u32;
            eprintln!(
                "book build: {}/{target} positions, {:.2} s each on {threads} threads, about {} left",
                book.len(),
                per.as_secs_f64() * threads as f64,
                format_duration(per * target.saturating_sub(book.len()) as u32)
            );
            write_book(&args.out, &book)?;
        }
    }
    write_book(&args.out, &book)?;
    eprintln!(
        "book build: {} positions in {} ({} new, {tasks_done} searches' steps, {nodes} nodes, {:.0} s)",
        book.len(),
        args.out.display(),
        book.len().saturating_sub(first),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The games of a file: GGF records (any number), or one transcript a line (text after the
/// moves ignored, `#` comments).
///
/// # Errors
/// The record's number or the line's, and what is wrong with it.
pub(crate) fn read_games(text: &str) -> Result<Vec<Game>, String> {
    let mut games = Vec::new();
    if text.contains("(;") {
        let mut rest = text;
        let mut number = 0;
        while let Some(start) = rest.find("(;") {
            number += 1;
            let end = rest[start..]
                .find(";)")
                .map(|e| start + e + 2)
                .ok_or(format!("game {number}: no \";)\" ends the record"))?;
            let record: GgfGame = rest[start..end]
                .parse()
                .map_err(|e| format!("game {number}: {e}"))?;
            games.push(record.game);
            rest = &rest[end..];
        }
        return Ok(games);
    }
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let game = Game::from_transcript(line).or_else(|e| {
            // A transcript followed by other fields (a score, a name).
            let first = line.split_whitespace().next().unwrap_or("");
            Game::from_transcript(first).map_err(|_| e)
        });
        games.push(game.map_err(|e| format!("line {}: {e}", i + 1))?);
    }
    Ok(games)
}

/// `book export`: the text a designer reads, or Edax's binary book.
fn export(args: &ExportArgs) -> Result<(), String> {
    let book = load_book(&args.file)?;
    match (args.format, &args.out) {
        (ExportFormat::Text, Some(path)) => {
            crate::whole_file::write_whole(path, book.export_text(OpeningNames::shipped()))
        }
        (ExportFormat::Text, None) => print_out(&book.export_text(OpeningNames::shipped())),
        (ExportFormat::Edax, Some(path)) => {
            let bytes = crate::engine::book::write_edax(&book);
            crate::whole_file::write_whole(path, &bytes)?;
            eprintln!(
                "book export: {} positions to {} ({} bytes, Edax's format)",
                book.len(),
                path.display(),
                bytes.len()
            );
            Ok(())
        }
        (ExportFormat::Edax, None) => {
            Err("--format edax writes a binary file: name it with --out".to_string())
        }
    }
}

/// `book import --format edax`: each Edax book read whole (a damaged one stops the import
/// before anything is written, naming the byte), its positions taken over the book's.
fn import_edax(args: &ImportArgs) -> Result<(), String> {
    let mut book = read_or_new(&args.out)?;
    let first = book.len();
    let start = Instant::now();
    let mut read = Vec::new();
    for path in &args.files {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let edax = crate::engine::book::read_edax(&bytes)
            .map_err(|e| format!("{}: {e}; nothing was imported", path.display()))?;
        eprintln!(
            "book import: {} positions from {} ({:.1} s)",
            edax.len(),
            path.display(),
            start.elapsed().as_secs_f64()
        );
        read.push(edax);
    }
    for edax in &read {
        book.merge(edax);
    }
    write_book(&args.out, &book)?;
    eprintln!(
        "book import: {} positions in {} ({} new, {:.1} s)",
        book.len(),
        args.out.display(),
        book.len().saturating_sub(first),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn import(args: &ImportArgs) -> Result<(), String> {
    let mut games = Vec::new();
    for path in &args.files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        games.extend(read_games(&text).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    let total = games.len();
    games.retain(|g| g.start() == Position::start());
    let skipped = total - games.len();
    let mut engine = EngineSpec::from_arg(&args.config)?;
    engine.search.probcut_t = args.probcut;
    let mut searcher = engine.searcher(args.tt_mib)?;
    let mut book = read_or_new(&args.out)?;
    let first = book.len();
    eprintln!(
        "book import: {} games ({skipped} from other starts skipped) into {} ({first} positions), depth {}",
        games.len(),
        args.out.display(),
        args.depth
    );
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut last_line = Instant::now();
    let mut searched = 0usize;
    for (i, game) in games.iter().enumerate() {
        let learned = book
            .learn(game, &mut searcher, args.depth, args.max_plies, &stop)
            .expect("never stopped");
        searched += learned.searched;
        if last_line.elapsed() >= Duration::from_secs(10) {
            last_line = Instant::now();
            let per = start.elapsed() / (i as u32 + 1);
            eprintln!(
                "book import: {}/{} games, {} positions, about {} left",
                i + 1,
                games.len(),
                book.len(),
                format_duration(per * (games.len() - i - 1) as u32)
            );
            write_book(&args.out, &book)?;
        }
    }
    write_book(&args.out, &book)?;
    eprintln!(
        "book import: {} positions in {} ({} new, {searched} searched, {:.0} s)",
        book.len(),
        args.out.display(),
        book.len().saturating_sub(first),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Runs `planned` on the searchers' threads; the results in the tasks' order.
fn run_batch(
    searchers: &mut [Searcher],
    book: &Book,
    planned: &[crate::engine::book::Planned],
    depth: u32,
    stop: &AtomicBool,
) -> Vec<TaskResult> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<TaskResult>>> = Mutex::new(vec![None; planned.len()]);
    std::thread::scope(|scope| {
        for searcher in searchers.iter_mut() {
            let (next, results) = (&next, &results);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(p) = planned.get(i) else {
                        return;
                    };
                    let r = run_task(searcher, book, &p.task, depth, stop);
                    results.lock().expect("results")[i] = r;
                }
            });
        }
    });
    results
        .into_inner()
        .expect("results")
        .into_iter()
        .flatten()
        .collect()
}

/// `book stats`'s output: `positions N` first, then the other counts.
fn stats_text(book: &Book) -> String {
    let s = book.summary();
    let leaves: usize = s.leaf_depths.values().sum();
    let depths: Vec<String> = s
        .leaf_depths
        .iter()
        .map(|(d, n)| format!("{d}:{n}"))
        .collect();
    format!(
        "positions {}\nline-ends {}\nleaves {leaves}\nleaf-depths {}\ngames {}\n",
        s.positions,
        s.line_ends,
        if depths.is_empty() {
            "-".to_string()
        } else {
            depths.join(" ")
        },
        s.games
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_print_exact_lines() {
        let mut book = Book::new();
        let at = |t: &str| Game::from_transcript(t).unwrap().position().board;
        book.set_leaf(&at("f5"), Some("d6".parse().unwrap()), 1, 12);
        book.set_leaf(&at("f5f4"), Some("e3".parse().unwrap()), -3, 14);
        assert_eq!(
            stats_text(&book),
            "positions 2\nline-ends 1\nleaves 2\nleaf-depths 12:1 14:1\ngames 0\n"
        );
    }

    #[test]
    fn games_read_from_transcripts_and_ggf() {
        let games = read_games("# games\nf5d6c3 +12\n\nf5 f6 e6\n").unwrap();
        let moves: Vec<String> = games.iter().map(Game::transcript).collect();
        assert_eq!(moves, ["f5d6c3", "f5f6e6"]);
        assert_eq!(
            read_games("f5d6\nf5a1\n").unwrap_err(),
            "line 2: move 2 \"a1\": not legal for White here (legal: f4 d6 f6)"
        );
        let one = "(;GM[Othello]PC[x]PB[a]PW[b]TY[8]BO[8 -------- -------- -------- ---O*--- \
                   ---*O--- -------- -------- -------- *]B[f5]W[d6]B[c3];)";
        let two = format!("{one}\n{}\n", one.replace("B[c3]", "B[c4]"));
        let moves: Vec<String> = read_games(&two)
            .unwrap()
            .iter()
            .map(Game::transcript)
            .collect();
        assert_eq!(moves, ["f5d6c3", "f5d6c4"]);
        let cut = &two[..two.len() - 4];
        assert_eq!(
            read_games(cut).unwrap_err(),
            "game 2: no \";)\" ends the record"
        );
    }
}
