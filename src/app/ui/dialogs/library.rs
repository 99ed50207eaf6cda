//! The Library window (Game > Library..., Ctrl+L; issue 74): every game played in the game,
//! from its folder of games (`library/played.rs` reads it in the background, with a bar):
//! the player's record against each level, then the games (date, players, result, opening,
//! moves), sorted by a click on a column's name and filtered by level, result, opening and
//! date; each opens on the board (to replay or review it, and to save it with Game > Save),
//! copies its moves or its GGF, or is deleted (a second click confirms).

use bevy_egui::egui;

use crate::played_games::{LibraryFilter, Outcome, PlayedGame, SortBy, records};
use crate::t;

use crate::app::i18n::Tr;
use crate::app::library::played::{GameLibrary, LibraryRequest};
use crate::app::ui::view::{GameView, Requests};

/// The height of a game's row.
const ROW_HEIGHT: f32 = 22.0;
/// The columns' widths: date, players, result, opening, moves.
const WIDTHS: [f32; 5] = [115.0, 190.0, 100.0, 150.0, 45.0];

/// Shows the window; false once closed.
pub(super) fn library_window(
    ctx: &egui::Context,
    view: &GameView,
    requests: &mut Requests,
) -> bool {
    let tr = &*view.tr;
    let library = &*view.library;
    requests.library.push(LibraryRequest::Shown);
    let mut open = true;
    egui::Window::new(t!(tr, "library-title"))
        .open(&mut open)
        .collapsible(false)
        .default_pos(egui::pos2(60.0, 50.0))
        .default_width(760.0)
        .default_height(620.0)
        .show(ctx, |ui| {
            if let Some(dir) = &library.dir {
                ui.label(
                    egui::RichText::new(t!(tr, "library-folder", dir = dir.display().to_string()))
                        .small()
                        .weak(),
                );
            } else {
                ui.label(t!(tr, "library-no-folder"));
            }
            if let Some((done, of)) = library.progress() {
                ui.add(
                    egui::ProgressBar::new(if of == 0 {
                        0.0
                    } else {
                        done as f32 / of as f32
                    })
                    .desired_width(400.0)
                    .text(t!(tr, "library-reading", done = done, games = of)),
                );
            }
            let Some(folder) = &library.folder else {
                return;
            };
            if !folder.errors.is_empty() {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 110, 100),
                    t!(
                        tr,
                        "library-unreadable",
                        files = folder.errors.len(),
                        first = folder.errors[0].as_str()
                    ),
                );
            }
            record_table(ui, tr, &folder.games);
            ui.separator();
            filters(ui, tr, library, requests);
            ui.label(t!(
                tr,
                "library-listed",
                shown = library.listed.len(),
                games = folder.games.len()
            ));
            games_table(ui, tr, library, &folder.games, requests);
        });
    open
}

/// The player's record against each level.
fn record_table(ui: &mut egui::Ui, tr: &Tr, games: &[PlayedGame]) {
    let records = records(games);
    if records.is_empty() {
        ui.label(t!(tr, "library-no-record"));
        return;
    }
    ui.label(egui::RichText::new(t!(tr, "library-record")).strong());
    egui::Grid::new("library-record")
        .striped(true)
        .num_columns(6)
        .show(ui, |ui| {
            for key in [
                "library-col-level",
                "library-won",
                "library-drawn",
                "library-lost",
                "library-unfinished",
                "library-col-score",
            ] {
                ui.label(egui::RichText::new(tr.plain(key)).strong());
            }
            ui.end_row();
            for (level, record) in &records {
                ui.label(tr.level_name(level));
                ui.label(record.won.to_string());
                ui.label(record.drawn.to_string());
                ui.label(record.lost.to_string());
                ui.label(record.unfinished.to_string());
                ui.label(record.percent().map_or("-".into(), |p| format!("{p:.0}%")));
                ui.end_row();
            }
        });
}

/// The filters: level, result, opening, date.
fn filters(ui: &mut egui::Ui, tr: &Tr, library: &GameLibrary, requests: &mut Requests) {
    let mut filter = library.filter.clone();
    let levels: Vec<String> = library
        .folder
        .as_ref()
        .map(|f| records(&f.games).into_keys().collect())
        .unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        ui.label(t!(tr, "library-level"));
        let any = tr.plain("library-any");
        egui::ComboBox::from_id_salt("library-level")
            .selected_text(
                filter
                    .level
                    .as_deref()
                    .map_or(any.clone(), |l| tr.level_name(l)),
            )
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut filter.level, None, any.clone());
                for level in levels {
                    let name = tr.level_name(&level);
                    ui.selectable_value(&mut filter.level, Some(level), name);
                }
            });
        ui.label(t!(tr, "library-result"));
        egui::ComboBox::from_id_salt("library-result")
            .selected_text(filter.outcome.map_or(any.clone(), |o| outcome_text(tr, o)))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut filter.outcome, None, any.clone());
                for o in [
                    Outcome::Won,
                    Outcome::Drawn,
                    Outcome::Lost,
                    Outcome::Unfinished,
                ] {
                    ui.selectable_value(&mut filter.outcome, Some(o), outcome_text(tr, o));
                }
            });
        ui.label(t!(tr, "library-opening"));
        ui.add(egui::TextEdit::singleline(&mut filter.opening).desired_width(110.0));
        ui.label(t!(tr, "library-date"));
        ui.add(
            egui::TextEdit::singleline(&mut filter.date)
                .desired_width(80.0)
                .hint_text("2026-11"),
        );
        if ui.button(t!(tr, "library-clear")).clicked() {
            filter = LibraryFilter::default();
        }
    });
    if filter != library.filter {
        requests.library.push(LibraryRequest::Filter(filter));
    }
}

/// "Won", "Drawn", ... in the player's language.
fn outcome_text(tr: &Tr, outcome: Outcome) -> String {
    tr.plain(match outcome {
        Outcome::Won => "library-won",
        Outcome::Drawn => "library-drawn",
        Outcome::Lost => "library-lost",
        Outcome::Unfinished => "library-unfinished",
    })
}

/// The games listed, a row each (only the rows in view are built), under their columns'
/// names, which sort the list when clicked (again: the other way).
fn games_table(
    ui: &mut egui::Ui,
    tr: &Tr,
    library: &GameLibrary,
    games: &[PlayedGame],
    requests: &mut Requests,
) {
    let (sorted_by, descending) = library.sort;
    ui.horizontal(|ui| {
        let columns = [
            ("library-col-date", Some(SortBy::Date)),
            ("library-col-players", Some(SortBy::Level)),
            ("library-col-result", Some(SortBy::Result)),
            ("library-col-opening", Some(SortBy::Opening)),
            ("library-col-moves", Some(SortBy::Length)),
        ];
        for ((key, by), width) in columns.into_iter().zip(WIDTHS) {
            let mut text = tr.plain(key);
            if by == Some(sorted_by) {
                text.push_str(if descending { " v" } else { " ^" });
            }
            let button = egui::Button::new(egui::RichText::new(text).strong()).frame(false);
            if ui.add_sized([width, ROW_HEIGHT], button).clicked()
                && let Some(by) = by
            {
                let descending = if by == sorted_by { !descending } else { true };
                requests.library.push(LibraryRequest::Sort(by, descending));
            }
        }
    });
    let confirm_id = egui::Id::new("library-confirm-delete");
    let mut confirming: Option<std::path::PathBuf> = ui.data_mut(|d| d.get_temp(confirm_id));
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show_rows(ui, ROW_HEIGHT, library.listed.len(), |ui, rows| {
            for &i in &library.listed[rows] {
                game_row(ui, tr, &games[i], &mut confirming, requests);
            }
        });
    ui.data_mut(|d| match confirming {
        Some(path) => {
            d.insert_temp(confirm_id, path);
        }
        None => d.remove::<std::path::PathBuf>(confirm_id),
    });
}

/// One game's row: its figures, then Open, Moves, GGF and Delete (a second click confirms).
fn game_row(
    ui: &mut egui::Ui,
    tr: &Tr,
    game: &PlayedGame,
    confirming: &mut Option<std::path::PathBuf>,
    requests: &mut Requests,
) {
    ui.horizontal(|ui| {
        let players = format!("{} - {}", player(tr, &game.black), player(tr, &game.white));
        let result = match (game.score_text(), game.outcome()) {
            (None, _) => tr.plain("library-unfinished"),
            (Some(score), Some(o)) => format!("{score} ({})", outcome_text(tr, o)),
            (Some(score), None) => score,
        };
        let cells = [
            game.date.clone(),
            players,
            result,
            game.opening.clone().unwrap_or_default(),
            game.moves.to_string(),
        ];
        for (cell, width) in cells.into_iter().zip(WIDTHS) {
            ui.add_sized([width, ROW_HEIGHT], egui::Label::new(cell).truncate());
        }
        if ui
            .small_button(t!(tr, "library-open"))
            .on_hover_text(t!(tr, "library-open-hint"))
            .clicked()
        {
            requests
                .library
                .push(LibraryRequest::Open(game.path.clone()));
        }
        if ui.small_button(t!(tr, "library-copy-moves")).clicked() {
            requests.copy = Some((game.text.clone(), t!(tr, "library-copied-moves")));
        }
        if ui.small_button("GGF").clicked() {
            match std::fs::read_to_string(&game.path) {
                Ok(text) => requests.copy = Some((text, t!(tr, "library-copied-ggf"))),
                Err(e) => requests.say = Some(format!("{}: {e}", game.path.display())),
            }
        }
        let sure = confirming.as_ref() == Some(&game.path);
        let delete = if sure {
            t!(tr, "library-delete-sure")
        } else {
            t!(tr, "library-delete")
        };
        if ui.small_button(delete).clicked() {
            if sure {
                requests
                    .library
                    .push(LibraryRequest::Delete(game.path.clone()));
                *confirming = None;
            } else {
                *confirming = Some(game.path.clone());
            }
        }
    });
}

/// A player's name as the file has it, in the player's language: "You", the level's name.
fn player(tr: &Tr, name: &str) -> String {
    if name == crate::played_games::HUMAN {
        return tr.plain("library-you");
    }
    match crate::played_games::engine(name) {
        Some(level) => tr.level_name(level),
        None => name.to_string(),
    }
}
