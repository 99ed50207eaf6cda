//! Where the player's own files live: the settings, the opening book, the practice cards,
//! the reviewed games' history and the designer's folder. With `--settings-dir` all five are
//! in that folder; otherwise in the system's places for a program's files (`directories`):
//! the settings in the config folder, the book, the practice cards, the history and the
//! designer's folder in the data folder. On Windows both are `%APPDATA%\reversi\`
//! (`config\`, `data\`), on macOS `~/Library/Application Support/reversi/`, on Linux
//! `~/.config/reversi/` and `~/.local/share/reversi/`. A scripted run (screenshot,
//! benchmark) has none: it neither reads nor writes the player's files. `reversi --paths`
//! prints them.

use std::fmt;
use std::path::PathBuf;

use crate::app::run_options::RunOptions;

/// The settings file's name.
pub(super) const SETTINGS_FILE: &str = "settings.ron";
/// The player's opening book's file name.
pub(crate) const BOOK_FILE: &str = "book.txt";
/// The player's practice cards' file name.
pub(crate) const PRACTICE_FILE: &str = "practice.ron";
/// The player's reviewed games' history's file name.
pub(super) const STRENGTH_FILE: &str = "strength.ron";
/// The player's designer folder's name.
const DESIGNER_FOLDER: &str = "designer";

/// The paths of the player's files for a run; `None` where the run keeps none.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerPaths {
    /// `settings.ron`.
    pub settings: Option<PathBuf>,
    /// The opening book the game learns into.
    pub book: Option<PathBuf>,
    /// The folder of tables and levels that Settings > Designer's view plays with.
    pub designer: Option<PathBuf>,
    /// The practice cards made from the player's mistakes.
    pub practice: Option<PathBuf>,
    /// The player's reviewed games, for their rating.
    pub strength: Option<PathBuf>,
}

impl PlayerPaths {
    /// The paths for a run started with `options`.
    pub fn of(options: &RunOptions) -> PlayerPaths {
        if options.scripted() {
            return PlayerPaths::default();
        }
        if let Some(dir) = &options.settings_dir {
            return PlayerPaths {
                settings: Some(dir.join(SETTINGS_FILE)),
                book: Some(dir.join(BOOK_FILE)),
                designer: Some(dir.join(DESIGNER_FOLDER)),
                practice: Some(dir.join(PRACTICE_FILE)),
                strength: Some(dir.join(STRENGTH_FILE)),
            };
        }
        match directories::ProjectDirs::from("", "", "reversi") {
            Some(dirs) => PlayerPaths {
                settings: Some(dirs.config_dir().join(SETTINGS_FILE)),
                book: Some(dirs.data_dir().join(BOOK_FILE)),
                designer: Some(dirs.data_dir().join(DESIGNER_FOLDER)),
                practice: Some(dirs.data_dir().join(PRACTICE_FILE)),
                strength: Some(dirs.data_dir().join(STRENGTH_FILE)),
            },
            // No home folder: the game plays with the shipped settings and book, and says
            // nothing is kept.
            None => PlayerPaths::default(),
        }
    }
}

impl fmt::Display for PlayerPaths {
    /// One line a file, as `reversi --paths` prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines = [
            ("settings", &self.settings),
            ("book", &self.book),
            ("designer", &self.designer),
            ("practice", &self.practice),
            ("strength", &self.strength),
        ];
        for (name, path) in lines {
            match path {
                Some(path) => writeln!(f, "{name:<9}{}", path.display())?,
                None => writeln!(f, "{name:<9}(none: no home folder)")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settings_folder_holds_all_five() {
        let options = RunOptions {
            settings_dir: Some(PathBuf::from("here")),
            ..RunOptions::default()
        };
        let paths = PlayerPaths::of(&options);
        assert_eq!(
            paths.settings,
            Some(PathBuf::from("here").join("settings.ron"))
        );
        assert_eq!(paths.book, Some(PathBuf::from("here").join("book.txt")));
        assert_eq!(paths.designer, Some(PathBuf::from("here").join("designer")));
        assert_eq!(
            paths.practice,
            Some(PathBuf::from("here").join("practice.ron"))
        );
        let printed = paths.to_string();
        let sep = std::path::MAIN_SEPARATOR;
        assert_eq!(
            printed,
            format!(
                "settings here{sep}settings.ron\nbook     here{sep}book.txt\ndesigner here{sep}designer\npractice here{sep}practice.ron\nstrength here{sep}strength.ron\n"
            )
        );
    }

    #[test]
    fn a_scripted_run_keeps_no_file() {
        let options = RunOptions {
            screenshot: Some(PathBuf::from("shot.png")),
            settings_dir: Some(PathBuf::from("here")),
            ..RunOptions::default()
        };
        assert_eq!(PlayerPaths::of(&options), PlayerPaths::default());
    }
}
