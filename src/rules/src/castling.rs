//! Castling: the two sides, standard vs Chess960 rules, and the rights a position holds.

use crate::{Bitboard, Color, File, Rank, Square};

/// Whether castling follows standard chess (king on e1/e8, rooks in the corners) or Chess960
/// (king between its rooks, anywhere on the back rank). The rules of the move are the same;
/// the mode decides which setups are valid and how UCI spells castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess: rights only for a king on the e-file and rooks on the a- and h-files.
    #[default]
    Standard,
    /// Chess960 (Fischer random): rights for any king between its rooks on the back rank.
    Chess960,
}

/// The side castled to: toward the h-file (`O-O`) or the a-file (`O-O-O`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// `O-O`: king ends on g1/g8, rook on f1/f8.
    KingSide = 0,
    /// `O-O-O`: king ends on c1/c8, rook on d1/d8.
    QueenSide = 1,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The side of a rook relative to its king on the same rank.
    #[inline]
    pub fn from_king_and_rook(king: Square, rook: Square) -> CastlingSide {
        if rook > king {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }

    /// The king's destination file: g or c.
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The rook's destination file: f or d.
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// The king's destination square on `rank`.
    pub const fn king_to(self, rank: Rank) -> Square {
        Square::from_coords(self.king_to_file(), rank)
    }

    /// The rook's destination square on `rank`.
    pub const fn rook_to(self, rank: Rank) -> Square {
        Square::from_coords(self.rook_to_file(), rank)
    }

    /// 0 for the king side, 1 for the queen side.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The castling rights of a position: for each color and side, the castling rook's square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Castles {
    rooks: [[Option<Square>; 2]; 2],
    mask: Bitboard,
}

impl Castles {
    /// No rights.
    pub const NONE: Castles = Castles { rooks: [[None; 2]; 2], mask: Bitboard::EMPTY };

    /// The rook square for `color` castling to `side`, if that right remains.
    #[inline(always)]
    pub fn rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.rooks[color as usize][side as usize]
    }

    /// The squares of all castling rooks.
    #[inline(always)]
    pub fn mask(&self) -> Bitboard {
        self.mask
    }

    /// Whether no right remains.
    pub fn is_empty(&self) -> bool {
        self.mask.is_empty()
    }

    /// Grants `color` the right to castle with the rook on `rook` to `side`.
    pub(crate) fn set(&mut self, color: Color, side: CastlingSide, rook: Square) {
        if let Some(old) = self.rooks[color as usize][side as usize] {
            self.mask = self.mask.without(old);
        }
        self.rooks[color as usize][side as usize] = Some(rook);
        self.mask = self.mask.with(rook);
    }

    /// Removes the right to castle with the rook on `rook`, if any.
    #[inline]
    pub(crate) fn discard_rook(&mut self, rook: Square) {
        if self.mask.contains(rook) {
            self.mask = self.mask.without(rook);
            for c in 0..2 {
                for s in 0..2 {
                    if self.rooks[c][s] == Some(rook) {
                        self.rooks[c][s] = None;
                    }
                }
            }
        }
    }

    /// Removes both of `color`'s rights.
    #[inline]
    pub(crate) fn discard_color(&mut self, color: Color) {
        for r in self.rooks[color as usize].iter_mut() {
            if let Some(sq) = r.take() {
                self.mask = self.mask.without(sq);
            }
        }
    }
}

/// The files between `a` and `b` inclusive, as the bits of one rank.
const fn file_span(a: u32, b: u32) -> u8 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    ((1u32 << (hi + 1)) - (1u32 << lo)) as u8
}

/// `PATHS[king_file][rook_file]`: the files that must be empty to castle, king and rook excluded.
static PATHS: [[u8; 8]; 8] = {
    let mut t = [[0; 8]; 8];
    let mut k = 0;
    while k < 8 {
        let mut r = 0;
        while r < 8 {
            let (king_to, rook_to) = if r > k { (6, 5) } else { (2, 3) };
            t[k as usize][r as usize] = (file_span(k, king_to) | file_span(r, rook_to)) & !(1 << k) & !(1 << r);
            r += 1;
        }
        k += 1;
    }
    t
};

/// `KING_PATHS[king_file][side]`: the files the king crosses or lands on, its own file only if
/// it stays put (then the rook leaving may expose it).
static KING_PATHS: [[u8; 2]; 8] = {
    let mut t = [[0; 2]; 8];
    let mut k = 0;
    while k < 8 {
        let (g, c) = (6, 2);
        t[k as usize][0] = if k == g { 1 << k } else { file_span(k, g) & !(1 << k) };
        t[k as usize][1] = if k == c { 1 << k } else { file_span(k, c) & !(1 << k) };
        k += 1;
    }
    t
};

/// Squares that must be empty (but for the king and rook themselves) to castle with `king`
/// and `rook` on one rank: the king's and the rook's paths, destinations included.
#[inline(always)]
pub(crate) fn castling_path(king: Square, rook: Square) -> Bitboard {
    Bitboard((PATHS[king.file() as usize][rook.file() as usize] as u64) << (8 * king.rank() as u32))
}

/// The squares the king crosses or lands on when castling to `side`.
#[inline(always)]
pub(crate) fn king_path(king: Square, side: CastlingSide) -> Bitboard {
    Bitboard((KING_PATHS[king.file() as usize][side as usize] as u64) << (8 * king.rank() as u32))
}
