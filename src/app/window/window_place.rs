//! The window's size and place: saved with the settings as the player leaves them, restored
//! at the next start, and kept on a monitor that is there (a window last seen on a screen
//! since unplugged comes back centred). The first start fits the window to the screen.
//! A window left maximised comes back maximised, and un-maximises to the size and place it
//! had before (winit reports the state; Bevy's `Window` does not). What is saved, a
//! `WindowPlace`, is one of the settings (`settings.rs`).

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryMonitor, PrimaryWindow, WindowMoved, WindowResized};
use bevy::winit::WINIT_WINDOWS;

use crate::app::files::settings::{Settings, WindowPlace};
use crate::app::run_options::RunOptions;

/// The window's size on a first start, in logical pixels, when the screen has room.
pub(super) const FIRST_SIZE: Vec2 = Vec2::new(1180.0, 800.0);

/// The smallest window (the layout's own limit).
pub(super) const MIN_SIZE: Vec2 = Vec2::new(640.0, 480.0);

/// The largest window restored from the settings, in logical pixels.
pub(super) const MAX_SIZE: Vec2 = Vec2::new(16_384.0, 16_384.0);

/// How long the window must stay still before its place is saved (dragging and resizing
/// send many events).
const SETTLE_S: f32 = 0.5;

/// The first size on a screen of `screen` logical pixels: [`FIRST_SIZE`], shrunk to 90% of
/// the screen (whole pixels) where it does not fit, never below [`MIN_SIZE`].
pub(super) fn first_size(screen: Vec2) -> Vec2 {
    FIRST_SIZE.min((screen * 0.9).floor()).max(MIN_SIZE)
}

/// Whether a window whose top-left corner is at `corner` (physical pixels) and `width`
/// physical pixels wide shows enough of its title bar on one of `monitors` to be grabbed:
/// 100 by 40 pixels of the strip along its top.
pub(super) fn reachable(corner: IVec2, width: i32, monitors: &[IRect]) -> bool {
    let bar = IRect::new(corner.x, corner.y, corner.x + width, corner.y + 40);
    monitors.iter().any(|m| {
        let seen = bar.intersect(*m);
        !seen.is_empty() && seen.width() >= width.min(100) && seen.height() >= 40
    })
}

/// Puts the window where the settings say, once, before the first frame.
fn restore(settings: Res<Settings>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    let (Some(place), Ok(mut window)) = (settings.window, windows.single_mut()) else {
        return;
    };
    // A hand-edited file's absurd size is held to what a screen can show.
    let size = Vec2::new(place.width as f32, place.height as f32).clamp(MIN_SIZE, MAX_SIZE);
    window.resolution.set(size.x, size.y);
    window.position = match place.corner {
        Some((x, y)) => WindowPosition::At(IVec2::new(x, y)),
        None => WindowPosition::Centered(MonitorSelection::Primary),
    };
    if place.maximized {
        window.set_maximized(true);
    }
}

/// Once the monitors are known: a window placed off every monitor is centred on the primary
/// one, and on a first start the window is fitted to it and centred.
fn check_place(
    mut done: Local<bool>,
    settings: Res<Settings>,
    monitors: Query<(&Monitor, Has<PrimaryMonitor>)>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    if *done || monitors.is_empty() {
        return;
    }
    *done = true;
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    let rects: Vec<IRect> = monitors
        .iter()
        .map(|(m, _)| {
            IRect::from_corners(
                m.physical_position,
                m.physical_position + IVec2::new(m.physical_width as i32, m.physical_height as i32),
            )
        })
        .collect();
    let primary = monitors
        .iter()
        .find(|(_, primary)| *primary)
        .or_else(|| monitors.iter().next())
        .map(|(m, _)| m);
    match (settings.window, window.position) {
        (Some(_), WindowPosition::At(corner))
            if !reachable(corner, window.resolution.physical_width() as i32, &rects) =>
        {
            info!("the saved window place {corner} is on no monitor: centred");
            window.position = WindowPosition::Centered(MonitorSelection::Primary);
        }
        (None, _) => {
            if let Some(m) = primary {
                let scale = m.scale_factor.max(0.5) as f32;
                let screen = Vec2::new(m.physical_width as f32, m.physical_height as f32) / scale;
                let size = first_size(screen);
                window.resolution.set(size.x, size.y);
                window.position = WindowPosition::Centered(MonitorSelection::Primary);
            }
        }
        _ => {}
    }
}

/// Saves the window's size and place once it has stayed still for [`SETTLE_S`].
fn remember_place(
    mut pending: Local<Option<f32>>,
    mut resized: MessageReader<WindowResized>,
    mut moved: MessageReader<WindowMoved>,
    time: Res<Time>,
    windows: Query<(Entity, &Window), With<PrimaryWindow>>,
    mut settings: ResMut<Settings>,
    _main_thread: NonSendMarker,
) {
    let now = time.elapsed_secs();
    if resized.read().count() + moved.read().count() > 0 {
        *pending = Some(now);
    }
    let Some(since) = *pending else { return };
    if now - since < SETTLE_S {
        return;
    }
    *pending = None;
    let Ok((entity, window)) = windows.single() else {
        return;
    };
    let current = WindowPlace {
        width: window.resolution.width().round() as u32,
        height: window.resolution.height().round() as u32,
        corner: match window.position {
            WindowPosition::At(corner) => Some((corner.x, corner.y)),
            _ => None,
        },
        maximized: false,
    };
    let maximized = WINIT_WINDOWS.with_borrow(|winit_windows| {
        winit_windows
            .get_window(entity)
            .is_some_and(|w| w.is_maximized())
    });
    let place = WindowPlace::next(current, maximized, settings.window);
    if settings.window != Some(place) {
        settings.window = Some(place);
    }
}

pub(super) fn plugin(app: &mut App) {
    // Scripted runs (screenshots, the frame benchmark) keep the fixed first size.
    if app.world().resource::<RunOptions>().scripted() {
        return;
    }
    app.add_systems(PreStartup, restore)
        .add_systems(Update, (check_place, remember_place));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_size_fits_small_screens() {
        assert_eq!(first_size(Vec2::new(1920.0, 1080.0)), FIRST_SIZE);
        // A 1366x768 laptop: 90% of its height.
        assert_eq!(
            first_size(Vec2::new(1366.0, 768.0)),
            Vec2::new(1180.0, 691.0)
        );
        // A 4K screen at 200% is 1920x1080 logical: the first size.
        assert_eq!(
            first_size(Vec2::new(1920.0, 1080.0)),
            Vec2::new(1180.0, 800.0)
        );
        // Tiny: never below the layout's minimum.
        assert_eq!(first_size(Vec2::new(600.0, 400.0)), MIN_SIZE);
    }

    #[test]
    fn a_window_must_show_its_title_bar_on_a_monitor() {
        let monitors = [
            IRect::new(0, 0, 1920, 1080),
            IRect::new(1920, 0, 1920 + 2560, 1440),
        ];
        assert!(reachable(IVec2::new(100, 100), 1180, &monitors));
        // On the second monitor.
        assert!(reachable(IVec2::new(3000, 200), 1180, &monitors));
        // Mostly off the right edge, 150 pixels of bar still on screen.
        assert!(reachable(IVec2::new(4480 - 150, 200), 1180, &monitors));
        // Above the top: the title bar is out of reach.
        assert!(!reachable(IVec2::new(100, -60), 1180, &monitors));
        // Where an unplugged third monitor was.
        assert!(!reachable(IVec2::new(5000, 100), 1180, &monitors));
        // Below the first monitor, which the second does not reach either.
        assert!(!reachable(IVec2::new(100, 1500), 1180, &monitors));
    }
}
