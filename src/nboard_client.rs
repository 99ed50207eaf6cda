//! Other Othello programs that speak the NBoard protocol (NTest, Edax, our own
//! `reversi-engine nboard`), run as child processes: started, asked for moves and hints,
//! and stopped, with every answer awaited under a time limit. A program that exits, hangs
//! or prints something else is told in words (its exit status and the end of its standard
//! error), never a hang. The command line's matches (`cli/external.rs`) and the game's
//! other engine (`app/play/other_engine.rs`) both use it.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use crate::engine::{Game, GgfGame, Square};

/// A shell command, run by the platform's shell.
pub(crate) fn shell(command: &str) -> Command {
    if cfg!(windows) {
        let mut c = Command::new("cmd");
        c.args(["/C", command]);
        c
    } else {
        let mut c = Command::new("sh");
        c.args(["-c", command]);
        // A group of its own, so that stopping it stops what the shell started too.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut c, 0);
        c
    }
}

/// Stops a child started by [`shell`] and whatever it started (on Unix, its process
/// group: a hung engine behind `sh -c` would otherwise run on), then reaps it.
pub(crate) fn stop(child: &mut Child) {
    #[cfg(unix)]
    if let (Ok(None), Ok(group)) = (child.try_wait(), libc::pid_t::try_from(child.id())) {
        // The child is alive (not reaped, so its id is still its own) and leads its own
        // group (`process_group(0)` in `shell`): the group is its own and its children's.
        if group > 1 {
            // SAFETY: kill(2) with a negative id signals that process group only.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Parses a move as engines print it (`f5`, `F5`, `f5/1.00/0.3`).
pub(crate) fn parse_move(text: &str, who: &str) -> Result<Square, String> {
    let mv = text.split('/').next().unwrap_or("").trim();
    mv.parse::<Square>()
        .map_err(|_| format!("{who}: \"{}\" is not a move", shorten(text)))
}

/// The longest line of an opponent's output that is kept (longer lines are cut).
const MAX_LINE_BYTES: usize = 64 * 1024;

/// Lines an NBoard engine may print while it is asked for one answer: more is garbage.
const MAX_LINES_PER_ANSWER: usize = 100_000;

/// The last bytes of an opponent's standard error that are kept for messages.
const STDERR_TAIL_BYTES: usize = 2048;

/// At most 80 characters of `text`, for messages.
pub(crate) fn shorten(text: &str) -> String {
    let mut out: String = text.chars().take(80).collect();
    if text.chars().count() > 80 {
        out.push_str("...");
    }
    out
}

/// The last bytes a child wrote to its standard error, and whether it closed it.
#[derive(Default)]
pub(crate) struct StderrTail {
    bytes: Mutex<Vec<u8>>,
    closed: std::sync::atomic::AtomicBool,
}

/// Collects the tail of a child's standard error on a thread of its own.
pub(crate) fn collect_stderr(stderr: ChildStderr) -> Arc<StderrTail> {
    let tail = Arc::new(StderrTail::default());
    let keep = Arc::clone(&tail);
    std::thread::spawn(move || {
        let mut stderr = stderr;
        let mut buf = [0u8; 4096];
        while let Ok(n) = stderr.read(&mut buf) {
            if n == 0 {
                break;
            }
            let mut t = keep.bytes.lock().expect("stderr tail");
            t.extend_from_slice(&buf[..n]);
            let excess = t.len().saturating_sub(STDERR_TAIL_BYTES);
            t.drain(..excess);
        }
        keep.closed
            .store(true, std::sync::atomic::Ordering::Release);
    });
    tail
}

/// `; its standard error ended with: ...` (its last three lines), or nothing when it
/// printed none. Waits a moment for a child that is exiting to close its standard error.
pub(crate) fn stderr_note(tail: &StderrTail) -> String {
    for _ in 0..50 {
        if tail.closed.load(std::sync::atomic::Ordering::Acquire) {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let t = tail.bytes.lock().expect("stderr tail");
    let text = String::from_utf8_lossy(&t);
    let text = text.trim();
    if text.is_empty() {
        String::new()
    } else {
        let last: Vec<&str> = text.lines().rev().take(3).collect();
        let last: Vec<&str> = last.into_iter().rev().collect();
        format!("; its standard error ended with: {}", last.join(" | "))
    }
}

/// Reads lines of at most [`MAX_LINE_BYTES`] on a thread of its own, sending each (or the
/// end of the output) through a channel, so that a reader can wait with a timeout.
pub(crate) fn line_reader(stdout: ChildStdout) -> mpsc::Receiver<Option<String>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut stdout = BufReader::new(stdout);
        loop {
            let mut bytes = Vec::new();
            let read = (&mut stdout)
                .take(MAX_LINE_BYTES as u64)
                .read_until(b'\n', &mut bytes);
            match read {
                Ok(0) | Err(_) => {
                    let _ = tx.send(None);
                    break;
                }
                Ok(_) => {
                    let line = String::from_utf8_lossy(&bytes).trim_end().to_string();
                    if tx.send(Some(line)).is_err() {
                        break;
                    }
                }
            }
        }
    });
    rx
}

/// A move's value from an NBoard engine's answer to `hint`: `search F5 1.50 0 18@68%`, or a
/// `book` line.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineHint {
    /// The move.
    pub square: Square,
    /// Its value in discs, for the side to move.
    pub score: f64,
    /// The search's depth as the engine writes it (`18`, `18@68%`, `100%` when exact).
    pub depth: String,
    /// Whether the value is the engine's opening book's.
    pub book: bool,
}

impl EngineHint {
    /// Reads a `search` or `book` line; `None` for anything else (a pass, other lines).
    pub fn parse(line: &str) -> Option<EngineHint> {
        let mut words = line.split_whitespace();
        let book = match words.next()? {
            "search" => false,
            "book" => true,
            _ => return None,
        };
        let square = words.next()?.parse::<Square>().ok()?;
        let score = words
            .next()?
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite())?;
        let _variance = words.next();
        let depth = words.next().unwrap_or("").to_string();
        Some(EngineHint {
            square,
            score,
            depth,
            book,
        })
    }

    /// Whether the value is exact (`100%`, as NBoard engines write a solved position).
    pub fn exact(&self) -> bool {
        self.depth == "100%"
    }

    /// The depth and the selective searches' confidence: `18@68%` is `(18, Some(68))`,
    /// `18` is `(18, None)`; `None` for an exact value or a depth that does not read.
    pub fn depth_and_confidence(&self) -> Option<(u32, Option<u8>)> {
        if self.exact() {
            return None;
        }
        match self.depth.split_once('@') {
            Some((depth, pct)) => {
                Some((depth.parse().ok()?, pct.trim_end_matches('%').parse().ok()))
            }
            None => Some((self.depth.parse().ok()?, None)),
        }
    }
}

/// An NBoard engine as a child process.
pub struct NboardEngine {
    command: String,
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<Option<String>>,
    stderr: Arc<StderrTail>,
    timeout: Duration,
    pings: u64,
}

impl NboardEngine {
    /// Starts `command`, says `nboard 2`, sets `depth` if given, and waits for its name.
    /// Every answer must come within `timeout`.
    ///
    /// # Errors
    /// The program cannot be started, exits, does not answer within `timeout`, or prints
    /// something else than the protocol.
    pub fn start(
        command: &str,
        depth: Option<u32>,
        timeout: Duration,
    ) -> Result<NboardEngine, String> {
        let mut child = shell(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{command}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no standard input")?;
        let lines = line_reader(child.stdout.take().ok_or("no standard output")?);
        let stderr = collect_stderr(child.stderr.take().ok_or("no standard error")?);
        let mut engine = NboardEngine {
            command: command.to_string(),
            name: command.to_string(),
            child,
            stdin,
            lines,
            stderr,
            timeout,
            pings: 0,
        };
        engine.send("nboard 2")?;
        if let Some(d) = depth {
            engine.send(&format!("set depth {d}"))?;
        }
        engine.sync()?;
        Ok(engine)
    }

    /// Why the engine cannot go on: it exited (with its status), and what it last said on
    /// standard error.
    fn gone(&mut self, what: &str) -> String {
        // Give an exiting child a moment to be reaped, so that its status can be told.
        let status = (0..20).find_map(|_| match self.child.try_wait() {
            Ok(Some(status)) => Some(status.to_string()),
            _ => {
                std::thread::sleep(Duration::from_millis(10));
                None
            }
        });
        let status = status.map_or("is not answering".to_string(), |s| format!("exited ({s})"));
        format!(
            "{}: the engine {status} {what}{}",
            self.command,
            stderr_note(&self.stderr)
        )
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let sent = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        sent.map_err(|_| self.gone(&format!("before it could be sent \"{}\"", shorten(line))))
    }

    /// The next line, waiting until `deadline` at most.
    fn read_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(Some(line)) => Ok(line),
            Ok(None) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                Err(self.gone(&format!("while {waiting_for} was awaited")))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                stop(&mut self.child);
                Err(format!(
                    "{}: no {waiting_for} within {} s (the engine was stopped){}",
                    self.command,
                    self.timeout.as_secs(),
                    stderr_note(&self.stderr)
                ))
            }
        }
    }

    /// Reads lines until `accept` takes one, within the timeout and [`MAX_LINES_PER_ANSWER`].
    fn answer<T>(
        &mut self,
        waiting_for: &str,
        mut accept: impl FnMut(&mut Self, &str) -> Option<Result<T, String>>,
    ) -> Result<T, String> {
        let deadline = Instant::now() + self.timeout;
        for _ in 0..MAX_LINES_PER_ANSWER {
            let line = self.read_line(deadline, waiting_for)?;
            if let Some(result) = accept(self, &line) {
                return result;
            }
        }
        stop(&mut self.child);
        Err(format!(
            "{}: {MAX_LINES_PER_ANSWER} lines without {waiting_for} (the engine was stopped)",
            self.command
        ))
    }

    /// Pings and reads until the pong, noting the engine's name on the way.
    fn sync(&mut self) -> Result<(), String> {
        self.pings += 1;
        let ping = self.pings;
        self.send(&format!("ping {ping}"))?;
        let pong = format!("pong {ping}");
        self.answer(&format!("\"{pong}\""), |engine, line| {
            if let Some(name) = line.strip_prefix("set myname ") {
                engine.name = name.trim().to_string();
                None
            } else {
                (line.trim() == pong).then_some(Ok(()))
            }
        })
    }

    /// Readies the engine for a new game (a ping and its pong).
    ///
    /// # Errors
    /// The engine exited or does not answer.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.sync()
    }

    /// The engine's move in `game`, whose side to move has a legal move.
    ///
    /// # Errors
    /// The engine exited, does not answer in time or answers something else than a move.
    pub fn choose(&mut self, game: &Game) -> Result<Square, String> {
        let ggf = GgfGame::new(game, "black", "white", "match");
        self.send(&format!("set game {ggf}"))?;
        self.send("go")?;
        let name = self.name.clone();
        self.answer("a move (=== MOVE)", |_, line| {
            line.strip_prefix("===")
                .map(|mv| parse_move(mv.trim(), &name))
        })
    }

    /// The engine's values of the best `n` moves in `game` (`hint n`), each move's
    /// latest line: they come as the engine deepens, and end with a bare `status`. At
    /// `within` (or the engine's own time limit, if shorter) the search is stopped by a
    /// ping and what was found stands.
    ///
    /// # Errors
    /// The engine exited, or gave no value in time.
    pub fn hints(
        &mut self,
        game: &Game,
        n: usize,
        within: Duration,
    ) -> Result<Vec<EngineHint>, String> {
        let ggf = GgfGame::new(game, "black", "white", "hints");
        self.send(&format!("set game {ggf}"))?;
        self.send(&format!("hint {n}"))?;
        let deadline = Instant::now() + within.min(self.timeout);
        let mut found: Vec<EngineHint> = Vec::new();
        for _ in 0..MAX_LINES_PER_ANSWER {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Some(line)) => {
                    let line = line.trim();
                    if line == "status" && !found.is_empty() {
                        return Ok(found);
                    }
                    if let Some(hint) = EngineHint::parse(line) {
                        found.retain(|h| h.square != hint.square);
                        found.push(hint);
                    }
                }
                Ok(None) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(self.gone("while hints were awaited"));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => break,
            }
        }
        // Out of time (or lines): a ping stops the search; the pong says it has.
        self.sync()?;
        if found.is_empty() {
            Err(format!(
                "{}: no hints within {:.0} s",
                self.command,
                within.min(self.timeout).as_secs_f64()
            ))
        } else {
            Ok(found)
        }
    }

    /// The engine's name (`set myname`), else its command.
    pub fn name(&self) -> String {
        self.name.clone()
    }
}

impl Drop for NboardEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        stop(&mut self.child);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn hint_lines_read_as_moves_values_and_depths() {
        let h = EngineHint::parse("search F5 1.50 0 18@68%").unwrap();
        assert_eq!(
            h,
            EngineHint {
                square: sq("f5"),
                score: 1.5,
                depth: "18@68%".into(),
                book: false,
            }
        );
        assert_eq!(h.depth_and_confidence(), Some((18, Some(68))));
        assert!(!h.exact());
        let exact = EngineHint::parse("search c4 -4.00 0 100%").unwrap();
        assert!(exact.exact());
        assert_eq!(exact.depth_and_confidence(), None);
        let book = EngineHint::parse("book d3 0.00 0 12").unwrap();
        assert!(book.book);
        assert_eq!(book.depth_and_confidence(), Some((12, None)));
        for line in [
            "search PA 0.00 0 12",
            "status thinking",
            "search f5 nan 0 3",
            "search f5",
            "=== F5",
            "",
        ] {
            assert_eq!(EngineHint::parse(line), None, "{line}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn an_nboard_engine_that_exits_or_babbles_is_reported() {
        // Issue 17: an engine that exited at once gave "Broken pipe (os error 32)".
        let e = NboardEngine::start("echo crashed >&2; exit 2", None, Duration::from_secs(10))
            .err()
            .unwrap();
        assert!(
            e.starts_with("echo crashed >&2; exit 2: the engine exited (exit status: 2) "),
            "{e}"
        );
        assert!(
            e.ends_with("; its standard error ended with: crashed"),
            "{e}"
        );
        // Garbage for ever: stopped after the timeout or the line limit.
        let start = Instant::now();
        let e = NboardEngine::start("yes garbage", None, Duration::from_secs(2))
            .err()
            .unwrap();
        assert!(start.elapsed() < Duration::from_secs(30), "{e}");
        assert!(
            e.starts_with("yes garbage: 100000 lines without \"pong 1\"")
                || e.starts_with("yes garbage: no \"pong 1\" within 2 s"),
            "{e}"
        );
    }
}
