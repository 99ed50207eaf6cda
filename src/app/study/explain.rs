//! Why a move was a mistake, in words (issue 55): when the board shows the position of a
//! reviewed mistake, or the Practice window a wrong answer, the move is explained against
//! the best one in the background (`explain_move`: corners, X- and C-squares, mobility,
//! frontier, stable discs, parity, each compared along the two lines), and the side panel or
//! the window writes the facts in the player's language ([`fact_text`]).

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy_egui::egui;

use crate::engine::{Explanation, Fact, Position, Searcher, Side, Square, explain_move};
use crate::t;

use super::review::GameReview;
use crate::app::coach::practice::Practice;
use crate::app::engine_config::EngineConfig;
use crate::app::i18n::{Tr, side_id};
use crate::app::play::game::Match;

/// Depth of the explanation's searches (the solver takes the last empties exactly).
const EXPLAIN_DEPTH: u32 = 10;

/// A move to explain: the position, the move played and the best move.
pub(super) type Question = (Position, Square, Square);

/// The explanations asked for this session, and the one being searched.
#[derive(Resource, Default)]
pub(crate) struct Explanations {
    done: HashMap<Question, Explanation>,
    running: Option<(Question, Task<Option<Explanation>>, Arc<AtomicBool>)>,
}

impl Explanations {
    /// The explanation of `question`, once found.
    pub(super) fn get(&self, question: &Question) -> Option<&Explanation> {
        self.done.get(question)
    }

    /// Whether `question` is being explained.
    pub(super) fn working_on(&self, question: &Question) -> bool {
        self.running.as_ref().is_some_and(|(q, _, _)| q == question)
    }
}

/// The moves the player may be looking at: the reviewed mistake on the board, and the
/// Practice window's wrong answer.
fn wanted(m: &Match, review: &GameReview, practice: &Practice) -> Vec<Question> {
    let mut questions = Vec::new();
    if let Some(r) = review.mistake_here(&m.game) {
        questions.push((m.game.position(), r.played, r.best));
    }
    if let Some((shown, entry)) = practice.shown_entry()
        && let Some(answer) = shown.answer.as_ref().filter(|a| !a.right)
    {
        questions.push((entry.card.position, answer.chosen, answer.best[0]));
    }
    questions
}

/// Explains what the player looks at, one move at a time; drops a search whose move is no
/// longer on show.
fn explain(
    m: Res<Match>,
    review: Res<GameReview>,
    practice: Res<Practice>,
    config: Res<EngineConfig>,
    mut explanations: ResMut<Explanations>,
) {
    let wanted = wanted(&m, &review, &practice);
    if let Some((question, task, stop)) = explanations.running.as_mut() {
        if let Some(found) = block_on(poll_once(task)) {
            let question = *question;
            explanations.running = None;
            if let Some(found) = found {
                explanations.done.insert(question, found);
            }
        } else if !wanted.contains(question) {
            stop.store(true, Ordering::Relaxed);
            explanations.running = None;
        } else {
            return;
        }
    }
    let Some(&question) = wanted.iter().find(|q| !explanations.done.contains_key(q)) else {
        return;
    };
    let (search, eval) = config.for_analysis(16);
    let stop = Arc::new(AtomicBool::new(false));
    let task_stop = Arc::clone(&stop);
    let (position, played, best) = question;
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let mut searcher = Searcher::with_evaluator(search, eval);
        explain_move(
            &position,
            played,
            best,
            &mut searcher,
            EXPLAIN_DEPTH,
            &task_stop,
        )
    });
    explanations.running = Some((question, task, stop));
}

/// Stops the search in hand when the app closes.
fn stop_on_exit(mut exits: MessageReader<AppExit>, explanations: Res<Explanations>) {
    if exits.read().next().is_some()
        && let Some((_, _, stop)) = &explanations.running
    {
        stop.store(true, Ordering::Relaxed);
    }
}

/// A fact in words; `mover` played the move.
pub(super) fn fact_text(tr: &Tr, fact: &Fact, mover: Side, played: Square) -> String {
    let (side, other) = (side_id(mover), side_id(!mover));
    match *fact {
        Fact::GivesCorner { corner, ply } => t!(
            tr,
            "explain-gives-corner",
            other = other,
            corner = corner.to_string(),
            ply = ply
        ),
        Fact::OpensCorner { corner } => t!(
            tr,
            "explain-opens-corner",
            other = other,
            corner = corner.to_string()
        ),
        Fact::XSquare { corner } => t!(
            tr,
            "explain-x-square",
            played = played.to_string(),
            corner = corner.to_string()
        ),
        Fact::CSquare { corner } => t!(
            tr,
            "explain-c-square",
            played = played.to_string(),
            corner = corner.to_string()
        ),
        Fact::MissesCorner { corner, ply } => t!(
            tr,
            "explain-misses-corner",
            side = side,
            corner = corner.to_string(),
            ply = ply
        ),
        Fact::Mobility { played, best } => t!(
            tr,
            "explain-mobility",
            other = other,
            played = played,
            best = best
        ),
        Fact::Frontier { played, best } => t!(
            tr,
            "explain-frontier",
            side = side,
            other = other,
            played = played,
            best = best
        ),
        Fact::Stable { played, best } => t!(
            tr,
            "explain-stable",
            side = side,
            played = played,
            best = best
        ),
        Fact::Parity { played, best } => t!(
            tr,
            "explain-parity",
            side = side,
            other = other,
            played = played,
            best = best
        ),
    }
}

/// The explanation's lines of text: each fact, then the two lines of play.
pub(super) fn explanation_text(tr: &Tr, explanation: &Explanation) -> Vec<String> {
    let mover = explanation.position.side_to_move;
    let played = explanation.played_line[0];
    let line = |l: &[Square]| {
        l.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut lines: Vec<String> = explanation
        .facts
        .iter()
        .map(|f| fact_text(tr, f, mover, played))
        .collect();
    if lines.is_empty() {
        lines.push(t!(tr, "explain-no-fact"));
    }
    lines.push(t!(
        tr,
        "explain-lines",
        played = line(&explanation.played_line),
        best = line(&explanation.best_line)
    ));
    lines
}

/// Why the move was a mistake, once found (a spinner while it is looked for).
pub(crate) fn explanation_ui(
    ui: &mut egui::Ui,
    tr: &Tr,
    explanations: &Explanations,
    question: &Question,
) {
    if let Some(found) = explanations.get(question) {
        ui.label(egui::RichText::new(t!(tr, "explain-heading")).strong());
        for line in explanation_text(tr, found) {
            ui.label(format!("• {line}"));
        }
    } else if explanations.working_on(question) {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(t!(tr, "explain-working"));
        });
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Explanations>()
        .init_resource::<GameReview>()
        .init_resource::<Practice>()
        .add_systems(
            Update,
            explain.in_set(crate::app::schedule::GameSystems::Engine),
        )
        .add_systems(Last, stop_on_exit);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;

    #[test]
    fn every_fact_is_written_in_every_language() {
        let sq = |n: &str| n.parse::<Square>().unwrap();
        let facts = [
            Fact::GivesCorner {
                corner: sq("a1"),
                ply: 3,
            },
            Fact::OpensCorner { corner: sq("h8") },
            Fact::XSquare { corner: sq("a1") },
            Fact::CSquare { corner: sq("a1") },
            Fact::MissesCorner {
                corner: sq("h1"),
                ply: 0,
            },
            Fact::Mobility { played: 9, best: 4 },
            Fact::Frontier {
                played: 12,
                best: 7,
            },
            Fact::Stable {
                played: 3,
                best: 11,
            },
            Fact::Parity { played: 3, best: 1 },
        ];
        let en = Tr::new(crate::app::i18n::Language::English);
        let texts: Vec<String> = facts
            .iter()
            .map(|f| fact_text(&en, f, Side::Black, sq("b2")))
            .collect();
        assert_eq!(
            texts,
            [
                "White takes the corner a1 3 plies later; the best line does not give it.",
                "White may take the corner h8 at once.",
                "b2 is the X-square of the empty corner a1: it often gives the corner away.",
                "b2 is a C-square beside the empty corner a1.",
                "The best line takes the corner h1 for Black at once.",
                "White has 9 moves after it, 4 after the best move.",
                "It leaves Black 12 frontier discs (next to an empty square), 7 after the best move: more moves for White.",
                "At the end of the line Black has 3 stable discs, 11 in the best line.",
                "It leaves White 3 regions with an odd number of empty squares, 1 after the best move: Black wants to answer last in each region.",
            ]
        );
        // Every language writes every fact, with its figures.
        for language in crate::app::i18n::Language::ALL {
            let tr = Tr::new(language);
            for fact in &facts {
                let text = fact_text(&tr, fact, Side::White, sq("b2"));
                assert!(!text.contains("explain-"), "{language:?}: {text}");
            }
        }
    }

    #[test]
    fn a_reviewed_mistake_on_the_board_is_explained() {
        // The game of the practice tests at ply 45: Black's a2 (the C-square of a1).
        let moves = "d3c5b6f3d6c3g2e3b3f2f4g4f5e2e1d1f1g1d2b4a3c4h3g5h5h4c1b1b2c2g3h6g6c6b7f7g7e7h7a4e8c7f8a8a2";
        let game = Game::from_transcript(moves).unwrap();
        let mut set = crate::engine::ConfigSet::shipped();
        set.search.exact_empties = 20;
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(EngineConfig { set, version: 0 })
            .insert_resource(Match::new(game.clone()))
            .add_plugins(plugin);
        app.update();
        // No mistake on show: nothing to explain.
        assert!(app.world().resource::<Explanations>().running.is_none());
        let sq = |n: &str| n.parse::<Square>().unwrap();
        let question = (game.position_at(44), sq("a2"), sq("a5"));
        // The Practice window's wrong answer stands in for the review here.
        {
            let mut deck = crate::engine::Deck::new();
            let before = game.position_at(44);
            let mut scores: Vec<(Square, i32)> = before
                .board
                .move_squares()
                .map(|s| (s, if s == sq("a5") { -50 } else { -62 }))
                .collect();
            scores.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
            deck.add(
                [crate::engine::Card {
                    position: before,
                    ply: 45,
                    played: sq("a2"),
                    scores,
                    depth: 20,
                    exact: true,
                }],
                "test",
                0,
            );
            let mut practice = app.world_mut().resource_mut::<Practice>();
            practice.deck = deck;
        }
        app.world_mut()
            .resource_mut::<Practice>()
            .answer_for_test(0, sq("a2"), 0);
        let mut frames = 0;
        while app
            .world()
            .resource::<Explanations>()
            .get(&question)
            .is_none()
        {
            app.update();
            frames += 1;
            assert!(frames < 20_000, "never explained");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let explanations = app.world().resource::<Explanations>();
        let explained = explanations.get(&question).unwrap();
        assert_eq!(
            explained.facts[..2],
            [
                Fact::GivesCorner {
                    corner: sq("a1"),
                    ply: 1
                },
                Fact::CSquare { corner: sq("a1") },
            ]
        );
        let en = Tr::new(crate::app::i18n::Language::English);
        let text = explanation_text(&en, explained);
        assert_eq!(
            text[..2],
            [
                "White takes the corner a1 1 ply later; the best line does not give it.",
                "a2 is a C-square beside the empty corner a1."
            ]
        );
        assert!(text.last().unwrap().starts_with("After a2 a1 "), "{text:?}");
    }
}
