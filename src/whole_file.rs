//! Writing a file whole, for the game and the command line: the contents go to a temporary
//! file beside it, which is synced and then renamed over it, so that a crash or a failed write
//! leaves the old file whole and no half-written one. The temporary file is removed when
//! anything fails.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `contents` to `path` whole.
///
/// # Errors
/// `PATH: why`, naming the file.
pub fn write_whole(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), String> {
    write_whole_io(path, contents).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes `contents` to `path` whole, for a caller that names the file itself.
///
/// # Errors
/// The I/O error of writing, syncing or renaming.
pub fn write_whole_io(path: &Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
    write_whole_with(path, |file| file.write_all(contents.as_ref()))
}

/// Writes `path` whole with what `fill` writes to the temporary file (a stream that
/// compresses, say).
///
/// # Errors
/// The I/O error of `fill`, or of creating, syncing or renaming the temporary file.
pub fn write_whole_with(
    path: &Path,
    fill: impl FnOnce(&mut fs::File) -> io::Result<()>,
) -> io::Result<()> {
    let tmp = temporary_beside(path);
    let written = (|| {
        // Closed before the rename, which Windows refuses on an open file.
        let mut file = fs::File::create(&tmp)?;
        fill(&mut file)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    // The rename is durable only once the folder itself is on disk; a folder that cannot be
    // synced (some shared file systems) still holds the whole file.
    #[cfg(unix)]
    {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let _ = fs::File::open(dir).and_then(|d| d.sync_all());
    }
    Ok(())
}

/// A name beside `path` of this process's own (`NAME.PID-N.tmp`), so that two running
/// programs, or two writes in one, never write the same temporary file.
fn temporary_beside(path: &Path) -> PathBuf {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}-{n}.tmp", std::process::id()));
    PathBuf::from(tmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("whole-file-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_replaces_the_file_and_leaves_nothing_beside_it() {
        let dir = scratch("replace");
        let path = dir.join("a.txt");
        fs::write(&path, "old").unwrap();
        write_whole(&path, "new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        write_whole_with(&path, |f| {
            writeln!(f, "one").and_then(|()| writeln!(f, "two"))
        })
        .unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "one\ntwo\n");
        assert_eq!(names(&dir), ["a.txt"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_names_the_file_and_keeps_the_old_one() {
        let dir = scratch("failed");
        let path = dir.join("a.txt");
        fs::write(&path, "old").unwrap();
        let e = write_whole_with(&path, |_| Err(io::Error::other("no room"))).unwrap_err();
        assert_eq!(e.to_string(), "no room");
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(names(&dir), ["a.txt"]);
        // A folder in the file's place: the rename over it fails.
        let folder = dir.join("f");
        fs::create_dir(&folder).unwrap();
        let e = write_whole(&folder, "x").unwrap_err();
        assert!(e.starts_with(&format!("{}: ", folder.display())), "{e}");
        assert_eq!(names(&dir), ["a.txt", "f"]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
