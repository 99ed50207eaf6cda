//! The engine in the background: searches run on Bevy's `AsyncComputeTaskPool`, never on a
//! frame.
//!
//! The [`Searcher`] (and its transposition table) moves into the task and comes back with
//! the result; while idle it waits in [`Engine`]. A search carries the game's generation:
//! when the game moves on (new game, undo, load, a mode change) its stop flag is raised and
//! its result, when it comes back, is dropped. The task is polled once a frame and a frame
//! never waits for it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use bevy::platform::cell::SyncCell;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::engine::{
    Board, Color as Side, Level, SearchConfig, SearchInfo, SearchLimits, Searcher, Square,
    default_levels,
};

use super::GameSystems;
use super::discs::Animation;
use super::game::{EngineMoveChosen, Match, Mode};
use super::settings::Settings;

/// The shortest time between an engine move being asked for and played, in seconds: a reply
/// that comes at once would be hard to follow (engine vs engine waits longer).
const MIN_REPLY_S: f32 = 0.35;
/// The same for engine vs engine.
const MIN_SELF_PLAY_S: f32 = 0.8;

/// The difficulty levels, weakest first (from `config/levels.ron`).
#[derive(Resource, Debug, Clone)]
pub(super) struct Levels(pub Vec<Level>);

impl Levels {
    /// The level with this name, or the first one when there is none.
    pub(super) fn named(&self, name: &str) -> &Level {
        self.0.iter().find(|l| l.name == name).unwrap_or(&self.0[0])
    }
}

/// What the engine panel shows.
#[derive(Resource, Debug, Default, Clone)]
pub(super) struct EngineReport {
    /// Whether a search is running for the current position.
    pub thinking: bool,
    /// The side the engine is thinking for (or last moved for).
    pub side: Option<Side>,
    /// The latest completed iteration (of the running search, or the last one).
    pub info: Option<SearchInfo>,
    /// The level playing.
    pub level: String,
    /// When the running search started (seconds of app time).
    pub since_s: f32,
}

/// A search running on the task pool.
struct Job {
    task: Task<Outcome>,
    generation: u64,
    stop: Arc<AtomicBool>,
    progress: Arc<Mutex<Option<SearchInfo>>>,
    started_s: f32,
}

/// What a search task hands back: the searcher itself and the move chosen.
struct Outcome {
    searcher: Searcher,
    square: Option<Square>,
    info: SearchInfo,
}

/// A move chosen for `generation`, waiting for the discs to settle.
struct Ready {
    generation: u64,
    square: Square,
    asked_s: f32,
}

/// The engine's state between frames.
#[derive(Resource)]
pub(super) struct Engine {
    /// The searcher while no search runs (a `SyncCell`: it is `Send` but not `Sync`, and
    /// only ever used through `&mut`).
    searcher: Option<SyncCell<Searcher>>,
    job: Option<Job>,
    ready: Option<Ready>,
    rng: StdRng,
}

impl Engine {
    /// Whether a search is running (for the benchmark's idle/thinking split).
    pub(super) fn busy(&self) -> bool {
        self.job.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    let tt_mib = app.world().resource::<Settings>().tt_mib as usize;
    let config = SearchConfig {
        tt_mib,
        ..SearchConfig::shipped()
    };
    app.insert_resource(Levels(default_levels()))
        .insert_resource(Engine {
            searcher: Some(SyncCell::new(Searcher::new(config))),
            job: None,
            ready: None,
            rng: StdRng::from_os_rng(),
        })
        .init_resource::<EngineReport>()
        .add_systems(
            Update,
            (
                stop_stale_search,
                poll_search,
                resize_table,
                start_search,
                play_ready_move,
            )
                .chain()
                .in_set(GameSystems::Engine),
        )
        .add_systems(Last, stop_search_on_exit);
}

/// The search limits for `level`: its depth or its time per move. (Near the end the
/// searcher's solver takes over from [`SearchConfig::exact_empties`], set by [`think`].)
fn limits(level: &Level) -> SearchLimits {
    SearchLimits {
        depth: level.depth,
        nodes: None,
        time_ms: level.time_ms,
        soft_time_ms: None,
    }
}

/// The searcher's settings for `level`: it solves exactly from the level's
/// `exact_empties` (and proves win/loss/draw from two empties earlier, when it solves at
/// all).
fn level_config(base: &SearchConfig, level: &Level) -> SearchConfig {
    SearchConfig {
        exact_empties: level.exact_empties,
        wld_empties: if level.exact_empties == 0 {
            0
        } else {
            level.exact_empties + 2
        },
        ..base.clone()
    }
}

/// The engine's one door: chooses a move on `board` as `level` plays, reporting each
/// completed iteration to `progress`. A level that errs scores every move and picks one with
/// its softmax; the others play the search's best move.
fn think(
    searcher: &mut Searcher,
    board: &Board,
    level: &Level,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&SearchInfo),
    rng: &mut StdRng,
) -> (Option<Square>, SearchInfo) {
    let limits = limits(level);
    let config = level_config(searcher.config(), level);
    if *searcher.config() != config {
        searcher.set_config(config);
    }
    let clock = Instant::now();
    if level.errs() {
        let scores = searcher.score_moves(board, &limits, stop, &clock);
        let square = level.choose(&scores, rng);
        let score = scores
            .iter()
            .find(|&&(sq, _)| Some(sq) == square)
            .map_or(0, |&(_, s)| s);
        let info = SearchInfo {
            depth: limits.depth.unwrap_or(0),
            score,
            exact: board.empty_count() <= level.exact_empties,
            wld: None,
            best_move: square,
            pv: square.into_iter().collect(),
            nodes: 0,
            elapsed_ms: clock.elapsed().as_millis() as u64,
        };
        progress(&info);
        (square, info)
    } else {
        let result = searcher.search(board, &limits, stop, &clock, progress);
        (result.info.best_move, result.info)
    }
}

/// Raises the stop flag of a search whose position is gone or whose move is no longer
/// wanted.
fn stop_stale_search(engine: Res<Engine>, m: Res<Match>, settings: Res<Settings>) {
    if let Some(job) = &engine.job
        && (job.generation != m.generation || !m.engine_may_move(&settings))
    {
        job.stop.store(true, Ordering::Relaxed);
    }
}

/// Takes a finished search's result (and the searcher back), keeping its move if the game
/// is still where the search began; copies progress to the panel.
fn poll_search(mut engine: ResMut<Engine>, m: Res<Match>, mut report: ResMut<EngineReport>) {
    let Some(job) = engine.job.as_mut() else {
        return;
    };
    if let Ok(mut latest) = job.progress.try_lock()
        && let Some(info) = latest.take()
    {
        report.info = Some(info);
    }
    let Some(outcome) = block_on(poll_once(&mut job.task)) else {
        return;
    };
    let job = engine.job.take().expect("a job is running");
    engine.searcher = Some(SyncCell::new(outcome.searcher));
    report.thinking = false;
    if job.generation != m.generation || job.stop.load(Ordering::Relaxed) {
        return;
    }
    report.info = Some(outcome.info);
    if let Some(square) = outcome.square {
        engine.ready = Some(Ready {
            generation: job.generation,
            square,
            asked_s: job.started_s,
        });
    }
}

/// Gives the idle searcher a table of the size chosen in the settings.
fn resize_table(mut engine: ResMut<Engine>, settings: Res<Settings>) {
    let tt_mib = settings.tt_mib as usize;
    if let Some(searcher) = engine.searcher.as_mut().map(SyncCell::get)
        && searcher.config().tt_mib != tt_mib
    {
        searcher.set_config(SearchConfig {
            tt_mib,
            ..searcher.config().clone()
        });
    }
}

/// Starts a search when the engine is to move and none is running or waiting.
fn start_search(
    mut engine: ResMut<Engine>,
    m: Res<Match>,
    settings: Res<Settings>,
    levels: Res<Levels>,
    time: Res<Time>,
    mut report: ResMut<EngineReport>,
) {
    if engine.job.is_some()
        || engine
            .ready
            .as_ref()
            .is_some_and(|r| r.generation == m.generation)
        || !m.engine_may_move(&settings)
    {
        return;
    }
    let Some(mut searcher) = engine.searcher.take().map(SyncCell::to_inner) else {
        return;
    };
    let level = levels.named(&settings.level).clone();
    let board = m.position().board;
    let stop = Arc::new(AtomicBool::new(false));
    let progress = Arc::new(Mutex::new(None));
    let mut rng = StdRng::from_rng(&mut engine.rng);
    let (task_stop, task_progress) = (stop.clone(), progress.clone());
    *report = EngineReport {
        thinking: true,
        side: Some(m.game.side_to_move()),
        info: None,
        level: level.name.clone(),
        since_s: time.elapsed_secs(),
    };
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let mut on_progress = |info: &SearchInfo| {
            if let Ok(mut slot) = task_progress.lock() {
                *slot = Some(info.clone());
            }
        };
        let (square, info) = think(
            &mut searcher,
            &board,
            &level,
            &task_stop,
            &mut on_progress,
            &mut rng,
        );
        Outcome {
            searcher,
            square,
            info,
        }
    });
    engine.ready = None;
    engine.job = Some(Job {
        task,
        generation: m.generation,
        stop,
        progress,
        started_s: time.elapsed_secs(),
    });
}

/// Plays a chosen move once the discs have settled and a short pause has passed.
fn play_ready_move(
    mut engine: ResMut<Engine>,
    m: Res<Match>,
    settings: Res<Settings>,
    animation: Res<Animation>,
    time: Res<Time>,
    mut chosen: MessageWriter<EngineMoveChosen>,
) {
    let Some(ready) = &engine.ready else { return };
    if ready.generation != m.generation {
        engine.ready = None;
        return;
    }
    let pause = if settings.mode == Mode::EngineVsEngine {
        MIN_SELF_PLAY_S
    } else {
        MIN_REPLY_S
    };
    if animation.busy()
        || time.elapsed_secs() - ready.asked_s < pause
        || !m.engine_may_move(&settings)
    {
        return;
    }
    chosen.write(EngineMoveChosen {
        generation: ready.generation,
        square: ready.square,
    });
    engine.ready = None;
}

/// Stops a running search when the app exits, so its thread ends promptly.
fn stop_search_on_exit(mut exits: MessageReader<AppExit>, engine: Res<Engine>) {
    if exits.read().next().is_some()
        && let Some(job) = &engine.job
    {
        job.stop.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(depth: Option<u32>, time_ms: Option<u64>, exact_empties: u32) -> Level {
        Level {
            name: "T".into(),
            description: String::new(),
            depth,
            time_ms,
            exact_empties,
            temperature: 0.0,
        }
    }

    #[test]
    fn levels_set_limits_and_the_solver() {
        assert_eq!(limits(&level(Some(4), None, 10)), SearchLimits::depth(4));
        assert_eq!(
            limits(&level(None, Some(500), 10)),
            SearchLimits::time_ms(500)
        );
        let base = SearchConfig::shipped();
        let c = level_config(&base, &level(Some(4), None, 12));
        assert_eq!((c.exact_empties, c.wld_empties), (12, 14));
        let c = level_config(&base, &level(Some(1), None, 0));
        assert_eq!((c.exact_empties, c.wld_empties), (0, 0));
        assert_eq!(c.tt_mib, base.tt_mib);
    }

    #[test]
    fn think_plays_a_legal_move_and_stops_on_request() {
        let mut searcher = Searcher::new(SearchConfig {
            tt_mib: 1,
            ..SearchConfig::shipped()
        });
        let mut rng = StdRng::seed_from_u64(1);
        let board = Board::start();
        let stop = AtomicBool::new(false);
        for l in [
            level(Some(3), None, 0),
            Level {
                temperature: 3.0,
                ..level(Some(2), None, 0)
            },
        ] {
            let (square, info) = think(&mut searcher, &board, &l, &stop, &mut |_| {}, &mut rng);
            let square = square.unwrap();
            assert_ne!(board.moves() & square.bit(), 0);
            assert_eq!(info.best_move, Some(square));
        }
        // A raised stop flag ends even an unlimited search at once.
        let stop = AtomicBool::new(true);
        let started = Instant::now();
        let (square, _) = think(
            &mut searcher,
            &board,
            &level(None, Some(60_000), 0),
            &stop,
            &mut |_| {},
            &mut rng,
        );
        assert!(started.elapsed().as_secs() < 5);
        assert!(square.is_some());
    }
}
