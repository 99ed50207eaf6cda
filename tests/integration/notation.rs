//! Notation: transcripts, OBF and their errors, round trips.

use crate::common::random_positions;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reversi::engine::{Game, ObfRecord, Ply, Position, Side, Square};

fn random_game(rng: &mut StdRng) -> Game {
    let mut g = Game::new();
    let stop_at = rng.random_range(0..70);
    while !g.is_over() && g.cursor() < stop_at {
        let moves = g.legal_moves();
        let ply = if moves.is_empty() {
            Ply::Pass
        } else {
            Ply::Move(moves[rng.random_range(0..moves.len())])
        };
        g.play(ply).unwrap();
    }
    // A transcript leaves a final pass implicit and the parser does not invent one.
    let mut plies = g.plies().to_vec();
    while plies.last() == Some(&Ply::Pass) {
        plies.pop();
    }
    let mut trimmed = Game::new();
    for p in plies {
        trimmed.play(p).unwrap();
    }
    trimmed
}

#[test]
fn transcripts_round_trip() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut passes = 0;
    for _ in 0..2_000 {
        let g = random_game(&mut rng);
        passes += g.plies().iter().filter(|p| **p == Ply::Pass).count();
        let text = g.transcript();
        let again = Game::from_transcript(&text).unwrap();
        assert_eq!(again.position(), g.position(), "{text}");
        assert_eq!(again.transcript(), text);
        let with_passes = Game::from_transcript(&g.transcript_with_passes()).unwrap();
        assert_eq!(with_passes, g);
        let spaced: String = text
            .to_uppercase()
            .as_bytes()
            .chunks(2)
            .map(|c| format!("{} ", std::str::from_utf8(c).unwrap()))
            .collect();
        assert_eq!(
            Game::from_transcript(&spaced).unwrap().position(),
            g.position()
        );
    }
    assert!(passes > 0, "no game with a pass was tested");
}

#[test]
fn obf_round_trips() {
    for b in random_positions(11, 1_000, 0, 60) {
        for side in [Side::Black, Side::White] {
            let pos = Position {
                board: b,
                side_to_move: side,
            };
            let text = pos.to_string();
            assert_eq!(text.len(), 66);
            assert_eq!(text.parse::<Position>(), Ok(pos));
        }
    }
    assert_eq!(
        Position::start().to_string(),
        "---------------------------OX------XO--------------------------- X"
    );
}

#[test]
fn ffo_lines_parse_with_move_scores() {
    let line = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36; D8:+34;";
    let rec: ObfRecord = line.parse().unwrap();
    assert_eq!(rec.position.side_to_move, Side::Black);
    assert_eq!(rec.position.board.empty_count(), 20);
    assert_eq!(rec.best_score(), Some(38));
    let a2: Square = "a2".parse().unwrap();
    assert_eq!(rec.move_scores[0], (a2, 38));
    assert_eq!(rec.move_scores.len(), 3);
}

#[test]
fn transcript_errors() {
    let cases = [
        ("f5d6c3d3c4f4c5b3c9", "move 9 \"c9\": not a square"),
        ("f5 d6 c3 d3 c4 f4 z1", "move 7 \"z1\": not a square"),
        ("f5d6c", "move 3 \"c\": not a square"),
        (
            "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1h8",
            "move 19 \"h8\": not legal for Black here (legal: a1 b2 a3 f3 g3 a4 g4 a5 g5 f6 c7 d7 e7)",
        ),
        (
            "f5 a1",
            "move 2 \"a1\": not legal for White here (legal: f4 d6 f6)",
        ),
        (
            "f5pa",
            "move 2 \"pa\": White cannot pass here (legal: f4 d6 f6)",
        ),
        // A shortest game: one side is wiped out after 9 moves.
        (
            "d3c3b3d2e1d6d7e3f4a1",
            "move 10 \"a1\": the game is already over",
        ),
    ];
    for (text, message) in cases {
        let err = Game::from_transcript(text).unwrap_err();
        assert_eq!(err.to_string(), message, "{text}");
    }
}

#[test]
fn obf_errors() {
    let squares = "---------------------------OX------XO---------------------------";
    let cases = [
        (
            format!("{} X", &squares[1..]),
            "OBF: 63 squares, expected 64",
        ),
        (String::new(), "OBF: 0 squares, expected 64"),
        (
            format!("{}Y{} X", &squares[..10], &squares[11..]),
            "OBF: square c2 is 'Y', expected X, O or -",
        ),
        (squares.to_string(), "OBF: no side to move, expected X or O"),
        (
            format!("{squares} Z"),
            "OBF: side to move \"Z\", expected X or O",
        ),
        (
            format!("{squares} X; A2:+3x;"),
            "OBF: \"A2:+3x\" is not a move and score like A2:+38",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(
            text.parse::<Position>().unwrap_err().to_string(),
            message,
            "{text:?}"
        );
    }
}

#[test]
fn implicit_and_explicit_passes() {
    // Find a random game with a pass, then check the transcript without it replays the pass.
    let mut rng = StdRng::seed_from_u64(99);
    let game = loop {
        let g = random_game(&mut rng);
        if g.plies().contains(&Ply::Pass) && !g.plies().ends_with(&[Ply::Pass]) {
            break g;
        }
    };
    let replayed = Game::from_transcript(&game.transcript()).unwrap();
    assert_eq!(replayed.plies(), game.plies());
    assert!(game.transcript_with_passes().contains("pa"));
}

#[test]
fn pasted_or_opened_text_is_recognised() {
    // (Moved from the app's tests, issue 19: the text-to-game reader is the engine's.)
    use reversi::engine::{Game, GameTextError, Position};
    assert_eq!(Game::from_text("f5 d6\nc3").unwrap().transcript(), "f5d6c3");
    let e = Game::from_text("f5d6\nc3 a1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "transcript line 2: move 4 \"a1\": not legal for White here (legal: d3 f3 f4 g5)"
    );
    assert!(matches!(e, GameTextError::Transcript { line: 2, .. }));
    let obf = Position::start().to_string();
    assert_eq!(Game::from_text(&obf).unwrap().position(), Position::start());
    assert!(matches!(
        Game::from_text("(;GM[Othello]TY[8];)"),
        Err(GameTextError::Ggf(_))
    ));
    assert_eq!(
        Game::from_text("(;GM[Othello]TY[8];)")
            .unwrap_err()
            .to_string(),
        "GGF line 1, column 1: the game has no board (BO[8 ...])"
    );
    assert_eq!(
        Game::from_text(&obf.replace('X', "Q"))
            .unwrap_err()
            .to_string(),
        "line 1: OBF: square e4 is 'Q', expected X, O or -"
    );
    // Issue 17: a near-empty position reached the evaluator and crashed the engine.
    assert_eq!(
        Game::from_text("---------------------------OX------X---------------------------- O")
            .unwrap_err()
            .to_string(),
        "line 1: OBF: 61 empty squares, at most 60 (a game never has fewer than 4 discs)"
    );
}
