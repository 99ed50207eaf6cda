//! Reading one of the player's own versioned files (the practice cards, the reviewed games'
//! history) the same way: a missing file is a fresh start, quietly; a damaged one is set
//! aside (`<name>.bad`) with a notice and a fresh start; one that cannot be read, or that a
//! newer version wrote, is left alone with a notice and nothing is saved over it.

use std::path::Path;

use super::settings::set_aside;
use crate::app::notices::Notice;

/// Why a file's text was refused.
pub(crate) enum Refused {
    /// Damaged: what is wrong (its line, or its part).
    Damaged(String),
    /// Written by a newer version: which.
    Newer(String),
}

/// The notices of one kind of file: could not be read (or newer), damaged and set aside,
/// damaged and left where it was.
pub(crate) struct FileNotices {
    pub unreadable: &'static str,
    pub damaged_kept: &'static str,
    pub damaged_left: &'static str,
}

/// What reading a player's file gave.
pub(crate) struct Loaded<T> {
    /// The file's contents, when they could be used.
    pub value: Option<T>,
    /// What the player must be told.
    pub notice: Option<Notice>,
    /// Whether the file may be saved over this session.
    pub writable: bool,
}

/// Reads `path` with `parse` (see the module's rules).
pub(crate) fn load_player_file<T>(
    path: &Path,
    notices: &FileNotices,
    parse: impl FnOnce(&str) -> Result<T, Refused>,
) -> Loaded<T> {
    let left_alone = |error: String| Loaded {
        value: None,
        notice: Some(
            Notice::new(notices.unreadable)
                .path("path", path)
                .arg("error", error),
        ),
        writable: false,
    };
    let error = match std::fs::read_to_string(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Loaded {
                value: None,
                notice: None,
                writable: true,
            };
        }
        Err(e) if e.kind() != std::io::ErrorKind::InvalidData => return left_alone(e.to_string()),
        Err(e) => e.to_string(),
        Ok(text) => match parse(&text) {
            Ok(value) => {
                return Loaded {
                    value: Some(value),
                    notice: None,
                    writable: true,
                };
            }
            Err(Refused::Newer(why)) => return left_alone(why),
            Err(Refused::Damaged(why)) => why,
        },
    };
    let notice = set_aside(path)
        .notice(notices.damaged_kept, notices.damaged_left)
        .path("path", path)
        .arg("error", error);
    Loaded {
        value: None,
        notice: Some(notice),
        writable: true,
    }
}
