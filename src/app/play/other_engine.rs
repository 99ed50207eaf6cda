//! Another program in the game (issue 74): any NBoard engine set up in Settings (a command
//! line, a name, a depth) plays instead of ours (the engine's side against a human, White in
//! engine vs engine) or gives the hints' move scores, or both.
//!
//! The program runs as a child process served by a thread of its own
//! ([`crate::nboard_client`]), which takes one request at a time and answers through a
//! channel that a system reads each frame: no frame waits on it. A program that cannot be
//! started, exits, hangs past the time limit or answers nonsense (an illegal move) is told in
//! words, in a notice and on the status line, and ours plays (and scores) in its place until
//! its setup changes or the Test button finds it working again. An answer for a position the
//! game has left is dropped; the request for the new one waits for the program to finish
//! (within its time limit).

use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::engine::{Game, MoveScores, Side, Square};
use crate::nboard_client::{EngineHint, NboardEngine};
use crate::t;

use super::game::Match;
use crate::app::engine_config::EngineConfig;
use crate::app::engine_report::MoveHints;
use crate::app::files::settings::{Hints, Mode, OtherEngineSetup, Settings};
use crate::app::messages::{EngineMoveChosen, StatusLine};
use crate::app::modal::ModalOpen;
use crate::app::notices::{Notice, Notices};
use crate::app::schedule::GameSystems;
use crate::app::settled::DiscsMoving;

/// What the program is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ask {
    /// Its move.
    Move,
    /// The scores of every legal move.
    Hints,
    /// The Test button: a fresh start, its name, a move in the game sent (the start
    /// position), timed.
    Test,
}

/// A request to the program's thread.
struct Request {
    ask: Ask,
    setup: OtherEngineSetup,
    game: Game,
}

/// What the program answered.
#[derive(Debug)]
enum Answer {
    Move(Square),
    Hints(Vec<EngineHint>),
    Tested {
        name: String,
        square: Square,
        seconds: f64,
    },
}

/// The Test button's last word.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum TestState {
    /// Not tried.
    #[default]
    Untried,
    /// Being tried.
    Running,
    /// It works: what it said.
    Passed(String),
    /// It failed: why.
    Failed(String),
}

/// The program's thread and what the game waits for from it.
#[derive(Resource, Default)]
pub(crate) struct OtherEngine {
    /// Requests to the thread, once started.
    to_thread: Option<mpsc::Sender<Request>>,
    /// Its answers (a `Mutex`: a receiver is not `Sync`).
    from_thread: Option<Mutex<mpsc::Receiver<Result<Answer, String>>>>,
    /// The request in hand: what, for which position.
    asking: Option<(Ask, u64, OtherEngineSetup)>,
    /// A move answered, to play once the discs settle.
    ready: Option<(u64, Square)>,
    /// The position whose hints were answered (not asked again).
    hinted: Option<u64>,
    /// The setup with which its moves failed in a game: ours plays until it changes or
    /// passes a test.
    failed_moves: Option<OtherEngineSetup>,
    /// The same for its hints (a program may play well and fail at `hint`: this build of
    /// NTest does): ours gives them.
    failed_hints: Option<OtherEngineSetup>,
    /// The Test button's last word.
    pub(crate) test: TestState,
    /// Asked by the Settings window.
    test_asked: bool,
}

/// What the program does in the game now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Roles {
    /// It plays the side to move, which the engine plays.
    pub moves: bool,
    /// It gives the hints' scores.
    pub hints: bool,
}

impl OtherEngine {
    /// What the program does for `side` to move in the game set up as `settings` say: none
    /// of it while unset, nor a role in which it failed with the same setup.
    pub(crate) fn roles(&self, settings: &Settings, side: Side) -> Roles {
        let setup = &settings.other_engine;
        let on = setup.in_use();
        let its_side = match settings.mode {
            Mode::HumanVsEngine => side != settings.human_color,
            Mode::EngineVsEngine => side == Side::White,
            Mode::HumanVsHuman => false,
        };
        Roles {
            moves: on && setup.plays && its_side && self.failed_moves.as_ref() != Some(setup),
            hints: on && setup.hints && self.failed_hints.as_ref() != Some(setup),
        }
    }

    /// Asks for a test of the setup in Settings.
    pub(crate) fn ask_test(&mut self) {
        self.test_asked = true;
    }

    /// Sends a request, starting the thread the first time.
    fn send(&mut self, ask: Ask, generation: u64, setup: &OtherEngineSetup, game: Game) {
        if self.to_thread.is_none() {
            let (to_thread, requests) = mpsc::channel();
            let (answers, from_thread) = mpsc::channel();
            std::thread::Builder::new()
                .name("other engine".into())
                .spawn(move || serve(&requests, &answers))
                .expect("a thread for the other engine");
            self.to_thread = Some(to_thread);
            self.from_thread = Some(Mutex::new(from_thread));
        }
        let request = Request {
            ask,
            setup: setup.clone(),
            game,
        };
        if self
            .to_thread
            .as_ref()
            .is_some_and(|t| t.send(request).is_ok())
        {
            self.asking = Some((ask, generation, setup.clone()));
        }
    }

    /// The answer to the request in hand, when it has come.
    fn answer(&mut self) -> Option<Result<Answer, String>> {
        let from = self.from_thread.as_ref()?.lock().ok()?;
        match from.try_recv() {
            Ok(answer) => Some(answer),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => {
                Some(Err("the other engine's thread ended".into()))
            }
        }
    }
}

/// The program's thread: one request at a time, the program kept running between them
/// (started again when its command or depth changes, or after it failed).
fn serve(requests: &mpsc::Receiver<Request>, answers: &mpsc::Sender<Result<Answer, String>>) {
    let mut running: Option<((String, u32), NboardEngine)> = None;
    for request in requests {
        let setup = &request.setup;
        let timeout = Duration::from_secs(u64::from(setup.timeout_s.clamp(1, 3600)));
        let key = (setup.command.trim().to_string(), setup.depth);
        if running.as_ref().is_some_and(|(k, _)| *k != key) || request.ask == Ask::Test {
            running = None;
        }
        let started = Instant::now();
        let engine = match &mut running {
            Some((_, engine)) => Ok(engine),
            None => NboardEngine::start(&key.0, Some(setup.depth), timeout)
                .map(|engine| &mut running.insert((key, engine)).1),
        };
        let answer = engine.and_then(|engine| match request.ask {
            Ask::Move => engine.choose(&request.game).map(Answer::Move),
            Ask::Hints => {
                let n = request.game.position().board.moves().count_ones() as usize;
                engine
                    .hints(&request.game, n.max(1), timeout)
                    .map(Answer::Hints)
            }
            Ask::Test => engine.choose(&request.game).map(|square| Answer::Tested {
                name: engine.name(),
                square,
                seconds: started.elapsed().as_secs_f64(),
            }),
        });
        if answer.is_err() {
            running = None;
        }
        if answers.send(answer).is_err() {
            return;
        }
    }
}

/// The hints' scores from the program's lines: every move it valued, in discs (rounded),
/// exact when every line says `100%`, at the shallowest depth given.
fn move_scores(hints: &[EngineHint]) -> MoveScores {
    let mut scores: Vec<(Square, i32)> = hints
        .iter()
        .map(|h| (h.square, h.score.round() as i32))
        .collect();
    scores.sort_by_key(|&(sq, _)| sq);
    let exact = !hints.is_empty() && hints.iter().all(EngineHint::exact);
    let depths: Vec<(u32, Option<u8>)> = hints
        .iter()
        .filter_map(EngineHint::depth_and_confidence)
        .collect();
    let depth = depths.iter().map(|&(d, _)| d).min().unwrap_or(0);
    let confidence_pct = depths.iter().filter_map(|&(_, c)| c).min();
    let best = hints
        .iter()
        .max_by(|a, b| a.score.total_cmp(&b.score))
        .map(|h| h.square);
    MoveScores {
        depth,
        exact,
        scores,
        line: best.into_iter().collect(),
        confidence_pct: confidence_pct.filter(|_| !exact),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OtherEngine>()
        .add_systems(Update, drive_other_engine.in_set(GameSystems::Engine));
}

/// Takes the program's answers, plays its moves once the discs settle, and asks it for the
/// next move or the hints when the game wants them.
#[allow(clippy::too_many_arguments)]
fn drive_other_engine(
    mut other: ResMut<OtherEngine>,
    m: Res<Match>,
    settings: Res<Settings>,
    moving: Res<DiscsMoving>,
    config: Res<EngineConfig>,
    mut hints: ResMut<MoveHints>,
    mut chosen: MessageWriter<EngineMoveChosen>,
    modal: Res<ModalOpen>,
    mut status: StatusLine,
    mut notices: ResMut<Notices>,
) {
    if let Some((ask, generation, setup)) = other.asking.clone()
        && let Some(answer) = other.answer()
    {
        other.asking = None;
        let current = generation == m.generation;
        match answer {
            Ok(Answer::Move(square)) if current => {
                if m.position().board.moves() & square.bit() != 0 {
                    other.ready = Some((generation, square));
                } else {
                    let e = t!(
                        status.tr,
                        "other-engine-illegal",
                        square = square.to_string()
                    );
                    fail(&mut other, ask, &setup, e, &mut status, &mut notices);
                }
            }
            Ok(Answer::Hints(lines)) if current => {
                hints.offer_other(generation, config.version, move_scores(&lines));
                other.hinted = Some(generation);
            }
            Ok(Answer::Tested {
                name,
                square,
                seconds,
            }) => {
                other.failed_moves = None;
                other.failed_hints = None;
                other.test = TestState::Passed(t!(
                    status.tr,
                    "other-engine-test-passed",
                    name = name,
                    square = square.to_string(),
                    seconds = format!("{seconds:.2}")
                ));
            }
            Ok(_) => {}
            Err(e) if ask == Ask::Test => other.test = TestState::Failed(e),
            Err(e) => fail(&mut other, ask, &setup, e, &mut status, &mut notices),
        }
    }
    if let Some((generation, square)) = other.ready {
        if generation != m.generation {
            other.ready = None;
        } else if !moving.0 && m.engine_may_move(&settings) {
            chosen.write(EngineMoveChosen {
                generation,
                square,
                by: Some(settings.other_engine.shown_name()),
            });
            other.ready = None;
        }
    }
    if other.asking.is_some() {
        return;
    }
    let setup = &settings.other_engine;
    if std::mem::take(&mut other.test_asked) {
        other.test = TestState::Running;
        other.send(Ask::Test, m.generation, setup, Game::new());
        return;
    }
    // Nothing new is asked while a window that may change the setup is open (a command
    // half typed in Settings is not started).
    if modal.0 {
        return;
    }
    let side = m.game.side_to_move();
    let roles = other.roles(&settings, side);
    let humans_turn = !Match::engine_plays(&settings, side)
        && m.setup.is_none()
        && !m.game.is_over()
        && !m.game.must_pass();
    if roles.moves && m.engine_may_move(&settings) && other.ready.is_none() {
        let name = setup.shown_name();
        status.say(t!(status.tr, "other-engine-thinking", name = name));
        other.send(Ask::Move, m.generation, setup, m.game.clone());
    } else if roles.hints
        && humans_turn
        && settings.hints() == Hints::Scores
        && other.hinted != Some(m.generation)
    {
        other.send(Ask::Hints, m.generation, setup, m.game.clone());
    }
}

/// The program failed in the game at `ask`: said in a notice and on the status line; ours
/// takes that role over.
fn fail(
    other: &mut OtherEngine,
    ask: Ask,
    setup: &OtherEngineSetup,
    error: String,
    status: &mut StatusLine,
    notices: &mut Notices,
) {
    warn!("other engine ({ask:?}): {error}");
    let name = setup.shown_name();
    let (said, notice) = if ask == Ask::Hints {
        other.failed_hints = Some(setup.clone());
        (
            t!(
                status.tr,
                "other-engine-hints-failed-status",
                name = name.clone()
            ),
            Notice::new("other-engine-hints-failed"),
        )
    } else {
        other.failed_moves = Some(setup.clone());
        other.ready = None;
        (
            t!(status.tr, "other-engine-failed-status", name = name.clone()),
            Notice::new("other-engine-failed"),
        )
    };
    status.say(said);
    notices.push(notice.arg("name", name).arg("error", error));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn hint(square: &str, score: f64, depth: &str) -> EngineHint {
        EngineHint {
            square: sq(square),
            score,
            depth: depth.into(),
            book: false,
        }
    }

    #[test]
    fn the_programs_lines_become_the_hints_scores() {
        let scores = move_scores(&[
            hint("f4", -1.4, "14@73%"),
            hint("d6", 0.6, "12@68%"),
            hint("f6", -2.5, "12"),
        ]);
        assert_eq!(
            scores,
            MoveScores {
                depth: 12,
                exact: false,
                // In square order: row 4 before row 6.
                scores: vec![(sq("f4"), -1), (sq("d6"), 1), (sq("f6"), -3)],
                line: vec![sq("d6")],
                confidence_pct: Some(68),
            }
        );
        let solved = move_scores(&[hint("a1", 4.0, "100%"), hint("b1", -2.0, "100%")]);
        assert!(solved.exact);
        assert_eq!(solved.confidence_pct, None);
        assert_eq!(solved.line, [sq("a1")]);
    }

    #[test]
    fn the_program_plays_the_engines_side_and_steps_aside_after_failing() {
        let mut settings = Settings {
            mode: Mode::HumanVsEngine,
            human_color: Side::Black,
            ..Settings::default()
        };
        let mut other = OtherEngine::default();
        // Unset: nothing.
        assert_eq!(other.roles(&settings, Side::White), Roles::default());
        settings.other_engine = OtherEngineSetup {
            command: "reversi-engine nboard".into(),
            plays: true,
            hints: true,
            ..OtherEngineSetup::default()
        };
        let both = Roles {
            moves: true,
            hints: true,
        };
        assert_eq!(other.roles(&settings, Side::White), both);
        // The human's side: the hints only.
        assert_eq!(
            other.roles(&settings, Side::Black),
            Roles {
                moves: false,
                hints: true,
            }
        );
        // Engine vs engine: it is White.
        settings.mode = Mode::EngineVsEngine;
        assert!(other.roles(&settings, Side::White).moves);
        assert!(!other.roles(&settings, Side::Black).moves);
        // Its hints failed with this setup: ours gives them, it still plays.
        other.failed_hints = Some(settings.other_engine.clone());
        assert_eq!(
            other.roles(&settings, Side::White),
            Roles {
                moves: true,
                hints: false,
            }
        );
        // Its moves failed too: ours plays; another setup tries it again.
        other.failed_moves = Some(settings.other_engine.clone());
        assert_eq!(other.roles(&settings, Side::White), Roles::default());
        settings.other_engine.depth = 8;
        assert_eq!(other.roles(&settings, Side::White), both);
    }

    /// A stand-in NBoard engine in the shell: its name, F4 to any `go`, three values to
    /// `hint`, the pong to a ping.
    #[cfg(unix)]
    const MOCK: &str = "while read -r c a r; do case \"$c\" in \
        nboard) echo 'set myname Mock';; ping) echo \"pong $a\";; go) echo '=== F4';; \
        hint) echo 'status thinking'; echo 'search F4 -1.0 0 6'; \
              echo 'search D6 0.5 0 6'; echo 'search F6 -2.0 0 6'; echo status;; \
        esac; done";

    #[cfg(unix)]
    #[test]
    fn the_programs_thread_answers_moves_hints_and_tests_and_reports_a_missing_program() {
        let (to_thread, requests) = mpsc::channel();
        let (answers, from_thread) = mpsc::channel();
        let thread = std::thread::spawn(move || serve(&requests, &answers));
        let setup = OtherEngineSetup {
            command: MOCK.into(),
            plays: true,
            timeout_s: 10,
            ..OtherEngineSetup::default()
        };
        let after_f5 = Game::from_transcript("f5").unwrap();
        let ask = |ask: Ask, setup: &OtherEngineSetup, game: &Game| {
            to_thread
                .send(Request {
                    ask,
                    setup: setup.clone(),
                    game: game.clone(),
                })
                .unwrap();
            from_thread.recv_timeout(Duration::from_secs(30)).unwrap()
        };
        match ask(Ask::Move, &setup, &after_f5) {
            Ok(Answer::Move(square)) => assert_eq!(square, sq("f4")),
            other => panic!("{other:?}"),
        }
        match ask(Ask::Hints, &setup, &after_f5) {
            Ok(Answer::Hints(lines)) => assert_eq!(
                lines,
                [
                    hint("f4", -1.0, "6"),
                    hint("d6", 0.5, "6"),
                    hint("f6", -2.0, "6")
                ]
            ),
            other => panic!("{other:?}"),
        }
        match ask(Ask::Test, &setup, &Game::new()) {
            Ok(Answer::Tested { name, square, .. }) => {
                assert_eq!((name.as_str(), square), ("Mock", sq("f4")));
            }
            other => panic!("{other:?}"),
        }
        let missing = OtherEngineSetup {
            command: "no-such-program-for-reversi".into(),
            ..setup
        };
        let e = ask(Ask::Move, &missing, &after_f5).unwrap_err();
        assert!(
            e.starts_with("no-such-program-for-reversi: the engine exited (exit status: 127)"),
            "{e}"
        );
        drop(to_thread);
        thread.join().unwrap();
    }
}
