//! Opening drills (issue 55): the player picks a named opening in the Practice window, or
//! the book line on the board; the game starts from its position with the player to move, against the engine playing the
//! book's replies with variety ([`DRILL_BOOK_SPREAD`]). The moment the player leaves the
//! book (a move the book does not know, or one more than [`DRILL_BOOK_SPREAD`] discs under
//! its best) a toast says so, with the move's value against the book's best, and Undo (or
//! the window's Try again) retries; when the book knows the position no more, the drill is
//! over.

use bevy::prelude::*;

use crate::engine::book::Book;
use crate::engine::{Game, OpeningNames, Ply, Side, Square};
use crate::t;

use super::practice::PracticeAction;
use crate::app::files::settings::{Mode, Settings};
use crate::app::i18n::Tr;
use crate::app::library::book::OpeningBook;
use crate::app::messages::{Command, CommandIssued};
use crate::app::notices::Toasts;
use crate::app::play::game::Match;

/// How far under the book's best a move may be and still be the book's: the engine's
/// replies vary within it, and the player's moves are judged by it.
pub(crate) const DRILL_BOOK_SPREAD: u32 = 2;

/// Where the player left the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LeftBook {
    /// The move played.
    pub played: Square,
    /// Its value by the book, when the book knows it.
    pub value: Option<i32>,
    /// The book's best move and its value.
    pub best: (Square, i32),
}

/// The drill in hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DrillState {
    /// The opening's name.
    pub opening: String,
    /// The opening's plies: the drill's game starts with them.
    plies: Vec<Ply>,
    /// The player's colour.
    pub side: Side,
    /// Plies of the record judged so far.
    judged: usize,
    /// The player's book moves so far.
    pub book_moves: usize,
    /// Where the player left the book, if they did (Undo retries).
    pub left: Option<LeftBook>,
    /// Whether the book has run out: the drill is done.
    pub done: bool,
    /// Whether the drill's game has reached the board (its Load is carried out a frame
    /// after the drill starts; until then another game on the board is the old one).
    seen: bool,
}

/// The drill, when one is on.
#[derive(Resource, Debug, Default)]
pub(crate) struct Drill(pub Option<DrillState>);

impl Drill {
    /// Whether the engine should play the book's replies with variety now.
    pub(crate) fn on(&self) -> bool {
        self.0.as_ref().is_some_and(|d| !d.done)
    }
}

/// How a player's move stands against the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// The book's: at most [`DRILL_BOOK_SPREAD`] discs under its best.
    InBook,
    /// The book knows the position no more: the drill is done.
    BookEnds,
    /// Out of the book.
    Left(LeftBook),
}

/// How `played` at `board` stands against `book`.
fn judge(book: &Book, board: &crate::engine::Board, played: Square) -> Verdict {
    let moves = book.moves(board);
    let Some(best) = moves.first() else {
        return Verdict::BookEnds;
    };
    match moves.iter().find(|m| m.square == played).map(|m| m.value) {
        Some(v) if v >= best.value - DRILL_BOOK_SPREAD as i32 => Verdict::InBook,
        value => Verdict::Left(LeftBook {
            played,
            value,
            best: (best.square, best.value),
        }),
    }
}

/// The line on `game`'s board as a drill can start from it: its plies up to the position
/// shown, from the standard start, where the book knows moves and the game is not over.
pub(crate) fn board_line(book: &Book, game: &Game) -> Option<Game> {
    if game.start() != crate::engine::Position::start() {
        return None;
    }
    let mut line = Game::new();
    for &ply in &game.recorded_plies()[..game.cursor()] {
        line.play(ply).ok()?;
    }
    let board = line.position().board;
    (!line.is_over() && !book.moves(&board).is_empty()).then_some(line)
}

/// What a drill of `game`'s line is called: the named opening it is, else its moves.
fn line_name(game: &Game) -> String {
    match OpeningNames::shipped().of_game(game) {
        Some(named) if named.ply == game.len() => named.opening.name.clone(),
        _ => game.transcript(),
    }
}

/// Starts a drill when the Practice window asks for one; takes back the move that left the
/// book when it asks to try again.
#[expect(clippy::too_many_arguments, reason = "a system's resources")]
fn start_drill(
    mut actions: MessageReader<PracticeAction>,
    mut drill: ResMut<Drill>,
    mut settings: ResMut<Settings>,
    mut commands: MessageWriter<CommandIssued>,
    m: Res<Match>,
    book: Res<OpeningBook>,
    mut toasts: ResMut<Toasts>,
    tr: Res<Tr>,
) {
    for action in actions.read() {
        let (game, opening) = match *action {
            PracticeAction::Drill(index) => {
                let Some(opening) = OpeningNames::shipped().iter().nth(index) else {
                    continue;
                };
                let game =
                    Game::from_transcript(&opening.moves).expect("the catalogue's lines are legal");
                (game, opening.name.clone())
            }
            PracticeAction::DrillBoard => match board_line(&book.book, &m.game) {
                Some(game) => {
                    let name = line_name(&game);
                    (game, name)
                }
                None => {
                    toasts.push(t!(tr, "drill-board-unknown"));
                    continue;
                }
            },
            PracticeAction::DrillRetry => {
                if drill.0.as_ref().is_some_and(|d| d.left.is_some()) {
                    commands.write(CommandIssued(Command::Undo));
                }
                continue;
            }
            _ => continue,
        };
        let side = game.side_to_move();
        settings.mode = Mode::HumanVsEngine;
        settings.human_color = side;
        drill.0 = Some(DrillState {
            plies: game.recorded_plies().to_vec(),
            side,
            judged: game.len(),
            book_moves: 0,
            left: None,
            done: false,
            seen: false,
            opening: opening.clone(),
        });
        commands.write(CommandIssued(Command::Load {
            game,
            source: t!(tr, "drill-source", opening = opening.as_str()),
        }));
    }
}

/// Judges each move the player adds to the drill's game against the book.
fn follow_drill(
    m: Res<Match>,
    book: Res<OpeningBook>,
    mut drill: ResMut<Drill>,
    mut toasts: ResMut<Toasts>,
    tr: Res<Tr>,
) {
    if !m.is_changed() {
        return;
    }
    let Some(state) = drill.0.as_mut() else {
        return;
    };
    let game = &m.game;
    let record = game.recorded_plies();
    if game.start() != crate::engine::Position::start() || !record.starts_with(&state.plies) {
        // Another game after the drill's: the drill is over.
        if state.seen {
            drill.0 = None;
        }
        return;
    }
    state.seen = true;
    // Undo: judge again from where the record now ends.
    let upto = game.cursor();
    if upto < state.judged {
        state.judged = upto.max(state.plies.len());
        state.left = None;
        state.done = false;
    }
    while state.judged < upto && state.left.is_none() && !state.done {
        let ply = state.judged;
        state.judged += 1;
        let before = game.position_at(ply);
        let Ply::Move(played) = record[ply] else {
            continue;
        };
        if before.side_to_move != state.side {
            continue;
        }
        match judge(&book.book, &before.board, played) {
            Verdict::InBook => state.book_moves += 1,
            Verdict::BookEnds => {
                state.done = true;
                toasts.push(t!(
                    tr,
                    "drill-done",
                    opening = state.opening.as_str(),
                    moves = state.book_moves
                ));
            }
            Verdict::Left(left) => {
                state.left = Some(left);
                toasts.push(left_text(&tr, &left));
            }
        }
    }
}

/// "You left the book with c4 (-3); its best was f4 (+1). Undo (Ctrl+Z) to try again."
pub(crate) fn left_text(tr: &Tr, left: &LeftBook) -> String {
    match left.value {
        Some(v) => t!(
            tr,
            "drill-left",
            played = left.played.to_string(),
            value = Tr::signed(v),
            best = left.best.0.to_string(),
            best_value = Tr::signed(left.best.1),
            loss = left.best.1 - v
        ),
        None => t!(
            tr,
            "drill-left-unknown",
            played = left.played.to_string(),
            best = left.best.0.to_string(),
            best_value = Tr::signed(left.best.1)
        ),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Drill>()
        .init_resource::<Toasts>()
        .init_resource::<Tr>()
        .init_resource::<Settings>()
        .add_message::<PracticeAction>()
        .add_message::<CommandIssued>()
        .add_systems(
            Update,
            (
                start_drill.in_set(crate::app::schedule::GameSystems::Engine),
                follow_drill.after(crate::app::schedule::GameSystems::Logic),
            ),
        );
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    /// The drill's systems with the shipped book, `game` on the board, two players.
    fn drill_app(game: Game) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(Match::new(game))
            .insert_resource(OpeningBook {
                book: Arc::new(Book::shipped().clone()),
                path: None,
            })
            .insert_resource(Settings {
                mode: Mode::HumanVsHuman,
                ..Settings::default()
            })
            .add_plugins(plugin);
        app
    }

    #[test]
    fn a_drill_starts_at_the_opening_and_says_when_the_player_leaves_the_book() {
        let openings = OpeningNames::shipped();
        let (index, tiger) = openings
            .iter()
            .enumerate()
            .find(|(_, o)| o.name.starts_with("Tiger"))
            .unwrap();
        let mut app = drill_app(Game::new());
        app.world_mut().write_message(PracticeAction::Drill(index));
        app.update();
        let opening = Game::from_transcript(&tiger.moves).unwrap();
        let side = opening.side_to_move();
        let loaded = crate::app::messages::commands_sent(&app);
        assert_eq!(
            loaded,
            [format!(
                "{} a drill of {}",
                opening.transcript(),
                tiger.name
            )]
        );
        let settings = app.world().resource::<Settings>();
        assert_eq!(
            (settings.mode, settings.human_color),
            (Mode::HumanVsEngine, side)
        );
        assert!(app.world().resource::<Drill>().on());
        // Before the Load is carried out the old game is on the board: the drill waits.
        app.world_mut().resource_mut::<Match>().game = Game::from_transcript("c4").unwrap();
        app.update();
        assert!(app.world().resource::<Drill>().on());
        // The game as Load makes it; then the player's book move, then the book's reply.
        let book = Book::shipped();
        let mut game = opening.clone();
        app.world_mut().resource_mut::<Match>().game = game.clone();
        app.update();
        let best = book.moves(&game.position().board)[0];
        game.play(Ply::Move(best.square)).unwrap();
        let reply = book.moves(&game.position().board)[0];
        game.play(Ply::Move(reply.square)).unwrap();
        app.world_mut().resource_mut::<Match>().game = game.clone();
        app.update();
        let state = app.world().resource::<Drill>().0.clone().unwrap();
        assert_eq!((state.book_moves, state.left, state.done), (1, None, false));
        // A move the book does not know: out of the book, and the toast says so.
        let board = game.position().board;
        let known: Vec<Square> = book.moves(&board).iter().map(|m| m.square).collect();
        let stray = crate::engine::Squares(board.moves())
            .find(|sq| !known.contains(sq))
            .expect("a move the book does not know");
        let best = book.moves(&board)[0];
        game.play(Ply::Move(stray)).unwrap();
        app.world_mut().resource_mut::<Match>().game = game.clone();
        app.update();
        let state = app.world().resource::<Drill>().0.clone().unwrap();
        assert_eq!(
            state.left,
            Some(LeftBook {
                played: stray,
                value: None,
                best: (best.square, best.value),
            })
        );
        assert_eq!(
            app.world().resource::<Toasts>().texts().last().copied(),
            Some(
                format!(
                    "You left the book with {stray}, a move it does not know; its best is {} ({:+}). Undo (Ctrl+Z) to try again.",
                    best.square, best.value
                )
                .as_str()
            )
        );
        // Undo: judged again, the drill goes on.
        game.go_to(game.len() - 1);
        app.world_mut().resource_mut::<Match>().game = game;
        app.update();
        let state = app.world().resource::<Drill>().0.clone().unwrap();
        assert_eq!((state.left, state.done), (None, false));
        // Another game ends the drill.
        app.world_mut().resource_mut::<Match>().game = Game::from_transcript("c4").unwrap();
        app.update();
        assert!(app.world().resource::<Drill>().0.is_none());
    }

    /// The commands written since the last call (a Load as "transcript source").
    fn loads(app: &mut App) -> Vec<String> {
        app.world_mut()
            .resource_mut::<Messages<CommandIssued>>()
            .drain()
            .map(|c| match &c.0 {
                Command::Load { game, source } => format!("{} {source}", game.transcript()),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn the_line_on_the_board_is_drilled_where_the_book_knows_it_and_a_stray_move_taken_back() {
        // The Tiger, one move further, then two more undone: the line up to the cursor.
        let mut game = Game::from_transcript("f5d6c3d3c4f4c5b3").unwrap();
        game.go_to(6);
        let mut app = drill_app(game);
        app.world_mut().write_message(PracticeAction::DrillBoard);
        app.update();
        assert_eq!(loads(&mut app), ["f5d6c3d3c4f4 a drill of f5d6c3d3c4f4"]);
        let state = app.world().resource::<Drill>().0.clone().unwrap();
        assert_eq!((state.side, state.plies.len()), (Side::Black, 6));
        assert_eq!(app.world().resource::<Settings>().human_color, Side::Black);
        // At a named opening's own position the drill takes its name.
        app.world_mut().resource_mut::<Match>().game = Game::from_transcript("f5d6c3d3c4").unwrap();
        app.world_mut().write_message(PracticeAction::DrillBoard);
        app.update();
        assert_eq!(loads(&mut app), ["f5d6c3d3c4 a drill of Tiger"]);
        // Try again does nothing while the player is in the book; after a stray move it
        // takes the move back.
        let mut game = Game::from_transcript("f5d6c3d3c4").unwrap();
        app.world_mut().resource_mut::<Match>().game = game.clone();
        app.update();
        app.world_mut().write_message(PracticeAction::DrillRetry);
        app.update();
        assert_eq!(loads(&mut app), Vec::<String>::new());
        let board = game.position().board;
        let known: Vec<Square> = Book::shipped()
            .moves(&board)
            .iter()
            .map(|m| m.square)
            .collect();
        let stray = crate::engine::Squares(board.moves())
            .find(|sq| !known.contains(sq))
            .unwrap();
        game.play(Ply::Move(stray)).unwrap();
        app.world_mut().resource_mut::<Match>().game = game;
        app.update();
        assert!(
            app.world()
                .resource::<Drill>()
                .0
                .as_ref()
                .unwrap()
                .left
                .is_some()
        );
        app.world_mut().write_message(PracticeAction::DrillRetry);
        app.update();
        assert_eq!(loads(&mut app), ["Undo"]);
        // A position the book does not know: no drill, and a toast says why.
        let far = "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1";
        app.world_mut().resource_mut::<Match>().game = Game::from_transcript(far).unwrap();
        app.world_mut().write_message(PracticeAction::DrillBoard);
        app.update();
        assert_eq!(loads(&mut app), Vec::<String>::new());
        assert_eq!(
            app.world().resource::<Toasts>().texts().last().copied(),
            Some(
                "The book knows no move in the position on the board: play or load a line the book knows first."
            )
        );
    }
}
