//! Other programs as match opponents: an NBoard engine run as a child process
//! ([`crate::nboard_client`]), or a program started once per move with the game's
//! transcript as its last argument.

use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::cli::selfplay::Mover;
use crate::engine::{Game, Square};
pub use crate::nboard_client::NboardEngine;
use crate::nboard_client::{collect_stderr, line_reader, parse_move, shell, stderr_note, stop};

impl Mover for NboardEngine {
    fn new_game(&mut self) -> Result<(), String> {
        NboardEngine::new_game(self)
    }

    fn choose(&mut self, game: &Game) -> Result<Square, String> {
        NboardEngine::choose(self, game)
    }

    fn name(&self) -> String {
        NboardEngine::name(self)
    }
}

/// A program started once per move: `<command> <transcript>` prints its move. The
/// transcript writes passes as `pa`.
pub struct PerMoveProgram {
    /// The command, to which the transcript is appended as the last argument.
    pub command: String,
    /// The longest a move may take; the program is stopped after it.
    pub timeout: Duration,
}

impl Mover for PerMoveProgram {
    fn choose(&mut self, game: &Game) -> Result<Square, String> {
        // Passes written out (`pa`): a pass at the end cannot be left implicit.
        let transcript = game.transcript_with_passes();
        let who = format!("{} '{transcript}'", self.command);
        let mut child = shell(&format!("{} '{}'", self.command, transcript))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{}: {e}", self.command))?;
        let lines = line_reader(child.stdout.take().ok_or("no standard output")?);
        let stderr = collect_stderr(child.stderr.take().ok_or("no standard error")?);
        let deadline = Instant::now() + self.timeout;
        let stopped = |child: &mut Child| {
            stop(child);
            format!(
                "{who}: no move within {} s (the program was stopped; --move-timeout-s sets \
                 the limit){}",
                self.timeout.as_secs(),
                stderr_note(&stderr)
            )
        };
        // The first word of its output is the move; the rest is read and dropped.
        let mut first = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match lines.recv_timeout(left) {
                Ok(Some(line)) => {
                    if first.is_none() {
                        first = line.split_whitespace().next().map(str::to_string);
                    }
                }
                Ok(None) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) => return Err(stopped(&mut child)),
            }
        }
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => return Err(stopped(&mut child)),
            }
        };
        if !status.success() {
            return Err(format!(
                "{who}: exited with {status}{}",
                stderr_note(&stderr)
            ));
        }
        match first {
            Some(word) => parse_move(&word, &who),
            None => Err(format!("{who}: printed no move{}", stderr_note(&stderr))),
        }
    }

    fn name(&self) -> String {
        self.command.clone()
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn game() -> Game {
        Game::from_transcript("f5").unwrap()
    }

    #[test]
    fn a_program_that_hangs_is_stopped_at_its_timeout() {
        // Issue 17: a hanging opponent hung the match silently.
        let mut p = PerMoveProgram {
            command: "echo thinking >&2; sleep 30; echo".into(),
            timeout: Duration::from_secs(1),
        };
        let start = Instant::now();
        let e = p.choose(&game()).unwrap_err();
        assert!(start.elapsed() < Duration::from_secs(20), "{e}");
        assert_eq!(
            e,
            "echo thinking >&2; sleep 30; echo 'f5': no move within 1 s (the program was \
             stopped; --move-timeout-s sets the limit); its standard error ended with: thinking"
        );
    }

    #[test]
    fn a_program_that_fails_says_how_and_what_it_printed() {
        let mut p = PerMoveProgram {
            command: "echo 'no book' >&2; exit 3; echo".into(),
            timeout: Duration::from_secs(10),
        };
        let e = p.choose(&game()).unwrap_err();
        assert_eq!(
            e,
            "echo 'no book' >&2; exit 3; echo 'f5': exited with exit status: 3; its standard \
             error ended with: no book"
        );
        let mut p = PerMoveProgram {
            command: "echo d6 #".into(),
            timeout: Duration::from_secs(10),
        };
        assert_eq!(p.choose(&game()), Ok("d6".parse().unwrap()));
    }
}
