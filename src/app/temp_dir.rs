//! A scratch folder for the app's tests.

use std::fs;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

/// A fresh empty folder under the system's temp folder, removed when dropped.
pub(super) struct TempDir(pub PathBuf);

impl TempDir {
    /// `reversi-<name>-<process id>` under the temp folder, emptied.
    pub(super) fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("reversi-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// Writes a file (and its folders) with a modification time `age_s` seconds in the past,
    /// so that two writes in the same instant still differ.
    pub(super) fn write(&self, rel: &str, text: &str, age_s: u64) {
        let path = self.0.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, text).unwrap();
        let file = fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(SystemTime::now() - Duration::from_secs(age_s))
            .unwrap();
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}
