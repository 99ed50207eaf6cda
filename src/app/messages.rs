//! The match's messages: what the player or the UI asks of the game ([`CommandIssued`]),
//! what happened on the board ([`MovePlayed`], [`PassPlayed`], [`PositionJumped`],
//! [`GameEnded`], ...) and what to tell the player ([`StatusChanged`]). Every feature sends
//! or reads them; the game (`game.rs`) registers them and applies the commands.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::engine::{Game, Ply, Side, Square};

use super::editor::Edit;
use super::i18n::Tr;

/// Something to tell the player on the status line (a move played, why a click did
/// nothing, a file saved). Any feature sends it (through [`StatusLine`]); the game's
/// `set_status` is the one writer of its `Status`, and the last message of a frame wins.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub(super) struct StatusChanged(pub String);

/// A system parameter for sending [`StatusChanged`] in the player's language:
/// `status.say(t!(status.tr, "status-undone"))`.
#[derive(SystemParam)]
pub(super) struct StatusLine<'w> {
    changed: MessageWriter<'w, StatusChanged>,
    /// The translations, for the message.
    pub tr: Res<'w, Tr>,
}

impl StatusLine<'_> {
    /// Puts `text` on the status line.
    pub(super) fn say(&mut self, text: impl Into<String>) {
        self.changed.write(StatusChanged(text.into()));
    }
}

/// What the player (or the UI) asks the game to do.
#[derive(Debug, Clone)]
pub(super) enum Command {
    /// Start a new game in the current mode.
    NewGame,
    /// Start a new game in the current mode from a random XOT opening (the game begins at
    /// its position).
    NewXot,
    /// Take back a move (in human vs engine, back to the human's last move).
    Undo,
    /// Replay an undone move (in human vs engine, up to the human's next turn).
    Redo,
    /// Show the position after this many plies of the record.
    GoTo(usize),
    /// Let the engine play from the position being viewed.
    Continue,
    /// Engine vs engine: pause or resume.
    TogglePause,
    /// Engine vs engine: play one move while paused.
    Step,
    /// A human clicked this square.
    Play(Square),
    /// Replace the game with one read from a file (already checked).
    Load {
        /// The game.
        game: Game,
        /// Where it came from, for the status line.
        source: String,
    },
    /// Text pasted by the player: a transcript, an OBF position or a GGF game.
    Paste(String),
    /// Follow the recorded continuation `ply` after the first `at` plies of the line
    /// shown (a variation, or back to the main line), and view the position after it.
    Choose {
        /// Plies of the line before it.
        at: usize,
        /// The continuation.
        ply: Ply,
    },
    /// Make the variation being viewed the main continuation where it starts.
    Promote,
    /// Remove the variation being viewed, from where it starts.
    DeleteVariation,
    /// The board editor.
    Edit(Edit),
}

/// A command was issued by a key, a click or a menu.
#[derive(Message, Debug, Clone)]
pub(super) struct CommandIssued(pub Command);

/// The engine chose a move for the position of `generation`.
#[derive(Message, Debug, Clone)]
pub(super) struct EngineMoveChosen {
    /// The match's `generation` the search started from.
    pub generation: u64,
    /// The move.
    pub square: Square,
    /// Another program's name when it chose the move (`play/other_engine.rs`).
    pub by: Option<String>,
}

/// A disc was placed: the animation turns `flips` over, rippling out from `square` (and
/// ends any animation still running).
#[derive(Message, Debug, Clone, Copy)]
pub(super) struct MovePlayed {
    /// Where the disc was placed.
    pub square: Square,
    /// Who placed it.
    pub side: Side,
    /// The discs turned over (a bitboard).
    pub flips: u64,
}

impl MovePlayed {
    /// The delay between successive rings of the ripple, as a fraction of one disc's flip.
    const RIPPLE: f32 = 0.4;

    /// When the disc on `sq` starts turning over, in seconds after the move, for a flip of
    /// `flip_s` seconds: ring by ring (the Chebyshev distance from the disc placed), the
    /// first ring once the new disc is nearly down. The discs and the sounds keep to it.
    pub(super) fn flip_delay_s(&self, sq: Square, flip_s: f32) -> f32 {
        (self.ring(sq) - 1.0) * Self::RIPPLE * flip_s + flip_s * 0.3
    }

    /// The ring of `sq` in the ripple: its Chebyshev distance from the disc placed.
    pub(super) fn ring(&self, sq: Square) -> f32 {
        let dc = (i32::from(sq.column()) - i32::from(self.square.column())).abs();
        let dr = (i32::from(sq.row()) - i32::from(self.square.row())).abs();
        dc.max(dr) as f32
    }
}

/// A side with no move passed.
#[derive(Message, Debug, Clone, Copy)]
pub(super) struct PassPlayed;

/// A move the player asked for was not played: not a legal move, not the player's turn, or
/// the game is over.
#[derive(Message, Debug, Clone, Copy)]
pub(super) struct MoveRefused;

/// The game ended: no side can move, or a clock ran out.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct GameEnded {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// Whether it ended on time.
    pub on_time: bool,
}

/// The position changed other than by a move (new game, undo, redo, viewing another ply,
/// load, paste): the discs show the new one at once, with no animation.
#[derive(Message, Debug, Clone, Copy)]
pub(super) struct PositionJumped;

/// The commands sent in the last update, as the tests read them: a game loaded as its
/// transcript and source (`f5d6 Your game of ...`), any other command as `Debug` writes it.
#[cfg(test)]
pub(crate) fn commands_sent(app: &App) -> Vec<String> {
    app.world()
        .resource::<Messages<CommandIssued>>()
        .iter_current_update_messages()
        .map(|c| match &c.0 {
            Command::Load { game, source } => format!("{} {source}", game.transcript()),
            other => format!("{other:?}"),
        })
        .collect()
}
