//! `File`, `Rank` and `Square`: coordinates on the board, a1 = 0 to h8 = 63.

use core::fmt;
use core::str::FromStr;

/// A column of the board, `a` (White's left) to `h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A row of the board, `1` (White's side) to `8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First = 0,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files, a to h.
    pub const ALL: [File; 8] = [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H];

    /// The file with index `i & 7` (0 = a).
    pub const fn new(i: u32) -> File {
        File::ALL[(i & 7) as usize]
    }

    /// Parses `a`..`h`.
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::new(c as u32 - 'a' as u32)),
            _ => None,
        }
    }

    /// `a`..`h`.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Uppercase `A`..`H`, as Shredder-FEN writes White's castling files.
    pub const fn upper_char(self) -> char {
        (b'A' + self as u8) as char
    }

    /// 0 (a) to 7 (h).
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Rank {
    /// All ranks, 1 to 8.
    pub const ALL: [Rank; 8] =
        [Rank::First, Rank::Second, Rank::Third, Rank::Fourth, Rank::Fifth, Rank::Sixth, Rank::Seventh, Rank::Eighth];

    /// The rank with index `i & 7` (0 = first).
    pub const fn new(i: u32) -> Rank {
        Rank::ALL[(i & 7) as usize]
    }

    /// Parses `1`..`8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::new(c as u32 - '1' as u32)),
            _ => None,
        }
    }

    /// `1`..`8`.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// 0 (first) to 7 (eighth).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The same rank seen from the other side (1 <-> 8).
    pub const fn flip(self) -> Rank {
        Rank::new(7 - self as u32)
    }
}

/// A square of the board. `Square::A1 as u8 == 0`, `Square::H8 as u8 == 63`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[rustfmt::skip]
#[allow(missing_docs)]
pub enum Square {
    A1 = 0, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// The square with index `i & 63` (0 = a1, 63 = h8). Never fails.
    #[inline(always)]
    pub const fn new(i: u32) -> Square {
        // SAFETY: `Square` is `repr(u8)` with the 64 variants 0..=63, and `i & 63` is in range.
        unsafe { core::mem::transmute::<u8, Square>((i & 63) as u8) }
    }

    /// The square with index `i`, or `None` past 63.
    pub const fn try_new(i: u32) -> Option<Square> {
        if i < 64 {
            Some(Square::new(i))
        } else {
            None
        }
    }

    /// The square on `file` and `rank`.
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::new(file as u32 | (rank as u32) << 3)
    }

    /// Its file.
    pub const fn file(self) -> File {
        File::new(self as u32)
    }

    /// Its rank.
    pub const fn rank(self) -> Rank {
        Rank::new(self as u32 >> 3)
    }

    /// 0 (a1) to 63 (h8).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Mirror through the middle of the board (a1 <-> a8).
    pub const fn flip_vertical(self) -> Square {
        Square::new(self as u32 ^ 56)
    }

    /// The square `delta` indices away (+8 is one rank up), if it is on the board.
    pub const fn offset(self, delta: i32) -> Option<Square> {
        let i = self as i32 + delta;
        if 0 <= i && i < 64 {
            Some(Square::new(i as u32))
        } else {
            None
        }
    }

    /// Whether the square is light (h1 is light, a1 dark).
    pub const fn is_light(self) -> bool {
        (self.file() as u32 + self.rank() as u32) % 2 == 1
    }

    /// Chebyshev (king-move) distance to `other`.
    pub const fn distance(self, other: Square) -> u32 {
        let df = (self.file() as i32 - other.file() as i32).unsigned_abs();
        let dr = (self.rank() as i32 - other.rank() as i32).unsigned_abs();
        if df > dr {
            df
        } else {
            dr
        }
    }
}

/// The error for a string that is not a square name such as `e4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid square name, expected a file a-h and a rank 1-8 such as e4")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next().and_then(File::from_char), chars.next().and_then(Rank::from_char), chars.next()) {
            (Some(file), Some(rank), None) => Ok(Square::from_coords(file, rank)),
            _ => Err(ParseSquareError),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
