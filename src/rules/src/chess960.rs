//! Chess960 start positions by Scharnagl's number, 0..=959 (518 is the standard position).

use crate::{Bitboard, Board, Color, File, Piece, Rank, Role, Setup, Square};

/// Where the knights go among the five squares left after bishops and queen: index by `n / 96`.
const KNIGHT_PLACES: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// The back rank of start position `n` (0..=959), files a to h.
pub fn back_rank(n: u32) -> Option<[Role; 8]> {
    if n > 959 {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let n = n as usize;
    rank[2 * (n % 4) + 1] = Some(Role::Bishop); // light-squared bishop: b, d, f or h
    let n = n / 4;
    rank[2 * (n % 4)] = Some(Role::Bishop); // dark-squared bishop: a, c, e or g
    let n = n / 4;
    let empty = |rank: &[Option<Role>; 8]| -> Vec<usize> { (0..8).filter(|f| rank[*f].is_none()).collect() };
    let queen = empty(&rank)[n % 6];
    rank[queen] = Some(Role::Queen);
    let (k1, k2) = KNIGHT_PLACES[n / 6];
    let free = empty(&rank);
    rank[free[k1]] = Some(Role::Knight);
    rank[free[k2]] = Some(Role::Knight);
    for (f, role) in empty(&rank).into_iter().zip([Role::Rook, Role::King, Role::Rook]) {
        rank[f] = Some(role);
    }
    let mut roles = [Role::Pawn; 8];
    for (f, r) in rank.into_iter().enumerate() {
        roles[f] = r?;
    }
    Some(roles)
}

/// The setup of start position `n` (0..=959), with all four castling rights.
pub fn setup(n: u32) -> Option<Setup> {
    let roles = back_rank(n)?;
    let mut board = Board::empty();
    let mut castling_rights = Bitboard::EMPTY;
    for (f, role) in roles.into_iter().enumerate() {
        let file = File::new(f as u32);
        for (color, back, pawns) in [(Color::White, Rank::First, Rank::Second), (Color::Black, Rank::Eighth, Rank::Seventh)] {
            let sq = Square::from_coords(file, back);
            board.put(sq, Piece::new(color, role));
            board.put(Square::from_coords(file, pawns), Piece::new(color, Role::Pawn));
            if role == Role::Rook {
                castling_rights = castling_rights.with(sq);
            }
        }
    }
    Some(Setup { board, castling_rights, ..Setup::start() })
}
