//! The Database window (Game > Game database..., issue 56): the WTHOR games of a folder the
//! player chooses (`database.rs` reads it in the background, with a bar), and at the
//! position on the board each move people played there with its games, its share, the score
//! and mean disc difference of the side that played it, the engine's hint and the book's
//! value beside it; then the games that reached the position, any of which opens on the
//! board at that position. Filters: a player (part of the name) and years.

use bevy_egui::egui;

use crate::database_files::DbStep;
use crate::engine::{Database, DbFilter, DbMove, GameAt};
use crate::t;

use crate::app::files::open_save::FileJob;
use crate::app::i18n::Tr;
use crate::app::library::database::{DatabaseRequest, GameDatabase};
use crate::app::ui::view::{GameView, Requests};

/// The years the filter offers; at the ends it keeps every year.
const YEARS: std::ops::RangeInclusive<u16> = 1970..=2100;

/// The filter being edited (egui's memory keeps it between frames).
#[derive(Clone, Debug, PartialEq)]
struct FilterEdit {
    player: String,
    from: u16,
    to: u16,
}

impl Default for FilterEdit {
    fn default() -> FilterEdit {
        FilterEdit {
            player: String::new(),
            from: *YEARS.start(),
            to: *YEARS.end(),
        }
    }
}

impl FilterEdit {
    /// The filter it stands for.
    fn filter(&self) -> DbFilter {
        let player = self.player.trim();
        DbFilter {
            player: (!player.is_empty()).then(|| player.to_string()),
            from: (self.from > *YEARS.start()).then_some(self.from),
            to: (self.to < *YEARS.end()).then_some(self.to),
        }
    }
}

/// A game's result as discs, Black's first (the empties to the winner).
pub(in super::super) fn result(black_score: i8) -> String {
    crate::played_games::discs_text(i32::from(black_score))
}

/// Shows the window; false once closed.
pub(super) fn database_window(
    ctx: &egui::Context,
    view: &GameView,
    requests: &mut Requests,
) -> bool {
    let tr = &*view.tr;
    let database = &*view.database;
    requests.database.push(DatabaseRequest::Shown);
    let mut open = true;
    egui::Window::new(t!(tr, "database-title"))
        .open(&mut open)
        .collapsible(false)
        .default_pos(egui::pos2(40.0, 40.0))
        .default_width(560.0)
        .default_height(640.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                if ui.button(t!(tr, "database-choose")).clicked() {
                    requests.file = Some(FileJob::DatabaseFolder);
                }
                match (&database.dir, &database.db) {
                    (None, _) => {
                        ui.label(t!(tr, "database-no-folder"));
                    }
                    (Some(dir), Some(db)) => {
                        ui.label(t!(
                            tr,
                            "database-folder",
                            dir = dir.display().to_string(),
                            games = db.len()
                        ));
                    }
                    (Some(dir), None) => {
                        ui.label(dir.display().to_string());
                    }
                }
            });
            if database.dir.is_none() {
                ui.label(t!(tr, "database-explain"));
            }
            if let Some(step) = database.progress() {
                let text = match step {
                    None | Some(DbStep::ReadIndex) => t!(tr, "database-reading-index"),
                    Some(DbStep::Read { done, files }) => t!(
                        tr,
                        "database-reading",
                        done = (done + 1).to_string(),
                        files = files.to_string()
                    ),
                    Some(DbStep::Index { done, games }) => t!(
                        tr,
                        "database-indexing",
                        done = done.to_string(),
                        games = games.to_string()
                    ),
                };
                ui.add(
                    egui::ProgressBar::new(step.map_or(0.0, DbStep::fraction))
                        .desired_width(400.0)
                        .text(text),
                );
            }
            if let Some(error) = &database.error {
                ui.colored_label(egui::Color32::from_rgb(255, 110, 100), error.as_str());
            }
            if let Some(how) = &database.how {
                ui.label(egui::RichText::new(how.as_str()).small().weak());
            }
            let Some(db) = &database.db else {
                return;
            };
            ui.separator();
            filters(ui, tr, database, requests);
            positions(ui, view, db, database, requests);
        });
    open
}

/// A year of the filter; at the ends of the range (every year kept) it says `any`.
fn year(value: &mut u16, any: String) -> egui::DragValue<'_> {
    egui::DragValue::new(value)
        .range(YEARS)
        .custom_formatter(move |v, _| {
            let v = v as u16;
            if v == *YEARS.start() || v == *YEARS.end() {
                any.clone()
            } else {
                v.to_string()
            }
        })
        .custom_parser(|text| text.trim().parse::<f64>().ok())
}

/// The filters: a player and years.
fn filters(ui: &mut egui::Ui, tr: &Tr, database: &GameDatabase, requests: &mut Requests) {
    let id = egui::Id::new("database-filter");
    let mut edit: FilterEdit = ui.data_mut(|d| d.get_temp(id)).unwrap_or_default();
    ui.horizontal(|ui| {
        ui.label(t!(tr, "database-player"));
        ui.add(egui::TextEdit::singleline(&mut edit.player).desired_width(140.0));
        ui.label(t!(tr, "database-years"));
        let any = tr.plain("database-any-year");
        ui.add(year(&mut edit.from, any.clone()));
        ui.label("-");
        ui.add(year(&mut edit.to, any));
        if ui.button(t!(tr, "database-clear")).clicked() {
            edit = FilterEdit::default();
        }
    });
    let filter = edit.filter();
    if filter != database.filter {
        requests.database.push(DatabaseRequest::Filter(filter));
    }
    ui.data_mut(|d| d.insert_temp(id, edit));
}

/// The moves played at the position and the games that reached it.
fn positions(
    ui: &mut egui::Ui,
    view: &GameView,
    db: &Database,
    database: &GameDatabase,
    requests: &mut Requests,
) {
    let tr = &*view.tr;
    let board = view.m.position().board;
    let Some(answer) = database.answer.as_ref().filter(|a| a.board == board) else {
        ui.spinner();
        return;
    };
    if answer.moves.is_empty() {
        ui.label(t!(tr, "database-none-here"));
        return;
    }
    ui.label(t!(tr, "database-position", games = answer.reached));
    let hints = view
        .hints
        .scores
        .as_ref()
        .filter(|_| view.hints.generation == view.m.generation);
    let book = view.book.book.moves(&board);
    egui::Grid::new("database-moves")
        .striped(true)
        .num_columns(7)
        .show(ui, |ui| {
            for key in [
                "database-col-move",
                "database-col-games",
                "database-col-share",
                "database-col-score",
                "database-col-discs",
                "database-col-engine",
                "database-col-book",
            ] {
                ui.label(egui::RichText::new(tr.plain(key)).strong());
            }
            ui.end_row();
            let total: u32 = answer.moves.iter().map(|m| m.games).sum();
            for m in &answer.moves {
                move_row(ui, m, total, hints, &book);
            }
        });
    ui.separator();
    ui.label(t!(
        tr,
        "database-games",
        shown = answer.games.len(),
        games = answer.reached
    ));
    egui::ScrollArea::vertical()
        .max_height(220.0)
        .show(ui, |ui| {
            egui::Grid::new("database-games")
                .striped(true)
                .num_columns(6)
                .show(ui, |ui| {
                    for at in &answer.games {
                        game_row(ui, tr, db, at, requests);
                    }
                });
        });
}

/// One move's row: its counts, the engine's hint and the book's value.
fn move_row(
    ui: &mut egui::Ui,
    m: &DbMove,
    total: u32,
    hints: Option<&crate::engine::MoveScores>,
    book: &[crate::engine::book::BookMove],
) {
    ui.label(egui::RichText::new(m.square.to_string()).monospace());
    ui.label(m.games.to_string());
    ui.label(format!(
        "{:.1}%",
        100.0 * f64::from(m.games) / f64::from(total.max(1))
    ));
    ui.label(format!("{:.1}%", 100.0 * m.score()));
    ui.label(format!("{:+.1}", m.mean_discs));
    let engine = hints
        .and_then(|h| h.scores.iter().find(|(sq, _)| *sq == m.square))
        .map_or("-".to_string(), |(_, v)| format!("{v:+}"));
    ui.label(engine);
    let book = book
        .iter()
        .find(|b| b.square == m.square)
        .map_or("-".to_string(), |b| format!("{:+}", b.value));
    ui.label(book);
    ui.end_row();
}

/// One game's row, with its Open button.
fn game_row(ui: &mut egui::Ui, tr: &Tr, db: &Database, at: &GameAt, requests: &mut Requests) {
    let g = db.game(at.game);
    ui.label(g.year.to_string());
    ui.label(db.player(g.black));
    ui.label(db.player(g.white));
    ui.label(result(g.black_score));
    ui.label(db.tournament(g.tournament));
    if ui.small_button(t!(tr, "database-open")).clicked() {
        requests.database.push(DatabaseRequest::OpenGame {
            game: at.game,
            ply: at.ply,
        });
    }
    ui.end_row();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_keeps_every_year_at_the_ends_and_a_trimmed_name() {
        assert_eq!(FilterEdit::default().filter(), DbFilter::default());
        let edit = FilterEdit {
            player: "  tamenori ".into(),
            from: 1990,
            to: 2100,
        };
        assert_eq!(
            edit.filter(),
            DbFilter {
                player: Some("tamenori".into()),
                from: Some(1990),
                to: None
            }
        );
        assert_eq!(result(16), "40-24");
        assert_eq!(result(-64), "0-64");
        assert_eq!(result(0), "32-32");
    }
}
