//! The designers' loop: `reversi --config <dir>` plays with a designer's folder
//! (`search.ron`, `eval.ron`, `patterns/*.ron`, `levels.ron`, `people.ron`; missing files come from the
//! shipped set) and reloads a file within a second of it being saved.
//!
//! The folder is polled: a few times a second the files' modification times are read and
//! compared with the last ones (a handful of `stat` calls, no watcher thread). A changed
//! part is loaded whole or not at all ([`ConfigSet::reload`]): a broken file is listed in a
//! panel with its line and message until it is fixed, and the last good tables and levels
//! stay in force meanwhile. A toast says what was reloaded.
//!
//! This file keeps its own copy of the tables in force and hands new ones to the engine as
//! a [`TablesReloaded`] message; it touches no resource of the engine's.

use std::fs;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::t;

use crate::engine::{ConfigSet, default_levels};

mod breakdown;
mod edit;
mod watch;

use super::engine_config::TablesReloaded;
use super::files::paths::PlayerPaths;
use super::files::settings::Settings;
use super::i18n::Tr;
use super::notices::{Notice, Toasts};
use super::run_options::RunOptions;
use super::schedule::GameSystems;
use breakdown::show_breakdown;
use watch::{DesignerFolder, Reload, changed_files, level_fallback, reload, scan};

pub(super) fn plugin(app: &mut App) {
    let options = app.world().resource::<RunOptions>().clone();
    app.init_resource::<Tr>();
    if let Some(dir) = options.config_dir.clone() {
        app.insert_resource(DesignerFolder::new(dir))
            .add_systems(Startup, load_folder);
    }
    let present = resource_exists::<DesignerFolder>;
    app.add_systems(
        Update,
        (
            follow_setting.run_if(move || options.config_dir.is_none()),
            watch_folder.run_if(present),
        )
            .chain()
            .in_set(GameSystems::Input),
    )
    .add_systems(
        EguiPrimaryContextPass,
        (show_errors, show_breakdown)
            .run_if(present)
            .in_set(GameSystems::Ui),
    );
}

/// Settings > Designer's view, without `--config`: on, the player's own designer folder is
/// created if need be and played with (read at once, then watched like `--config`'s); off,
/// the shipped tables and levels come back.
fn follow_setting(
    mut commands: Commands,
    options: Res<RunOptions>,
    folder: Option<ResMut<DesignerFolder>>,
    mut outputs: ReloadOutputs,
) {
    match (outputs.settings.designer, folder) {
        (true, None) => {
            let Some(dir) = PlayerPaths::of(&options).designer else {
                return;
            };
            if let Err(e) = fs::create_dir_all(dir.join("patterns")) {
                outputs.settings.designer = false;
                let text = t!(
                    outputs.tr,
                    "designer-folder-error",
                    dir = dir.display().to_string(),
                    error = e.to_string()
                );
                outputs.toasts.push(text);
                return;
            }
            let mut folder = DesignerFolder::new(dir);
            folder.stamps = scan(&folder.dir);
            let all = folder.stamps.paths();
            let mut reloaded = reload(&folder.dir, &all, &mut folder.set);
            reloaded.messages = vec![Notice::new("designer-on").path("dir", &folder.dir)];
            apply(&mut folder, reloaded, &all, &mut outputs);
            commands.insert_resource(folder);
        }
        (false, Some(_)) => {
            commands.remove_resource::<DesignerFolder>();
            outputs.tables.write(TablesReloaded {
                set: Some(ConfigSet::shipped()),
                levels: Some(default_levels()),
            });
            let text = t!(outputs.tr, "designer-off");
            outputs.toasts.push(text);
        }
        _ => {}
    }
}

/// Where a reload's results go: the engine (tables and levels), the level setting when the
/// selected level is gone, and the toasts.
#[derive(SystemParam)]
struct ReloadOutputs<'w> {
    tables: MessageWriter<'w, TablesReloaded>,
    settings: ResMut<'w, Settings>,
    toasts: ResMut<'w, Toasts>,
    tr: Res<'w, Tr>,
}

/// Reads the whole folder at start-up: the first load is applied like any later one, with
/// every file new.
fn load_folder(mut folder: ResMut<DesignerFolder>, mut outputs: ReloadOutputs) {
    let folder = &mut *folder;
    folder.stamps = scan(&folder.dir);
    let all = folder.stamps.paths();
    let mut reloaded = reload(&folder.dir, &all, &mut folder.set);
    reloaded.messages = vec![Notice::new("designer-playing").path("dir", &folder.dir)];
    apply(folder, reloaded, &all, &mut outputs);
}

/// Looks at the folder's files a few times a second and reloads what changed.
fn watch_folder(time: Res<Time>, mut folder: ResMut<DesignerFolder>, mut outputs: ReloadOutputs) {
    let folder = &mut *folder;
    if !folder.timer.tick(time.delta()).just_finished() {
        return;
    }
    let stamps = scan(&folder.dir);
    let changed = changed_files(&folder.stamps, &stamps);
    if changed.is_empty() {
        return;
    }
    folder.stamps = stamps;
    let reloaded = reload(&folder.dir, &changed, &mut folder.set);
    apply(folder, reloaded, &changed, &mut outputs);
}

/// Hands a reload's results to the engine, the level setting, the errors panel and the
/// toasts.
fn apply(
    folder: &mut DesignerFolder,
    reloaded: Reload,
    changed: &[String],
    outputs: &mut ReloadOutputs,
) {
    for e in &reloaded.errors {
        warn!("{e}");
    }
    folder.errors = reloaded.errors;
    let mut messages = reloaded.messages;
    if let Some(list) = &reloaded.levels
        && let Some((first, message)) = level_fallback(list, &outputs.settings.level)
    {
        outputs.settings.level = first;
        messages.push(message);
    }
    if reloaded.search || reloaded.eval || reloaded.levels.is_some() {
        outputs.tables.write(TablesReloaded {
            set: (reloaded.search || reloaded.eval).then(|| folder.set.clone()),
            levels: reloaded.levels,
        });
    }
    if !changed.is_empty() {
        info!("designer folder: changed {}", changed.join(", "));
    }
    for m in messages {
        outputs.toasts.push(m.text(&outputs.tr));
    }
}

/// Lists the folder's broken files while there are any.
fn show_errors(mut contexts: EguiContexts, folder: Res<DesignerFolder>, tr: Res<Tr>) -> Result {
    if folder.errors.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(t!(tr, "designer-files-title"))
        .id(egui::Id::new("designer_files"))
        .collapsible(true)
        .resizable(true)
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(12.0, -36.0))
        .default_width(520.0)
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(t!(
                    tr,
                    "designer-files-broken",
                    count = folder.errors.len(),
                    dir = folder.dir.display().to_string()
                ))
                .color(egui::Color32::from_rgb(255, 170, 90)),
            );
            for e in &folder.errors {
                let at = if e.line == 0 {
                    e.file.clone()
                } else {
                    t!(
                        tr,
                        "designer-error-at",
                        file = e.file.as_str(),
                        line = e.line,
                        column = e.column
                    )
                };
                ui.label(egui::RichText::new(at).monospace().strong());
                ui.label(e.message.as_str());
            }
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::app::notices::Toasts;
    use crate::app::temp_dir::TempDir;
    use crate::engine::parse_levels;
    use watch::POLL_S;
    use watch::tests::LEVELS;

    use bevy::ecs::message::MessageCursor;

    /// The designer's plugin alone, with the folder `dir`, playing the level `level`.
    fn designer_app(dir: &TempDir, level: &str) -> App {
        let mut app = App::new();
        app.insert_resource(RunOptions {
            config_dir: Some(dir.0.clone()),
            ..RunOptions::default()
        })
        .insert_resource(Settings {
            level: level.into(),
            ..Settings::default()
        })
        .init_resource::<Toasts>()
        .init_resource::<Time>()
        .add_message::<TablesReloaded>()
        .add_plugins(plugin);
        app
    }

    #[test]
    fn the_settings_switch_plays_with_the_player_s_own_folder_and_back() {
        let home = TempDir::new("designer-switch");
        let mut app = App::new();
        app.insert_resource(RunOptions {
            settings_dir: Some(home.0.clone()),
            ..RunOptions::default()
        })
        .insert_resource(Settings::default())
        .init_resource::<Toasts>()
        .init_resource::<Time>()
        .add_message::<TablesReloaded>()
        .add_plugins(plugin);
        let mut cursor = MessageCursor::<TablesReloaded>::default();
        app.update();
        assert!(app.world().get_resource::<DesignerFolder>().is_none());
        // On: the folder is made and read (empty: nothing to reload).
        app.world_mut().resource_mut::<Settings>().designer = true;
        app.update();
        let dir = home.0.join("designer");
        assert_eq!(app.world().resource::<DesignerFolder>().dir, dir);
        assert!(dir.join("patterns").is_dir());
        assert!(sent(&app, &mut cursor).is_empty());
        assert_eq!(
            app.world().resource::<Toasts>().texts(),
            [format!(
                "Designer's view: playing with the tables of {} (empty: the shipped ones)",
                dir.display()
            )
            .as_str()]
        );
        // Off: the shipped tables and levels go back to the engine.
        app.world_mut().resource_mut::<Settings>().designer = false;
        app.update();
        assert!(app.world().get_resource::<DesignerFolder>().is_none());
        let reloads = sent(&app, &mut cursor);
        assert_eq!(reloads.len(), 1);
        assert!(
            reloads[0].set.as_ref().is_some_and(|s| Arc::ptr_eq(
                &s.eval,
                &crate::engine::PatternEval::shipped_shared()
            ))
        );
        assert_eq!(
            reloads[0].levels.as_ref().map(Vec::len),
            Some(default_levels().len())
        );
    }

    /// The `TablesReloaded` sent since the cursor last looked.
    fn sent(app: &App, cursor: &mut MessageCursor<TablesReloaded>) -> Vec<TablesReloaded> {
        let messages = app.world().resource::<Messages<TablesReloaded>>();
        cursor.read(messages).cloned().collect()
    }

    #[test]
    fn the_folder_is_loaded_at_start_up_and_reloaded_as_it_changes() {
        let dir = TempDir::new("designer-systems");
        dir.write("search.ron", "(exact_empties: 12)", 30);
        dir.write("levels.ron", LEVELS, 30);
        let mut app = designer_app(&dir, "Casual");
        let mut cursor = MessageCursor::default();
        app.update();
        let first = sent(&app, &mut cursor);
        assert_eq!(first.len(), 1);
        let set = first[0].set.as_ref().expect("new search settings");
        assert_eq!(set.search.exact_empties, 12);
        let names: Vec<&str> = first[0]
            .levels
            .iter()
            .flatten()
            .map(|l| l.name.as_str())
            .collect();
        assert_eq!(names, ["One", "Two"]);
        assert_eq!(app.world().resource::<Settings>().level, "One");
        let playing = format!("Playing with the files of {}", dir.0.display());
        let fallback = "Level \"Casual\" is no longer in levels.ron: playing \"One\"";
        assert_eq!(
            app.world().resource::<Toasts>().texts(),
            [playing.as_str(), fallback]
        );
        // A broken file is listed and the engine is sent nothing; the poll waits its turn.
        dir.write("search.ron", "(exact_empties: \"many\")", 10);
        app.update();
        assert!(app.world().resource::<DesignerFolder>().errors.is_empty());
        app.world_mut()
            .resource_mut::<Time>()
            .advance_by(std::time::Duration::from_secs_f32(POLL_S));
        app.update();
        assert!(sent(&app, &mut cursor).is_empty());
        let folder = app.world().resource::<DesignerFolder>();
        assert_eq!(folder.errors.len(), 1);
        assert_eq!(folder.set.search.exact_empties, 12);
        // Fixed, it goes to the engine with the evaluator it had.
        dir.write("search.ron", "(exact_empties: 14)", 5);
        app.world_mut()
            .resource_mut::<Time>()
            .advance_by(std::time::Duration::from_secs_f32(POLL_S));
        app.update();
        let fixed = sent(&app, &mut cursor);
        assert_eq!(fixed.len(), 1);
        assert_eq!(fixed[0].set.as_ref().unwrap().search.exact_empties, 14);
        assert!(Arc::ptr_eq(&fixed[0].set.as_ref().unwrap().eval, &set.eval));
        assert!(fixed[0].levels.is_none());
        assert!(app.world().resource::<DesignerFolder>().errors.is_empty());
        assert_eq!(
            app.world().resource::<Toasts>().texts()[2],
            "Reloaded search.ron"
        );
    }

    #[test]
    fn a_vanished_level_falls_back_to_the_first() {
        let levels = parse_levels("l.ron", LEVELS).unwrap();
        assert_eq!(level_fallback(&levels, "Two"), None);
        let (first, message) = level_fallback(&levels, "Expert").unwrap();
        assert_eq!(first, "One");
        assert_eq!(
            message.text(&Tr::default()),
            "Level \"Expert\" is no longer in levels.ron: playing \"One\""
        );
    }
}
