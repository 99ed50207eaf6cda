//! Moves as the searches number them, and a list of them filled without allocating.

/// A move, as the game numbers it: a square index for Othello (64 for a pass), a child
/// index for an abstract tree.
pub type Move = u8;

/// The most moves a position can have in any game searched here.
pub const MAX_MOVES: usize = 64;

/// A fixed-capacity list of moves, filled without allocating.
#[derive(Clone, Copy, Debug)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList {
            moves: [0; MAX_MOVES],
            len: 0,
        }
    }
}

impl MoveList {
    /// Appends a move.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// The moves, in order.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves, in order, for reordering.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Takes `mv` out, keeping the order of the others; false if absent.
    #[inline]
    pub fn remove(&mut self, mv: Move) -> bool {
        match self.as_slice().iter().position(|&m| m == mv) {
            Some(i) => {
                self.moves.copy_within(i + 1..self.len, i);
                self.len -= 1;
                true
            }
            None => false,
        }
    }

    /// Moves `mv` to the front, keeping the order of the others; false if absent.
    #[inline]
    pub fn move_to_front(&mut self, mv: Move) -> bool {
        match self.as_slice().iter().position(|&m| m == mv) {
            Some(i) => {
                self.moves[..=i].rotate_right(1);
                true
            }
            None => false,
        }
    }
}

/// The move number of a pass.
pub const PASS: Move = 64;

/// The place of the first of the highest of `scores` (0 when there are none): the next
/// move of a search that takes its moves best first one at a time. The highest so far is
/// kept in a register and both it and its place are picked without a branch (conditional
/// moves): the comparisons' outcomes are random, and a branch on each was mispredicted
/// often enough to cost 2-3% of an endgame solve's time (issue 76).
#[inline(always)]
pub(crate) fn first_highest(scores: impl Iterator<Item = i32>) -> usize {
    let mut top = 0;
    let mut high = i32::MIN;
    for (j, score) in scores.enumerate() {
        let better = score > high;
        top = if better { j } else { top };
        high = if better { score } else { high };
    }
    top
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(moves: &[Move]) -> MoveList {
        let mut out = MoveList::default();
        moves.iter().for_each(|&mv| out.push(mv));
        out
    }

    #[test]
    fn remove_keeps_the_others_in_order() {
        let mut moves = list(&[19, 26, 37, 44, 5]);
        assert!(moves.remove(37));
        assert_eq!(moves.as_slice(), &[19, 26, 44, 5]);
        assert!(moves.remove(5));
        assert_eq!(moves.as_slice(), &[19, 26, 44]);
        assert!(moves.remove(19));
        assert_eq!(moves.as_slice(), &[26, 44]);
        assert!(!moves.remove(37));
        assert_eq!(moves.as_slice(), &[26, 44]);
        assert!(moves.remove(26) && moves.remove(44));
        assert!(moves.is_empty() && !moves.remove(44));
    }

    #[test]
    fn first_highest_is_the_first_of_equals() {
        assert_eq!(first_highest([3, 9, -2, 9, 9].into_iter()), 1);
        assert_eq!(first_highest([-5, -7, -5].into_iter()), 0);
        assert_eq!(first_highest([1, 2, 3, 4].into_iter()), 3);
        assert_eq!(first_highest([i32::MIN, i32::MIN].into_iter()), 0);
        assert_eq!(first_highest([i32::MIN, -1].into_iter()), 1);
        assert_eq!(first_highest(std::iter::empty()), 0);
    }

    #[test]
    fn move_to_front_keeps_the_others_in_order() {
        let mut moves = list(&[19, 26, 37, 44]);
        assert!(moves.move_to_front(37));
        assert_eq!(moves.as_slice(), &[37, 19, 26, 44]);
        assert!(!moves.move_to_front(PASS));
        assert_eq!(moves.as_slice(), &[37, 19, 26, 44]);
    }
}
