//! `reversi-engine puzzles`: the mistakes of games made into puzzles, as an OBF file.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;

use crate::cli::book::read_games;
use crate::cli::corpus::format_duration;
use crate::cli::review::{ReviewerArgs, color_name, parse_side, read_thresholds};
use crate::engine::{Card, CardsProgress, Deck, Game, SearchLimits, Side, cards_from_game};

/// Arguments of `puzzles`.
#[derive(Debug, Args)]
#[command(
    after_help = "Each game is reviewed (as `review` does, to --depth); every move \
whose loss is a mistake or a blunder (config/review.ron, or --thresholds) becomes a card: the \
position before it with every legal move's value, exact at --exact-empties empties or fewer, \
else searched to --depth. A move whose loss, scored again move by move, is under the mistake \
threshold makes no card. The file holds, for each card, a comment line and an OBF line:\n  \
# games.ggf game 3 ply 41: White played C4 -6, best A1 +4, loss 10, exact\n  \
<64 squares> O; A1:+4; B2:+0; C4:-6;\n(moves best first, values in discs for the side to move; \
`depth N` in place of `exact` above the exact empties). `reversi-engine solve OUT` reads it \
back and checks the best values."
)]
pub struct PuzzlesArgs {
    /// Game files: GGF records (any number a file) or one transcript a line.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The OBF file to write the cards to (written whole, then renamed into place).
    #[arg(long, required_unless_present = "deck")]
    out: Option<PathBuf>,
    /// Also add the cards to this practice deck (the game's `practice.ron`, which
    /// `reversi --paths` names), made when missing; a position already there is passed over.
    #[arg(long)]
    deck: Option<PathBuf>,
    /// Depth of the searches (plies) above the exact empties.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
    /// Values are exact at this many empties or fewer.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(0..=30))]
    exact_empties: u32,
    /// Only this player's mistakes (`black` or `white`; both when left out).
    #[arg(long, value_parser = parse_side)]
    player: Option<Side>,
    /// The mistake and blunder thresholds (a review.ron; the shipped one when left out).
    #[arg(long)]
    thresholds: Option<PathBuf>,
    #[command(flatten)]
    engine: ReviewerArgs,
}

/// A card's comment line: where it comes from and what it is.
fn comment(source: &str, card: &Card) -> String {
    let side = color_name(card.position.side_to_move);
    let best = card.best_moves()[0];
    format!(
        "# {source} ply {}: {side} played {} {:+}, best {} {:+}, loss {}, {}",
        card.ply,
        card.played.to_string().to_uppercase(),
        card.played_score(),
        best.to_string().to_uppercase(),
        card.best_score(),
        card.loss(),
        if card.exact {
            "exact".to_string()
        } else {
            format!("depth {}", card.depth)
        }
    )
}

/// A game of a file: the name it is reported by (the path, and its number when the file holds
/// several), the name a deck's card keeps (the file's name without its folder), the game.
struct FileGame {
    name: String,
    source: String,
    game: Game,
}

/// Reads every game of every file.
fn read_all(files: &[PathBuf]) -> Result<Vec<FileGame>, String> {
    let mut games = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let found = read_games(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let many = found.len() > 1;
        let file = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        for (i, game) in found.into_iter().enumerate() {
            let number = if many {
                format!(" game {}", i + 1)
            } else {
                String::new()
            };
            games.push(FileGame {
                name: format!("{}{number}", path.display()),
                source: format!("{file}{number}"),
                game,
            });
        }
    }
    Ok(games)
}

/// Runs `puzzles`.
///
/// # Errors
/// A game file that does not read or parse (its name, and the game's number or line), a bad
/// engine folder, thresholds file or table size, or an output file that cannot be written.
pub fn run(args: &PuzzlesArgs) -> Result<(), String> {
    let games = read_all(&args.files)?;
    // Read before the work, so that a damaged deck stops it at once.
    let mut deck = args.deck.as_deref().map(read_deck).transpose()?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let mut added = 0;
    let thresholds = read_thresholds(args.thresholds.as_deref())?;
    let mut searcher = args.engine.searcher(Some(args.exact_empties))?;
    let limits = SearchLimits::depth(args.depth);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut last_note = Instant::now();
    let mut text = String::new();
    let (mut cards, mut exact) = (0usize, 0usize);
    let total = games.len();
    for (index, FileGame { name, source, game }) in games.iter().enumerate() {
        let game_start = Instant::now();
        let mut note = |p: CardsProgress| {
            if last_note.elapsed() < Duration::from_secs(5) {
                return;
            }
            last_note = Instant::now();
            // Reviewing a move and scoring a card's moves take about as long.
            let steps = p.moves + p.mistakes.max(p.moves / 4);
            let done = (p.reviewed + p.scored).max(1);
            let this_game = game_start.elapsed() / done as u32 * steps.saturating_sub(done) as u32;
            let per_game =
                start.elapsed().saturating_sub(game_start.elapsed()) / index.max(1) as u32;
            let later = if index == 0 {
                game_start.elapsed() / done as u32 * steps as u32
            } else {
                per_game
            } * (total - index - 1) as u32;
            eprintln!(
                "puzzles: game {}/{total}: {}/{} moves reviewed, {}/{} mistakes scored; \
                 {cards} cards so far, about {} left",
                index + 1,
                p.reviewed,
                p.moves,
                p.scored,
                p.mistakes,
                format_duration(this_game + later)
            );
        };
        let made = cards_from_game(
            game,
            args.player,
            &mut searcher,
            &limits,
            &thresholds,
            &stop,
            &mut note,
        )
        .expect("never stopped");
        for card in &made {
            text.push_str(&comment(name, card));
            text.push('\n');
            text.push_str(&card.obf_line());
            text.push('\n');
        }
        cards += made.len();
        exact += made.iter().filter(|c| c.exact).count();
        if let Some(deck) = &mut deck {
            added += deck.add(made, source, now);
        }
    }
    let mut places = Vec::new();
    if let Some(out) = &args.out {
        crate::whole_file::write_whole(out, &text)?;
        places.push(out.display().to_string());
    }
    if let (Some(deck), Some(path)) = (&deck, &args.deck) {
        crate::whole_file::write_whole(path, deck.to_text())?;
        places.push(format!(
            "{added} added to {} ({} cards)",
            path.display(),
            deck.len()
        ));
    }
    println!(
        "puzzles: {} games, {cards} cards ({exact} exact): {} ({:.1} s)",
        games.len(),
        places.join("; "),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The deck at `path`; an empty one when there is no file.
fn read_deck(path: &std::path::Path) -> Result<Deck, String> {
    match std::fs::read_to_string(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Deck::new()),
        Err(e) => Err(format!("{}: {e}", path.display())),
        Ok(text) => {
            Deck::parse(&text).map_err(|e| format!("{}: {e}; nothing was written", path.display()))
        }
    }
}
