//! Which build of a program runs on this CPU.
//!
//! A release build for x86-64 targets the baseline every x86-64 CPU has, which lacks the
//! hardware popcount and BMI2 that bitboard code lives on. A package therefore ships two
//! builds of each program: the portable one under the program's own name, and beside it
//! one built with `-C target-cpu=x86-64-v3` (Haswell, 2013, and later) named
//! `<program>-x86-64-v3` (`.exe` on Windows), in the same folder or in `../lib/reversi/`.
//!
//! The portable build calls [`hand_over`] first thing in `main`. When the CPU has every
//! feature of x86-64-v3 and the fast build is there, the fast build runs in its place: on
//! Unix by `exec` (same process, arguments, standard streams), on Windows as a child whose
//! exit code becomes the launcher's. Otherwise the portable build goes on, so no CPU ever
//! meets an instruction it lacks. `REVERSI_CPU=portable` keeps the portable build
//! (`auto`, the default, chooses by the CPU); the fast build is started with
//! `REVERSI_HANDED_OVER=1`, so a misinstalled file can never start a loop.
//!
//! [`BUILD`] names the build running, shown by `--version` and the game's About window.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

// The build's CPU level as a literal, for `concat!`.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    target_feature = "bmi2",
    target_feature = "popcnt"
))]
macro_rules! build_name {
    () => {
        "x86-64-v3"
    };
}
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "popcnt",
    not(all(target_feature = "avx2", target_feature = "bmi2"))
))]
macro_rules! build_name {
    () => {
        "x86-64-v2"
    };
}
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
macro_rules! build_name {
    () => {
        "x86-64"
    };
}
#[cfg(target_arch = "aarch64")]
macro_rules! build_name {
    () => {
        "aarch64"
    };
}
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
macro_rules! build_name {
    () => {
        "portable"
    };
}

/// The CPU level this build was compiled for: `x86-64-v3`, `x86-64-v2`, `x86-64`,
/// `aarch64` or `portable`.
pub const BUILD: &str = build_name!();

/// The version and the build, as `--version` prints them: `0.1.0 (x86-64-v3)`.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", build_name!(), ")");

/// One sentence for a player (the About window): which build runs, and on a portable
/// build whether this CPU could have run the fast one.
pub fn describe() -> String {
    describe_for(BUILD, cpu_has_v3())
}

fn describe_for(build: &str, cpu_has_v3: bool) -> String {
    match build {
        "x86-64-v3" => "The fast build, for CPUs with AVX2 and BMI2 (x86-64-v3).".to_string(),
        "x86-64" | "x86-64-v2" if cpu_has_v3 => format!(
            "The portable build ({build}); this CPU could run the faster x86-64-v3 build, \
             which was not found beside it."
        ),
        "x86-64" | "x86-64-v2" => {
            format!("The portable build ({build}), for CPUs without AVX2 and BMI2.")
        }
        other => format!("The {other} build."),
    }
}

/// Whether a fast build may take this one's place: a portable x86-64 build (`BUILD` is
/// `x86-64` or `x86-64-v2`).
pub const HANDS_OVER: bool = cfg!(all(
    target_arch = "x86_64",
    not(all(
        target_feature = "avx2",
        target_feature = "bmi2",
        target_feature = "popcnt"
    ))
));

/// The environment variable that picks a build: `auto` (or unset) or `portable`.
pub const CHOICE_VAR: &str = "REVERSI_CPU";

/// Set to `1` in the environment of a build started by [`hand_over`].
pub const HANDED_OVER_VAR: &str = "REVERSI_HANDED_OVER";

/// The suffix of the fast build's file name.
pub const FAST_SUFFIX: &str = "-x86-64-v3";

/// What the launcher decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// Run this file in the launcher's place.
    Run(PathBuf),
    /// Go on with this build, for this reason.
    Stay(Stay),
}

/// Why the running build goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stay {
    /// `REVERSI_CPU=portable`.
    AskedPortable,
    /// This build was itself started by a launcher.
    HandedOver,
    /// The CPU lacks a feature of x86-64-v3.
    CpuLacksFeatures,
    /// No fast build beside this one.
    NoFastBuild,
}

/// Decides which build runs in place of a portable one. `choice` is `REVERSI_CPU`'s value,
/// `handed_over` whether `REVERSI_HANDED_OVER` is set, `candidates` the fast build's
/// possible places in order. A value of `REVERSI_CPU` other than `auto` or `portable`
/// comes back as a warning for the caller to print; the choice is then made as `auto`.
pub fn choose(
    choice: Option<&OsStr>,
    handed_over: bool,
    cpu_has_v3: bool,
    candidates: &[PathBuf],
    exists: impl Fn(&Path) -> bool,
) -> (Choice, Option<String>) {
    let warning = match choice.map(OsStr::to_string_lossy).as_deref() {
        None | Some("auto" | "") => None,
        Some("portable") => return (Choice::Stay(Stay::AskedPortable), None),
        Some(other) => Some(format!(
            "{CHOICE_VAR}={other:?} is neither `auto` nor `portable`; choosing by the CPU"
        )),
    };
    let stay = if handed_over {
        Stay::HandedOver
    } else if !cpu_has_v3 {
        Stay::CpuLacksFeatures
    } else if let Some(path) = candidates.iter().find(|p| exists(p)) {
        return (Choice::Run(path.clone()), warning);
    } else {
        Stay::NoFastBuild
    };
    (Choice::Stay(stay), warning)
}

/// Where the fast build of `program` may lie, given the running executable's path.
pub fn candidates(exe: &Path, program: &str) -> Vec<PathBuf> {
    let name = format!("{program}{FAST_SUFFIX}{}", std::env::consts::EXE_SUFFIX);
    let Some(dir) = exe.parent() else {
        return Vec::new();
    };
    let mut places = vec![dir.join(&name)];
    if let Some(prefix) = dir.parent() {
        places.push(prefix.join("lib").join("reversi").join(&name));
    }
    places
}

/// Whether this CPU (and its operating system, for the AVX state) has every feature of
/// x86-64-v3.
pub fn cpu_has_v3() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx")
            && std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("f16c")
            && std::arch::is_x86_feature_detected!("fma")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("movbe")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("sse4.2")
            && std::arch::is_x86_feature_detected!("xsave")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Runs the fast build of `program` in this one's place when the CPU can and the file is
/// there (see the module's documentation). Returns `Some(code)` when the fast build ran
/// and ended (Windows), `None` when this build should go on. A fast build that cannot be
/// started is reported on standard error, and this build goes on.
pub fn hand_over(program: &str) -> Option<ExitCode> {
    if !HANDS_OVER {
        return None;
    }
    let exe = std::env::current_exe().ok()?;
    let (choice, warning) = choose(
        std::env::var_os(CHOICE_VAR).as_deref(),
        std::env::var_os(HANDED_OVER_VAR).is_some(),
        cpu_has_v3(),
        &candidates(&exe, program),
        Path::is_file,
    );
    if let Some(warning) = warning {
        eprintln!("{program}: {warning}");
    }
    let Choice::Run(fast) = choice else {
        return None;
    };
    let mut command = std::process::Command::new(&fast);
    command
        .args(std::env::args_os().skip(1))
        .env(HANDED_OVER_VAR, "1");
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let error = command.exec();
        eprintln!(
            "{program}: could not start the x86-64-v3 build {}: {error}; going on with the portable build",
            fast.display()
        );
        None
    }
    #[cfg(not(unix))]
    {
        match command.status() {
            Ok(status) => Some(ExitCode::from(
                status.code().map_or(1, |c| u8::try_from(c).unwrap_or(1)),
            )),
            Err(error) => {
                eprintln!(
                    "{program}: could not start the x86-64-v3 build {}: {error}; going on with the portable build",
                    fast.display()
                );
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places() -> Vec<PathBuf> {
        candidates(Path::new("/opt/r/bin/reversi"), "reversi")
    }

    #[test]
    fn the_fast_build_is_looked_for_beside_the_program_then_in_lib() {
        let exe = std::env::consts::EXE_SUFFIX;
        assert_eq!(
            places(),
            vec![
                PathBuf::from(format!("/opt/r/bin/reversi-x86-64-v3{exe}")),
                PathBuf::from(format!("/opt/r/lib/reversi/reversi-x86-64-v3{exe}")),
            ]
        );
    }

    #[test]
    fn a_capable_cpu_runs_the_first_fast_build_found() {
        let second = places()[1].clone();
        let (choice, warning) = choose(None, false, true, &places(), |p| p == second);
        assert_eq!(choice, Choice::Run(second));
        assert_eq!(warning, None);
        let (choice, _) = choose(None, false, true, &places(), |_| true);
        assert_eq!(choice, Choice::Run(places()[0].clone()));
    }

    #[test]
    fn every_reason_to_stay_is_honoured() {
        let all = |_: &Path| true;
        let stay = |c: Option<&str>, handed: bool, cpu: bool| {
            choose(c.map(OsStr::new), handed, cpu, &places(), all).0
        };
        assert_eq!(
            stay(None, false, false),
            Choice::Stay(Stay::CpuLacksFeatures)
        );
        assert_eq!(stay(None, true, true), Choice::Stay(Stay::HandedOver));
        assert_eq!(
            stay(Some("portable"), false, true),
            Choice::Stay(Stay::AskedPortable)
        );
        assert_eq!(
            choose(None, false, true, &places(), |_| false).0,
            Choice::Stay(Stay::NoFastBuild)
        );
        assert_eq!(
            stay(Some("auto"), false, true),
            Choice::Run(places()[0].clone())
        );
    }

    #[test]
    fn an_unknown_choice_is_named_and_chosen_as_auto() {
        let (choice, warning) = choose(Some(OsStr::new("fast")), false, true, &places(), |_| true);
        assert_eq!(choice, Choice::Run(places()[0].clone()));
        assert_eq!(
            warning.as_deref(),
            Some("REVERSI_CPU=\"fast\" is neither `auto` nor `portable`; choosing by the CPU")
        );
    }

    #[test]
    fn the_about_window_says_which_build_runs() {
        assert_eq!(
            describe_for("x86-64-v3", true),
            "The fast build, for CPUs with AVX2 and BMI2 (x86-64-v3)."
        );
        assert_eq!(
            describe_for("x86-64", true),
            "The portable build (x86-64); this CPU could run the faster x86-64-v3 build, \
             which was not found beside it."
        );
        assert_eq!(
            describe_for("x86-64", false),
            "The portable build (x86-64), for CPUs without AVX2 and BMI2."
        );
        assert_eq!(describe_for("aarch64", false), "The aarch64 build.");
    }

    #[test]
    fn the_build_names_its_cpu_level() {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        assert_eq!(BUILD, "x86-64");
        #[cfg(target_arch = "aarch64")]
        assert_eq!(BUILD, "aarch64");
        #[cfg(all(
            target_arch = "x86_64",
            target_feature = "avx2",
            target_feature = "bmi2",
            target_feature = "popcnt"
        ))]
        assert_eq!(BUILD, "x86-64-v3");
    }
}
