//! The search tree: nodes in one arena, UCT's selection, the backup of a result and the
//! propagation of proofs.
//!
//! UCT: Kocsis and Szepesvari 2006, "Bandit based Monte-Carlo planning". Progressive bias:
//! Chaslot et al. 2008, "Progressive strategies for Monte-Carlo tree search". MCTS-Solver:
//! Winands, Bjornsson and Saito 2008, "Monte-Carlo tree search solver".
//!
//! A node's children lie next to each other in the arena (`first_child..first_child +
//! child_count`); the root is node 0, so `first_child == 0` means "not expanded". A node's
//! statistics are from its own side to move: `half_points` sums the results of the
//! playouts through it (win 2, draw 1, loss 0), so its parent reads `1 - mean`.

use crate::engine::control::{Move, MoveList};
use crate::engine::mcts::game::{MctsGame, Outcome};

/// One position of the tree.
#[derive(Clone, Copy, Debug)]
pub struct Node<P> {
    /// The position.
    pub pos: P,
    /// Its first child in the arena; 0 while it has none (not expanded, or over).
    pub first_child: u32,
    /// How many children it has once expanded.
    pub child_count: u8,
    /// The move from the parent that leads here.
    pub mv: Move,
    /// What is proven of it, from its side to move.
    pub proof: Option<Outcome>,
    /// Playouts through it.
    pub visits: u32,
    /// Their results summed from its side to move, in half points.
    pub half_points: u64,
    /// The prior of the move leading here, from the parent's side to move (0..=1).
    pub prior: f32,
}

impl<P> Node<P> {
    fn new(pos: P, mv: Move) -> Node<P> {
        Node {
            pos,
            first_child: 0,
            child_count: 0,
            mv,
            proof: None,
            visits: 0,
            half_points: 0,
            prior: 0.5,
        }
    }

    /// Whether it has children.
    pub fn is_expanded(&self) -> bool {
        self.first_child != 0
    }

    /// The arena indices of its children.
    pub fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.child_count as usize
    }

    /// The mean result from its own side to move, 0..=1 (0.5 before the first visit).
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.half_points as f64 / (2.0 * f64::from(self.visits))
        }
    }
}

/// The nodes of one search, the root first.
#[derive(Clone, Debug)]
pub struct Tree<P> {
    /// The arena.
    pub nodes: Vec<Node<P>>,
}

/// UCT's knobs for one selection.
#[derive(Clone, Copy, Debug)]
pub struct Uct {
    /// The exploration constant.
    pub exploration: f64,
    /// The weight of the progressive bias (0: none).
    pub prior_weight: f64,
}

impl<P: Copy + PartialEq> Tree<P> {
    /// A tree of the root alone.
    pub fn new(root: P) -> Tree<P> {
        Tree {
            nodes: vec![Node::new(root, 0)],
        }
    }

    /// Gives node `at` its children, proving those where the game is over and asking
    /// `game` for their priors when `priors` is on. Proves `at` itself when it has no move.
    pub fn expand<G: MctsGame<Pos = P>>(&mut self, at: usize, game: &G, priors: bool) {
        debug_assert!(!self.nodes[at].is_expanded());
        let pos = self.nodes[at].pos;
        let mut moves = MoveList::default();
        game.moves(&pos, &mut moves);
        if moves.is_empty() {
            self.nodes[at].proof = Some(game.outcome(&pos));
            return;
        }
        let first = self.nodes.len();
        for &mv in moves.as_slice() {
            let child = game.play(&pos, mv);
            let mut node = Node::new(child, mv);
            let mut replies = MoveList::default();
            game.moves(&child, &mut replies);
            if replies.is_empty() {
                node.proof = Some(game.outcome(&child));
            }
            if priors {
                node.prior = game.prior(&child);
            }
            self.nodes.push(node);
        }
        let n = &mut self.nodes[at];
        n.first_child = first as u32;
        n.child_count = moves.len() as u8;
    }

    /// UCT's choice among the children of `at` (which has some): the child maximising
    /// `(1 - mean) + C * sqrt(ln(visits of at) / visits) + w * prior / (visits + 1)`, an
    /// unvisited child first (the one with the highest prior), a child proven lost for its
    /// side to move at once, and never one proven won for it (`None` when all are). Ties go
    /// to the first child.
    pub fn select(&self, at: usize, uct: Uct) -> Option<usize> {
        let parent = &self.nodes[at];
        let log_n = f64::from(parent.visits.max(1)).ln();
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for c in parent.children() {
            let child = &self.nodes[c];
            let score = match child.proof {
                Some(Outcome::Win) => continue,
                Some(Outcome::Loss) => return Some(c),
                _ if child.visits == 0 => 1e9 + f64::from(child.prior),
                _ => {
                    let n = f64::from(child.visits);
                    (1.0 - child.mean())
                        + uct.exploration * (log_n / n).sqrt()
                        + uct.prior_weight * f64::from(child.prior) / (n + 1.0)
                }
            };
            if score > best_score {
                best_score = score;
                best = Some(c);
            }
        }
        best
    }

    /// Counts a playout along `path` (root first): each node gets a visit and the result,
    /// `half_points` (win 2, draw 1, loss 0) for the side to move at the path's last node,
    /// turned to each node's own side to move.
    pub fn backup(&mut self, path: &[usize], half_points: u32) {
        let mut r = half_points;
        for &at in path.iter().rev() {
            let n = &mut self.nodes[at];
            n.visits += 1;
            n.half_points += u64::from(r);
            r = 2 - r;
        }
    }

    /// What the children of `at` prove of it: a win when one of them is lost for its side to
    /// move, else, when all are proven, a draw if one is a draw and a loss if all are won
    /// for the opponent; `None` while unproven.
    pub fn proof_from_children(&self, at: usize) -> Option<Outcome> {
        let node = &self.nodes[at];
        if !node.is_expanded() {
            return node.proof;
        }
        let mut all_proven = true;
        let mut draw = false;
        for c in node.children() {
            match self.nodes[c].proof {
                Some(Outcome::Loss) => return Some(Outcome::Win),
                Some(Outcome::Draw) => draw = true,
                Some(Outcome::Win) => {}
                None => all_proven = false,
            }
        }
        match (all_proven, draw) {
            (false, _) => None,
            (true, true) => Some(Outcome::Draw),
            (true, false) => Some(Outcome::Loss),
        }
    }

    /// Carries proofs up `path` (root first) from the parent of its last node, as far as
    /// they go.
    pub fn propagate_proofs(&mut self, path: &[usize]) {
        for &at in path.iter().rev().skip(1) {
            if self.nodes[at].proof.is_some() {
                continue;
            }
            match self.proof_from_children(at) {
                Some(p) => self.nodes[at].proof = Some(p),
                None => return,
            }
        }
    }

    /// The node one or two plies below the root whose position is `pos`, if the tree has it.
    pub fn find_descendant(&self, pos: &P) -> Option<usize> {
        let root = &self.nodes[0];
        for c in root.children() {
            if self.nodes[c].pos == *pos {
                return Some(c);
            }
        }
        for c in root.children() {
            for g in self.nodes[c].children() {
                if self.nodes[g].pos == *pos {
                    return Some(g);
                }
            }
        }
        None
    }

    /// Keeps only the subtree of `at`, which becomes the root (node 0).
    pub fn reroot(&mut self, at: usize) {
        let old = std::mem::take(&mut self.nodes);
        let mut nodes = Vec::with_capacity(old.len());
        let mut origin = vec![at];
        nodes.push(old[at]);
        let mut i = 0;
        while i < nodes.len() {
            let from = &old[origin[i]];
            if from.is_expanded() {
                nodes[i].first_child = nodes.len() as u32;
                for c in from.children() {
                    nodes.push(old[c]);
                    origin.push(c);
                }
            }
            i += 1;
        }
        self.nodes = nodes;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree built by hand: the root (node 0) with three children 1, 2, 3; node 1 has
    /// children 4 and 5.
    fn hand_tree() -> Tree<u32> {
        let mut t = Tree::new(0);
        for (pos, mv) in [(1, 0), (2, 1), (3, 2), (4, 0), (5, 1)] {
            t.nodes.push(Node::new(pos, mv));
        }
        t.nodes[0].first_child = 1;
        t.nodes[0].child_count = 3;
        t.nodes[1].first_child = 4;
        t.nodes[1].child_count = 2;
        t
    }

    fn set(t: &mut Tree<u32>, at: usize, visits: u32, half_points: u64) {
        t.nodes[at].visits = visits;
        t.nodes[at].half_points = half_points;
    }

    const PLAIN: Uct = Uct {
        exploration: 1.0,
        prior_weight: 0.0,
    };

    #[test]
    fn selection_follows_uct() {
        let mut t = hand_tree();
        // Root visited 30 times. Child 1: 20 visits, mean 0.3 for its mover (0.7 for the
        // root): 0.7 + sqrt(ln 30 / 20) = 1.1124. Child 2: 6 visits, mean 0.5: 0.5 +
        // sqrt(ln 30 / 6) = 1.2529. Child 3: 4 visits, mean 0.75: 0.25 + 0.9221 = 1.1721.
        set(&mut t, 0, 30, 0);
        set(&mut t, 1, 20, 12);
        set(&mut t, 2, 6, 6);
        set(&mut t, 3, 4, 6);
        assert_eq!(t.select(0, PLAIN), Some(2));
        // Less exploration: child 1's mean wins (0.7 + 0.2 * 0.4124 against 0.5 + 0.2 *
        // 0.7529 and 0.25 + 0.2 * 0.9221).
        let greedy = Uct {
            exploration: 0.2,
            prior_weight: 0.0,
        };
        assert_eq!(t.select(0, greedy), Some(1));
        // A prior on child 3 of 1.0 at weight 2: 1.1721 + 2 / 5 = 1.5721 beats child 2's
        // 1.2529 + 2 * 0.5 / 7 = 1.3958 (0.5 is a prior's value before it is set).
        t.nodes[3].prior = 1.0;
        let biased = Uct {
            exploration: 1.0,
            prior_weight: 2.0,
        };
        assert_eq!(t.select(0, biased), Some(3));
    }

    #[test]
    fn unvisited_children_come_first_by_prior() {
        let mut t = hand_tree();
        set(&mut t, 0, 10, 0);
        set(&mut t, 1, 10, 0);
        assert_eq!(t.select(0, PLAIN), Some(2));
        t.nodes[3].prior = 0.9;
        assert_eq!(t.select(0, PLAIN), Some(3));
    }

    #[test]
    fn selection_skips_children_won_for_the_opponent_and_takes_lost_ones() {
        let mut t = hand_tree();
        set(&mut t, 0, 30, 0);
        set(&mut t, 1, 20, 12);
        set(&mut t, 2, 6, 6);
        set(&mut t, 3, 4, 6);
        t.nodes[2].proof = Some(Outcome::Win);
        assert_eq!(t.select(0, PLAIN), Some(3));
        t.nodes[3].proof = Some(Outcome::Win);
        assert_eq!(t.select(0, PLAIN), Some(1));
        t.nodes[1].proof = Some(Outcome::Win);
        assert_eq!(t.select(0, PLAIN), None);
        t.nodes[2].proof = Some(Outcome::Loss);
        assert_eq!(t.select(0, PLAIN), Some(2));
    }

    #[test]
    fn backup_alternates_the_point_of_view() {
        let mut t = hand_tree();
        // A win for the side to move at node 5 is a loss at node 1 and a win at the root.
        t.backup(&[0, 1, 5], 2);
        let got: Vec<(u32, u64)> = [0, 1, 5]
            .iter()
            .map(|&i| (t.nodes[i].visits, t.nodes[i].half_points))
            .collect();
        assert_eq!(got, [(1, 2), (1, 0), (1, 2)]);
        // Then a draw at node 4, and a loss at node 2.
        t.backup(&[0, 1, 4], 1);
        t.backup(&[0, 2], 0);
        let got: Vec<(u32, u64)> = (0..6)
            .map(|i| (t.nodes[i].visits, t.nodes[i].half_points))
            .collect();
        assert_eq!(got, [(3, 5), (2, 1), (1, 0), (0, 0), (1, 1), (1, 2)]);
        assert_eq!(t.nodes[0].mean(), 5.0 / 6.0);
        assert_eq!(t.nodes[1].mean(), 0.25);
    }

    #[test]
    fn proofs_propagate_as_mcts_solver_says() {
        let mut t = hand_tree();
        // Node 4 won for its side to move: node 1 is not proven while node 5 is open.
        t.nodes[4].proof = Some(Outcome::Win);
        t.propagate_proofs(&[0, 1, 4]);
        assert_eq!((t.nodes[1].proof, t.nodes[0].proof), (None, None));
        // Node 5 won too: every move of node 1 loses, so node 1 is lost, and the root,
        // which can move there, is won.
        t.nodes[5].proof = Some(Outcome::Win);
        t.propagate_proofs(&[0, 1, 5]);
        assert_eq!(t.nodes[1].proof, Some(Outcome::Loss));
        assert_eq!(t.nodes[0].proof, Some(Outcome::Win));

        // Draws: the root's children won, drawn and won for the opponent: a draw.
        let mut t = hand_tree();
        t.nodes[1].proof = Some(Outcome::Win);
        t.nodes[2].proof = Some(Outcome::Draw);
        t.propagate_proofs(&[0, 2]);
        assert_eq!(t.nodes[0].proof, None);
        t.nodes[3].proof = Some(Outcome::Win);
        t.propagate_proofs(&[0, 3]);
        assert_eq!(t.nodes[0].proof, Some(Outcome::Draw));
    }

    #[test]
    fn rerooting_keeps_the_subtree_and_its_counts() {
        let mut t = hand_tree();
        t.backup(&[0, 1, 5], 2);
        t.backup(&[0, 1, 4], 1);
        assert_eq!(t.find_descendant(&5), Some(5));
        assert_eq!(t.find_descendant(&1), Some(1));
        assert_eq!(t.find_descendant(&9), None);
        t.reroot(1);
        let got: Vec<(u32, u32, u64)> = t
            .nodes
            .iter()
            .map(|n| (n.pos, n.visits, n.half_points))
            .collect();
        assert_eq!(got, [(1, 2, 1), (4, 1, 1), (5, 1, 2)]);
        assert_eq!(t.nodes[0].children(), 1..3);
        assert!(!t.nodes[1].is_expanded());
    }
}
