//! The engine in the background: its own moves, pondering on the human's time, and the
//! move scores shown as hints. Every search runs on Bevy's `AsyncComputeTaskPool`, never on
//! a frame.
//!
//! One [`Searcher`] (and its tables) moves into a task and comes back with the result;
//! while idle it waits in [`Engine`]. Each frame [`wanted_job`] says what the engine should
//! be doing for the game as it is now. A running job that no longer fits (the position
//! moved on, the settings or the designer's tables changed, the window was minimised) has
//! its stop flag raised, which ends the search within a fraction of a millisecond; its
//! result is dropped when the task hands the searcher back, and the next job starts with the
//! tables the last one filled. Tasks are polled once a frame and a frame never waits for one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use bevy::platform::cell::SyncCell;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::{PrimaryWindow, WindowOccluded};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::engine::{
    ADAPTIVE, Board, BookUse, ConfigSet, Evaluate, Found, Job as EngineJob, JobAsk, JobSpec, Level,
    LevelKind, PatternEval, PonderMode, Prepared, RatingModel, SearchConfig, SearchInfo, Searcher,
    Square, Threads, Work, adaptive_level, default_levels,
};

use super::game::Match;
use super::other_engine::OtherEngine;
use crate::app::coach::drill::{DRILL_BOOK_SPREAD, Drill};
use crate::app::coach::practice::Practice;
use crate::app::engine_config::{EngineConfig, Levels, TablesReloaded};
use crate::app::engine_report::{Activity, EngineReport, MoveHints};
use crate::app::files::open_save::FilePrompt;
use crate::app::files::settings::Mode;
use crate::app::files::settings::{HintStrength, Hints, Settings};
use crate::app::library::book::OpeningBook;
use crate::app::messages::EngineMoveChosen;
use crate::app::modal::ModalOpen;
use crate::app::schedule::GameSystems;
use crate::app::settled::DiscsMoving;

/// The shortest time between an engine move being asked for and played, in seconds: a reply
/// that comes at once would be hard to follow (engine vs engine waits longer).
const MIN_REPLY_S: f32 = 0.35;
/// The same for engine vs engine.
const MIN_SELF_PLAY_S: f32 = 0.8;

/// What the game needs from the engine at a moment (the inputs of [`wanted_job`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Situation {
    /// The engine is to move and nothing holds it back (see [`Match::engine_may_move`]).
    pub engine_to_move: bool,
    /// A human is to move and has a legal move.
    pub human_to_move: bool,
    /// The window is minimised or otherwise hidden.
    pub hidden: bool,
    /// A window that may change the game is open (settings, menu, paste, open/save).
    pub dialog_open: bool,
    /// Another program (Settings) chooses this move, which the engine would.
    pub other_moves: bool,
    /// Another program gives the hints' scores.
    pub other_hints: bool,
    /// Another program answers the human's move, so ours has nothing to ponder.
    pub other_replies: bool,
}

/// The job the engine should run: its own move when it is to move; for a human to move, the
/// move scores when hints show scores (which also prepares every reply, so they replace
/// pondering), else pondering against the engine when it is on. Nothing runs on the
/// human's time while the window is hidden, and pondering waits while a window that may
/// change the game is open. What another program does (`other_engine.rs`) ours leaves to it.
pub(super) fn wanted_job(settings: &Settings, s: Situation) -> Option<JobAsk> {
    if s.engine_to_move {
        return (!s.other_moves).then_some(JobAsk::Move);
    }
    if !s.human_to_move || s.hidden {
        return None;
    }
    if settings.hints() == Hints::Scores {
        (!s.other_hints).then_some(JobAsk::Hints)
    } else if settings.mode == Mode::HumanVsEngine
        && settings.ponder
        && !s.dialog_open
        && !s.other_replies
    {
        Some(JobAsk::Ponder(settings.ponder_mode))
    } else {
        None
    }
}

/// A job for a particular game position and configuration: a running job whose stamp is no
/// longer the wanted one is stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct JobStamp {
    /// What the job does.
    pub kind: JobAsk,
    /// The [`Match::generation`] of its position.
    pub generation: u64,
    /// The [`EngineConfig::version`] of its tables.
    pub version: u64,
    /// The transposition table's size in MiB.
    pub tt_mib: usize,
    /// The threads the engine searches on.
    pub threads: usize,
    /// Whether the level plays Monte Carlo tree search (its pondering and hints are that
    /// search's too, so a change of level between the two kinds restarts them).
    pub mcts: bool,
    /// How long the hints think (a change restarts them).
    pub hint_strength: HintStrength,
}

/// The job wanted this frame (computed before the engine's other systems run).
#[derive(Resource, Debug, Default)]
struct WantedJob(Option<JobStamp>);

/// Whether the window is minimised or hidden (winit's occlusion, or a zero size).
#[derive(Resource, Debug, Default, PartialEq, Eq)]
pub(super) struct WindowHidden(pub bool);

/// A job running on the task pool.
struct Job {
    stamp: JobStamp,
    task: Task<Outcome>,
    /// The position searched.
    board: Board,
    stop: Arc<AtomicBool>,
    progress: Arc<Mutex<Option<Found>>>,
    started_s: f32,
    /// When the stop flag was raised (for the log: how soon the searcher came back).
    stop_asked: Option<Instant>,
}

/// What a task hands back: the searcher itself and what it found.
struct Outcome {
    searcher: Searcher,
    found: Found,
    /// When the search returned.
    ended: Instant,
}

/// A move chosen for `generation`, waiting for the discs to settle.
struct Ready {
    generation: u64,
    square: Square,
    asked_s: f32,
}

/// The engine's state between frames.
#[derive(Resource)]
pub(crate) struct Engine {
    /// The searcher while no job runs (a `SyncCell`: it is `Send` but not `Sync`, and only
    /// ever used through `&mut`).
    searcher: Option<SyncCell<Searcher>>,
    job: Option<Job>,
    ready: Option<Ready>,
    /// The last job that ran to its end (a solved position): not started again.
    finished: Option<JobStamp>,
    /// The configuration version and evaluator the searcher has.
    applied_version: u64,
    applied_eval: Arc<PatternEval>,
    rng: StdRng,
}

impl Engine {
    /// The job running, if any (for the benchmark's split of frames).
    pub(crate) fn running(&self) -> Option<JobAsk> {
        self.job.as_ref().map(|j| j.stamp.kind)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Levels(default_levels()))
        .insert_resource(EngineConfig {
            set: ConfigSet::shipped(),
            version: 0,
        })
        .add_systems(Startup, create_engine)
        .init_resource::<EngineReport>()
        .init_resource::<Drill>()
        .init_resource::<Practice>()
        .init_resource::<MoveHints>()
        .init_resource::<WantedJob>()
        .init_resource::<WindowHidden>()
        .add_message::<TablesReloaded>()
        .add_systems(
            Update,
            (
                take_reloaded_tables,
                watch_window,
                decide_job,
                stop_stale_job,
                poll_job,
                apply_config,
                start_job,
                play_ready_move,
            )
                .chain()
                .in_set(GameSystems::Engine),
        )
        .add_systems(Last, stop_job_on_exit);
}

/// Creates the engine with the tables in force and the player's table size.
fn create_engine(mut commands: Commands, settings: Res<Settings>, config: Res<EngineConfig>) {
    let set = &config.set;
    let searcher = Searcher::with_evaluator(
        SearchConfig {
            tt_mib: settings.tt_mib as usize,
            ..set.search.clone()
        },
        Arc::clone(&set.eval) as Arc<dyn Evaluate>,
    );
    commands.insert_resource(Engine {
        searcher: Some(SyncCell::new(searcher)),
        job: None,
        ready: None,
        finished: None,
        applied_version: config.version,
        applied_eval: Arc::clone(&set.eval),
        rng: StdRng::from_os_rng(),
    });
}

/// Takes the tables and levels a designer's folder gave; new tables raise
/// [`EngineConfig::version`], so that the running job stops and the searcher gets them. A
/// practice opponent no longer among the levels becomes the last, the strongest (as the
/// practice window does), so that a practice game goes on against a strong level and not
/// the first, the weakest.
fn take_reloaded_tables(
    mut reloaded: MessageReader<TablesReloaded>,
    mut config: ResMut<EngineConfig>,
    mut levels: ResMut<Levels>,
    mut settings: ResMut<Settings>,
) {
    for TablesReloaded { set, levels: list } in reloaded.read() {
        if let Some(set) = set {
            config.set = set.clone();
            config.version += 1;
        }
        if let Some(list) = list {
            levels.0.clone_from(list);
            let opponent = &settings.practice_opponent;
            if opponent != ADAPTIVE
                && !list.iter().any(|l| l.name == *opponent)
                && let Some(last) = list.last()
            {
                settings.practice_opponent.clone_from(&last.name);
            }
        }
    }
}

/// Notes whether the window is minimised: winit reports occlusion on most platforms, and a
/// minimised window has no size on some.
fn watch_window(
    mut occlusions: MessageReader<WindowOccluded>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut occluded: Local<bool>,
    mut hidden: ResMut<WindowHidden>,
) {
    if let Some(e) = occlusions.read().last() {
        *occluded = e.occluded;
    }
    let no_size = window
        .single()
        .is_ok_and(|w| w.physical_width() == 0 || w.physical_height() == 0);
    hidden.set_if_neq(WindowHidden(*occluded || no_size));
}

/// Works out the job the game wants now.
#[allow(clippy::too_many_arguments)]
fn decide_job(
    m: Res<Match>,
    settings: Res<Settings>,
    config: Res<EngineConfig>,
    hidden: Res<WindowHidden>,
    modal: Res<ModalOpen>,
    files: Res<FilePrompt>,
    levels: Res<Levels>,
    other: Res<OtherEngine>,
    practice: Res<Practice>,
    mut wanted: ResMut<WantedJob>,
) {
    let side = m.game.side_to_move();
    let level = practice.level_in_force(&settings, &m.game.start());
    let roles = other.roles(&settings, side);
    let situation = Situation {
        other_moves: roles.moves,
        other_hints: roles.hints,
        other_replies: other.roles(&settings, !side).moves,
        engine_to_move: m.engine_may_move(&settings),
        human_to_move: !Match::engine_plays(&settings, side)
            && m.setup.is_none()
            && !m.game.is_over()
            && !m.game.must_pass(),
        hidden: hidden.0,
        dialog_open: modal.0 || files.is_open(),
    };
    wanted.0 = wanted_job(&settings, situation).map(|kind| JobStamp {
        kind,
        generation: m.generation,
        version: config.version,
        tt_mib: settings.tt_mib as usize,
        threads: settings.engine_threads as usize,
        mcts: levels.named(level).kind == LevelKind::Mcts,
        hint_strength: settings.hint_strength,
    });
}

/// Raises the stop flag of a job that is no longer the one wanted.
fn stop_stale_job(mut engine: ResMut<Engine>, wanted: Res<WantedJob>) {
    if let Some(job) = engine.job.as_mut()
        && wanted.0 != Some(job.stamp)
        && job.stop_asked.is_none()
    {
        job.stop.store(true, Ordering::Relaxed);
        job.stop_asked = Some(Instant::now());
    }
}

/// Copies a job's progress to the panel and the hints; takes a finished job's result (and
/// the searcher back), keeping it only if the game is still where the job began.
fn poll_job(
    mut engine: ResMut<Engine>,
    m: Res<Match>,
    mut report: ResMut<EngineReport>,
    mut hints: ResMut<MoveHints>,
) {
    let Some(job) = engine.job.as_mut() else {
        return;
    };
    let current =
        |job: &Job| job.stamp.generation == m.generation && !job.stop.load(Ordering::Relaxed);
    if current(job)
        && let Ok(mut latest) = job.progress.try_lock()
        && let Some(found) = latest.take()
    {
        show(found, job, &mut report, &mut hints);
    }
    let Some(outcome) = block_on(poll_once(&mut job.task)) else {
        return;
    };
    let job = engine.job.take().expect("a job is running");
    match job.stop_asked {
        Some(asked) => debug!(
            "engine: {:?} stopped: the search ended {:.3} ms after the stop, the searcher \
             was back {:.1} ms after it",
            job.stamp.kind,
            outcome.ended.saturating_duration_since(asked).as_secs_f64() * 1000.0,
            asked.elapsed().as_secs_f64() * 1000.0
        ),
        None => debug!("engine: {:?} ended: {:?}", job.stamp.kind, outcome.found),
    }
    let searcher = outcome.searcher;
    report.activity = Activity::Idle;
    report.ponder_guess = None;
    if current(&job) {
        match outcome.found {
            Found::Move(Some(square), info) => {
                let after = job.board.play_unchecked(square);
                report.expected_reply = info.pv.get(1).copied().or_else(|| {
                    searcher
                        .table_move(&after)
                        .filter(|sq| after.moves() & sq.bit() != 0)
                });
                report.info = Some(info);
                engine.ready = Some(Ready {
                    generation: job.stamp.generation,
                    square,
                    asked_s: job.started_s,
                });
            }
            found => {
                show(found, &job, &mut report, &mut hints);
                // A background job that ends by itself has solved its position or
                // reached its limits (the level's own, or the hints').
                if job.stamp.kind != JobAsk::Move {
                    engine.finished = Some(job.stamp);
                }
            }
        }
    }
    engine.searcher = Some(SyncCell::new(searcher));
}

/// Shows what a job found so far.
fn show(found: Found, job: &Job, report: &mut EngineReport, hints: &mut MoveHints) {
    match found {
        Found::Move(_, info) => {
            report.info = Some(info);
            report.line_from = Some(job.board);
        }
        Found::Line(info) => {
            report.book = false;
            report.expected_reply = match job.stamp.kind {
                JobAsk::Move => info.pv.get(1).copied(),
                // The ponder search is from the human's side: its best move is the reply.
                JobAsk::Ponder(PonderMode::AllReplies) => info.best_move,
                _ => report.expected_reply,
            };
            report.info = Some(info);
            report.line_from = Some(job.board);
        }
        Found::Scores(scores) => hints.offer(job.stamp.generation, job.stamp.version, scores),
        Found::Rates(info, scale) => {
            hints.offer_rates(job.stamp.generation, job.stamp.version, &info, scale);
            report.info = Some(info.search_info(scale));
            report.line_from = Some(job.board);
        }
    }
}

/// Gives the idle searcher new tables when the designer's files changed (a running job is
/// stopped first, by its stamp).
fn apply_config(mut engine: ResMut<Engine>, config: Res<EngineConfig>) {
    if engine.applied_version == config.version {
        return;
    }
    let engine = &mut *engine;
    let Some(searcher) = engine.searcher.as_mut().map(SyncCell::get) else {
        return;
    };
    if !Arc::ptr_eq(&engine.applied_eval, &config.set.eval) {
        searcher.set_evaluator(Arc::clone(&config.set.eval) as Arc<dyn Evaluate>);
        engine.applied_eval = Arc::clone(&config.set.eval);
    }
    // Monte Carlo's settings; its tree is kept.
    searcher.set_mcts_config(config.set.mcts.clone());
    engine.applied_version = config.version;
    engine.finished = None;
}

/// Starts the wanted job when none runs (and the engine's move is not already chosen): the
/// engine prepares it ([`Searcher::prepare`]) and its work runs on the task pool.
#[allow(clippy::too_many_arguments)]
fn start_job(
    mut engine: ResMut<Engine>,
    wanted: Res<WantedJob>,
    m: Res<Match>,
    settings: Res<Settings>,
    levels: Res<Levels>,
    config: Res<EngineConfig>,
    book: Res<OpeningBook>,
    drill: Res<Drill>,
    practice: Res<Practice>,
    time: Res<Time>,
    mut report: ResMut<EngineReport>,
) {
    let Some(stamp) = wanted.0 else { return };
    if engine.job.is_some()
        || engine.finished == Some(stamp)
        || engine.applied_version != stamp.version
        || (stamp.kind == JobAsk::Move
            && engine
                .ready
                .as_ref()
                .is_some_and(|r| r.generation == m.generation))
    {
        return;
    }
    let Some(mut searcher) = engine.searcher.take().map(SyncCell::to_inner) else {
        return;
    };
    if searcher.threads().count() != stamp.threads {
        // A new pool only when the setting changed (starting threads takes a moment).
        searcher.set_threads(Threads::new(stamp.threads).unwrap_or_else(|e| {
            warn!("engine threads: {e}; searching on one");
            Threads::one()
        }));
    }
    let now_s = time.elapsed_secs();
    let named = practice.level_in_force(&settings, &m.game.start());
    let level = job_level(named, &settings, &levels, &drill);
    let position = m.position();
    let mut search = SearchConfig {
        tt_mib: stamp.tt_mib,
        ..config.set.search.clone()
    };
    search.time.hints_ms = stamp.hint_strength.hints_ms(search.time.hints_ms);
    let spec = JobSpec {
        ask: stamp.kind,
        position,
        level: level.clone(),
        search,
        clock: m
            .clocks
            .as_ref()
            .map(|clocks| clocks.engine_clock(position.side_to_move)),
        book: &book.book,
        rng: StdRng::from_rng(&mut engine.rng),
    };
    let job = match searcher.prepare(spec) {
        Prepared::Search(job) => job,
        Prepared::Book(m) => {
            // No search; the move waits for the discs like any other.
            *report = EngineReport {
                side: Some(position.side_to_move),
                info: Some(SearchInfo {
                    score: m.value,
                    best_move: Some(m.square),
                    pv: vec![m.square],
                    ..SearchInfo::default()
                }),
                level: level.name.clone(),
                since_s: now_s,
                book: true,
                line_from: Some(position.board),
                ..EngineReport::default()
            };
            debug!("engine: book move {} ({:+})", m.square, m.value);
            engine.searcher = Some(SyncCell::new(searcher));
            engine.ready = Some(Ready {
                generation: stamp.generation,
                square: m.square,
                asked_s: now_s,
            });
            return;
        }
        Prepared::Nothing => {
            engine.finished = Some(stamp);
            engine.searcher = Some(SyncCell::new(searcher));
            return;
        }
    };
    report_start(&mut report, stamp.kind, &job, &level, now_s);
    let stop = Arc::new(AtomicBool::new(false));
    let progress = Arc::new(Mutex::new(None));
    let task = spawn_work(searcher, stop.clone(), progress.clone(), job.work);
    if stamp.kind == JobAsk::Move {
        engine.ready = None;
    }
    debug!(
        "engine: {:?} started for generation {}",
        stamp.kind, stamp.generation
    );
    engine.job = Some(Job {
        stamp,
        task,
        board: job.board,
        stop,
        progress,
        started_s: now_s,
        stop_asked: None,
    });
}

/// The level that plays, `name` ([`Practice::level_in_force`]): the Adaptive level as a
/// player of the chosen rating (as people or the ladder's levels err there), and in an
/// opening drill the book's replies with variety.
fn job_level(name: &str, settings: &Settings, levels: &Levels, drill: &Drill) -> Level {
    let mut level = if name == ADAPTIVE {
        adaptive_level(&levels.0, RatingModel::shipped(), settings.adaptive_rating)
    } else {
        levels.named(name).clone()
    };
    if drill.on() {
        level.book = BookUse::Within(DRILL_BOOK_SPREAD);
    }
    level
}

/// What the engine panel says as a job starts.
fn report_start(
    report: &mut EngineReport,
    kind: JobAsk,
    job: &EngineJob,
    level: &Level,
    now_s: f32,
) {
    match kind {
        JobAsk::Move => {
            *report = EngineReport::starting(Activity::Thinking, job.side, level, now_s);
        }
        JobAsk::Ponder(_) => {
            *report = EngineReport {
                expected_reply: job.guess,
                ponder_guess: job.guess,
                ..EngineReport::starting(Activity::Pondering, job.side, level, now_s)
            };
        }
        JobAsk::Hints if level.kind == LevelKind::Mcts => {
            *report = EngineReport::starting(Activity::Scoring, job.side, level, now_s);
        }
        JobAsk::Hints => {
            // The last line stays shown while the scores come.
            report.activity = Activity::Scoring;
            report.since_s = now_s;
        }
    }
}

/// Runs `work` on the async compute pool; its progress goes to `progress` (the latest
/// report only), and the task hands the searcher back with the result.
fn spawn_work(
    mut searcher: Searcher,
    stop: Arc<AtomicBool>,
    progress: Arc<Mutex<Option<Found>>>,
    work: Work,
) -> Task<Outcome> {
    AsyncComputeTaskPool::get().spawn(async move {
        let clock = Instant::now();
        let report = |found: Found| {
            if let Ok(mut slot) = progress.lock() {
                *slot = Some(found);
            }
        };
        let found = work(&mut searcher, &stop, &clock, &report);
        Outcome {
            searcher,
            found,
            ended: Instant::now(),
        }
    })
}

/// Plays a chosen move once the discs have settled and a short pause has passed.
fn play_ready_move(
    mut engine: ResMut<Engine>,
    m: Res<Match>,
    settings: Res<Settings>,
    moving: Res<DiscsMoving>,
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
    if moving.0 || time.elapsed_secs() - ready.asked_s < pause || !m.engine_may_move(&settings) {
        return;
    }
    chosen.write(EngineMoveChosen {
        generation: ready.generation,
        square: ready.square,
        by: None,
    });
    engine.ready = None;
}

/// Stops a running job when the app exits, so its thread ends promptly.
fn stop_job_on_exit(mut exits: MessageReader<AppExit>, engine: Res<Engine>) {
    if exits.read().next().is_some()
        && let Some(job) = &engine.job
    {
        job.stop.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Side;

    fn situation(engine: bool, human: bool) -> Situation {
        Situation {
            engine_to_move: engine,
            human_to_move: human,
            ..Situation::default()
        }
    }

    #[test]
    fn the_engine_moves_then_ponders_or_scores_on_the_humans_time() {
        let mut settings = Settings {
            hints_vs_engine: Hints::Moves,
            ..Settings::default()
        };
        let human = situation(false, true);
        assert_eq!(
            wanted_job(&settings, situation(true, false)),
            Some(JobAsk::Move)
        );
        assert_eq!(
            wanted_job(&settings, human),
            Some(JobAsk::Ponder(PonderMode::AllReplies))
        );
        settings.ponder_mode = PonderMode::PredictedMove;
        assert_eq!(
            wanted_job(&settings, human),
            Some(JobAsk::Ponder(PonderMode::PredictedMove))
        );
        // Scores replace pondering: scoring every move prepares every reply.
        *settings.hints_mut() = Hints::Scores;
        assert_eq!(wanted_job(&settings, human), Some(JobAsk::Hints));
        // Nothing on the human's time while the window is hidden.
        let hidden = Situation {
            hidden: true,
            ..human
        };
        assert_eq!(wanted_job(&settings, hidden), None);
        // The engine's own move goes on even then.
        let engine_hidden = Situation {
            hidden: true,
            ..situation(true, false)
        };
        assert_eq!(wanted_job(&settings, engine_hidden), Some(JobAsk::Move));
        // A dialog that may change the game holds pondering, not the visible hints.
        let dialog = Situation {
            dialog_open: true,
            ..human
        };
        assert_eq!(wanted_job(&settings, dialog), Some(JobAsk::Hints));
        *settings.hints_mut() = Hints::Off;
        assert_eq!(wanted_job(&settings, dialog), None);
        assert_eq!(
            wanted_job(&settings, human),
            Some(JobAsk::Ponder(PonderMode::PredictedMove))
        );
        // Another program answers the human's moves: nothing to ponder.
        let other_replies = Situation {
            other_replies: true,
            ..human
        };
        assert_eq!(wanted_job(&settings, other_replies), None);
        settings.ponder = false;
        assert_eq!(wanted_job(&settings, human), None);
        // Another program moves, or gives the hints: ours leaves it to it.
        let other_moves = Situation {
            other_moves: true,
            ..situation(true, false)
        };
        assert_eq!(wanted_job(&settings, other_moves), None);
        *settings.hints_mut() = Hints::Scores;
        let other_hints = Situation {
            other_hints: true,
            ..human
        };
        assert_eq!(wanted_job(&settings, other_hints), None);
        *settings.hints_mut() = Hints::Off;
        // Nobody to move (game over, a pass to play, the engine held): nothing.
        assert_eq!(wanted_job(&settings, situation(false, false)), None);
    }

    #[test]
    fn hints_for_humans_only_and_no_pondering_without_an_engine() {
        let mut settings = Settings {
            mode: Mode::HumanVsHuman,
            ..Settings::default()
        };
        let human = situation(false, true);
        assert_eq!(wanted_job(&settings, human), Some(JobAsk::Hints));
        *settings.hints_mut() = Hints::Moves;
        assert_eq!(wanted_job(&settings, human), None);
        settings.mode = Mode::EngineVsEngine;
        *settings.hints_mut() = Hints::Scores;
        assert_eq!(
            wanted_job(&settings, situation(true, false)),
            Some(JobAsk::Move)
        );
        assert_eq!(wanted_job(&settings, situation(false, false)), None);
    }

    #[test]
    fn reloaded_tables_raise_the_version_and_levels_replace_the_list() {
        let mut app = App::new();
        app.init_resource::<EngineConfig>()
            .insert_resource(Levels(default_levels()))
            .init_resource::<Settings>()
            .add_message::<TablesReloaded>()
            .add_systems(Update, take_reloaded_tables);
        let one = crate::engine::parse_levels(
            "levels.ron",
            "[(name: \"One\", description: \"\", depth: Some(1)), \
              (name: \"Two\", description: \"\", depth: Some(2))]",
        )
        .unwrap();
        app.world_mut().write_message(TablesReloaded {
            set: None,
            levels: Some(one),
        });
        app.update();
        assert_eq!(app.world().resource::<EngineConfig>().version, 0);
        let names: Vec<&str> = app
            .world()
            .resource::<Levels>()
            .0
            .iter()
            .map(|l| l.name.as_str())
            .collect();
        assert_eq!(names, ["One", "Two"]);
        // Strongest is gone: the practice opponent is now the last level, not the first.
        assert_eq!(app.world().resource::<Settings>().practice_opponent, "Two");
        let mut set = ConfigSet::shipped();
        set.search.exact_empties = 7;
        app.world_mut().write_message(TablesReloaded {
            set: Some(set),
            levels: None,
        });
        app.update();
        let config = app.world().resource::<EngineConfig>();
        assert_eq!((config.version, config.set.search.exact_empties), (1, 7));
        assert_eq!(app.world().resource::<Levels>().0.len(), 2);
    }

    #[test]
    fn the_job_stamp_says_whether_the_level_plays_monte_carlo() {
        let mut app = App::new();
        app.insert_resource(Match::new(crate::engine::Game::new()))
            .insert_resource(Settings {
                hints_vs_engine: Hints::Scores,
                human_color: Side::Black,
                ..Settings::default()
            })
            .insert_resource(Levels(default_levels()))
            .init_resource::<EngineConfig>()
            .init_resource::<WindowHidden>()
            .init_resource::<ModalOpen>()
            .init_resource::<FilePrompt>()
            .init_resource::<OtherEngine>()
            .init_resource::<Practice>()
            .init_resource::<WantedJob>()
            .add_systems(Update, decide_job);
        let wanted = |level: &str, app: &mut App| {
            app.world_mut().resource_mut::<Settings>().level = level.to_string();
            app.update();
            app.world()
                .resource::<WantedJob>()
                .0
                .map(|s| (s.kind, s.mcts))
        };
        assert_eq!(wanted("Monte Carlo", &mut app), Some((JobAsk::Hints, true)));
        assert_eq!(wanted("Casual", &mut app), Some((JobAsk::Hints, false)));
        // A practice position played out: its opponent's kind, whatever the level.
        let start = app.world().resource::<Match>().game.start();
        app.world_mut().resource_mut::<Practice>().playing =
            Some(crate::app::coach::practice::PositionPlayed {
                start,
                score: 0,
                precision: crate::engine::ValuePrecision::Exact,
            });
        app.world_mut().resource_mut::<Settings>().practice_opponent = "Monte Carlo".into();
        assert_eq!(wanted("Casual", &mut app), Some((JobAsk::Hints, true)));
    }

    #[test]
    fn a_practice_position_is_played_out_by_the_practice_opponent() {
        use crate::app::coach::practice::PositionPlayed;
        let levels = Levels(default_levels());
        let mut settings = Settings::default();
        let game = crate::engine::Game::new();
        let mut practice = Practice::default();
        let named = |practice: &Practice, settings: &Settings| {
            let name = practice.level_in_force(settings, &game.start()).to_string();
            job_level(&name, settings, &levels, &Drill::default()).name
        };
        assert_eq!(named(&practice, &settings), "Casual");
        practice.playing = Some(PositionPlayed {
            start: game.start(),
            score: 0,
            precision: crate::engine::ValuePrecision::Exact,
        });
        assert_eq!(settings.practice_opponent, "Strongest");
        assert_eq!(named(&practice, &settings), "Strongest");
        // Another game (its start differs), the player on the other side, or two humans:
        // the player's level.
        let other = crate::engine::Game::from_position(
            "---------------------------OX------XXX-------------------------- O"
                .parse()
                .unwrap(),
        );
        assert_eq!(practice.level_in_force(&settings, &other.start()), "Casual");
        settings.human_color = Side::White;
        assert_eq!(named(&practice, &settings), "Casual");
        settings.human_color = Side::Black;
        settings.mode = Mode::HumanVsHuman;
        assert_eq!(named(&practice, &settings), "Casual");
        // The Adaptive level as the opponent plays as the Adaptive level.
        settings.mode = Mode::HumanVsEngine;
        settings.practice_opponent = ADAPTIVE.into();
        assert_eq!(named(&practice, &settings), ADAPTIVE);
    }
}
