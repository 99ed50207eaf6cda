//! `reversi-engine corpus`: grows the self-play corpus the evaluator is fitted to
//! (`data/corpus/*.txt.gz`, format in `crate::engine::corpus`).

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
use crate::engine::{Game, Ply, SearchLimits};

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
file uses, so that the games differ from the training games."
)]
pub struct TestsetArgs {
    /// The OBF file to write.
    #[arg(long)]
    out: PathBuf,
    /// Positions (one per game).
    #[arg(long, default_value_t = 2000)]
    games: usize,
    /// Empties of the positions, MIN..MAX (uniform).
    #[arg(long, default_value = "20..24")]
    empties: String,
    /// The engine that plays the games (`shipped` or a folder).
    #[arg(long, default_value = "shipped")]
    config: String,
    /// Search depth of the engine's moves.
    #[arg(long, default_value_t = 8)]
    depth: u32,
    /// Random plies at the start of each game, MIN..MAX (uniform).
    #[arg(long, default_value = "2..30")]
    random_plies: String,
    /// Threads (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
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
    #[arg(long)]
    games: usize,
    /// The engine that plays (`shipped` or a folder).
    #[arg(long, default_value = "shipped")]
    config: String,
    /// Search depth of the engine's moves before the perfect part.
    #[arg(long, default_value_t = 6)]
    depth: u32,
    /// Empties from which both sides play perfectly (the solver's moves).
    #[arg(long, default_value_t = 20)]
    perfect_empties: u32,
    /// Random plies at the start of each game, MIN..MAX (uniform).
    #[arg(long, default_value = "2..30")]
    random_plies: String,
    /// Threads (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
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

fn parse_range(flag: &str, text: &str) -> Result<(usize, usize), String> {
    let parsed = text
        .split_once("..")
        .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)));
    match parsed {
        Some((a, b)) if a <= b && b <= 50 => Ok((a, b)),
        _ => Err(format!(
            "{flag} \"{text}\": expected MIN..MAX with MIN <= MAX <= 50"
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
fn read_text(path: &Path) -> Result<String, String> {
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

fn write_corpus(path: &Path, header: &str, games: &[String]) -> Result<(), String> {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let result = (|| {
        let file = std::fs::File::create(&tmp)?;
        let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::best());
        writeln!(gz, "{CORPUS_HEADER}")?;
        writeln!(gz, "{header}")?;
        for g in games {
            writeln!(gz, "{g}")?;
        }
        gz.finish()?.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: {e}", path.display())
    })
}

fn format_duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, (s % 3600) / 60)
    } else {
        format!("{}m{:02}s", s / 60, s % 60)
    }
}

/// Plays game `index` of a corpus: a random opening seeded by (`seed`, `index`), then the
/// engine's moves, perfect from `perfect_empties`.
fn play_game(
    side: &mut crate::engine::Searcher,
    args: &PlayArgs,
    (min_random, max_random): (usize, usize),
    index: usize,
) -> Result<CorpusGame, String> {
    let mut rng = StdRng::seed_from_u64(
        args.seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(index as u64),
    );
    let (mut game, random_plies) = loop {
        let plies = rng.random_range(min_random..=max_random);
        if let Some(g) = random_opening(&mut rng, plies) {
            break (g, plies as u8);
        }
    };
    side.clear();
    let stop = AtomicBool::new(false);
    let limits = SearchLimits::depth(args.depth);
    while !game.is_over() {
        if game.must_pass() {
            game.play(Ply::Pass).expect("a forced pass is legal");
            continue;
        }
        let board = game.position().board;
        let r = side.search(&board, &limits, &stop, &Instant::now(), &mut |_| {});
        let mv = r
            .info
            .best_move
            .ok_or_else(|| format!("no move found after {}", game.transcript()))?;
        game.play_move(mv).map_err(|e| e.to_string())?;
    }
    Ok(CorpusGame {
        game: Game::from_transcript(&game.transcript()).map_err(|e| e.to_string())?,
        random_plies,
        perfect_empties: args.perfect_empties as u8,
    })
}

fn play(args: &PlayArgs) -> Result<(), String> {
    if !(1..=10_000_000).contains(&args.games) {
        return Err(format!("--games {}: expected 1..=10000000", args.games));
    }
    if !(1..=30).contains(&args.depth) {
        return Err(format!("--depth {}: expected 1..=30", args.depth));
    }
    if args.perfect_empties > 30 {
        return Err(format!(
            "--perfect-empties {}: expected 0..=30",
            args.perfect_empties
        ));
    }
    let range = parse_range("--random-plies", &args.random_plies)?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if !(1..=1024).contains(&threads) {
        return Err(format!("--threads {threads}: expected 1..=1024"));
    }
    let engine = EngineSpec::from_arg(&args.config)?;
    let header = format!(
        "# corpus play --config {} --depth {} --perfect-empties {} --random-plies {} --seed {}",
        args.config, args.depth, args.perfect_empties, args.random_plies, args.seed
    );
    let mut done: Vec<String> = if args.out.exists() {
        // Game i is a function of the flags: growing a file with other flags would mix
        // two series under one header.
        let text = read_text(&args.out)?;
        let made_by = text.lines().find(|l| l.starts_with("# corpus play"));
        if made_by != Some(header.as_str()) {
            return Err(format!(
                "{} was made by \"{}\", not \"{}\": grow it with the same flags, or write to another file",
                args.out.display(),
                made_by
                    .unwrap_or("(no command recorded)")
                    .trim_start_matches("# "),
                header.trim_start_matches("# ")
            ));
        }
        let games = parse_corpus(&text).map_err(|e| format!("{}: {e}", args.out.display()))?;
        games.iter().map(ToString::to_string).collect()
    } else {
        Vec::new()
    };
    let first = done.len();
    if first >= args.games {
        eprintln!("corpus: {} already holds {first} games", args.out.display());
        return Ok(());
    }
    eprintln!(
        "corpus: {} holds {first} games; playing {} more on {threads} threads",
        args.out.display(),
        args.games - first
    );
    // Finished games waiting for the ones before them: (index, line).
    let pending: Mutex<(usize, Vec<(usize, String)>)> = Mutex::new((first, Vec::new()));
    let done_lock = Mutex::new(std::mem::take(&mut done));
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let start = Instant::now();
    let last_save = Mutex::new(Instant::now());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let engine = &engine;
            let (pending, done_lock, failure, last_save) =
                (&pending, &done_lock, &failure, &last_save);
            let header = &header;
            scope.spawn(move || {
                let mut config = engine.search.clone();
                config.tt_mib = 16;
                config.exact_empties = args.perfect_empties;
                config.wld_empties = args.perfect_empties;
                let mut searcher = match crate::cli::searcher(config, Arc::clone(&engine.eval))
                {
                    Ok(s) => s,
                    Err(e) => {
                        *failure.lock().expect("failure") = Some(e);
                        return;
                    }
                };
                loop {
                    if failure.lock().expect("failure").is_some() {
                        return;
                    }
                    let index = {
                        let mut p = pending.lock().expect("pending");
                        if p.0 >= args.games {
                            return;
                        }
                        p.0 += 1;
                        p.0 - 1
                    };
                    let line = match play_game(&mut searcher, args, range, index) {
                        Ok(g) => g.to_string(),
                        Err(e) => {
                            *failure.lock().expect("failure") = Some(format!("game {index}: {e}"));
                            return;
                        }
                    };
                    let mut p = pending.lock().expect("pending");
                    p.1.push((index, line));
                    p.1.sort_unstable_by_key(|(i, _)| std::cmp::Reverse(*i));
                    let mut d = done_lock.lock().expect("done");
                    while p.1.last().is_some_and(|(i, _)| *i == d.len()) {
                        d.push(p.1.pop().expect("checked").1);
                    }
                    drop(p);
                    let mut saved = last_save.lock().expect("save");
                    if saved.elapsed() >= Duration::from_secs(30) {
                        *saved = Instant::now();
                        let played = d.len() - first;
                        let per_game = start.elapsed() / played.max(1) as u32;
                        let left = per_game * (args.games - d.len()) as u32;
                        eprintln!(
                            "corpus: {}/{} games, {:.2} s a game on {threads} threads, about {} left",
                            d.len(),
                            args.games,
                            per_game.as_secs_f64() * threads as f64,
                            format_duration(left)
                        );
                        if let Err(e) = write_corpus(&args.out, header, &d) {
                            *failure.lock().expect("failure") = Some(e);
                        }
                    }
                }
            });
        }
    });
    let done = done_lock.into_inner().expect("done");
    write_corpus(&args.out, &header, &done)?;
    if let Some(e) = failure.into_inner().expect("failure") {
        return Err(format!(
            "{e} ({} games kept in {})",
            done.len(),
            args.out.display()
        ));
    }
    eprintln!(
        "corpus: {} games in {} ({} new in {:.0} s)",
        done.len(),
        args.out.display(),
        done.len() - first,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn stats(args: &StatsArgs) -> Result<(), String> {
    let mut total = (0usize, 0usize, 0usize);
    for file in corpus_files(&args.paths)? {
        let games = read_corpus(&file)?;
        let (mut positions, mut exact) = (0, 0);
        for g in &games {
            let l = g.labelled();
            positions += l.len();
            exact += l.iter().filter(|l| l.exact).count();
        }
        println!(
            "{}: {} games, {positions} labelled positions ({exact} exact)",
            file.display(),
            games.len()
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
    use crate::engine::{SolveMode, Solver};
    if !(1..=1_000_000).contains(&args.games) {
        return Err(format!("--games {}: expected 1..=1000000", args.games));
    }
    if !(1..=30).contains(&args.depth) {
        return Err(format!("--depth {}: expected 1..=30", args.depth));
    }
    let random = parse_range("--random-plies", &args.random_plies)?;
    let (min_e, max_e) = args
        .empties
        .split_once("..")
        .and_then(|(a, b)| Some((a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?)))
        .filter(|&(a, b)| a <= b && b <= 30)
        .ok_or_else(|| {
            format!(
                "--empties \"{}\": expected MIN..MAX with MIN <= MAX <= 30",
                args.empties
            )
        })?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if !(1..=1024).contains(&threads) {
        return Err(format!("--threads {threads}: expected 1..=1024"));
    }
    let engine = EngineSpec::from_arg(&args.config)?;
    let next = Mutex::new(0usize);
    let lines: Mutex<Vec<(usize, String)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (engine, next, lines, failure) = (&engine, &next, &lines, &failure);
            scope.spawn(move || {
                let mut config = engine.search.clone();
                config.tt_mib = 16;
                config.exact_empties = 0;
                config.wld_empties = 0;
                let searcher = crate::cli::searcher(config, Arc::clone(&engine.eval));
                let solver = Solver::try_with_config(64, crate::engine::SolverConfig::default());
                let (mut searcher, mut solver) = match (searcher, solver) {
                    (Ok(a), Ok(b)) => (a, b),
                    (Err(e), _) => {
                        *failure.lock().expect("failure") = Some(e);
                        return;
                    }
                    (_, Err(e)) => {
                        *failure.lock().expect("failure") = Some(e.to_string());
                        return;
                    }
                };
                solver.set_evaluator(Box::new(crate::engine::eval::SolverOrdering(Arc::clone(
                    &engine.eval,
                ))));
                let stop = AtomicBool::new(false);
                loop {
                    let index = {
                        let mut n = next.lock().expect("next");
                        if *n >= args.games || failure.lock().expect("failure").is_some() {
                            return;
                        }
                        *n += 1;
                        *n - 1
                    };
                    let mut rng = StdRng::seed_from_u64(
                        args.seed
                            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                            .wrapping_add(index as u64),
                    );
                    let target = rng.random_range(min_e..=max_e);
                    // Games that end or reach the target at a pass are drawn again.
                    let board = loop {
                        let plies = rng.random_range(random.0..=random.1);
                        let Some(mut game) = random_opening(&mut rng, plies) else {
                            continue;
                        };
                        searcher.clear();
                        while !game.is_over() && game.position().board.empty_count() > target {
                            if game.must_pass() {
                                game.play(Ply::Pass).expect("a forced pass is legal");
                                continue;
                            }
                            let board = game.position().board;
                            let r = searcher.search(
                                &board,
                                &SearchLimits::depth(args.depth),
                                &stop,
                                &Instant::now(),
                                &mut |_| {},
                            );
                            let Some(mv) = r.info.best_move else { break };
                            if game.play_move(mv).is_err() {
                                break;
                            }
                        }
                        let p = game.position();
                        if p.board.empty_count() == target && p.board.has_moves() {
                            break p;
                        }
                    };
                    solver.clear();
                    let Some(solved) = solver.solve(&board.board, SolveMode::Exact, &stop) else {
                        continue;
                    };
                    let mv = solved
                        .best_move
                        .map_or("PS".to_string(), |m| m.to_string().to_uppercase());
                    let line = format!("{}; {mv}:{:+};", board, solved.score);
                    let mut l = lines.lock().expect("lines");
                    l.push((index, line));
                    let n = l.len();
                    if n % 50 == 0 {
                        let per = start.elapsed() / n as u32;
                        eprintln!(
                            "testset: {n}/{} positions, about {} left",
                            args.games,
                            format_duration(per * (args.games - n) as u32)
                        );
                        // Kept as it grows: a stopped run leaves what it solved.
                        let partial = l.clone();
                        drop(l);
                        if let Err(e) = write_testset(args, (min_e, max_e), partial) {
                            *failure.lock().expect("failure") = Some(e);
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().expect("failure") {
        return Err(e);
    }
    let lines = lines.into_inner().expect("lines");
    write_testset(args, (min_e, max_e), lines.clone())?;
    eprintln!(
        "testset: {} positions in {} ({:.0} s)",
        lines.len(),
        args.out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Writes the test set's lines, in game order, with the command that made them.
fn write_testset(
    args: &TestsetArgs,
    (min_e, max_e): (u32, u32),
    mut lines: Vec<(usize, String)>,
) -> Result<(), String> {
    lines.sort_unstable();
    let mut text = format!(
        "# {} positions ({}..{} empties) from self-play games, each solved exactly: the best move and its score.\n\
         # Made by: reversi-engine corpus testset --games {} --empties {} --depth {} --random-plies {} --seed {}\n",
        lines.len(),
        min_e,
        max_e,
        args.games,
        args.empties,
        args.depth,
        args.random_plies,
        args.seed
    );
    for (_, l) in &lines {
        text.push_str(l);
        text.push('\n');
    }
    let tmp = args.out.with_extension("tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, &args.out))
        .map_err(|e| format!("{}: {e}", args.out.display()))
}
