//! The opening book in the game: the shipped book with the player's own book over it
//! (`book.txt` in the OS data folder, or beside `settings.ron` with `--settings-dir`; what
//! the player's games add is written there). A damaged player's book is reported, kept as
//! `book.txt.bad` and left out: the shipped book still plays. A scripted run reads the
//! shipped book only.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::book::Book;

use super::RunOptions;
use super::notices::raise_at_build;
use super::settings::set_aside;

/// The player's book file's name.
pub(super) const FILE_NAME: &str = "book.txt";

/// The book the engine plays from and the hints show.
#[derive(Resource, Clone)]
pub(super) struct OpeningBook {
    /// The shipped book with the player's over it.
    pub book: Arc<Book>,
}

/// The shipped book with the player's book at `path` over it, and a notice when that file
/// could not be used (it is then renamed to `<name>.bad` when its text is damaged).
pub(super) fn load(path: &Path) -> (Book, Option<String>) {
    let mut book = Book::shipped().clone();
    let error = match std::fs::read_to_string(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (book, None),
        Err(e) if e.kind() != std::io::ErrorKind::InvalidData => {
            return (
                book,
                Some(format!(
                    "Your opening book {} could not be read ({e}); the shipped book is used \
                     and the file is left as it is.",
                    path.display()
                )),
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
    let kept = set_aside(path);
    (
        book,
        Some(format!(
            "Your opening book {} could not be used ({error}). The shipped book is used. {kept}",
            path.display()
        )),
    )
}

/// Where the player's book lives; `None` for a scripted run.
fn book_path(options: &RunOptions) -> Option<PathBuf> {
    if options.scripted() {
        return None;
    }
    match &options.settings_dir {
        Some(dir) => Some(dir.join(FILE_NAME)),
        None => {
            directories::ProjectDirs::from("", "", "reversi").map(|d| d.data_dir().join(FILE_NAME))
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    let options = app.world().resource::<RunOptions>().clone();
    let book = match book_path(&options) {
        Some(path) => {
            let (book, notice) = load(&path);
            if let Some(notice) = notice {
                warn!("{notice}");
                raise_at_build(app, notice);
            }
            book
        }
        None => Book::shipped().clone(),
    };
    app.insert_resource(OpeningBook {
        book: Arc::new(book),
    });
}

#[cfg(test)]
mod tests {
    use super::super::temp_dir::TempDir;
    use super::*;

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
            notice.unwrap(),
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
