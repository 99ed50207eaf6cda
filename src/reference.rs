//! The rules written the slow, obvious way: each direction walked square by square, with
//! no bitboard trick. `reversi-engine soak` and the tests check the engine's bitboards, its
//! solver and its perft against these; nothing else uses them.

/// The eight directions as (column, row) steps.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The reference rules: the discs of `o` that the side owning `p` turns over by playing on
/// square `index` (a1 = 0, h8 = 63), walking each direction square by square; 0 when the
/// square is taken or the move turns nothing over.
pub fn flips(p: u64, o: u64, index: u8) -> u64 {
    if (p | o) & (1 << index) != 0 {
        return 0;
    }
    let (column, row) = (i32::from(index % 8), i32::from(index / 8));
    let mut all = 0;
    for (dc, dr) in DIRECTIONS {
        let mut line = 0u64;
        let (mut c, mut r) = (column + dc, row + dr);
        while (0..8).contains(&c) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + c);
            if o & bit != 0 {
                line |= bit;
            } else {
                if p & bit != 0 {
                    all |= line;
                }
                break;
            }
            c += dc;
            r += dr;
        }
    }
    all
}

/// The reference rules: the squares where the side owning `p` may play.
pub fn moves(p: u64, o: u64) -> u64 {
    let mut empties = !(p | o);
    let mut moves = 0;
    while empties != 0 {
        let index = empties.trailing_zeros() as u8;
        empties &= empties - 1;
        if flips(p, o, index) != 0 {
            moves |= 1 << index;
        }
    }
    moves
}

/// The final score, black minus white, the empties going to the winner.
pub fn final_score(black: u32, white: u32) -> i32 {
    let (b, w) = (black as i32, white as i32);
    let empties = 64 - b - w;
    match b.cmp(&w) {
        std::cmp::Ordering::Greater => b - w + empties,
        std::cmp::Ordering::Less => b - w - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The reference solver: the final score with perfect play from the side owning `p`, by
/// plain negamax over the reference rules (for a few empties only).
pub fn solve(p: u64, o: u64) -> i32 {
    let legal = moves(p, o);
    if legal == 0 {
        if moves(o, p) == 0 {
            return final_score(p.count_ones(), o.count_ones());
        }
        return -solve(o, p);
    }
    let mut best = i32::MIN;
    let mut m = legal;
    while m != 0 {
        let index = m.trailing_zeros() as u8;
        m &= m - 1;
        let f = flips(p, o, index);
        best = best.max(-solve(o ^ f, p ^ f ^ (1 << index)));
    }
    best
}

/// Perft with the reference rules: the leaves `depth` plies below the position of the side
/// owning `p`, every ply played (no bulk counting); a pass is a ply, a finished game a leaf.
pub fn perft(p: u64, o: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let legal = moves(p, o);
    if legal == 0 {
        return if moves(o, p) == 0 {
            1
        } else {
            perft(o, p, depth - 1)
        };
    }
    (0..64u8)
        .filter(|i| legal & (1 << i) != 0)
        .map(|i| {
            let f = flips(p, o, i);
            perft(o ^ f, p ^ f ^ (1 << i), depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start: Black (to move) on d5 and e4, White on d4 and e5.
    const BLACK: u64 = (1 << 35) | (1 << 28);
    const WHITE: u64 = (1 << 27) | (1 << 36);

    #[test]
    fn the_reference_counts_the_known_perft_and_moves() {
        let counts: Vec<u64> = (1..=5).map(|d| perft(BLACK, WHITE, d)).collect();
        assert_eq!(counts, [4, 12, 56, 244, 1396]);
        // d3, c4, f5, e6.
        assert_eq!(
            moves(BLACK, WHITE),
            (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44)
        );
        // f5 turns e5 over.
        assert_eq!(flips(BLACK, WHITE, 37), 1 << 36);
        assert_eq!(flips(BLACK, WHITE, 0), 0);
    }

    #[test]
    fn a_finished_game_scores_its_discs_and_the_empties_go_to_the_winner() {
        assert_eq!(final_score(40, 20), 24);
        assert_eq!(final_score(1, 2), -62);
        assert_eq!(final_score(32, 32), 0);
        // Black's two discs against none: the game is over, Black wins all 64.
        assert_eq!(solve(0b11, 0), 64);
    }
}
