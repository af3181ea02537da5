//! `PgnError`: why a game could not be read, and where (game, line, column).

use crate::Position;
use core::fmt;

/// A game that could not be read: which game of the text (from 1), where (line and column,
/// from 1; columns count characters), and what is wrong.
///
/// [`code`](PgnError::code) is always `invalid-pgn`; [`detail`](PgnError::detail) is a stable
/// code for the kind of fault (see [`PgnErrorKind::detail`]).
///
/// ```
/// # #[cfg(not(target_arch = "wasm32"))] {
/// use rocada_game::pgn;
/// let err = pgn::parse_pgn("1. e4 e5 2. Nf3 {unclosed").unwrap_err();
/// assert_eq!((err.game, err.line, err.column), (1, 1, 17));
/// assert_eq!(err.code(), "invalid-pgn");
/// assert_eq!(err.detail(), "unterminated-comment");
/// # }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game, counting from 1 in the text read.
    pub game: usize,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

/// What is wrong in a game that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// A `{` comment runs to the end of the input.
    UnterminatedComment,
    /// A quoted tag value has no closing `"` on its line.
    UnterminatedString,
    /// A tag pair is not `[Name "value"]`; says what was expected.
    BadTag(&'static str),
    /// `$` is not followed by a number from 0 to 255.
    BadNag,
    /// A token that has no place where it stands (`]`, a quoted string in the moves, ...).
    UnexpectedToken(String),
    /// A `(` never closed (`unclosed` true; the position is the `(`), or a `)` with no `(`.
    UnbalancedParenthesis {
        /// Whether the fault is a `(` left open (else a `)` too many).
        unclosed: bool,
    },
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`](super::MAX_VARIATION_DEPTH).
    VariationTooDeep,
    /// A `(` before any move of the line it is in: a variation must replace a move.
    VariationWithoutMove,
    /// A move that cannot be read or played: `code` is the SAN parser's
    /// (`invalid-move-syntax`, `illegal-move`, `ambiguous-move`).
    InvalidMove {
        /// The move as written.
        san: String,
        /// The SAN parser's code.
        code: &'static str,
        /// The SAN parser's explanation.
        message: String,
        /// The position the move was read in, so that a reader can show it, or have
        /// `rocada_game::explain` say why the move fails in any language.
        position: Box<Position>,
    },
    /// A null move (`--`, `Z0`): not supported.
    NullMove(String),
    /// The `FEN` tag is not a legal position; `code` is the FEN error's code.
    InvalidFen {
        /// The FEN error's code (`fen-board`, `missing-king`, ...).
        code: &'static str,
        /// Its explanation.
        message: String,
    },
    /// The `Variant` tag names a variant Rocada does not play.
    UnsupportedVariant(String),
    /// Reading the input failed.
    Io(String),
    /// A line longer than [`MAX_LINE_LEN`](super::MAX_LINE_LEN) bytes (it is skipped).
    LineTooLong,
    /// A comment longer than [`MAX_COMMENT_LEN`](super::MAX_COMMENT_LEN) bytes.
    CommentTooLong,
    /// More than [`MAX_TAGS`](super::MAX_TAGS) tag pairs in one game.
    TooManyTags,
    /// A tag name longer than [`MAX_TAG_NAME_LEN`](super::MAX_TAG_NAME_LEN) bytes or a value
    /// longer than [`MAX_TAG_VALUE_LEN`](super::MAX_TAG_VALUE_LEN) bytes.
    TagTooLong,
    /// One game longer than [`MAX_GAME_LEN`](super::MAX_GAME_LEN) bytes of text, or with more
    /// than [`MAX_GAME_ITEMS`](super::MAX_GAME_ITEMS) moves, comments and NAGs.
    GameTooLong,
    /// More games than [`MAX_GAMES`](super::MAX_GAMES) (or the limit given to
    /// [`Reader::limit_games`](super::Reader::limit_games)) in one text.
    TooManyGames,
}

impl PgnErrorKind {
    /// A stable code for the fault: `unterminated-comment`, `unterminated-string`, `bad-tag`,
    /// `bad-nag`, `unexpected-token`, `unbalanced-parenthesis`, `variation-too-deep`,
    /// `variation-without-move`, `invalid-move-syntax`, `illegal-move`, `ambiguous-move`,
    /// `null-move`, `invalid-fen`, `unsupported-variant`, `io-error`; past a limit (see
    /// [`pgn`](super)): `line-too-long`, `comment-too-long`, `too-many-tags`, `tag-too-long`,
    /// `game-too-long`, `too-many-games`.
    pub fn detail(&self) -> &'static str {
        match self {
            PgnErrorKind::UnterminatedComment => "unterminated-comment",
            PgnErrorKind::UnterminatedString => "unterminated-string",
            PgnErrorKind::BadTag(_) => "bad-tag",
            PgnErrorKind::BadNag => "bad-nag",
            PgnErrorKind::UnexpectedToken(_) => "unexpected-token",
            PgnErrorKind::UnbalancedParenthesis { .. } => "unbalanced-parenthesis",
            PgnErrorKind::VariationTooDeep => "variation-too-deep",
            PgnErrorKind::VariationWithoutMove => "variation-without-move",
            PgnErrorKind::InvalidMove { code, .. } => code,
            PgnErrorKind::NullMove(_) => "null-move",
            PgnErrorKind::InvalidFen { .. } => "invalid-fen",
            PgnErrorKind::UnsupportedVariant(_) => "unsupported-variant",
            PgnErrorKind::Io(_) => "io-error",
            PgnErrorKind::LineTooLong => "line-too-long",
            PgnErrorKind::CommentTooLong => "comment-too-long",
            PgnErrorKind::TooManyTags => "too-many-tags",
            PgnErrorKind::TagTooLong => "tag-too-long",
            PgnErrorKind::GameTooLong => "game-too-long",
            PgnErrorKind::TooManyGames => "too-many-games",
        }
    }
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::UnterminatedComment => f.write_str("comment opened with { is never closed"),
            PgnErrorKind::UnterminatedString => f.write_str("quoted tag value has no closing \" on its line"),
            PgnErrorKind::BadTag(what) => write!(f, "malformed tag pair: {what}"),
            PgnErrorKind::BadNag => f.write_str("$ must be followed by a number from 0 to 255"),
            PgnErrorKind::UnexpectedToken(t) => write!(f, "unexpected {t}"),
            PgnErrorKind::UnbalancedParenthesis { unclosed: true } => f.write_str("variation opened with ( is never closed"),
            PgnErrorKind::UnbalancedParenthesis { unclosed: false } => f.write_str(") closes no variation"),
            PgnErrorKind::VariationTooDeep => {
                write!(f, "variations nested deeper than {} levels", super::MAX_VARIATION_DEPTH)
            }
            PgnErrorKind::VariationWithoutMove => f.write_str("variation ( before any move it could replace"),
            PgnErrorKind::InvalidMove { san, code, message, .. } => {
                let what = match *code {
                    "illegal-move" => "illegal move",
                    "ambiguous-move" => "ambiguous move",
                    _ => "unreadable move",
                };
                write!(f, "{what} {san}: {message}")
            }
            PgnErrorKind::NullMove(s) => write!(f, "null move {s} is not supported"),
            PgnErrorKind::InvalidFen { message, .. } => write!(f, "FEN tag: {message}"),
            PgnErrorKind::UnsupportedVariant(v) => write!(f, "variant \"{v}\" is not supported (only standard chess and Chess960)"),
            PgnErrorKind::Io(e) => write!(f, "read error: {e}"),
            PgnErrorKind::LineTooLong => write!(f, "line longer than {} bytes", super::MAX_LINE_LEN),
            PgnErrorKind::CommentTooLong => write!(f, "comment longer than {} bytes", super::MAX_COMMENT_LEN),
            PgnErrorKind::TooManyTags => write!(f, "more than {} tag pairs in one game", super::MAX_TAGS),
            PgnErrorKind::TagTooLong => {
                write!(f, "tag name longer than {} bytes or value longer than {} bytes", super::MAX_TAG_NAME_LEN, super::MAX_TAG_VALUE_LEN)
            }
            PgnErrorKind::GameTooLong => {
                write!(f, "game longer than {} bytes or {} moves, comments and NAGs", super::MAX_GAME_LEN, super::MAX_GAME_ITEMS)
            }
            PgnErrorKind::TooManyGames => f.write_str("too many games in one text"),
        }
    }
}

impl PgnError {
    /// The stable code `invalid-pgn`.
    pub fn code(&self) -> &'static str {
        "invalid-pgn"
    }

    /// The stable code of the fault; see [`PgnErrorKind::detail`].
    pub fn detail(&self) -> &'static str {
        self.kind.detail()
    }
}

/// `game 2, line 14, column 9: illegal move Nf6: ...`
impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, line {}, column {}: {}", self.game, self.line, self.column, self.kind)
    }
}

impl std::error::Error for PgnError {}
