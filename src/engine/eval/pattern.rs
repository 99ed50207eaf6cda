//! Pattern families: groups of squares whose joint contents index a table of values.
//!
//! A family is given by its squares on one "base" instance near a1; its other instances
//! are the images of the board under symmetries, so one table serves all of them. An index
//! is base 3 over the base squares in order: digit k is 0 for empty, 1 for a disc of the side
//! to move, 2 for an opponent's disc, worth 3^k. In RON files a configuration is written as
//! characters in the same order, `X` own, `O` opponent, `-` empty, with spaces between groups
//! (e.g. an edge `XXXXXXOO --`: a1..h1, then b2 g2).

use crate::engine::bitboard::flip_diagonal;
use crate::engine::board::Board;

/// `TERNARY[m]` is the base-3 number whose digits are the bits of `m` (for 10 bits).
static TERNARY: [u16; 1024] = ternary(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

/// The same for 2x5 corners read from the right: bits d1 e1 f1 g1 h1 d2 e2 f2 g2 h2 are
/// digits 4 3 2 1 0 9 8 7 6 5 of the base order (h1 g1 f1 e1 d1, h2 g2 f2 e2 d2).
static TERNARY_2X5_RIGHT: [u16; 1024] = ternary(&[4, 3, 2, 1, 0, 9, 8, 7, 6, 5]);

/// The same for 3x3 corners read from the right: bits f1 g1 h1 / f2 g2 h2 / f3 g3 h3.
static TERNARY_3X3_RIGHT: [u16; 1024] = ternary(&[2, 1, 0, 5, 4, 3, 8, 7, 6, 9]);

/// A table from a bit mask (up to 10 bits) to base-3 digits: bit k of the mask is a 1 in
/// digit `digit[k]`.
const fn ternary(digit: &[u32; 10]) -> [u16; 1024] {
    let mut t = [0u16; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut v = 0u32;
        let mut b = 0;
        while b < 10 {
            if m & (1 << b) != 0 {
                v += 3u32.pow(digit[b]);
            }
            b += 1;
        }
        t[m] = v as u16;
        m += 1;
    }
    t
}

/// How a family's instances are read off the board (each layout's fast path is checked
/// against the square-by-square reading of every instance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Row 1 plus b2 and g2, on all four edges.
    Edge,
    /// a1-c3, in all four corners.
    Corner3x3,
    /// a1-e2, in both orientations at all four corners.
    Corner2x5,
    /// A whole row (1: row 2, 2: row 3, 3: row 4), with its images: 4 lines.
    Line(u32),
    /// The diagonal of this many squares (8: a1-h8 and h1-a8; 4..=7: the four diagonals of
    /// that length).
    Diagonal(u32),
}

/// The board and its transpose (the flip across the a1-h8 diagonal), for both colours:
/// everything the fast paths read instances from.
#[derive(Clone, Copy, Debug)]
pub struct Planes {
    p: u64,
    o: u64,
    pt: u64,
    ot: u64,
}

impl Planes {
    /// The planes of `board`.
    #[inline]
    pub fn new(board: &Board) -> Planes {
        Planes {
            p: board.player,
            o: board.opponent,
            pt: flip_diagonal(board.player),
            ot: flip_diagonal(board.opponent),
        }
    }
}

/// Index of a configuration read as bit masks `p` (own) and `o` (opponent) through `table`.
#[inline(always)]
fn ternary_index(table: &[u16; 1024], p: u64, o: u64) -> u32 {
    u32::from(table[p as usize]) + 2 * u32::from(table[o as usize])
}

/// Row 1 with b2 g2: a1..h1 then b2 g2.
#[inline(always)]
fn edge_top(b: u64) -> u64 {
    (b & 0xff) | ((b >> 1) & 0x100) | ((b >> 5) & 0x200)
}

/// Row 8 with b7 g7: a8..h8 then b7 g7.
#[inline(always)]
fn edge_bottom(b: u64) -> u64 {
    (b >> 56) | ((b >> 41) & 0x100) | ((b >> 45) & 0x200)
}

/// a1..e1, a2..e2.
#[inline(always)]
fn corner2x5_a1(b: u64) -> u64 {
    (b & 0x1f) | ((b >> 3) & 0x3e0)
}

/// d1..h1, d2..h2 (read through `TERNARY_2X5_RIGHT`).
#[inline(always)]
fn corner2x5_h1(b: u64) -> u64 {
    ((b >> 3) & 0x1f) | ((b >> 6) & 0x3e0)
}

/// a8..e8, a7..e7.
#[inline(always)]
fn corner2x5_a8(b: u64) -> u64 {
    ((b >> 56) & 0x1f) | ((b >> 43) & 0x3e0)
}

/// d8..h8, d7..h7 (read through `TERNARY_2X5_RIGHT`).
#[inline(always)]
fn corner2x5_h8(b: u64) -> u64 {
    (b >> 59) | ((b >> 46) & 0x3e0)
}

/// a1 b1 c1, a2 b2 c2, a3 b3 c3.
#[inline(always)]
fn corner3x3_a1(b: u64) -> u64 {
    (b & 7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1c0)
}

/// f1 g1 h1, f2 g2 h2, f3 g3 h3 (read through `TERNARY_3X3_RIGHT`).
#[inline(always)]
fn corner3x3_h1(b: u64) -> u64 {
    ((b >> 5) & 7) | ((b >> 10) & 0x38) | ((b >> 15) & 0x1c0)
}

/// a8 b8 c8, a7 b7 c7, a6 b6 c6.
#[inline(always)]
fn corner3x3_a8(b: u64) -> u64 {
    ((b >> 56) & 7) | ((b >> 45) & 0x38) | ((b >> 34) & 0x1c0)
}

/// f8 g8 h8, f7 g7 h7, f6 g6 h6 (read through `TERNARY_3X3_RIGHT`).
#[inline(always)]
fn corner3x3_h8(b: u64) -> u64 {
    (b >> 61) | ((b >> 50) & 0x38) | ((b >> 39) & 0x1c0)
}

/// The squares of a diagonal whose squares are in different columns, gathered into the low
/// bits in column order: each row's byte holds at most one of them, at its own column, so
/// the sum of the bytes in the top byte has no carries.
#[inline(always)]
fn gather_diagonal(b: u64, mask: u64, shift: u32) -> u64 {
    ((b & mask).wrapping_mul(0x0101_0101_0101_0101)) >> shift
}

/// The mask of the diagonal of `len` squares starting at (column `c`, row `r`), stepping
/// (`dc`, +1 row).
const fn diagonal_mask(c: i32, r: i32, dc: i32, len: i32) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < len {
        m |= 1u64 << ((r + i) * 8 + c + i * dc);
        i += 1;
    }
    m
}

/// The four diagonals of `len` squares (4..=7) as (mask, shift): b1-h7 direction above
/// and below a1-h8, and the two of the h1-a8 direction.
const fn diagonals(len: i32) -> [(u64, u32); 4] {
    [
        // Above a1-h8: from column 8-len on row 1, to h.
        (diagonal_mask(8 - len, 0, 1, len), (64 - len) as u32),
        // Below: from a on row 9-len.
        (diagonal_mask(0, 8 - len, 1, len), 56),
        // The h1-a8 direction: from column len-1 on row 1 down-left to a.
        (diagonal_mask(len - 1, 0, -1, len), 56),
        // And from h on row 9-len down-left.
        (diagonal_mask(7, 8 - len, -1, len), (64 - len) as u32),
    ]
}

static DIAGONALS: [[(u64, u32); 4]; 4] = [diagonals(4), diagonals(5), diagonals(6), diagonals(7)];

/// a1-h8 and h1-a8.
const DIAGONAL_8: [u64; 2] = [0x8040_2010_0804_0201, 0x0102_0408_1020_4080];

/// A configuration written in a pattern file's notation that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternTextError {
    /// Not the family's groups of squares.
    #[error("pattern \"{text}\" does not have the shape \"{shape}\" ({description})")]
    Shape {
        /// The configuration as written.
        text: String,
        /// The shape expected, `#` a square (e.g. `######## ##`).
        shape: String,
        /// The family's squares in words.
        description: &'static str,
    },
    /// A character other than `X`, `O` or `-`.
    #[error("pattern \"{text}\" has '{found}', expected X, O or -")]
    Character {
        /// The configuration as written.
        text: String,
        /// The character found.
        found: char,
    },
}

/// A family of patterns sharing one table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternFamily {
    /// How the instances are read.
    pub layout: Layout,
    /// The name used in `config/eval.ron` and for `config/patterns/<name>.ron`.
    pub name: &'static str,
    /// The base instance's squares (a1 = 0), in digit order.
    pub squares: &'static [u8],
    /// Where the string notation puts spaces: the sizes of its groups.
    pub groups: &'static [usize],
    /// A permutation of digit positions mapping the base instance onto itself (a mirror
    /// image), if it has one: configurations related by it share a value.
    pub mirror: Option<&'static [usize]>,
    /// What each square group means, for the files' comments.
    pub description: &'static str,
}

/// An edge with its two X-squares: a1..h1, b2, g2 (3^10 entries), on all four edges.
pub const EDGE: PatternFamily = PatternFamily {
    layout: Layout::Edge,
    name: "edge",
    squares: &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14],
    groups: &[8, 2],
    mirror: Some(&[7, 6, 5, 4, 3, 2, 1, 0, 9, 8]),
    description: "a1 b1 c1 d1 e1 f1 g1 h1, then the X-squares b2 g2",
};

/// A 3x3 corner block: a1 b1 c1 / a2 b2 c2 / a3 b3 c3 (3^9 entries), in all four corners.
pub const CORNER_3X3: PatternFamily = PatternFamily {
    layout: Layout::Corner3x3,
    name: "corner3x3",
    squares: &[0, 1, 2, 8, 9, 10, 16, 17, 18],
    groups: &[3, 3, 3],
    mirror: Some(&[0, 3, 6, 1, 4, 7, 2, 5, 8]),
    description: "a1 b1 c1, then a2 b2 c2, then a3 b3 c3",
};

/// A 2x5 corner block: a1..e1 / a2..e2 (3^10 entries), in both orientations at all four
/// corners.
pub const CORNER_2X5: PatternFamily = PatternFamily {
    layout: Layout::Corner2x5,
    name: "corner2x5",
    squares: &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
    groups: &[5, 5],
    mirror: None,
    description: "a1 b1 c1 d1 e1, then a2 b2 c2 d2 e2",
};

const REVERSE_8: &[usize] = &[7, 6, 5, 4, 3, 2, 1, 0];

/// Row 2 (a2..h2; 3^8 entries), with rows 7 and columns b and g.
pub const LINE_2: PatternFamily = PatternFamily {
    layout: Layout::Line(1),
    name: "line2",
    squares: &[8, 9, 10, 11, 12, 13, 14, 15],
    groups: &[8],
    mirror: Some(REVERSE_8),
    description: "a2 b2 c2 d2 e2 f2 g2 h2",
};

/// Row 3 (a3..h3), with row 6 and columns c and f.
pub const LINE_3: PatternFamily = PatternFamily {
    layout: Layout::Line(2),
    name: "line3",
    squares: &[16, 17, 18, 19, 20, 21, 22, 23],
    groups: &[8],
    mirror: Some(REVERSE_8),
    description: "a3 b3 c3 d3 e3 f3 g3 h3",
};

/// Row 4 (a4..h4), with row 5 and columns d and e.
pub const LINE_4: PatternFamily = PatternFamily {
    layout: Layout::Line(3),
    name: "line4",
    squares: &[24, 25, 26, 27, 28, 29, 30, 31],
    groups: &[8],
    mirror: Some(REVERSE_8),
    description: "a4 b4 c4 d4 e4 f4 g4 h4",
};

/// The long diagonals a1-h8 and h1-a8 (3^8 entries).
pub const DIAGONAL_8_FAMILY: PatternFamily = PatternFamily {
    layout: Layout::Diagonal(8),
    name: "diagonal8",
    squares: &[0, 9, 18, 27, 36, 45, 54, 63],
    groups: &[8],
    mirror: Some(REVERSE_8),
    description: "a1 b2 c3 d4 e5 f6 g7 h8",
};

/// The diagonals of 7 squares: b1-h7 and its three images.
pub const DIAGONAL_7: PatternFamily = PatternFamily {
    layout: Layout::Diagonal(7),
    name: "diagonal7",
    squares: &[1, 10, 19, 28, 37, 46, 55],
    groups: &[7],
    mirror: Some(&[6, 5, 4, 3, 2, 1, 0]),
    description: "b1 c2 d3 e4 f5 g6 h7",
};

/// The diagonals of 6 squares: c1-h6 and its three images.
pub const DIAGONAL_6: PatternFamily = PatternFamily {
    layout: Layout::Diagonal(6),
    name: "diagonal6",
    squares: &[2, 11, 20, 29, 38, 47],
    groups: &[6],
    mirror: Some(&[5, 4, 3, 2, 1, 0]),
    description: "c1 d2 e3 f4 g5 h6",
};

/// The diagonals of 5 squares: d1-h5 and its three images.
pub const DIAGONAL_5: PatternFamily = PatternFamily {
    layout: Layout::Diagonal(5),
    name: "diagonal5",
    squares: &[3, 12, 21, 30, 39],
    groups: &[5],
    mirror: Some(&[4, 3, 2, 1, 0]),
    description: "d1 e2 f3 g4 h5",
};

/// The diagonals of 4 squares: e1-h4 and its three images.
pub const DIAGONAL_4: PatternFamily = PatternFamily {
    layout: Layout::Diagonal(4),
    name: "diagonal4",
    squares: &[4, 13, 22, 31],
    groups: &[4],
    mirror: Some(&[3, 2, 1, 0]),
    description: "e1 f2 g3 h4",
};

/// Every family the evaluator knows.
pub const FAMILIES: [PatternFamily; 11] = [
    EDGE,
    CORNER_3X3,
    CORNER_2X5,
    LINE_2,
    LINE_3,
    LINE_4,
    DIAGONAL_8_FAMILY,
    DIAGONAL_7,
    DIAGONAL_6,
    DIAGONAL_5,
    DIAGONAL_4,
];

/// The most instances a family has.
pub const MAX_INSTANCES: usize = 8;

impl PatternFamily {
    /// The number of squares.
    pub const fn size(&self) -> usize {
        self.squares.len()
    }

    /// The table size, 3^size.
    pub const fn table_size(&self) -> usize {
        3usize.pow(self.squares.len() as u32)
    }

    /// The indices of every instance, read from a position's planes, in `out`; returns how
    /// many. An instance may be read in its mirror image's order (the table holds both).
    #[inline(always)]
    pub fn indices_from(&self, b: &Planes, out: &mut [u32; MAX_INSTANCES]) -> usize {
        let mut n = 0;
        self.each_index(b, |i| {
            out[n] = i;
            n += 1;
        });
        n
    }

    /// Calls `f` with the index of every instance read from a position's planes, in the
    /// order of [`PatternFamily::indices_from`] (the evaluation sums table values this way,
    /// with no list in between).
    #[inline(always)]
    pub fn each_index(&self, b: &Planes, mut f: impl FnMut(u32)) {
        let t = &TERNARY;
        match self.layout {
            Layout::Edge => {
                f(ternary_index(t, edge_top(b.p), edge_top(b.o)));
                f(ternary_index(t, edge_bottom(b.p), edge_bottom(b.o)));
                f(ternary_index(t, edge_top(b.pt), edge_top(b.ot)));
                f(ternary_index(t, edge_bottom(b.pt), edge_bottom(b.ot)));
            }
            Layout::Corner3x3 => {
                let r = &TERNARY_3X3_RIGHT;
                f(ternary_index(t, corner3x3_a1(b.p), corner3x3_a1(b.o)));
                f(ternary_index(r, corner3x3_h1(b.p), corner3x3_h1(b.o)));
                f(ternary_index(t, corner3x3_a8(b.p), corner3x3_a8(b.o)));
                f(ternary_index(r, corner3x3_h8(b.p), corner3x3_h8(b.o)));
            }
            Layout::Corner2x5 => {
                let r = &TERNARY_2X5_RIGHT;
                for (p, o) in [(b.p, b.o), (b.pt, b.ot)] {
                    f(ternary_index(t, corner2x5_a1(p), corner2x5_a1(o)));
                    f(ternary_index(r, corner2x5_h1(p), corner2x5_h1(o)));
                    f(ternary_index(t, corner2x5_a8(p), corner2x5_a8(o)));
                    f(ternary_index(r, corner2x5_h8(p), corner2x5_h8(o)));
                }
            }
            Layout::Line(row) => {
                let (s1, s2) = (8 * row, 8 * (7 - row));
                f(ternary_index(t, (b.p >> s1) & 0xff, (b.o >> s1) & 0xff));
                f(ternary_index(t, (b.p >> s2) & 0xff, (b.o >> s2) & 0xff));
                f(ternary_index(t, (b.pt >> s1) & 0xff, (b.ot >> s1) & 0xff));
                f(ternary_index(t, (b.pt >> s2) & 0xff, (b.ot >> s2) & 0xff));
            }
            Layout::Diagonal(8) => {
                for mask in DIAGONAL_8 {
                    f(ternary_index(
                        t,
                        gather_diagonal(b.p, mask, 56),
                        gather_diagonal(b.o, mask, 56),
                    ));
                }
            }
            Layout::Diagonal(len) => {
                for &(mask, shift) in &DIAGONALS[(len - 4) as usize] {
                    f(ternary_index(
                        t,
                        gather_diagonal(b.p, mask, shift),
                        gather_diagonal(b.o, mask, shift),
                    ));
                }
            }
        }
    }

    /// The indices of every instance on `board`, in `out`; returns how many.
    #[inline]
    pub fn indices(&self, board: &Board, out: &mut [u32; MAX_INSTANCES]) -> usize {
        self.indices_from(&Planes::new(board), out)
    }

    /// The instances' squares in digit order, square by square (the slow reference): the
    /// distinct images of the base instance under the board's symmetries.
    pub fn instances(&self) -> Vec<Vec<u8>> {
        use crate::engine::bitboard::Symmetry;
        let mut seen: Vec<u64> = Vec::new();
        let mut out = Vec::new();
        for sym in Symmetry::ALL {
            let squares: Vec<u8> = self
                .squares
                .iter()
                .map(|&sq| {
                    sym.apply_square(crate::engine::Square::from_index(sq))
                        .index()
                })
                .collect();
            let set = squares.iter().fold(0u64, |a, &s| a | (1 << s));
            if !seen.contains(&set) {
                seen.push(set);
                out.push(squares);
            }
        }
        out
    }

    /// The index of the instance on `squares` (in digit order), square by square.
    pub fn index_of_reference(board: &Board, squares: &[u8]) -> usize {
        squares.iter().rev().fold(0, |acc, &sq| {
            let bit = 1u64 << sq;
            let digit = if board.player & bit != 0 {
                1
            } else if board.opponent & bit != 0 {
                2
            } else {
                0
            };
            acc * 3 + digit
        })
    }

    /// The index whose configuration is this one's mirror image (itself when the family has
    /// no mirror).
    pub fn mirror_index(&self, index: usize) -> usize {
        let Some(perm) = self.mirror else {
            return index;
        };
        let digits = self.digits(index);
        perm.iter()
            .rev()
            .fold(0, |acc, &from| acc * 3 + digits[from] as usize)
    }

    /// The canonical index of a configuration: the smaller of it and its mirror's.
    pub fn canonical(&self, index: usize) -> usize {
        index.min(self.mirror_index(index))
    }

    fn digits(&self, mut index: usize) -> Vec<u8> {
        (0..self.size())
            .map(|_| {
                let d = (index % 3) as u8;
                index /= 3;
                d
            })
            .collect()
    }

    /// The configuration of `index` in the files' notation (`X` own, `O` opponent, `-`
    /// empty, groups separated by spaces).
    pub fn index_to_string(&self, index: usize) -> String {
        let digits = self.digits(index);
        let mut out = String::new();
        let mut k = 0;
        for (g, &len) in self.groups.iter().enumerate() {
            if g > 0 {
                out.push(' ');
            }
            for _ in 0..len {
                out.push(match digits[k] {
                    1 => 'X',
                    2 => 'O',
                    _ => '-',
                });
                k += 1;
            }
        }
        out
    }

    /// Parses the files' notation back into an index.
    ///
    /// # Errors
    /// [`PatternTextError`]: the length or grouping, or a character.
    pub fn parse_index(&self, text: &str) -> Result<usize, PatternTextError> {
        let groups: Vec<&str> = text.split(' ').collect();
        let expected: Vec<String> = self.groups.iter().map(|&n| "#".repeat(n)).collect();
        let shape = expected.join(" ");
        if groups.len() != self.groups.len()
            || groups
                .iter()
                .zip(self.groups)
                .any(|(g, &n)| g.chars().count() != n)
        {
            return Err(PatternTextError::Shape {
                text: text.to_string(),
                shape,
                description: self.description,
            });
        }
        let mut index = 0;
        let mut p = 1;
        for c in groups.concat().chars() {
            let digit = match c {
                '-' => 0,
                'X' => 1,
                'O' => 2,
                other => {
                    return Err(PatternTextError::Character {
                        text: text.to_string(),
                        found: other,
                    });
                }
            };
            index += digit * p;
            p *= 3;
        }
        Ok(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn notation_round_trips() {
        for family in FAMILIES {
            for index in [0, 1, 2, 3, family.table_size() / 2, family.table_size() - 1] {
                let text = family.index_to_string(index);
                assert_eq!(family.parse_index(&text), Ok(index), "{text}");
            }
        }
        assert_eq!(EDGE.index_to_string(1), "X------- --");
        assert_eq!(
            EDGE.parse_index("XXXXXXXX-- ").unwrap_err().to_string(),
            "pattern \"XXXXXXXX-- \" does not have the shape \"######## ##\" (a1 b1 c1 d1 e1 f1 g1 h1, then the X-squares b2 g2)"
        );
        assert_eq!(
            EDGE.parse_index("XXXXXXXY --").unwrap_err().to_string(),
            "pattern \"XXXXXXXY --\" has 'Y', expected X, O or -"
        );
    }

    #[test]
    fn fast_indices_match_square_by_square_on_every_instance() {
        let counts: Vec<usize> = FAMILIES.iter().map(|f| f.instances().len()).collect();
        assert_eq!(counts, [4, 4, 8, 4, 4, 4, 2, 4, 4, 4, 4]);
        assert_eq!(counts.iter().sum::<usize>(), 46);
        let mut rng = 0x1234_5678_9abc_def0u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut boards = vec![Board::start()];
        for _ in 0..2000 {
            let (a, b) = (next(), next());
            boards.push(Board::new(a & !b, b & !a));
        }
        for b in boards {
            for family in FAMILIES {
                let mut fast = [0; MAX_INSTANCES];
                let n = family.indices(&b, &mut fast);
                let mut fast: Vec<usize> = fast[..n]
                    .iter()
                    .map(|&i| family.canonical(i as usize))
                    .collect();
                let mut slow: Vec<usize> = family
                    .instances()
                    .iter()
                    .map(|sq| family.canonical(PatternFamily::index_of_reference(&b, sq)))
                    .collect();
                fast.sort_unstable();
                slow.sort_unstable();
                assert_eq!(fast, slow, "{} on {b:?}", family.name);
            }
        }
    }

    #[test]
    fn mirrors_are_involutions() {
        for family in FAMILIES {
            for index in (0..family.table_size()).step_by(7) {
                assert_eq!(family.mirror_index(family.mirror_index(index)), index);
            }
        }
        // X on a1 mirrors to X on h1.
        assert_eq!(EDGE.mirror_index(1), 3usize.pow(7));
    }
}
