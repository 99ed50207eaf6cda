//! `reversi-engine match`: two engines play each other from balanced openings.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use clap::Args;

use std::sync::Arc;

use crate::cli::book::read_games;
use crate::cli::book_file::load_book;
use crate::cli::engine_spec::EngineSpec;
use crate::cli::external::{NboardEngine, PerMoveProgram};
use crate::cli::selfplay::{EnginePlayer, Mover, play_out};
use crate::engine::book::Book;
use crate::engine::{
    Game, GameClock, Level, Mcts, MctsLimits, PeopleErrors, SearchLimits, Searcher, default_levels,
    parse_levels, with_people,
};

/// Arguments of `match`.
#[derive(Debug, Args)]
#[command(
    after_help = "Engines: `shipped`, `simple` (disc-square values and mobility only) \
or a config folder (search.ron, eval.ron, patterns/*.ron or simple-eval.ron; missing files \
come from the shipped set).\nEach opening is played twice, colours swapped. Output: one line \
per game, then\n  games <n> wins <w> draws <d> losses <l> score <pct>% disc-diff <mean> elo \
<e> +- <err>\nfrom A's side (95% error bar)."
)]
pub struct MatchArgs {
    /// Engine A.
    #[arg(long)]
    a: String,
    /// Engine B.
    #[arg(long, required_unless_present_any = ["vs", "vs_cmd"], conflicts_with_all = ["vs", "vs_cmd"])]
    b: Option<String>,
    /// Instead of B: an NBoard engine, started once per thread with this shell command.
    #[arg(long, conflicts_with = "vs_cmd")]
    vs: Option<String>,
    /// Instead of B: a program started once per move as `<command> <transcript>`, printing
    /// its move (e.g. `zebra-move --depth 8 --exact 20`).
    #[arg(long)]
    vs_cmd: Option<String>,
    /// Number of games (even: each opening twice), 1..=1000000.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Fixed search depth per move (for a side that plays no level), 1..=60.
    #[arg(long, conflicts_with = "time_ms", value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: Option<u32>,
    /// Fixed time per move in milliseconds.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    time_ms: Option<u64>,
    /// An external opponent (--vs, --vs-cmd) that takes longer than this for a move, or to
    /// answer at start, loses the match: it is stopped and the match ends with an error.
    #[arg(long, value_name = "SECONDS", default_value_t = 120, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    move_timeout_s: u64,
    /// Openings, one transcript per line (`#` comments), or GGF records; `xot` for the
    /// shipped XOT set (data/xot/xot.txt: 8-ply openings within 2 discs of even), in its
    /// order.
    #[arg(long, default_value = "tests/data/openings-8ply.txt")]
    openings: PathBuf,
    /// Games played at once (default: the machine's cores), 1..=1024.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Search threads of engine A (1..=256; default 1): A's games at once times this
    /// should not exceed the cores, or the engines share them.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    a_threads: u64,
    /// Search threads of engine B (our engine only).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    b_threads: u64,
    /// Our engines solve exactly from this many empties (default: their search.ron's
    /// exact_empties; 0 never solves). A side playing a level solves as its level says.
    #[arg(long)]
    exact_empties: Option<u32>,
    /// Transposition table per engine, MiB.
    #[arg(long, default_value_t = 16)]
    tt_mib: usize,
    /// A plays this difficulty level (its name or its number, 1 = the first) with engine A's
    /// evaluator, instead of --depth/--time-ms; an MCTS level (`kind: Mcts`) with engine
    /// A's mcts.ron too.
    #[arg(long, value_name = "LEVEL")]
    a_level: Option<String>,
    /// B plays this difficulty level (with engine B).
    #[arg(long, value_name = "LEVEL", requires = "b")]
    b_level: Option<String>,
    /// The levels file for --a-level/--b-level (default: the shipped config/levels.ron).
    #[arg(long, value_name = "FILE")]
    levels: Option<PathBuf>,
    /// A plays from this opening book (`shipped` or a book file) while its positions are in
    /// it: a level as its `book` setting says, otherwise the book's best move.
    #[arg(long, value_name = "BOOK")]
    a_book: Option<String>,
    /// B plays from this opening book (with engine B).
    #[arg(long, value_name = "BOOK", requires = "b")]
    b_book: Option<String>,
    /// A's book learns each finished game (its line searched to --learn-depth and added, the
    /// result counted; as the game does), and A plays the next games from it.
    #[arg(long, requires = "a_book")]
    a_learn: bool,
    /// Depth of the searches that learn a game (with --a-learn).
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=40))]
    learn_depth: u32,
    /// Write A's learned book here at the end (with --a-learn).
    #[arg(long, value_name = "FILE", requires = "a_learn")]
    learn_out: Option<PathBuf>,
    /// Seeds the levels' choices among moves and the playouts of MCTS levels and sides.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Engine A's search: `alphabeta` (the searcher, the default) or `mcts` (Monte Carlo
    /// tree search with the engine's mcts.ron, limited by --playouts or --time-ms).
    #[arg(long, value_enum, default_value = "alphabeta")]
    a_algorithm: SideAlgorithm,
    /// Engine B's search (our engine only).
    #[arg(long, value_enum, default_value = "alphabeta", requires = "b")]
    b_algorithm: SideAlgorithm,
    /// Playouts per move for a side playing `mcts` (with --time-ms too, whichever comes
    /// first), 1..=1000000000.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    playouts: Option<u64>,
    /// A plays on a game clock of MS milliseconds (`MS+INC`: INC added after each move),
    /// which it spends as its time planner says (instead of --depth/--time-ms: a level
    /// plans within its own time too). A side whose clock runs out loses the game on time,
    /// and the match reports it.
    #[arg(long, value_name = "MS[+INC]", value_parser = GameClock::parse)]
    a_clock: Option<GameClock>,
    /// B plays on a game clock (our engine plans on it; another program is only timed).
    #[arg(long, value_name = "MS[+INC]", value_parser = GameClock::parse)]
    b_clock: Option<GameClock>,
    /// After the result, print each side's thinking time per move:
    /// `times <a|b> moves <n> mean <s> p90 <s> max <s>`.
    #[arg(long)]
    times: bool,
}

/// How one of our sides searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SideAlgorithm {
    /// The alpha-beta searcher (MTD(f) or PVS, as search.ron says).
    Alphabeta,
    /// Monte Carlo tree search (mcts.ron).
    Mcts,
}

/// A player whose every move is timed into a shared list, and taken off its game clock
/// when it plays on one.
struct Timed<'a> {
    inner: &'a mut dyn Mover,
    times: &'a Mutex<Vec<f64>>,
    /// The game clock each game starts with.
    clock: Option<GameClock>,
    /// The clock in this game.
    left: Option<GameClock>,
    /// The move of this game (counting from 1) on which the clock ran out.
    flagged_on: Option<usize>,
    moves: usize,
    /// Microseconds used in this game not yet taken off the clock (it counts milliseconds).
    carry_us: u128,
}

impl<'a> Timed<'a> {
    fn new(inner: &'a mut dyn Mover, times: &'a Mutex<Vec<f64>>, clock: Option<GameClock>) -> Self {
        Timed {
            inner,
            times,
            clock,
            left: clock,
            flagged_on: None,
            moves: 0,
            carry_us: 0,
        }
    }
}

impl Mover for Timed<'_> {
    fn new_game(&mut self) -> Result<(), String> {
        self.left = self.clock;
        self.flagged_on = None;
        self.moves = 0;
        self.carry_us = 0;
        self.inner.new_game()
    }

    fn choose(&mut self, game: &Game) -> Result<crate::engine::Square, String> {
        self.inner.set_clock(self.left);
        let start = std::time::Instant::now();
        let mv = self.inner.choose(game);
        let elapsed = start.elapsed();
        self.times
            .lock()
            .expect("times")
            .push(elapsed.as_secs_f64());
        self.moves += 1;
        self.carry_us += elapsed.as_micros();
        let used_ms = (self.carry_us / 1000) as u64;
        self.carry_us %= 1000;
        if let Some(left) = &mut self.left
            && !left.spend(used_ms)
            && self.flagged_on.is_none()
        {
            self.flagged_on = Some(self.moves);
        }
        mv
    }

    fn name(&self) -> String {
        self.inner.name()
    }

    fn set_game(&mut self, number: u64) {
        self.inner.set_game(number);
    }
}

/// `times <side> moves <n> mean <s> p90 <s> max <s>` for a list of move times.
fn times_line(side: &str, times: &mut [f64]) -> String {
    if times.is_empty() {
        return format!("times {side} moves 0");
    }
    times.sort_by(f64::total_cmp);
    let n = times.len();
    let mean = times.iter().sum::<f64>() / n as f64;
    let p90 = times[(n * 9 / 10).min(n - 1)];
    format!(
        "times {side} moves {n} mean {mean:.3} p90 {p90:.3} max {:.3}",
        times[n - 1]
    )
}

/// One game's result from A's side.
struct Outcome {
    number: usize,
    a_black: bool,
    transcript: String,
    a_discs_diff: i32,
    /// The side that lost on time ('a' or 'b'; the first whose clock ran out), if one did.
    lost_on_time: Option<char>,
}

impl Outcome {
    /// A's points: 1 for a win, 0.5 for a draw; a loss on time loses whatever the discs.
    fn a_points(&self) -> f64 {
        match (self.lost_on_time, self.a_discs_diff) {
            (Some('a'), _) => 0.0,
            (Some(_), _) => 1.0,
            (None, d) if d > 0 => 1.0,
            (None, 0) => 0.5,
            (None, _) => 0.0,
        }
    }
}

/// The score fraction's Elo difference and its 95% error bar.
pub fn elo(points: &[f64]) -> (f64, f64) {
    let n = points.len() as f64;
    let p = points.iter().sum::<f64>() / n;
    let var = points.iter().map(|x| (x - p).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let p_clamped = p.clamp(1e-3, 1.0 - 1e-3);
    let elo = -400.0 * (1.0 / p_clamped - 1.0).log10();
    let slope = 400.0 / (std::f64::consts::LN_10 * p_clamped * (1.0 - p_clamped));
    (elo, 1.96 * (var / n).sqrt() * slope)
}

/// Player B as asked for on the command line.
enum Opponent {
    Engine(Box<EngineSpec>),
    Nboard(String),
    PerMove(String),
}

/// The level a `--a-level`/`--b-level` argument names: a name, or a number from 1.
fn find_level(levels: &[Level], arg: &str) -> Result<Level, String> {
    if let Some(l) = levels.iter().find(|l| l.name.eq_ignore_ascii_case(arg)) {
        return Ok(l.clone());
    }
    match arg.parse::<usize>() {
        Ok(n) if (1..=levels.len()).contains(&n) => Ok(levels[n - 1].clone()),
        _ => Err(format!(
            "no level \"{arg}\": the levels are {}",
            levels
                .iter()
                .enumerate()
                .map(|(i, l)| format!("{} {}", i + 1, l.name))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The levels file named by `--levels`, or the shipped one; a `people.ron` in the same
/// folder is the table its levels that play like people choose by (as in a designer's
/// folder), else the shipped one.
fn load_levels(path: Option<&std::path::Path>) -> Result<Vec<Level>, String> {
    let Some(p) = path else {
        return Ok(default_levels());
    };
    let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
    let levels = parse_levels(&p.display().to_string(), &text).map_err(|e| e.to_string())?;
    let people = p.with_file_name("people.ron");
    if !people.is_file() {
        return Ok(levels);
    }
    let text =
        std::fs::read_to_string(&people).map_err(|e| format!("{}: {e}", people.display()))?;
    let table =
        PeopleErrors::parse(&people.display().to_string(), &text).map_err(|e| e.to_string())?;
    eprintln!(
        "match: the levels that play like people choose by {}",
        people.display()
    );
    Ok(with_people(levels, Some(table)))
}

impl MatchArgs {
    fn side(
        &self,
        spec: &EngineSpec,
        limits: SearchLimits,
        level: Option<&Level>,
        book: Option<&Arc<Book>>,
        (flag, threads): (&str, u64),
        algorithm: SideAlgorithm,
    ) -> Result<EnginePlayer, String> {
        let mut search = spec.search.clone();
        search.tt_mib = self.tt_mib;
        if let Some(e) = self.exact_empties {
            search.exact_empties = e;
            search.wld_empties = e;
        }
        let mut searcher = crate::cli::searcher(search, Arc::clone(&spec.eval))
            .map_err(|e| format!("--tt-mib/--exact-empties: {e}"))?;
        searcher.set_threads(crate::cli::search_threads(flag, threads)?);
        // An MCTS level plays through the searcher, with the engine's mcts.ron.
        searcher.set_mcts_config(spec.mcts.clone());
        let mcts = (algorithm == SideAlgorithm::Mcts).then(|| {
            let limits = MctsLimits {
                playouts: self.playouts,
                time_ms: self.time_ms,
            };
            let mcts = Mcts::new(spec.mcts.clone(), Arc::clone(&spec.eval), self.seed);
            (mcts, limits, self.seed)
        });
        let solve_from = (
            searcher.config().exact_empties,
            searcher.config().wld_empties,
        );
        Ok(EnginePlayer {
            searcher,
            limits,
            name: match (level, &mcts) {
                (Some(l), _) => format!("{} at level \"{}\"", spec.name, l.name),
                (None, Some(_)) => format!("{} mcts", spec.name),
                (None, None) => spec.name.clone(),
            },
            level: level.map(|l| (l.clone(), self.seed)),
            book: book.cloned(),
            book_moves: 0,
            game: 0,
            mcts,
            clock: None,
            solve_from,
        })
    }

    fn opponent_mover(
        &self,
        b: &Opponent,
        limits: SearchLimits,
        level: Option<&Level>,
        book: Option<&Arc<Book>>,
    ) -> Result<Box<dyn Mover>, String> {
        Ok(match b {
            Opponent::Engine(spec) => {
                let threads = ("--b-threads", self.b_threads);
                Box::new(self.side(spec, limits, level, book, threads, self.b_algorithm)?)
            }
            Opponent::Nboard(cmd) => Box::new(NboardEngine::start(
                cmd,
                self.depth,
                Duration::from_secs(self.move_timeout_s),
            )?),
            Opponent::PerMove(cmd) => Box::new(PerMoveProgram {
                command: cmd.clone(),
                timeout: Duration::from_secs(self.move_timeout_s),
            }),
        })
    }
}

/// Reads the openings file: one transcript per line, `#` comments (or GGF records), as
/// `book import` reads games; `xot` is the shipped XOT set.
fn read_openings(path: &std::path::Path) -> Result<Vec<Game>, String> {
    if path.as_os_str() == "xot" {
        return Ok(crate::engine::shipped_xot()
            .iter()
            .map(crate::engine::XotOpening::game)
            .collect());
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let openings = read_games(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if openings.is_empty() {
        return Err(format!("{}: no openings", path.display()));
    }
    Ok(openings)
}

/// What a match is played with, read from the arguments and checked before a game starts.
struct Setup {
    a: EngineSpec,
    b: Opponent,
    a_level: Option<Level>,
    b_level: Option<Level>,
    openings: Vec<Game>,
    limits: SearchLimits,
    a_book: Option<Arc<Book>>,
    b_book: Option<Arc<Book>>,
    /// With --a-learn, the one learner: A's book as learned so far, the searcher that learns
    /// and the positions it searched. Games are learned one at a time, in the order they end.
    learner: Option<Mutex<(Book, Searcher, usize)>>,
}

/// Reads and checks the match's engines, levels, openings and books.
///
/// # Errors
/// A bad engine folder, level, openings or book file, or flags that do not go together.
fn setup(args: &MatchArgs) -> Result<Setup, String> {
    crate::cli::check_tt_mib("--tt-mib", args.tt_mib)?;
    if args.exact_empties.is_some_and(|e| e > 60) {
        return Err(format!(
            "--exact-empties {}: expected 0..=60",
            args.exact_empties.unwrap_or(0)
        ));
    }
    let a = EngineSpec::from_arg(&args.a)?;
    let b = match (&args.b, &args.vs, &args.vs_cmd) {
        (Some(b), _, _) => Opponent::Engine(Box::new(EngineSpec::from_arg(b)?)),
        (None, Some(cmd), _) => Opponent::Nboard(cmd.clone()),
        (None, None, Some(cmd)) => Opponent::PerMove(cmd.clone()),
        (None, None, None) => return Err("one of --b, --vs, --vs-cmd is needed".to_string()),
    };
    let (a_level, b_level) = if args.a_level.is_some() || args.b_level.is_some() {
        let levels = load_levels(args.levels.as_deref())?;
        let find =
            |arg: &Option<String>| arg.as_deref().map(|a| find_level(&levels, a)).transpose();
        (find(&args.a_level)?, find(&args.b_level)?)
    } else {
        (None, None)
    };
    check_sides(args, &b, &a_level, &b_level)?;
    let openings = read_openings(&args.openings)?;
    let limits = SearchLimits {
        depth: args.depth,
        nodes: None,
        time_ms: args.time_ms,
        soft_time_ms: None,
    };
    let book = |arg: &Option<String>| -> Result<Option<Arc<Book>>, String> {
        Ok(arg.as_deref().map(load_book).transpose()?.map(Arc::new))
    };
    let (a_book, b_book) = (book(&args.a_book)?, book(&args.b_book)?);
    let learner = if args.a_learn {
        let mut search = a.search.clone();
        search.tt_mib = args.tt_mib;
        search.probcut_t = 1.5;
        let searcher = crate::cli::searcher(search, Arc::clone(&a.eval))
            .map_err(|e| format!("--tt-mib: {e}"))?;
        let book = a_book.as_deref().cloned().unwrap_or_default();
        Some(Mutex::new((book, searcher, 0usize)))
    } else {
        None
    };
    Ok(Setup {
        a,
        b,
        a_level,
        b_level,
        openings,
        limits,
        a_book,
        b_book,
        learner,
    })
}

/// Checks that each side's algorithm, level, limits and clock go together.
///
/// # Errors
/// The flags that do not, and why.
fn check_sides(
    args: &MatchArgs,
    b: &Opponent,
    a_level: &Option<Level>,
    b_level: &Option<Level>,
) -> Result<(), String> {
    let b_is_ours = matches!(b, Opponent::Engine(_));
    let mcts_sides = [
        (args.a_algorithm, a_level.is_some(), "--a-algorithm"),
        (args.b_algorithm, b_level.is_some(), "--b-algorithm"),
    ];
    for (algorithm, level, flag) in mcts_sides {
        if algorithm == SideAlgorithm::Mcts {
            if level {
                return Err(format!(
                    "{flag} mcts: a side playing a level searches as its level says"
                ));
            }
            if args.playouts.is_none() && args.time_ms.is_none() {
                return Err(format!("{flag} mcts needs --playouts or --time-ms"));
            }
        }
    }
    let alphabeta_needs_limit = |algorithm, level: &Option<Level>, clock: &Option<GameClock>| {
        algorithm == SideAlgorithm::Alphabeta && level.is_none() && clock.is_none()
    };
    if args.depth.is_none()
        && args.time_ms.is_none()
        && (alphabeta_needs_limit(args.a_algorithm, a_level, &args.a_clock)
            || (b_is_ours && alphabeta_needs_limit(args.b_algorithm, b_level, &args.b_clock)))
    {
        return Err(
            "--depth, --time-ms or a clock (--a-clock, --b-clock) is needed for a side that \
             plays no level (--a-level, --b-level)"
                .to_string(),
        );
    }
    for (clock, algorithm, flag) in [
        (&args.a_clock, args.a_algorithm, "--a-clock"),
        (&args.b_clock, args.b_algorithm, "--b-clock"),
    ] {
        if clock.is_some() && algorithm == SideAlgorithm::Mcts {
            return Err(format!(
                "{flag}: a side playing mcts has no time planner; give it --time-ms"
            ));
        }
    }
    Ok(())
}

/// What the threads playing the games share, and what they leave for the report.
struct Shared {
    /// The number of the last game taken.
    next: Mutex<usize>,
    results: Mutex<Vec<Outcome>>,
    /// The first error; the other threads stop at their next game.
    failure: Mutex<Option<String>>,
    b_name: Mutex<String>,
    a_times: Mutex<Vec<f64>>,
    b_times: Mutex<Vec<f64>>,
    /// The moves A and B played from their books.
    book_moves: Mutex<(usize, usize)>,
    /// A's book as learned so far (with --a-learn), which each game starts with.
    a_current: Mutex<Option<Arc<Book>>>,
}

/// Plays the games on as many threads as asked (no more than there are games).
///
/// # Errors
/// The first failure: a side that cannot be set up, or a game that fails.
fn play(args: &MatchArgs, setup: &Setup) -> Result<Shared, String> {
    let games = args.games as usize;
    let threads = crate::cli::threads_or_cores(args.threads).clamp(1, games.max(1));
    let shared = Shared {
        next: Mutex::new(0usize),
        results: Mutex::new(Vec::new()),
        failure: Mutex::new(None::<String>),
        b_name: Mutex::new(String::new()),
        a_times: Mutex::new(Vec::new()),
        b_times: Mutex::new(Vec::new()),
        book_moves: Mutex::new((0usize, 0usize)),
        a_current: Mutex::new(setup.a_book.clone()),
    };
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| play_games(args, setup, &shared));
        }
    });
    if let Some(e) = shared.failure.lock().expect("failure").take() {
        return Err(e);
    }
    Ok(shared)
}

/// One thread's games: its own two sides play the next game until all are taken or one
/// fails.
fn play_games(args: &MatchArgs, setup: &Setup, shared: &Shared) {
    let a_threads = ("--a-threads", args.a_threads);
    let a_side = args.side(
        &setup.a,
        setup.limits,
        setup.a_level.as_ref(),
        setup.a_book.as_ref(),
        a_threads,
        args.a_algorithm,
    );
    let mut side_a = match a_side {
        Ok(side) => side,
        Err(e) => {
            *shared.failure.lock().expect("failure") = Some(e);
            return;
        }
    };
    let b_side = args.opponent_mover(
        &setup.b,
        setup.limits,
        setup.b_level.as_ref(),
        setup.b_book.as_ref(),
    );
    let mut side_b = match b_side {
        Ok(m) => m,
        Err(e) => {
            *shared.failure.lock().expect("failure") = Some(e);
            return;
        }
    };
    *shared.b_name.lock().expect("name") = side_b.name();
    loop {
        let number = {
            let mut n = shared.next.lock().expect("counter");
            if *n >= args.games as usize || shared.failure.lock().expect("failure").is_some() {
                let mut counts = shared.book_moves.lock().expect("book moves");
                counts.0 += side_a.book_moves;
                counts.1 += side_b.book_moves();
                return;
            }
            *n += 1;
            *n
        };
        if let Err(e) = play_game(args, setup, shared, number, &mut side_a, side_b.as_mut()) {
            *shared.failure.lock().expect("failure") = Some(e);
            return;
        }
    }
}

/// Plays game `number` (A is Black in the odd ones), prints its line and learns it.
///
/// # Errors
/// `game N: why` when a side fails.
fn play_game(
    args: &MatchArgs,
    setup: &Setup,
    shared: &Shared,
    number: usize,
    side_a: &mut EnginePlayer,
    side_b: &mut dyn Mover,
) -> Result<(), String> {
    if args.a_learn {
        side_a.book = shared.a_current.lock().expect("book").clone();
    }
    let opening = &setup.openings[((number - 1) / 2) % setup.openings.len()];
    let a_black = number % 2 == 1;
    let mut game = opening.clone();
    let mut a = Timed::new(side_a, &shared.a_times, args.a_clock);
    let mut b = Timed::new(side_b, &shared.b_times, args.b_clock);
    a.set_game(number as u64);
    b.set_game(number as u64);
    let end = if a_black {
        play_out(&mut game, &mut a, Some(&mut b))
    } else {
        play_out(&mut game, &mut b, Some(&mut a))
    };
    let end = end.map_err(|e| format!("game {number}: {e}"))?;
    let black_diff = end.final_score_black();
    let lost_on_time = match (a.flagged_on, b.flagged_on) {
        (Some(x), Some(y)) => Some(if x <= y { 'a' } else { 'b' }),
        (Some(_), None) => Some('a'),
        (None, Some(_)) => Some('b'),
        (None, None) => None,
    };
    let outcome = Outcome {
        number,
        a_black,
        transcript: game.transcript(),
        a_discs_diff: if a_black { black_diff } else { -black_diff },
        lost_on_time,
    };
    let clocks = [('a', a.left), ('b', b.left)]
        .iter()
        .filter_map(|&(side, left)| {
            left.map(|c| format!(" clock-{side} {:.3}", c.left_ms as f64 / 1e3))
        })
        .collect::<String>();
    let time_loss = lost_on_time
        .map(|side| format!(" {side}-lost-on-time"))
        .unwrap_or_default();
    println!(
        "game {} a-{} {:+} {}{clocks}{time_loss}",
        outcome.number,
        if a_black { "black" } else { "white" },
        outcome.a_discs_diff,
        outcome.transcript
    );
    shared.results.lock().expect("results").push(outcome);
    if let Some(learner) = &setup.learner {
        let never = std::sync::atomic::AtomicBool::new(false);
        let mut guard = learner.lock().expect("learner");
        let (book, searcher, searched) = &mut *guard;
        let learned = book
            .learn(&game, searcher, args.learn_depth, 30, &never)
            .expect("never stopped");
        *searched += learned.searched;
        *shared.a_current.lock().expect("book") = Some(Arc::new(book.clone()));
    }
    Ok(())
}

/// Prints the match's result from A's side, the clocks' and books' counts, what A learned
/// (writing the learned book) and the move times.
///
/// # Errors
/// The learned book's file that cannot be written.
fn report(args: &MatchArgs, setup: Setup, played: Shared) -> Result<(), String> {
    let results = played.results.into_inner().expect("results");
    let points: Vec<f64> = results.iter().map(Outcome::a_points).collect();
    let wins = points.iter().filter(|&&p| p == 1.0).count();
    let draws = points.iter().filter(|&&p| p == 0.5).count();
    let losses = results.len() - wins - draws;
    let mean_diff = results
        .iter()
        .map(|o| f64::from(o.a_discs_diff))
        .sum::<f64>()
        / results.len() as f64;
    let (e, err) = elo(&points);
    let black_games = results.iter().filter(|o| o.a_black).count();
    let a = &setup.a;
    let a_name = match (&setup.a_level, args.a_algorithm) {
        (Some(l), _) => format!("{} at level \"{}\"", a.name, l.name),
        (None, SideAlgorithm::Mcts) => format!("{} mcts", a.name),
        (None, SideAlgorithm::Alphabeta) => a.name.clone(),
    };
    println!(
        "a {} b {} ({} games with A as Black)",
        a_name,
        played.b_name.into_inner().expect("name"),
        black_games
    );
    println!(
        "games {} wins {wins} draws {draws} losses {losses} score {:.1}% disc-diff {mean_diff:+.2} elo {e:+.0} +- {err:.0}",
        results.len(),
        100.0 * points.iter().sum::<f64>() / points.len() as f64
    );
    if args.a_clock.is_some() || args.b_clock.is_some() {
        let on_time = |side| {
            results
                .iter()
                .filter(|o| o.lost_on_time == Some(side))
                .count()
        };
        println!("lost-on-time a {} b {}", on_time('a'), on_time('b'));
    }
    if setup.a_book.is_some() || setup.b_book.is_some() {
        let (a_moves, b_moves) = played.book_moves.into_inner().expect("book moves");
        println!("book-moves a {a_moves} b {b_moves}");
    }
    if let Some(learner) = setup.learner {
        let (book, _, searched) = learner.into_inner().expect("learner");
        let start = setup.a_book.as_deref().map_or(0, Book::len);
        println!(
            "learned a positions {} (+{}) searched {searched}",
            book.len(),
            book.len() - start
        );
        if let Some(path) = &args.learn_out {
            crate::cli::book_file::write_book(path, &book)?;
        }
    }
    if args.times {
        for (side, times) in [("a", played.a_times), ("b", played.b_times)] {
            println!(
                "{}",
                times_line(side, &mut times.into_inner().expect("times"))
            );
        }
    }
    Ok(())
}

/// Runs `match`: the setup, the games, the report.
///
/// # Errors
/// A bad engine folder or openings file, or an opponent program that fails.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    let setup = setup(args)?;
    let played = play(args, &setup)?;
    report(args, setup, played)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_people_table_beside_the_levels_file_is_what_its_people_levels_choose_by() {
        let dir = std::env::temp_dir().join(format!("match-people-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let levels = dir.join("levels.ron");
        std::fs::write(&levels, crate::engine::DEFAULT_LEVELS_RON).unwrap();
        let shipped = load_levels(Some(&levels)).unwrap();
        assert!(shipped.iter().all(|l| l.people.is_none()));
        let table = PeopleErrors::from_moves("mine".into(), &[1400, 1800], [(1, 30, 2)]);
        std::fs::write(dir.join("people.ron"), table.to_ron()).unwrap();
        let mine = load_levels(Some(&levels)).unwrap();
        let like = mine.iter().find(|l| l.plays_like.is_some()).unwrap();
        assert_eq!(like.people.as_deref(), Some(&table));
        std::fs::write(dir.join("people.ron"), "(").unwrap();
        let e = load_levels(Some(&levels)).unwrap_err();
        assert!(e.contains("people.ron"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn levels_by_name_or_number() {
        let levels = default_levels();
        assert_eq!(find_level(&levels, "expert").unwrap().name, "Expert");
        assert_eq!(find_level(&levels, "1").unwrap().name, levels[0].name);
        let mcts = find_level(&levels, "monte carlo").unwrap();
        assert_eq!(
            (mcts.kind, mcts.time_ms),
            (crate::engine::LevelKind::Mcts, Some(1000))
        );
        let e = find_level(&levels, "15").unwrap_err();
        assert!(
            e.starts_with("no level \"15\": the levels are 1 Beginner, 2 Novice, "),
            "{e}"
        );
    }

    #[test]
    fn move_times_summary() {
        let mut t = [0.5, 0.1, 2.0, 0.2, 0.3, 0.4, 0.6, 0.7, 0.8, 0.9];
        assert_eq!(
            times_line("a", &mut t),
            "times a moves 10 mean 0.650 p90 2.000 max 2.000"
        );
        assert_eq!(times_line("b", &mut []), "times b moves 0");
    }

    #[test]
    fn elo_of_even_and_three_quarters() {
        let even = [1.0, 0.0, 1.0, 0.0];
        assert_eq!(elo(&even).0.round(), 0.0);
        let three_quarters = [1.0, 1.0, 1.0, 0.0];
        assert_eq!(elo(&three_quarters).0.round(), 191.0);
    }
}
