//! The review's summary in the side panel: each side's accuracy, mistakes and blunders, and
//! a button to make practice cards of a side's mistakes.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::{MoveReview, ReviewThresholds, Side, summarize};

use crate::app::i18n::{Tr, side_id};
use crate::app::play::game::Match;
use crate::app::study::explain::{Explanations, explanation_ui};
use crate::app::study::review::GameReview;
use crate::app::ui::view::Requests;
use crate::t;

/// The review's progress, then each player's figures.
pub(super) fn review_panel(
    ui: &mut egui::Ui,
    tr: &Tr,
    m: &Match,
    (review, explanations): (&GameReview, &Explanations),
    moves: &[MoveReview],
    making_cards: bool,
    requests: &mut Requests,
) {
    ui.label(egui::RichText::new(t!(tr, "review-heading")).strong());
    if let Some(r) = review.mistake_here(&m.game) {
        ui.label(
            egui::RichText::new(t!(
                tr,
                "review-here",
                side = side_id(r.color),
                played = r.played.to_string(),
                score = Tr::signed(r.score),
                loss = r.loss,
                best = r.best.to_string(),
                best_score = Tr::signed(r.best_score)
            ))
            .color(egui::Color32::from_rgb(0x4a, 0xa8, 0xff)),
        );
        let question = (m.game.position(), r.played, r.best);
        explanation_ui(ui, tr, explanations, &question);
    }
    if review.running() {
        let done = moves.len();
        let text = match review.seconds_left(done) {
            Some(s) => t!(
                tr,
                "review-progress-left",
                done = done,
                total = review.total,
                seconds = s.round()
            ),
            None => t!(tr, "review-progress", done = done, total = review.total),
        };
        ui.add(egui::ProgressBar::new(done as f32 / review.total.max(1) as f32).text(text));
        return;
    }
    let thresholds = ReviewThresholds::shipped();
    let summaries = summarize(moves, &thresholds);
    for (side, s) in [(Side::Black, summaries[0]), (Side::White, summaries[1])] {
        ui.label(t!(
            tr,
            "review-summary",
            side = side_id(side),
            lost = s.loss,
            mistakes = s.mistakes,
            blunders = s.blunders,
            best_percent = s.accuracy().round()
        ))
        .on_hover_text(t!(
            tr,
            "review-summary-hover",
            moves = s.moves,
            best = s.best_moves,
            inaccuracies = s.inaccuracies,
            mistake = thresholds.mistake,
            mistakes = s.mistakes,
            blunders = s.blunders,
            blunder = thresholds.blunder
        ));
    }
    for (side, s) in [(Side::Black, summaries[0]), (Side::White, summaries[1])] {
        let mistakes = s.mistakes + s.blunders;
        if mistakes > 0
            && ui
                .add_enabled(
                    !making_cards,
                    egui::Button::new(t!(
                        tr,
                        "review-make-cards",
                        side = side_id(side),
                        mistakes = mistakes
                    )),
                )
                .on_hover_text(t!(tr, "review-make-cards-hover"))
                .clicked()
        {
            requests.cards = Some(side);
        }
    }
    if let Some(t) = review.took_s {
        ui.label(
            egui::RichText::new(t!(tr, "review-took", seconds = t.round()))
                .weak()
                .small(),
        );
    }
}
