//! FEN in and out: standard FEN, X-FEN and Shredder-FEN.
//!
//! Reading accepts all three castling notations (`KQkq`, `HAha`, and X-FEN's mix of both);
//! the counters may be left out (`0` and `1` are assumed). Writing gives X-FEN by default,
//! which is plain FEN for every standard-chess position.
//!
//! Reading takes constant memory and time linear in the text, whatever its length: fields and
//! ranks are counted, never collected, and the first fault ends the reading (an error quotes at
//! most 24 characters of the text). So no length limit is needed.

use crate::notation::quoted::{Quoted, QuotedChar};
use crate::{Bitboard, Board, Color, File, Piece, Rank, Role, Setup, Square};
use arrayvec::ArrayVec;
use core::fmt;

/// How castling rights are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CastlingNotation {
    /// `KQkq`, with a file letter only for a rook that is not the outermost on its side (X-FEN).
    #[default]
    Standard,
    /// Always the rook's file letter: `HAha` (Shredder-FEN).
    Shredder,
}

/// A FEN that cannot be read, with the field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The text is empty or only white space.
    Empty,
    /// More than six space-separated fields.
    FieldCount(usize),
    /// The piece placement field, with what is wrong with it.
    Board(String),
    /// The side to move is not `w` or `b`.
    Turn(String),
    /// The castling field has a character other than `-`, `KQkq` or a file letter.
    Castling(String),
    /// The en passant field is neither `-` nor a square.
    EnPassant(String),
    /// The half-move clock is not a number.
    Halfmoves(String),
    /// The move number is not a positive number.
    Fullmoves(String),
}

impl ParseFenError {
    /// A stable code, such as `fen-board`.
    pub fn code(&self) -> &'static str {
        match self {
            ParseFenError::Empty => "fen-empty",
            ParseFenError::FieldCount(_) => "fen-field-count",
            ParseFenError::Board(_) => "fen-board",
            ParseFenError::Turn(_) => "fen-turn",
            ParseFenError::Castling(_) => "fen-castling",
            ParseFenError::EnPassant(_) => "fen-en-passant",
            ParseFenError::Halfmoves(_) => "fen-halfmoves",
            ParseFenError::Fullmoves(_) => "fen-fullmoves",
        }
    }

    /// The FEN field at fault: `board`, `turn`, `castling`, `enPassant`, `halfmoves`, `fullmoves`.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            ParseFenError::Empty | ParseFenError::FieldCount(_) => None,
            ParseFenError::Board(_) => Some("board"),
            ParseFenError::Turn(_) => Some("turn"),
            ParseFenError::Castling(_) => Some("castling"),
            ParseFenError::EnPassant(_) => Some("enPassant"),
            ParseFenError::Halfmoves(_) => Some("halfmoves"),
            ParseFenError::Fullmoves(_) => Some("fullmoves"),
        }
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => f.write_str("FEN is empty"),
            ParseFenError::FieldCount(n) => write!(f, "FEN has {n} fields, expected at most 6"),
            ParseFenError::Board(why) => write!(f, "board part of FEN: {why}"),
            ParseFenError::Turn(got) => write!(f, "side to move of FEN is {}, expected \"w\" or \"b\"", Quoted(got)),
            ParseFenError::Castling(why) => write!(f, "castling part of FEN: {why}"),
            ParseFenError::EnPassant(got) => write!(f, "en passant part of FEN is {}, expected \"-\" or a square such as e3", Quoted(got)),
            ParseFenError::Halfmoves(got) => write!(f, "half-move clock of FEN is {}, expected a number", Quoted(got)),
            ParseFenError::Fullmoves(got) => write!(f, "move number of FEN is {}, expected a number from 1", Quoted(got)),
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Shortens user text quoted in an error message.
fn quote(s: &str) -> String {
    s.chars().take(24).collect()
}

fn parse_board(field: &str) -> Result<Board, ParseFenError> {
    // Counted without collecting: a hostile field of any length takes no memory.
    let n = field.split('/').count();
    if n != 8 {
        return Err(ParseFenError::Board(format!("has {n} rank{}, expected 8", if n == 1 { "" } else { "s" })));
    }
    let mut board = Board::empty();
    for (i, text) in field.split('/').enumerate() {
        let rank = Rank::new(7 - i as u32);
        let mut file = 0u32;
        let mut prev_digit = false;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) || prev_digit {
                    return Err(ParseFenError::Board(format!("rank {} has a bad empty-square count {}", rank.char(), QuotedChar(c))));
                }
                file += d;
                prev_digit = true;
            } else if let Some(piece) = Piece::from_char(c) {
                if file < 8 {
                    board.put(Square::from_coords(File::new(file), rank), piece);
                }
                file += 1;
                prev_digit = false;
            } else {
                return Err(ParseFenError::Board(format!(
                    "rank {} has {}, which is not a piece letter (PNBRQK, pnbrqk) or a digit",
                    rank.char(),
                    QuotedChar(c)
                )));
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(ParseFenError::Board(format!(
                "rank {} has {} squares, expected 8",
                rank.char(),
                if file > 8 { "more than 8".to_string() } else { file.to_string() }
            )));
        }
    }
    Ok(board)
}

/// The rook `color` castles with on the given side of its king in `KQkq` notation: the
/// outermost rook on that side, or the corner square when there is none (invalid later).
fn outer_rook(board: &Board, color: Color, king_side: bool) -> Square {
    let rank = if color == Color::White { Rank::First } else { Rank::Eighth };
    let rooks = board.by_piece(Piece::new(color, Role::Rook)) & Bitboard::from_rank(rank);
    let king = (board.by_piece(Piece::new(color, Role::King)) & Bitboard::from_rank(rank)).first();
    let corner = Square::from_coords(if king_side { File::H } else { File::A }, rank);
    let candidates = rooks.filter(|r| match king {
        Some(k) => (*r > k) == king_side,
        None => true,
    });
    let outermost = if king_side { candidates.last() } else { candidates.min() };
    outermost.unwrap_or(corner)
}

fn parse_castling(field: &str, board: &Board) -> Result<Bitboard, ParseFenError> {
    let mut rights = Bitboard::EMPTY;
    if field == "-" {
        return Ok(rights);
    }
    for c in field.chars() {
        let color = Color::from_white(c.is_ascii_uppercase());
        let rank = if color == Color::White { Rank::First } else { Rank::Eighth };
        let sq = match c.to_ascii_lowercase() {
            'k' => outer_rook(board, color, true),
            'q' => outer_rook(board, color, false),
            f @ 'a'..='h' => Square::from_coords(File::from_char(f).unwrap_or(File::A), rank),
            _ => return Err(ParseFenError::Castling(format!("{} is not one of KQkq, A-H, a-h or -", QuotedChar(c)))),
        };
        rights = rights.with(sq);
    }
    Ok(rights)
}

impl Setup {
    /// Reads a FEN, X-FEN or Shredder-FEN. Only the syntax is checked here; legality is checked
    /// by [`Position::from_setup`](crate::Position::from_setup).
    ///
    /// ```
    /// use rocada_rules::Setup;
    /// let setup = Setup::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    /// assert_eq!(setup.ep_square, Some(rocada_rules::Square::E3));
    /// assert_eq!(Setup::from_fen("8/8 w - - 0 1").unwrap_err().code(), "fen-board");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        // At most six fields are kept; the rest are only counted (constant memory for any input).
        let mut fields: ArrayVec<&str, 6> = ArrayVec::new();
        let mut count = 0;
        for field in fen.split_ascii_whitespace() {
            count += 1;
            let _ = fields.try_push(field);
        }
        if count == 0 {
            return Err(ParseFenError::Empty);
        }
        if count > 6 {
            return Err(ParseFenError::FieldCount(count));
        }
        let board = parse_board(fields[0])?;
        let turn = match fields.get(1) {
            None => Color::White,
            Some(t) => match *t {
                "w" | "W" => Color::White,
                "b" | "B" => Color::Black,
                other => return Err(ParseFenError::Turn(quote(other))),
            },
        };
        let castling_rights = match fields.get(2) {
            None => Bitboard::EMPTY,
            Some(c) => parse_castling(c, &board)?,
        };
        let ep_square = match fields.get(3) {
            None | Some(&"-") => None,
            Some(s) => Some(s.parse::<Square>().map_err(|_| ParseFenError::EnPassant(quote(s)))?),
        };
        let halfmoves = match fields.get(4) {
            None => 0,
            Some(s) => s.parse::<u32>().map_err(|_| ParseFenError::Halfmoves(quote(s)))?,
        };
        let fullmoves = match fields.get(5) {
            None => 1,
            Some(s) => match s.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => return Err(ParseFenError::Fullmoves(quote(s))),
            },
        };
        Ok(Setup { board, turn, castling_rights, ep_square, halfmoves, fullmoves })
    }

    /// Writes the setup as FEN, castling in the given notation.
    pub fn fen(&self, notation: CastlingNotation) -> String {
        format!(
            "{} {} {} {} {} {}",
            self.board.board_fen(),
            self.turn.char(),
            castling_field(self, notation),
            self.ep_square.map_or_else(|| "-".to_string(), |s| s.to_string()),
            self.halfmoves,
            self.fullmoves
        )
    }
}

fn castling_field(setup: &Setup, notation: CastlingNotation) -> String {
    let mut s = String::new();
    for color in Color::ALL {
        let rank = if color == Color::White { Rank::First } else { Rank::Eighth };
        let mut rooks: Vec<Square> = (setup.castling_rights & Bitboard::from_rank(rank)).collect();
        rooks.reverse(); // king side (h-file) first
        for rook in rooks {
            let letter = match notation {
                CastlingNotation::Shredder => None,
                CastlingNotation::Standard => {
                    let king = (setup.board.by_piece(Piece::new(color, Role::King)) & Bitboard::from_rank(rank)).first();
                    let king_side = king.is_none_or(|k| rook > k);
                    (outer_rook(&setup.board, color, king_side) == rook).then_some(if king_side { 'k' } else { 'q' })
                }
            };
            let c = letter.unwrap_or(rook.file().char());
            s.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}
