//! `parse_eval_file` never panics; a file it accepts writes back (`write_eval_file`, values
//! to hundredths) as a file that reads back within rounding and writes the same text again;
//! and `PatternEval::load` builds an evaluator from it (with small pattern tables written by
//! `write_pattern_file`) whose fast evaluation matches the square-by-square reference.

#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::engine::eval::params::{family, parse_eval_file, write_eval_file, write_pattern_file};
use reversi::engine::{ConfigError, PatternEval, Position};

/// Positions the evaluator is tried on.
const BOARDS: [&str; 3] = [
    "---------------------------OX------XO--------------------------- X",
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
    "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- O",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = parse_eval_file("eval.ron", text) else {
        return;
    };
    let written = write_eval_file(&file);
    let back = match parse_eval_file("eval.ron", &written) {
        Ok(back) => back,
        Err(e) => panic!("{text:?} -> {written:?} does not read back: {e}"),
    };
    assert_eq!(back.phases, file.phases);
    assert_eq!(back.patterns, file.patterns);
    for (a, b) in file.weights().iter().zip(back.weights()) {
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(b) {
            assert!((x - y).abs() <= 0.0051, "{x} written as {y}: {written:?}");
        }
    }
    assert_eq!(write_eval_file(&back), written, "writing is not stable");

    // A small table for each family the file lists, one value per keyframe.
    let keyframes = file.phases.len();
    let mut tables = |name: &str| -> Result<(String, String), ConfigError> {
        let fam = family(name).expect("the file's families were checked");
        let last = fam.canonical(fam.table_size() - 1);
        let entries = [(0, vec![1.25; keyframes]), (last, vec![-3.5; keyframes])];
        Ok((format!("{name}.ron"), write_pattern_file(&fam, &entries)))
    };
    let eval = match PatternEval::load("eval.ron", text, &mut tables) {
        Ok(eval) => eval,
        Err(e) => panic!("{text:?} parses but does not load: {e}"),
    };
    assert_eq!(eval.file(), &file);
    for board in BOARDS {
        let board = board.parse::<Position>().expect("a valid position").board;
        assert_eq!(
            eval.evaluate_centidiscs(&board),
            eval.evaluate_reference(&board),
            "{board:?} with {text:?}"
        );
    }
});
