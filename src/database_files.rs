//! The game database's files (issue 56): a folder of WTHOR files (every `.wtb`, with the
//! first `.jou` and `.trn` for the names) and the index kept beside them
//! ([`INDEX_FILE`], `crate::engine::Database`'s index file). Shared by `reversi-engine thor`
//! and the game's Database window: the engine computes, this reads and writes the files.
//!
//! An index is used when the folder's WTHOR files are the ones it was built from (names,
//! sizes, times modified); otherwise the files are read again and the index rewritten. A
//! damaged index is rebuilt the same way; a damaged WTHOR file is named with its byte (or its
//! game and move) and nothing is built.

use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use crate::engine::{
    Database, DatabaseBuilder, SourceFile, WTHOR_PLAYER, WTHOR_TOURNAMENT, WthorGame, WthorHeader,
    read_wtb, read_wthor_names,
};

/// The index's file name, in the WTHOR files' folder.
pub const INDEX_FILE: &str = "reversi-thor.idx";

/// What a long step is doing, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbStep {
    /// Reading the index.
    ReadIndex,
    /// Reading the WTHOR files: this many of them.
    Read {
        /// Files read.
        done: usize,
        /// Files to read.
        files: usize,
    },
    /// Indexing the games: this many of them.
    Index {
        /// Games indexed.
        done: usize,
        /// Games to index.
        games: usize,
    },
}

impl DbStep {
    /// How far along the whole of building a database the step is (0..=1): reading the
    /// files is the first fifth, indexing the rest.
    pub fn fraction(self) -> f32 {
        match self {
            DbStep::ReadIndex => 0.0,
            DbStep::Read { done, files } => 0.2 * done as f32 / files.max(1) as f32,
            DbStep::Index { done, games } => 0.2 + 0.8 * done as f32 / games.max(1) as f32,
        }
    }
}

/// How a database was opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opened {
    /// From its index.
    FromIndex,
    /// From the WTHOR files (no index, a stale one or a damaged one: why), the index then
    /// written, or why it could not be.
    Built {
        /// Why the index was not used.
        why: String,
        /// The index written, or why not.
        written: Result<(), String>,
    },
}

/// The folder's files with this extension (any case), sorted.
fn files_with(dir: &Path, extension: &str) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| e.eq_ignore_ascii_case(extension))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// The WTHOR files a database is built from.
struct WthorFiles {
    /// Every `.wtb`.
    games: Vec<PathBuf>,
    /// The first `.jou`, when there is one.
    players: Option<PathBuf>,
    /// The first `.trn`, when there is one.
    tournaments: Option<PathBuf>,
}

impl WthorFiles {
    /// All of them: the games' first.
    fn all(&self) -> impl Iterator<Item = &PathBuf> {
        self.games
            .iter()
            .chain(self.players.iter())
            .chain(self.tournaments.iter())
    }
}

/// The WTHOR files of `dir`.
fn wthor_files(dir: &Path) -> Result<WthorFiles, String> {
    let games = files_with(dir, "wtb")?;
    if games.is_empty() {
        return Err(format!(
            "{}: no .wtb game file (the WTHOR database's files: WTH_2024.wtb, ..., with \
             WTHOR.JOU and WTHOR.TRN)",
            dir.display()
        ));
    }
    let first = |ext| files_with(dir, ext).map(|f| f.into_iter().next());
    Ok(WthorFiles {
        games,
        players: first("jou")?,
        tournaments: first("trn")?,
    })
}

/// What the index notes of a file.
fn source(path: &Path) -> Result<SourceFile, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(SourceFile {
        name: path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        size: meta.len(),
        modified: meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_secs()),
    })
}

/// The folder's WTHOR files as an index notes them.
///
/// # Errors
/// A folder that cannot be listed or has no `.wtb` file.
pub fn sources(dir: &Path) -> Result<Vec<SourceFile>, String> {
    wthor_files(dir)?.all().map(|p| source(p)).collect()
}

/// A folder's WTHOR games as the files hold them.
pub struct WthorFolder {
    /// Each `.wtb` file (sorted by name) with its header and games.
    pub files: Vec<(PathBuf, WthorHeader, Vec<WthorGame>)>,
    /// The players' names, by number (none without a `.jou` file).
    pub players: Vec<String>,
}

/// The names of a `.jou` or `.trn` file (none without one).
fn read_names(path: Option<&PathBuf>, width: usize) -> Result<Vec<String>, String> {
    let Some(path) = path else {
        return Ok(Vec::new());
    };
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    read_wthor_names(&bytes, width).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads every WTHOR game file of `dir` and the players' names.
///
/// # Errors
/// No `.wtb` file, or a damaged file (its name and byte).
pub fn read_folder(dir: &Path) -> Result<WthorFolder, String> {
    let files = wthor_files(dir)?;
    let players = read_names(files.players.as_ref(), WTHOR_PLAYER)?;
    let files = files
        .games
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let (header, games) =
                read_wtb(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok((path.clone(), header, games))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(WthorFolder { files, players })
}

/// Reads every WTHOR file of `dir` and indexes the games.
///
/// # Errors
/// No `.wtb` file, or a damaged one (its name, and the byte or the game and move).
pub fn build(dir: &Path, progress: &mut dyn FnMut(DbStep)) -> Result<Database, String> {
    let files = wthor_files(dir)?;
    let player_names = read_names(files.players.as_ref(), WTHOR_PLAYER)?;
    let tournament_names = read_names(files.tournaments.as_ref(), WTHOR_TOURNAMENT)?;
    let mut db = DatabaseBuilder::new();
    for (i, path) in files.games.iter().enumerate() {
        progress(DbStep::Read {
            done: i,
            files: files.games.len(),
        });
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (header, read) = read_wtb(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        db.add_wthor(header.year, &read, &player_names, &tournament_names)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    for path in files.all() {
        db.source(source(path)?);
    }
    Ok(db.build(&mut |done, games| progress(DbStep::Index { done, games })))
}

/// The database of `dir`: from its index when that matches the folder's files, else built
/// from them and the index written (through a temporary file).
///
/// # Errors
/// As [`build`], when the files must be read.
pub fn open(dir: &Path, progress: &mut dyn FnMut(DbStep)) -> Result<(Database, Opened), String> {
    let index = dir.join(INDEX_FILE);
    let why = match std::fs::read(&index) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => "no index yet".to_string(),
        Err(e) => format!("{}: {e}", index.display()),
        Ok(bytes) => {
            progress(DbStep::ReadIndex);
            match Database::from_index_bytes(&bytes) {
                Err(e) => format!("{}: {e}", index.display()),
                Ok(db) if db.sources() == sources(dir)?.as_slice() => {
                    return Ok((db, Opened::FromIndex));
                }
                Ok(_) => "the WTHOR files changed since the index was built".to_string(),
            }
        }
    };
    let db = build(dir, progress)?;
    let written = write_index(&db, &index);
    Ok((db, Opened::Built { why, written }))
}

/// Writes `db`'s index to `path` through a temporary file renamed over it.
///
/// # Errors
/// The file and why it could not be written.
pub fn write_index(db: &Database, path: &Path) -> Result<(), String> {
    crate::whole_file::write_whole(path, db.to_index_bytes())
}
