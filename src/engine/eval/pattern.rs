//! Pattern families: groups of squares whose joint contents index a table of values.
//!
//! A family is given by its squares on one "base" instance near a1; its other instances
//! are the images of the board under symmetries, so one table serves all of them. An index
//! is base 3 over the base squares in order: digit k is 0 for empty, 1 for a disc of the side
//! to move, 2 for an opponent's disc, worth 3^k. In RON files a configuration is written as
//! characters in the same order, `X` own, `O` opponent, `-` empty, with spaces between groups
//! (e.g. an edge `XXXXXXOO --`: a1..h1, then b2 g2).

use crate::engine::bitboard::{flip_diagonal, flip_horizontal, flip_vertical};
use crate::engine::board::Board;

/// `TERNARY[m]` is the base-3 number whose digits are the bits of `m` (for 10 bits).
static TERNARY: [u32; 1024] = build_ternary();

const fn build_ternary() -> [u32; 1024] {
    let mut t = [0u32; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut v = 0;
        let mut p = 1;
        let mut b = 0;
        while b < 10 {
            if m & (1 << b) != 0 {
                v += p;
            }
            p *= 3;
            b += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
}

/// How a family's base instance is read off a bitboard, and which board images hold its
/// instances.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Row 1 plus b2 and g2; images: the board, flipped vertically, and the diagonal flips
    /// of the board and of its horizontal flip (rows 1 and 8, columns a and h).
    Edge,
    /// a1-c3; images: the board and its horizontal, vertical and double flips (4 corners).
    Corner3x3,
    /// a1-e2; all 8 images (4 corners, 2 orientations).
    Corner2x5,
}

/// The 8 images of a board a position's pattern instances are read from: the board, its
/// horizontal, vertical and double flips, then the diagonal flips of those four.
#[derive(Clone, Copy, Debug)]
pub struct Images {
    player: [u64; 8],
    opponent: [u64; 8],
}

impl Images {
    /// The images of `board`.
    #[inline]
    pub fn new(board: &Board) -> Images {
        let of = |b: u64| {
            let h = flip_horizontal(b);
            let v = flip_vertical(b);
            let r = b.reverse_bits();
            [
                b,
                h,
                v,
                r,
                flip_diagonal(b),
                flip_diagonal(h),
                flip_diagonal(v),
                flip_diagonal(r),
            ]
        };
        Images {
            player: of(board.player),
            opponent: of(board.opponent),
        }
    }
}

/// A family of patterns sharing one table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternFamily {
    /// How the base instance is read and where the other instances are.
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

/// Every family the evaluator knows.
pub const FAMILIES: [PatternFamily; 3] = [EDGE, CORNER_3X3, CORNER_2X5];

impl PatternFamily {
    /// The number of squares.
    pub const fn size(&self) -> usize {
        self.squares.len()
    }

    /// The table size, 3^size.
    pub const fn table_size(&self) -> usize {
        3usize.pow(self.squares.len() as u32)
    }

    /// The index of the base instance on `board`, square by square (the slow reference).
    pub fn base_index_reference(&self, board: &Board) -> usize {
        self.squares.iter().rev().fold(0, |acc, &sq| {
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

    /// The index of the base instance on a board given as two bitboards.
    #[inline]
    fn base_index(&self, p: u64, o: u64) -> usize {
        let gather = |b: u64| -> usize {
            (match self.layout {
                Layout::Edge => (b & 0xff) | ((b >> 1) & 0x100) | ((b >> 5) & 0x200),
                Layout::Corner3x3 => (b & 7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1c0),
                Layout::Corner2x5 => (b & 0x1f) | ((b >> 3) & 0x3e0),
            }) as usize
        };
        (TERNARY[gather(p)] + 2 * TERNARY[gather(o)]) as usize
    }

    /// Which of the 8 [`Images`] hold this family's instances.
    #[inline]
    const fn image_slots(&self) -> &'static [usize] {
        match self.layout {
            Layout::Edge => &[0, 2, 4, 5],
            Layout::Corner3x3 => &[0, 1, 2, 3],
            Layout::Corner2x5 => &[0, 1, 2, 3, 4, 5, 6, 7],
        }
    }

    /// The indices of every instance, read from a position's images, in `out`; returns how
    /// many.
    #[inline]
    pub fn indices_from(&self, images: &Images, out: &mut [usize; 8]) -> usize {
        let slots = self.image_slots();
        for (o, &i) in out.iter_mut().zip(slots) {
            *o = self.base_index(images.player[i], images.opponent[i]);
        }
        slots.len()
    }

    /// The indices of every instance on `board`, in `out`; returns how many.
    #[inline]
    pub fn indices(&self, board: &Board, out: &mut [usize; 8]) -> usize {
        self.indices_from(&Images::new(board), out)
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
    /// A message saying what is wrong (length, grouping or a character).
    pub fn parse_index(&self, text: &str) -> Result<usize, String> {
        let groups: Vec<&str> = text.split(' ').collect();
        let expected: Vec<String> = self.groups.iter().map(|&n| "#".repeat(n)).collect();
        let shape = expected.join(" ");
        if groups.len() != self.groups.len()
            || groups
                .iter()
                .zip(self.groups)
                .any(|(g, &n)| g.chars().count() != n)
        {
            return Err(format!(
                "pattern \"{text}\" does not have the shape \"{shape}\" ({})",
                self.description
            ));
        }
        let mut index = 0;
        let mut p = 1;
        for c in groups.concat().chars() {
            let digit = match c {
                '-' => 0,
                'X' => 1,
                'O' => 2,
                other => {
                    return Err(format!(
                        "pattern \"{text}\" has '{other}', expected X, O or -"
                    ));
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
    use crate::engine::bitboard::Symmetry;

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
            EDGE.parse_index("XXXXXXXX-- ").unwrap_err(),
            "pattern \"XXXXXXXX-- \" does not have the shape \"######## ##\" (a1 b1 c1 d1 e1 f1 g1 h1, then the X-squares b2 g2)"
        );
        assert_eq!(
            EDGE.parse_index("XXXXXXXY --").unwrap_err(),
            "pattern \"XXXXXXXY --\" has 'Y', expected X, O or -"
        );
    }

    #[test]
    fn fast_indices_match_square_by_square_on_every_instance() {
        let boards = [
            Board::start(),
            "XOX-OOXXO-XOXOXO-XOOX--XOXXOOXOX-XO-OXXOOX-XXOOXOX-OXOXX-OOXOOXO X"
                .parse::<crate::engine::Position>()
                .unwrap()
                .board,
        ];
        for b in boards {
            for family in FAMILIES {
                let mut fast = [0; 8];
                let n = family.indices(&b, &mut fast);
                // Instance i is the base instance of some board image: check against the
                // square-by-square index of each image.
                let mut slow: Vec<usize> = Symmetry::ALL
                    .iter()
                    .map(|&s| family.base_index_reference(&b.transform(s)))
                    .collect();
                let mut fast: Vec<usize> = fast[..n].to_vec();
                fast.sort_unstable();
                for f in &fast {
                    let pos = slow.iter().position(|s| s == f).expect("an image's index");
                    slow.remove(pos);
                }
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
