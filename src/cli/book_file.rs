//! The book files the commands read and write: a book file read (its line named when it is
//! bad), the book a `--book`-like flag names, a book written whole.

use std::path::Path;

use crate::engine::book::Book;

/// Reads a book file.
///
/// # Errors
/// `FILE: message`, with the line for a bad one.
pub fn read_book(path: &Path) -> Result<Book, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Book::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The book a `--book`-like flag names: `shipped`, or a book file.
///
/// # Errors
/// The file's message (with its line for a bad one).
pub(crate) fn load_book(arg: &str) -> Result<Book, String> {
    match arg {
        "shipped" => Ok(Book::shipped().clone()),
        path => read_book(Path::new(path)),
    }
}

/// Writes `book` to `path` through a temporary file.
pub(crate) fn write_book(path: &Path, book: &Book) -> Result<(), String> {
    crate::whole_file::write_whole(path, book.to_text())
}
