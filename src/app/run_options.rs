//! How the game was started: the `reversi` command line's options, which every feature may
//! read while its plugin is built (and only these).

use std::path::PathBuf;

use bevy::prelude::*;

use super::i18n::Language;

/// How the game was started (the `reversi` command line).
#[derive(Clone, Debug, Default, Resource)]
pub struct RunOptions {
    /// Render the position, save a PNG here once the UI has settled, and exit.
    pub screenshot: Option<PathBuf>,
    /// A transcript to play before the first frame (e.g. for a screenshot).
    pub moves: Option<String>,
    /// Run this many frames in quarters (idle, scoring the hints in the background, reviewing a
    /// loaded game, the engine thinking), print frame-time figures and exit.
    pub bench_frames: Option<u32>,
    /// The folder for `settings.ron`, instead of the OS config folder.
    pub settings_dir: Option<PathBuf>,
    /// A designer's folder of tables and levels to play with, reloaded as its files are
    /// saved.
    pub config_dir: Option<PathBuf>,
    /// The language for this run, instead of the one in the settings.
    pub language: Option<Language>,
}

impl RunOptions {
    /// Whether this run is a scripted one (screenshot or benchmark) that must neither read
    /// nor write the player's settings.
    pub(super) fn scripted(&self) -> bool {
        self.screenshot.is_some() || self.bench_frames.is_some()
    }
}
