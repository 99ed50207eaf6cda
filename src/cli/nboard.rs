//! `reversi-engine nboard`: the NBoard protocol, version 2, over standard input and output.
//!
//! Commands are handled one at a time, in order: a search started by `go`, `hint` or
//! `analyze` finishes before the next line is read, so `ping` is answered only after any
//! search in hand. Unknown or malformed commands, illegal moves and bad GGF get a `status`
//! line naming the problem; the position stays as it was and the engine keeps serving.

use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;

use crate::cli::engine_spec::EngineSpec;
use crate::engine::{Game, GgfGame, Ply, SearchLimits, Searcher, Square};

/// The name the engine gives itself.
const NAME: &str = "Reversi";

/// Arguments of `nboard`.
#[derive(Debug, Args)]
pub struct NboardArgs {
    /// The engine's settings: `shipped`, `simple` or a config folder.
    #[arg(long, default_value = "shipped")]
    config: String,
    /// Transposition-table size in MiB.
    #[arg(long, default_value_t = 64)]
    tt_mib: usize,
}

/// One protocol session: the game the GUI set up and the engine's settings.
pub struct Session {
    searcher: Searcher,
    game: Game,
    depth: u32,
    contempt: i32,
}

impl Session {
    /// A session searching with `searcher`, from the standard start, at depth 12.
    pub fn new(searcher: Searcher) -> Session {
        Session {
            searcher,
            game: Game::new(),
            depth: 12,
            contempt: 0,
        }
    }

    /// Handles one command line, writing the replies to `out`; false for `quit`.
    ///
    /// # Errors
    /// Only a failure to write to `out`.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> io::Result<bool> {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "" => {}
            "nboard" => match rest.parse::<u32>() {
                Ok(1 | 2) => writeln!(out, "set myname {NAME}")?,
                _ => writeln!(
                    out,
                    "status nboard: protocol version \"{rest}\" is not 1 or 2"
                )?,
            },
            "set" => self.set(rest, out)?,
            "move" => self.play(rest, out)?,
            "go" => self.go(out)?,
            "hint" => match rest.parse::<usize>() {
                Ok(n) if n >= 1 => self.hint(n, out)?,
                _ => writeln!(out, "status hint: \"{rest}\" is not a number of moves")?,
            },
            "ping" => writeln!(out, "pong {rest}")?,
            "learn" => writeln!(out, "learned")?,
            "analyze" => self.analyze(out)?,
            "quit" => return Ok(false),
            other => writeln!(out, "status unknown command \"{other}\"")?,
        }
        Ok(true)
    }

    fn set(&mut self, rest: &str, out: &mut dyn Write) -> io::Result<()> {
        let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        match what {
            "depth" => match value.parse::<u32>() {
                Ok(d) if (1..=60).contains(&d) => self.depth = d,
                _ => writeln!(out, "status set depth: \"{value}\" is not a depth 1..60")?,
            },
            "contempt" => match value.parse::<i32>() {
                Ok(c) => self.contempt = c,
                Err(_) => writeln!(out, "status set contempt: \"{value}\" is not a number")?,
            },
            "game" => match value.parse::<GgfGame>() {
                Ok(g) => {
                    self.game = g.game;
                    self.searcher.clear();
                }
                Err(e) => writeln!(out, "status set game: {e}; the position is unchanged")?,
            },
            other => writeln!(out, "status set: unknown setting \"{other}\"")?,
        }
        Ok(())
    }

    fn play(&mut self, rest: &str, out: &mut dyn Write) -> io::Result<()> {
        let text = rest.split('/').next().unwrap_or("").trim();
        let ply = if text.eq_ignore_ascii_case("pa") {
            Ok(Ply::Pass)
        } else {
            text.parse::<Square>().map(Ply::Move)
        };
        let result = match ply {
            Err(e) => Err(e.to_string()),
            Ok(ply) => {
                if matches!(ply, Ply::Move(_)) && self.game.must_pass() {
                    self.game.play(Ply::Pass).expect("a forced pass is legal");
                }
                let before = self.game.clone();
                self.game.play(ply).map_err(|e| {
                    self.game = before;
                    e.to_string()
                })
            }
        };
        if let Err(message) = result {
            writeln!(
                out,
                "status move \"{text}\": {message}; the position is unchanged"
            )?;
        }
        Ok(())
    }

    fn limits(&self) -> SearchLimits {
        SearchLimits::depth(self.depth)
    }

    fn go(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let pos = self.game.position();
        if pos.board.is_game_over() {
            return writeln!(out, "status go: the game is over");
        }
        if !pos.board.has_moves() {
            return writeln!(out, "=== PA");
        }
        let clock = Instant::now();
        let stop = AtomicBool::new(false);
        let limits = self.limits();
        let r = self
            .searcher
            .search(&pos.board, &limits, &stop, &clock, &mut |_| {});
        let mv = r.info.best_move.expect("a legal move when not passing");
        writeln!(
            out,
            "=== {}/{:.2}/{:.3}",
            mv.to_string().to_uppercase(),
            f64::from(r.info.score),
            clock.elapsed().as_secs_f64()
        )
    }

    fn hint(&mut self, n: usize, out: &mut dyn Write) -> io::Result<()> {
        let pos = self.game.position();
        writeln!(out, "status thinking")?;
        if pos.board.has_moves() {
            let stop = AtomicBool::new(false);
            let limits = self.limits();
            let mut scores = self
                .searcher
                .score_moves(&pos.board, &limits, &stop, &Instant::now());
            scores.sort_by_key(|&(sq, s)| (-s, sq));
            let exact = pos.board.empty_count() <= self.searcher.config().exact_empties;
            let depth = if exact {
                "100%".to_string()
            } else {
                self.depth.to_string()
            };
            for (sq, score) in scores.into_iter().take(n) {
                writeln!(
                    out,
                    "search {} {:.2} 0 {depth}",
                    sq.to_string().to_uppercase(),
                    f64::from(score)
                )?;
            }
        } else if !pos.board.is_game_over() {
            writeln!(out, "search PA 0.00 0 {}", self.depth)?;
        }
        writeln!(out, "status")
    }

    fn analyze(&mut self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "status analyzing")?;
        let stop = AtomicBool::new(false);
        let limits = self.limits();
        for n in (0..=self.game.cursor()).rev() {
            let pos = self.game.position_at(n);
            let score = if pos.board.is_game_over() {
                pos.board.final_score()
            } else {
                self.searcher
                    .search(&pos.board, &limits, &stop, &Instant::now(), &mut |_| {})
                    .info
                    .score
            };
            writeln!(out, "analysis {n} {:.2}", f64::from(score))?;
        }
        writeln!(out, "status")
    }
}

/// Runs `nboard` until standard input closes or `quit`.
///
/// # Errors
/// A bad config folder, or standard input or output failing.
pub fn run(args: &NboardArgs) -> Result<(), String> {
    let engine = EngineSpec::from_arg(&args.config)?;
    let mut session = Session::new(engine.searcher(args.tt_mib.max(1)));
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| format!("standard input: {e}"))?;
        let go_on = session
            .handle(&line, &mut out)
            .and_then(|c| out.flush().map(|()| c))
            .map_err(|e| format!("standard output: {e}"))?;
        if !go_on {
            break;
        }
    }
    Ok(())
}
