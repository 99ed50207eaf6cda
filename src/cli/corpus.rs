//! `reversi-engine corpus`: grows the self-play corpus the evaluator is fitted to
//! (`data/corpus/*.txt.gz`, format in `crate::engine::corpus`).

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::cli::engine_spec::EngineSpec;
use crate::cli::selfplay::random_opening;
use crate::engine::corpus::{CORPUS_HEADER, CorpusGame, parse_corpus};
use crate::engine::{Game, Ply, SearchLimits, Searcher, SolveMode, Solver};

/// Arguments of `corpus`.
#[derive(Debug, Args)]
pub struct CorpusArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: CorpusCommand,
}

/// A `corpus` command.
#[derive(Debug, Subcommand)]
pub enum CorpusCommand {
    /// Play self-play games and add them to a corpus file (resumes where it stopped).
    Play(PlayArgs),
    /// Count a corpus's games and labelled positions.
    Stats(StatsArgs),
    /// Make a held-out test set: one position from each of a set of new self-play games,
    /// solved exactly, written as OBF with the best move's score.
    Testset(TestsetArgs),
}

/// Arguments of `corpus testset`.
#[derive(Debug, Args)]
#[command(
    after_help = "Each game starts with a random opening (--random-plies), then the engine \
plays at --depth until the game reaches a number of empties drawn uniformly from --empties; \
that position (when its side to move has a move) is solved exactly. Use a --seed no corpus \
file uses, so that the games differ from the training games. Position i depends only on the \
flags, the seed and i: like `corpus play`, a stopped run continues where it stopped (the file \
is rewritten every 30 s, positions in game order) and any --threads gives the same file."
)]
pub struct TestsetArgs {
    /// The OBF file to write.
    #[arg(long)]
    out: PathBuf,
    /// Positions the file should hold when the command ends (one per game; a file made by
    /// the same flags is grown).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Empties of the positions, MIN..MAX (uniform).
    #[arg(long, default_value = "20..24")]
    empties: String,
    /// The engine that plays the games (`shipped` or a folder).
    #[arg(long, default_value = "shipped")]
    config: String,
    /// Search depth of the engine's moves.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// The evaluator that orders the solver's moves (`shipped` or a folder). It changes the
    /// solver's speed, and which of two equally good moves a line names, never a score:
    /// issue 9's tables, which play the committed test set, take 3 times the nodes of issue
    /// 18's to solve its positions.
    #[arg(long, default_value = "shipped")]
    order_with: String,
    /// Random plies at the start of each game, MIN..MAX (uniform). At least 12, so that no
    /// game repeats a corpus game: from a short random opening the deterministic engine
    /// plays the same game, and a test set with 2..30 shared 206 of 1,260 positions with
    /// the corpus.
    #[arg(long, default_value = "12..30")]
    random_plies: String,
    /// Threads (default: the machine's cores), 1..=1024.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Seed of the random openings and of the empties drawn.
    #[arg(long, default_value_t = 1_000_000)]
    seed: u64,
}

/// Arguments of `corpus play`.
#[derive(Debug, Args)]
#[command(
    after_help = "Game i of a file is a function of --seed, i and the settings alone (its random \
opening is seeded by both, and the engine's table is cleared before it), so a run that was \
stopped continues where it stopped and the same command always writes the same games, \
whatever --threads. The file is rewritten (to a temporary file, then renamed) every 30 s and \
at the end; stopping the command loses at most the games of the last 30 s."
)]
pub struct PlayArgs {
    /// The corpus file to grow (gzip-compressed text, created when missing).
    #[arg(long)]
    out: PathBuf,
    /// Games the file should hold when the command ends.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// The engine that plays (`shipped` or a folder).
    #[arg(long, default_value = "shipped")]
    config: String,
    /// Search depth of the engine's moves before the perfect part.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Empties from which both sides play perfectly (the solver's moves).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(0..=30))]
    perfect_empties: u32,
    /// Random plies at the start of each game, MIN..MAX (uniform).
    #[arg(long, default_value = "2..30")]
    random_plies: String,
    /// Threads (default: the machine's cores), 1..=1024.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Arguments of `corpus stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Corpus files or folders (every `*.txt.gz` and `*.txt` inside).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// Runs `corpus`.
///
/// # Errors
/// Bad flags, an unreadable or corrupt corpus, a file that cannot be written.
pub fn run(args: &CorpusArgs) -> Result<(), String> {
    match &args.command {
        CorpusCommand::Play(a) => play(a),
        CorpusCommand::Stats(a) => stats(a),
        CorpusCommand::Testset(a) => testset(a),
    }
}

pub(crate) fn parse_range(flag: &str, text: &str, max: u32) -> Result<(u32, u32), String> {
    let parsed = text
        .split_once("..")
        .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)));
    match parsed {
        Some((a, b)) if a <= b && b <= max => Ok((a, b)),
        _ => Err(format!(
            "{flag} \"{text}\": expected MIN..MAX with MIN <= MAX <= {max}"
        )),
    }
}

/// Reads a corpus file (gzip when its name ends in `.gz`).
///
/// # Errors
/// `FILE: message`, with the line for a bad game.
pub fn read_corpus(path: &Path) -> Result<Vec<CorpusGame>, String> {
    let text = read_text(path)?;
    parse_corpus(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// A corpus file's text (decompressed when its name ends in `.gz`).
pub(crate) fn read_text(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = if path.extension().is_some_and(|e| e == "gz") {
        let mut text = String::new();
        flate2::read::MultiGzDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .map_err(|e| format!("{}: not a whole gzip file of text ({e})", path.display()))?;
        text
    } else {
        String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", path.display()))?
    };
    Ok(text)
}

/// The corpus files among `paths`: files as given, folders' `*.txt.gz` and `*.txt`, sorted.
///
/// # Errors
/// A path that cannot be read.
pub fn corpus_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| {
                    let name = f.to_string_lossy();
                    name.ends_with(".txt.gz") || name.ends_with(".txt")
                })
                .collect();
            inside.sort();
            files.extend(inside);
        } else if p.is_file() {
            files.push(p.clone());
        } else {
            return Err(format!("{}: no such file or folder", p.display()));
        }
    }
    Ok(files)
}

/// Writes a corpus file through a temporary file: `version` (the format's first line), the
/// comment `header`, the game lines.
///
/// # Errors
/// The file and why it could not be written.
pub(crate) fn write_corpus(
    path: &Path,
    version: &str,
    header: &str,
    games: &[String],
) -> Result<(), String> {
    crate::whole_file::write_whole_with(path, |file| {
        let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::best());
        writeln!(gz, "{version}")?;
        writeln!(gz, "{header}")?;
        for g in games {
            writeln!(gz, "{g}")?;
        }
        gz.finish()?;
        Ok(())
    })
    .map_err(|e| format!("{}: {e}", path.display()))
}

pub(crate) fn format_duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, (s % 3600) / 60)
    } else {
        format!("{}m{:02}s", s / 60, s % 60)
    }
}

/// The random numbers of game `index` of a series: its opening (and, for a test set, the
/// empties of its position) depend on the seed and the index alone.
pub(crate) fn game_rng(seed: u64, index: usize) -> StdRng {
    StdRng::seed_from_u64(
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(index as u64),
    )
}

/// A random opening of `min..=max` plies (drawn again until one leaves the game going), then
/// `searcher`'s moves at `depth` (its table cleared first) while the game goes on with more
/// than `until_empties` empties. Returns the game and its random plies.
fn play_from_random_opening(
    searcher: &mut Searcher,
    rng: &mut StdRng,
    (min, max): (u32, u32),
    depth: u32,
    until_empties: u32,
) -> Result<(Game, u8), String> {
    let (mut game, random_plies) = loop {
        let plies = rng.random_range(min..=max);
        if let Some(g) = random_opening(rng, plies as usize) {
            break (g, plies as u8);
        }
    };
    searcher.clear();
    let stop = AtomicBool::new(false);
    let limits = SearchLimits::depth(depth);
    while !game.is_over() && game.position().board.empty_count() > until_empties {
        if game.must_pass() {
            game.play(Ply::Pass).expect("a forced pass is legal");
            continue;
        }
        let board = game.position().board;
        let r = searcher.search(&board, &limits, &stop, &Instant::now(), &mut |_| {});
        let mv = r
            .info
            .best_move
            .ok_or_else(|| format!("no move found after {}", game.transcript()))?;
        game.play_move(mv).map_err(|e| e.to_string())?;
    }
    Ok((game, random_plies))
}

/// A searcher for the games of `engine`, solving from `exact_empties` (win/loss/draw
/// from there too), with a 16 MiB table.
pub(crate) fn game_searcher(engine: &EngineSpec, exact_empties: u32) -> Result<Searcher, String> {
    let mut config = engine.search.clone();
    config.tt_mib = 16;
    config.exact_empties = exact_empties;
    config.wld_empties = exact_empties;
    crate::cli::searcher(config, Arc::clone(&engine.eval))
}

/// Where a run that keeps its results in index order stands.
struct Ordered {
    /// The next index to hand out.
    next: usize,
    /// Results waiting for the ones before them.
    waiting: BTreeMap<usize, String>,
    /// Results 0..done.len(), in order.
    done: Vec<String>,
    last_save: Instant,
    failure: Option<String>,
}

/// How [`run_in_order`]'s messages name the job: `what` starts every line, `unit` names an
/// item, `verb` what is done to one (`playing`), `out` the file.
pub(crate) struct Job<'a> {
    pub(crate) what: &'a str,
    pub(crate) unit: &'a str,
    pub(crate) verb: &'a str,
    pub(crate) out: &'a Path,
}

/// Computes items `done.len()..total` on `threads` threads (each with its own `worker()`
/// state) and keeps their lines in index order after `done`, the lines a file already
/// holds: `save` gets the finished prefix every 30 s, with a progress line, and at the end,
/// also after a failure. Says what it starts with and what it saved; a file that already
/// holds `total` lines is left alone.
///
/// # Errors
/// The first failure of `worker` or `work` (with how many lines were kept), or of `save`.
pub(crate) fn run_in_order<W>(
    job: Job<'_>,
    threads: usize,
    total: usize,
    done: Vec<String>,
    worker: impl Fn() -> Result<W, String> + Sync,
    work: impl Fn(&mut W, usize) -> Result<String, String> + Sync,
    save: impl Fn(&[String]) -> Result<(), String> + Sync,
) -> Result<(), String> {
    let Job {
        what,
        unit,
        verb,
        out,
    } = job;
    let first = done.len();
    if first >= total {
        eprintln!("{what}: {} already holds {first} {unit}s", out.display());
        return Ok(());
    }
    eprintln!(
        "{what}: {} holds {first} {unit}s; {verb} {} more on {threads} threads",
        out.display(),
        total - first
    );
    let state = Mutex::new(Ordered {
        next: first,
        waiting: BTreeMap::new(),
        done,
        last_save: Instant::now(),
        failure: None,
    });
    let start = Instant::now();
    let fail = |e: String| {
        let mut s = state.lock().expect("state");
        s.failure.get_or_insert(e);
    };
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (state, worker, work, save, fail) = (&state, &worker, &work, &save, &fail);
            scope.spawn(move || {
                let mut w = match worker() {
                    Ok(w) => w,
                    Err(e) => return fail(e),
                };
                loop {
                    let index = {
                        let mut s = state.lock().expect("state");
                        if s.next >= total || s.failure.is_some() {
                            return;
                        }
                        s.next += 1;
                        s.next - 1
                    };
                    let line = match work(&mut w, index) {
                        Ok(line) => line,
                        Err(e) => return fail(format!("{unit} {index}: {e}")),
                    };
                    let mut s = state.lock().expect("state");
                    s.waiting.insert(index, line);
                    while let Some(line) = {
                        let n = s.done.len();
                        s.waiting.remove(&n)
                    } {
                        s.done.push(line);
                    }
                    if s.last_save.elapsed() >= Duration::from_secs(30) {
                        s.last_save = Instant::now();
                        let n = s.done.len();
                        let per_item = start.elapsed() / (n - first).max(1) as u32;
                        eprintln!(
                            "{what}: {n}/{total} {unit}s, {:.2} s each on {threads} threads, about {} left",
                            per_item.as_secs_f64() * threads as f64,
                            format_duration(per_item * (total - n) as u32)
                        );
                        if let Err(e) = save(&s.done) {
                            s.failure.get_or_insert(e);
                        }
                    }
                }
            });
        }
    });
    let state = state.into_inner().expect("state");
    save(&state.done)?;
    let saved = state.done.len();
    if let Some(e) = state.failure {
        return Err(format!("{e} ({saved} {unit}s kept in {})", out.display()));
    }
    eprintln!(
        "{what}: {saved} {unit}s in {} ({} new in {:.0} s)",
        out.display(),
        saved - first,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A recorded command without its comment marks.
fn command(line: &str) -> &str {
    line.trim_start_matches("# ")
        .trim_start_matches("Made by: ")
}

/// The lines (as `lines` reads them from the text) of the output file at `path` if it
/// exists and was made by the same command, its line starting with `made_by_prefix` being
/// `made_by`; none when there is no file.
///
/// # Errors
/// The file was made by another command, or cannot be read.
pub(crate) fn lines_to_grow(
    path: &Path,
    made_by_prefix: &str,
    made_by: &str,
    lines: impl FnOnce(&str) -> Result<Vec<String>, String>,
) -> Result<Vec<String>, String> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = read_text(path)?;
    // Item i is a function of the flags: growing a file with other flags would mix two
    // series under one header.
    let found = text.lines().find(|l| l.starts_with(made_by_prefix));
    if found != Some(made_by) {
        return Err(format!(
            "{} was made by \"{}\", not \"{}\": grow it with the same flags, or write to another file",
            path.display(),
            command(found.unwrap_or("(no command recorded)")),
            command(made_by)
        ));
    }
    lines(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn play(args: &PlayArgs) -> Result<(), String> {
    let range = parse_range("--random-plies", &args.random_plies, 50)?;
    let threads = crate::cli::threads_or_cores(args.threads);
    let engine = EngineSpec::from_arg(&args.config)?;
    let header = format!(
        "# corpus play --config {} --depth {} --perfect-empties {} --random-plies {} --seed {}",
        args.config, args.depth, args.perfect_empties, args.random_plies, args.seed
    );
    let done = lines_to_grow(&args.out, "# corpus play", &header, |text| {
        Ok(parse_corpus(text)
            .map_err(|e| e.to_string())?
            .iter()
            .map(ToString::to_string)
            .collect())
    })?;
    run_in_order(
        Job {
            what: "corpus",
            unit: "game",
            verb: "playing",
            out: &args.out,
        },
        threads,
        args.games as usize,
        done,
        || game_searcher(&engine, args.perfect_empties),
        |searcher, index| {
            let mut rng = game_rng(args.seed, index);
            let (game, random_plies) =
                play_from_random_opening(searcher, &mut rng, range, args.depth, 0)?;
            let game = CorpusGame {
                game,
                random_plies,
                perfect_empties: args.perfect_empties as u8,
                end_score: None,
            };
            Ok(game.to_string())
        },
        |lines| write_corpus(&args.out, CORPUS_HEADER, &header, lines),
    )
}

/// Remembers the games seen so far, so that a game played twice (the same random opening
/// and the same deterministic play: common with few random plies) counts once.
#[derive(Default)]
pub(crate) struct DistinctGames(std::collections::HashSet<String>);

impl DistinctGames {
    /// Whether `game` is seen for the first time.
    pub(crate) fn first(&mut self, game: &CorpusGame) -> bool {
        self.0.insert(game.to_string())
    }
}

fn stats(args: &StatsArgs) -> Result<(), String> {
    let mut total = (0usize, 0usize, 0usize);
    let mut seen = DistinctGames::default();
    for file in corpus_files(&args.paths)? {
        let all = read_corpus(&file)?;
        let read = all.len();
        let games: Vec<CorpusGame> = all.into_iter().filter(|g| seen.first(g)).collect();
        let (mut positions, mut exact) = (0, 0);
        for g in &games {
            let l = g.labelled();
            positions += l.len();
            exact += l.iter().filter(|l| l.exact).count();
        }
        println!(
            "{}: {} games ({} more repeat an earlier game and do not count), {positions} labelled positions ({exact} exact)",
            file.display(),
            games.len(),
            read - games.len()
        );
        total.0 += games.len();
        total.1 += positions;
        total.2 += exact;
    }
    println!(
        "total: {} games, {} labelled positions ({} exact)",
        total.0, total.1, total.2
    );
    Ok(())
}

fn testset(args: &TestsetArgs) -> Result<(), String> {
    let random = parse_range("--random-plies", &args.random_plies, 50)?;
    let (min_e, max_e) = parse_range("--empties", &args.empties, 30)?;
    let threads = crate::cli::threads_or_cores(args.threads);
    let engine = EngineSpec::from_arg(&args.config)?;
    let ordering = EngineSpec::from_arg(&args.order_with)?;
    let made_by = format!(
        "# Made by: reversi-engine corpus testset --empties {} --depth {} --random-plies {} --seed {}",
        args.empties, args.depth, args.random_plies, args.seed
    );
    let done = lines_to_grow(&args.out, "# Made by:", &made_by, |text| {
        Ok(data_lines(text))
    })?;
    run_in_order(
        Job {
            what: "testset",
            unit: "position",
            verb: "solving",
            out: &args.out,
        },
        threads,
        args.games as usize,
        done,
        || {
            let searcher = game_searcher(&engine, 0)?;
            Ok((searcher, testset_solver(&ordering)?))
        },
        |(searcher, solver), index| {
            let mut rng = game_rng(args.seed, index);
            let target = rng.random_range(min_e..=max_e);
            // Games that end, or reach the target at a pass, are drawn again.
            let position = loop {
                let (game, _) =
                    play_from_random_opening(searcher, &mut rng, random, args.depth, target)?;
                let p = game.position();
                if p.board.empty_count() == target && p.board.has_moves() {
                    break p;
                }
            };
            Ok(solved_line(solver, &position)?.0)
        },
        |lines| {
            write_testset(
                &args.out,
                &made_by,
                &format!("({min_e}..{max_e} empties) from self-play games"),
                lines,
            )
        },
    )
}

/// A file's lines that are neither comments nor blank, as a grown file's items.
pub(crate) fn data_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// A test set's solver (64 MiB), its moves ordered by `ordering`'s evaluator.
///
/// # Errors
/// The table cannot be allocated.
pub(crate) fn testset_solver(ordering: &EngineSpec) -> Result<Solver, String> {
    let mut solver = Solver::try_with_config(64, crate::engine::SolverConfig::default())
        .map_err(|e| e.to_string())?;
    solver.set_evaluator(Arc::clone(&ordering.eval));
    Ok(solver)
}

/// `position` solved exactly from a cleared table: its test set line (OBF with the best
/// move and its score) and the score.
///
/// # Errors
/// The solver stopped or found no move (neither should happen).
pub(crate) fn solved_line(
    solver: &mut Solver,
    position: &crate::engine::Position,
) -> Result<(String, i32), String> {
    solver.clear();
    let solved = solver
        .solve(&position.board, SolveMode::Exact, &AtomicBool::new(false))
        .ok_or("the solver stopped without a stop request")?;
    let mv = solved
        .best_move
        .ok_or("the solver found no move where there is one")?;
    let line = format!(
        "{position}; {}:{:+};",
        mv.to_string().to_uppercase(),
        solved.score
    );
    Ok((line, solved.score))
}

/// Writes the test set's lines, in game order, with what they are (`source`, after their
/// count) and the command that made them.
pub(crate) fn write_testset(
    path: &Path,
    made_by: &str,
    source: &str,
    lines: &[String],
) -> Result<(), String> {
    let mut text = format!(
        "# {} positions {source}, each solved exactly: the best move and its score.\n{made_by}\n",
        lines.len(),
    );
    for l in lines {
        text.push_str(l);
        text.push('\n');
    }
    crate::whole_file::write_whole(path, &text)
}
