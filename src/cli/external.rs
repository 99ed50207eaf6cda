//! Other programs as match opponents: an NBoard engine run as a child process, or a program
//! started once per move with the game's transcript as its last argument.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use crate::cli::selfplay::Mover;
use crate::engine::{Game, GgfGame, Square};

/// A shell command, run by the platform's shell.
fn shell(command: &str) -> Command {
    if cfg!(windows) {
        let mut c = Command::new("cmd");
        c.args(["/C", command]);
        c
    } else {
        let mut c = Command::new("sh");
        c.args(["-c", command]);
        c
    }
}

/// Parses a move as engines print it (`f5`, `F5`, `f5/1.00/0.3`).
fn parse_move(text: &str, who: &str) -> Result<Square, String> {
    let mv = text.split('/').next().unwrap_or("").trim();
    mv.parse::<Square>()
        .map_err(|_| format!("{who}: \"{text}\" is not a move"))
}

/// An NBoard engine as a child process.
pub struct NboardEngine {
    command: String,
    name: String,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    pings: u64,
}

impl NboardEngine {
    /// Starts `command`, says `nboard 2`, sets `depth` if given, and waits for its name.
    ///
    /// # Errors
    /// The program cannot be started or does not answer the protocol.
    pub fn start(command: &str, depth: Option<u32>) -> Result<NboardEngine, String> {
        let mut child = shell(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("{command}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no standard input")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no standard output")?);
        let mut engine = NboardEngine {
            command: command.to_string(),
            name: command.to_string(),
            child,
            stdin,
            stdout,
            pings: 0,
        };
        engine.send("nboard 2")?;
        if let Some(d) = depth {
            engine.send(&format!("set depth {d}"))?;
        }
        engine.sync()?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("{}: {e}", self.command))
    }

    fn read_line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.stdout.read_line(&mut line) {
            Ok(0) => Err(format!("{}: the engine closed its output", self.command)),
            Ok(_) => Ok(line.trim_end().to_string()),
            Err(e) => Err(format!("{}: {e}", self.command)),
        }
    }

    /// Pings and reads until the pong, noting the engine's name on the way.
    fn sync(&mut self) -> Result<(), String> {
        self.pings += 1;
        let ping = self.pings;
        self.send(&format!("ping {ping}"))?;
        loop {
            let line = self.read_line()?;
            if let Some(name) = line.strip_prefix("set myname ") {
                self.name = name.trim().to_string();
            } else if line.trim() == format!("pong {ping}") {
                return Ok(());
            }
        }
    }
}

impl Mover for NboardEngine {
    fn new_game(&mut self) -> Result<(), String> {
        self.sync()
    }

    fn choose(&mut self, game: &Game) -> Result<Square, String> {
        let ggf = GgfGame::new(game, "black", "white", "match");
        self.send(&format!("set game {ggf}"))?;
        self.send("go")?;
        loop {
            let line = self.read_line()?;
            if let Some(mv) = line.strip_prefix("===") {
                return parse_move(mv.trim(), &self.name);
            }
        }
    }

    fn name(&self) -> String {
        self.name.clone()
    }
}

impl Drop for NboardEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A program started once per move: `<command> <transcript>` prints its move.
pub struct PerMoveProgram {
    /// The command, to which the transcript is appended as the last argument.
    pub command: String,
}

impl Mover for PerMoveProgram {
    fn choose(&mut self, game: &Game) -> Result<Square, String> {
        let transcript = game.transcript();
        let output = shell(&format!("{} '{}'", self.command, transcript))
            .stderr(Stdio::inherit())
            .output()
            .map_err(|e| format!("{}: {e}", self.command))?;
        if !output.status.success() {
            return Err(format!(
                "{} '{transcript}': exited with {}",
                self.command, output.status
            ));
        }
        let text = String::from_utf8_lossy(&output.stdout);
        let first = text.split_whitespace().next().unwrap_or("");
        parse_move(first, &self.command)
    }

    fn name(&self) -> String {
        self.command.clone()
    }
}
