//! Chess clocks: an optional time control (minutes a side, seconds added after each move),
//! the time each side has left, and the time each move took, for the panel and GGF.
//!
//! A side's clock runs while it is to move at the end of the line shown, with nothing held
//! (not while viewing an earlier move, in the board editor, or while engine vs engine is
//! paused). A side whose time runs out loses on time. The engine plays by its clock too:
//! [`Clocks::engine_clock`] is what its time planner spends.

use std::collections::HashMap;

use crate::engine::{GameClock, Ply, Position, Side};
use crate::t;

use super::i18n::Tr;

/// A time control: `minutes` a side (0: no clocks) and `increment_s` added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct TimeControl {
    /// Minutes for each side; 0 turns the clocks off.
    pub minutes: u32,
    /// Seconds added to a side's clock after each of its moves.
    pub increment_s: u32,
}

impl TimeControl {
    /// No clocks.
    pub(super) const OFF: TimeControl = TimeControl {
        minutes: 0,
        increment_s: 0,
    };

    /// The controls offered in the Settings window.
    pub(super) const PRESETS: [TimeControl; 6] = [
        TimeControl::OFF,
        TimeControl::new(5, 0),
        TimeControl::new(10, 0),
        TimeControl::new(20, 0),
        TimeControl::new(3, 2),
        TimeControl::new(10, 5),
    ];

    /// `minutes` + `increment_s`.
    pub(super) const fn new(minutes: u32, increment_s: u32) -> TimeControl {
        TimeControl {
            minutes,
            increment_s,
        }
    }

    /// "Off", "10 min", "3 min + 2 s", in the player's language.
    pub(super) fn label(self, tr: &Tr) -> String {
        match (self.minutes, self.increment_s) {
            (0, _) => t!(tr, "clock-off"),
            (m, 0) => t!(tr, "clock-minutes", minutes = m),
            (m, i) => t!(tr, "clock-minutes-increment", minutes = m, increment = i),
        }
    }

    /// GGF's `TI` value: the time, the increment and no extension, `10:00/00:05/00:00`.
    pub(super) fn ggf(self) -> String {
        format!(
            "{:02}:00/{:02}:{:02}/00:00",
            self.minutes,
            self.increment_s / 60,
            self.increment_s % 60
        )
    }
}

/// The clocks of a game under a time control.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Clocks {
    /// The control they started with.
    pub control: TimeControl,
    /// Milliseconds left: Black's, White's.
    left_ms: [f64; 2],
    /// Milliseconds the side to move has spent on this move so far.
    this_move_ms: f64,
    /// The side whose time ran out.
    pub flagged: Option<Side>,
    /// Milliseconds each ply took, by the position it was played in.
    used_ms: HashMap<(Position, Ply), f64>,
}

/// The clocks as the game in progress's file keeps them (`files/resume.rs`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(super) struct KeptClocks {
    /// The control they started with.
    pub control: TimeControl,
    /// Milliseconds left: Black's, White's.
    pub left_ms: [f64; 2],
    /// The side whose time ran out.
    pub flagged: Option<Side>,
    /// Each timed ply: the position it was played in (OBF), the ply, its milliseconds.
    pub used: Vec<(String, String, f64)>,
}

/// Index of a side's clock.
fn slot(side: Side) -> usize {
    match side {
        Side::Black => 0,
        Side::White => 1,
    }
}

impl Clocks {
    /// Clocks for a game under `control`; `None` when it is off.
    pub(super) fn start(control: TimeControl) -> Option<Clocks> {
        (control.minutes > 0).then(|| {
            let ms = f64::from(control.minutes) * 60_000.0;
            Clocks {
                control,
                left_ms: [ms, ms],
                this_move_ms: 0.0,
                flagged: None,
                used_ms: HashMap::new(),
            }
        })
    }

    /// Milliseconds `side` has left (0 once flagged).
    pub(super) fn left_ms(&self, side: Side) -> f64 {
        self.left_ms[slot(side)].max(0.0)
    }

    /// Runs `side`'s clock for `ms`; true when its time ran out just now.
    pub(super) fn run(&mut self, side: Side, ms: f64) -> bool {
        if self.flagged.is_some() {
            return false;
        }
        self.left_ms[slot(side)] -= ms;
        self.this_move_ms += ms;
        if self.left_ms[slot(side)] <= 0.0 {
            self.flagged = Some(side);
            return true;
        }
        false
    }

    /// `ply` was played in `before`: its time is recorded and the mover gets the increment
    /// (a pass is free).
    pub(super) fn played(&mut self, before: Position, ply: Ply) {
        self.used_ms.insert((before, ply), self.this_move_ms);
        if ply != Ply::Pass {
            self.left_ms[slot(before.side_to_move)] += f64::from(self.control.increment_s) * 1e3;
        }
        self.this_move_ms = 0.0;
    }

    /// The position shown changed other than by a move (undo, viewing): the move being
    /// timed starts again; the time left stays as it is.
    pub(super) fn restart_move(&mut self) {
        self.this_move_ms = 0.0;
    }

    /// Seconds `ply` took when played in `before`, if it was timed.
    pub(super) fn used_s(&self, before: &Position, ply: Ply) -> Option<f64> {
        self.used_ms.get(&(*before, ply)).map(|ms| ms / 1e3)
    }

    /// The clocks to keep in a file: the move being timed is not kept (it starts again
    /// when the game comes back), the timed plies in a fixed order.
    pub(super) fn kept(&self) -> KeptClocks {
        let mut used: Vec<(String, String, f64)> = self
            .used_ms
            .iter()
            .map(|((position, ply), ms)| (position.to_string(), ply.to_string(), *ms))
            .collect();
        used.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        KeptClocks {
            control: self.control,
            left_ms: self.left_ms,
            flagged: self.flagged,
            used,
        }
    }

    /// The clocks a file kept.
    ///
    /// # Errors
    /// What is wrong: a time that is not a number of milliseconds, a position or ply that
    /// does not read.
    pub(super) fn from_kept(kept: KeptClocks) -> Result<Clocks, String> {
        let time = |ms: f64| {
            (ms.is_finite() && ms >= 0.0)
                .then_some(ms)
                .ok_or(format!("{ms} is not a time in milliseconds"))
        };
        let mut used_ms = HashMap::new();
        for (position, ply, ms) in kept.used {
            let position = position.parse::<Position>().map_err(|e| e.to_string())?;
            let ply = ply.parse::<Ply>().map_err(|e| e.to_string())?;
            used_ms.insert((position, ply), time(ms)?);
        }
        // A clock that ran out is kept below zero; it reads as 0.
        let left = |ms: f64| if ms.is_finite() { Ok(ms) } else { time(ms) };
        Ok(Clocks {
            control: kept.control,
            left_ms: [left(kept.left_ms[0])?, left(kept.left_ms[1])?],
            this_move_ms: 0.0,
            flagged: kept.flagged,
            used_ms,
        })
    }

    /// `side`'s clock as the engine's time planner reads it
    /// ([`GameClock::budget`](crate::engine::GameClock::budget)): the time it has left and
    /// the increment it gains after each move.
    pub(super) fn engine_clock(&self, side: Side) -> GameClock {
        GameClock {
            left_ms: self.left_ms(side) as u64,
            increment_ms: u64::from(self.control.increment_s) * 1000,
        }
    }
}

/// `m:ss` (or `h:mm:ss`), tenths under ten seconds: "4:59", "0:07.3".
pub(super) fn clock_text(ms: f64) -> String {
    let ms = ms.max(0.0);
    if ms < 10_000.0 {
        return format!("0:{:04.1}", ms / 1e3);
    }
    let s = (ms / 1e3).ceil() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_run_add_the_increment_and_flag() {
        assert_eq!(Clocks::start(TimeControl::OFF), None);
        let mut c = Clocks::start(TimeControl::new(1, 2)).unwrap();
        let start = Position::start();
        let f5 = Ply::Move("f5".parse().unwrap());
        assert!(!c.run(Side::Black, 1500.0));
        c.played(start, f5);
        assert_eq!(c.left_ms(Side::Black), 60_000.0 - 1500.0 + 2000.0);
        assert_eq!(c.used_s(&start, f5), Some(1.5));
        // White thinks, looks at an earlier move (the move restarts), then overruns.
        assert!(!c.run(Side::White, 20_000.0));
        c.restart_move();
        assert!(c.run(Side::White, 40_000.0));
        assert_eq!(c.flagged, Some(Side::White));
        assert_eq!(c.left_ms(Side::White), 0.0);
        // Once flagged, nothing runs.
        assert!(!c.run(Side::Black, 1000.0));
        assert_eq!(c.left_ms(Side::Black), 60_500.0);
    }

    #[test]
    fn clocks_kept_in_a_file_come_back() {
        let mut c = Clocks::start(TimeControl::new(3, 2)).unwrap();
        let start = Position::start();
        let f5 = Ply::Move("f5".parse().unwrap());
        assert!(!c.run(Side::Black, 1500.0));
        c.played(start, f5);
        assert!(!c.run(Side::White, 700.0));
        let kept = c.kept();
        assert_eq!(
            kept.left_ms,
            [180_000.0 - 1500.0 + 2000.0, 180_000.0 - 700.0]
        );
        assert_eq!(kept.used, [(start.to_string(), "f5".to_string(), 1500.0)]);
        let back = Clocks::from_kept(kept.clone()).unwrap();
        // The move being timed starts again.
        c.restart_move();
        assert_eq!(back, c);
        let broken = KeptClocks {
            used: vec![(start.to_string(), "z9".into(), 1.0)],
            ..kept.clone()
        };
        assert_eq!(
            Clocks::from_kept(broken).unwrap_err(),
            "\"z9\": not a square"
        );
        let broken = KeptClocks {
            left_ms: [f64::NAN, 0.0],
            ..kept
        };
        assert_eq!(
            Clocks::from_kept(broken).unwrap_err(),
            "NaN is not a time in milliseconds"
        );
    }

    #[test]
    fn the_engine_spreads_its_time_and_texts_read_as_clocks() {
        let mut c = Clocks::start(TimeControl::new(5, 0)).unwrap();
        assert_eq!(
            c.engine_clock(Side::White),
            GameClock {
                left_ms: 300_000,
                increment_ms: 0
            }
        );
        assert!(!c.run(Side::White, 12_345.6));
        assert_eq!(c.engine_clock(Side::White).left_ms, 287_654);
        let c = Clocks::start(TimeControl::new(3, 2)).unwrap();
        assert_eq!(
            c.engine_clock(Side::Black),
            GameClock {
                left_ms: 180_000,
                increment_ms: 2000
            }
        );
        assert_eq!(clock_text(299_001.0), "5:00");
        assert_eq!(clock_text(61_000.0), "1:01");
        assert_eq!(clock_text(7_340.0), "0:07.3");
        assert_eq!(clock_text(3_725_000.0), "1:02:05");
        assert_eq!(TimeControl::new(10, 5).ggf(), "10:00/00:05/00:00");
        assert_eq!(TimeControl::new(3, 2).label(&Tr::default()), "3 min + 2 s");
    }
}
