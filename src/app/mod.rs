//! The desktop game: a Bevy app with an egui interface around the engine.
//!
//! The features live in folders by what the player does, each folder a plugin that adds its
//! files' plugins (`PLUGINS`): `play/` (the match, the engine's moves and the board on
//! screen), `study/` (review, explanations, the graph), `coach/` (practice, drills,
//! strength, the Adaptive level), `library/` (the opening book and the game database),
//! `designer/` (a designer's folder of tables and levels), `files/` (the settings, where the
//! player's files live, saving and opening games), `window/` (graphics device, icon, the
//! window's place, the scripted runs) and `ui/` (the egui interface, built in egui's pass
//! after `Update`, which sends its requests as `CommandIssued` messages). This module opens
//! the window and adds the folders (`FEATURES`, in any order).
//!
//! Features do not call each other: they send messages and read shared vocabulary kept in
//! files of its own here, below the folders, so that the import graph has no cycle:
//! `schedule.rs` (the order of the frame, declared once: `GameSystems`), `run_options.rs`
//! (how the game was started), `messages.rs` (the match's messages: `CommandIssued`,
//! `MovePlayed`, `PositionJumped`, ...), `notices.rs` (messages the player dismisses, and
//! toasts that fade by themselves), `engine_config.rs` (the engine's tables and levels in
//! force, and the message that brings new ones), `engine_report.rs` (what the engine tells
//! the rest of the game), `modal.rs` (a window that may change the game is open),
//! `settled.rs` (whether the discs are still moving, and the `discs_settled` run condition
//! the game and the engine wait on), `highlight.rs` (squares the board is asked to mark),
//! `clock.rs` and `editor.rs` (the chess clocks and the board editor's setup, which the game
//! holds) and `i18n.rs` (the player's language: every word the game shows comes from
//! `i18n/<language>/*.ftl` through its `t!`). Inside the UI, the vocabulary its parts share
//! is `ui/view.rs`. The integration test `house` fails on an import cycle among the files
//! of `src/`, naming its files.

mod clock;
mod coach;
mod designer;
mod editor;
mod engine_config;
mod engine_report;
mod files;
mod highlight;
mod i18n;
mod library;
mod messages;
mod modal;
mod notices;
mod play;
mod run_options;
mod schedule;
mod settled;
mod study;
#[cfg(test)]
mod temp_dir;
mod ui;
mod window;

use bevy::app::{TaskPoolOptions, TaskPoolThreadAssignmentPolicy};
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::WgpuSettings;
use bevy::window::{ExitCondition, WindowResolution};
use bevy_egui::EguiPlugin;

use crate::t;

pub use files::paths::PlayerPaths;
pub use i18n::Language;
pub use run_options::RunOptions;

use schedule::order_frame;
use window::graphics;

/// Opens the game window and runs until it is closed (or the scripted run ends).
pub fn run(options: RunOptions) -> AppExit {
    let scripted = options.scripted();
    let choice = match graphics::choose(graphics::wanted_backends()) {
        Ok(choice) => choice,
        Err(failed) => return no_graphics(&options, &failed),
    };
    let mut app = App::new();
    let mut plugins = DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title: "Reversi".into(),
                // The X11 class / Wayland app id, which the desktop entry names.
                name: Some("reversi".into()),
                resolution: WindowResolution::new(1180, 800),
                resize_constraints: WindowResizeConstraints {
                    min_width: 640.0,
                    min_height: 480.0,
                    ..default()
                },
                // A scripted run must not wait for a display's vsync.
                present_mode: if scripted {
                    bevy::window::PresentMode::AutoNoVsync
                } else {
                    bevy::window::PresentMode::AutoVsync
                },
                ..default()
            }),
            exit_condition: ExitCondition::OnPrimaryClosed,
            ..default()
        })
        // The engine's searches (its moves, pondering, the hints) hold one async compute
        // thread for as long as they run; Bevy compiles pipelines and takes screenshots
        // on that pool too, so it gets a second thread even on a two-core machine.
        .set(TaskPoolPlugin {
            task_pool_options: TaskPoolOptions {
                async_compute: TaskPoolThreadAssignmentPolicy {
                    min_threads: 2,
                    max_threads: 4,
                    percent: 0.25,
                    on_thread_spawn: None,
                    on_thread_destroy: None,
                },
                ..default()
            },
        })
        .set(bevy::log::LogPlugin {
            filter: "wgpu=error,naga=warn,bevy_render=warn,bevy_egui=warn".into(),
            ..default()
        })
        // The backend that gave a device when tried (graphics.rs), and no other.
        .set(RenderPlugin {
            render_creation: WgpuSettings {
                backends: Some(choice.backends),
                ..default()
            }
            .into(),
            ..default()
        });
    if scripted {
        // A screenshot or a benchmark makes no sound and opens no audio device.
        plugins = plugins.disable::<bevy::audio::AudioPlugin>();
    }
    app.add_plugins(plugins)
        .add_plugins(EguiPlugin::default())
        // A failing system logs a warning instead of ending the game.
        .set_error_handler(bevy::ecs::error::warn)
        .insert_resource(options)
        .insert_resource(choice)
        .add_systems(Startup, graphics::log_choice);
    order_frame(&mut app);
    for feature in FEATURES {
        feature(&mut app);
    }
    app.run()
}

/// No backend gave a graphics device: says so on standard error and, unless the run is
/// scripted, in a message box (the player started the game from a menu and sees no
/// terminal), in the run's language or the system's.
fn no_graphics(options: &RunOptions, failed: &[graphics::Failure]) -> AppExit {
    let language = match (options.language, options.scripted()) {
        (Some(language), _) => language,
        (None, true) => Language::English,
        (None, false) => Language::of_system(),
    };
    let tr = i18n::Tr::new(language);
    let text = t!(tr, "graphics-none", tried = graphics::failures_text(failed));
    eprintln!("reversi: {text}");
    if !options.scripted() {
        rfd::MessageDialog::new()
            .set_level(rfd::MessageLevel::Error)
            .set_title(t!(tr, "graphics-none-title"))
            .set_description(&text)
            .set_buttons(rfd::MessageButtons::Ok)
            .show();
    }
    AppExit::error()
}

/// Every folder's plugin, each adding its features. Their order does not matter: a feature's
/// plugin creates its own resources and reads no other plugin's while it is built (only
/// [`RunOptions`]); what needs another feature's resources runs in a system (shared
/// materials and the engine are created in `PreStartup`/`Startup`). The test
/// `the_order_of_the_plugins_does_not_matter` adds every feature's plugin in reverse.
///
/// Systems that no set or `before`/`after` orders run in an order Bevy derives from the
/// order the plugins added them; this order keeps most of them as they ran when every
/// feature was added from here.
const FEATURES: [fn(&mut App); 8] = [
    window::plugin,
    library::plugin,
    play::plugin,
    study::plugin,
    coach::plugin,
    designer::plugin,
    files::plugin,
    ui::plugin,
];

#[cfg(test)]
mod tests {
    use bevy::asset::AssetPlugin;
    use bevy::input::InputPlugin;
    use bevy::window::ExitCondition;
    use bevy_egui::EguiUserTextures;
    use bevy_egui::input::EguiWantsInput;

    use super::engine_config::Levels;
    use super::files::settings::Settings;
    use super::play::discs::Disc;
    use super::play::engine_tasks::Engine;
    use super::play::game::{Match, Status};
    use super::temp_dir::TempDir;
    use super::*;

    /// What start-up produced, in figures.
    #[derive(Debug, PartialEq)]
    struct StartUp {
        plies: usize,
        discs: usize,
        discs_shown: usize,
        levels: Vec<String>,
        level: String,
        status: String,
        engine: bool,
    }

    /// Builds the game's plugins in `order` without a window or a renderer, runs start-up
    /// and one frame, and reports what came of it.
    fn start(order: &[fn(&mut App)], dir: &TempDir) -> StartUp {
        start_with(order, dir, Some("f5d6c3"))
    }

    /// The same, with `--moves` (or none: the game kept from the last run comes back).
    fn start_with(order: &[fn(&mut App)], dir: &TempDir, moves: Option<&str>) -> StartUp {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            AssetPlugin::default(),
            InputPlugin,
            WindowPlugin {
                primary_window: None,
                exit_condition: ExitCondition::DontExit,
                close_when_requested: false,
                ..default()
            },
        ))
        .init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        // What bevy_egui's plugin would create (its plugin needs a renderer).
        .init_resource::<EguiWantsInput>()
        .init_resource::<EguiUserTextures>()
        .insert_resource(RunOptions {
            moves: moves.map(String::from),
            settings_dir: Some(dir.0.join("settings")),
            config_dir: Some(dir.0.join("designer")),
            ..RunOptions::default()
        });
        order_frame(&mut app);
        for feature in order {
            feature(&mut app);
        }
        app.update();
        let world = app.world_mut();
        let discs: Vec<Visibility> = world
            .query_filtered::<&Visibility, With<Disc>>()
            .iter(world)
            .copied()
            .collect();
        StartUp {
            plies: world.resource::<Match>().game.len(),
            discs: discs.len(),
            discs_shown: discs.iter().filter(|v| **v != Visibility::Hidden).count(),
            levels: world
                .resource::<Levels>()
                .0
                .iter()
                .map(|l| l.name.clone())
                .collect(),
            level: world.resource::<Settings>().level.clone(),
            status: world.resource::<Status>().text.clone(),
            engine: world.get_resource::<Engine>().is_some(),
        }
    }

    /// Every feature's plugin, folder by folder, in the order `run` adds them.
    fn every_feature() -> Vec<fn(&mut App)> {
        [
            window::PLUGINS.as_slice(),
            &library::PLUGINS,
            &play::PLUGINS,
            &study::PLUGINS,
            &coach::PLUGINS,
            &[designer::plugin],
            &files::PLUGINS,
            &[ui::plugin],
        ]
        .concat()
    }

    #[test]
    fn the_order_of_the_plugins_does_not_matter() {
        let dir = TempDir::new("app-start-up");
        // Two humans and the dots only: no search starts on the task pool.
        dir.write(
            "settings/settings.ron",
            "(mode: HumanVsHuman, hints: Moves)",
            10,
        );
        dir.write(
            "designer/levels.ron",
            "[(name: \"One\", description: \"\", depth: Some(1)), \
              (name: \"Two\", description: \"\", depth: Some(2))]",
            10,
        );
        let expected = StartUp {
            plies: 3,
            discs: 64,
            // The four discs of the start and one for each of the three moves.
            discs_shown: 7,
            levels: vec!["One".into(), "Two".into()],
            // "Casual" is not in the designer's levels.
            level: "One".into(),
            status: "Click a square to play there (or use the arrows and Enter). H cycles the \
                     hints (off, dots, scores); Esc opens the menu; F1 lists the keys."
                .into(),
            engine: true,
        };
        let features = every_feature();
        assert_eq!(start(&features, &dir), expected);
        let mut reversed = features;
        reversed.reverse();
        assert_eq!(start(&reversed, &dir), expected);
    }

    #[test]
    fn the_game_kept_from_the_last_run_comes_back() {
        let dir = TempDir::new("app-resume");
        dir.write("settings/settings.ron", "(mode: HumanVsHuman)", 10);
        dir.write(
            "designer/levels.ron",
            "[(name: \"One\", description: \"\", depth: Some(1)), \
              (name: \"Two\", description: \"\", depth: Some(2))]",
            10,
        );
        let kept = format!(
            "(version: 1, started: \"2026-11-28 21:05:09\", saved: \"2026-11-28 21:07:00\", \
             start: \"{}\", lines: [\"f5 d6 c3 d3\", \"f5 f6\"], line: \"f5 d6 c3 d3\", \
             cursor: 4, paused: false, played_with: (mode: HumanVsHuman, human_color: Black, \
             level: \"Two\", hints: Moves, analysis_hints: Moves), clocks: None)",
            crate::engine::Position::start()
        );
        dir.write("settings/game.ron", &kept, 10);
        let back = start_with(&every_feature(), &dir, None);
        assert_eq!(
            back,
            StartUp {
                plies: 4,
                discs: 64,
                discs_shown: 8,
                levels: vec!["One".into(), "Two".into()],
                level: "Two".into(),
                status: "Your game of 2026-11-28 21:05, move 4, is back.".into(),
                engine: true,
            }
        );
        // A damaged file is set aside and the game starts afresh.
        dir.write("settings/game.ron", "(version: 1, lines: [", 10);
        let fresh = start_with(&every_feature(), &dir, None);
        assert_eq!((fresh.plies, fresh.discs_shown), (0, 4));
        assert!(dir.0.join("settings/game.ron.bad").exists());
    }
}
