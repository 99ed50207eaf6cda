//! The UI's own vocabulary, shared by its parts (`panels/`, `dialogs.rs`, `shortcuts.rs`
//! and the toasts in `mod.rs`): which windows are open ([`Dialogs`]), what the UI shows of
//! the game and the engine ([`GameView`], which changes none of it), and what it asks for
//! while it is built ([`Requests`]), carried out after it through [`UiOutputs`].

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::coach::drill::Drill;
use crate::app::coach::practice::{CardsRequested, Practice, PracticeAction};
use crate::app::coach::strength::Strength;
use crate::app::engine_config::{EngineConfig, Levels};
use crate::app::engine_report::{EngineReport, MoveHints};
use crate::app::files::open_save::{FileJob, FilePrompt, ImageToSave};
use crate::app::files::settings::Hints;
use crate::app::i18n::Tr;
use crate::app::library::book::OpeningBook;
use crate::app::library::book_edit::{BookEdit, BookEditing};
use crate::app::library::database::{DatabaseRequest, GameDatabase};
use crate::app::library::played::{GameLibrary, LibraryRequest};
use crate::app::messages::{Command, CommandIssued, StatusLine};
use crate::app::notices::Notices;
use crate::app::play::game::{Match, Status};
use crate::app::play::keyboard::BoardCursor;
use crate::app::study::explain::Explanations;
use crate::app::study::graph::ScoreHistory;
use crate::app::study::review::{GameReview, ReviewRequested};
use crate::engine::Side;

/// Which windows are open.
#[derive(Resource, Debug, Default)]
pub(super) struct Dialogs {
    /// The settings window.
    pub settings: bool,
    /// Rules and shortcuts.
    pub help: bool,
    /// About the game.
    pub about: bool,
    /// The quick menu opened with Esc.
    pub menu: bool,
    /// The paste window and its text.
    pub paste: Option<String>,
    /// The generation whose game-over window was closed.
    pub game_over_closed: Option<u64>,
    /// The first start's choices, while its window is open.
    pub welcome: Option<Welcome>,
    /// The Practice window.
    pub practice: bool,
    /// The opening book's window.
    pub book: bool,
    /// The game database's window.
    pub database: bool,
    /// The Library window: the games played.
    pub library: bool,
    /// The Board image window.
    pub board_image: bool,
    /// F10 was pressed: the menu bar's first menu takes the keyboard focus (Enter or
    /// Space opens it, Tab and the arrows walk the menus and their entries).
    pub focus_menu_bar: bool,
}

/// The first start's window: how the new player wants to play against the engine.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Welcome {
    /// The player's colour.
    pub color: crate::engine::Side,
    /// The engine's level, by name.
    pub level: String,
    /// The hints against the engine.
    pub hints: Hints,
}

impl Dialogs {
    /// Closes the topmost window; false when none was open.
    pub(super) fn close_one(&mut self) -> bool {
        if self.welcome.take().is_some() {
            return true;
        }
        for open in [
            &mut self.settings,
            &mut self.help,
            &mut self.about,
            &mut self.menu,
            &mut self.practice,
            &mut self.book,
        ] {
            if *open {
                *open = false;
                return true;
            }
        }
        self.paste.take().is_some()
    }

    /// Whether any of these windows is open (the board's keys then stay with them).
    pub(super) fn any_open(&self) -> bool {
        self.settings
            || self.help
            || self.about
            || self.menu
            || self.practice
            || self.book
            || self.paste.is_some()
            || self.welcome.is_some()
    }

    /// Whether the game-over window shows for this game: it is over (at the end of the
    /// line, not in the editor) and its window was not closed.
    pub(super) fn game_over_open(&self, m: &Match) -> bool {
        m.game.is_over()
            && !m.viewing
            && m.setup.is_none()
            && self.game_over_closed != Some(m.generation)
    }

    /// Whether any window shows: these, a notice, or the game-over window. The board's keys
    /// then stay with egui, which moves between the window's buttons with Tab.
    pub(super) fn any_shown(&self, notices: &Notices, m: &Match) -> bool {
        self.any_open() || !notices.0.is_empty() || self.game_over_open(m)
    }

    /// Whether a window that may change the game (or its settings) is open: the engine does
    /// not ponder meanwhile.
    pub(super) fn may_change_game(&self) -> bool {
        self.settings || self.menu || self.paste.is_some() || self.welcome.is_some()
    }
}

/// A request made while building the UI, carried out after it ([`UiOutputs::apply`]).
#[derive(Debug, Default)]
pub(super) struct Requests {
    /// Commands for the game.
    pub commands: Vec<Command>,
    /// Text for the clipboard, and what the status line says about it.
    pub copy: Option<(String, String)>,
    /// Choose a file (the system's dialog or the prompt) for this: a game to open or save,
    /// an Edax book to import or export.
    pub file: Option<FileJob>,
    /// Open this game file (a recent one).
    pub open_path: Option<std::path::PathBuf>,
    /// Quit the game.
    pub quit: bool,
    /// Review the game.
    pub review: bool,
    /// Make practice cards of this side's mistakes in the reviewed game.
    pub cards: Option<Side>,
    /// What the player did in the Practice window.
    pub practice: Vec<PracticeAction>,
    /// The Book window's edits.
    pub book_edits: Vec<BookEdit>,
    /// What the Database window asks for.
    pub database: Vec<DatabaseRequest>,
    /// What the Library window asks for.
    pub library: Vec<LibraryRequest>,
    /// A picture of the board, as PNG, to save where the player chooses.
    pub save_image: Option<Vec<u8>>,
    /// A line for the status line.
    pub say: Option<String>,
}

/// What the UI shows of the game and the engine; it changes none of it.
#[derive(SystemParam)]
pub(super) struct GameView<'w> {
    /// The game.
    pub(super) m: Res<'w, Match>,
    /// The status line.
    pub(super) status: Res<'w, Status>,
    /// What the engine is doing.
    pub(super) report: Res<'w, EngineReport>,
    /// The move scores.
    pub(super) hints: Res<'w, MoveHints>,
    /// The difficulty levels.
    pub(super) levels: Res<'w, Levels>,
    /// App time, for the engine's elapsed seconds.
    pub(super) time: Res<'w, Time>,
    /// The game's review.
    pub(super) review: Res<'w, GameReview>,
    /// The positions' scores, for the graph.
    pub(super) scores: Res<'w, ScoreHistory>,
    /// The translations.
    pub(super) tr: Res<'w, Tr>,
    /// The board's keyboard cursor.
    pub(super) cursor: Res<'w, BoardCursor>,
    /// The practice cards.
    pub(super) practice: Res<'w, Practice>,
    /// Why the moves on show were mistakes.
    pub(super) explanations: Res<'w, Explanations>,
    /// The player's reviewed games.
    pub(super) strength: Res<'w, Strength>,
    /// The opening drill, when one is on.
    pub(super) drill: Res<'w, Drill>,
    /// The opening book (a drill of the line on the board needs it).
    pub(super) book: Res<'w, OpeningBook>,
    /// The Book window's edits: a line being added, what can be undone.
    pub(super) book_editing: Res<'w, BookEditing>,
    /// The game database and its answer at the position.
    pub(super) database: Res<'w, GameDatabase>,
    /// The games played.
    pub(super) library: Res<'w, GameLibrary>,
    /// The engine's tables and settings (the hints' time).
    pub(super) config: Res<'w, EngineConfig>,
}

/// Where the UI's [`Requests`] go: the game's commands, the status line, the file prompt
/// and the app's exit.
#[derive(SystemParam)]
pub(super) struct UiOutputs<'w> {
    pub(super) commands: MessageWriter<'w, CommandIssued>,
    pub(super) status: StatusLine<'w>,
    pub(super) files: ResMut<'w, FilePrompt>,
    pub(super) exit: MessageWriter<'w, AppExit>,
    pub(super) review: MessageWriter<'w, ReviewRequested>,
    pub(super) cards: MessageWriter<'w, CardsRequested>,
    pub(super) practice: MessageWriter<'w, PracticeAction>,
    pub(super) book_edits: MessageWriter<'w, BookEdit>,
    pub(super) database: MessageWriter<'w, DatabaseRequest>,
    pub(super) library: MessageWriter<'w, LibraryRequest>,
    pub(super) image: ResMut<'w, ImageToSave>,
}

impl UiOutputs<'_> {
    /// Carries out what the UI asked for.
    pub(super) fn apply(&mut self, requests: Requests, ctx: &egui::Context) {
        for c in requests.commands {
            self.commands.write(CommandIssued(c));
        }
        if let Some((text, what)) = requests.copy {
            ctx.copy_text(text);
            self.status.say(what);
        }
        if let Some(job) = requests.file {
            self.files.open(job);
        }
        if let Some(path) = requests.open_path {
            self.files.open_path(path);
        }
        if requests.quit {
            self.exit.write(AppExit::Success);
        }
        if requests.review {
            self.review.write(ReviewRequested);
        }
        if let Some(side) = requests.cards {
            self.cards.write(CardsRequested(side));
        }
        for action in requests.practice {
            self.practice.write(action);
        }
        for edit in requests.book_edits {
            self.book_edits.write(edit);
        }
        for request in requests.database {
            self.database.write(request);
        }
        for request in requests.library {
            self.library.write(request);
        }
        if let Some(png) = requests.save_image {
            self.image.0 = Some(png);
            self.files.open(FileJob::SaveImage);
        }
        if let Some(text) = requests.say {
            self.status.say(text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::messages::StatusChanged;

    #[test]
    fn requests_go_to_the_game_the_status_line_the_file_prompt_and_the_exit() {
        let mut app = App::new();
        app.init_resource::<FilePrompt>()
            .init_resource::<ImageToSave>()
            .init_resource::<Tr>()
            .add_message::<CommandIssued>()
            .add_message::<ReviewRequested>()
            .add_message::<CardsRequested>()
            .add_message::<PracticeAction>()
            .add_message::<BookEdit>()
            .add_message::<DatabaseRequest>()
            .add_message::<LibraryRequest>()
            .add_message::<StatusChanged>()
            .add_systems(Update, |mut outputs: UiOutputs| {
                let requests = Requests {
                    commands: vec![Command::NewGame, Command::Undo],
                    copy: Some(("f5d6".into(), "Transcript copied.".into())),
                    file: Some(FileJob::SaveGame),
                    open_path: None,
                    quit: true,
                    review: true,
                    cards: Some(Side::White),
                    practice: vec![PracticeAction::Next],
                    book_edits: vec![BookEdit::Undo],
                    database: vec![DatabaseRequest::Shown],
                    library: vec![LibraryRequest::Shown],
                    save_image: None,
                    say: None,
                };
                outputs.apply(requests, &egui::Context::default());
            });
        app.update();
        let world = app.world();
        let commands: Vec<String> = world
            .resource::<Messages<CommandIssued>>()
            .iter_current_update_messages()
            .map(|c| format!("{:?}", c.0))
            .collect();
        assert_eq!(commands, ["NewGame", "Undo"]);
        let said: Vec<&str> = world
            .resource::<Messages<StatusChanged>>()
            .iter_current_update_messages()
            .map(|s| s.0.as_str())
            .collect();
        assert_eq!(said, ["Transcript copied."]);
        assert!(world.resource::<FilePrompt>().is_open());
        let exits: Vec<&AppExit> = world
            .resource::<Messages<AppExit>>()
            .iter_current_update_messages()
            .collect();
        assert_eq!(exits, [&AppExit::Success]);
        assert_eq!(
            world
                .resource::<Messages<ReviewRequested>>()
                .iter_current_update_messages()
                .count(),
            1
        );
        let cards: Vec<&CardsRequested> = world
            .resource::<Messages<CardsRequested>>()
            .iter_current_update_messages()
            .collect();
        assert_eq!(cards, [&CardsRequested(Side::White)]);
        let actions: Vec<&PracticeAction> = world
            .resource::<Messages<PracticeAction>>()
            .iter_current_update_messages()
            .collect();
        assert_eq!(actions, [&PracticeAction::Next]);
        let edits: Vec<&BookEdit> = world
            .resource::<Messages<BookEdit>>()
            .iter_current_update_messages()
            .collect();
        assert_eq!(edits, [&BookEdit::Undo]);
        let asked: Vec<&DatabaseRequest> = world
            .resource::<Messages<DatabaseRequest>>()
            .iter_current_update_messages()
            .collect();
        assert_eq!(asked, [&DatabaseRequest::Shown]);
    }
}
