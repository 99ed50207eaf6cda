//! The reference algorithms, generic over [`SearchGame`] and without memory: plain negamax
//! and fail-soft alpha-beta. The tests check the searches with memory of
//! [`TreeSearch`](super::TreeSearch) against them, and `tune` scores positions with them.

use crate::engine::control::MoveList;
pub use crate::engine::score::INFINITY;
use crate::engine::search::tree::SearchGame;

/// Plain negamax to `depth` plies (passes use no depth); counts evaluations in `evaluations`.
pub fn negamax<G: SearchGame>(game: &G, pos: &G::Pos, depth: u32, evaluations: &mut u64) -> i32 {
    let mut moves = MoveList::default();
    if depth > 0 {
        game.moves(pos, depth, &mut moves);
    }
    if moves.is_empty() {
        *evaluations += 1;
        return game.evaluate(pos);
    }
    moves
        .as_slice()
        .iter()
        .map(|&mv| {
            let d = if game.is_pass(mv) { depth } else { depth - 1 };
            -negamax(game, &game.play(pos, mv), d, evaluations)
        })
        .max()
        .expect("at least one move")
}

/// Fail-soft alpha-beta without memory (Knuth and Moore's F2 in negamax form); counts
/// evaluations in `evaluations`.
pub fn alpha_beta<G: SearchGame>(
    game: &G,
    pos: &G::Pos,
    depth: u32,
    alpha: i32,
    beta: i32,
    evaluations: &mut u64,
) -> i32 {
    let mut moves = MoveList::default();
    if depth > 0 {
        game.moves(pos, depth, &mut moves);
    }
    if moves.is_empty() {
        *evaluations += 1;
        return game.evaluate(pos);
    }
    let mut best = -INFINITY;
    let mut a = alpha;
    for &mv in moves.as_slice() {
        let d = if game.is_pass(mv) { depth } else { depth - 1 };
        let v = -alpha_beta(game, &game.play(pos, mv), d, -beta, -a, evaluations);
        best = best.max(v);
        a = a.max(v);
        if best >= beta {
            break;
        }
    }
    best
}
