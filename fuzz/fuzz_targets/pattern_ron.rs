//! `parse_pattern_file` never panics; a table it accepts holds canonical, distinct entries
//! of the right length and range, writes back (`write_pattern_file`, values to hundredths,
//! zero rows left out) as a table that reads back to the rounded entries and writes the
//! same text again; and `PatternEval::load` builds an evaluator from it whose fast
//! evaluation matches the square-by-square reference.
//!
//! The family and the number of keyframes are taken from the text where it says (its
//! `pattern` name and the length of its first row), so that every input reaches the
//! parser whole: `edge` and 7 keyframes otherwise.

#![no_main]

use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
use reversi::engine::eval::params::{
    EvalFile, MAX_VALUE, PatternFile, family, parse_pattern_file, write_eval_file,
    write_pattern_file,
};
use reversi::engine::{ConfigError, PatternEval, Position};

const BOARDS: [&str; 3] = [
    "---------------------------OX------XO--------------------------- X",
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
    "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- O",
];

/// Entries as written: canonical index -> values to hundredths, zero rows left out.
fn rounded(entries: &[(usize, Vec<f32>)]) -> BTreeMap<usize, Vec<String>> {
    entries
        .iter()
        .filter(|(_, v)| v.iter().any(|x| (x * 100.0).round() != 0.0))
        .map(|(i, v)| (*i, v.iter().map(|x| format!("{x:.2}")).collect()))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let edge = family("edge").expect("the edge family");
    let (fam, keyframes) = match ron::from_str::<PatternFile>(text) {
        Ok(f) => (
            family(&f.pattern).unwrap_or(edge),
            f.values.values().next().map_or(7, Vec::len),
        ),
        Err(_) => (edge, 7),
    };
    let Ok(entries) = parse_pattern_file("p.ron", text, &fam, keyframes) else {
        return;
    };
    let mut seen = std::collections::BTreeSet::new();
    for (index, values) in &entries {
        assert!(*index < fam.table_size());
        assert_eq!(fam.canonical(*index), *index, "not canonical");
        assert!(seen.insert(*index), "entry {index} twice");
        assert_eq!(values.len(), keyframes);
        assert!(values.iter().all(|v| v.abs() <= MAX_VALUE));
    }

    let written = write_pattern_file(&fam, &entries);
    let back = match parse_pattern_file("p.ron", &written, &fam, keyframes) {
        Ok(back) => back,
        Err(e) => panic!("{text:?} -> {written:?} does not read back: {e}"),
    };
    assert_eq!(rounded(&back), rounded(&entries), "{text:?} -> {written:?}");
    assert_eq!(back.len(), rounded(&entries).len());
    assert_eq!(
        write_pattern_file(&fam, &back),
        written,
        "writing is not stable"
    );

    // The table in an evaluator of its own: phases spread over 60..=0.
    if !(1..=61).contains(&keyframes) {
        return;
    }
    let phases: Vec<u32> = (0..keyframes)
        .map(|i| 60 - (i * 60 / (keyframes - 1).max(1)) as u32)
        .collect();
    let row = |x: f32| vec![x; keyframes];
    let eval_file = EvalFile {
        phases,
        mobility: row(1.0),
        potential_mobility: row(0.5),
        corners: row(8.0),
        x_squares: row(-4.0),
        c_squares: row(-2.0),
        stable_discs: row(2.0),
        parity: row(1.0),
        disc_difference: row(0.25),
        patterns: vec![fam.name.to_string()],
    };
    let eval_text = write_eval_file(&eval_file);
    let mut tables = |name: &str| -> Result<(String, String), ConfigError> {
        assert_eq!(name, fam.name);
        Ok(("p.ron".to_string(), text.to_string()))
    };
    let eval = match PatternEval::load("eval.ron", &eval_text, &mut tables) {
        Ok(eval) => eval,
        Err(e) => panic!("{text:?} parses but does not load: {e}"),
    };
    let loaded: Vec<_> = eval.tables().collect();
    assert_eq!(loaded.len(), 1);
    assert_eq!(loaded[0].1, entries.as_slice());
    for board in BOARDS {
        let board = board.parse::<Position>().expect("a valid position").board;
        assert_eq!(
            eval.evaluate_centidiscs(&board),
            eval.evaluate_reference(&board),
            "{board:?} with {text:?}"
        );
    }
});
