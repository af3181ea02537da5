//! Attack sets of every piece, from tables computed at compile time.
//!
//! Sliders use *kindergarten bitboards*: the occupancy of one line is gathered into a 6-bit index
//! by a single multiplication and looked up in a small table. All tables together take
//! [`TABLE_BYTES`] bytes (about 11 KiB), where fancy magic bitboards would need about 800 KiB:
//! on the web, download size matters more than the last few percent of speed.

use crate::{Bitboard, Color, Role, Square};

const A_FILE: u64 = 0x0101_0101_0101_0101;
const B_FILE: u64 = 0x0202_0202_0202_0202;
const FIRST_RANK: u64 = 0xff;
const C2_H7_DIAGONAL: u64 = 0x0080_4020_1008_0400;

/// Bytes taken by all attack tables together (reported in the README).
pub const TABLE_BYTES: usize = core::mem::size_of_val(&KNIGHT_ATTACKS)
    + core::mem::size_of_val(&KING_ATTACKS)
    + core::mem::size_of_val(&PAWN_ATTACKS)
    + core::mem::size_of_val(&DIAGONAL_MASKS)
    + core::mem::size_of_val(&ANTI_DIAGONAL_MASKS)
    + core::mem::size_of_val(&ROOK_RAYS)
    + core::mem::size_of_val(&RANK_ATTACKS)
    + core::mem::size_of_val(&FILL_UP_ATTACKS)
    + core::mem::size_of_val(&A_FILE_ATTACKS);

/// Squares reached from `sq` by steps of (file, rank) deltas, one step each.
const fn step_attacks(sq: usize, deltas: &[(i32, i32)]) -> u64 {
    let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut bb = 0;
    let mut i = 0;
    while i < deltas.len() {
        let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
        if 0 <= nf && nf < 8 && 0 <= nr && nr < 8 {
            bb |= 1 << (nr * 8 + nf);
        }
        i += 1;
    }
    bb
}

const KNIGHT_DELTAS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_DELTAS: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

const fn step_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = step_attacks(sq, deltas);
        sq += 1;
    }
    t
}

static KNIGHT_ATTACKS: [u64; 64] = step_table(&KNIGHT_DELTAS);
static KING_ATTACKS: [u64; 64] = step_table(&KING_DELTAS);
static PAWN_ATTACKS: [[u64; 64]; 2] = [step_table(&[(-1, 1), (1, 1)]), step_table(&[(-1, -1), (1, -1)])];

/// The squares a slider walking the given deltas from `sq` attacks, stopping at occupied squares.
const fn slide(sq: usize, occupied: u64, deltas: &[(i32, i32)]) -> u64 {
    let mut bb = 0;
    let mut i = 0;
    while i < deltas.len() {
        let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
        loop {
            f += deltas[i].0;
            r += deltas[i].1;
            if f < 0 || f >= 8 || r < 0 || r >= 8 {
                break;
            }
            bb |= 1 << (r * 8 + f);
            if occupied & (1 << (r * 8 + f)) != 0 {
                break;
            }
        }
        i += 1;
    }
    bb
}

/// The diagonal (a1-h8 direction) through each square, the square itself excluded.
static DIAGONAL_MASKS: [u64; 64] = {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = slide(sq, 0, &[(1, 1), (-1, -1)]);
        sq += 1;
    }
    t
};

/// The anti-diagonal (a8-h1 direction) through each square, the square itself excluded.
static ANTI_DIAGONAL_MASKS: [u64; 64] = {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = slide(sq, 0, &[(1, -1), (-1, 1)]);
        sq += 1;
    }
    t
};

/// Rook attacks on an empty board, per square.
static ROOK_RAYS: [u64; 64] = {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = slide(sq, 0, &[(1, 0), (-1, 0), (0, 1), (0, -1)]);
        sq += 1;
    }
    t
};

/// `RANK_ATTACKS[file][inner]`: attacks along the first rank of a slider on `file`, where bit
/// `k` of `inner` tells whether file `k + 1` (b..g) is occupied.
static RANK_ATTACKS: [[u8; 64]; 8] = {
    let mut t = [[0; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occupied = (inner as u64) << 1;
            t[file][inner] = slide(file, occupied, &[(1, 0), (-1, 0)]) as u8;
            inner += 1;
        }
        file += 1;
    }
    t
};

/// `RANK_ATTACKS` copied onto all eight ranks, to be masked by a diagonal.
static FILL_UP_ATTACKS: [[u64; 64]; 8] = {
    let mut t = [[0; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            t[file][inner] = (RANK_ATTACKS[file][inner] as u64).wrapping_mul(A_FILE);
            inner += 1;
        }
        file += 1;
    }
    t
};

/// `A_FILE_ATTACKS[rank][index]`: attacks along the a-file of a slider on `rank`, where the
/// index is the a-file occupancy gathered by [`file_index`] (bit `k` is rank `6 - k`, 0-based).
static A_FILE_ATTACKS: [[u64; 64]; 8] = {
    let mut t = [[0; 64]; 8];
    let mut rank = 0;
    while rank < 8 {
        let mut index = 0;
        while index < 64 {
            let mut occupied = 0u64;
            let mut k = 0;
            while k < 6 {
                if index & (1 << k) != 0 {
                    occupied |= 1 << (8 * (6 - k));
                }
                k += 1;
            }
            t[rank][index] = slide(rank * 8, occupied, &[(0, 1), (0, -1)]);
            index += 1;
        }
        rank += 1;
    }
    t
};

/// Gathers the inner six squares of the a-file occupancy `a_file_occupied` into six bits.
#[inline(always)]
const fn file_index(a_file_occupied: u64) -> usize {
    (a_file_occupied.wrapping_mul(C2_H7_DIAGONAL) >> 58) as usize
}

/// Squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT_ATTACKS[sq as usize])
}

/// Squares a king on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING_ATTACKS[sq as usize])
}

/// Squares a pawn of `color` on `sq` attacks (diagonally forward).
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN_ATTACKS[color as usize][sq as usize])
}

#[inline(always)]
fn rank_attacks(sq: Square, occupied: Bitboard) -> u64 {
    let (file, rank) = (sq as u32 & 7, sq as u32 >> 3);
    let inner = (occupied.0 >> (8 * rank + 1)) & 63;
    (RANK_ATTACKS[file as usize][inner as usize] as u64) << (8 * rank)
}

#[inline(always)]
fn file_attacks(sq: Square, occupied: Bitboard) -> u64 {
    let (file, rank) = (sq as u32 & 7, sq as u32 >> 3);
    let index = file_index((occupied.0 >> file) & A_FILE);
    A_FILE_ATTACKS[rank as usize][index] << file
}

#[inline(always)]
fn line_attacks(sq: Square, occupied: Bitboard, mask: u64) -> u64 {
    let index = ((occupied.0 & mask).wrapping_mul(B_FILE) >> 58) as usize;
    FILL_UP_ATTACKS[sq as usize & 7][index] & mask
}

/// Squares a rook on `sq` would attack on an empty board (its rank and file).
#[inline(always)]
pub fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(ROOK_RAYS[sq as usize])
}

/// Squares a bishop on `sq` would attack on an empty board (its two diagonals).
#[inline(always)]
pub fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(DIAGONAL_MASKS[sq as usize] | ANTI_DIAGONAL_MASKS[sq as usize])
}

/// Squares a bishop on `sq` attacks, given the `occupied` squares (blockers are included).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(line_attacks(sq, occupied, DIAGONAL_MASKS[sq as usize]) | line_attacks(sq, occupied, ANTI_DIAGONAL_MASKS[sq as usize]))
}

/// Squares a rook on `sq` attacks, given the `occupied` squares (blockers are included).
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(rank_attacks(sq, occupied) | file_attacks(sq, occupied))
}

/// Squares a queen on `sq` attacks, given the `occupied` squares.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    bishop_attacks(sq, occupied) | rook_attacks(sq, occupied)
}

/// Squares a piece of `role` and `color` on `sq` attacks, given the `occupied` squares.
pub fn attacks(role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// The whole line (rank, file or diagonal) through `a` and `b`, both included, or the empty
/// set if they are not on one line.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    let (ai, bi) = (a as u32, b as u32);
    if a == b {
        return Bitboard::EMPTY;
    }
    let mask = if ai >> 3 == bi >> 3 {
        FIRST_RANK << (ai & !7)
    } else if ai & 7 == bi & 7 {
        A_FILE << (ai & 7)
    } else if DIAGONAL_MASKS[a as usize] & (1 << bi) != 0 {
        DIAGONAL_MASKS[a as usize] | 1 << ai
    } else if ANTI_DIAGONAL_MASKS[a as usize] & (1 << bi) != 0 {
        ANTI_DIAGONAL_MASKS[a as usize] | 1 << ai
    } else {
        0
    };
    Bitboard(mask)
}

/// The squares strictly between `a` and `b` on their common line (empty if not aligned).
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    let (lo, hi) = if a < b { (a as u32, b as u32) } else { (b as u32, a as u32) };
    let strictly_inside = ((1u64 << hi) - 1) & !(2u64 << lo).wrapping_sub(1);
    Bitboard(line(a, b).0 & strictly_inside)
}

/// Whether `c` lies on the line through `a` and `b`.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sparse_occupancies() -> impl Iterator<Item = u64> {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        (0..4000).map(move |i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            match i % 3 {
                0 => x,
                1 => x & x.rotate_left(17),
                _ => x & x.rotate_left(17) & x.rotate_left(31),
            }
        })
    }

    #[test]
    fn sliders_match_slow_reference() {
        for occ in sparse_occupancies() {
            for sq in 0..64 {
                let s = Square::new(sq as u32);
                let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
                let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
                assert_eq!(bishop_attacks(s, Bitboard(occ)).0, slide(sq, occ, &diag), "bishop {s:?} {occ:#x}");
                assert_eq!(rook_attacks(s, Bitboard(occ)).0, slide(sq, occ, &orth), "rook {s:?} {occ:#x}");
            }
        }
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(Square::A1, Square::H8).count(), 6);
        assert_eq!(between(Square::E1, Square::E8).count(), 6);
        assert_eq!(between(Square::E1, Square::F3), Bitboard::EMPTY);
        assert_eq!(line(Square::E1, Square::F3), Bitboard::EMPTY);
        assert!(aligned(Square::A8, Square::H1, Square::D5));
        for a in 0..64 {
            for b in 0..64 {
                let (sa, sb) = (Square::new(a), Square::new(b));
                let btw = between(sa, sb);
                if line(sa, sb).any() {
                    let by_slider = queen_attacks(sa, Bitboard::from_square(sb)) & queen_attacks(sb, Bitboard::from_square(sa));
                    let rays = line(sa, sb) & by_slider;
                    assert_eq!(btw, rays, "{sa:?} {sb:?}");
                }
            }
        }
    }

    #[test]
    fn tables_are_small() {
        assert_eq!(TABLE_BYTES, 12_288, "update the table sizes in README.md");
    }
}
