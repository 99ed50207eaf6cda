//! The game being played: the record, who plays which side, and the commands that change
//! it (moves, undo/redo, viewing an earlier position, new game, load, paste).
//!
//! Every change of position raises [`Match::generation`], so that a search started for an
//! earlier position is recognised as stale and its result dropped.

use bevy::prelude::*;
use chrono::Timelike;

use crate::engine::{Game, Ply, Position, Side, Square};
use crate::t;

use crate::app::clock::Clocks;
use crate::app::editor::{Edit, Setup, setup_error_text};
use crate::app::files::settings::{Hints, Mode, Settings};
use crate::app::i18n::{Tr, ply_text, side_id};
use crate::app::messages::{
    Command, CommandIssued, EngineMoveChosen, GameEnded, MovePlayed, MoveRefused, PassPlayed,
    PositionJumped, StatusChanged, StatusLine,
};
use crate::app::schedule::GameSystems;
use crate::app::settled::discs_settled;

/// The game in progress and how it is being played.
#[derive(Resource, Debug)]
pub(crate) struct Match {
    /// The record, with its cursor at the position shown.
    pub game: Game,
    /// Raised by every change of position (move, undo, redo, viewing, new game, load).
    pub generation: u64,
    /// Engine vs engine: no moves until resumed or stepped.
    pub paused: bool,
    /// Engine vs engine while paused: play one engine move.
    pub step: bool,
    /// Viewing an earlier position of the record: the engine waits until the player
    /// continues from here (or moves).
    pub viewing: bool,
    /// The board editor, when open: the board shows its position, the engine waits.
    pub setup: Option<Setup>,
    /// The clocks, when the game is played under a time control.
    pub clocks: Option<Clocks>,
    /// When the game began (to the second): its name in the folder of games played.
    pub started: chrono::NaiveDateTime,
    /// The help the player had in this game against the engine.
    pub help: Help,
}

/// The help a player had in a game against the engine: a game without any is *rated*, and
/// only rated games move the player's rating (Practice > Strength says which counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub(crate) struct Help {
    /// The hints (dots or scores) were on at one of the player's turns.
    pub hints: bool,
    /// How many times play went on from an earlier position (a move taken back).
    pub takebacks: u32,
    /// The game did not begin with the player's first move against the engine: it was
    /// opened, pasted or set up in the editor.
    pub set_up: bool,
}

impl Help {
    /// Whether none was had.
    pub(crate) fn rated(self) -> bool {
        self == Help::default()
    }
}

impl Match {
    pub(crate) fn new(game: Game) -> Match {
        Match {
            game,
            generation: 0,
            paused: false,
            step: false,
            viewing: false,
            setup: None,
            clocks: None,
            started: chrono::Local::now()
                .naive_local()
                .with_nanosecond(0)
                .unwrap_or_default(),
            help: Help::default(),
        }
    }

    /// A new match of `game` after this one: a fresh generation, paused in engine vs
    /// engine, with clocks when the settings ask for them.
    fn next(&self, game: Game, settings: &Settings) -> Match {
        Match {
            generation: self.generation + 1,
            paused: settings.mode == Mode::EngineVsEngine,
            clocks: Clocks::start(settings.time_control),
            ..Match::new(game)
        }
    }

    /// The side that lost on time, if one did.
    pub(crate) fn flagged(&self) -> Option<Side> {
        self.clocks.as_ref().and_then(|c| c.flagged)
    }

    /// The position shown: the game's, or the one being set up in the editor.
    pub(crate) fn position(&self) -> Position {
        match &self.setup {
            Some(setup) => setup.position(),
            None => self.game.position(),
        }
    }

    /// Whether the engine plays `side` in this mode.
    pub(crate) fn engine_plays(settings: &Settings, side: Side) -> bool {
        match settings.mode {
            Mode::HumanVsEngine => side != settings.human_color,
            Mode::HumanVsHuman => false,
            Mode::EngineVsEngine => true,
        }
    }

    /// Whether the engine should choose a move now: it is its turn, there is a move to
    /// make, and nothing holds it back (viewing, paused without a step).
    pub(super) fn engine_may_move(&self, settings: &Settings) -> bool {
        let side = self.game.side_to_move();
        let held = self.viewing
            || self.setup.is_some()
            || self.flagged().is_some()
            || (settings.mode == Mode::EngineVsEngine && self.paused && !self.step);
        let to_play = !self.game.is_over() && !self.game.must_pass();
        Match::engine_plays(settings, side) && to_play && !held
    }

    /// Marks a change of position.
    fn changed(&mut self) {
        self.generation += 1;
        self.viewing = self.game.cursor() < self.game.len();
        if let Some(clocks) = &mut self.clocks {
            clocks.restart_move();
        }
    }
}

/// A line telling the player what just happened or why a click did nothing.
#[derive(Resource, Debug, Default)]
pub(crate) struct Status {
    /// The message; empty for none.
    pub text: String,
}

pub(super) fn plugin(app: &mut App) {
    let options = app
        .world()
        .resource::<crate::app::run_options::RunOptions>()
        .clone();
    let mut game = Game::new();
    if let Some(moves) = &options.moves {
        match Game::from_text(moves) {
            Ok(g) => game = g,
            Err(e) => {
                error!("--moves: {e}");
                crate::app::notices::raise_at_build(
                    app,
                    crate::app::notices::Notice::new("moves-bad").arg("error", e),
                );
            }
        }
    }
    app.insert_resource(Match::new(game))
        .init_resource::<Status>()
        // English until the settings' plugin, in whatever order, puts the player's in.
        .init_resource::<Tr>()
        .add_message::<CommandIssued>()
        .add_message::<EngineMoveChosen>()
        .add_message::<MovePlayed>()
        .add_message::<PositionJumped>()
        .add_message::<PassPlayed>()
        .add_message::<MoveRefused>()
        .add_message::<GameEnded>()
        .add_message::<StatusChanged>()
        .add_systems(Startup, (start_clocks, greet))
        .add_systems(
            Update,
            (
                run_clocks,
                apply_commands,
                apply_engine_moves,
                play_forced_passes.run_if(discs_settled),
                note_hints,
                set_status,
            )
                .chain()
                .in_set(GameSystems::Logic),
        );
}

/// Why a click on `sq` cannot be a move, for the status line.
fn illegal_reason(position: &Position, sq: Square, tr: &Tr) -> String {
    let side = side_id(position.side_to_move);
    if position.disc(sq).is_some() {
        return t!(tr, "status-taken", square = sq.to_string());
    }
    let legal: Vec<String> = crate::engine::Squares(position.board.moves())
        .map(|s| s.to_string())
        .collect();
    t!(
        tr,
        "status-no-flips",
        square = sq.to_string(),
        side = side,
        legal = legal.join(" ")
    )
}

/// Plays a legal move, announcing it to the animation.
fn play(
    m: &mut Match,
    sq: Square,
    played: &mut MessageWriter<MovePlayed>,
) -> Result<(), crate::engine::GameError> {
    let before = m.position();
    m.game.play_move(sq)?;
    if let Some(clocks) = &mut m.clocks {
        clocks.played(before, Ply::Move(sq));
    }
    played.write(MovePlayed {
        square: sq,
        side: before.side_to_move,
        flips: before.board.flips(sq),
    });
    m.changed();
    m.step = false;
    Ok(())
}

/// The ply count to undo to: one back, or in human vs engine back to the human's last turn
/// (a position where the human is to move and has a move). `None` when there is none.
fn undo_target(m: &Match, settings: &Settings) -> Option<usize> {
    let cursor = m.game.cursor();
    if settings.mode != Mode::HumanVsEngine {
        return cursor.checked_sub(1);
    }
    (0..cursor)
        .rev()
        .find(|&n| human_turn(&m.game.position_at(n), settings))
}

/// The ply count to redo to: one forward, or in human vs engine forward to the human's next
/// turn (or the end of the record).
fn redo_target(m: &Match, settings: &Settings) -> Option<usize> {
    let (cursor, len) = (m.game.cursor(), m.game.len());
    if cursor == len {
        return None;
    }
    if settings.mode != Mode::HumanVsEngine {
        return Some(cursor + 1);
    }
    (cursor + 1..=len)
        .find(|&n| human_turn(&m.game.position_at(n), settings))
        .or(Some(len))
}

/// Whether a human is to move in `position` and has a move.
fn human_turn(position: &Position, settings: &Settings) -> bool {
    !Match::engine_plays(settings, position.side_to_move) && position.board.has_moves()
}

/// Applies the commands of this frame.
fn apply_commands(
    mut commands: MessageReader<CommandIssued>,
    mut m: ResMut<Match>,
    mut status: StatusLine,
    mut played: MessageWriter<MovePlayed>,
    mut jumped: MessageWriter<PositionJumped>,
    mut refused: MessageWriter<MoveRefused>,
    settings: Res<Settings>,
) {
    for CommandIssued(command) in commands.read() {
        let replaces_game = matches!(
            command,
            Command::NewGame
                | Command::NewXot
                | Command::Load { .. }
                | Command::Paste(_)
                | Command::Edit(_)
        );
        if m.setup.is_some() && !replaces_game {
            status.say(t!(status.tr, "status-finish-editor"));
            continue;
        }
        match command {
            Command::NewGame => {
                *m = Match {
                    paused: false,
                    ..m.next(Game::new(), &settings)
                };
                jumped.write(PositionJumped);
                let mode = status.tr.plain(settings.mode.key());
                status.say(t!(status.tr, "status-new-game", mode = mode));
            }
            Command::NewXot => {
                new_xot(&mut m, &settings, &mut status);
                jumped.write(PositionJumped);
            }
            Command::Undo => match undo_target(&m, &settings) {
                Some(n) => {
                    m.game.go_to(n);
                    m.changed();
                    jumped.write(PositionJumped);
                    if settings.mode == Mode::EngineVsEngine {
                        m.paused = true;
                    }
                    status.say(t!(status.tr, "status-undone"));
                }
                None => status.say(t!(status.tr, "status-nothing-to-undo")),
            },
            Command::Redo => match redo_target(&m, &settings) {
                Some(n) => {
                    m.game.go_to(n);
                    m.changed();
                    jumped.write(PositionJumped);
                    status.say(t!(status.tr, "status-redone"));
                }
                None => status.say(t!(status.tr, "status-nothing-to-redo")),
            },
            Command::GoTo(n) => {
                m.game.go_to(*n);
                m.changed();
                jumped.write(PositionJumped);
                if settings.mode == Mode::EngineVsEngine {
                    m.paused = true;
                }
                status.say(if m.viewing {
                    t!(
                        status.tr,
                        "status-viewing",
                        ply = m.game.cursor(),
                        plies = m.game.len()
                    )
                } else {
                    t!(status.tr, "status-latest")
                });
            }
            Command::Continue => {
                if m.viewing && settings.mode == Mode::HumanVsEngine {
                    m.help.takebacks += 1;
                }
                m.viewing = false;
                m.paused = false;
                status.say(t!(status.tr, "status-continuing"));
            }
            Command::TogglePause => {
                m.paused = !m.paused;
                status.say(if m.paused {
                    t!(status.tr, "status-paused")
                } else {
                    t!(status.tr, "status-resumed")
                });
            }
            Command::Step => {
                m.paused = true;
                m.step = true;
                m.viewing = false;
            }
            Command::Play(sq) => {
                play_command(
                    &mut m,
                    *sq,
                    &settings,
                    &mut status,
                    &mut played,
                    &mut refused,
                );
            }
            Command::Load { game, source } => {
                *m = m.next(game.clone(), &settings);
                m.help.set_up = true;
                jumped.write(PositionJumped);
                status.say(t!(status.tr, "status-loaded", source = source.as_str()));
            }
            Command::Choose { at, ply } => {
                if m.game.choose(*at, *ply) {
                    m.changed();
                    jumped.write(PositionJumped);
                    if settings.mode == Mode::EngineVsEngine {
                        m.paused = true;
                    }
                    let ply = ply_text(*ply, &status.tr);
                    status.say(if m.game.on_main_line() {
                        t!(status.tr, "status-main-line", ply = ply)
                    } else {
                        t!(status.tr, "status-variation", ply = ply)
                    });
                }
            }
            Command::Promote => promote_variation(&mut m, &mut status),
            Command::DeleteVariation => {
                delete_variation(&mut m, &settings, &mut status, &mut jumped);
            }
            Command::Edit(edit) => {
                edit_board(&mut m, *edit, &settings, &mut status);
                jumped.write(PositionJumped);
            }
            Command::Paste(text) => match Game::from_text(text) {
                Ok(game) => {
                    *m = m.next(game, &settings);
                    m.help.set_up = true;
                    jumped.write(PositionJumped);
                    status.say(t!(status.tr, "status-pasted"));
                }
                Err(e) => status.say(t!(status.tr, "status-paste-failed", error = e.to_string())),
            },
        }
    }
}

/// A new game from a random opening of the shipped XOT set, its value said.
fn new_xot(m: &mut Match, settings: &Settings, status: &mut StatusLine) {
    let openings = crate::engine::shipped_xot();
    let n = rand::Rng::random_range(&mut rand::rng(), 0..openings.len());
    let opening = &openings[n];
    let start = opening.game().position();
    *m = Match {
        paused: false,
        ..m.next(Game::from_position(start), settings)
    };
    status.say(t!(
        status.tr,
        "status-new-xot",
        number = (n + 1).to_string(),
        moves = opening.moves.as_str(),
        value = Tr::signed(opening.value)
    ));
}

/// The human's move on `sq`: played, or refused with why (out of time, the game over,
/// the engine's turn, an illegal square).
fn play_command(
    m: &mut Match,
    sq: Square,
    settings: &Settings,
    status: &mut StatusLine,
    played: &mut MessageWriter<MovePlayed>,
    refused: &mut MessageWriter<MoveRefused>,
) {
    let position = m.position();
    // Why the move is not played, if it is not.
    let tr = &status.tr;
    let side = side_id(position.side_to_move);
    let refusal = if let Some(flagged) = m.flagged() {
        Some(t!(tr, "status-out-of-time", side = side_id(flagged)))
    } else if m.game.is_over() {
        Some(t!(tr, "status-game-over"))
    } else if Match::engine_plays(settings, position.side_to_move) {
        Some(t!(tr, "status-engine-turn", side = side))
    } else {
        // Another move than the one recorded here: play goes on from an earlier position.
        let cursor = m.game.cursor();
        let changed = m.viewing && m.game.recorded_plies().get(cursor) != Some(&Ply::Move(sq));
        match play(m, sq, played) {
            Ok(()) => {
                if changed && settings.mode == Mode::HumanVsEngine {
                    m.help.takebacks += 1;
                }
                let text = t!(tr, "status-played", side = side, square = sq.to_string());
                status.say(text);
                None
            }
            Err(_) => Some(illegal_reason(&position, sq, tr)),
        }
    };
    if let Some(why) = refusal {
        refused.write(MoveRefused);
        status.say(why);
    }
}

/// Makes the variation shown the main line.
fn promote_variation(m: &mut Match, status: &mut StatusLine) {
    match m.game.current_variation() {
        Some(n) => {
            m.game.promote(n);
            let ply = ply_text(m.game.recorded_plies()[n], &status.tr);
            status.say(t!(status.tr, "status-promoted", ply = ply));
        }
        None => status.say(t!(status.tr, "status-nothing-to-promote")),
    }
}

/// Deletes the variation shown; the game shows the line it branched from.
fn delete_variation(
    m: &mut Match,
    settings: &Settings,
    status: &mut StatusLine,
    jumped: &mut MessageWriter<PositionJumped>,
) {
    match m.game.current_variation() {
        Some(n) => {
            let ply = m.game.recorded_plies()[n];
            m.game.delete_variation(n);
            m.changed();
            jumped.write(PositionJumped);
            if settings.mode == Mode::EngineVsEngine {
                m.paused = true;
            }
            let ply = ply_text(ply, &status.tr);
            status.say(t!(status.tr, "status-variation-deleted", ply = ply));
        }
        None => status.say(t!(status.tr, "status-nothing-to-delete")),
    }
}

/// Applies a board editor command. Every change of the discs is a change of position for the
/// searches ([`Match::generation`]); the discs show it with no animation.
fn edit_board(m: &mut Match, edit: Edit, settings: &Settings, status: &mut StatusLine) {
    match (edit, m.setup.as_mut()) {
        (Edit::Start, None) => {
            m.setup = Some(Setup::from_position(m.position()));
            status.say(t!(status.tr, "status-editor"));
        }
        (Edit::Start, Some(_)) => {}
        (Edit::Done, Some(setup)) => match setup.check() {
            Ok((position, _)) => {
                let verdict = setup.verdict(&status.tr).unwrap_or_default();
                *m = Match {
                    generation: m.generation,
                    ..m.next(Game::from_position(position), settings)
                };
                m.help.set_up = true;
                status.say(t!(status.tr, "status-setup-played", verdict = verdict));
            }
            Err(e) => {
                let reason = setup_error_text(&e, &status.tr);
                status.say(t!(status.tr, "editor-not-playable", reason = reason));
                return;
            }
        },
        (Edit::Cancel, Some(_)) => {
            m.setup = None;
            status.say(t!(status.tr, "status-editor-closed"));
        }
        (edit, Some(setup)) => setup.edit(edit),
        (_, None) => return,
    }
    m.generation += 1;
}

/// Plays the engine's move if it is still for the current position.
fn apply_engine_moves(
    mut chosen: MessageReader<EngineMoveChosen>,
    mut m: ResMut<Match>,
    mut status: StatusLine,
    mut played: MessageWriter<MovePlayed>,
) {
    for c in chosen.read() {
        if c.generation != m.generation {
            continue;
        }
        let side = m.game.side_to_move();
        match play(&mut m, c.square, &mut played) {
            Ok(()) => {
                let said = match &c.by {
                    Some(name) => t!(
                        status.tr,
                        "status-other-played",
                        name = name.as_str(),
                        side = side_id(side),
                        square = c.square.to_string()
                    ),
                    None => t!(
                        status.tr,
                        "status-engine-played",
                        side = side_id(side),
                        square = c.square.to_string()
                    ),
                };
                status.say(said);
            }
            Err(e) => error!("engine move {}: {e}", c.square),
        }
    }
}

/// Notes that the hints were on at a turn of the player's against the engine.
fn note_hints(mut m: ResMut<Match>, settings: Res<Settings>) {
    let side = m.game.side_to_move();
    let players_turn = settings.mode == Mode::HumanVsEngine
        && !Match::engine_plays(&settings, side)
        && !m.game.is_over()
        && m.setup.is_none();
    if players_turn && settings.hints() != Hints::Off && !m.help.hints {
        m.help.hints = true;
    }
}

/// Plays a pass for a side with no move, and announces it; also announces the end of the
/// game. Runs once the discs have settled ([`discs_settled`]).
fn play_forced_passes(
    mut m: ResMut<Match>,
    mut status: StatusLine,
    mut passed: MessageWriter<PassPlayed>,
    mut ended: MessageWriter<GameEnded>,
    mut announced_over: Local<Option<u64>>,
) {
    if m.viewing {
        return;
    }
    if m.game.must_pass() {
        let (side, before) = (m.game.side_to_move(), m.position());
        m.game.play(Ply::Pass).expect("a forced pass is legal");
        if let Some(clocks) = &mut m.clocks {
            clocks.played(before, Ply::Pass);
        }
        m.changed();
        passed.write(PassPlayed);
        status.say(t!(status.tr, "status-pass", side = side_id(side)));
    } else if m.game.is_over() && *announced_over != Some(m.generation) {
        *announced_over = Some(m.generation);
        let score = m.position().final_score_black();
        ended.write(GameEnded {
            winner: (score != 0).then_some(if score > 0 { Side::Black } else { Side::White }),
            on_time: false,
        });
        status.say(result_text(&m.position(), &status.tr));
    }
}

/// The first status line, in the player's language (set before `Startup`).
fn greet(tr: Res<Tr>, mut status: ResMut<Status>) {
    status.text = t!(tr, "status-welcome");
}

/// The first game gets its clocks once the settings are in.
fn start_clocks(settings: Res<Settings>, mut m: ResMut<Match>) {
    m.clocks = Clocks::start(settings.time_control);
}

/// Runs the clock of the side to move while its move is awaited at the end of the line, and
/// ends the game on time when it runs out. It runs before this frame's moves: the time since
/// the last frame was spent by the side that was to move then.
fn run_clocks(
    time: Res<Time>,
    mut m: ResMut<Match>,
    settings: Res<Settings>,
    mut status: StatusLine,
    mut ended: MessageWriter<GameEnded>,
) {
    // The first move of a game is not timed (the clocks start once it is played).
    let held = m.viewing
        || m.setup.is_some()
        || m.game.cursor() == 0
        || m.game.is_over()
        || (settings.mode == Mode::EngineVsEngine && m.paused && !m.step);
    let side = m.game.side_to_move();
    let Some(clocks) = m.clocks.as_mut().filter(|_| !held) else {
        return;
    };
    if clocks.run(side, f64::from(time.delta_secs()) * 1e3) {
        ended.write(GameEnded {
            winner: Some(!side),
            on_time: true,
        });
        status.say(t!(status.tr, "status-flag", side = side_id(side)));
    }
}

/// Shows the last status line sent: this frame's from the game, and those the UI sent in
/// the frame before (it runs after `Update`).
fn set_status(mut changed: MessageReader<StatusChanged>, mut status: ResMut<Status>) {
    if let Some(StatusChanged(text)) = changed.read().last() {
        status.text.clone_from(text);
    }
}

/// The result for the status line: "Game over: Black wins 40-24.", "Game over: a draw,
/// 32-32.".
pub(crate) fn result_text(position: &Position, tr: &Tr) -> String {
    result(position, tr, false)
}

/// The result as the game-over window's heading: "Black wins 40-24.".
pub(crate) fn result_heading(position: &Position, tr: &Tr) -> String {
    result(position, tr, true)
}

/// The result, with empty squares counted for the winner.
fn result(position: &Position, tr: &Tr, heading: bool) -> String {
    let (b, w) = (position.black().count_ones(), position.white().count_ones());
    let score = position.final_score_black();
    let (winner_b, winner_w) = if score > 0 {
        (b + (64 - b - w), w)
    } else if score < 0 {
        (b, w + (64 - b - w))
    } else {
        (b, w)
    };
    match (score.signum(), heading) {
        (1, false) => t!(tr, "result-black-wins", winner = winner_b, loser = winner_w),
        (1, true) => t!(
            tr,
            "result-heading-black-wins",
            winner = winner_b,
            loser = winner_w
        ),
        (-1, false) => t!(tr, "result-white-wins", winner = winner_w, loser = winner_b),
        (-1, true) => t!(
            tr,
            "result-heading-white-wins",
            winner = winner_w,
            loser = winner_b
        ),
        (_, false) => t!(tr, "result-draw", black = b, white = w),
        (_, true) => t!(tr, "result-heading-draw", black = b, white = w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::settled::DiscsMoving;

    #[test]
    fn results_give_empties_to_the_winner() {
        // Black 3, White 0 on an otherwise empty board: Black wins 64-0.
        let p = Position::from_colors(0b111, 0, Side::White);
        assert_eq!(
            result_text(&p, &Tr::default()),
            "Game over: Black wins 64-0."
        );
        let p = Position::from_colors(0b1, 0b10, Side::White);
        assert_eq!(result_text(&p, &Tr::default()), "Game over: a draw, 1-1.");
    }

    #[test]
    fn undo_goes_back_to_the_humans_turn() {
        let settings = Settings {
            human_color: Side::White,
            ..Settings::default()
        };
        let mut m = Match::new(Game::from_transcript("f5d6c3d3").unwrap());
        // White, the human, is to move after f5 (1 ply) and after f5d6c3 (3 plies).
        assert_eq!(undo_target(&m, &settings), Some(3));
        m.game.go_to(3);
        assert_eq!(undo_target(&m, &settings), Some(1));
        m.game.go_to(1);
        assert_eq!(undo_target(&m, &settings), None);
        assert_eq!(redo_target(&m, &settings), Some(3));
        let hvh = Settings {
            mode: Mode::HumanVsHuman,
            ..settings
        };
        assert_eq!(undo_target(&m, &hvh), Some(0));
    }

    /// The game plugin alone, human vs human, with the discs settled or not.
    fn game_app(moving: bool) -> App {
        let mut app = App::new();
        app.insert_resource(crate::app::run_options::RunOptions::default())
            .insert_resource(Settings {
                mode: Mode::HumanVsHuman,
                ..Settings::default()
            })
            .insert_resource(DiscsMoving(moving))
            .init_resource::<Time>()
            .add_plugins(plugin);
        app
    }

    /// How many `M` were sent in the last update.
    fn sent<M: Message>(app: &App) -> usize {
        app.world()
            .resource::<Messages<M>>()
            .iter_current_update_messages()
            .count()
    }

    #[test]
    fn moves_and_jumps_are_announced_to_the_discs() {
        let mut app = game_app(false);
        let f5 = "f5".parse().unwrap();
        app.world_mut()
            .write_message(CommandIssued(Command::Play(f5)));
        app.update();
        assert_eq!(
            (sent::<MovePlayed>(&app), sent::<PositionJumped>(&app)),
            (1, 0)
        );
        assert_eq!(sent::<MoveRefused>(&app), 0);
        // f5 again: taken, refused.
        app.world_mut()
            .write_message(CommandIssued(Command::Play(f5)));
        app.update();
        assert_eq!(
            (sent::<MovePlayed>(&app), sent::<MoveRefused>(&app)),
            (0, 1)
        );
        app.world_mut().write_message(CommandIssued(Command::Undo));
        app.update();
        assert_eq!(
            (sent::<MovePlayed>(&app), sent::<PositionJumped>(&app)),
            (0, 1)
        );
        assert_eq!(app.world().resource::<Match>().game.cursor(), 0);
    }

    #[test]
    fn a_move_at_an_earlier_position_keeps_the_old_line_as_a_variation() {
        let mut app = game_app(false);
        let send = |app: &mut App, command: Command| {
            app.world_mut().write_message(CommandIssued(command));
            app.update();
        };
        let sq = |s: &str| s.parse::<Square>().unwrap();
        for s in ["f5", "d6", "c3", "d3"] {
            send(&mut app, Command::Play(sq(s)));
        }
        send(&mut app, Command::GoTo(2));
        send(&mut app, Command::Play(sq("c5")));
        let record = |app: &App| {
            let g = &app.world().resource::<Match>().game;
            (g.transcript(), g.len(), g.lines().len())
        };
        let status = |app: &App| app.world().resource::<Status>().text.clone();
        assert_eq!(record(&app), ("f5d6c5".to_string(), 3, 2));
        // Back to the main line's c3, viewed with its continuation d3 to redo.
        send(
            &mut app,
            Command::Choose {
                at: 2,
                ply: Ply::Move(sq("c3")),
            },
        );
        assert_eq!(record(&app), ("f5d6c3".to_string(), 4, 2));
        assert_eq!(status(&app), "Main line: after c3.");
        assert!(app.world().resource::<Match>().viewing);
        send(&mut app, Command::Promote);
        assert_eq!(status(&app), "This is the main line: nothing to promote.");
        // Promote the variation: it becomes the main line, the old one a variation.
        send(
            &mut app,
            Command::Choose {
                at: 2,
                ply: Ply::Move(sq("c5")),
            },
        );
        assert_eq!(status(&app), "Variation: after c5.");
        send(&mut app, Command::Promote);
        assert_eq!(status(&app), "Variation c5 made the main continuation.");
        assert!(app.world().resource::<Match>().game.on_main_line());
        // Delete the old line, now the variation.
        send(
            &mut app,
            Command::Choose {
                at: 2,
                ply: Ply::Move(sq("c3")),
            },
        );
        let generation = app.world().resource::<Match>().generation;
        send(&mut app, Command::DeleteVariation);
        assert_eq!(status(&app), "Variation c3 deleted.");
        assert_eq!(record(&app), ("f5d6".to_string(), 3, 1));
        assert_eq!(sent::<PositionJumped>(&app), 1);
        assert!(app.world().resource::<Match>().generation > generation);
    }

    #[test]
    fn a_position_set_up_in_the_editor_is_checked_and_played_from() {
        let mut app = game_app(false);
        let send = |app: &mut App, command: Command| {
            app.world_mut().write_message(CommandIssued(command));
            app.update();
        };
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let status = |app: &App| app.world().resource::<Status>().text.clone();
        send(&mut app, Command::Play(sq("f5")));
        send(&mut app, Command::Edit(Edit::Start));
        assert!(status(&app).starts_with("Board editor:"));
        // The engine is held and other commands wait for the editor.
        let settings = Settings::default();
        assert!(!app.world().resource::<Match>().engine_may_move(&settings));
        send(&mut app, Command::Undo);
        assert_eq!(
            status(&app),
            "Finish the board editor first: Done to play from it, or Cancel."
        );
        // Empty the centre: not playable, and Done says why and keeps the editor.
        send(
            &mut app,
            Command::Edit(Edit::Square {
                square: sq("e4"),
                erase: true,
            }),
        );
        assert_eq!(
            app.world()
                .resource::<Match>()
                .position()
                .black()
                .count_ones(),
            3
        );
        send(&mut app, Command::Edit(Edit::Done));
        assert_eq!(
            status(&app),
            "Not playable yet: e4 must hold a disc: the four centre squares are never empty in \
             Othello."
        );
        assert!(app.world().resource::<Match>().setup.is_some());
        // Cancel: the game as it was.
        send(&mut app, Command::Edit(Edit::Cancel));
        let m = app.world().resource::<Match>();
        assert_eq!((m.setup, m.game.transcript()), (None, "f5".to_string()));
        // A position with White to move, played from.
        send(&mut app, Command::Edit(Edit::Start));
        send(&mut app, Command::Edit(Edit::Paint(Some(Side::White))));
        send(
            &mut app,
            Command::Edit(Edit::Square {
                square: sq("f5"),
                erase: false,
            }),
        );
        send(&mut app, Command::Edit(Edit::SideToMove(Side::White)));
        send(&mut app, Command::Edit(Edit::Done));
        assert_eq!(
            status(&app),
            "Playing from the position set up. Black 3, White 2: White to move."
        );
        let m = app.world().resource::<Match>();
        assert!(m.setup.is_none() && m.game.is_empty());
        assert_eq!(
            m.game.start().to_string(),
            "---------------------------OX------XXO-------------------------- O"
        );
    }

    #[test]
    fn clocks_run_for_the_side_to_move_and_a_flag_ends_the_game() {
        let mut app = game_app(false);
        app.world_mut().resource_mut::<Settings>().time_control =
            crate::app::clock::TimeControl::new(1, 2);
        app.update();
        let advance = |app: &mut App, ms: u64| {
            app.world_mut()
                .resource_mut::<Time>()
                .advance_by(std::time::Duration::from_millis(ms));
        };
        let left = |app: &App, side: Side| {
            app.world()
                .resource::<Match>()
                .clocks
                .as_ref()
                .unwrap()
                .left_ms(side)
        };
        let status = |app: &App| app.world().resource::<Status>().text.clone();
        let f5 = "f5".parse::<Square>().unwrap();
        let play = |app: &mut App, square: &str| {
            let square = square.parse::<Square>().unwrap();
            app.world_mut()
                .write_message(CommandIssued(Command::Play(square)));
            app.update();
        };
        // The first move is not timed, but earns the increment: Black 60 + 2 s.
        advance(&mut app, 1500);
        play(&mut app, "f5");
        // White thinks 1.5 s and plays: 60 - 1.5 + 2 s.
        play(&mut app, "d6");
        assert_eq!(
            (left(&app, Side::Black), left(&app, Side::White)),
            (62_000.0, 60_500.0)
        );
        let clocks = app.world().resource::<Match>().clocks.clone().unwrap();
        let after_f5 = Game::from_transcript("f5").unwrap().position();
        let d6 = Ply::Move("d6".parse().unwrap());
        assert_eq!(clocks.used_s(&after_f5, d6), Some(1.5));
        assert_eq!(clocks.used_s(&Position::start(), Ply::Move(f5)), Some(0.0));
        // Viewing an earlier move holds the clocks (the test's clock stands still between).
        advance(&mut app, 0);
        app.world_mut()
            .write_message(CommandIssued(Command::GoTo(1)));
        app.update();
        advance(&mut app, 5000);
        app.update();
        assert_eq!(left(&app, Side::White), 60_500.0);
        app.world_mut()
            .write_message(CommandIssued(Command::GoTo(2)));
        app.update();
        // Black overruns: lost on time, and no move is taken after it.
        advance(&mut app, 63_000);
        app.update();
        assert_eq!(status(&app), "Black ran out of time: White wins on time.");
        let ended: Vec<GameEnded> = app
            .world()
            .resource::<Messages<GameEnded>>()
            .iter_current_update_messages()
            .copied()
            .collect();
        assert_eq!(
            ended,
            [GameEnded {
                winner: Some(Side::White),
                on_time: true
            }]
        );
        assert_eq!(app.world().resource::<Match>().flagged(), Some(Side::Black));
        assert!(!app.world().resource::<Match>().engine_may_move(&Settings {
            mode: Mode::EngineVsEngine,
            ..Settings::default()
        }));
        play(&mut app, "c3");
        assert_eq!(
            status(&app),
            "Black ran out of time: start a new game with Ctrl+N."
        );
        assert_eq!(sent::<MoveRefused>(&app), 1);
        // A new game starts fresh clocks.
        app.world_mut()
            .write_message(CommandIssued(Command::NewGame));
        app.update();
        assert_eq!(
            (
                left(&app, Side::Black),
                app.world().resource::<Match>().flagged()
            ),
            (60_000.0, None)
        );
    }

    #[test]
    fn a_new_xot_game_starts_at_a_shipped_opening_s_position() {
        let mut app = game_app(false);
        app.update();
        app.world_mut()
            .write_message(CommandIssued(Command::NewXot));
        app.update();
        let status = app.world().resource::<Status>().text.clone();
        // "New XOT game: opening N, MOVES (+V for the side to move)."
        let rest = status
            .strip_prefix("New XOT game: opening ")
            .unwrap_or_else(|| panic!("{status}"));
        let (number, rest) = rest.split_once(", ").unwrap();
        let opening = &crate::engine::shipped_xot()[number.parse::<usize>().unwrap() - 1];
        assert_eq!(
            rest,
            format!(
                "{} ({:+} for the side to move).",
                opening.moves, opening.value
            )
        );
        let m = app.world().resource::<Match>();
        assert_eq!(m.game.start(), opening.game().position());
        assert_eq!((m.game.len(), m.paused), (0, false));
        assert_ne!(m.game.start(), Position::start());
    }

    #[test]
    fn the_last_status_line_sent_is_shown_until_another_comes() {
        let mut app = game_app(false);
        let status = |app: &App| app.world().resource::<Status>().text.clone();
        assert_eq!(status(&app), "", "the greeting comes at start-up");
        app.update();
        assert!(status(&app).starts_with("Click a square"));
        // A file saved (sent from the UI's pass) and a click on an occupied square.
        app.world_mut()
            .write_message(StatusChanged("Saved g.ggf.".into()));
        app.update();
        assert_eq!(status(&app), "Saved g.ggf.");
        app.world_mut()
            .write_message(StatusChanged("Saved g.ggf.".into()));
        let d4 = "d4".parse().unwrap();
        app.world_mut()
            .write_message(CommandIssued(Command::Play(d4)));
        app.update();
        assert_eq!(status(&app), "d4 is already taken.");
        app.update();
        assert_eq!(status(&app), "d4 is already taken.");
    }

    #[test]
    fn the_status_line_names_the_program_that_played() {
        let mut app = game_app(false);
        let status = |app: &App| app.world().resource::<Status>().text.clone();
        let chosen = |app: &mut App, square: &str, by: Option<&str>| {
            let generation = app.world().resource::<Match>().generation;
            app.world_mut().write_message(EngineMoveChosen {
                generation,
                square: square.parse().unwrap(),
                by: by.map(str::to_string),
            });
            app.update();
        };
        chosen(&mut app, "f5", None);
        assert_eq!(status(&app), "The engine (Black) played f5.");
        chosen(&mut app, "d6", Some("NTest"));
        assert_eq!(status(&app), "NTest (White) played d6.");
    }

    #[test]
    fn the_help_had_in_a_game_against_the_engine_is_noted() {
        let mut app = game_app(false);
        *app.world_mut().resource_mut::<Settings>() = Settings {
            mode: Mode::HumanVsEngine,
            human_color: Side::Black,
            hints_vs_engine: Hints::Off,
            ..Settings::default()
        };
        let play = |app: &mut App, sq: &str| {
            let sq = sq.parse().unwrap();
            app.world_mut()
                .write_message(CommandIssued(Command::Play(sq)));
            app.update();
        };
        let engine = |app: &mut App, sq: &str| {
            let generation = app.world().resource::<Match>().generation;
            app.world_mut().write_message(EngineMoveChosen {
                generation,
                square: sq.parse().unwrap(),
                by: None,
            });
            app.update();
        };
        let undo = |app: &mut App| {
            app.world_mut().write_message(CommandIssued(Command::Undo));
            app.update();
        };
        let help = |app: &App| app.world().resource::<Match>().help;
        play(&mut app, "f5");
        engine(&mut app, "d6");
        assert!(help(&app).rated());
        // Taken back and the same move again: nothing changed.
        undo(&mut app);
        play(&mut app, "f5");
        assert_eq!(help(&app).takebacks, 0);
        // Taken back and another move: a take-back.
        undo(&mut app);
        play(&mut app, "d3");
        assert_eq!(help(&app).takebacks, 1);
        assert!(!help(&app).hints);
        engine(&mut app, "c5");
        // The hints on at the player's turn.
        app.world_mut().resource_mut::<Settings>().hints_vs_engine = Hints::Moves;
        app.update();
        assert_eq!(
            help(&app),
            Help {
                hints: true,
                takebacks: 1,
                set_up: false
            }
        );
        // A new game starts without help; a pasted one was not played from the start.
        app.world_mut().resource_mut::<Settings>().hints_vs_engine = Hints::Off;
        app.world_mut()
            .write_message(CommandIssued(Command::NewGame));
        app.update();
        assert!(help(&app).rated());
        app.world_mut()
            .write_message(CommandIssued(Command::Paste("f5d6".into())));
        app.update();
        assert!(help(&app).set_up);
    }

    #[test]
    fn a_forced_pass_waits_for_the_discs_to_settle() {
        // White to move with no move (a1 Black, b1 White); Black could play c1.
        let position = Position::from_colors(0b1, 0b10, Side::White);
        let mut app = game_app(true);
        app.world_mut().resource_mut::<Match>().game = Game::from_position(position);
        app.update();
        assert!(app.world().resource::<Match>().game.plies().is_empty());
        app.world_mut().resource_mut::<DiscsMoving>().0 = false;
        app.update();
        assert_eq!(app.world().resource::<Match>().game.plies(), [Ply::Pass]);
        assert_eq!(
            app.world().resource::<Status>().text,
            "White has no legal move and passes; Black to move."
        );
        assert_eq!(sent::<PassPlayed>(&app), 1);
    }

    #[test]
    fn the_end_of_a_game_is_announced_once_with_its_winner() {
        // Black a1 and b1, no White disc: nobody can move, Black wins.
        let position = Position::from_colors(0b11, 0, Side::White);
        let mut app = game_app(false);
        app.world_mut().resource_mut::<Match>().game = Game::from_position(position);
        app.update();
        let ended = |app: &App| -> Vec<GameEnded> {
            app.world()
                .resource::<Messages<GameEnded>>()
                .iter_current_update_messages()
                .copied()
                .collect()
        };
        assert_eq!(
            ended(&app),
            [GameEnded {
                winner: Some(Side::Black),
                on_time: false
            }]
        );
        app.update();
        assert_eq!(ended(&app), []);
    }
}
