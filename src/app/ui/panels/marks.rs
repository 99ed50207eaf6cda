//! The colours and marks that the panels share: a mistake, a blunder, a variation.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::{Grade, MoveReview, ReviewThresholds};

use crate::app::i18n::Tr;
use crate::t;

/// The colour of a mistake in the move list and on the graph.
pub(super) const MISTAKE_COLOR: egui::Color32 = egui::Color32::from_rgb(0xe8, 0xa0, 0x30);

/// The colour of a blunder.
pub(super) const BLUNDER_COLOR: egui::Color32 = egui::Color32::from_rgb(0xe8, 0x50, 0x40);

/// The colour of a move that starts a variation, and of the variations offered.
pub(super) const VARIATION: egui::Color32 = egui::Color32::from_rgb(90, 190, 200);

/// A reviewed move's mark in the move list, its colour, and what its hover says.
pub(super) fn review_mark(
    r: &MoveReview,
    thresholds: &ReviewThresholds,
    tr: &Tr,
) -> (&'static str, Option<egui::Color32>, String) {
    let (mark, color) = match thresholds.grade(r.loss) {
        Grade::Best | Grade::Inaccuracy => ("", None),
        Grade::Mistake => ("?", Some(MISTAKE_COLOR)),
        Grade::Blunder => ("??", Some(BLUNDER_COLOR)),
    };
    let (played, score) = (r.played.to_string(), Tr::signed(r.score));
    let hover = match (r.loss, r.exact) {
        (0, false) => t!(tr, "review-best-move", played = played, score = score),
        (0, true) => t!(tr, "review-best-move-exact", played = played, score = score),
        (loss, exact) => {
            let (best, best_score) = (r.best.to_string(), Tr::signed(r.best_score));
            if exact {
                t!(
                    tr,
                    "review-loses-exact",
                    played = played,
                    score = score,
                    loss = loss,
                    best = best,
                    best_score = best_score
                )
            } else {
                t!(
                    tr,
                    "review-loses",
                    played = played,
                    score = score,
                    loss = loss,
                    best = best,
                    best_score = best_score
                )
            }
        }
    };
    (mark, color, hover)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Side, Square};

    #[test]
    fn a_reviewed_move_is_marked_by_its_loss() {
        let tr = Tr::default();
        let thresholds = ReviewThresholds {
            mistake: 4,
            blunder: 10,
        };
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mark = |loss: i32, exact: bool| {
            let review = MoveReview {
                ply: 5,
                played: sq("c4"),
                color: Side::Black,
                score: 2 - loss,
                best: if loss == 0 { sq("c4") } else { sq("e3") },
                best_score: 2,
                loss,
                exact,
            };
            let (mark, color, hover) = review_mark(&review, &thresholds, &tr);
            (mark, color, hover.replace(['\u{2068}', '\u{2069}'], ""))
        };
        assert_eq!(mark(0, false), ("", None, "c4: a best move, +2".into()));
        assert_eq!(
            mark(0, true),
            ("", None, "c4: a best move, +2 (exact)".into())
        );
        // Below the mistake threshold a loss is only an inaccuracy: no mark.
        assert_eq!(
            mark(1, true),
            ("", None, "c4: +1, loses 1 disc; best e3 +2 (exact)".into())
        );
        assert_eq!(
            mark(4, false),
            (
                "?",
                Some(MISTAKE_COLOR),
                "c4: -2, loses 4 discs; best e3 +2".into()
            )
        );
        assert_eq!(
            mark(10, true),
            (
                "??",
                Some(BLUNDER_COLOR),
                "c4: -8, loses 10 discs; best e3 +2 (exact)".into()
            )
        );
    }
}
