//! The opening book in the game: the shipped book with the player's own book over it
//! (`book.txt` in the OS data folder, or beside `settings.ron` with `--settings-dir`; what
//! the player's games add is written there). A damaged player's book is reported, kept as
//! `book.txt.bad` and left out: the shipped book still plays. A scripted run reads the
//! shipped book only.
//!
//! Learning: when a game from the standard start ends (and Settings' "learn" is on), its
//! line is learned on the `AsyncComputeTaskPool` ([`Book::learn`]: the positions new to the
//! book are searched as deep as the shipped book's, their values flow back, and the result
//! is counted), and what differs from the shipped book is written to `book.txt`. A line
//! that lost drops below its alternatives, so the engine deviates earlier next time.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use crate::engine::book::Book;
use crate::engine::{Evaluate, Game, Position, SearchConfig, Searcher};
use crate::t;
use crate::whole_file::{write_whole, write_whole_io};

use crate::app::engine_config::EngineConfig;
use crate::app::files::paths::PlayerPaths;
use crate::app::files::settings::{Settings, set_aside};
use crate::app::i18n::Tr;
use crate::app::notices::{Notice, Notices, Toasts, raise_at_build};
use crate::app::play::game::Match;
use crate::app::run_options::RunOptions;

/// The player chose an Edax book file (`files.rs`): to import into their book, or to export
/// the book to.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub(crate) enum EdaxBookFile {
    /// Read this Edax book and take its positions over the player's book.
    Import(PathBuf),
    /// Write the book (the shipped one with the player's over it) here.
    Export(PathBuf),
}

/// An Edax book being read or written in the background.
#[derive(Resource, Default)]
pub(super) struct EdaxTransfer(Option<Task<Transferred>>);

impl EdaxTransfer {
    /// Whether a book is being read or written.
    pub(super) fn running(&self) -> bool {
        self.0.is_some()
    }
}

/// What an Edax transfer did.
enum Transferred {
    /// The book with the file's positions over it, the positions read and how many were
    /// new, and why the player's book could not be written, if it could not.
    Imported {
        book: Box<Book>,
        path: PathBuf,
        read: usize,
        new: usize,
        save_error: Option<(PathBuf, std::io::Error)>,
    },
    /// The positions and bytes written.
    Exported {
        path: PathBuf,
        positions: usize,
        bytes: usize,
    },
    /// Why nothing was done, naming the file.
    Failed(String),
}

/// The largest Edax book read, in bytes (about 20 million positions).
const MAX_EDAX_BYTES: u64 = 1 << 30;

/// Reads the Edax book at `path` over `book`, and writes what then differs from the shipped
/// book to the player's book file `mine` (when there is one).
fn import_edax(mut book: Book, path: PathBuf, mine: Option<PathBuf>) -> Transferred {
    let name = path.display().to_string();
    let bytes = match std::fs::metadata(&path) {
        Ok(m) if m.len() > MAX_EDAX_BYTES => {
            return Transferred::Failed(format!(
                "{name}: {} bytes, more than an Edax book of {} MB",
                m.len(),
                MAX_EDAX_BYTES >> 20
            ));
        }
        _ => match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) => return Transferred::Failed(format!("{name}: {e}")),
        },
    };
    let edax = match crate::engine::book::read_edax(&bytes) {
        Ok(edax) => edax,
        Err(e) => return Transferred::Failed(format!("{name}: {e}")),
    };
    let before = book.len();
    book.merge(&edax);
    book.compute_values();
    let new = book.len() - before;
    let save_error = mine.and_then(|mine| {
        let changes = book.changes_from(Book::shipped());
        mine.parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| write_whole_io(&mine, changes.to_text()))
            .err()
            .map(|e| (mine, e))
    });
    Transferred::Imported {
        book: Box::new(book),
        path,
        read: edax.len(),
        new,
        save_error,
    }
}

/// Writes `book` as an Edax book at `path`.
fn export_edax(book: &Book, path: PathBuf) -> Transferred {
    let bytes = crate::engine::book::write_edax(book);
    match write_whole(&path, &bytes) {
        Ok(()) => Transferred::Exported {
            positions: book.len(),
            bytes: bytes.len(),
            path,
        },
        Err(e) => Transferred::Failed(e),
    }
}

/// Starts reading or writing the Edax book the player chose, one at a time, off the main
/// thread; the status line says it started.
fn start_edax_transfer(
    mut asked: MessageReader<EdaxBookFile>,
    opening: Res<OpeningBook>,
    editing: Res<EditsInHand>,
    mut transfer: ResMut<EdaxTransfer>,
    mut toasts: ResMut<Toasts>,
    tr: Res<Tr>,
) {
    for file in asked.read() {
        if transfer.0.is_some() || editing.0 {
            toasts.push(t!(tr, "edax-busy"));
            continue;
        }
        // The book is copied for an import off the main thread (a big one takes a while).
        let book = Arc::clone(&opening.book);
        let (path, importing) = match file {
            EdaxBookFile::Import(p) => (p.clone(), true),
            EdaxBookFile::Export(p) => (p.clone(), false),
        };
        toasts.push(if importing {
            t!(tr, "edax-importing", path = path.display().to_string())
        } else {
            t!(tr, "edax-exporting", path = path.display().to_string())
        });
        let mine = opening.path.clone();
        transfer.0 = Some(AsyncComputeTaskPool::get().spawn(async move {
            if importing {
                import_edax(Book::clone(&book), path, mine)
            } else {
                export_edax(&book, path)
            }
        }));
    }
}

/// Takes a finished Edax transfer: an imported book plays at once; a toast says what was
/// done, a notice why not.
fn finish_edax_transfer(
    mut transfer: ResMut<EdaxTransfer>,
    mut opening: ResMut<OpeningBook>,
    mut toasts: ResMut<Toasts>,
    mut notices: ResMut<Notices>,
    tr: Res<Tr>,
) {
    let Some(task) = transfer.0.as_mut() else {
        return;
    };
    let Some(done) = block_on(poll_once(task)) else {
        return;
    };
    transfer.0 = None;
    match done {
        Transferred::Imported {
            book,
            path,
            read,
            new,
            save_error,
        } => {
            opening.book = Arc::from(book);
            toasts.push(t!(
                tr,
                "edax-imported",
                positions = read.to_string(),
                new = new.to_string(),
                path = path.display().to_string()
            ));
            if let Some((mine, error)) = save_error {
                notices.push(
                    Notice::new("book-save-failed")
                        .path("path", &mine)
                        .arg("error", error),
                );
            }
        }
        Transferred::Exported {
            path,
            positions,
            bytes,
        } => toasts.push(t!(
            tr,
            "edax-exported",
            positions = positions.to_string(),
            bytes = bytes.to_string(),
            path = path.display().to_string()
        )),
        Transferred::Failed(error) => {
            notices.push(Notice::new("edax-failed").arg("error", error));
        }
    }
}

/// Depth of the searches that learn a game's line (with ProbCut, as the shipped book).
pub(super) const LEARN_DEPTH: u32 = 14;
/// ProbCut's confidence in those searches.
pub(super) const LEARN_PROBCUT: f64 = 1.5;
/// No position more than this many plies from the start is learned.
const LEARN_MAX_PLIES: u32 = 30;

/// The book the engine plays from and the hints show.
#[derive(Resource, Clone)]
pub(crate) struct OpeningBook {
    /// The shipped book with the player's over it.
    pub book: Arc<Book>,
    /// The player's book file; `None` for a scripted run (nothing is learned or written).
    pub path: Option<PathBuf>,
}

/// Whether the Book window's edits hold the book (a line being added, the player's book
/// being written, `book_edit.rs`): a game is learned and an Edax book read after them, so
/// that neither writes its book over an edit.
#[derive(Resource, Default, PartialEq, Eq)]
pub(super) struct EditsInHand(pub bool);

/// Learning from the finished games, one at a time in the background.
#[derive(Resource, Default)]
pub(super) struct BookLearning {
    task: Option<Task<Learnt>>,
    stop: Arc<AtomicBool>,
    /// The last game learned (its moves), so that a finished game is learned once.
    last: Option<String>,
}

impl BookLearning {
    /// Whether a game is being learned.
    pub(super) fn running(&self) -> bool {
        self.task.is_some()
    }
}

/// What learning a game gave.
struct Learnt {
    /// The book with the game learned; `None` when stopped.
    book: Option<Book>,
    /// Positions searched.
    searched: usize,
    /// Why the player's book could not be written.
    save_error: Option<Notice>,
}

/// Learns `game` into `book` and writes what differs from the shipped book to `path`.
fn learn_game(
    mut book: Book,
    game: &Game,
    mut searcher: Searcher,
    depth: u32,
    path: &Path,
    stop: &AtomicBool,
) -> Learnt {
    let Some(learned) = book.learn(game, &mut searcher, depth, LEARN_MAX_PLIES, stop) else {
        return Learnt {
            book: None,
            searched: 0,
            save_error: None,
        };
    };
    // Values computed here, not in the frame that next reads the book.
    book.compute_values();
    let mine = book.changes_from(Book::shipped());
    let save_error = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| write_whole_io(path, mine.to_text()))
        .err()
        .map(|e| {
            Notice::new("book-save-failed")
                .path("path", path)
                .arg("error", e)
        });
    Learnt {
        book: Some(book),
        searched: learned.searched,
        save_error,
    }
}

/// Starts learning a game that has just ended, when learning is on and none is running.
fn start_learning(
    m: Res<Match>,
    settings: Res<Settings>,
    config: Res<EngineConfig>,
    opening: Res<OpeningBook>,
    editing: Res<EditsInHand>,
    mut learning: ResMut<BookLearning>,
) {
    let Some(path) = opening.path.clone() else {
        return;
    };
    // An edit in hand goes first (the game is learned after it).
    if !settings.learn
        || editing.0
        || learning.task.is_some()
        || !m.game.is_over()
        || m.game.start() != Position::start()
    {
        return;
    }
    let moves = m.game.transcript();
    if learning.last.as_deref() == Some(moves.as_str()) {
        return;
    }
    learning.last = Some(moves);
    let search = SearchConfig {
        tt_mib: 16,
        probcut_t: LEARN_PROBCUT,
        ..config.set.search.clone()
    };
    let eval = Arc::clone(&config.set.eval) as Arc<dyn Evaluate>;
    let book = Book::clone(&opening.book);
    let game = m.game.clone();
    learning.stop = Arc::new(AtomicBool::new(false));
    let stop = Arc::clone(&learning.stop);
    learning.task = Some(AsyncComputeTaskPool::get().spawn(async move {
        // Its table is allocated here, off the main thread.
        let searcher = Searcher::with_evaluator(search, eval);
        learn_game(book, &game, searcher, LEARN_DEPTH, &path, &stop)
    }));
}

/// Takes a finished learning: the engine plays from the new book, a toast says so.
fn finish_learning(
    mut learning: ResMut<BookLearning>,
    mut opening: ResMut<OpeningBook>,
    mut toasts: ResMut<Toasts>,
    mut notices: ResMut<Notices>,
    tr: Res<Tr>,
) {
    let Some(task) = learning.task.as_mut() else {
        return;
    };
    let Some(learnt) = block_on(poll_once(task)) else {
        return;
    };
    learning.task = None;
    if let Some(book) = learnt.book {
        opening.book = Arc::new(book);
        toasts.push(t!(tr, "book-learned", positions = learnt.searched));
    }
    if let Some(notice) = learnt.save_error {
        warn!("{}", notice.text(&tr));
        notices.push(notice);
    }
}

/// Stops a learning in progress when the app closes (what it learned is not written).
fn stop_learning_on_exit(mut exits: MessageReader<AppExit>, learning: Res<BookLearning>) {
    if exits.read().next().is_some() {
        learning.stop.store(true, Ordering::Relaxed);
    }
}

/// The shipped book with the player's book at `path` over it, and a notice when that file
/// could not be used (it is then renamed to `<name>.bad` when its text is damaged).
pub(super) fn load(path: &Path) -> (Book, Option<Notice>) {
    let mut book = Book::shipped().clone();
    let error = match std::fs::read_to_string(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (book, None),
        Err(e) if e.kind() != std::io::ErrorKind::InvalidData => {
            return (
                book,
                Some(
                    Notice::new("book-unreadable")
                        .path("path", path)
                        .arg("error", e),
                ),
            );
        }
        Err(e) => e.to_string(),
        Ok(text) => match Book::parse(&text) {
            Ok(mine) => {
                book.merge(&mine);
                return (book, None);
            }
            Err(e) => e.to_string(),
        },
    };
    let notice = set_aside(path)
        .notice("book-damaged-kept", "book-damaged-left")
        .path("path", path)
        .arg("error", error);
    (book, Some(notice))
}

pub(super) fn plugin(app: &mut App) {
    let options = app.world().resource::<RunOptions>().clone();
    let path = PlayerPaths::of(&options).book;
    let book = match &path {
        Some(path) => {
            let (book, notice) = load(path);
            if let Some(notice) = notice {
                warn!("{}", notice.text(&Tr::default()));
                raise_at_build(app, notice);
            }
            book
        }
        None => Book::shipped().clone(),
    };
    // Before the first frame, rather than in the frame that first shows hints (about 9 ms
    // for the shipped book).
    book.compute_values();
    app.insert_resource(OpeningBook {
        book: Arc::new(book),
        path,
    })
    .init_resource::<BookLearning>()
    .init_resource::<EdaxTransfer>()
    .init_resource::<EditsInHand>()
    .init_resource::<Tr>()
    .init_resource::<Notices>()
    .init_resource::<Toasts>()
    .add_message::<EdaxBookFile>()
    .add_systems(
        Update,
        (
            (start_learning, finish_learning).chain(),
            (start_edax_transfer, finish_edax_transfer).chain(),
        ),
    )
    .add_systems(Last, stop_learning_on_exit);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::files::paths::BOOK_FILE as FILE_NAME;
    use crate::app::temp_dir::TempDir;
    use crate::engine::BookKey;
    use crate::engine::Squares;

    #[test]
    fn a_missing_book_gives_the_shipped_one_quietly() {
        let dir = TempDir::new("book-missing");
        let (book, notice) = load(&dir.0.join(FILE_NAME));
        assert_eq!(notice, None);
        assert_eq!(book, *Book::shipped());
    }

    #[test]
    fn the_players_book_goes_over_the_shipped_one() {
        let dir = TempDir::new("book-mine");
        let at = |t: &str| {
            crate::engine::Game::from_transcript(t)
                .unwrap()
                .position()
                .board
        };
        let mut mine = Book::new();
        mine.set_leaf(
            &at("e6f4g3g4c3h2e3c4d3c6g5e7f6d2e8f3e2d6b5b3"),
            None,
            -7,
            60,
        );
        dir.write(FILE_NAME, &mine.to_text(), 0);
        let (book, notice) = load(&dir.0.join(FILE_NAME));
        assert_eq!(notice, None);
        assert_eq!(book.len(), Book::shipped().len() + 1);
        assert_eq!(
            book.value(&at("e6f4g3g4c3h2e3c4d3c6g5e7f6d2e8f3e2d6b5b3")),
            Some(-7)
        );
    }

    #[test]
    fn a_finished_game_is_learned_and_saved_apart_from_the_shipped_book() {
        let dir = TempDir::new("book-learn");
        let path = dir.0.join("data").join(FILE_NAME);
        // A whole game: always the last legal move.
        let mut game = Game::new();
        while !game.is_over() {
            match game.legal_moves().last() {
                Some(&sq) => game.play_move(sq).unwrap(),
                None => game.play(crate::engine::Ply::Pass).unwrap(),
            }
        }
        let searcher = Searcher::new(SearchConfig {
            tt_mib: 1,
            ..SearchConfig::default()
        });
        let stop = AtomicBool::new(false);
        let learnt = learn_game(Book::new(), &game, searcher, 2, &path, &stop);
        assert_eq!(learnt.save_error, None);
        let book = learnt.book.unwrap();
        // Every position of the line with at most 30 discs played is in the book now, with
        // the result (passes make the line longer than 31 positions).
        let line: Vec<usize> = (0..=game.len())
            .take_while(|&n| 60 - game.position_at(n).board.empty_count() <= 30)
            .collect();
        assert_eq!(line.len(), 34);
        // Searched: those that must pass, and those with a move off the line (the start's
        // four moves are one position, on the line; so is a lone legal move).
        let key = |n: usize| BookKey::of(&game.position_at(n).board).0;
        let on_line: Vec<BookKey> = line.iter().map(|&n| key(n)).collect();
        let searched = line
            .iter()
            .filter(|&&n| {
                let board = game.position_at(n).board;
                !board.has_moves()
                    || Squares(board.moves())
                        .any(|sq| !on_line.contains(&BookKey::of(&board.play_unchecked(sq)).0))
            })
            .count();
        assert_eq!(learnt.searched, searched);
        assert!(searched < line.len() - 1, "{searched}");
        for &n in &line {
            let s = book.get(&game.position_at(n).board).unwrap().stats;
            assert_eq!(s.wins + s.draws + s.losses, 1, "ply {n}");
        }
        assert!(book.get(&game.position_at(line.len()).board).is_none());
        // The file holds exactly what differs from the shipped book: the line.
        let saved = Book::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(saved, book.changes_from(Book::shipped()));
        assert_eq!(saved, book);
        assert_eq!(saved.len(), line.len());
        // Reading it back puts the learned line over the shipped book.
        let (loaded, notice) = load(&path);
        assert_eq!(notice, None);
        let mut expected = Book::shipped().clone();
        expected.merge(&book);
        assert_eq!(loaded, expected);
        // A stopped learning changes nothing.
        stop.store(true, Ordering::Relaxed);
        let searcher = Searcher::new(SearchConfig::default());
        let learnt = learn_game(Book::new(), &game, searcher, 2, &dir.0.join("x.txt"), &stop);
        assert!(learnt.book.is_none());
        assert!(!dir.0.join("x.txt").exists());
    }

    /// Runs the Edax transfer systems until the transfer in hand is done.
    fn finish_transfer(app: &mut App) {
        for _ in 0..500 {
            app.update();
            if app.world().resource::<EdaxTransfer>().0.is_none() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("the Edax transfer did not finish");
    }

    #[test]
    fn an_edax_book_is_imported_over_the_players_book_and_the_book_exported() {
        let dir = TempDir::new("book-edax");
        let mine = dir.0.join("data").join(FILE_NAME);
        // An Edax book with a position the shipped book lacks: the last legal move each
        // ply until the book knows the position no more.
        let mut line = Game::new();
        while Book::shipped().get(&line.position().board).is_some() {
            let last = *line.legal_moves().last().unwrap();
            line.play_move(last).unwrap();
        }
        let far = line.position().board;
        let mut theirs = Book::new();
        theirs.set_leaf(&far, Some(Squares(far.moves()).next().unwrap()), 7, 22);
        let dat = dir.0.join("theirs.dat");
        std::fs::write(&dat, crate::engine::book::write_edax(&theirs)).unwrap();
        assert!(Book::shipped().get(&far).is_none());
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(OpeningBook {
                book: Arc::new(Book::shipped().clone()),
                path: Some(mine.clone()),
            })
            .init_resource::<EdaxTransfer>()
            .init_resource::<EditsInHand>()
            .init_resource::<Toasts>()
            .init_resource::<Notices>()
            .init_resource::<Tr>()
            .add_message::<EdaxBookFile>()
            .add_systems(Update, (start_edax_transfer, finish_edax_transfer).chain());
        app.world_mut()
            .write_message(EdaxBookFile::Import(dat.clone()));
        finish_transfer(&mut app);
        let book = Arc::clone(&app.world().resource::<OpeningBook>().book);
        assert_eq!(book.len(), Book::shipped().len() + 1);
        assert_eq!(book.value(&far), Some(7));
        assert_eq!(
            app.world().resource::<Toasts>().texts(),
            [
                format!("Reading the Edax book {}...", dat.display()).as_str(),
                format!(
                    "1 positions read from {} (1 new to the book): the engine and the hints \
                     play from them now, and your book keeps them.",
                    dat.display()
                )
                .as_str()
            ]
        );
        // The player's book holds it, and the next start reads it.
        let (loaded, notice) = load(&mine);
        assert_eq!((notice, loaded.value(&far)), (None, Some(7)));
        // A damaged file: a notice names it and the byte; the book is as it was.
        let bad = dir.0.join("bad.dat");
        std::fs::write(&bad, b"not a book at all").unwrap();
        app.world_mut()
            .write_message(EdaxBookFile::Import(bad.clone()));
        finish_transfer(&mut app);
        assert_eq!(app.world().resource::<OpeningBook>().book.len(), book.len());
        let notices = &app.world().resource::<Notices>().0;
        assert_eq!(
            notices.last().map(|n| n.text(&Tr::default())),
            Some(format!(
                "Nothing was imported or written: {}: byte 0: not an Edax book: it does not \
                 begin with the bytes \"XADEKOOB\"",
                bad.display()
            ))
        );
        // Export: the whole book, as write_edax writes it.
        let out = dir.0.join("out.dat");
        app.world_mut()
            .write_message(EdaxBookFile::Export(out.clone()));
        finish_transfer(&mut app);
        assert_eq!(
            std::fs::read(&out).unwrap(),
            crate::engine::book::write_edax(&book)
        );
    }

    #[test]
    fn a_damaged_book_is_reported_kept_aside_and_the_shipped_one_plays() {
        let dir = TempDir::new("book-damaged");
        let mut mine = Book::new();
        mine.set_leaf(&crate::engine::Board::start(), None, 0, 12);
        let text = mine.to_text();
        // Cut short: the checksum line is gone.
        let cut = &text[..text.rfind("checksum").unwrap()];
        dir.write(FILE_NAME, cut, 0);
        let path = dir.0.join(FILE_NAME);
        let (book, notice) = load(&path);
        assert_eq!(book, *Book::shipped());
        assert_eq!(
            notice.unwrap().text(&Tr::default()),
            format!(
                "Your opening book {} could not be used (no checksum line after line 2: the \
                 file is truncated). The shipped book is used. It was kept as {}.bad.",
                path.display(),
                path.display()
            )
        );
        assert!(!path.exists());
        assert_eq!(
            std::fs::read_to_string(format!("{}.bad", path.display())).unwrap(),
            cut
        );
    }
}
