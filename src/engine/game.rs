//! A game record: a start position, the plies played (passes explicit), undo and redo.

use std::fmt;

use crate::engine::bitboard::Squares;
use crate::engine::position::Position;
use crate::engine::side::Side;
use crate::engine::square::{Square, square_list};

/// One ply of a game: a disc placed, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ply {
    /// A disc placed on a square.
    Move(Square),
    /// The side to move had no legal move.
    Pass,
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ply::Move(sq) => sq.fmt(f),
            Ply::Pass => f.write_str("pa"),
        }
    }
}

impl std::str::FromStr for Ply {
    type Err = crate::engine::square::SquareParseError;

    /// Parses what [`Ply`]'s `Display` writes: a square (either case) or `pa`.
    fn from_str(s: &str) -> Result<Ply, Self::Err> {
        if s.eq_ignore_ascii_case("pa") {
            return Ok(Ply::Pass);
        }
        s.parse().map(Ply::Move)
    }
}

/// Why a ply cannot be played in a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The square is occupied or turns nothing over.
    #[error(
        "{square} is not legal for {color} here (legal: {})",
        square_list(legal)
    )]
    IllegalMove {
        /// The square asked for.
        square: Square,
        /// Who was to move.
        color: Side,
        /// The legal moves there, a1 first.
        legal: Vec<Square>,
    },
    /// A pass while the side to move has a legal move.
    #[error("{color} cannot pass here (legal: {})", square_list(legal))]
    CannotPass {
        /// Who was to move.
        color: Side,
        /// The legal moves there, a1 first.
        legal: Vec<Square>,
    },
    /// Neither side can move any more.
    #[error("the game is over")]
    GameOver,
}

/// The position after `ply` (legal there) in `position`.
fn after(position: Position, ply: Ply) -> Position {
    match ply {
        Ply::Move(sq) => position.play_unchecked(sq),
        Ply::Pass => position.pass(),
    }
}

/// A recorded ply and the plies recorded after it, the main continuation first.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    ply: Ply,
    children: Vec<Node>,
}

impl Node {
    /// Drops every continuation after this ply but the main ones.
    fn keep_main(&mut self) {
        self.children.truncate(1);
        self.children.iter_mut().for_each(Node::keep_main);
    }
}

/// A game from a start position: a tree of recorded plies, one line of it followed (the
/// *line*: the main line unless a variation was chosen), and how many plies of that line
/// are in effect (the rest can be redone).
///
/// A ply played at an earlier position that differs from the line's next one starts a
/// *variation*: the old continuation stays recorded beside it. The first continuation of a
/// position is its main one; [`Game::promote`] makes a variation the main one and
/// [`Game::delete_variation`] removes one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The plies recorded after the start, the main continuation first.
    roots: Vec<Node>,
    /// The line: the index of the continuation taken after each ply, from the start.
    path: Vec<usize>,
    /// The line's plies (`path` resolved).
    plies: Vec<Ply>,
    /// `positions[i]` is the position before ply `i` of the line; one more than `plies`.
    positions: Vec<Position>,
    cursor: usize,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard start.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game from a set-up position.
    pub fn from_position(start: Position) -> Game {
        Game {
            roots: Vec::new(),
            path: Vec::new(),
            plies: Vec::new(),
            positions: vec![start],
            cursor: 0,
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> Position {
        self.positions[0]
    }

    /// The current position (after the plies in effect).
    pub fn position(&self) -> Position {
        self.positions[self.cursor]
    }

    /// The position after the first `n` plies of the line (`n` at most [`Game::len`]).
    pub fn position_at(&self, n: usize) -> Position {
        self.positions[n]
    }

    /// Who is to move now.
    pub fn side_to_move(&self) -> Side {
        self.position().side_to_move
    }

    /// The plies in effect, from the start.
    pub fn plies(&self) -> &[Ply] {
        &self.plies[..self.cursor]
    }

    /// The line's plies, including those undone and not yet redone.
    pub fn recorded_plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The number of plies in effect.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The number of plies of the line (in effect or undone).
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// Whether no ply has been recorded.
    pub fn is_empty(&self) -> bool {
        self.roots.is_empty()
    }

    /// The legal moves now, a1 first.
    pub fn legal_moves(&self) -> Vec<Square> {
        Squares(self.position().board.moves()).collect()
    }

    /// Whether neither side can move.
    pub fn is_over(&self) -> bool {
        self.position().board.is_game_over()
    }

    /// Whether the side to move must pass (no legal move, but the game goes on).
    pub fn must_pass(&self) -> bool {
        let b = self.position().board;
        !b.has_moves() && b.pass().has_moves()
    }

    /// The continuations recorded after the first `n` plies of the line.
    fn children(&self, n: usize) -> &Vec<Node> {
        let mut nodes = &self.roots;
        for &i in &self.path[..n] {
            nodes = &nodes[i].children;
        }
        nodes
    }

    /// The same, to change.
    fn children_mut(&mut self, n: usize) -> &mut Vec<Node> {
        let mut nodes = &mut self.roots;
        for &i in &self.path[..n] {
            nodes = &mut nodes[i].children;
        }
        nodes
    }

    /// Cuts the line after `n` plies (the cursor too, if it was later).
    fn cut(&mut self, n: usize) {
        self.path.truncate(n);
        self.plies.truncate(n);
        self.positions.truncate(n + 1);
        self.cursor = self.cursor.min(n);
    }

    /// Extends the line with the continuation at `index` after its last ply.
    fn extend(&mut self, index: usize) {
        let n = self.path.len();
        let ply = self.children(n)[index].ply;
        let before = self.positions[n];
        self.path.push(index);
        self.plies.push(ply);
        self.positions.push(after(before, ply));
    }

    /// Cuts the line after `n` plies and follows the main continuations from there to
    /// the end of the record.
    fn follow_main_from(&mut self, n: usize) {
        self.cut(n);
        while !self.children(self.path.len()).is_empty() {
            self.extend(0);
        }
    }

    /// Plays a ply. When it is the line's next ply, or a recorded variation of it, the
    /// record is followed; otherwise it is recorded as a new variation, and the line
    /// follows it (the continuation it replaces stays recorded).
    ///
    /// # Errors
    /// [`GameError`] when the ply is not allowed; the game is then unchanged.
    pub fn play(&mut self, ply: Ply) -> Result<(), GameError> {
        let pos = self.position();
        let moves = pos.board.moves();
        let legal = || Squares(moves).collect();
        let next = match ply {
            _ if pos.board.is_game_over() => return Err(GameError::GameOver),
            Ply::Move(sq) if moves & sq.bit() != 0 => pos.play_unchecked(sq),
            Ply::Move(square) => {
                return Err(GameError::IllegalMove {
                    square,
                    color: pos.side_to_move,
                    legal: legal(),
                });
            }
            Ply::Pass if moves == 0 => pos.pass(),
            Ply::Pass => {
                return Err(GameError::CannotPass {
                    color: pos.side_to_move,
                    legal: legal(),
                });
            }
        };
        let n = self.cursor;
        if self.plies.get(n) != Some(&ply) {
            let known = self.children(n).iter().position(|node| node.ply == ply);
            let index = known.unwrap_or_else(|| {
                let children = self.children_mut(n);
                children.push(Node {
                    ply,
                    children: Vec::new(),
                });
                children.len() - 1
            });
            self.cut(n);
            self.extend(index);
            debug_assert_eq!(self.positions[n + 1], next);
            self.follow_main_from(n + 1);
        }
        self.cursor = n + 1;
        Ok(())
    }

    /// Plays a disc on `sq`. See [`Game::play`].
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn play_move(&mut self, sq: Square) -> Result<(), GameError> {
        self.play(Ply::Move(sq))
    }

    /// Steps back one ply; false at the start.
    pub fn undo(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        true
    }

    /// Steps forward one undone ply; false when there is none.
    pub fn redo(&mut self) -> bool {
        if self.cursor == self.plies.len() {
            return false;
        }
        self.cursor += 1;
        true
    }

    /// Moves the cursor to `n` plies from the start (clamped to the line), keeping the
    /// record, so that an earlier position can be viewed and play continued from it.
    pub fn go_to(&mut self, n: usize) {
        self.cursor = n.min(self.plies.len());
    }

    /// The plies recorded after the first `n` plies of the line (`n` at most
    /// [`Game::len`]), the main continuation first: more than one where variations start.
    pub fn continuations(&self, n: usize) -> Vec<Ply> {
        self.children(n).iter().map(|node| node.ply).collect()
    }

    /// Whether ply `n` of the line (from 0) starts a variation: it is not the main
    /// continuation of the position before it.
    pub fn starts_variation(&self, n: usize) -> bool {
        self.path.get(n).is_some_and(|&i| i > 0)
    }

    /// Whether the line is the main line (every ply the main continuation).
    pub fn on_main_line(&self) -> bool {
        self.path.iter().all(|&i| i == 0)
    }

    /// The variation the cursor is in: the ply of the line (from 0) where the innermost
    /// variation before the cursor starts, `None` on the main line.
    pub fn current_variation(&self) -> Option<usize> {
        (0..self.cursor).rev().find(|&n| self.starts_variation(n))
    }

    /// Follows `ply`, a recorded continuation after the first `n` plies of the line, and
    /// from it the main continuations to the end; the cursor goes just after it. False
    /// (and nothing changes) when `ply` is not recorded there.
    pub fn choose(&mut self, n: usize, ply: Ply) -> bool {
        if n > self.plies.len() {
            return false;
        }
        let Some(index) = self.children(n).iter().position(|node| node.ply == ply) else {
            return false;
        };
        self.cut(n);
        self.extend(index);
        self.follow_main_from(n + 1);
        self.cursor = n + 1;
        true
    }

    /// Makes ply `n` of the line the main continuation of the position before it (the
    /// others keep their order after it). False when there is no such ply or it already
    /// is the main one.
    pub fn promote(&mut self, n: usize) -> bool {
        if !self.starts_variation(n) {
            return false;
        }
        let index = self.path[n];
        self.children_mut(n)[..=index].rotate_right(1);
        self.path[n] = 0;
        true
    }

    /// Removes ply `n` of the line and everything recorded after it; the line then
    /// follows the main continuation of that position (if any is left), and the cursor
    /// goes back to it if it was later. False when the line has no ply `n`.
    pub fn delete_variation(&mut self, n: usize) -> bool {
        if n >= self.plies.len() {
            return false;
        }
        let index = self.path[n];
        self.children_mut(n).remove(index);
        self.follow_main_from(n);
        true
    }

    /// Every line of the record from the start to a last recorded ply, the main line
    /// first, then the variations in the order of the tree (depth first, main
    /// continuations first). A game with no ply has one empty line.
    pub fn lines(&self) -> Vec<Vec<Ply>> {
        fn walk(nodes: &[Node], prefix: &mut Vec<Ply>, out: &mut Vec<Vec<Ply>>) {
            if nodes.is_empty() {
                out.push(prefix.clone());
            }
            for node in nodes {
                prefix.push(node.ply);
                walk(&node.children, prefix, out);
                prefix.pop();
            }
        }
        let mut out = Vec::new();
        walk(&self.roots, &mut Vec::new(), &mut out);
        out
    }

    /// The main line: from the start, the main continuation of each position to the end
    /// of the record.
    pub fn main_line(&self) -> Game {
        let mut main = self.clone();
        main.follow_main_from(0);
        main.cursor = main.plies.len();
        main.roots.iter_mut().for_each(Node::keep_main);
        main.roots.truncate(1);
        main
    }

    /// Records the plies of `line` (from the start) as a variation, keeping the line and
    /// cursor; plies already recorded are shared.
    ///
    /// # Errors
    /// [`GameError`] for the first ply that is not legal; the plies before it stay recorded.
    pub fn add_line(&mut self, line: &[Ply]) -> Result<(), GameError> {
        let (path, cursor) = (self.path.clone(), self.cursor);
        self.cursor = 0;
        let result = line.iter().try_for_each(|&ply| self.play(ply));
        // Plies are only ever appended, so the old line's indices still hold.
        self.cut(0);
        for index in path {
            self.extend(index);
        }
        self.cursor = cursor;
        result
    }

    /// The moves in effect, passes left out (as WTHOR files record a game).
    pub fn played_moves(&self) -> Vec<Square> {
        self.plies()
            .iter()
            .filter_map(|p| match p {
                Ply::Move(sq) => Some(*sq),
                Ply::Pass => None,
            })
            .collect()
    }

    /// The plies in effect as a transcript without passes, e.g. `f5d6c3`.
    pub fn transcript(&self) -> String {
        self.played_moves().iter().map(Square::to_string).collect()
    }

    /// The plies in effect as a transcript with passes written `pa`.
    pub fn transcript_with_passes(&self) -> String {
        self.plies().iter().map(Ply::to_string).collect()
    }
}

/// The board after `transcript` from the start: the tests' shorthand (panics on a
/// transcript that is not a legal game).
#[cfg(test)]
pub(crate) fn board_after(transcript: &str) -> crate::engine::board::Board {
    Game::from_transcript(transcript).unwrap().position().board
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn plies_read_back_what_they_write() {
        for ply in [Ply::Pass, Ply::Move(sq("a1")), Ply::Move(sq("h8"))] {
            assert_eq!(ply.to_string().parse::<Ply>(), Ok(ply));
        }
        assert_eq!("PA".parse::<Ply>(), Ok(Ply::Pass));
        assert_eq!("F5".parse::<Ply>(), Ok(Ply::Move(sq("f5"))));
        assert_eq!(
            "i9".parse::<Ply>().unwrap_err().to_string(),
            "\"i9\": not a square"
        );
    }

    #[test]
    fn undo_redo_and_branching() {
        let mut g = Game::new();
        g.play_move(sq("f5")).unwrap();
        g.play_move(sq("d6")).unwrap();
        assert_eq!(g.transcript(), "f5d6");
        assert!(g.undo());
        assert_eq!(g.side_to_move(), Side::White);
        assert!(g.redo());
        assert!(!g.redo());
        g.undo();
        // Playing the ply that would be redone keeps the record.
        g.play_move(sq("d6")).unwrap();
        assert_eq!(g.len(), 2);
        g.undo();
        g.play_move(sq("f6")).unwrap();
        assert_eq!(g.transcript(), "f5f6");
        assert!(!g.redo());
        g.go_to(0);
        assert_eq!(g.position(), Position::start());
        assert_eq!(g.len(), 2);
    }

    /// The plies of a transcript without passes.
    fn plies(text: &str) -> Vec<Ply> {
        Game::from_transcript(text).unwrap().plies().to_vec()
    }

    #[test]
    fn a_new_move_at_an_earlier_position_starts_a_variation() {
        let mut g = Game::from_transcript("f5d6c3d3").unwrap();
        g.go_to(2);
        g.play_move(sq("c5")).unwrap();
        // The line follows the variation; the main line is kept.
        assert_eq!(g.transcript(), "f5d6c5");
        assert_eq!(g.len(), 3);
        assert!(!g.on_main_line());
        assert_eq!(g.current_variation(), Some(2));
        assert!(g.starts_variation(2) && !g.starts_variation(1));
        assert_eq!(
            g.continuations(2),
            [Ply::Move(sq("c3")), Ply::Move(sq("c5"))]
        );
        assert_eq!(g.lines(), [plies("f5d6c3d3"), plies("f5d6c5")]);
        assert_eq!(g.main_line(), Game::from_transcript("f5d6c3d3").unwrap());
        // Playing a recorded variation follows it, with its main continuation.
        g.go_to(2);
        g.play_move(sq("c3")).unwrap();
        assert_eq!((g.cursor(), g.len()), (3, 4));
        assert!(g.on_main_line());
        assert!(g.redo() && !g.redo());
        assert_eq!(g.transcript(), "f5d6c3d3");
        // Undo and redo walk the line chosen.
        assert!(g.choose(2, Ply::Move(sq("c5"))));
        assert_eq!((g.cursor(), g.transcript()), (3, "f5d6c5".to_string()));
        assert!(g.undo() && g.undo());
        assert!(g.redo() && g.redo() && !g.redo());
        assert_eq!(g.transcript(), "f5d6c5");
        // Nothing changes for a ply not recorded there.
        let before = g.clone();
        assert!(!g.choose(2, Ply::Move(sq("e3"))) && !g.choose(9, Ply::Pass));
        assert_eq!(g, before);
    }

    #[test]
    fn variations_nest_promote_and_delete() {
        let mut g = Game::from_transcript("f5d6c3d3c4").unwrap();
        g.go_to(1);
        g.play_move(sq("f6")).unwrap(); // f5f6
        g.play_move(sq("e6")).unwrap(); // f5f6e6
        g.go_to(2);
        g.play_move(sq("d3")).unwrap(); // f5f6d3, inside the f6 variation
        g.go_to(1);
        g.play_move(sq("f4")).unwrap(); // f5f4
        assert_eq!(
            g.lines(),
            [
                plies("f5d6c3d3c4"),
                plies("f5f6e6"),
                plies("f5f6d3"),
                plies("f5f4")
            ]
        );
        assert_eq!(g.continuations(1).len(), 3);
        // Promote the f6 line: it becomes the main line, its own main continuation e6.
        assert!(g.choose(1, Ply::Move(sq("f6"))));
        assert_eq!(g.transcript(), "f5f6");
        assert_eq!(g.len(), 3);
        assert!(g.promote(1));
        assert!(g.on_main_line());
        assert!(!g.promote(1));
        assert_eq!(
            g.lines(),
            [
                plies("f5f6e6"),
                plies("f5f6d3"),
                plies("f5d6c3d3c4"),
                plies("f5f4")
            ]
        );
        // Delete the d3 variation from the end of its line: the cursor goes back to its
        // position and the line follows the main continuation there.
        assert!(g.choose(2, Ply::Move(sq("d3"))));
        assert_eq!(g.current_variation(), Some(2));
        assert!(g.delete_variation(2));
        assert_eq!((g.cursor(), g.len()), (2, 3));
        assert_eq!(g.recorded_plies(), plies("f5f6e6"));
        assert_eq!(
            g.lines(),
            [plies("f5f6e6"), plies("f5d6c3d3c4"), plies("f5f4")]
        );
        // Deleting the main continuation leaves the next one as main.
        g.go_to(0);
        assert!(g.delete_variation(1));
        assert_eq!(g.recorded_plies(), plies("f5d6c3d3c4"));
        assert_eq!(g.lines(), [plies("f5d6c3d3c4"), plies("f5f4")]);
        assert!(!g.delete_variation(5));
        // Deleting the only first move empties the record.
        assert!(g.delete_variation(0));
        assert!(!g.delete_variation(0));
        assert!(g.is_empty() && g.lines() == [Vec::<Ply>::new()]);
        assert_eq!((g.cursor(), g.len()), (0, 0));
    }

    #[test]
    fn lines_added_share_their_plies_and_keep_the_line() {
        let mut g = Game::from_transcript("f5d6c3d3c4").unwrap();
        g.go_to(3);
        g.add_line(&plies("f5d6c5")).unwrap();
        g.add_line(&plies("f5d6c3d3c4")).unwrap();
        assert_eq!((g.cursor(), g.transcript()), (3, "f5d6c3".to_string()));
        assert_eq!(g.lines(), [plies("f5d6c3d3c4"), plies("f5d6c5")]);
        // An illegal ply keeps the plies before it.
        let bad = [
            Ply::Move(sq("f5")),
            Ply::Move(sq("f4")),
            Ply::Move(sq("a1")),
        ];
        assert_eq!(
            g.add_line(&bad).unwrap_err().to_string(),
            "a1 is not legal for Black here (legal: c3 d3 e3 f3 g3)"
        );
        assert_eq!(g.lines().len(), 3);
        assert_eq!(g.transcript(), "f5d6c3");
    }

    #[test]
    fn illegal_move_and_pass_leave_the_game_unchanged() {
        let mut g = Game::new();
        let before = g.clone();
        assert_eq!(
            g.play_move(sq("a1")).unwrap_err().to_string(),
            "a1 is not legal for Black here (legal: d3 c4 f5 e6)"
        );
        assert_eq!(
            g.play(Ply::Pass).unwrap_err().to_string(),
            "Black cannot pass here (legal: d3 c4 f5 e6)"
        );
        assert_eq!(g, before);
    }
}
