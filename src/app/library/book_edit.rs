//! Editing the opening book from the Book window (issue 56): a move's value set by hand or
//! cleared, a move removed with what only it reaches, the line on the board added (its new
//! positions searched as deep as a learned game's, on the `AsyncComputeTaskPool`, with
//! progress and a stop), and each of them undone. After each change what differs from the
//! shipped book (removals included) is written to the player's book, off the main thread,
//! through a temporary file.
//!
//! One change at a time: while a game is learned, an Edax book read or a line added, an
//! edit waits (a toast says so), so that no background task writes a book over an edit.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use crate::engine::Learned;
use crate::engine::book::Book;
use crate::engine::{Board, Evaluate, SearchConfig, Searcher, Square};
use crate::t;

use super::book::{
    BookLearning, EdaxTransfer, EditsInHand, LEARN_DEPTH, LEARN_PROBCUT, OpeningBook,
};
use crate::app::engine_config::EngineConfig;
use crate::app::i18n::Tr;
use crate::app::notices::{Notice, Notices, Toasts};

/// An edit the player asked for in the Book window.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub(crate) enum BookEdit {
    /// Set the value of `square` at `board` (discs for the side that plays it), or clear
    /// the value set by hand (`None`).
    SetValue {
        /// The position.
        board: Board,
        /// The move.
        square: Square,
        /// Its value, or `None` to let the book compute it.
        value: Option<i32>,
    },
    /// Remove `square` at `board` and what only it reaches.
    Remove {
        /// The position.
        board: Board,
        /// The move.
        square: Square,
    },
    /// Add this line (the positions from the start to the one on the board).
    AddLine(Vec<Board>),
    /// Stop adding a line (what was searched is dropped).
    StopAdding,
    /// Take back the last change.
    Undo,
}

/// The most changes that can be undone.
const UNDO_DEPTH: usize = 50;

/// A line being added in the background.
struct Adding {
    task: Task<Option<(Book, Learned)>>,
    stop: Arc<AtomicBool>,
    /// The positions looked at (high 32 bits) and the line's length (low 32).
    progress: Arc<AtomicU64>,
}

/// The Book window's edits: what can be undone, a line being added, the player's book
/// being written.
#[derive(Resource, Default)]
pub(crate) struct BookEditing {
    undo: Vec<Arc<Book>>,
    adding: Option<Adding>,
    saving: Option<Task<Option<Notice>>>,
    /// The book changed since it was last written.
    dirty: bool,
}

impl BookEditing {
    /// Whether a change can be taken back.
    pub(crate) fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// The positions of the line being added looked at and their number, while one is.
    pub(crate) fn progress(&self) -> Option<(usize, usize)> {
        self.adding.as_ref().map(|a| {
            let p = a.progress.load(Ordering::Relaxed);
            ((p >> 32) as usize, (p & 0xFFFF_FFFF) as usize)
        })
    }

    /// Whether a line is being added or the book written (learning and importing wait).
    pub(super) fn busy(&self) -> bool {
        self.adding.is_some() || self.saving.is_some() || self.dirty
    }

    /// Keeps `book` for an undo.
    fn keep(&mut self, book: &Arc<Book>) {
        if self.undo.len() == UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.undo.push(Arc::clone(book));
    }
}

/// Applies `edit` to a copy of the book in play, which then plays (its values computed).
fn edited(book: &Book, edit: impl FnOnce(&mut Book)) -> Arc<Book> {
    let mut book = book.clone();
    edit(&mut book);
    book.compute_values();
    Arc::new(book)
}

/// Carries out the Book window's edits.
#[allow(clippy::too_many_arguments)]
fn apply_edits(
    mut edits: MessageReader<BookEdit>,
    config: Res<EngineConfig>,
    learning: Res<BookLearning>,
    transfer: Res<EdaxTransfer>,
    mut opening: ResMut<OpeningBook>,
    mut editing: ResMut<BookEditing>,
    mut toasts: ResMut<Toasts>,
    tr: Res<Tr>,
) {
    for edit in edits.read() {
        if *edit == BookEdit::StopAdding {
            if let Some(adding) = &editing.adding {
                adding.stop.store(true, Ordering::Relaxed);
            }
            continue;
        }
        if learning.running() || transfer.running() || editing.adding.is_some() {
            toasts.push(tr.plain("book-edit-busy"));
            continue;
        }
        match edit {
            BookEdit::SetValue {
                board,
                square,
                value,
            } => {
                let book = Arc::clone(&opening.book);
                editing.keep(&book);
                opening.book = edited(&book, |b| b.set_move_value(board, *square, *value));
                editing.dirty = true;
                toasts.push(match value {
                    Some(v) => t!(
                        tr,
                        "book-value-set",
                        square = square.to_string(),
                        value = Tr::signed(*v)
                    ),
                    None => t!(tr, "book-value-cleared", square = square.to_string()),
                });
            }
            BookEdit::Remove { board, square } => {
                let book = Arc::clone(&opening.book);
                editing.keep(&book);
                let mut removed = Default::default();
                opening.book = edited(&book, |b| removed = b.remove_move(board, *square));
                editing.dirty = true;
                toasts.push(t!(
                    tr,
                    "book-move-removed",
                    square = square.to_string(),
                    positions = removed.positions
                ));
            }
            BookEdit::AddLine(line) => {
                let search = SearchConfig {
                    tt_mib: 16,
                    probcut_t: LEARN_PROBCUT,
                    ..config.set.search.clone()
                };
                let eval = Arc::clone(&config.set.eval) as Arc<dyn Evaluate>;
                let book = Book::clone(&opening.book);
                let line = line.clone();
                let stop = Arc::new(AtomicBool::new(false));
                let progress = Arc::new(AtomicU64::new(line.len() as u64));
                let (task_stop, task_progress) = (Arc::clone(&stop), Arc::clone(&progress));
                let task = AsyncComputeTaskPool::get().spawn(async move {
                    let mut book = book;
                    let mut searcher = Searcher::with_evaluator(search, eval);
                    let learned = book.add_line(
                        &line,
                        &mut searcher,
                        LEARN_DEPTH,
                        &task_stop,
                        &mut |done, all| {
                            task_progress
                                .store(((done as u64) << 32) | all as u64, Ordering::Relaxed);
                        },
                    )?;
                    book.compute_values();
                    Some((book, learned))
                });
                editing.adding = Some(Adding {
                    task,
                    stop,
                    progress,
                });
            }
            BookEdit::Undo => match editing.undo.pop() {
                Some(book) => {
                    opening.book = book;
                    editing.dirty = true;
                    toasts.push(tr.plain("book-undone"));
                }
                None => toasts.push(tr.plain("book-nothing-to-undo")),
            },
            BookEdit::StopAdding => {}
        }
    }
}

/// Takes a line added: the book with it plays, a toast says what was searched.
fn finish_adding(
    mut editing: ResMut<BookEditing>,
    mut opening: ResMut<OpeningBook>,
    mut toasts: ResMut<Toasts>,
    tr: Res<Tr>,
) {
    let Some(adding) = editing.adding.as_mut() else {
        return;
    };
    let Some(done) = block_on(poll_once(&mut adding.task)) else {
        return;
    };
    editing.adding = None;
    match done {
        Some((book, learned)) => {
            let before = Arc::clone(&opening.book);
            editing.keep(&before);
            let new = book.len().saturating_sub(before.len());
            opening.book = Arc::new(book);
            editing.dirty = true;
            toasts.push(t!(
                tr,
                "book-line-added",
                searched = learned.searched,
                new = new
            ));
        }
        None => toasts.push(tr.plain("book-line-stopped")),
    }
}

/// Writes what differs from the shipped book to the player's book after a change, one
/// write at a time; a notice says why one failed (the book in play is kept).
fn save_edits(
    mut editing: ResMut<BookEditing>,
    opening: Res<OpeningBook>,
    mut notices: ResMut<Notices>,
) {
    if let Some(task) = editing.saving.as_mut() {
        let Some(error) = block_on(poll_once(task)) else {
            return;
        };
        editing.saving = None;
        if let Some(notice) = error {
            notices.push(notice);
        }
    }
    if !editing.dirty {
        return;
    }
    editing.dirty = false;
    let Some(path) = opening.path.clone() else {
        return;
    };
    let book = Arc::clone(&opening.book);
    editing.saving = Some(AsyncComputeTaskPool::get().spawn(async move {
        let mine = book.changes_from(Book::shipped());
        path.parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| crate::whole_file::write_whole_io(&path, mine.to_text()))
            .err()
            .map(|e| {
                Notice::new("book-save-failed")
                    .path("path", &path)
                    .arg("error", e)
            })
    }));
}

/// Tells learning and Edax imports whether the edits hold the book.
fn hold_the_book(editing: Res<BookEditing>, mut held: ResMut<EditsInHand>) {
    held.set_if_neq(EditsInHand(editing.busy()));
}

/// Stops a line being added when the app closes.
fn stop_adding_on_exit(mut exits: MessageReader<AppExit>, editing: Res<BookEditing>) {
    if exits.read().next().is_some()
        && let Some(adding) = &editing.adding
    {
        adding.stop.store(true, Ordering::Relaxed);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BookEditing>()
        .init_resource::<EditsInHand>()
        .init_resource::<Toasts>()
        .init_resource::<Notices>()
        .init_resource::<Tr>()
        .add_message::<BookEdit>()
        .add_systems(
            Update,
            (apply_edits, finish_adding, save_edits, hold_the_book).chain(),
        )
        .add_systems(Last, stop_adding_on_exit);
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::app::files::paths::BOOK_FILE;
    use crate::app::library::book::load;
    use crate::app::temp_dir::TempDir;
    use crate::engine::Game;

    fn app(path: &Path) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(OpeningBook {
                book: Arc::new(Book::shipped().clone()),
                path: Some(path.to_path_buf()),
            })
            .init_resource::<EngineConfig>()
            .init_resource::<BookLearning>()
            .init_resource::<EdaxTransfer>();
        plugin(&mut app);
        app
    }

    /// Sends `edit` and runs the app until the edit is carried out and the book written.
    fn edit(app: &mut App, edit: BookEdit) {
        app.world_mut().write_message(edit);
        for _ in 0..3000 {
            app.update();
            if !app.world().resource::<BookEditing>().busy() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("the edit did not finish");
    }

    fn after(t: &str) -> Board {
        Game::from_transcript(t).unwrap().position().board
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// The value of `mv` at `board` in the book in play and in the book read back from the
    /// player's file over the shipped one.
    fn values(app: &App, path: &Path, board: &Board, mv: &str) -> (Option<i32>, Option<i32>) {
        let of = |book: &Book| {
            book.moves(board)
                .iter()
                .find(|m| m.square == sq(mv))
                .map(|m| m.value)
        };
        let (loaded, notice) = load(path);
        assert_eq!(notice, None);
        (of(&app.world().resource::<OpeningBook>().book), of(&loaded))
    }

    #[test]
    fn edits_are_saved_read_back_and_undone() {
        let dir = TempDir::new("book-edit");
        let path = dir.0.join("data").join(BOOK_FILE);
        let mut app = app(&path);
        let f5 = after("f5");
        let shipped_d6 = values(&app, &path, &f5, "d6").0.unwrap();
        edit(
            &mut app,
            BookEdit::SetValue {
                board: f5,
                square: sq("d6"),
                value: Some(shipped_d6 + 9),
            },
        );
        assert_eq!(
            values(&app, &path, &f5, "d6"),
            (Some(shipped_d6 + 9), Some(shipped_d6 + 9))
        );
        // Removed: gone from the book in play and from the one read back.
        let lines = Book::shipped().lines(&after("f5f6"));
        assert!(lines > 10, "{lines}");
        edit(
            &mut app,
            BookEdit::Remove {
                board: f5,
                square: sq("f6"),
            },
        );
        assert_eq!(values(&app, &path, &f5, "f6"), (None, None));
        let (loaded, _) = load(&path);
        assert!(loaded.get(&after("f5f6")).is_none());
        assert_eq!(loaded, *app.world().resource::<OpeningBook>().book);
        // Undone one by one: the removal, then the value; the file follows.
        edit(&mut app, BookEdit::Undo);
        assert!(load(&path).0.get(&after("f5f6")).is_some());
        assert_eq!(
            values(&app, &path, &f5, "d6"),
            (Some(shipped_d6 + 9), Some(shipped_d6 + 9))
        );
        edit(&mut app, BookEdit::Undo);
        assert_eq!(
            values(&app, &path, &f5, "d6"),
            (Some(shipped_d6), Some(shipped_d6))
        );
        assert_eq!(load(&path).0, *Book::shipped());
        edit(&mut app, BookEdit::Undo);
        let toasts = app.world().resource::<Toasts>().texts();
        assert_eq!(
            toasts
                .iter()
                .rev()
                .take(3)
                .rev()
                .copied()
                .collect::<Vec<_>>(),
            [
                "The last change to the book was undone.",
                "The last change to the book was undone.",
                "There is no change to the book to undo."
            ]
        );
    }

    #[test]
    fn a_line_is_added_with_its_searches_and_an_edit_waits_for_it() {
        let dir = TempDir::new("book-edit-line");
        let path = dir.0.join(BOOK_FILE);
        let mut app = app(&path);
        // The last legal move each ply until the shipped book knows the position no more.
        let mut game = Game::new();
        while Book::shipped().get(&game.position().board).is_some() {
            let last = *game.legal_moves().last().unwrap();
            game.play_move(last).unwrap();
        }
        let end = game.position().board;
        let line: Vec<Board> = (0..=game.cursor())
            .map(|n| game.position_at(n).board)
            .collect();
        // The line's length is known at once; an edit sent while it is added waits.
        app.world_mut()
            .write_message(BookEdit::AddLine(line.clone()));
        app.update();
        let progress = app.world().resource::<BookEditing>().progress();
        assert_eq!(progress.map(|(_, all)| all), Some(line.len()));
        edit(
            &mut app,
            BookEdit::SetValue {
                board: after("f5"),
                square: sq("d6"),
                value: Some(30),
            },
        );
        let book = Arc::clone(&app.world().resource::<OpeningBook>().book);
        assert!(book.get(&end).is_some());
        assert_eq!(book.len(), Book::shipped().len() + 1);
        assert_ne!(book.moves(&after("f5"))[0].value, 30);
        let texts = app.world().resource::<Toasts>().texts();
        assert_eq!(
            texts[0],
            "The book is busy (a game being learned, an Edax book or a line being added): try again when it is done."
        );
        assert!(
            texts[1].starts_with("The line joined your book: ") && texts[1].ends_with(" new."),
            "{texts:?}"
        );
        assert!(texts[1].contains(", 1 new."), "{texts:?}");
        // Saved, and read back with the line.
        let (loaded, notice) = load(&path);
        assert_eq!(notice, None);
        assert_eq!(loaded.get(&end), book.get(&end));
        // Undone: the shipped book again, on file too.
        edit(&mut app, BookEdit::Undo);
        assert_eq!(load(&path).0, *Book::shipped());
    }
}
