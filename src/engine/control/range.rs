//! The range check every settings file's numbers pass, with the message a designer reads.

/// `Err((key, "key is V, expected LO..=HI unit"))` unless `lo <= value <= hi` (NaN fails).
pub(crate) fn check_range(
    key: &'static str,
    value: f64,
    lo: f64,
    hi: f64,
    unit: &str,
) -> Result<(), (&'static str, String)> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err((
            key,
            format!("{key} is {value}, expected {lo}..={hi} {unit}"),
        ))
    }
}
