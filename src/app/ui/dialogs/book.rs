//! The Book window (Game > Opening book..., issue 56): the opening book at the position on
//! the board. Each book move with its value, where the value comes from (a line of the book,
//! or the search behind the best move out of it, with its depth), the lines of the book
//! through it, and the games recorded after it, won, drawn and lost by the side that plays
//! it. It follows the board: step through a line and the window shows each position's moves.
//! Two buttons import an Edax book into the player's book and export the book as Edax's.
//! The book is edited here too (`book_edit.rs` carries it out): the line on the board added
//! (searched, with progress and a stop), a move's value set by hand or cleared, a move
//! removed with what only it reaches, the last change undone.

use bevy_egui::egui;

use crate::engine::book::{Book, BookMove};
use crate::engine::{Board, OpeningNames, Square};
use crate::t;

use crate::app::files::open_save::FileJob;
use crate::app::i18n::Tr;
use crate::app::library::book::OpeningBook;
use crate::app::library::book_edit::BookEdit;
use crate::app::ui::view::{GameView, Requests};

/// What the window shows of one book move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in super::super) struct BookRow {
    /// The move, e.g. "f4".
    pub square: String,
    /// Its value for the side to move, in discs.
    pub value: i32,
    /// The depth of the search behind the value when it is the leaf's (60 and up: exact);
    /// `None` when the value comes from the book's line after it.
    pub leaf_depth: Option<u8>,
    /// The book's lines through the move (0 for the leaf's move).
    pub lines: u64,
    /// Whether the value was set by hand.
    pub set: bool,
    /// Games after the move won, drawn and lost by the side that plays it.
    pub games: (u32, u32, u32),
}

/// The rows of `board`'s book moves, best first.
pub(in super::super) fn book_rows(book: &Book, board: &Board) -> Vec<BookRow> {
    let leaf_depth = book.get(board).and_then(|e| e.leaf).map(|l| l.depth);
    book.moves(board)
        .iter()
        .map(
            |&BookMove {
                 square,
                 value,
                 in_book,
             }| {
                let after = board.play_unchecked(square);
                let entry = book.get(&after);
                // The position after the move counts its games for the side then to move.
                let games =
                    entry.map_or((0, 0, 0), |e| (e.stats.losses, e.stats.draws, e.stats.wins));
                BookRow {
                    square: square.to_string(),
                    value,
                    leaf_depth: if in_book { None } else { leaf_depth },
                    lines: if in_book { book.lines(&after) } else { 0 },
                    set: in_book && entry.is_some_and(|e| e.fixed.is_some()),
                    games,
                }
            },
        )
        .collect()
}

/// Shows the window; false once closed. Its buttons ask for an Edax book's file, and for
/// the edits: the line on the board added, each move's value set or cleared, a move
/// removed, the last change undone.
pub(super) fn book_window(ctx: &egui::Context, view: &GameView, requests: &mut Requests) -> bool {
    let tr = &*view.tr;
    let OpeningBook { book, .. } = &*view.book;
    let editing = &*view.book_editing;
    let game = &view.m.game;
    let board = view.m.position().board;
    let mut open = true;
    egui::Window::new(t!(tr, "book-title"))
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .default_pos(egui::pos2(40.0, 60.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                if ui.button(t!(tr, "book-import-edax")).clicked() {
                    requests.file = Some(FileJob::ImportEdaxBook);
                }
                if ui.button(t!(tr, "book-export-edax")).clicked() {
                    requests.file = Some(FileJob::ExportEdaxBook);
                }
            });
            ui.horizontal(|ui| {
                let adding = editing.progress();
                let add = ui
                    .add_enabled(
                        adding.is_none() && game.cursor() > 0,
                        egui::Button::new(t!(tr, "book-add-line")),
                    )
                    .on_hover_text(tr.plain("book-add-line-tip"));
                if add.clicked() {
                    let line = (0..=game.cursor())
                        .map(|n| game.position_at(n).board)
                        .collect();
                    requests.book_edits.push(BookEdit::AddLine(line));
                }
                if ui
                    .add_enabled(
                        adding.is_none() && editing.can_undo(),
                        egui::Button::new(t!(tr, "book-undo")),
                    )
                    .clicked()
                {
                    requests.book_edits.push(BookEdit::Undo);
                }
            });
            if let Some((done, all)) = editing.progress() {
                ui.horizontal(|ui| {
                    ui.add(
                        egui::ProgressBar::new(done as f32 / all.max(1) as f32)
                            .desired_width(220.0)
                            .text(t!(
                                tr,
                                "book-adding",
                                done = done.to_string(),
                                all = all.to_string()
                            )),
                    );
                    if ui.button(t!(tr, "book-stop")).clicked() {
                        requests.book_edits.push(BookEdit::StopAdding);
                    }
                });
            }
            ui.separator();
            let rows = book_rows(book, &board);
            if rows.is_empty() {
                ui.label(t!(tr, "book-none"));
                return;
            }
            let name = OpeningNames::shipped()
                .at(&board)
                .map_or(String::new(), |o| o.name.clone());
            ui.label(t!(
                tr,
                "book-position",
                value = Tr::signed(book.value(&board).unwrap_or(0)),
                lines = book.lines(&board).to_string(),
                opening = name
            ));
            egui::Grid::new("book-moves")
                .striped(true)
                .num_columns(6)
                .show(ui, |ui| {
                    for key in [
                        "book-col-move",
                        "book-col-value",
                        "book-col-from",
                        "book-col-lines",
                        "book-col-games",
                    ] {
                        ui.label(egui::RichText::new(tr.plain(key)).strong());
                    }
                    ui.end_row();
                    for row in &rows {
                        ui.label(egui::RichText::new(&row.square).monospace());
                        ui.label(format!("{:+}", row.value));
                        ui.label(match row.leaf_depth {
                            _ if row.set => tr.plain("book-from-hand"),
                            None => tr.plain("book-from-line"),
                            Some(d) if d >= 60 => tr.plain("book-from-exact"),
                            Some(d) => t!(tr, "book-from-search", depth = d.to_string()),
                        });
                        ui.label(if row.lines == 0 {
                            "-".to_string()
                        } else {
                            row.lines.to_string()
                        });
                        let (w, d, l) = row.games;
                        ui.label(format!("{w} / {d} / {l}"));
                        ui.add_enabled_ui(editing.progress().is_none(), |ui| {
                            edit_menu(ui, tr, &board, row, requests);
                        });
                        ui.end_row();
                    }
                });
        });
    open
}

/// The Edit menu of one book move: its value set or cleared, or the move removed.
fn edit_menu(ui: &mut egui::Ui, tr: &Tr, board: &Board, row: &BookRow, requests: &mut Requests) {
    let Ok(square) = row.square.parse::<Square>() else {
        return;
    };
    ui.menu_button(t!(tr, "book-edit"), |ui| {
        let id = egui::Id::new((
            "book-edit-value",
            board.player,
            board.opponent,
            square.index(),
        ));
        let mut value = ui.data_mut(|d| *d.get_temp_mut_or(id, row.value));
        ui.horizontal(|ui| {
            ui.label(t!(tr, "book-edit-value"));
            ui.add(
                egui::DragValue::new(&mut value)
                    .range(-64..=64)
                    .custom_formatter(|v, _| format!("{:+}", v as i32)),
            );
        });
        ui.data_mut(|d| d.insert_temp(id, value));
        if ui.button(t!(tr, "book-set-value")).clicked() {
            requests.book_edits.push(BookEdit::SetValue {
                board: *board,
                square,
                value: Some(value),
            });
            ui.data_mut(|d| d.remove::<i32>(id));
            ui.close();
        }
        if ui
            .add_enabled(row.set, egui::Button::new(t!(tr, "book-clear-value")))
            .clicked()
        {
            requests.book_edits.push(BookEdit::SetValue {
                board: *board,
                square,
                value: None,
            });
            ui.close();
        }
        ui.separator();
        if ui.button(t!(tr, "book-remove-move")).clicked() {
            requests.book_edits.push(BookEdit::Remove {
                board: *board,
                square,
            });
            ui.close();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;

    #[test]
    fn rows_give_each_book_move_its_value_source_lines_and_games() {
        let after = |t: &str| Game::from_transcript(t).unwrap().position().board;
        let mut book = Book::new();
        book.set_leaf(&after("f5"), Some("d6".parse().unwrap()), 1, 14);
        book.set_leaf(&after("f5f4"), Some("e3".parse().unwrap()), -3, 60);
        book.set_leaf(&after("f5f6"), Some("e6".parse().unwrap()), 2, 14);
        book.set_leaf(&after("f5f6e6"), Some("f4".parse().unwrap()), 0, 14);
        book.set_leaf(&after("f5f6d3"), Some("c5".parse().unwrap()), -4, 14);
        // Games through f5f4 (Black to move there): Black won 2, lost 1.
        book.add_result(&after("f5f4"), 10);
        book.add_result(&after("f5f4"), 6);
        book.add_result(&after("f5f4"), -2);
        let rows = book_rows(&book, &after("f5"));
        assert_eq!(
            rows,
            [
                BookRow {
                    square: "f4".into(),
                    value: 3,
                    leaf_depth: None,
                    lines: 1,
                    set: false,
                    games: (1, 0, 2),
                },
                BookRow {
                    square: "d6".into(),
                    value: 1,
                    leaf_depth: Some(14),
                    lines: 0,
                    set: false,
                    games: (0, 0, 0),
                },
                BookRow {
                    square: "f6".into(),
                    value: -4,
                    leaf_depth: None,
                    lines: 2,
                    set: false,
                    games: (0, 0, 0),
                },
            ]
        );
        assert!(book_rows(&book, &after("f5d6")).is_empty());
        // A value set by hand leads and says so.
        book.set_move_value(&after("f5"), "f6".parse().unwrap(), Some(6));
        let rows = book_rows(&book, &after("f5"));
        assert_eq!(
            (rows[0].square.as_str(), rows[0].value, rows[0].set),
            ("f6", 6, true)
        );
        assert!(!rows[1].set);
    }
}
