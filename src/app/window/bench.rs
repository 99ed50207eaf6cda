//! `reversi --bench-frames N`: runs N frames in four parts: a human to move with no search
//! running (idle), then the move scores (hints) searched in the background, then a 60-move
//! game reviewed in the background (Review game), then the engine thinking (engine vs engine
//! with a long time per move); prints frame-time percentiles for each and the time our own
//! systems took per frame, and exits.
//!
//! "Our systems" are the game's `Update` sets (input, logic, engine polling, visuals) and
//! its egui pass (building the UI); each section is timed from a marker system before it to
//! one after it, so Bevy's renderer and egui's tessellation are not counted. Both sections
//! run on the main thread (single-threaded executors), so besides their wall time (which
//! includes moments the OS gave the core to the renderer's or the engine's threads) the
//! benchmark reports the main thread's CPU time in them.

use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::engine::{BookUse, JobAsk, Level, LevelKind};

use crate::app::engine_config::Levels;
use crate::app::files::settings::Mode;
use crate::app::files::settings::{AnimationSpeed, Hints, Settings};
use crate::app::messages::{Command, CommandIssued};
use crate::app::play::engine_tasks::Engine;
use crate::app::run_options::RunOptions;
use crate::app::schedule::GameSystems;
use crate::app::study::review::{GameReview, ReviewRequested};

/// Frames at the start not counted (window creation, first layout, shader compilation).
const WARM_UP_FRAMES: u32 = 30;
/// The name of the level the benchmark adds so that the engine thinks for the whole run.
const BENCH_LEVEL: &str = "Benchmark (long think)";

/// One measured frame.
#[derive(Debug, Clone, Copy)]
struct Sample {
    frame: Duration,
    /// Wall time of our sections (includes time the OS gave other threads).
    ours: Duration,
    /// CPU time the main thread spent in our sections.
    ours_cpu: Duration,
    phase: Phase,
    /// The frame's number (from the first frame of the run).
    index: u32,
    /// Main-thread CPU time of each part of our sections ([`PARTS`]).
    parts: [Duration; PARTS.len()],
    /// How many times egui ran the UI (twice when a pass was discarded, as for a new grid).
    ui_passes: u32,
}

/// The parts of our sections, in the order they run: `Update`'s four sets, then the UI.
const PARTS: [&str; 5] = ["input", "logic", "engine", "visuals", "ui"];

/// What the engine was doing during a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// No search.
    Idle,
    /// Hints or pondering on the human's time.
    Background,
    /// A game review in the background (and no engine job).
    Reviewing,
    /// The engine choosing its move.
    Thinking,
}

impl Phase {
    const ALL: [Phase; 4] = [
        Phase::Idle,
        Phase::Background,
        Phase::Reviewing,
        Phase::Thinking,
    ];

    fn of(job: Option<JobAsk>, reviewing: bool) -> Phase {
        match job {
            None if reviewing => Phase::Reviewing,
            None => Phase::Idle,
            Some(JobAsk::Move) => Phase::Thinking,
            Some(JobAsk::Hints | JobAsk::Ponder(_)) => Phase::Background,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Phase::Idle => "idle",
            Phase::Background => "hints/ponder",
            Phase::Reviewing => "game review",
            Phase::Thinking => "engine thinking",
        }
    }
}

/// The game the third part reviews (60 moves, Black wins 37-27).
const REVIEWED_GAME: &str = "f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5h7c5b4e8d8b5e3c8b8c6a5d2b6c7\
                             b3f2c2a6d1a4e2g3f1g2a3a2g8c1e1b2a1b1a7b7h2h1g1h8a8g7";

/// CPU time used by the calling thread so far (zero where the OS does not say).
fn thread_cpu_time() -> Duration {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid, writable timespec; the call only writes to it.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return Duration::new(t.tv_sec as u64, t.tv_nsec as u32);
        }
    }
    Duration::ZERO
}

/// The benchmark's state.
#[derive(Resource, Debug)]
struct FrameBench {
    frames: u32,
    total: u32,
    frame_start: Option<Instant>,
    section_start: Option<(Instant, Duration)>,
    ours: Duration,
    ours_cpu: Duration,
    /// CPU time so far in each part this frame, and the thread's CPU time at the last lap.
    parts: [Duration; PARTS.len()],
    lap_cpu: Duration,
    ui_passes: u32,
    samples: Vec<Sample>,
    started_engine: bool,
}

impl FrameBench {
    /// Ends part `part` of the current section: the CPU time since the last lap is its.
    fn lap(&mut self, part: usize) {
        let now = thread_cpu_time();
        self.parts[part] += now.saturating_sub(self.lap_cpu);
        self.lap_cpu = now;
    }
}

pub(super) fn plugin(app: &mut App) {
    let Some(total) = app.world().resource::<RunOptions>().bench_frames else {
        return;
    };
    app.insert_resource(FrameBench {
        frames: 0,
        total: total.max(4 * WARM_UP_FRAMES + 4),
        frame_start: None,
        section_start: None,
        ours: Duration::ZERO,
        ours_cpu: Duration::ZERO,
        parts: [Duration::ZERO; PARTS.len()],
        lap_cpu: Duration::ZERO,
        ui_passes: 0,
        samples: Vec::new(),
        started_engine: false,
    })
    .add_systems(Startup, set_up_settings)
    .add_systems(First, start_frame)
    .add_systems(
        Update,
        (
            start_section.before(GameSystems::Input),
            (|mut b: ResMut<FrameBench>| b.lap(0))
                .after(GameSystems::Input)
                .before(GameSystems::Logic),
            (|mut b: ResMut<FrameBench>| b.lap(1))
                .after(GameSystems::Logic)
                .before(GameSystems::Engine),
            (|mut b: ResMut<FrameBench>| b.lap(2))
                .after(GameSystems::Engine)
                .before(GameSystems::Visuals),
            (|mut b: ResMut<FrameBench>| {
                b.lap(3);
                end_section(b);
            })
            .after(GameSystems::Visuals),
        ),
    )
    .add_systems(
        bevy_egui::EguiPrimaryContextPass,
        (
            start_section.before(GameSystems::Ui),
            (|mut b: ResMut<FrameBench>| {
                b.lap(4);
                b.ui_passes += 1;
                end_section(b);
            })
            .after(GameSystems::Ui),
        ),
    )
    .add_systems(Last, (drive_benchmark, finish_benchmark).chain());
}

/// Human vs human with the dots only, so that no search runs in the first third.
fn set_up_settings(mut settings: ResMut<Settings>) {
    settings.mode = Mode::HumanVsHuman;
    settings.animation = AnimationSpeed::Normal;
    *settings.hints_mut() = Hints::Moves;
}

/// The level that thinks for the whole last third.
fn bench_level() -> Level {
    Level {
        name: BENCH_LEVEL.into(),
        description: "Thinks for ten minutes a move.".into(),
        kind: LevelKind::AlphaBeta,
        depth: None,
        time_ms: Some(600_000),
        playouts: None,
        exact_empties: 0,
        temperature: 0.0,
        phase_loss: None,
        plays_like: None,
        people: None,
        probcut: 0.0,
        book: BookUse::Off,
    }
}

/// Records the previous frame and starts timing this one.
fn start_frame(mut bench: ResMut<FrameBench>, engine: Res<Engine>, review: Res<GameReview>) {
    let now = Instant::now();
    if let Some(start) = bench.frame_start
        && bench.frames > WARM_UP_FRAMES
    {
        let sample = Sample {
            frame: now - start,
            ours: bench.ours,
            ours_cpu: bench.ours_cpu,
            phase: Phase::of(engine.running(), review.running()),
            index: bench.frames,
            parts: bench.parts,
            ui_passes: bench.ui_passes,
        };
        bench.samples.push(sample);
    }
    bench.frame_start = Some(now);
    bench.ours = Duration::ZERO;
    bench.ours_cpu = Duration::ZERO;
    bench.parts = [Duration::ZERO; PARTS.len()];
    bench.ui_passes = 0;
}

fn start_section(mut bench: ResMut<FrameBench>) {
    let cpu = thread_cpu_time();
    bench.section_start = Some((Instant::now(), cpu));
    bench.lap_cpu = cpu;
}

fn end_section(mut bench: ResMut<FrameBench>) {
    if let Some((wall, cpu)) = bench.section_start.take() {
        bench.ours += wall.elapsed();
        bench.ours_cpu += thread_cpu_time().saturating_sub(cpu);
    }
}

/// A quarter of the way through, turns the move scores on; half way, turns them off, loads
/// a whole game and reviews it; three quarters through, hands the board to two engines that
/// think for a long time (adding their level to the list then, after any designer's list
/// has replaced the shipped one; the new game ends the review).
fn drive_benchmark(
    mut bench: ResMut<FrameBench>,
    mut settings: ResMut<Settings>,
    mut levels: ResMut<Levels>,
    mut commands: MessageWriter<CommandIssued>,
    mut review: MessageWriter<ReviewRequested>,
) {
    bench.frames += 1;
    if bench.frames == bench.total / 4 {
        *settings.hints_mut() = Hints::Scores;
    }
    if bench.frames == bench.total / 2 {
        *settings.hints_mut() = Hints::Moves;
        let game = crate::engine::Game::from_transcript(REVIEWED_GAME).expect("a legal game");
        commands.write(CommandIssued(Command::Load {
            game,
            source: "the benchmark".into(),
        }));
    }
    if bench.frames == bench.total / 2 + 2 {
        review.write(ReviewRequested);
    }
    if !bench.started_engine && bench.frames >= bench.total * 3 / 4 {
        bench.started_engine = true;
        levels.0.push(bench_level());
        settings.mode = Mode::EngineVsEngine;
        settings.level = BENCH_LEVEL.into();
        commands.write(CommandIssued(Command::NewGame));
    } else if bench.frames == 5 {
        // Some moves so that the idle half animates a few flips too.
        for sq in ["f5", "d6", "c3"] {
            let sq = sq.parse().expect("a square");
            commands.write(CommandIssued(Command::Play(sq)));
        }
    }
}

/// The median, 99th percentile and worst of some durations, in milliseconds.
fn percentiles(mut values: Vec<Duration>) -> Option<(f64, f64, f64)> {
    if values.is_empty() {
        return None;
    }
    values.sort();
    let at = |q: f64| {
        let i = ((values.len() - 1) as f64 * q).round() as usize;
        values[i].as_secs_f64() * 1000.0
    };
    Some((at(0.5), at(0.99), at(1.0)))
}

/// Prints the figures and exits after the last frame.
fn finish_benchmark(bench: Res<FrameBench>, mut exit: MessageWriter<AppExit>) {
    if bench.frames < bench.total {
        return;
    }
    println!(
        "frame benchmark: {} frames after {WARM_UP_FRAMES} warm-up frames",
        bench.samples.len()
    );
    println!("                     frames   median      p99    worst   (ms)");
    for phase in Phase::ALL {
        let label = phase.label();
        let chosen: Vec<Sample> = bench
            .samples
            .iter()
            .filter(|s| s.phase == phase)
            .copied()
            .collect();
        let frame = percentiles(chosen.iter().map(|s| s.frame).collect());
        let ours = percentiles(chosen.iter().map(|s| s.ours).collect());
        let cpu = percentiles(chosen.iter().map(|s| s.ours_cpu).collect());
        if let (Some(f), Some(o), Some(c)) = (frame, ours, cpu) {
            println!(
                "{label:>16} frame {:>6} {:>8.2} {:>8.2} {:>8.2}",
                chosen.len(),
                f.0,
                f.1,
                f.2
            );
            println!(
                "{:>16} ours  {:>6} {:>8.3} {:>8.3} {:>8.3}   wall",
                "",
                chosen.len(),
                o.0,
                o.1,
                o.2
            );
            println!(
                "{:>16} ours  {:>6} {:>8.3} {:>8.3} {:>8.3}   main-thread CPU",
                "",
                chosen.len(),
                c.0,
                c.1,
                c.2
            );
            if let Some(worst) = chosen.iter().max_by_key(|s| s.ours_cpu) {
                let parts: Vec<String> = PARTS
                    .iter()
                    .zip(worst.parts)
                    .map(|(name, t)| format!("{name} {:.3}", t.as_secs_f64() * 1000.0))
                    .collect();
                println!(
                    "{:>16} our worst CPU frame is frame {}: {} ({} UI pass{})",
                    "",
                    worst.index,
                    parts.join(", "),
                    worst.ui_passes,
                    if worst.ui_passes == 1 { "" } else { "es" }
                );
            }
        } else {
            println!("{label:>16}: no frames");
        }
    }
    exit.write(AppExit::Success);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reviewed_game_is_legal_and_whole() {
        let game = crate::engine::Game::from_transcript(REVIEWED_GAME).unwrap();
        assert!(game.is_over());
        assert_eq!(game.len(), 60);
    }

    #[test]
    fn percentiles_pick_ranks() {
        let ms = |v: u64| Duration::from_millis(v);
        let values: Vec<Duration> = (1..=100).map(ms).collect();
        assert_eq!(percentiles(values), Some((51.0, 99.0, 100.0)));
        assert_eq!(percentiles(Vec::new()), None);
    }
}
