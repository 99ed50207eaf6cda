//! Where the player's own files live: the settings, the opening book, the practice cards,
//! the reviewed games' history, the designer's folder, the game in progress and the folder
//! of every game played. With `--settings-dir` all seven are in that folder; otherwise in the
//! system's places for a program's files (`directories`): the settings in the config folder,
//! the others in the data folder. On Windows both are `%APPDATA%\reversi\`
//! (`config\`, `data\`), on macOS `~/Library/Application Support/reversi/`, on Linux
//! `~/.config/reversi/` and `~/.local/share/reversi/`. A scripted run (screenshot,
//! benchmark) has none: it neither reads nor writes the player's files. `reversi --paths`
//! prints them.

use std::fmt;
use std::path::{Path, PathBuf};

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
/// The game in progress's file name.
const GAME_FILE: &str = "game.ron";
/// The folder of every game played (GGF files).
const GAMES_FOLDER: &str = "games";

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
    /// The game in progress, kept after every move for the next start.
    pub game: Option<PathBuf>,
    /// Every game played, one GGF file each.
    pub games: Option<PathBuf>,
}

impl PlayerPaths {
    /// The paths for a run started with `options`.
    pub fn of(options: &RunOptions) -> PlayerPaths {
        if options.scripted() {
            return PlayerPaths::default();
        }
        if let Some(dir) = &options.settings_dir {
            return PlayerPaths::in_folders(dir, dir);
        }
        match directories::ProjectDirs::from("", "", "reversi") {
            Some(dirs) => PlayerPaths::in_folders(dirs.config_dir(), dirs.data_dir()),
            // No home folder: the game plays with the shipped settings and book, and says
            // nothing is kept.
            None => PlayerPaths::default(),
        }
    }

    /// The settings in `config`, the other files in `data`.
    fn in_folders(config: &Path, data: &Path) -> PlayerPaths {
        PlayerPaths {
            settings: Some(config.join(SETTINGS_FILE)),
            book: Some(data.join(BOOK_FILE)),
            designer: Some(data.join(DESIGNER_FOLDER)),
            practice: Some(data.join(PRACTICE_FILE)),
            strength: Some(data.join(STRENGTH_FILE)),
            game: Some(data.join(GAME_FILE)),
            games: Some(data.join(GAMES_FOLDER)),
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
            ("game", &self.game),
            ("games", &self.games),
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
    fn a_settings_folder_holds_all_seven() {
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
                "settings here{sep}settings.ron\nbook     here{sep}book.txt\ndesigner here{sep}designer\npractice here{sep}practice.ron\nstrength here{sep}strength.ron\ngame     here{sep}game.ron\ngames    here{sep}games\n"
            )
        );
    }

    /// `scripts/windows-smoke.sh` runs only by hand; the `--paths` lines it expects under
    /// Wine (`paths_lines`: name, folder, file; Windows puts the config and data folders in
    /// `%APPDATA%\reversi\config` and `\data`) are the game's own.
    #[test]
    fn the_windows_smoke_script_expects_these_paths() {
        let script = include_str!("../../../scripts/windows-smoke.sh");
        let list: Vec<&str> = script
            .lines()
            .skip_while(|l| *l != "paths_lines=(")
            .skip(1)
            .take_while(|l| l.trim() != ")")
            .map(|l| l.trim().trim_matches('"'))
            .collect();
        assert!(
            !list.is_empty(),
            "the script has no paths_lines=( ... ) list"
        );
        let base = PathBuf::from("R");
        let expected: String = list
            .iter()
            .map(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                let [name, folder, file] = words[..] else {
                    panic!("paths_lines: \"{line}\" is not NAME FOLDER FILE");
                };
                format!("{name:<9}{}\n", base.join(folder).join(file).display())
            })
            .collect();
        let paths = PlayerPaths::in_folders(&base.join("config"), &base.join("data"));
        assert_eq!(paths.to_string(), expected);
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
