//! The NBoard protocol: a scripted session against the real binary, asserting every reply.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// `reversi-engine nboard` with a small table, its standard streams piped.
fn start_engine() -> Child {
    Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(["nboard", "--tt-mib", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts")
}

/// Runs `reversi-engine nboard` on `script` as a GUI does: each line is sent, and when a
/// line comes with a reply prefix, nothing more is sent until a reply line starting with it
/// has come (a `ping` stops any search, so a GUI waits for the answer it wants first).
/// Returns every output line.
fn session(script: &[(&str, Option<&str>)]) -> Vec<String> {
    let mut child = start_engine();
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut out = Vec::new();
    let mut quit_sent = false;
    for (line, reply) in script {
        // After `quit` the engine may be gone before a later line is written: the pipe is
        // then closed, which is what the script tests (lines after `quit` are not read).
        match writeln!(stdin, "{line}") {
            Err(e) if quit_sent && e.kind() == std::io::ErrorKind::BrokenPipe => continue,
            written => written.expect("write a command"),
        }
        quit_sent |= *line == "quit";
        if let Some(prefix) = reply {
            loop {
                let mut text = String::new();
                assert!(
                    stdout.read_line(&mut text).expect("read a reply") > 0,
                    "no reply {prefix:?} to {line:?}: {out:?}"
                );
                let text = text.trim_end().to_string();
                let done = text.starts_with(prefix);
                out.push(text);
                if done {
                    break;
                }
            }
        }
    }
    drop(stdin);
    let mut rest = String::new();
    stdout
        .read_to_string(&mut rest)
        .expect("the rest of the output");
    out.extend(rest.lines().map(String::from));
    let status = child.wait().expect("the engine ends");
    assert!(status.success());
    out
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

/// Replaces the time of a `=== move/eval/time` line and the figures of a `nodestats` line,
/// which vary.
fn without_time(line: &str) -> String {
    match line.rsplit_once('/') {
        Some((head, _)) if line.starts_with("===") => format!("{head}/T"),
        _ if line.starts_with("nodestats ") => "nodestats N T".to_string(),
        _ => line.to_string(),
    }
}

/// The lines of a `go` without its progress: every line before the move must be a
/// completed iteration's `status depth ...` or the `nodestats` that comes just before it.
fn without_progress(out: &[String]) -> Vec<String> {
    let mut kept = Vec::new();
    for (i, line) in out.iter().enumerate() {
        let progress = line.starts_with("status depth ")
            || (line.starts_with("nodestats ")
                && out.get(i + 1).is_some_and(|l| l.starts_with("===")));
        if !progress {
            kept.push(line.clone());
        }
    }
    kept
}

#[test]
fn scripted_session() {
    let game = ffo1_ggf();
    let set_game = format!("set game {game}");
    let truncated = format!("set game {}", &game[..40]);
    let out = session(&[
        ("nboard 2", None),
        ("set depth 4", None),
        (&set_game, None),
        ("ping 1", Some("pong")),
        ("analyze", Some("status")),
        ("hint 3", Some("status thinking")),
        ("", Some("status")),
        ("go", Some("===")),
        ("ping 2", Some("pong")),
        ("move z9", None),
        ("move a1", None),
        ("frobnicate now", None),
        ("set depth 99", None),
        (&truncated, None),
        ("move g8", None),
        ("ping 3", Some("pong")),
        ("learn", Some("learned")),
        ("set contempt 0", None),
        ("quit", None),
        ("ping 4", None),
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
        "status depth 4 H1 +11.00",
        "status depth 14 exact G8 +18.00",
        "nodestats N T",
        "=== G8/18.00/T",
        "pong 2",
        "status move \"z9\": \"z9\": not a square; the position is unchanged",
        "status move \"a1\": a1 is not legal for Black here (legal: b1 h1 a2 g2 a3 a4 h7 g8); the position is unchanged",
        "status unknown command \"frobnicate\"",
        "status set depth: \"99\" is not a depth 1..60",
        "status set game: GGF line 1, column 1: the game is not closed with \";)\"; the position is unchanged",
        "pong 3",
        "status learn: no opening book (--book), nothing was learned",
        "learned",
        "status set contempt: not supported, draws score 0 (the setting is ignored)",
    ];
    assert_eq!(out, expected);
}

#[test]
fn ping_after_go_waits_for_the_move_and_version_1_is_accepted() {
    let out = session(&[
        ("nboard 1", None),
        ("set depth 6", None),
        ("go", Some("===")),
        ("ping 7", Some("pong")),
    ]);
    // The move comes after one status line a completed iteration, 1 to 6, and the nodes.
    let depths: Vec<&str> = out
        .iter()
        .filter_map(|l| l.strip_prefix("status depth "))
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(depths, ["1", "2", "3", "4", "5", "6"], "{out:?}");
    let out = without_progress(&out);
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(out[0], "set myname Reversi");
    assert!(out[1].starts_with("=== "), "{out:?}");
    let mv = out[1][4..].split('/').next().unwrap().to_lowercase();
    assert!(["d3", "c4", "f5", "e6"].contains(&mv.as_str()), "{mv}");
    assert_eq!(out[2], "pong 7");
}

/// Runs the engine on raw input bytes, all sent at once, and returns its output lines; fails
/// if it has not finished within `limit`.
fn raw_session(input: &[u8], limit: Duration) -> Vec<String> {
    let mut child = start_engine();
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input).expect("write the input");
    drop(stdin);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let output = rx
        .recv_timeout(limit)
        .expect("the engine answers within the limit")
        .expect("the engine ends");
    assert!(output.status.success());
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn a_ping_stops_a_search_at_once() {
    // Issue 17: a search could not be interrupted. Depth 40 from the start would run for
    // ages; the ping that follows stops it, the move found so far is given, then the pong.
    let out = raw_session(
        b"nboard 2\nset depth 40\ngo\nping 5\nhint 2\nping 6\nanalyze\nquit\n",
        Duration::from_secs(60),
    );
    let out = without_progress(&out);
    assert_eq!(out[0], "set myname Reversi");
    assert!(out[1].starts_with("=== "), "{out:?}");
    let mv = out[1][4..].split('/').next().unwrap().to_lowercase();
    assert!(["d3", "c4", "f5", "e6"].contains(&mv.as_str()), "{mv}");
    assert_eq!(out[2], "pong 5");
    assert_eq!(out[3], "status thinking");
    assert_eq!(out.iter().filter(|l| l.starts_with("search ")).count(), 2);
    assert!(out.contains(&"pong 6".to_string()), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("status"), "{out:?}");
}

#[test]
fn a_line_that_is_not_utf8_gets_a_status_and_the_engine_goes_on() {
    // Issue 17: invalid UTF-8 ended the engine.
    let out = raw_session(
        b"nboard 2\nmove \xff\xfe\nping 1\n",
        Duration::from_secs(60),
    );
    assert_eq!(
        out,
        [
            "set myname Reversi",
            "status line 2 is not UTF-8 text; ignored",
            "pong 1"
        ]
    );
}
