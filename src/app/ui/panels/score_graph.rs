//! The score graph under the side panel: the engine's and the review's scores over the game, clickable.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::{Grade, MoveReview, ReviewThresholds};

use super::marks::{BLUNDER_COLOR, MISTAKE_COLOR};
use crate::app::i18n::Tr;
use crate::app::messages::Command;
use crate::app::play::game::Match;
use crate::app::study::graph::Score;
use crate::app::ui::view::Requests;
use crate::t;

/// The evaluation graph: each position's score (discs, Black's side) by ply, exact ones in
/// gold, the reviewed mistakes (orange) and blunders (red), the position shown marked; a
/// click views the position of the nearest ply.
pub(super) fn score_graph(
    ui: &mut egui::Ui,
    tr: &Tr,
    m: &Match,
    points: &[(usize, Score)],
    reviewed: &[MoveReview],
    requests: &mut Requests,
) {
    use egui_plot::{Line, MarkerShape, Plot, PlotPoints, Points, VLine};
    let line: Vec<[f64; 2]> = points
        .iter()
        .map(|(ply, s)| [*ply as f64, f64::from(s.black)])
        .collect();
    let exact: Vec<[f64; 2]> = points
        .iter()
        .filter(|(_, s)| s.exact)
        .map(|(ply, s)| [*ply as f64, f64::from(s.black)])
        .collect();
    let thresholds = ReviewThresholds::shipped();
    let graded = |grade: Grade| -> Vec<[f64; 2]> {
        reviewed
            .iter()
            .filter(|r| thresholds.grade(r.loss) == grade)
            .map(|r| [r.ply as f64, f64::from(r.score * r.color.sign())])
            .collect()
    };
    let (mistakes, blunders) = (graded(Grade::Mistake), graded(Grade::Blunder));
    let len = m.game.len();
    let response = Plot::new("score_graph")
        .height(110.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .include_x(0.0)
        .include_x(len.max(20) as f64)
        .include_y(-10.0)
        .include_y(10.0)
        .y_axis_min_width(18.0)
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|input| {
            // Plies: a label every 10 or 20 of them.
            let step = if input.bounds.1 - input.bounds.0 > 40.0 {
                20.0
            } else {
                10.0
            };
            [step, step, step]
        }))
        .y_grid_spacer(egui_plot::uniform_grid_spacer(|input| {
            // About three labelled steps over whatever range the scores span (the plot is
            // 110 px high: egui_plot's own steps left only 0 labelled on a wide range).
            let span = input.bounds.1 - input.bounds.0;
            let step = [5.0, 10.0, 20.0, 30.0, 40.0, 50.0]
                .into_iter()
                .find(|&s| s * 3.0 >= span)
                .unwrap_or(64.0);
            [step, step, step]
        }))
        .label_formatter(|pos| match pos {
            egui_plot::HoverPosition::NearDataPoint { position, .. } => Some(t!(
                tr,
                "graph-point",
                ply = position.x.round(),
                score = Tr::signed(position.y.round() as i32)
            )),
            egui_plot::HoverPosition::Elsewhere { .. } => None,
        })
        .show(ui, |plot| {
            plot.hline(egui_plot::HLine::new("even", 0.0).color(egui::Color32::from_gray(90)));
            plot.vline(
                VLine::new("shown", m.game.cursor() as f64)
                    .color(egui::Color32::from_rgb(0x40, 0x90, 0xe0)),
            );
            plot.line(
                Line::new("score", PlotPoints::from(line)).color(egui::Color32::from_gray(220)),
            );
            plot.points(
                Points::new("exact", PlotPoints::from(exact))
                    .shape(MarkerShape::Circle)
                    .radius(2.5)
                    .color(egui::Color32::from_rgb(255, 204, 64)),
            );
            for (name, marks, color) in [
                ("mistakes", mistakes, MISTAKE_COLOR),
                ("blunders", blunders, BLUNDER_COLOR),
            ] {
                plot.points(
                    Points::new(name, PlotPoints::from(marks))
                        .shape(MarkerShape::Diamond)
                        .radius(3.5)
                        .color(color),
                );
            }
            plot.pointer_coordinate()
        });
    if response.response.clicked()
        && let Some(p) = response.inner
    {
        requests
            .commands
            .push(Command::GoTo((p.x.round().max(0.0) as usize).min(len)));
    }
    response.response.on_hover_text(t!(tr, "graph-hover"));
}
