//! The Practice window, in two tabs. Your mistakes: the due card on a board of its own,
//! answered with a click; then right or wrong with the discs lost, every move's value, when
//! the card comes back, and the best line to step through. Positions: a position from the
//! engine's games with a value in a chosen range, played out on the game's board against
//! the level chosen there (Strongest by default).

use bevy_egui::egui;

use crate::engine::{
    DeckEntry, Level, OpeningNames, PeopleElo, PeopleErrors, Position, PracticePosition,
    RatingModel, Side, Square, ValuePrecision,
};
use crate::t;

use crate::app::coach::drill::{board_line, left_text};
use crate::app::coach::practice::{
    Practice, PracticeAction, Shown, line_position, matching_positions, search_margin_applies,
    unix_now,
};
use crate::app::coach::strength::{POOLED_GAMES, Strength};
use crate::app::i18n::{Tr, side_id};
use crate::app::study::explain::{Explanations, explanation_ui};
use crate::app::ui::view::GameView;

/// A square's side on the window's board, in points.
const SQUARE: f32 = 38.0;
/// The margin for the coordinates.
const MARGIN: f32 = 16.0;

/// Shows the window; false once closed. What the player does goes into `actions`.
pub(super) fn practice_window(
    ctx: &egui::Context,
    view: &GameView,
    opponent: &mut String,
    actions: &mut Vec<PracticeAction>,
) -> bool {
    let tr = &*view.tr;
    let (practice, explanations, strength) =
        (&*view.practice, &*view.explanations, &*view.strength);
    let mut open = true;
    egui::Window::new(t!(tr, "practice-title"))
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .default_pos(egui::pos2(40.0, 60.0))
        .show(ctx, |ui| {
            let id = egui::Id::new("practice-window-choices");
            let mut choices: Choices = ui.data_mut(|d| d.get_temp(id)).unwrap_or_default();
            ui.horizontal(|ui| {
                ui.selectable_value(&mut choices.tab, Tab::Cards, t!(tr, "practice-tab-cards"));
                ui.selectable_value(
                    &mut choices.tab,
                    Tab::Positions,
                    t!(tr, "practice-tab-positions"),
                );
                ui.selectable_value(
                    &mut choices.tab,
                    Tab::Openings,
                    t!(tr, "practice-tab-openings"),
                );
                ui.selectable_value(
                    &mut choices.tab,
                    Tab::Strength,
                    t!(tr, "practice-tab-strength"),
                );
            });
            ui.separator();
            match choices.tab {
                Tab::Cards => cards(ui, tr, practice, explanations, actions),
                Tab::Positions => {
                    let levels = &view.levels.0;
                    positions(ui, tr, practice, (levels, opponent), &mut choices, actions);
                }
                Tab::Openings => openings_tab(ui, view, &mut choices, actions),
                Tab::Strength => strength_tab(ui, tr, strength),
            }
            ui.data_mut(|d| d.insert_temp(id, choices));
        });
    open
}

/// The window's tabs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Tab {
    /// The cards of the player's mistakes.
    #[default]
    Cards,
    /// Positions on demand.
    Positions,
    /// Opening drills.
    Openings,
    /// The player's rating.
    Strength,
}

/// What the window remembers between frames: the tab, the positions asked for, the opening
/// chosen.
#[derive(Clone, Copy, Debug)]
struct Choices {
    tab: Tab,
    opening: usize,
    empties: u32,
    low: i32,
    high: i32,
}

impl Default for Choices {
    fn default() -> Choices {
        Choices {
            tab: Tab::Cards,
            opening: 0,
            empties: 24,
            low: -2,
            high: 2,
        }
    }
}

/// The empties the shipped positions have.
const EMPTIES: [u32; 6] = [16, 20, 24, 28, 32, 36];

/// The ranges offered by name: even, winning, losing, any.
const RANGES: [(&str, i32, i32); 4] = [
    ("practice-range-even", -2, 2),
    ("practice-range-winning", 6, 12),
    ("practice-range-losing", -12, -6),
    ("practice-range-any", -64, 64),
];

/// How sure the values of `found` are: exact (solved), a selective solve's confidence, the
/// shallowest search's depth, or how many of them are solved (a set being solved, as the
/// 28-empty one was, or valued selectively, as the 32-empty one). `None` for no position.
fn precision_text(tr: &Tr, found: &[&PracticePosition]) -> Option<String> {
    if found.is_empty() {
        return None;
    }
    let depths = found.iter().filter_map(|p| match p.precision {
        ValuePrecision::Depth(d) => Some(d),
        _ => None,
    });
    let (searched, depth) = (depths.clone().count(), depths.min());
    let selective = found
        .iter()
        .filter_map(|p| match p.precision {
            ValuePrecision::Selective(t) => Some(t),
            _ => None,
        })
        .min();
    let solved = found.len() - searched;
    Some(match (depth, selective) {
        (Some(depth), _) if solved == 0 => t!(tr, "practice-precision-depth", depth = depth),
        (Some(depth), selective) => t!(
            tr,
            "practice-precision-mixed",
            solved = solved.to_string(),
            count = found.len().to_string(),
            how = if selective.is_some() {
                "selective"
            } else {
                "exact"
            },
            depth = depth
        ),
        (None, Some(t)) => t!(
            tr,
            "practice-precision-selective",
            sure = Tr::decimal(f64::from(t) / 10.0, 1)
        ),
        (None, None) => t!(tr, "practice-precision-exact"),
    })
}

/// Positions on demand: the empties and the value range, how many match, the level that
/// plays them out (`opponent`, one of `levels`; a name no longer among them becomes the
/// last, the strongest), and Play.
fn positions(
    ui: &mut egui::Ui,
    tr: &Tr,
    practice: &Practice,
    (levels, opponent): (&[Level], &mut String),
    choices: &mut Choices,
    actions: &mut Vec<PracticeAction>,
) {
    if !levels.iter().any(|l| l.name == *opponent)
        && let Some(last) = levels.last()
    {
        opponent.clone_from(&last.name);
    }
    let level = tr.level_name(opponent);
    ui.label(t!(tr, "practice-positions-intro", level = level.clone()));
    ui.horizontal(|ui| {
        ui.label(t!(tr, "practice-opponent"));
        egui::ComboBox::from_id_salt("practice-opponent")
            .selected_text(level)
            .width(180.0)
            .show_ui(ui, |ui| {
                for l in levels {
                    ui.selectable_value(opponent, l.name.clone(), tr.level_name(&l.name));
                }
            })
            .response
            .on_hover_text(t!(tr, "practice-opponent-hover"));
    });
    ui.horizontal(|ui| {
        ui.label(t!(tr, "practice-empties"));
        for empties in EMPTIES {
            ui.selectable_value(&mut choices.empties, empties, empties.to_string());
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(t!(tr, "practice-range"));
        for (id, low, high) in RANGES {
            if ui
                .selectable_label((choices.low, choices.high) == (low, high), tr.plain(id))
                .clicked()
            {
                (choices.low, choices.high) = (low, high);
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(t!(tr, "practice-from"));
        ui.add(egui::DragValue::new(&mut choices.low).range(-64..=64));
        ui.label(t!(tr, "practice-to"));
        ui.add(egui::DragValue::new(&mut choices.high).range(-64..=64));
        if choices.low > choices.high {
            std::mem::swap(&mut choices.low, &mut choices.high);
        }
    });
    let found = matching_positions(choices.empties, choices.low, choices.high);
    let matching = found.len();
    ui.label(t!(tr, "practice-matching", count = matching));
    if let Some(text) = precision_text(tr, &found) {
        ui.label(egui::RichText::new(text).weak());
    }
    if search_margin_applies(choices.empties, choices.low, choices.high) {
        ui.label(egui::RichText::new(t!(tr, "practice-precision-margin")).weak());
    }
    if ui
        .add_enabled(matching > 0, egui::Button::new(t!(tr, "practice-play")))
        .clicked()
    {
        actions.push(PracticeAction::PlayPosition {
            empties: choices.empties,
            low: choices.low,
            high: choices.high,
        });
    }
    if practice.playing.is_some() {
        ui.label(egui::RichText::new(t!(tr, "practice-playing")).weak());
    }
}

/// Opening drills: the named openings to choose from, the line on the board, and the drill
/// in hand (with a button to try again where the player left the book).
fn openings_tab(
    ui: &mut egui::Ui,
    view: &GameView,
    choices: &mut Choices,
    actions: &mut Vec<PracticeAction>,
) {
    let tr = &*view.tr;
    ui.label(t!(tr, "drill-intro"));
    if let Some(state) = &view.drill.0 {
        let text = match (&state.left, state.done) {
            (Some(left), _) => left_text(tr, left),
            (None, true) => t!(
                tr,
                "drill-done",
                opening = state.opening.as_str(),
                moves = state.book_moves
            ),
            (None, false) => t!(
                tr,
                "drill-on",
                opening = state.opening.as_str(),
                moves = state.book_moves
            ),
        };
        ui.label(egui::RichText::new(text).strong());
        if state.left.is_some() && ui.button(t!(tr, "drill-retry")).clicked() {
            actions.push(PracticeAction::DrillRetry);
        }
    }
    let openings = OpeningNames::shipped();
    egui::ScrollArea::vertical()
        .max_height(260.0)
        .show(ui, |ui| {
            for (i, opening) in openings.iter().enumerate() {
                ui.selectable_value(
                    &mut choices.opening,
                    i,
                    format!("{}  {}", opening.name, opening.moves),
                );
            }
        });
    ui.horizontal(|ui| {
        if let Some(opening) = openings.iter().nth(choices.opening)
            && ui
                .button(t!(tr, "drill-start", opening = opening.name.as_str()))
                .clicked()
        {
            actions.push(PracticeAction::Drill(choices.opening));
        }
        // A book line of the player's own: the game on the board, up to the position shown.
        let line = board_line(&view.book.book, &view.m.game);
        let button = ui.add_enabled(
            line.is_some(),
            egui::Button::new(t!(
                tr,
                "drill-board",
                moves = line.as_ref().map_or(0, |g| g.len())
            )),
        );
        if button
            .on_disabled_hover_text(t!(tr, "drill-board-unknown"))
            .clicked()
        {
            actions.push(PracticeAction::DrillBoard);
        }
    });
}

/// The player's rating from their reviewed games, and each game's on a graph.
fn strength_tab(ui: &mut egui::Ui, tr: &Tr, strength: &Strength) {
    use egui_plot::{Line, MarkerShape, Plot, PlotPoints, Points};
    let model = RatingModel::shipped();
    let Some(estimate) = strength.estimate(model) else {
        if strength.games.is_empty() {
            ui.label(t!(tr, "strength-empty"));
        } else {
            ui.label(t!(tr, "strength-none-rated"));
            games_counted(ui, tr, strength);
        }
        return;
    };
    let games = strength.rated().len().min(POOLED_GAMES);
    ui.label(
        egui::RichText::new(t!(
            tr,
            "strength-rating",
            rating = format!("{:.0}", estimate.rating),
            low = format!("{:.0}", estimate.interval.0),
            high = format!("{:.0}", estimate.interval.1)
        ))
        .heading(),
    );
    ui.label(t!(
        tr,
        "strength-from",
        moves = estimate.moves,
        games = games,
        loss = Tr::decimal(estimate.mean_loss, 2)
    ));
    // The levels around it.
    let below = model
        .levels
        .iter()
        .rev()
        .find(|l| l.rating <= estimate.rating);
    let above = model.levels.iter().find(|l| l.rating > estimate.rating);
    match (below, above) {
        (Some(b), Some(a)) => ui.label(t!(
            tr,
            "strength-between",
            below = tr.level_name(&b.name),
            below_rating = format!("{:.0}", b.rating),
            above = tr.level_name(&a.name),
            above_rating = format!("{:.0}", a.rating)
        )),
        (Some(b), None) => ui.label(t!(
            tr,
            "strength-top",
            level = tr.level_name(&b.name),
            rating = format!("{:.0}", b.rating)
        )),
        _ => ui.label(t!(
            tr,
            "strength-bottom",
            level = tr.level_name(&model.levels[0].name),
            rating = format!("{:.0}", model.levels[0].rating)
        )),
    };
    let people = match PeopleErrors::shipped().elo_for_loss(estimate.mean_loss) {
        PeopleElo::About(elo) => t!(tr, "strength-people", elo = format!("{elo:.0}")),
        PeopleElo::Below(elo) => t!(tr, "strength-people-below", elo = elo.to_string()),
        PeopleElo::Above(elo) => t!(tr, "strength-people-above", elo = elo.to_string()),
    };
    ui.label(people)
        .on_hover_text(t!(tr, "strength-people-hover"));
    let trend = strength.trend(model);
    let own: Vec<[f64; 2]> = trend
        .iter()
        .enumerate()
        .filter_map(|(i, (own, _))| own.map(|r| [(i + 1) as f64, r]))
        .collect();
    let pooled: Vec<[f64; 2]> = trend
        .iter()
        .enumerate()
        .filter_map(|(i, (_, so_far))| so_far.map(|r| [(i + 1) as f64, r]))
        .collect();
    Plot::new("strength_graph")
        .height(160.0)
        .width(330.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .include_x(1.0)
        .include_x(trend.len().max(5) as f64)
        .include_y(model.levels[0].rating)
        .include_y(model.levels[model.levels.len() - 1].rating)
        .show(ui, |plot| {
            for level in &model.levels {
                plot.hline(
                    egui_plot::HLine::new(tr.level_name(&level.name), level.rating)
                        .color(egui::Color32::from_gray(70)),
                );
            }
            plot.line(
                Line::new(t!(tr, "strength-line"), PlotPoints::from(pooled))
                    .color(egui::Color32::from_rgb(0x4a, 0xa8, 0xff)),
            );
            plot.points(
                Points::new(t!(tr, "strength-points"), PlotPoints::from(own))
                    .shape(MarkerShape::Circle)
                    .radius(3.0)
                    .color(egui::Color32::from_gray(220)),
            );
        })
        .response
        .on_hover_text(t!(tr, "strength-graph-hover"));
    games_counted(ui, tr, strength);
}

/// The last reviewed games, each with whether it counted for the rating and why not.
fn games_counted(ui: &mut egui::Ui, tr: &Tr, strength: &Strength) {
    ui.label(egui::RichText::new(t!(tr, "strength-games")).strong());
    egui::Grid::new("strength-games")
        .striped(true)
        .num_columns(4)
        .show(ui, |ui| {
            for game in strength.games.iter().rev().take(10) {
                ui.label(game.date.as_str());
                ui.label(tr.level_name(&game.level));
                ui.label(format!("{:+}", game.result));
                let help = game.help;
                let mut why = Vec::new();
                if help.hints {
                    why.push(t!(tr, "strength-why-hints"));
                }
                if help.takebacks > 0 {
                    why.push(t!(tr, "strength-why-takebacks", n = help.takebacks));
                }
                if help.set_up {
                    why.push(t!(tr, "strength-why-set-up"));
                }
                if why.is_empty() {
                    ui.label(t!(tr, "strength-counted"));
                } else {
                    ui.label(
                        egui::RichText::new(t!(tr, "strength-not-counted", why = why.join(", ")))
                            .weak(),
                    );
                }
                ui.end_row();
            }
        });
}

/// The cards of the player's mistakes.
fn cards(
    ui: &mut egui::Ui,
    tr: &Tr,
    practice: &Practice,
    explanations: &Explanations,
    actions: &mut Vec<PracticeAction>,
) {
    let now = unix_now();
    let deck = &practice.deck;
    if let Some((scored, mistakes)) = practice.making() {
        ui.add(
            egui::ProgressBar::new(scored as f32 / mistakes.max(1) as f32).text(t!(
                tr,
                "practice-making",
                scored = scored,
                mistakes = mistakes
            )),
        );
    }
    if deck.is_empty() {
        ui.label(t!(tr, "practice-empty"));
        return;
    }
    ui.label(t!(
        tr,
        "practice-summary",
        cards = deck.len(),
        due = deck.due_count(now)
    ));
    let Some((shown, entry)) = practice.shown_entry() else {
        let label = if deck.due_count(now) > 0 {
            t!(tr, "practice-start")
        } else {
            t!(tr, "practice-ahead")
        };
        if let Some(i) = deck.soonest()
            && deck.due_count(now) == 0
        {
            ui.label(due_text(tr, deck.entries()[i].memory.due - now));
        }
        if ui.button(label).clicked() {
            actions.push(PracticeAction::Next);
        }
        return;
    };
    let card = &entry.card;
    ui.label(
        egui::RichText::new(t!(
            tr,
            "practice-find",
            side = side_id(card.position.side_to_move)
        ))
        .strong(),
    );
    ui.label(egui::RichText::new(source_text(tr, entry)).weak());
    let position = line_position(card.position, &shown.line, shown.step);
    if let Some(sq) = board(ui, position, card.position, shown, &card.scores) {
        actions.push(PracticeAction::Answer(sq));
    }
    match &shown.answer {
        None => {
            ui.label(t!(tr, "practice-click"));
        }
        Some(answer) => {
            let value = |sq: Square| {
                card.scores
                    .iter()
                    .find(|&&(s, _)| s == sq)
                    .map_or(0, |&(_, v)| v)
            };
            let best = answer
                .best
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            let (text, color) = if answer.right {
                (
                    t!(
                        tr,
                        "practice-right",
                        chosen = answer.chosen.to_string(),
                        score = Tr::signed(value(answer.chosen))
                    ),
                    egui::Color32::from_rgb(0x6c, 0xd0, 0x6c),
                )
            } else {
                (
                    t!(
                        tr,
                        "practice-wrong",
                        chosen = answer.chosen.to_string(),
                        score = Tr::signed(value(answer.chosen)),
                        loss = answer.loss,
                        best = best,
                        best_score = Tr::signed(card.best_score())
                    ),
                    egui::Color32::from_rgb(0xff, 0x7a, 0x6a),
                )
            };
            ui.label(egui::RichText::new(text).color(color).strong());
            if !answer.right {
                let question = (card.position, answer.chosen, answer.best[0]);
                explanation_ui(ui, tr, explanations, &question);
            }
            ui.label(t!(
                tr,
                "practice-played",
                played = card.played.to_string(),
                loss = card.loss()
            ));
            ui.label(due_text(tr, answer.due - now));
            line_controls(ui, tr, shown, card.position, actions);
        }
    }
    ui.separator();
    ui.horizontal(|ui| {
        let next = if shown.answer.is_some() {
            t!(tr, "practice-next")
        } else {
            t!(tr, "practice-skip")
        };
        if ui.button(next).clicked() {
            actions.push(PracticeAction::Next);
        }
        if ui
            .button(t!(tr, "practice-remove"))
            .on_hover_text(t!(tr, "practice-remove-hover"))
            .clicked()
        {
            actions.push(PracticeAction::Remove);
        }
    });
}

/// "Source: 2026-11-26 21:05, move 23", then "Values exact" (or "searched to depth 12").
fn source_text(tr: &Tr, entry: &DeckEntry) -> String {
    let card = &entry.card;
    let values = if card.exact {
        t!(tr, "practice-values-exact")
    } else {
        t!(tr, "practice-values-depth", depth = card.depth)
    };
    let source = t!(
        tr,
        "practice-source",
        source = entry.source.as_str(),
        ply = card.ply
    );
    format!("{source}\n{values}")
}

/// When a card comes back: in minutes, hours or days.
fn due_text(tr: &Tr, seconds: i64) -> String {
    let seconds = seconds.max(0);
    if seconds < 3_600 {
        t!(tr, "practice-due-minutes", minutes = (seconds + 59) / 60)
    } else if seconds < 86_400 {
        t!(tr, "practice-due-hours", hours = (seconds + 1_799) / 3_600)
    } else {
        t!(tr, "practice-due-days", days = (seconds + 43_199) / 86_400)
    }
}

/// The best line: its moves, and buttons to step through it on the board.
fn line_controls(
    ui: &mut egui::Ui,
    tr: &Tr,
    shown: &Shown,
    start: Position,
    actions: &mut Vec<PracticeAction>,
) {
    if shown.finding_line() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(t!(tr, "practice-finding-line"));
        });
        return;
    }
    let moves: Vec<String> = shown.line.iter().map(ToString::to_string).collect();
    ui.label(t!(tr, "practice-line", moves = moves.join(" ")));
    ui.horizontal(|ui| {
        let last = shown.line.len();
        let step = shown.step;
        for (label, to, enabled) in [
            ("⏮", 0, step > 0),
            ("◀", step.saturating_sub(1), step > 0),
            ("▶", (step + 1).min(last), step < last),
            ("⏭", last, step < last),
        ] {
            if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                actions.push(PracticeAction::Step(to));
            }
        }
        let position = line_position(start, &shown.line, step);
        ui.label(t!(
            tr,
            "practice-step",
            step = step,
            plies = last,
            black = position.black().count_ones(),
            white = position.white().count_ones()
        ));
    });
}

/// Draws the board showing `position` (the card's `start` after some plies of the best
/// line); before the answer, a click on a legal move returns it; after it, at the card's
/// position, each move's value in `scores`.
fn board(
    ui: &mut egui::Ui,
    position: Position,
    start: Position,
    shown: &Shown,
    scores: &[(Square, i32)],
) -> Option<Square> {
    let side = 8.0 * SQUARE + MARGIN;
    let answering = shown.answer.is_none();
    let sense = if answering {
        egui::Sense::click()
    } else {
        egui::Sense::hover()
    };
    let (response, painter) = ui.allocate_painter(egui::vec2(side, side), sense);
    let origin = response.rect.min + egui::vec2(MARGIN, MARGIN);
    let rect_of = |sq: Square| {
        let (file, rank) = (sq.index() % 8, sq.index() / 8);
        egui::Rect::from_min_size(
            origin + egui::vec2(file as f32 * SQUARE, rank as f32 * SQUARE),
            egui::vec2(SQUARE, SQUARE),
        )
    };
    let green = egui::Color32::from_rgb(0x2e, 0x7d, 0x45);
    let line = egui::Stroke::new(1.0, egui::Color32::from_rgb(0x14, 0x3d, 0x22));
    let text = ui.visuals().text_color();
    painter.rect_filled(
        egui::Rect::from_min_size(origin, egui::vec2(8.0 * SQUARE, 8.0 * SQUARE)),
        2.0,
        green,
    );
    for i in 0..8 {
        let font = egui::FontId::proportional(11.0);
        painter.text(
            origin + egui::vec2((i as f32 + 0.5) * SQUARE, -MARGIN / 2.0),
            egui::Align2::CENTER_CENTER,
            (b'a' + i) as char,
            font.clone(),
            text,
        );
        painter.text(
            origin + egui::vec2(-MARGIN / 2.0, (i as f32 + 0.5) * SQUARE),
            egui::Align2::CENTER_CENTER,
            (i + 1).to_string(),
            font,
            text,
        );
    }
    let hovered = response
        .hover_pos()
        .filter(|_| answering)
        .and_then(|p| square_at(p - origin));
    let legal = start.board.moves();
    for index in 0..64u8 {
        let sq = Square::from_index(index);
        let rect = rect_of(sq);
        painter.rect_stroke(rect, 0.0, line, egui::StrokeKind::Inside);
        match position.disc(sq) {
            Some(color) => {
                let (fill, edge) = match color {
                    Side::Black => (egui::Color32::from_gray(20), egui::Color32::from_gray(90)),
                    Side::White => (egui::Color32::from_gray(240), egui::Color32::from_gray(150)),
                };
                painter.circle(
                    rect.center(),
                    SQUARE * 0.42,
                    fill,
                    egui::Stroke::new(1.0, edge),
                );
                // The line's moves, numbered on their discs.
                if let Some(n) = shown.line[..shown.step.min(shown.line.len())]
                    .iter()
                    .position(|&m| m == sq)
                {
                    let ink = match color {
                        Side::Black => egui::Color32::WHITE,
                        Side::White => egui::Color32::BLACK,
                    };
                    painter.text(
                        rect.center(),
                        egui::Align2::CENTER_CENTER,
                        (n + 1).to_string(),
                        egui::FontId::proportional(14.0),
                        ink,
                    );
                }
            }
            None if answering && legal & sq.bit() != 0 => {
                let dot = if hovered == Some(sq) { 0.3 } else { 0.08 };
                painter.circle_filled(
                    rect.center(),
                    SQUARE * dot,
                    egui::Color32::from_black_alpha(110),
                );
            }
            None => {}
        }
    }
    // After the answer, at the card's position: every move's value, the best ringed in
    // green, a wrong answer in red.
    if let Some(answer) = &shown.answer
        && shown.step == 0
    {
        for &(sq, value) in scores {
            painter.text(
                rect_of(sq).center(),
                egui::Align2::CENTER_CENTER,
                format!("{value:+}"),
                egui::FontId::proportional(13.0),
                egui::Color32::from_rgb(0xf0, 0xf0, 0x90),
            );
        }
        let ring = |sq: Square, color: egui::Color32| {
            painter.circle_stroke(
                rect_of(sq).center(),
                SQUARE * 0.4,
                egui::Stroke::new(3.0, color),
            );
        };
        for &sq in &answer.best {
            ring(sq, egui::Color32::from_rgb(0x6c, 0xff, 0x6c));
        }
        if !answer.right {
            ring(answer.chosen, egui::Color32::from_rgb(0xff, 0x50, 0x40));
        }
    }
    let clicked = response
        .clicked()
        .then(|| response.interact_pointer_pos())
        .flatten()
        .and_then(|p| square_at(p - origin))
        .filter(|sq| legal & sq.bit() != 0);
    if answering && hovered.is_some() {
        ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
    }
    clicked
}

/// The square under a point, from the board's top-left corner.
fn square_at(offset: egui::Vec2) -> Option<Square> {
    let (file, rank) = (offset.x / SQUARE, offset.y / SQUARE);
    ((0.0..8.0).contains(&file) && (0.0..8.0).contains(&rank))
        .then(|| Square::from_index(rank as u8 * 8 + file as u8))
}
