//! NBoard protocol lines: `NboardCommand`'s `FromStr` never panics, and a command it
//! accepts writes back (`Display`) as a line that reads as the same command and writes the
//! same text again.

#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::cli::NboardCommand;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(command) = text.parse::<NboardCommand>() else {
        return;
    };
    let written = command.to_string();
    match written.parse::<NboardCommand>() {
        Ok(back) => {
            assert!(
                back == command,
                "{text:?} -> {written:?} reads back as {back}"
            );
            assert_eq!(back.to_string(), written, "writing is not stable");
        }
        Err(e) => panic!("{text:?} -> {written:?} does not read back: {e}"),
    }
});
