//! The player's practice cards and when each comes back: spaced repetition by FSRS.
//!
//! A [`Deck`] holds the cards made from the player's mistakes ([`super::Card`]), each with
//! where it came from and its [`Memory`]: the FSRS state (stability, difficulty, due time)
//! that `rs-fsrs` moves on after each answer. A right answer (one of the best moves) is
//! rated Good and the card comes back later each time; a wrong one is rated Again and it
//! comes back within minutes. Times are Unix seconds, handed in by the caller (the tests'
//! clocks are their own).
//!
//! The deck is written as RON ([`Deck::to_text`]), versioned ([`DECK_VERSION`]); reading it
//! back ([`Deck::parse`]) checks every card against the rules (the position, its moves and
//! the move played), and an error names the line or the card.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use rs_fsrs::{FSRS, Rating, State};
use serde::{Deserialize, Serialize};

use super::Card;
use crate::engine::board::legal_moves;
use crate::engine::formats::notation::ObfRecord;
use crate::engine::square::Square;

/// The version of the deck's file this program writes and reads.
pub const DECK_VERSION: u32 = 1;

/// Where a card stands in its learning, as FSRS keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Memory {
    /// When the card is next due (Unix seconds).
    pub due: i64,
    /// FSRS stability: days until recall falls to 90%.
    pub stability: f64,
    /// FSRS difficulty (1 to 10).
    pub difficulty: f64,
    /// Days between the last two answers.
    pub elapsed_days: i64,
    /// Days the last answer scheduled.
    pub scheduled_days: i64,
    /// Answers given.
    pub reps: i32,
    /// Times a card that had been learned was answered wrong.
    pub lapses: i32,
    /// The card's stage.
    pub stage: Stage,
    /// When it was last answered (Unix seconds; when added, for a new card).
    pub last_review: i64,
}

/// A card's stage in FSRS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Never answered.
    New,
    /// Answered, in its first short steps.
    Learning,
    /// Learned: it comes back after days.
    Review,
    /// Learned, then answered wrong: back in short steps.
    Relearning,
}

impl Memory {
    /// A new card's, due at once.
    pub fn new(now: i64) -> Memory {
        Memory {
            due: now,
            stability: 0.0,
            difficulty: 0.0,
            elapsed_days: 0,
            scheduled_days: 0,
            reps: 0,
            lapses: 0,
            stage: Stage::New,
            last_review: now,
        }
    }

    fn to_fsrs(self) -> rs_fsrs::Card {
        rs_fsrs::Card {
            due: time(self.due),
            stability: self.stability,
            difficulty: self.difficulty,
            elapsed_days: self.elapsed_days,
            scheduled_days: self.scheduled_days,
            reps: self.reps,
            lapses: self.lapses,
            state: match self.stage {
                Stage::New => State::New,
                Stage::Learning => State::Learning,
                Stage::Review => State::Review,
                Stage::Relearning => State::Relearning,
            },
            last_review: time(self.last_review),
        }
    }

    fn from_fsrs(card: &rs_fsrs::Card) -> Memory {
        Memory {
            due: card.due.timestamp(),
            stability: card.stability,
            difficulty: card.difficulty,
            elapsed_days: card.elapsed_days,
            scheduled_days: card.scheduled_days,
            reps: card.reps,
            lapses: card.lapses,
            stage: match card.state {
                State::New => Stage::New,
                State::Learning => Stage::Learning,
                State::Review => Stage::Review,
                State::Relearning => Stage::Relearning,
            },
            last_review: card.last_review.timestamp(),
        }
    }

    /// The memory after an answer at `now`: Good when right, Again when wrong.
    fn answered(self, right: bool, now: i64) -> Memory {
        let rating = if right { Rating::Good } else { Rating::Again };
        let next = FSRS::default().next(self.to_fsrs(), time(now), rating);
        Memory::from_fsrs(&next.card)
    }
}

/// Unix seconds as a time (out-of-range seconds, from a hand-edited file, as the epoch).
fn time(seconds: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(seconds, 0).unwrap_or_default()
}

/// A card in the deck.
#[derive(Clone, Debug, PartialEq)]
pub struct DeckEntry {
    /// The puzzle.
    pub card: Card,
    /// Where it came from, for the player ("Black vs Casual, 2026-11-26", a file's name).
    pub source: String,
    /// When it was added (Unix seconds).
    pub added: i64,
    /// Its learning.
    pub memory: Memory,
}

impl DeckEntry {
    /// Whether it is due at `now`.
    pub fn is_due(&self, now: i64) -> bool {
        self.memory.due <= now
    }
}

/// The result of answering a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The move chosen.
    pub chosen: Square,
    /// Whether it is one of the best moves.
    pub right: bool,
    /// Discs it gives away against the best (0 when right).
    pub loss: i32,
    /// The best moves.
    pub best: Vec<Square>,
    /// When the card comes back (Unix seconds).
    pub due: i64,
}

/// The player's cards, in the order they were added.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Deck {
    entries: Vec<DeckEntry>,
}

/// What is wrong with a deck's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    /// Not a deck's RON.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// The line (from 1).
        line: usize,
        /// The column (from 1).
        column: usize,
        /// What the reader expected.
        message: String,
    },
    /// A version this program does not read.
    #[error("version {0}, this program reads version {DECK_VERSION}")]
    Version(u32),
    /// A card that is not a puzzle of a legal position.
    #[error("card {card}: {message}")]
    Card {
        /// The card (from 1, in the file's order).
        card: usize,
        /// What is wrong with it.
        message: String,
    },
}

/// The file's form.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Deck")]
struct DeckFile {
    version: u32,
    cards: Vec<StoredCard>,
}

/// Only the version, read first so that a newer file's fields do not read as damage.
#[derive(Deserialize)]
#[serde(rename = "Deck")]
struct DeckHead {
    version: u32,
}

/// A card as the file keeps it: the position and every move's value as an OBF line.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Card")]
struct StoredCard {
    obf: String,
    ply: usize,
    played: String,
    depth: u32,
    exact: bool,
    source: String,
    added: i64,
    memory: Memory,
}

impl Deck {
    /// An empty deck.
    pub fn new() -> Deck {
        Deck::default()
    }

    /// The cards, in the order they were added.
    pub fn entries(&self) -> &[DeckEntry] {
        &self.entries
    }

    /// How many cards.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it has no card.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds `cards` from `source` at `now`, each due at once; a card whose position is
    /// already in the deck is passed over (its learning kept). The number added.
    pub fn add(&mut self, cards: impl IntoIterator<Item = Card>, source: &str, now: i64) -> usize {
        let mut known: HashSet<_> = self.entries.iter().map(|e| e.card.position).collect();
        let before = self.entries.len();
        for card in cards {
            if known.insert(card.position) {
                self.entries.push(DeckEntry {
                    card,
                    source: source.to_string(),
                    added: now,
                    memory: Memory::new(now),
                });
            }
        }
        self.entries.len() - before
    }

    /// How many cards are due at `now`.
    pub fn due_count(&self, now: i64) -> usize {
        self.entries.iter().filter(|e| e.is_due(now)).count()
    }

    /// The card due longest at `now` (the first added among equals) other than `except`
    /// (the card on show, skipped), if any is due; `except` itself when it is the only one.
    pub fn next_due(&self, now: i64, except: Option<usize>) -> Option<usize> {
        let mut due: Vec<usize> = (0..self.entries.len())
            .filter(|&i| self.entries[i].is_due(now))
            .collect();
        due.sort_by_key(|&i| (self.entries[i].memory.due, i));
        due.iter()
            .copied()
            .find(|&i| Some(i) != except)
            .or_else(|| due.first().copied())
    }

    /// The card due soonest, due or not (to practise ahead).
    pub fn soonest(&self) -> Option<usize> {
        (0..self.entries.len()).min_by_key(|&i| (self.entries[i].memory.due, i))
    }

    /// Answers card `index` with `chosen` at `now`: right when it is one of the best
    /// moves; the card's learning moves on. `None` when there is no such card.
    pub fn answer(&mut self, index: usize, chosen: Square, now: i64) -> Option<Answer> {
        let entry = self.entries.get_mut(index)?;
        let best = entry.card.best_moves();
        let right = best.contains(&chosen);
        let value = entry
            .card
            .scores
            .iter()
            .find(|&&(sq, _)| sq == chosen)
            .map_or(i32::MIN, |&(_, s)| s);
        let loss = if right {
            0
        } else {
            entry.card.best_score().saturating_sub(value).max(1)
        };
        entry.memory = entry.memory.answered(right, now);
        Some(Answer {
            chosen,
            right,
            loss,
            best,
            due: entry.memory.due,
        })
    }

    /// Removes card `index` (the player does not want it any more).
    pub fn remove(&mut self, index: usize) -> Option<DeckEntry> {
        (index < self.entries.len()).then(|| self.entries.remove(index))
    }

    /// The deck as its file's text (RON).
    pub fn to_text(&self) -> String {
        let file = DeckFile {
            version: DECK_VERSION,
            cards: self
                .entries
                .iter()
                .map(|e| StoredCard {
                    obf: e.card.obf_line(),
                    ply: e.card.ply,
                    played: e.card.played.to_string(),
                    depth: e.card.depth,
                    exact: e.card.exact,
                    source: e.source.clone(),
                    added: e.added,
                    memory: e.memory,
                })
                .collect(),
        };
        let pretty = ron::ser::PrettyConfig::default().struct_names(true);
        let mut text = ron::ser::to_string_pretty(&file, pretty).expect("a deck is RON");
        text.push('\n');
        text
    }

    /// Reads a deck's text.
    ///
    /// # Errors
    /// [`DeckError::Syntax`] with the line and column of text that is not a deck,
    /// [`DeckError::Version`] for another version, [`DeckError::Card`] for a card that is
    /// not a puzzle (a position that does not parse, a move that is not legal there, moves
    /// missing a value).
    pub fn parse(text: &str) -> Result<Deck, DeckError> {
        let syntax = |e: ron::error::SpannedError| DeckError::Syntax {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        };
        let head: DeckHead = ron::from_str(text).map_err(syntax)?;
        if head.version != DECK_VERSION {
            return Err(DeckError::Version(head.version));
        }
        let file: DeckFile = ron::from_str(text).map_err(syntax)?;
        let entries = file
            .cards
            .into_iter()
            .enumerate()
            .map(|(i, stored)| {
                stored_entry(stored).map_err(|message| DeckError::Card {
                    card: i + 1,
                    message,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Deck { entries })
    }
}

/// A stored card, checked: its position parses and has moves, every legal move has a value
/// and no other square does, and the move played is one of them.
fn stored_entry(stored: StoredCard) -> Result<DeckEntry, String> {
    let record: ObfRecord = stored.obf.parse().map_err(|e| format!("{e}"))?;
    let position = record.position;
    let legal = legal_moves(position.board.player, position.board.opponent);
    if legal == 0 {
        return Err(format!("{}: the side to move has no move", stored.obf));
    }
    let valued: u64 = record
        .move_scores
        .iter()
        .fold(0, |bits, &(sq, _)| bits | sq.bit());
    if valued != legal || record.move_scores.len() != legal.count_ones() as usize {
        return Err(format!(
            "{}: the values are not one for each legal move",
            stored.obf
        ));
    }
    let played: Square = stored
        .played
        .parse()
        .map_err(|e| format!("played \"{}\": {e}", stored.played))?;
    if played.bit() & legal == 0 {
        return Err(format!("played {played} is not a legal move"));
    }
    let mut scores = record.move_scores;
    scores.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    Ok(DeckEntry {
        card: Card {
            position,
            ply: stored.ply,
            played,
            scores,
            depth: stored.depth,
            exact: stored.exact,
        },
        source: stored.source,
        added: stored.added,
        memory: stored.memory,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;

    /// A card from the start of a game: after f5, White's d6 played where (the card says)
    /// f6 and d6 were worth +2 and f4 -4.
    fn card(moves: &str) -> Card {
        let game = Game::from_transcript(moves).unwrap();
        let position = game.position();
        let legal = game.legal_moves();
        let scores: Vec<(Square, i32)> = legal
            .iter()
            .enumerate()
            .map(|(i, &sq)| (sq, [2, 2, -4, -6][i % 4]))
            .collect();
        let mut scores = scores;
        scores.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        Card {
            position,
            ply: game.len() + 1,
            played: *legal.last().unwrap(),
            scores,
            depth: 12,
            exact: false,
        }
    }

    const DAY: i64 = 86_400;
    const NOW: i64 = 1_795_000_000;

    #[test]
    fn a_right_answer_comes_back_later_each_time_and_a_wrong_one_within_minutes() {
        let mut deck = Deck::new();
        assert_eq!(deck.add([card("f5"), card("f5d6")], "a game", NOW), 2);
        // The same position again is passed over.
        assert_eq!(deck.add([card("f5")], "another", NOW + 5), 0);
        assert_eq!((deck.len(), deck.due_count(NOW)), (2, 2));
        assert_eq!(deck.next_due(NOW, None), Some(0));
        // Skipping card 0 shows card 1; skipping card 1, card 0.
        assert_eq!(deck.next_due(NOW, Some(0)), Some(1));
        assert_eq!(deck.next_due(NOW, Some(1)), Some(0));
        let best = deck.entries()[0].card.best_moves();
        assert_eq!(best.len(), 2);
        let mut now = NOW;
        let mut gaps = Vec::new();
        for _ in 0..4 {
            let answer = deck.answer(0, best[1], now).unwrap();
            assert!(answer.right);
            assert_eq!((answer.loss, answer.best.clone()), (0, best.clone()));
            gaps.push(answer.due - now);
            now = answer.due;
        }
        // Each wait is longer than the one before; the fourth is days.
        assert!(gaps.windows(2).all(|w| w[1] > w[0]), "{gaps:?}");
        assert!(gaps[3] >= DAY, "{gaps:?}");
        assert_eq!(deck.entries()[0].memory.stage, Stage::Review);
        assert_eq!(deck.entries()[0].memory.reps, 4);
        // A second before card 0 comes back, only card 1 is due; then both are, card 1
        // the longer.
        assert_eq!(deck.next_due(now - 1, None), Some(1));
        // The only card due is shown again when skipped.
        assert_eq!(deck.next_due(now - 1, Some(1)), Some(1));
        assert_eq!(deck.due_count(now - 1), 1);
        assert_eq!((deck.due_count(now), deck.soonest()), (2, Some(1)));
        // A wrong answer: the loss against the best, a lapse, back within ten minutes.
        let card0 = deck.entries()[0].card.clone();
        let worst = card0.scores.last().unwrap().0;
        let answer = deck.answer(0, worst, now).unwrap();
        assert!(!answer.right);
        assert_eq!(
            answer.loss,
            card0.best_score() - card0.scores.last().unwrap().1
        );
        assert!(answer.due - now <= 600, "{}", answer.due - now);
        let memory = deck.entries()[0].memory;
        assert_eq!((memory.stage, memory.lapses), (Stage::Relearning, 1));
        // Answering a card that is not there.
        assert_eq!(deck.answer(2, worst, now), None);
    }

    #[test]
    fn a_deck_reads_back_what_it_wrote() {
        let mut deck = Deck::new();
        deck.add([card("f5d6c3"), card("f5f6")], "Black vs Casual", NOW);
        let best = deck.entries()[1].card.best_moves()[0];
        deck.answer(1, best, NOW + 60).unwrap();
        let text = deck.to_text();
        assert!(text.starts_with("Deck(\n    version: 1,"), "{text}");
        assert_eq!(Deck::parse(&text), Ok(deck.clone()));
        assert_eq!(deck.remove(0).unwrap().card, card("f5d6c3"));
        assert_eq!(deck.remove(5), None);
        assert_eq!(Deck::parse(&deck.to_text()).unwrap().len(), 1);
    }

    #[test]
    fn damage_is_named_by_line_or_card() {
        let mut deck = Deck::new();
        deck.add([card("f5d6c3"), card("f5f6")], "a game", NOW);
        let text = deck.to_text();
        // Text cut short: the line where it stops.
        let cut = &text[..text.len() / 2];
        let Err(DeckError::Syntax { line, .. }) = Deck::parse(cut) else {
            panic!("a cut file read");
        };
        assert_eq!(line, cut.lines().count());
        // Another version.
        let newer = text.replacen("version: 1", "version: 2", 1);
        assert_eq!(Deck::parse(&newer), Err(DeckError::Version(2)));
        // The second card's move played is not legal there.
        let played = deck.entries()[1].card.played.to_string();
        let field = format!("played: \"{played}\"");
        let pos = text.rfind(&field).unwrap();
        let mut bad = text.clone();
        bad.replace_range(pos..pos + field.len(), "played: \"a1\"");
        assert_eq!(
            Deck::parse(&bad),
            Err(DeckError::Card {
                card: 2,
                message: "played a1 is not a legal move".to_string()
            })
        );
        // A move's value left out.
        let first = deck.entries()[0].card.obf_line();
        let short = first.rsplitn(3, ' ').nth(2).unwrap().to_string() + ";";
        let bad = text.replacen(&first, &short, 1);
        let Err(DeckError::Card { card: 1, message }) = Deck::parse(&bad) else {
            panic!("a card without all its values read");
        };
        assert!(
            message.ends_with("not one for each legal move"),
            "{message}"
        );
    }
}
