//! UCI move notation: `e2e4`, `e7e8q`, castling `e1g1` (standard) or king-onto-rook `e1h1`
//! (Chess960), read against a position and written with [`Move::uci`] / [`to_uci`].
//!
//! What [`parse_uci`] accepts is documented on it (this module is private, re-exported at the
//! crate root).

use crate::notation::quoted::Quoted;
use crate::notation::san::moves_to;
use crate::{Move, Position, Role, Square};
use core::fmt;

/// Why a UCI string could not be read as a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciError {
    /// `invalid-move-syntax`: not four squares-and-promotion characters like `e2e4`, `e7e8q`.
    Syntax {
        /// The text given (shortened if very long).
        input: String,
    },
    /// `illegal-move`: the null move `0000`, which is no legal move in chess.
    NullMove,
    /// `illegal-move`: well-formed, but not a legal move here. Why not is the game layer's
    /// to say (`rocada_game::explain::explain(pos, from, to, promotion)`, the one explainer,
    /// in three languages): this error carries the squares the text names.
    Illegal {
        /// The text given.
        input: String,
        /// The square the move starts from.
        from: Square,
        /// The square it goes to (castling: the king's destination or the rook's square).
        to: Square,
        /// The promotion piece written, if any.
        promotion: Option<Role>,
    },
}

impl UciError {
    /// A stable code: `invalid-move-syntax` or `illegal-move`.
    pub fn code(&self) -> &'static str {
        match self {
            UciError::Syntax { .. } => "invalid-move-syntax",
            UciError::NullMove | UciError::Illegal { .. } => "illegal-move",
        }
    }
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Syntax { input } => {
                write!(f, "invalid move syntax {}: expected UCI such as e2e4, e7e8q or e1g1", Quoted(input))
            }
            UciError::NullMove => f.write_str("illegal move \"0000\": the null move is not a move, a player must move"),
            UciError::Illegal { input, from, to, .. } => {
                write!(f, "illegal move {}: no legal move from {from} to {to}", Quoted(input))
            }
        }
    }
}

impl std::error::Error for UciError {}

/// `m`, legal in `pos`, in UCI as `pos` spells castling (`e1g1` in standard chess,
/// king-onto-rook in Chess960): [`Move::uci`] with the position's castling mode.
pub fn to_uci(pos: &Position, m: Move) -> String {
    m.uci(pos.castling_mode())
}

fn shorten(input: &str) -> String {
    match input.char_indices().nth(16) {
        Some((i, _)) => format!("{}…", &input[..i]),
        None => input.to_string(),
    }
}

fn square(file: u8, rank: u8) -> Option<Square> {
    let f = file.wrapping_sub(b'a');
    let r = rank.wrapping_sub(b'1');
    (f < 8 && r < 8).then(|| Square::new(u32::from(r) * 8 + u32::from(f)))
}

/// The squares and promotion piece of a UCI-shaped text (`e2e4`, `e7e8q`, the letter in either
/// case), whatever the position: `None` if it is not shaped so (`0000` included).
///
/// ```
/// use rocada_rules::{parse_uci_squares, Role, Square};
/// assert_eq!(parse_uci_squares("e7e8Q"), Some((Square::E7, Square::E8, Some(Role::Queen))));
/// assert_eq!(parse_uci_squares("e2-e4"), None);
/// ```
pub fn parse_uci_squares(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let b = text.as_bytes();
    if b.len() != 4 && b.len() != 5 {
        return None;
    }
    let from = square(b[0], b[1])?;
    let to = square(b[2], b[3])?;
    let promotion = match b.get(4) {
        None => None,
        Some(c) => match Role::from_char(char::from(c.to_ascii_lowercase())) {
            Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Some(r),
            _ => return None,
        },
    };
    Some((from, to, promotion))
}

/// Reads a UCI move in `pos`, and returns the legal move it names.
///
/// Accepts both castling spellings wherever they are unambiguous:
/// - king onto its own castling rook (`e1h1`, `b1a1`) always means castling: no other move
///   puts a king on its own piece;
/// - the king's landing square (`e1g1`, `e1c1`) means castling unless it is an ordinary legal
///   king move (in Chess960 a king on f1 may step to g1: then `f1g1` is that step; a king
///   already on g1 castles king side with `g1h1` or, by this rule, `g1g1`).
///
/// The null move `0000` (which engines print for "no move") is well-formed UCI but never a
/// legal move (a move is compulsory): it is rejected with the `illegal-move` code. A
/// promotion letter may be upper or lower case; surrounding spaces are ignored.
///
/// ```
/// use rocada_rules::{parse_uci, to_san, Position};
/// let pos = Position::new();
/// assert_eq!(to_san(&pos, parse_uci(&pos, "g1f3")?), "Nf3");
/// assert_eq!(parse_uci(&pos, "e2e5").unwrap_err().code(), "illegal-move");
/// assert_eq!(parse_uci(&pos, "e2-e4").unwrap_err().code(), "invalid-move-syntax");
/// # Ok::<(), rocada_rules::UciError>(())
/// ```
pub fn parse_uci(pos: &Position, uci: &str) -> Result<Move, UciError> {
    let text = uci.trim();
    if text == "0000" {
        return Err(UciError::NullMove);
    }
    let (from, to, promotion) = parse_uci_squares(text).ok_or_else(|| UciError::Syntax { input: shorten(uci) })?;

    let mut normal = None;
    let mut onto_rook = None;
    let mut by_destination = None;
    let mut needs_promotion = false;
    let mut consider = |m: Move| {
        if m.from() != from {
            return;
        }
        if m.is_castle() {
            if promotion.is_none() && m.to() == to {
                onto_rook = Some(m);
            } else if promotion.is_none() && m.destination() == to {
                by_destination = Some(m);
            }
        } else if m.to() == to {
            if m.promotion() == promotion {
                normal = Some(m);
            } else if promotion.is_none() {
                needs_promotion = true;
            }
        }
    };
    match pos.board().piece_at(from) {
        // Only a king may castle: it needs every move; any other piece only its moves onto `to`.
        Some(p) if p.color == pos.turn() && p.role != Role::King => moves_to(pos, p.role, to).into_iter().for_each(&mut consider),
        Some(p) if p.color == pos.turn() => pos.legal_moves().into_iter().for_each(&mut consider),
        _ => {}
    }
    match normal.or(onto_rook).or(by_destination) {
        Some(m) => Ok(m),
        None => Err(UciError::Illegal { input: shorten(uci), from, to, promotion }),
    }
}
