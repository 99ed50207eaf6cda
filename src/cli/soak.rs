//! `reversi-engine soak`: many fast self-play games from random set-up positions, with random
//! levels and random stop requests, checking the rules' invariants after every ply.
//!
//! Each game starts from a random position (a random playout from the start cut at a random
//! ply, a position where the side to move must pass, or a finished board) and is played out
//! by two random levels. Some searches are stopped early: by a clock that jumps past its
//! limit after a chosen number of reads, by a flag raised before the search starts, or by a
//! flag raised by another thread a few hundred microseconds in. Every ply is checked against
//! a square-by-square reference of the rules written here, not against the engine's
//! bitboards, and every search answer against what the engine promises: a legal move
//! whenever the side to move has one (a stopped search included), a score in discs within
//! -64..=64, a legal principal variation, and (at few empties, by a reference solver) a
//! score marked exact or a win/loss/draw proof that is right.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use clap::Args;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::engine::{
    Board, BookUse, Clock, Game, Level, LevelKind, MctsConfig, PlayoutPolicy, Ply, Position,
    SearchConfig, SearchInfo, Searcher, Side, Square, default_levels, flips,
};
use crate::reference;

/// The seed when none is given: any fixed number, printed with the run.
const DEFAULT_SEED: u64 = 20_260_101;

/// What a [`StepClock`] reads once its jump has come: far past any search's limit.
const JUMPED_MS: u64 = 1 << 40;

/// Searches whose answer claims an exact score or a win/loss/draw proof are checked by the
/// reference solver at or below this many empties (at most 720 lines).
const CHECKED_EMPTIES: u32 = 6;

/// No game has more plies than this (60 moves and at most as many passes).
const MAX_PLIES: usize = 120;

/// Arguments of `soak`.
#[derive(Debug, Args)]
#[command(
    after_help = "Plays fast games between random levels from random set-up positions \
(random playouts cut at a random ply, forced passes, finished boards), stopping some searches \
early, and checks after every ply: the move is legal, a pass only when forced, the flips are \
the rules' (a square-by-square reference), the game ends exactly when neither side can move, \
the final score, the search's score within -64..=64, and the position's OBF round trip. A \
failure prints its game, ply, seed and position. Progress goes to standard error every 2 s; \
standard output ends with\n  \
soak: <games> games, <plies> plies, <stopped> stopped searches, <failures> failures, <s> s"
)]
pub struct SoakArgs {
    /// Number of games (1..=10000000).
    #[arg(long, value_name = "N", default_value_t = 10_000,
        value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// Seeds the positions, levels and stop requests; printed first so that a failing run
    /// can be repeated.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Transposition table of each side's searcher (and of its endgame solver), MiB
    /// (1..=4096).
    #[arg(long, value_name = "M", default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=4096))]
    tt_mib: u64,
    /// Leave out the stops raised by another thread after a random delay: the run then
    /// repeats exactly with its seed.
    #[arg(long)]
    no_thread_stops: bool,
}

/// What a soak run does.
#[derive(Clone, Copy, Debug)]
pub struct SoakOptions {
    /// Number of games.
    pub games: u64,
    /// Seeds everything random (each game's generator comes from it and the game number).
    pub seed: u64,
    /// Each searcher's table, MiB.
    pub tt_mib: usize,
    /// Whether some searches are stopped by another thread (not repeatable).
    pub thread_stops: bool,
}

/// What a soak run has done so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SoakReport {
    /// Games played (failed ones included).
    pub games: u64,
    /// Plies played, passes included.
    pub plies: u64,
    /// Searches that met their stop request (the jumped clock or the raised flag) before
    /// they returned.
    pub stopped: u64,
    /// One message per failed game: game, ply, seed, what broke, the position in OBF.
    pub failures: Vec<String>,
}

/// The game and ply being played, for the panic message of `run`.
static CURRENT: Mutex<Option<(u64, usize, Position)>> = Mutex::new(None);

/// Runs `soak`.
///
/// # Errors
/// The number of failed games, each already printed.
pub fn run(args: &SoakArgs) -> Result<(), String> {
    let options = SoakOptions {
        games: args.games,
        seed: args.seed,
        tt_mib: usize::try_from(args.tt_mib).map_err(|e| e.to_string())?,
        thread_stops: !args.no_thread_stops,
    };
    println!(
        "soak: seed {} games {} tt-mib {} thread-stops {}",
        options.seed,
        options.games,
        options.tt_mib,
        if options.thread_stops { "on" } else { "off" }
    );
    let seed = options.seed;
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if let Ok(Some((game, ply, position))) = CURRENT.lock().as_deref() {
            eprintln!("soak: panic in game {game} ply {ply} (seed {seed}); position {position}");
        }
        default_hook(info);
    }));
    let start = Instant::now();
    let mut shown = start;
    let report = soak(&options, &mut |report, failure| {
        if let Some(message) = failure {
            eprintln!("soak: FAILED {message}");
        }
        if shown.elapsed() >= Duration::from_secs(2) {
            shown = Instant::now();
            let elapsed = start.elapsed().as_secs_f64();
            let left = elapsed / report.games as f64 * (options.games - report.games) as f64;
            eprintln!(
                "soak: {}/{} games, {} elapsed, ~{} left",
                report.games,
                options.games,
                clock_text(elapsed),
                clock_text(left)
            );
        }
    });
    println!(
        "soak: {} games, {} plies, {} stopped searches, {} failures, {:.1} s",
        report.games,
        report.plies,
        report.stopped,
        report.failures.len(),
        start.elapsed().as_secs_f64()
    );
    if report.failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} of {} games failed (seed {seed})",
            report.failures.len(),
            report.games
        ))
    }
}

/// `mm:ss`, or `h:mm:ss` from an hour.
fn clock_text(seconds: f64) -> String {
    let s = seconds.round() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{:02}:{:02}", s / 60, s % 60)
    }
}

/// Plays `options.games` games, calling `after_game` after each with the totals so far and
/// the game's failure, if any (a failed game is abandoned and the soak goes on).
pub fn soak(
    options: &SoakOptions,
    after_game: &mut dyn FnMut(&SoakReport, Option<&str>),
) -> SoakReport {
    let config = SearchConfig {
        tt_mib: options.tt_mib,
        ..SearchConfig::shipped()
    };
    let mut searchers = [Searcher::new(config.clone()), Searcher::new(config)];
    // The time-based levels think for a second or more: the soak keeps to the quick ones.
    let shipped: Vec<Level> = default_levels()
        .into_iter()
        .filter(|l| l.time_ms.is_none() && l.depth.is_some_and(|d| d <= 5))
        .collect();
    let mut report = SoakReport::default();
    for n in 1..=options.games {
        let result = play_game(n, options, &mut searchers, &shipped, &mut report);
        report.games += 1;
        let failure = result.err();
        if let Some(message) = &failure {
            report.failures.push(message.clone());
        }
        after_game(&report, failure.as_deref());
    }
    report
}

/// Game `n`'s own generator, from the run's seed (SplitMix64's finaliser spreads nearby
/// numbers apart).
fn game_rng(seed: u64, n: u64) -> StdRng {
    let mut z = seed ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    StdRng::seed_from_u64(z ^ (z >> 31))
}

/// How a search is asked to stop early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// Not at all.
    Never,
    /// The clock reads far past the limit from this many reads on (a level without a time
    /// limit gets a small one for the move).
    ClockJump { after_reads: u64 },
    /// The flag is raised before the search starts.
    Raised,
    /// Another thread raises the flag after this many microseconds.
    Thread { after_us: u64 },
}

fn random_stop<R: Rng>(rng: &mut R, thread_stops: bool) -> Stop {
    match rng.random_range(0..100) {
        0..10 => Stop::ClockJump {
            after_reads: rng.random_range(0..=48),
        },
        10..15 => Stop::Raised,
        15..25 if thread_stops => Stop::Thread {
            after_us: rng.random_range(50..=800),
        },
        _ => Stop::Never,
    }
}

/// A clock that counts its reads: each one advances it `us_per_read` microseconds, and from
/// read `jump_after + 1` on it reads far past any limit. A search on it stops at the same
/// point on every run.
struct StepClock {
    reads: AtomicU64,
    us_per_read: u64,
    jump_after: Option<u64>,
}

impl StepClock {
    /// Whether a read has returned the jumped time.
    fn jumped(&self) -> bool {
        self.jump_after
            .is_some_and(|j| self.reads.load(Ordering::Relaxed) > j)
    }
}

impl Clock for StepClock {
    fn elapsed_ms(&self) -> u64 {
        let reads = self.reads.fetch_add(1, Ordering::Relaxed) + 1;
        if self.jump_after.is_some_and(|j| reads > j) {
            return JUMPED_MS;
        }
        reads * self.us_per_read / 1000
    }
}

/// A random level: depth 1..=4 or 1..=5 ms (sometimes both), solving from 0..=12 empties,
/// erring or not (by a temperature or by phase), selective or not; or, one time in five, a shipped level of depth 5 at most;
/// or, one time in ten, Monte Carlo tree search with 1..=300 playouts a move (a quarter of
/// them with 1..=5 ms too).
fn random_level<R: Rng>(rng: &mut R, shipped: &[Level]) -> Level {
    if !shipped.is_empty() && rng.random_bool(0.2) {
        return shipped[rng.random_range(0..shipped.len())].clone();
    }
    if rng.random_bool(0.1) {
        return Level {
            name: "random mcts".into(),
            description: String::new(),
            kind: LevelKind::Mcts,
            depth: None,
            time_ms: rng.random_bool(0.25).then(|| rng.random_range(1..=5)),
            playouts: Some(rng.random_range(1..=300)),
            exact_empties: 0,
            temperature: 0.0,
            phase_loss: None,
            plays_like: None,
            people: None,
            probcut: 0.0,
            book: BookUse::Off,
        };
    }
    let timed = rng.random_bool(0.3);
    // Not erring, erring by a temperature, by a loss for each phase, or as people do.
    let erring = rng.random_range(0..5).min(3);
    Level {
        name: "random".into(),
        description: String::new(),
        kind: LevelKind::AlphaBeta,
        depth: (!timed || rng.random_bool(0.3)).then(|| rng.random_range(1..=4)),
        time_ms: timed.then(|| rng.random_range(1..=5)),
        playouts: None,
        exact_empties: rng.random_range(0..=12),
        temperature: if erring == 1 {
            rng.random_range(0.5..=4.0)
        } else {
            0.0
        },
        phase_loss: (erring == 2).then(|| {
            (
                rng.random_range(0.0..=4.0),
                rng.random_range(0.0..=4.0),
                rng.random_range(0.0..=4.0),
            )
        }),
        plays_like: (erring == 3).then(|| rng.random_range(1200..=2200)),
        people: None,
        probcut: if rng.random_bool(0.5) {
            0.0
        } else {
            rng.random_range(1.0..=2.0)
        },
        book: BookUse::Off,
    }
}

/// Random Monte Carlo settings for a game: random or heavy playouts, priors or none, the
/// solver from 0..=12 empties, leaves expanded at once or later, and a tree that may stop
/// growing mid-game.
fn random_mcts_config<R: Rng>(rng: &mut R) -> MctsConfig {
    MctsConfig {
        exploration: rng.random_range(0.0..=2.0),
        playout: if rng.random_bool(0.3) {
            PlayoutPolicy::Heavy
        } else {
            PlayoutPolicy::Random
        },
        prior_weight: if rng.random_bool(0.5) { 0.0 } else { 1.0 },
        solver_empties: rng.random_range(0..=12),
        solver_table_mib: 1,
        expand_visits: rng.random_range(0..=3),
        max_nodes: rng.random_range(1000..=20_000),
        clock_check_playouts: rng.random_range(1..=256),
        ..MctsConfig::shipped()
    }
}

/// A level in a failure message.
fn level_text(l: &Level) -> String {
    match l.kind {
        LevelKind::Mcts => format!(
            "{} (Monte Carlo, playouts {:?} time_ms {:?})",
            l.name, l.playouts, l.time_ms
        ),
        LevelKind::AlphaBeta => format!(
            "{} (depth {:?} time_ms {:?} exact_empties {} temperature {} probcut {})",
            l.name, l.depth, l.time_ms, l.exact_empties, l.temperature, l.probcut
        ),
    }
}

/// Plays game `n` from a random set-up position to its end, checking every ply.
fn play_game(
    n: u64,
    options: &SoakOptions,
    searchers: &mut [Searcher; 2],
    shipped: &[Level],
    report: &mut SoakReport,
) -> Result<(), String> {
    let mut rng = game_rng(options.seed, n);
    let start = random_setup(&mut rng);
    let levels = [
        random_level(&mut rng, shipped),
        random_level(&mut rng, shipped),
    ];
    let us_per_read = rng.random_range(20..=1000);
    // Half the games keep what the tables learnt in the previous game.
    if rng.random_bool(0.5) {
        searchers.iter_mut().for_each(Searcher::clear);
    }
    let mcts = random_mcts_config(&mut rng);
    for s in searchers.iter_mut() {
        s.set_mcts_config(mcts.clone());
    }
    let mut game = Game::from_position(start);
    let mut ply = 0;
    let fail = |ply: usize, position: Position, message: String| {
        format!(
            "game {n} ply {ply} (seed {}): {message}; position {position}; set-up {start}; \
             black {}; white {}{}",
            options.seed,
            level_text(&levels[0]),
            level_text(&levels[1]),
            if levels.iter().any(|l| l.kind == LevelKind::Mcts) {
                format!("; {mcts:?}")
            } else {
                String::new()
            }
        )
    };
    loop {
        let pos = game.position();
        *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = Some((n, ply, pos));
        check_position(&pos).map_err(|m| fail(ply, pos, m))?;
        let (p, o) = (pos.board.player, pos.board.opponent);
        let (mine, theirs) = (reference::moves(p, o), reference::moves(o, p));
        if pos.board.moves() != mine {
            let m = format!(
                "the engine's moves {} differ from the rules' {}",
                square_list(pos.board.moves()),
                square_list(mine)
            );
            return Err(fail(ply, pos, m));
        }
        let over = mine == 0 && theirs == 0;
        if game.is_over() != over || game.must_pass() != (mine == 0 && theirs != 0) {
            let m = format!(
                "the game says over {} / must pass {}, the rules say over {over} / must pass {}",
                game.is_over(),
                game.must_pass(),
                mine == 0 && theirs != 0
            );
            return Err(fail(ply, pos, m));
        }
        if over {
            break;
        }
        if ply >= MAX_PLIES {
            return Err(fail(ply, pos, format!("no end after {MAX_PLIES} plies")));
        }
        if mine == 0 {
            game.play(Ply::Pass)
                .map_err(|e| fail(ply, pos, format!("a forced pass was refused: {e}")))?;
            let after = game.position();
            if (after.black(), after.white(), after.side_to_move)
                != (pos.black(), pos.white(), !pos.side_to_move)
            {
                let m = format!("a pass changed the discs or kept the side: {after}");
                return Err(fail(ply, pos, m));
            }
        } else {
            if game.play(Ply::Pass).is_ok() {
                let m = "a pass was accepted from a side that has a move".to_string();
                return Err(fail(ply, pos, m));
            }
            let side = usize::from(pos.side_to_move == Side::White);
            let stop = random_stop(&mut rng, options.thread_stops);
            let direct = rng.random_bool(0.25);
            let mut move_rng = StdRng::seed_from_u64(rng.random());
            let answer = engine_move(
                &mut searchers[side],
                &levels[side],
                &pos.board,
                stop,
                direct,
                us_per_read,
                &mut move_rng,
            );
            let context = |m: String| {
                let how = if direct {
                    "Searcher::search"
                } else {
                    "Level::play"
                };
                fail(
                    ply,
                    pos,
                    format!("{m} ({} to move, {how}, stop {stop:?})", pos.side_to_move),
                )
            };
            report.stopped += u64::from(answer.met_stop);
            let sq = check_answer(&pos.board, &answer, direct || !levels[side].errs())
                .map_err(context)?;
            game.play_move(sq)
                .map_err(|e| fail(ply, pos, format!("the game refused {sq}: {e}")))?;
            check_move(&pos, sq, &game.position()).map_err(|m| fail(ply, pos, m))?;
        }
        ply += 1;
        report.plies += 1;
    }
    let end = game.position();
    let (black, white) = (end.black().count_ones(), end.white().count_ones());
    let expected = reference::final_score(black, white);
    if end.final_score_black() != expected {
        let m = format!(
            "final score {} but black {black} white {white} makes {expected}",
            end.final_score_black()
        );
        return Err(fail(ply, end, m));
    }
    *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = None;
    Ok(())
}

/// What the engine answered for one move.
struct Answer {
    square: Option<Square>,
    info: SearchInfo,
    /// The iterations reported to the progress callback.
    reported: Vec<SearchInfo>,
    /// Whether the search met its stop request before it returned.
    met_stop: bool,
}

/// Asks `searcher` for a move on `board` as `level` plays (through [`Level::play`], or
/// straight through [`Searcher::search`] with the level's plan when `direct`), under `stop`.
fn engine_move(
    searcher: &mut Searcher,
    level: &Level,
    board: &Board,
    stop: Stop,
    direct: bool,
    us_per_read: u64,
    rng: &mut StdRng,
) -> Answer {
    let mut level = level.clone();
    let mut jump_after = None;
    if let Stop::ClockJump { after_reads } = stop {
        // Only a search with a time limit watches its clock.
        level.time_ms = level.time_ms.or(Some(rng.random_range(1..=5)));
        jump_after = Some(after_reads);
    }
    let clock = StepClock {
        reads: AtomicU64::new(0),
        us_per_read,
        jump_after,
    };
    let flag = AtomicBool::new(stop == Stop::Raised);
    let mut reported = Vec::new();
    let mut search = || {
        let mut progress = |i: &SearchInfo| reported.push(i.clone());
        if direct && level.kind == LevelKind::Mcts {
            let limits = level.mcts_limits(board.empty_count(), &searcher.config().time);
            let r = searcher.mcts_search(board, &limits, &flag, &clock, &mut progress);
            (r.info.best_move, r.info)
        } else if direct {
            let plan = level.plan(board.empty_count(), &searcher.config().time);
            let config = level.search_config(&plan, searcher.config().clone());
            searcher.set_config(config);
            let r = searcher.search(board, &plan.limits, &flag, &clock, &mut progress);
            (r.info.best_move, r.info)
        } else {
            level.play(searcher, board, &flag, &clock, &mut progress, &mut *rng)
        }
    };
    let ((square, info), met_stop) = match stop {
        Stop::Never => (search(), false),
        Stop::Raised => (search(), true),
        Stop::ClockJump { .. } => (search(), clock.jumped()),
        Stop::Thread { after_us } => std::thread::scope(|s| {
            let (done, wait) = mpsc::channel::<()>();
            let flag = &flag;
            s.spawn(move || {
                if wait.recv_timeout(Duration::from_micros(after_us))
                    == Err(RecvTimeoutError::Timeout)
                {
                    flag.store(true, Ordering::Relaxed);
                }
            });
            let answer = search();
            let met = flag.load(Ordering::Relaxed);
            drop(done);
            (answer, met)
        }),
    };
    Answer {
        square,
        info,
        reported,
        met_stop,
    }
}

/// Checks an answer on `board` (whose side to move has a move) and returns its move:
/// legal, its score and every reported iteration's within -64..=64 with legal moves, its
/// principal variation a legal line, and, at few empties, an exact score or a win/loss/draw
/// proof right by the reference solver. `best` says the answer claims the best move (a
/// level that errs plays another, and its score is that move's).
fn check_answer(board: &Board, answer: &Answer, best: bool) -> Result<Square, String> {
    let (p, o) = (board.player, board.opponent);
    let moves = reference::moves(p, o);
    let info = &answer.info;
    let Some(sq) = answer.square else {
        return Err(format!(
            "no move though {} are legal (search depth {})",
            square_list(moves),
            info.depth
        ));
    };
    if moves & sq.bit() == 0 {
        return Err(format!("illegal move {sq} (legal: {})", square_list(moves)));
    }
    if info.best_move != Some(sq) {
        return Err(format!(
            "played {sq} but reported {:?} as the move",
            info.best_move
        ));
    }
    for i in answer.reported.iter().chain([info]) {
        if !(-64..=64).contains(&i.score) {
            return Err(format!(
                "score {} at depth {} is not within -64..=64",
                i.score, i.depth
            ));
        }
        if let Some(m) = i.best_move
            && moves & m.bit() == 0
        {
            return Err(format!("depth {} reported the illegal move {m}", i.depth));
        }
    }
    check_line(board, &info.pv)?;
    if board.empty_count() > CHECKED_EMPTIES {
        return Ok(sq);
    }
    let f = reference::flips(p, o, sq.index());
    let after_move = -reference::solve(o ^ f, p ^ f ^ sq.bit());
    if info.exact {
        if info.score != after_move {
            return Err(format!(
                "exact score {} but {sq} scores {after_move} with perfect play",
                info.score
            ));
        }
        if best && reference::solve(p, o) != after_move {
            return Err(format!(
                "exact score {} for {sq}, but the best move scores {}",
                info.score,
                reference::solve(p, o)
            ));
        }
    }
    if let Some(sign) = info.wld {
        let perfect = reference::solve(p, o);
        if sign != perfect.signum() || info.score.signum() != sign {
            return Err(format!(
                "win/loss/draw {sign} with score {} but perfect play scores {perfect}",
                info.score
            ));
        }
        if best && sign >= 0 && after_move.signum() != sign {
            return Err(format!(
                "win/loss/draw {sign} but {sq} scores {after_move} with perfect play"
            ));
        }
    }
    Ok(sq)
}

/// Checks that `pv` is a legal line from `board`, passes left out.
fn check_line(board: &Board, pv: &[Square]) -> Result<(), String> {
    let (mut p, mut o) = (board.player, board.opponent);
    for (i, &sq) in pv.iter().enumerate() {
        if reference::moves(p, o) == 0 {
            (p, o) = (o, p);
        }
        let f = reference::flips(p, o, sq.index());
        if f == 0 {
            let line: Vec<String> = pv.iter().map(Square::to_string).collect();
            return Err(format!(
                "principal variation {} has an illegal move at {}",
                line.join(" "),
                i + 1
            ));
        }
        (p, o) = (o ^ f, p ^ f ^ sq.bit());
    }
    Ok(())
}

/// Checks a position: no square holds two discs, at least four discs, and its OBF text
/// reads back as the same position.
fn check_position(pos: &Position) -> Result<(), String> {
    if pos.black() & pos.white() != 0 {
        return Err(format!(
            "black and white discs overlap on {}",
            square_list(pos.black() & pos.white())
        ));
    }
    let discs = (pos.black() | pos.white()).count_ones();
    if discs < 4 {
        return Err(format!("only {discs} discs"));
    }
    let text = pos.to_string();
    match text.parse::<Position>() {
        Ok(back) if back == *pos => Ok(()),
        Ok(back) => Err(format!("the OBF text reads back as {back}")),
        Err(e) => Err(format!("the OBF text does not read back: {e}")),
    }
}

/// Checks the position after `before`'s side to move played `sq`: the other side is to
/// move, exactly the reference's flips turned over (and the engine's `flips` agrees), one
/// disc more on the board.
fn check_move(before: &Position, sq: Square, after: &Position) -> Result<(), String> {
    let (p, o) = (before.board.player, before.board.opponent);
    let expected = reference::flips(p, o, sq.index());
    if expected == 0 {
        return Err(format!("{sq} turns nothing over"));
    }
    let engine = flips(p, o, sq);
    if engine != expected {
        return Err(format!(
            "the engine's flips for {sq} are {}, the rules' {}",
            square_list(engine),
            square_list(expected)
        ));
    }
    if after.side_to_move != !before.side_to_move {
        return Err(format!("after {sq} the same side is to move: {after}"));
    }
    let mover = after.board.opponent;
    let other = after.board.player;
    if mover != p | expected | sq.bit() || other != o & !expected {
        let turned = o & !other;
        return Err(format!(
            "after {sq} the discs are {after}: turned {} where the rules turn {}",
            square_list(turned),
            square_list(expected)
        ));
    }
    let (n0, n1) = ((p | o).count_ones(), (mover | other).count_ones());
    if n1 != n0 + 1 {
        return Err(format!("{n0} discs before {sq} and {n1} after"));
    }
    Ok(())
}

/// Squares of a set, a1 first, for messages.
fn square_list(set: u64) -> String {
    if set == 0 {
        return "none".to_string();
    }
    let names: Vec<String> = crate::engine::Squares(set).map(|s| s.to_string()).collect();
    names.join(" ")
}

/// A random position with 4 to 64 discs: three times in four a random playout from the
/// start cut at a random ply (the start and the end included), else a position whose side
/// to move must pass, or a finished board.
fn random_setup<R: Rng>(rng: &mut R) -> Position {
    match rng.random_range(0..100) {
        0..75 => {
            let line = random_game(rng);
            line[rng.random_range(0..line.len())]
        }
        75..90 => pass_position(rng),
        _ => finished_position(rng),
    }
}

/// Every position of a game of random legal moves from the start, passes included.
fn random_game<R: Rng>(rng: &mut R) -> Vec<Position> {
    let mut line = vec![Position::start()];
    loop {
        let pos = *line.last().expect("the start");
        let (p, o) = (pos.board.player, pos.board.opponent);
        let moves = reference::moves(p, o);
        let next = if moves != 0 {
            let pick = rng.random_range(0..moves.count_ones());
            let sq = crate::engine::Squares(moves)
                .nth(pick as usize)
                .expect("pick < moves");
            let f = reference::flips(p, o, sq.index());
            Position {
                board: Board::new(o ^ f, p ^ f ^ sq.bit()),
                side_to_move: !pos.side_to_move,
            }
        } else if reference::moves(o, p) != 0 {
            pos.pass()
        } else {
            return line;
        };
        line.push(next);
    }
}

/// A position from a random game whose side to move must pass; after many games without
/// one, a constructed one (Black to move has none, White plays d1).
fn pass_position<R: Rng>(rng: &mut R) -> Position {
    for _ in 0..1000 {
        let passes: Vec<Position> = random_game(rng)
            .into_iter()
            .filter(|pos| {
                let (p, o) = (pos.board.player, pos.board.opponent);
                reference::moves(p, o) == 0 && reference::moves(o, p) != 0
            })
            .collect();
        if !passes.is_empty() {
            return passes[rng.random_range(0..passes.len())];
        }
    }
    let bits = |names: &[&str]| {
        names
            .iter()
            .map(|n| n.parse::<Square>().expect("a square").bit())
            .fold(0, |a, b| a | b)
    };
    Position::from_colors(bits(&["b1", "c1", "h8"]), bits(&["a1"]), Side::Black)
}

/// A board where the game is over: the end of a random game, a full board of random
/// colours, or discs of one colour only (a wipe-out, empties to the winner).
fn finished_position<R: Rng>(rng: &mut R) -> Position {
    let side = if rng.random_bool(0.5) {
        Side::Black
    } else {
        Side::White
    };
    match rng.random_range(0..3) {
        0 => *random_game(rng).last().expect("a game"),
        1 => {
            let black: u64 = rng.random();
            Position::from_colors(black, !black, side)
        }
        _ => {
            let discs = loop {
                let d = rng.random::<u64>() & rng.random::<u64>();
                if d.count_ones() >= 4 {
                    break d;
                }
            };
            if rng.random_bool(0.5) {
                Position::from_colors(discs, 0, side)
            } else {
                Position::from_colors(0, discs, side)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(games: u64) -> SoakOptions {
        SoakOptions {
            games,
            seed: DEFAULT_SEED,
            tt_mib: 1,
            thread_stops: false,
        }
    }

    #[test]
    fn a_short_soak_passes_and_repeats_with_its_seed() {
        let mut seen = 0;
        let report = soak(&options(20), &mut |r, failure| {
            assert_eq!(failure, None);
            seen = r.games;
        });
        assert_eq!(seen, 20);
        assert_eq!(report.failures, Vec::<String>::new());
        // What this seed plays with 1 MiB tables and no thread stops, the same in debug and
        // release builds (three of the games have a Monte Carlo side, some a level that plays
        // like people). A change to the search or the levels moves these figures: rerun,
        // check the soak still passes, and record the new ones.
        assert_eq!((report.games, report.plies, report.stopped), (20, 539, 32));
    }

    #[test]
    fn the_reference_rules_agree_with_the_engine_at_the_start() {
        let b = Board::start();
        assert_eq!(reference::moves(b.player, b.opponent), b.moves());
        let f5: Square = "f5".parse().unwrap();
        assert_eq!(
            reference::flips(b.player, b.opponent, f5.index()),
            b.flips(f5)
        );
        assert_eq!(reference::final_score(40, 20), 24);
        assert_eq!(reference::final_score(3, 1), 62);
        assert_eq!(reference::final_score(1, 2), -62);
    }

    #[test]
    fn a_wrong_move_is_caught() {
        let start = Position::start();
        let f5: Square = "f5".parse().unwrap();
        let after = start.play_unchecked(f5);
        assert_eq!(check_move(&start, f5, &after), Ok(()));
        // The disc on e5 left unturned.
        let e5: Square = "e5".parse().unwrap();
        let wrong = Position::from_colors(
            after.black() & !e5.bit(),
            after.white() | e5.bit(),
            Side::White,
        );
        let e = check_move(&start, f5, &wrong).unwrap_err();
        assert!(e.contains("turned none where the rules turn e5"), "{e}");
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(
            check_move(&start, a1, &after).unwrap_err(),
            "a1 turns nothing over"
        );
    }

    #[test]
    fn the_fallback_pass_position_is_a_forced_pass() {
        let mut rng = StdRng::seed_from_u64(1);
        let pos = pass_position(&mut rng);
        let (p, o) = (pos.board.player, pos.board.opponent);
        assert!(reference::moves(p, o) == 0 && reference::moves(o, p) != 0);
        let fallback = Position::from_colors(
            ["b1", "c1", "h8"]
                .iter()
                .map(|n| n.parse::<Square>().unwrap().bit())
                .sum(),
            "a1".parse::<Square>().unwrap().bit(),
            Side::Black,
        );
        let (p, o) = (fallback.board.player, fallback.board.opponent);
        assert_eq!(
            (reference::moves(p, o), square_list(reference::moves(o, p))),
            (0, "d1".to_string())
        );
    }
}
