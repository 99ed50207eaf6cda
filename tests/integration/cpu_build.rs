//! The portable `reversi-engine` hands over to an x86-64-v3 build lying beside it, or in
//! `../lib/reversi/`, only when the CPU can run it (src/cpu_build.rs). Runs the real binary,
//! linked into a scratch folder with a stand-in for the fast build.
#![cfg(all(unix, target_arch = "x86_64"))]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use reversi::cpu_build;

/// A folder `<name>/bin/reversi-engine` (the binary under test) with `fast` as
/// `<name>/lib/reversi/reversi-engine-x86-64-v3`, made executable when `executable`.
fn install(name: &str, fast: &str, executable: bool) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cpu-build")
        .join(name);
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("bin")).expect("bin folder");
    std::fs::create_dir_all(root.join("lib/reversi")).expect("lib folder");
    let exe = root.join("bin/reversi-engine");
    let built = Path::new(env!("CARGO_BIN_EXE_reversi-engine"));
    if std::fs::hard_link(built, &exe).is_err() {
        std::fs::copy(built, &exe).expect("a copy of the engine");
    }
    let stand_in = root.join("lib/reversi/reversi-engine-x86-64-v3");
    std::fs::write(&stand_in, fast).expect("the stand-in");
    let mode = if executable { 0o755 } else { 0o644 };
    std::fs::set_permissions(&stand_in, std::fs::Permissions::from_mode(mode)).expect("chmod");
    exe
}

/// A shell script standing in for the fast build: it shows what it was given.
const STAND_IN: &str =
    "#!/bin/sh\necho \"fast build: $* handed over: $REVERSI_HANDED_OVER\"\nexit 7\n";

fn run(exe: &Path, choice: Option<&str>) -> Output {
    let mut command = Command::new(exe);
    command
        .args(["perft", "2"])
        .env_remove("REVERSI_CPU")
        .env_remove("REVERSI_HANDED_OVER");
    if let Some(choice) = choice {
        command.env("REVERSI_CPU", choice);
    }
    command.output().expect("the engine runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The first two words of each line of a real `perft 2`: the depths and leaf counts.
fn perft_counts(out: &Output) -> Vec<String> {
    stdout(out)
        .lines()
        .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn a_capable_cpu_runs_the_fast_build_with_the_same_arguments() {
    let exe = install("capable", STAND_IN, true);
    let out = run(&exe, None);
    if cpu_build::HANDS_OVER && cpu_build::cpu_has_v3() {
        assert_eq!(stdout(&out), "fast build: perft 2 handed over: 1\n");
        assert_eq!(out.status.code(), Some(7), "the fast build's exit code");
    } else {
        assert_eq!(perft_counts(&out), ["1 4", "2 12"]);
    }
}

#[test]
fn portable_keeps_the_portable_build() {
    let exe = install("portable", STAND_IN, true);
    let out = run(&exe, Some("portable"));
    assert!(out.status.success());
    assert_eq!(perft_counts(&out), ["1 4", "2 12"]);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn an_unknown_choice_is_named_then_chosen_by_the_cpu() {
    let exe = install("unknown", STAND_IN, true);
    let out = run(&exe, Some("turbo"));
    if !cpu_build::HANDS_OVER {
        return;
    }
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "reversi-engine: REVERSI_CPU=\"turbo\" is neither `auto` nor `portable`; choosing by the CPU\n"
    );
    if cpu_build::cpu_has_v3() {
        assert_eq!(stdout(&out), "fast build: perft 2 handed over: 1\n");
    } else {
        assert_eq!(perft_counts(&out), ["1 4", "2 12"]);
    }
}

#[test]
fn a_fast_build_that_cannot_start_is_reported_and_the_portable_one_goes_on() {
    let exe = install("broken", STAND_IN, false);
    let out = run(&exe, None);
    assert!(out.status.success());
    assert_eq!(perft_counts(&out), ["1 4", "2 12"]);
    if cpu_build::HANDS_OVER && cpu_build::cpu_has_v3() {
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("reversi-engine: could not start the x86-64-v3 build ")
                && err.contains("lib/reversi/reversi-engine-x86-64-v3: Permission denied")
                && err.ends_with("; going on with the portable build\n"),
            "{err}"
        );
    }
}

#[test]
fn a_handed_over_build_never_hands_over_again() {
    let exe = install("handed", STAND_IN, true);
    let out = Command::new(&exe)
        .args(["perft", "2"])
        .env_remove("REVERSI_CPU")
        .env("REVERSI_HANDED_OVER", "1")
        .output()
        .expect("the engine runs");
    assert_eq!(perft_counts(&out), ["1 4", "2 12"]);
}
