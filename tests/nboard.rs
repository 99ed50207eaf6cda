//! The NBoard protocol: a scripted session against the real binary, asserting every reply.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `reversi-engine nboard` on `script` and returns its output lines.
fn session(script: &[&str]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(["nboard", "--tt-mib", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut stdin = child.stdin.take().expect("stdin");
    for line in script {
        writeln!(stdin, "{line}").expect("write a command");
    }
    drop(stdin);
    let output = child.wait_with_output().expect("the engine ends");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(String::from)
        .collect()
}

/// FFO #1 (14 empties, Black to move; G8 +18, H1 +12, H7 +6, A2 +6) as a GGF game.
fn ffo1_ggf() -> String {
    let obf = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--";
    let board: String = obf
        .chars()
        .map(|c| if c == 'X' { '*' } else { c })
        .collect();
    format!("(;GM[Othello]PC[test]PB[black]PW[white]TY[8]BO[8 {board} *];)")
}

/// Replaces the time of a `=== move/eval/time` line, which varies.
fn without_time(line: &str) -> String {
    match line.rsplit_once('/') {
        Some((head, _)) if line.starts_with("===") => format!("{head}/T"),
        _ => line.to_string(),
    }
}

#[test]
fn scripted_session() {
    let game = ffo1_ggf();
    let set_game = format!("set game {game}");
    let truncated = format!("set game {}", &game[..40]);
    let out = session(&[
        "nboard 2",
        "set depth 4",
        &set_game,
        "ping 1",
        "analyze",
        "hint 3",
        "go",
        "ping 2",
        "move z9",
        "move a1",
        "frobnicate now",
        "set depth 99",
        &truncated,
        "move g8",
        "ping 3",
        "learn",
        "set contempt 0",
        "quit",
        "ping 4",
    ]);
    let out: Vec<String> = out.iter().map(|l| without_time(l)).collect();
    let expected = [
        "set myname Reversi",
        "pong 1",
        "status analyzing",
        "analysis 0 18.00",
        "status",
        "status thinking",
        "search G8 18.00 0 100%",
        "search H1 12.00 0 100%",
        "search A2 6.00 0 100%",
        "status",
        "=== G8/18.00/T",
        "pong 2",
        "status move \"z9\": \"z9\": not a square; the position is unchanged",
        "status move \"a1\": a1 is not legal for Black here (legal: b1 h1 a2 g2 a3 a4 h7 g8); the position is unchanged",
        "status unknown command \"frobnicate\"",
        "status set depth: \"99\" is not a depth 1..60",
        "status set game: GGF line 1, column 1: the game is not closed with \";)\"; the position is unchanged",
        "pong 3",
        "learned",
    ];
    assert_eq!(out, expected);
}

#[test]
fn ping_after_go_waits_for_the_move_and_version_1_is_accepted() {
    let out = session(&["nboard 1", "set depth 6", "go", "ping 7"]);
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(out[0], "set myname Reversi");
    assert!(out[1].starts_with("=== "), "{out:?}");
    let mv = out[1][4..].split('/').next().unwrap().to_lowercase();
    assert!(["d3", "c4", "f5", "e6"].contains(&mv.as_str()), "{mv}");
    assert_eq!(out[2], "pong 7");
}
