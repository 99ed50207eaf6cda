//! `reversi-engine nboard`: the NBoard protocol, version 2, over standard input and output.
//!
//! Commands are handled one at a time, in order. Standard input is read on its own thread,
//! so that a `ping` (or `quit`) sent while `go`, `hint` or `analyze` searches stops that
//! search at once: it answers with what it has (the last completed iteration), then the
//! `pong` follows, as the protocol asks. Unknown or malformed commands, illegal moves, bad
//! GGF and lines that are not UTF-8 get a `status` line naming the problem; the position
//! stays as it was and the engine keeps serving.

use std::fmt;
use std::io::{self, BufRead, Write};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use clap::Args;

use std::path::PathBuf;

use rand::SeedableRng;

use crate::cli::engine_spec::EngineSpec;
use crate::engine::book::Book;
use crate::engine::search::confidence_pct;
use crate::engine::{BookUse, Game, GgfGame, Ply, SearchInfo, SearchLimits, Searcher, Square};

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
    /// Play from this opening book (`shipped` or a book file): `go` plays its best move while
    /// the position is in it, `hint` lists its moves as `book` lines, and `learn` adds the
    /// game to it (and writes a book file back).
    #[arg(long, value_name = "BOOK")]
    book: Option<String>,
    /// Search threads (1..=256; default 1). Scores do not depend on it (a solve's moves
    /// neither); a search with ProbCut or a time limit may differ.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
}

/// One NBoard command line, parsed: what the session does, and what the fuzz target checks
/// round-trips (`line.parse()` of `command.to_string()` gives the command back).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NboardCommand {
    /// A blank line: nothing to do.
    Blank,
    /// `nboard <version>`: version 1 or 2.
    Nboard(u32),
    /// `set depth <1..=60>`.
    SetDepth(u32),
    /// `set contempt <n>`: accepted and answered with a status line (draws always score 0).
    SetContempt(i32),
    /// `set game <GGF>`.
    SetGame(Box<GgfGame>),
    /// `move <square|pa>[/eval/time]`.
    Move(Ply),
    /// `go`: search and answer `=== MOVE/eval/time`.
    Go,
    /// `hint <n>`: the best `n` moves.
    Hint(usize),
    /// `ping [text]`: stop any search at once, then `pong [text]`.
    Ping(String),
    /// `learn`: the game joins the opening book (with `--book`), then `learned`.
    Learn,
    /// `analyze`: the score of every position of the game.
    Analyze,
    /// `quit`.
    Quit,
}

impl FromStr for NboardCommand {
    type Err = String;

    /// Parses one line; the error is the `status` text to send back.
    fn from_str(line: &str) -> Result<NboardCommand, String> {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        Ok(match command {
            "" => NboardCommand::Blank,
            "nboard" => match rest.parse::<u32>() {
                Ok(v @ (1 | 2)) => NboardCommand::Nboard(v),
                _ => return Err(format!("nboard: protocol version \"{rest}\" is not 1 or 2")),
            },
            "set" => {
                let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                let value = value.trim();
                match what {
                    "depth" => match value.parse::<u32>() {
                        Ok(d) if (1..=60).contains(&d) => NboardCommand::SetDepth(d),
                        _ => return Err(format!("set depth: \"{value}\" is not a depth 1..60")),
                    },
                    "contempt" => match value.parse::<i32>() {
                        Ok(c) => NboardCommand::SetContempt(c),
                        Err(_) => {
                            return Err(format!("set contempt: \"{value}\" is not a number"));
                        }
                    },
                    "game" => match value.parse::<GgfGame>() {
                        Ok(g) => NboardCommand::SetGame(Box::new(g)),
                        Err(e) => {
                            return Err(format!("set game: {e}; the position is unchanged"));
                        }
                    },
                    other => return Err(format!("set: unknown setting \"{other}\"")),
                }
            }
            "move" => {
                let text = rest.split('/').next().unwrap_or("").trim();
                if text.eq_ignore_ascii_case("pa") {
                    NboardCommand::Move(Ply::Pass)
                } else {
                    match text.parse::<Square>() {
                        Ok(sq) => NboardCommand::Move(Ply::Move(sq)),
                        Err(e) => {
                            return Err(format!("move \"{text}\": {e}; the position is unchanged"));
                        }
                    }
                }
            }
            "go" => NboardCommand::Go,
            "hint" => match rest.parse::<usize>() {
                Ok(n) if (1..=64).contains(&n) => NboardCommand::Hint(n),
                _ => return Err(format!("hint: \"{rest}\" is not a number of moves 1..64")),
            },
            "ping" => NboardCommand::Ping(rest.to_string()),
            "learn" => NboardCommand::Learn,
            "analyze" => NboardCommand::Analyze,
            "quit" => NboardCommand::Quit,
            other => return Err(format!("unknown command \"{other}\"")),
        })
    }
}

impl fmt::Display for NboardCommand {
    /// The command as a GUI sends it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NboardCommand::Blank => Ok(()),
            NboardCommand::Nboard(v) => write!(f, "nboard {v}"),
            NboardCommand::SetDepth(d) => write!(f, "set depth {d}"),
            NboardCommand::SetContempt(c) => write!(f, "set contempt {c}"),
            NboardCommand::SetGame(g) => write!(f, "set game {g}"),
            NboardCommand::Move(Ply::Pass) => f.write_str("move PA"),
            NboardCommand::Move(Ply::Move(sq)) => write!(f, "move {sq}"),
            NboardCommand::Go => f.write_str("go"),
            NboardCommand::Hint(n) => write!(f, "hint {n}"),
            NboardCommand::Ping(text) if text.is_empty() => f.write_str("ping"),
            NboardCommand::Ping(text) => write!(f, "ping {text}"),
            NboardCommand::Learn => f.write_str("learn"),
            NboardCommand::Analyze => f.write_str("analyze"),
            NboardCommand::Quit => f.write_str("quit"),
        }
    }
}

/// One protocol session: the game the GUI set up and the engine's settings.
pub struct Session {
    searcher: Searcher,
    game: Game,
    depth: u32,
    /// Raised while a `ping` or `quit` waits to be read: the search in hand stops at once.
    interrupt: Arc<AtomicBool>,
    /// The opening book, and the file `learn` writes it back to.
    book: Option<(Book, Option<PathBuf>)>,
}

impl Session {
    /// A session searching with `searcher`, from the standard start, at depth 12.
    pub fn new(searcher: Searcher) -> Session {
        Session {
            searcher,
            game: Game::new(),
            depth: 12,
            interrupt: Arc::new(AtomicBool::new(false)),
            book: None,
        }
    }

    /// Plays from `book` (see [`NboardArgs`]); `learn` writes it back to `file` if given.
    pub fn with_book(mut self, book: Book, file: Option<PathBuf>) -> Session {
        self.book = Some((book, file));
        self
    }

    /// The flag that stops the session's searches (raised by the input reader).
    pub fn interrupt(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.interrupt)
    }

    /// Handles one command line, writing the replies to `out`; false for `quit`.
    ///
    /// # Errors
    /// Only a failure to write to `out`.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> io::Result<bool> {
        match line.parse::<NboardCommand>() {
            Ok(command) => self.execute(command, out),
            Err(message) => {
                writeln!(out, "status {message}")?;
                Ok(true)
            }
        }
    }

    /// Carries out one command, writing the replies to `out`; false for `quit`.
    ///
    /// # Errors
    /// Only a failure to write to `out`.
    pub fn execute(&mut self, command: NboardCommand, out: &mut dyn Write) -> io::Result<bool> {
        match command {
            NboardCommand::Blank => {}
            NboardCommand::Nboard(_) => writeln!(out, "set myname {NAME}")?,
            NboardCommand::SetDepth(d) => self.depth = d,
            NboardCommand::SetContempt(_) => writeln!(
                out,
                "status set contempt: not supported, draws score 0 (the setting is ignored)"
            )?,
            NboardCommand::SetGame(g) => {
                self.game = g.game;
                self.searcher.clear();
            }
            NboardCommand::Move(ply) => self.play(ply, out)?,
            NboardCommand::Go => self.go(out)?,
            NboardCommand::Hint(n) => self.hint(n, out)?,
            NboardCommand::Ping(text) if text.is_empty() => writeln!(out, "pong")?,
            NboardCommand::Ping(text) => writeln!(out, "pong {text}")?,
            NboardCommand::Learn => {
                self.learn(out)?;
                writeln!(out, "learned")?;
            }
            NboardCommand::Analyze => self.analyze(out)?,
            NboardCommand::Quit => return Ok(false),
        }
        Ok(true)
    }

    fn play(&mut self, ply: Ply, out: &mut dyn Write) -> io::Result<()> {
        let before = self.game.clone();
        if matches!(ply, Ply::Move(_)) && self.game.must_pass() {
            self.game.play(Ply::Pass).expect("a forced pass is legal");
        }
        if let Err(e) = self.game.play(ply) {
            self.game = before;
            let text = match ply {
                Ply::Pass => "PA".to_string(),
                Ply::Move(sq) => sq.to_string(),
            };
            writeln!(
                out,
                "status move \"{text}\": {e}; the position is unchanged"
            )?;
        }
        Ok(())
    }

    /// Adds the game to the book (searched to the session's depth), and writes a book file
    /// back.
    fn learn(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let Some((book, file)) = &mut self.book else {
            return writeln!(
                out,
                "status learn: no opening book (--book), nothing was learned"
            );
        };
        let Some(learned) = book.learn(
            &self.game,
            &mut self.searcher,
            self.depth,
            60,
            &self.interrupt,
        ) else {
            return writeln!(out, "status learn: stopped; what was searched is kept");
        };
        writeln!(
            out,
            "status learn: {} positions searched, the book holds {}",
            learned.searched,
            book.len()
        )?;
        if let Some(path) = file
            && let Err(e) = crate::cli::book_file::write_book(path, book)
        {
            writeln!(out, "status learn: {e}")?;
        }
        Ok(())
    }

    /// The book's move at `board`, if the session has a book that knows it.
    fn book_move(&self, board: &crate::engine::Board) -> Option<crate::engine::book::BookMove> {
        let (book, _) = self.book.as_ref()?;
        let mut rng = rand::rngs::StdRng::seed_from_u64(board.hash());
        BookUse::Best.choose(book, board, &mut rng)
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
        if let Some(m) = self.book_move(&pos.board) {
            return writeln!(
                out,
                "=== {}/{:.2}/{:.3}",
                m.square.to_string().to_uppercase(),
                f64::from(m.value),
                clock.elapsed().as_secs_f64()
            );
        }
        let limits = self.limits();
        // Each completed iteration as a status line, its depth with the confidence of a
        // selective one (`depth 14@87%`), as Edax reports to NBoard.
        let mut written = Ok(());
        let r = self
            .searcher
            .search(&pos.board, &limits, &self.interrupt, &clock, &mut |info| {
                if written.is_ok() {
                    written = writeln!(out, "status {}", iteration_status(info));
                }
            });
        written?;
        let mv = r.info.best_move.expect("a legal move when not passing");
        writeln!(
            out,
            "nodestats {} {:.3}",
            r.info.nodes,
            clock.elapsed().as_secs_f64()
        )?;
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
        let book_moves = self
            .book
            .as_ref()
            .map(|(book, _)| book.moves(&pos.board))
            .unwrap_or_default();
        if !book_moves.is_empty() {
            for m in book_moves.into_iter().take(n) {
                writeln!(
                    out,
                    "book {} {:.2} 0 {}",
                    m.square.to_string().to_uppercase(),
                    f64::from(m.value),
                    self.depth
                )?;
            }
        } else if pos.board.has_moves() {
            let limits = self.limits();
            let mut scores =
                self.searcher
                    .score_moves(&pos.board, &limits, &self.interrupt, &Instant::now());
            scores.sort_by_key(|&(sq, s)| (-s, sq));
            let exact = pos.board.empty_count() <= self.searcher.config().exact_empties;
            let probcut_t = self.searcher.config().probcut_t;
            let depth = if exact {
                "100%".to_string()
            } else {
                SearchInfo {
                    depth: self.depth,
                    confidence_pct: (probcut_t > 0.0).then(|| confidence_pct(probcut_t)),
                    ..SearchInfo::default()
                }
                .depth_label()
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
        let limits = self.limits();
        for n in (0..=self.game.cursor()).rev() {
            if self.interrupt.load(Ordering::Relaxed) {
                break;
            }
            let pos = self.game.position_at(n);
            let score = if pos.board.is_game_over() {
                pos.board.final_score()
            } else {
                self.searcher
                    .search(
                        &pos.board,
                        &limits,
                        &self.interrupt,
                        &Instant::now(),
                        &mut |_| {},
                    )
                    .info
                    .score
            };
            writeln!(out, "analysis {n} {:.2}", f64::from(score))?;
        }
        writeln!(out, "status")
    }
}

/// A completed iteration as `go` reports it in a `status` line: `depth 14@87% F5 +2.00`
/// (`depth 20 exact`, `depth 22 win`, when solved).
fn iteration_status(info: &SearchInfo) -> String {
    let solved = match (info.exact, info.wld) {
        (true, _) => " exact",
        (false, Some(1)) => " win",
        (false, Some(0)) => " draw",
        (false, Some(_)) => " loss",
        (false, None) => "",
    };
    let mv = info
        .best_move
        .map_or_else(|| "PA".to_string(), |sq| sq.to_string().to_uppercase());
    format!(
        "depth {}{solved} {mv} {:+.2}",
        info.depth_label(),
        f64::from(info.score)
    )
}

/// What the input thread hands the session: a line, or a line that is not UTF-8.
enum Input {
    Line(String),
    NotUtf8(usize),
}

/// Whether a line asks to stop the search in hand (`ping`, `quit`).
fn interrupts(line: &[u8]) -> bool {
    let word = line
        .split(|b| b.is_ascii_whitespace())
        .find(|w| !w.is_empty())
        .unwrap_or(&[]);
    word == b"ping" || word == b"quit"
}

/// Runs `nboard` until standard input closes or `quit`.
///
/// # Errors
/// A bad config folder or `--tt-mib`, or standard input or output failing.
pub fn run(args: &NboardArgs) -> Result<(), String> {
    let engine = EngineSpec::from_arg(&args.config)?;
    let mut searcher = engine.searcher(args.tt_mib)?;
    searcher.set_threads(crate::cli::search_threads("--threads", args.threads)?);
    let mut session = Session::new(searcher);
    if let Some(arg) = &args.book {
        let file = (arg != "shipped").then(|| PathBuf::from(arg));
        session = session.with_book(crate::cli::book_file::load_book(arg)?, file);
    }
    let interrupt = session.interrupt();
    // Pings and quits not yet handled: while there is one, searches stop at once.
    let pending = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel::<Result<Input, String>>();
    let reader_pending = Arc::clone(&pending);
    let reader_interrupt = Arc::clone(&interrupt);
    std::thread::spawn(move || {
        let mut stdin = io::stdin().lock();
        let mut number = 0;
        loop {
            let mut bytes = Vec::new();
            match stdin.read_until(b'\n', &mut bytes) {
                Ok(0) => break,
                Ok(_) => {
                    number += 1;
                    if interrupts(&bytes) {
                        reader_pending.fetch_add(1, Ordering::SeqCst);
                        reader_interrupt.store(true, Ordering::SeqCst);
                    }
                    let input = match String::from_utf8(bytes) {
                        Ok(line) => Input::Line(line),
                        Err(_) => Input::NotUtf8(number),
                    };
                    if tx.send(Ok(input)).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    let _ = tx.send(Err(format!("standard input: {e}")));
                    break;
                }
            }
        }
    });
    let mut out = io::stdout().lock();
    for input in rx {
        let go_on = match input? {
            Input::Line(line) => {
                if interrupts(line.as_bytes()) && pending.fetch_sub(1, Ordering::SeqCst) == 1 {
                    interrupt.store(false, Ordering::SeqCst);
                    // A ping read meanwhile keeps the flag raised.
                    if pending.load(Ordering::SeqCst) > 0 {
                        interrupt.store(true, Ordering::SeqCst);
                    }
                }
                session.handle(&line, &mut out)
            }
            Input::NotUtf8(n) => {
                writeln!(out, "status line {n} is not UTF-8 text; ignored").map(|()| true)
            }
        };
        let go_on = go_on
            .and_then(|c| out.flush().map(|()| c))
            .map_err(|e| format!("standard output: {e}"))?;
        if !go_on {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_round_trip() {
        let lines = [
            "nboard 2",
            "set depth 12",
            "set contempt -3",
            "move f5",
            "move PA",
            "go",
            "hint 3",
            "ping 17",
            "ping",
            "learn",
            "analyze",
            "quit",
        ];
        for line in lines {
            let command: NboardCommand = line.parse().unwrap();
            assert_eq!(command.to_string(), line);
        }
        let game = "set game (;GM[Othello]PC[a;)b]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5];)";
        let command: NboardCommand = game.parse().unwrap();
        assert_eq!(command.to_string().parse::<NboardCommand>(), Ok(command));
        assert_eq!(
            "move f5/1.00/2".parse::<NboardCommand>(),
            Ok(NboardCommand::Move(Ply::Move("f5".parse().unwrap())))
        );
        assert_eq!(
            "hint 0".parse::<NboardCommand>(),
            Err("hint: \"0\" is not a number of moves 1..64".to_string())
        );
        assert!(interrupts(b"  ping 3\n"));
        assert!(interrupts(b"quit"));
        assert!(!interrupts(b"go"));
    }
}

#[cfg(test)]
mod book_tests {
    use super::*;
    use crate::engine::SearchConfig;

    fn lines(session: &mut Session, command: &str) -> Vec<String> {
        let mut out = Vec::new();
        session.handle(command, &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| match l.rsplit_once('/') {
                Some((head, _)) if l.starts_with("===") => format!("{head}/T"),
                _ => l.to_string(),
            })
            .collect()
    }

    #[test]
    fn a_session_plays_hints_and_learns_from_its_book() {
        let at = |t: &str| Game::from_transcript(t).unwrap().position().board;
        let mut book = Book::new();
        book.set_leaf(&at("f5"), Some("d6".parse().unwrap()), 1, 12);
        book.set_leaf(&at("f5f4"), Some("e3".parse().unwrap()), -3, 12);
        let dir = std::env::temp_dir().join(format!("nboard-book-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("my.book");
        let searcher = Searcher::new(SearchConfig {
            tt_mib: 4,
            ..SearchConfig::shipped()
        });
        let mut session = Session::new(searcher).with_book(book, Some(file.clone()));
        lines(&mut session, "move f5");
        assert_eq!(lines(&mut session, "go"), ["=== F4/3.00/T"]);
        assert_eq!(
            lines(&mut session, "hint 3"),
            [
                "status thinking",
                "book F4 3.00 0 12",
                "book D6 1.00 0 12",
                "status"
            ]
        );
        // Learning f5 f4 e3 d6 (searched to depth 4; the line ends at the game's last
        // position, as the game goes on): two new positions, and f4 searched again.
        lines(&mut session, "set depth 4");
        for mv in ["f4", "e3", "d6"] {
            lines(&mut session, &format!("move {mv}"));
        }
        assert_eq!(
            lines(&mut session, "learn"),
            [
                "status learn: 3 positions searched, the book holds 4",
                "learned"
            ]
        );
        let saved = crate::cli::book_file::read_book(&file).unwrap();
        assert_eq!(saved.len(), 4);
        assert!(saved.get(&at("f5f4e3d6")).is_some());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
