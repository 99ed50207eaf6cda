//! Othello as a [`SearchGame`]: moves ordered for the search, passes, exact scores at the end.

use std::cell::Cell;
use std::sync::atomic::AtomicBool;

use crate::engine::board::{Board, legal_moves};
use crate::engine::control::{Clock, Move, MoveList, PASS, StopPoller};
use crate::engine::eval::Evaluate;
use crate::engine::eval::indices::PatternIndices;
use crate::engine::search::alphabeta::INFINITY;
use crate::engine::search::config::{OrderingMode, SearchConfig};
use crate::engine::search::tree::SearchGame;
use crate::engine::square::Square;

/// A position of the search: the board and, when the evaluator reads them, its pattern
/// indices kept move by move ([`Evaluate::uses_indices`]).
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The board, from the side to move.
    pub board: Board,
    indices: PatternIndices,
}

/// Othello for the search: the evaluator and the ordering settings.
pub struct Othello<'a> {
    eval: &'a dyn Evaluate,
    /// Whether the evaluator reads pattern indices (then every node keeps them).
    indexed: bool,
    config: &'a SearchConfig,
    /// Nodes spent in ordering searches (not counted by the main search).
    pub ordering_nodes: Cell<u64>,
    /// What the ordering searches watch, so that they too stop at once. Once it has seen
    /// the stop flag or a limit, ordering is by mobility only, and the main search stops at
    /// its next look at the same flag.
    watch: Option<StopPoller<'a>>,
}

impl<'a> Othello<'a> {
    /// Othello searched with `eval`, ordered as `config` says.
    pub fn new(eval: &'a dyn Evaluate, config: &'a SearchConfig) -> Othello<'a> {
        Othello {
            eval,
            indexed: eval.uses_indices(),
            config,
            ordering_nodes: Cell::new(0),
            watch: None,
        }
    }

    /// The search's node for `board`.
    pub fn node(&self, board: &Board) -> Node {
        Node {
            board: *board,
            indices: if self.indexed {
                PatternIndices::new(board)
            } else {
                PatternIndices::UNKEPT
            },
        }
    }

    /// The node after the side to move plays `sq`.
    #[inline]
    fn child(&self, node: &Node, sq: Square) -> Node {
        self.child_with(node, sq, node.board.play_unchecked(sq))
    }

    /// The same, given the board after the move.
    #[inline]
    fn child_with(&self, node: &Node, sq: Square, board: Board) -> Node {
        Node {
            board,
            indices: if self.indexed {
                // The turned discs: the mover's before the move, the opponent's after.
                let flipped = node.board.opponent ^ board.player;
                node.indices.play(u32::from(sq.index()), flipped)
            } else {
                node.indices
            },
        }
    }

    /// The node after a pass.
    #[inline]
    fn passed(&self, node: &Node) -> Node {
        Node {
            board: node.board.pass(),
            indices: node.indices.pass(),
        }
    }

    /// The same, with ordering searches ([`OrderingMode::Shallow`]) that look at `stop`
    /// and the time and node limits every few hundred nodes, as the main search does.
    pub fn watched(
        mut self,
        stop: &'a AtomicBool,
        clock: &'a dyn Clock,
        time_limit_ms: Option<u64>,
        node_limit: Option<u64>,
    ) -> Othello<'a> {
        self.watch = Some(
            StopPoller::new(
                stop,
                time_limit_ms.map(|ms| (clock, ms)),
                node_limit,
                self.config.stop_check_nodes,
            )
            .first_look_after_interval(),
        );
        self
    }

    /// Whether an ordering search gave up because of the stop flag or a limit.
    pub fn halted(&self) -> bool {
        self.watch.as_ref().is_some_and(StopPoller::stopped)
    }

    /// Counts an ordering node and, every `stop_check_nodes` (as the main search), looks at the stop flag
    /// and limits: true once the ordering must give up.
    fn ordering_poll(&self) -> bool {
        let nodes = self.ordering_nodes.get() + 1;
        self.ordering_nodes.set(nodes);
        self.watch.as_ref().is_some_and(|watch| watch.poll(nodes))
    }

    /// Fail-soft alpha-beta without memory for ordering, in square order: `depth` plies
    /// from `board`, giving up (returning 0) once [`Othello::ordering_poll`] says so.
    fn ordering_search(&self, node: &Node, depth: u32, alpha: i32, beta: i32) -> i32 {
        if self.ordering_poll() {
            return 0;
        }
        if depth == 0 {
            return self.score(node);
        }
        let board = &node.board;
        let moves = board.moves();
        if moves == 0 {
            if legal_moves(board.opponent, board.player) != 0 {
                return -self.ordering_search(&self.passed(node), depth, -beta, -alpha);
            }
            return board.final_score();
        }
        let mut best = -INFINITY;
        let mut a = alpha;
        let mut m = moves;
        while m != 0 {
            let sq = Square::from_index(m.trailing_zeros() as u8);
            m &= m - 1;
            let v = -self.ordering_search(&self.child(node, sq), depth - 1, -beta, -a);
            best = best.max(v);
            a = a.max(v);
            if best >= beta || self.halted() {
                break;
            }
        }
        best
    }

    /// The ordering key of a move (higher first), from `board`'s side to move.
    fn order_key(&self, node: &Node, sq: Square, depth: u32) -> i32 {
        // The child's indices only where its evaluation is wanted.
        let board = node.board.play_unchecked(sq);
        let child = || self.child_with(node, sq, board);
        let replies = board.moves().count_ones() as i32;
        let corner = i32::from(sq.bit() & crate::engine::CORNERS != 0);
        let mobility_key = corner * 16 - replies;
        match self.config.ordering {
            OrderingMode::Index => 0,
            OrderingMode::Mobility => mobility_key,
            OrderingMode::Evaluation if depth >= self.config.eval_order_min_depth => {
                -self.score(&child()) * 64 + mobility_key
            }
            OrderingMode::Evaluation => mobility_key,
            OrderingMode::Shallow if depth >= self.config.shallow_min_depth => {
                if self.halted() {
                    return mobility_key;
                }
                let v =
                    self.ordering_search(&child(), self.config.shallow_depth, -INFINITY, INFINITY);
                -v * 64 + mobility_key
            }
            OrderingMode::Shallow if depth >= self.config.eval_order_min_depth => {
                -self.score(&child()) * 64 + mobility_key
            }
            OrderingMode::Shallow => mobility_key,
        }
    }

    /// The exact score of a finished game, the evaluation otherwise.
    #[inline]
    fn score(&self, node: &Node) -> i32 {
        let board = &node.board;
        let moves = board.moves();
        let replies = legal_moves(board.opponent, board.player);
        if moves | replies == 0 {
            board.final_score()
        } else if self.indexed {
            self.eval
                .evaluate_indexed(board, &node.indices, moves, replies)
        } else {
            self.eval.evaluate_with_moves(board, moves, replies)
        }
    }
}

impl SearchGame for Othello<'_> {
    type Pos = Node;

    fn fork(&self) -> Option<Self> {
        Some(Othello {
            eval: self.eval,
            indexed: self.indexed,
            config: self.config,
            ordering_nodes: Cell::new(0),
            watch: self.watch.as_ref().map(StopPoller::fresh),
        })
    }

    fn join(&self, fork: Self) {
        self.ordering_nodes
            .set(self.ordering_nodes.get() + fork.ordering_nodes.get());
    }

    fn moves(&self, node: &Node, depth: u32, out: &mut MoveList) {
        self.unordered_moves(node, out);
        self.order(node, depth, out.as_mut_slice());
    }

    /// The legal moves in square order, or a pass.
    fn unordered_moves(&self, node: &Node, out: &mut MoveList) {
        let board = &node.board;
        let moves = board.moves();
        if moves == 0 {
            if legal_moves(board.opponent, board.player) != 0 {
                out.push(PASS);
            }
            return;
        }
        let mut m = moves;
        while m != 0 {
            let index = m.trailing_zeros() as u8;
            m &= m - 1;
            out.push(index);
        }
    }

    fn order_keys(&self, node: &Node, depth: u32, moves: &[Move], keys: &mut [i32]) -> bool {
        if depth < self.config.order_min_depth
            || moves.len() < 2
            || self.config.ordering == OrderingMode::Index
        {
            return false;
        }
        for (key, &mv) in keys.iter_mut().zip(moves) {
            *key = self.order_key(node, Square::from_index(mv), depth);
        }
        true
    }

    #[inline]
    fn play(&self, node: &Node, mv: Move) -> Node {
        if mv == PASS {
            self.passed(node)
        } else {
            self.child(node, Square::from_index(mv))
        }
    }

    #[inline]
    fn evaluate(&self, node: &Node) -> i32 {
        self.score(node)
    }

    #[inline]
    fn hash(&self, node: &Node) -> u64 {
        node.board.hash()
    }

    /// The board after the move alone: the pattern indices a whole child keeps do not
    /// enter the hash.
    #[inline]
    fn child_hash(&self, node: &Node, mv: Move) -> u64 {
        if mv == PASS {
            node.board.pass().hash()
        } else {
            node.board.play_unchecked(Square::from_index(mv)).hash()
        }
    }

    #[inline]
    fn is_pass(&self, mv: Move) -> bool {
        mv == PASS
    }

    #[inline]
    fn plies_left(&self, node: &Node) -> u32 {
        node.board.empty_count()
    }
}
