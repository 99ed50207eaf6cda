//! `reversi-engine`: the command-line engine (see `reversi-engine --help`).

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    if let Some(code) = reversi::cpu_build::hand_over("reversi-engine") {
        return code;
    }
    match reversi::cli::run(reversi::cli::Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("reversi-engine: {message}");
            ExitCode::FAILURE
        }
    }
}
