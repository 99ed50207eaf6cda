//! The game's sounds, synthesised: the recipe of each file in `assets/sounds/`.
//!
//! Everything is computed from a few sine partials, a seeded noise source and exponential
//! envelopes, so the sounds are the project's own and the same on every machine:
//! `REVERSI_WRITE_SOUNDS=1 cargo test --lib app::play::sound` writes the files again, and the test
//! `the_files_are_what_the_recipes_make` fails when a file and its recipe differ.
//! Format: WAV, 44.1 kHz, mono, 16-bit PCM, peaks at -1 dBFS (the flip at -9 dBFS, being
//! played once per ring of a move).

use std::f32::consts::TAU;

use super::Cue;

/// Samples per second.
pub(super) const RATE: u32 = 44_100;

impl Cue {
    /// The file's name in `assets/sounds/`.
    pub(super) fn file_name(self) -> &'static str {
        match self {
            Cue::Place => "place.wav",
            Cue::Flip => "flip.wav",
            Cue::Pass => "pass.wav",
            Cue::Illegal => "illegal.wav",
            Cue::Won => "won.wav",
            Cue::Lost => "lost.wav",
            Cue::Draw => "draw.wav",
            Cue::Flag => "flag.wav",
        }
    }

    /// The loudest sample, in dBFS.
    fn peak_db(self) -> f32 {
        match self {
            Cue::Flip => -9.0,
            _ => -1.0,
        }
    }

    /// The samples, from -1 to 1, normalised to [`Cue::peak_db`].
    pub(super) fn samples(self) -> Vec<f32> {
        let mut s = match self {
            Cue::Place => knock(0.16, 190.0, 1.0),
            Cue::Flip => tick(),
            Cue::Pass => notes(&[(0.0, 659.26, 0.22), (0.16, 493.88, 0.30)], 0.5, 0.6),
            Cue::Illegal => buzz(),
            Cue::Won => notes(
                &[
                    (0.0, 523.25, 0.30),
                    (0.11, 659.26, 0.30),
                    (0.22, 783.99, 0.30),
                    (0.33, 1046.50, 0.70),
                ],
                1.1,
                0.45,
            ),
            Cue::Lost => notes(
                &[
                    (0.0, 392.00, 0.40),
                    (0.22, 311.13, 0.40),
                    (0.44, 261.63, 0.90),
                ],
                1.4,
                0.6,
            ),
            Cue::Draw => notes(&[(0.0, 523.25, 0.8), (0.0, 783.99, 0.8)], 0.9, 0.5),
            Cue::Flag => flag(),
        };
        normalise(&mut s, self.peak_db());
        s
    }

    /// The WAV file's bytes.
    pub(super) fn wav(self) -> Vec<u8> {
        wav(&self.samples())
    }
}

/// Deterministic white noise (xorshift32), from -1 to 1.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// The time of sample `i`, in seconds.
fn at(i: usize) -> f32 {
    i as f32 / RATE as f32
}

/// Room for `seconds` of sound.
fn silence(seconds: f32) -> Vec<f32> {
    vec![0.0; (seconds * RATE as f32).round() as usize]
}

/// A knock of wood on wood: a low body tone (`body_hz`) that drops a little in pitch, and a
/// burst of low-passed noise for the contact, `seconds` long.
fn knock(seconds: f32, body_hz: f32, contact: f32) -> Vec<f32> {
    let mut s = silence(seconds);
    let mut noise = Noise(0x2545_f491);
    let (mut low, mut phase) = (0.0f32, 0.0f32);
    for (i, v) in s.iter_mut().enumerate() {
        let t = at(i);
        // One-pole low-pass at about 2.5 kHz: a dull contact, not a hiss.
        low += 0.3 * (noise.next() - low);
        let hz = body_hz * (1.0 + 0.35 * (-t / 0.012).exp());
        phase += TAU * hz / RATE as f32;
        let body = phase.sin() * (-t / 0.045).exp();
        let overtone = (phase * 2.76).sin() * 0.35 * (-t / 0.015).exp();
        *v = body + overtone + contact * low * 1.6 * (-t / 0.006).exp();
    }
    fade(&mut s, 0.001, 0.02);
    s
}

/// A disc turning over: a short click of high noise and a ringing 1.4 kHz partial.
fn tick() -> Vec<f32> {
    let mut s = silence(0.07);
    let mut noise = Noise(0x9e37_79b9);
    let (mut low, mut last) = (0.0f32, 0.0f32);
    for (i, v) in s.iter_mut().enumerate() {
        let t = at(i);
        // Band-passed noise: a low-pass, then the difference from the last sample.
        low += 0.5 * (noise.next() - low);
        let band = low - last;
        last = low;
        let ring = (TAU * 1400.0 * t).sin() * (-t / 0.012).exp();
        *v = band * 1.2 * (-t / 0.004).exp() + 0.6 * ring;
    }
    fade(&mut s, 0.0005, 0.01);
    s
}

/// Soft bell-like notes: each `(start s, pitch Hz, length s)` with two quieter upper partials,
/// in `seconds` of sound, each note's decay time `decay` of its length.
fn notes(notes: &[(f32, f32, f32)], seconds: f32, decay: f32) -> Vec<f32> {
    let mut s = silence(seconds);
    for &(start, hz, length) in notes {
        let first = (start * RATE as f32) as usize;
        let n = ((length * RATE as f32) as usize).min(s.len() - first);
        for j in 0..n {
            let t = at(j);
            let attack = (t / 0.008).min(1.0);
            let release = ((length - t) / 0.05).clamp(0.0, 1.0);
            let envelope = attack * release * (-t / (length * decay)).exp();
            let w = TAU * hz * t;
            s[first + j] += envelope * (w.sin() + 0.3 * (2.0 * w).sin() + 0.12 * (3.0 * w).sin());
        }
    }
    fade(&mut s, 0.002, 0.05);
    s
}

/// Two short low buzzes: a 140 Hz tone with odd harmonics (a soft square wave).
fn buzz() -> Vec<f32> {
    let mut s = silence(0.26);
    for (i, v) in s.iter_mut().enumerate() {
        let t = at(i);
        let gate = if t < 0.09 {
            t
        } else if (0.13..0.22).contains(&t) {
            t - 0.13
        } else {
            continue;
        };
        let envelope = (gate / 0.005).min(1.0) * ((0.09 - gate) / 0.015).clamp(0.0, 1.0);
        let w = TAU * 140.0 * t;
        *v = envelope * (w.sin() + (3.0 * w).sin() / 3.0 + (5.0 * w).sin() / 5.0);
    }
    s
}

/// A flag falling: a tone gliding from 880 Hz down to 220 Hz over 0.45 s, then a knock as it
/// lands.
fn flag() -> Vec<f32> {
    let mut s = silence(0.7);
    let glide = 0.45;
    let mut phase = 0.0f32;
    for (i, v) in s.iter_mut().enumerate() {
        let t = at(i);
        if t >= glide {
            break;
        }
        let hz = 880.0 * (220.0f32 / 880.0).powf(t / glide);
        phase += TAU * hz / RATE as f32;
        let envelope = (t / 0.01).min(1.0) * ((glide - t) / 0.03).clamp(0.0, 1.0);
        *v = 0.6 * envelope * (phase.sin() + 0.25 * (2.0 * phase).sin());
    }
    let landing = knock(0.2, 120.0, 0.6);
    let first = (glide * RATE as f32) as usize;
    for (j, k) in landing.iter().enumerate() {
        if let Some(v) = s.get_mut(first + j) {
            *v += k;
        }
    }
    s
}

/// Ramps the first `fade_in` and last `fade_out` seconds, so no sound starts or ends with a
/// click.
fn fade(s: &mut [f32], fade_in: f32, fade_out: f32) {
    let (a, b) = (
        (fade_in * RATE as f32) as usize,
        (fade_out * RATE as f32) as usize,
    );
    for (i, v) in s.iter_mut().take(a).enumerate() {
        *v *= i as f32 / a as f32;
    }
    for (i, v) in s.iter_mut().rev().take(b).enumerate() {
        *v *= i as f32 / b as f32;
    }
}

/// Scales the samples so that the loudest is at `peak_db` dBFS.
fn normalise(s: &mut [f32], peak_db: f32) {
    let peak = s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    if peak > 0.0 {
        let gain = 10f32.powf(peak_db / 20.0) / peak;
        s.iter_mut().for_each(|v| *v *= gain);
    }
}

/// A mono 16-bit PCM WAV file of `samples` (from -1 to 1) at [`RATE`].
pub(super) fn wav(samples: &[f32]) -> Vec<u8> {
    let data = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // the fmt chunk's size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes()); // bytes per second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes per sample frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    for v in samples {
        let q = (v.clamp(-1.0, 1.0) * 32767.0).round() as i16;
        out.extend_from_slice(&q.to_le_bytes());
    }
    out
}
