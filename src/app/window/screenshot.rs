//! `reversi --screenshot out.png [--moves <transcript>]`: shows the position, waits until
//! the window and the UI have settled (and the move scores, when hints show them, have
//! reached some depth), saves a PNG of the window and exits.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::app::engine_report::MoveHints;
use crate::app::files::settings::Mode;
use crate::app::files::settings::{AnimationSpeed, Hints, Settings};
use crate::app::play::game::Match;
use crate::app::run_options::RunOptions;

/// Frames and seconds to wait before the capture: the window gets its size, egui lays
/// itself out and (with a software renderer) the shaders compile over the first ones.
const SETTLE_FRAMES: u32 = 30;
/// See [`SETTLE_FRAMES`].
const SETTLE_S: f32 = 4.0;
/// The depth the move scores should reach before the capture ...
const HINTS_DEPTH: u32 = 10;
/// ... waiting at most this many seconds more than [`SETTLE_S`] for it.
const HINTS_WAIT_S: f32 = 4.0;
/// Seconds to wait for the capture before giving up.
const TIMEOUT_S: f32 = 60.0;

/// Progress of a screenshot run.
#[derive(Resource, Debug)]
struct ScreenshotRun {
    path: PathBuf,
    frames: u32,
    requested: bool,
    saved: bool,
}

pub(super) fn plugin(app: &mut App) {
    let Some(path) = app.world().resource::<RunOptions>().screenshot.clone() else {
        return;
    };
    app.insert_resource(ScreenshotRun {
        path,
        frames: 0,
        requested: false,
        saved: false,
    })
    .add_systems(Startup, set_up_settings)
    .add_systems(Last, take_screenshot);
}

/// Shows the position as it is: nobody to move for (no engine), no animation.
fn set_up_settings(mut settings: ResMut<Settings>) {
    settings.mode = Mode::HumanVsHuman;
    settings.animation = AnimationSpeed::Off;
}

/// Counts frames, asks for the capture once settled, and exits when it is written.
fn take_screenshot(
    mut commands: Commands,
    mut run: ResMut<ScreenshotRun>,
    time: Res<Time>,
    m: Res<Match>,
    settings: Res<Settings>,
    hints: Res<MoveHints>,
    mut exit: MessageWriter<AppExit>,
) {
    run.frames += 1;
    let scored = settings.hints() != Hints::Scores
        || m.game.is_over()
        || !m.position().board.has_moves()
        || hints
            .for_generation(m.generation)
            .is_some_and(|h| h.exact || h.depth >= HINTS_DEPTH)
        || time.elapsed_secs() >= SETTLE_S + HINTS_WAIT_S;
    if run.saved {
        exit.write(AppExit::Success);
    } else if !run.requested
        && run.frames >= SETTLE_FRAMES
        && time.elapsed_secs() >= SETTLE_S
        && scored
    {
        run.requested = true;
        let mut save = save_to_disk(run.path.clone());
        commands.spawn(Screenshot::primary_window()).observe(
            move |captured: On<ScreenshotCaptured>, mut run: ResMut<ScreenshotRun>| {
                save(captured);
                if run.path.exists() {
                    run.saved = true;
                }
            },
        );
    } else if time.elapsed_secs() > TIMEOUT_S {
        error!("no screenshot after {TIMEOUT_S} s");
        exit.write(AppExit::error());
    }
}
