//! `scripts/windows-smoke.sh` runs only by hand (it builds for Windows and plays under Wine,
//! some 25 minutes), so what it expects of the engine is checked here against the native
//! build: its NBoard exchange, read from the script itself, gives the replies the script
//! looks for. (The game's `--paths` lines are checked against the script in
//! `src/app/files/paths.rs`.)

use std::io::Write;
use std::process::{Command, Stdio};

const SCRIPT: &str = include_str!("../../scripts/windows-smoke.sh");

/// The value of the script's `name='value'` line.
fn script_value(name: &str) -> String {
    let prefix = format!("{name}='");
    let line = SCRIPT
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("scripts/windows-smoke.sh has no {name}='...' line"));
    line[prefix.len()..]
        .strip_suffix('\'')
        .unwrap_or_else(|| panic!("{name}'s value does not end the line: {line}"))
        .to_string()
}

/// The lines the script sends the engine: its `printf 'FORMAT' "$nboard_game"`, with the
/// game in place of `%s`.
fn script_input(game: &str) -> String {
    let line = SCRIPT
        .lines()
        .find(|l| l.contains("\"$nboard_game\"") && l.contains("printf '"))
        .expect("scripts/windows-smoke.sh has no printf '...' \"$nboard_game\" line");
    let format = line
        .split_once("printf '")
        .and_then(|(_, rest)| rest.split_once('\''))
        .map(|(format, _)| format)
        .unwrap_or_else(|| panic!("no printf format in: {line}"));
    format.replace("\\n", "\n").replacen("%s", game, 1)
}

#[test]
fn the_smoke_scripts_nboard_exchange_is_what_the_engine_answers() {
    let input = script_input(&script_value("nboard_game"));
    assert_eq!(input.lines().count(), 5, "{input}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .arg("nboard")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("the lines are sent");
    let out = child
        .wait_with_output()
        .expect("the engine ends at the input's end");
    assert!(out.status.success(), "{:?}", out.status);
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    let first = script_value("nboard_first");
    let second = script_value("nboard_second");
    assert_eq!(
        lines.get(..2),
        Some(&[first.as_str(), second.as_str()][..]),
        "{text}"
    );
    // The script takes the last `===` line, as here.
    let answer = lines.iter().rev().find(|l| l.starts_with("===")).copied();
    let expected = script_value("nboard_move");
    assert!(
        answer.is_some_and(|a| a.starts_with(&expected)),
        "the move's line {answer:?} does not start with {expected:?}: {text}"
    );
}
