//! `reversi`: the desktop game. See `reversi --help`.
// A release build on Windows opens no console window beside the game's.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::app::AppExit;
use clap::Parser;

/// Reversi (Othello) against the engine, a friend, or the engine against itself.
#[derive(Debug, Parser)]
#[command(name = "reversi", version = reversi::cpu_build::VERSION, about)]
struct Args {
    /// Render the position (after --moves) once the UI has settled, save it as this PNG
    /// and exit.
    #[arg(long, value_name = "PNG")]
    screenshot: Option<PathBuf>,
    /// Start from the position after this transcript, e.g. f5d6c3.
    #[arg(long, value_name = "TRANSCRIPT")]
    moves: Option<String>,
    /// Run this many frames in quarters (idle, scoring the hints in the background, reviewing a
    /// loaded game, the engine thinking), print frame-time figures and exit.
    #[arg(long, value_name = "N")]
    bench_frames: Option<u32>,
    /// Keep settings.ron in this folder instead of the OS config folder.
    #[arg(long, value_name = "DIR")]
    settings_dir: Option<PathBuf>,
    /// Play with a designer's folder (search.ron, eval.ron, patterns/*.ron, levels.ron;
    /// missing files come from the shipped set), reloading each file when it is saved.
    #[arg(long, value_name = "DIR")]
    config: Option<PathBuf>,
    /// Print where the game keeps the player's settings, opening book and designer's
    /// folder (with --settings-dir: in that folder), and exit.
    #[arg(long)]
    paths: bool,
    /// Speak this language for this run (en, pl, uk or ja) instead of the one in Settings.
    #[arg(long, value_name = "CODE", value_parser = parse_language)]
    language: Option<reversi::app::Language>,
}

/// A language code the game speaks.
fn parse_language(code: &str) -> Result<reversi::app::Language, String> {
    reversi::app::Language::ALL
        .into_iter()
        .find(|l| l.code() == code)
        .ok_or_else(|| {
            let codes: Vec<&str> = reversi::app::Language::ALL.map(|l| l.code()).to_vec();
            format!("'{code}' is not one of {}", codes.join(", "))
        })
}

fn main() -> ExitCode {
    if let Some(code) = reversi::cpu_build::hand_over("reversi") {
        return code;
    }
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => {
            // --help, --version and a bad argument print and exit.
            attach_console();
            e.exit()
        }
    };
    if let Some(moves) = &args.moves
        && let Err(e) = reversi::engine::Game::from_transcript(moves)
    {
        attach_console();
        eprintln!("reversi: --moves: {e}");
        return ExitCode::FAILURE;
    }
    if let Some(dir) = &args.config
        && !dir.is_dir()
    {
        attach_console();
        eprintln!("reversi: --config: {} is not a folder", dir.display());
        return ExitCode::FAILURE;
    }
    let options = reversi::app::RunOptions {
        screenshot: args.screenshot,
        moves: args.moves,
        bench_frames: args.bench_frames,
        settings_dir: args.settings_dir,
        config_dir: args.config,
        language: args.language,
    };
    if args.paths {
        attach_console();
        print!("{}", reversi::app::PlayerPaths::of(&options));
        return ExitCode::SUCCESS;
    }
    let exit = reversi::app::run(options);
    match exit {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(_) => ExitCode::FAILURE,
    }
}

/// Lets a release build on Windows print: it is a windowed program, which starts with no
/// standard output or error, so `--help`, `--version`, `--paths` and a bad argument would
/// print nothing in the command prompt that started it. When there is no standard output
/// (not redirected to a file or a pipe), this attaches the process to its parent's console,
/// if the parent has one (started from Explorer, it has none and nothing changes).
#[cfg(windows)]
fn attach_console() {
    const ATTACH_PARENT_PROCESS: u32 = u32::MAX;
    const STD_OUTPUT_HANDLE: u32 = -11_i32 as u32;
    #[link(name = "kernel32")]
    unsafe extern "system" {
        fn AttachConsole(process_id: u32) -> i32;
        fn GetStdHandle(which: u32) -> *mut std::ffi::c_void;
    }
    // SAFETY: both functions take plain values, have no precondition and only change this
    // process's standard handles, which nothing has used yet.
    unsafe {
        let out = GetStdHandle(STD_OUTPUT_HANDLE);
        if out.is_null() || out as isize == -1 {
            AttachConsole(ATTACH_PARENT_PROCESS);
        }
    }
}

/// Elsewhere a program always has its standard streams.
#[cfg(not(windows))]
fn attach_console() {}
