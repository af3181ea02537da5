//! The PGN writer: tags in export order, then the movetext wrapped at 80 columns.
//!
//! What it writes reads back into the same [`Game`] (tags put in export order): the same moves,
//! SAN, comments, NAGs and variations. Black's moves get a move number (`12... e5`) at the start
//! of a line and after a comment or a variation. Lines break only between tokens and between
//! the words of a comment, so a line is longer than the width only where one word is, and never
//! longer than [`MAX_LINE_LEN`]. The tree is walked with an explicit stack, so even a hand-built
//! tree of any depth cannot overflow it.
//!
//! The writer's domain is what the reader can produce, and on it reading is the inverse of
//! writing:
//! - a comment read has no leading, trailing or repeated whitespace and no whitespace but
//!   spaces (the reader collapses runs of whitespace); it holds `}` only if it came from a `;`
//!   comment, so it then fits one line. The writer writes [`normalize_comment`] of a comment
//!   (the same text, for a comment read): in braces, `{ like this }`, broken between words; a
//!   comment holding `}` as a `;` comment, which ends its line (PGN has no escape in braces, and
//!   a `;` comment ends at the line's end, and the text has no newline left).
//! - a tag value read holds no control character (the reader reads them as spaces); the writer
//!   escapes `\` and `"` (`\\`, `\"`) and writes a control character (a newline cannot stand in
//!   a tag value) as a space.
//! - a tag name read satisfies [`is_tag_name`].

use super::error::PgnErrorKind;
use super::lexer::is_space;
use super::nag::Nag;
use super::tree::{export_order, Game, Line, Node};
use super::{
    MAX_COMMENT_LEN, MAX_GAME_ITEMS, MAX_GAME_LEN, MAX_LINE_LEN, MAX_TAGS, MAX_TAG_NAME_LEN, MAX_TAG_VALUE_LEN, MAX_VARIATION_DEPTH,
};
use crate::to_san;
use crate::{Color, Position};
use arrayvec::ArrayString;
use core::fmt::{self, Write as _};
use std::borrow::Cow;

/// How to write a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// Write canonical SAN ([`to_san`]) instead of the SAN as read (`0-0` becomes `O-O`,
    /// `Ng1f3` becomes `Nf3`). Default: false, the text's own SAN (canonical SAN for nodes
    /// whose `san` is empty).
    pub canonical_san: bool,
    /// Write NAGs 1 to 6 as move suffixes (`e4!?`) rather than `$5`, when the NAG is the
    /// move's first. Default: false.
    pub nag_symbols: bool,
    /// Write comments. Default: true.
    pub comments: bool,
    /// Write variations. Default: true.
    pub variations: bool,
    /// The line width of the movetext. Default: 80.
    pub width: usize,
    /// chess.js's layout, for its users' snapshots: comments in tight braces (`{like this}`),
    /// no move number for Black after a comment, `12. ...` for a first move by Black, the blank
    /// line after the tags only before moves, and ` *` for empty movetext. It reads back the
    /// same. Default: false, the PGN standard's export layout.
    pub chess_js: bool,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions { canonical_san: false, nag_symbols: false, comments: true, variations: true, width: 80, chess_js: false }
    }
}

/// The PGN of `game`: tag pairs, a blank line, the movetext ending with the result, `\n`.
///
/// Comments are written as the reader reads them ([`normalize_comment`]): in braces, or, when
/// one holds `}` (which nothing can escape inside braces), as a `;` comment ending its line.
/// What reads back, and what happens past the reader's limits: see [`write_game_to`].
///
/// ```
/// # #[cfg(not(target_arch = "wasm32"))] {
/// use rocada_game::pgn::{parse_pgn, write_game, WriteOptions};
/// let mut game = parse_pgn("1. e4 e5 *").unwrap().remove(0);
/// game.tags.clear();
/// game.root.nodes[0].comments_after.push("}\n\n[White \"Mallory\"]".to_owned());
/// let text = write_game(&game, &WriteOptions::default());
/// assert_eq!(text, "1. e4 ; } [White \"Mallory\"]\n1... e5 *\n");
/// let again = parse_pgn(&text).unwrap();
/// assert_eq!((again.len(), again[0].root.nodes.len()), (1, 2));
/// # }
/// ```
///
/// ```
/// # #[cfg(not(target_arch = "wasm32"))] {
/// use rocada_game::pgn::{parse_pgn, write_game, WriteOptions};
/// let games = parse_pgn("[Result \"*\"] [White \"A\"] 1. e4 {best by test} $1 e5 (c5) *").unwrap();
/// assert_eq!(write_game(&games[0], &WriteOptions::default()),
///            "[White \"A\"]\n[Result \"*\"]\n\n1. e4 $1 { best by test } 1... e5 (1... c5) *\n");
/// # }
/// ```
pub fn write_game(game: &Game, options: &WriteOptions) -> String {
    let mut out = String::new();
    write_game_to(&mut out, game, options);
    out
}

/// Writes every game, separated by blank lines.
pub fn write_games<'a>(games: impl IntoIterator<Item = &'a Game>, options: &WriteOptions) -> String {
    let mut out = String::new();
    for (i, g) in games.into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_game_to(&mut out, g, options);
    }
    out
}

/// [`write_game`], appending to `out`.
///
/// Within the reader's limits (what [`try_write_game`] accepts), the text reads back to the
/// same game, comments as [`normalize_comment`] makes them and control characters of tag values
/// as spaces. Past them the text is still written, with no line longer than [`MAX_LINE_LEN`]: a
/// tag whose name is not valid ([`is_tag_name`]) is left out, a tag value is cut to
/// [`MAX_TAG_VALUE_LEN`] bytes, a word of a comment longer than a line is broken, and a comment
/// holding `}` too long for one line is written as several `;` comments; more than [`MAX_TAGS`]
/// tags, a comment longer than [`MAX_COMMENT_LEN`], more than [`MAX_GAME_ITEMS`] items or
/// [`MAX_GAME_LEN`] bytes, or variations nested deeper than [`MAX_VARIATION_DEPTH`] are written
/// whole, and the reader refuses them.
pub fn write_game_to(out: &mut String, game: &Game, options: &WriteOptions) {
    let mut any = false;
    for (name, value) in export_order(&game.tags) {
        if !is_tag_name(name) {
            continue;
        }
        any = true;
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        for c in cut(value, MAX_TAG_VALUE_LEN).chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '"' => out.push_str("\\\""),
                c if c.is_control() => out.push(' '),
                c => out.push(c),
            }
        }
        out.push_str("\"]\n");
    }
    let moves = !game.root.nodes.is_empty();
    if any && (moves || !options.chess_js) {
        out.push('\n');
    }
    let mut w = Wrap::new(out, options.width, options.chess_js);
    movetext(&mut w, game, options);
    if options.chess_js && !moves && (game.root.comments.is_empty() || !options.comments) {
        w.out.push(' ');
    }
    w.token(game.result.as_str());
    w.out.push('\n');
}

/// [`write_game`] for a game within the reader's limits, so that the text reads back to the
/// same game (comments as [`normalize_comment`] makes them, control characters of tag values as
/// spaces; the moves are trusted: the reader's, or legal ones built through the API); else the
/// error the reader would give: `too-many-tags` past [`MAX_TAGS`], a tag refused by
/// [`check_tag`] (`bad-tag`, `tag-too-long`; a control character in a value is accepted here and
/// written as a space), a comment refused by [`check_comment`] (`comment-too-long`),
/// `variation-too-deep` past [`MAX_VARIATION_DEPTH`], `game-too-long` past [`MAX_GAME_ITEMS`]
/// moves, comments, NAGs and variations or past [`MAX_GAME_LEN`] bytes of text.
///
/// ```
/// # #[cfg(not(target_arch = "wasm32"))] {
/// use rocada_game::pgn::{try_write_game, Game, WriteOptions, MAX_TAGS};
/// let mut game = Game::new();
/// for i in 0..MAX_TAGS {
///     game.set_tag(&format!("T{i}"), "x");
/// }
/// assert_eq!(try_write_game(&game, &WriteOptions::default()).unwrap_err().detail(), "too-many-tags");
/// # }
/// ```
pub fn try_write_game(game: &Game, options: &WriteOptions) -> Result<String, PgnErrorKind> {
    check_notes(game, options, 0)?;
    let text = write_game(game, options);
    // The reader counts a game from the end of the one before: with a blank line between.
    if text.len() + 1 > MAX_GAME_LEN {
        return Err(PgnErrorKind::GameTooLong);
    }
    Ok(text)
}

/// Whether [`try_write_game`] would accept `game` with `more_moves` more moves played at the
/// end of its main line (0: as it is), without writing it unless its text could be near
/// [`MAX_GAME_LEN`]. For a game that grows move by move, such as the JavaScript `Chess`, which
/// refuses a note (a comment, a NAG, a tag) that would leave no room for the moves the rules
/// still allow, so that its PGN always reads back.
///
/// ```
/// use rocada_game::pgn::{check_game, Game, Nag, WriteOptions, MAX_GAME_ITEMS};
/// let mut game = rocada_game::pgn::parse_pgn("1. e4 *").unwrap().remove(0);
/// game.root.nodes[0].nags = (0..=255).map(Nag).collect();
/// assert!(check_game(&game, &WriteOptions::default(), 0).is_ok());
/// let err = check_game(&game, &WriteOptions::default(), MAX_GAME_ITEMS).unwrap_err();
/// assert_eq!(err.detail(), "game-too-long");
/// ```
pub fn check_game(game: &Game, options: &WriteOptions, more_moves: usize) -> Result<(), PgnErrorKind> {
    let bound = check_notes(game, options, more_moves)?;
    // A move with its number and marks, ` 4294967295. exd8=Q+`, is at most 24 bytes.
    let room = more_moves.saturating_mul(24);
    if bound.saturating_add(room) + 1 > MAX_GAME_LEN && write_game(game, options).len() + room + 1 > MAX_GAME_LEN {
        return Err(PgnErrorKind::GameTooLong);
    }
    Ok(())
}

/// The checks of [`try_write_game`] but the text's length, with room for `more_moves` items;
/// returns a bound on the length of the text.
fn check_notes(game: &Game, options: &WriteOptions, more_moves: usize) -> Result<usize, PgnErrorKind> {
    if game.tags.len() > MAX_TAGS {
        return Err(PgnErrorKind::TooManyTags);
    }
    let mut bound = 16usize;
    for (name, value) in &game.tags {
        match check_tag(name, value) {
            Err(PgnErrorKind::BadTag(_)) if is_tag_name(name) => {} // a control character
            r => r?,
        }
        bound += name.len() + 2 * value.len() + 6;
    }
    // What the reader counts: moves, comments, NAGs (a NAG written as a suffix is part of its
    // move) and variations.
    let mut items = more_moves;
    let mut stack = vec![(&game.root, 0usize)];
    while let Some((line, depth)) = stack.pop() {
        if depth > MAX_VARIATION_DEPTH {
            return Err(PgnErrorKind::VariationTooDeep);
        }
        let mut comments: Vec<&String> = Vec::new();
        if options.comments {
            comments.extend(&line.comments);
        }
        for n in &line.nodes {
            items += 1 + n.nags.len();
            bound += 24 + 5 * n.nags.len();
            if options.nag_symbols && n.nags.first().is_some_and(|g| g.is_move_suffix() && g.symbol().is_some()) {
                items -= 1;
            }
            if options.comments {
                comments.extend(n.comments_before.iter().chain(&n.comments_after));
            }
            if options.variations {
                items += n.variations.len();
                bound += 8 * n.variations.len();
                stack.extend(n.variations.iter().map(|v| (v, depth + 1)));
            }
        }
        items += comments.len();
        for c in comments {
            check_comment(c)?;
            // Braces or `;` comments broken into lines: at most twice the text, plus marks.
            bound += 2 * c.len() + 8;
        }
        if items > MAX_GAME_ITEMS {
            return Err(PgnErrorKind::GameTooLong);
        }
    }
    Ok(bound)
}

/// Whether `name` is a tag name the reader accepts (and so the writer writes): 1 to
/// [`MAX_TAG_NAME_LEN`] ASCII letters, digits and `_`, not digits only (the PGN standard's
/// letters, digits and underscore; digits alone read as a move number). `White`, `WhiteElo`,
/// `Time_Control`, `1a` are names; `GreatestGameEverPlayed?`, `Bad name`, `é`, `42` are not.
pub fn is_tag_name(name: &str) -> bool {
    name.len() <= MAX_TAG_NAME_LEN && is_name_chars(name)
}

/// A name of any length made of the characters of a tag name.
pub(crate) fn is_name_chars(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') && !name.bytes().all(|b| b.is_ascii_digit())
}

/// Whether the tag pair `name` `value` can be written and read back as it is: the name is valid
/// ([`is_tag_name`]; else `bad-tag`, or `tag-too-long` past [`MAX_TAG_NAME_LEN`]), the value is
/// at most [`MAX_TAG_VALUE_LEN`] bytes (else `tag-too-long`) and holds no control character such
/// as a newline (else `bad-tag`: the writer would write it as a space). For setters of tags.
///
/// ```
/// use rocada_game::pgn::check_tag;
/// assert!(check_tag("White", "Anna \"the Rook\" \\ Smith").is_ok());
/// assert_eq!(check_tag("Greatest?", "x").unwrap_err().detail(), "bad-tag");
/// assert_eq!(check_tag("White", "a\nb").unwrap_err().detail(), "bad-tag");
/// assert_eq!(check_tag("White", &"x".repeat(100_000)).unwrap_err().detail(), "tag-too-long");
/// ```
pub fn check_tag(name: &str, value: &str) -> Result<(), PgnErrorKind> {
    if !is_tag_name(name) {
        if is_name_chars(name) {
            return Err(PgnErrorKind::TagTooLong);
        }
        return Err(PgnErrorKind::BadTag("a tag name is ASCII letters, digits and _, not digits only"));
    }
    if value.len() > MAX_TAG_VALUE_LEN {
        return Err(PgnErrorKind::TagTooLong);
    }
    if value.chars().any(char::is_control) {
        return Err(PgnErrorKind::BadTag("a tag value cannot hold a control character (a newline, a tab, ...)"));
    }
    Ok(())
}

/// The comment as it reads back once written: runs of whitespace (space, tab, `\r`, `\n`,
/// vertical tab, form feed) made single spaces, and none at either end, as the reader reads
/// every comment. A comment the reader gave is returned unchanged.
pub fn normalize_comment(text: &str) -> Cow<'_, str> {
    let normal = !text.starts_with(is_space)
        && !text.ends_with(is_space)
        && !text.contains(|c: char| c != ' ' && is_space(c))
        // Bytes, not a `&str` pattern: that would link core's substring search (2 KB of wasm).
        && !text.as_bytes().windows(2).any(|w| w == b"  ");
    if normal {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for word in text.split(is_space).filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    Cow::Owned(out)
}

/// Whether the comment can be written and read back (as [`normalize_comment`] makes it): at
/// most [`MAX_COMMENT_LEN`] bytes once normalized, no word longer than a line
/// ([`MAX_LINE_LEN`]), and, holding `}` (then written as a `;` comment, which a line ends), at
/// most `MAX_LINE_LEN - 1` bytes; else `comment-too-long`.
pub fn check_comment(text: &str) -> Result<(), PgnErrorKind> {
    let text = normalize_comment(text);
    let fits = if text.contains('}') {
        text.len() < MAX_LINE_LEN
    } else {
        text.len() <= MAX_COMMENT_LEN && text.split(' ').all(|w| w.len() <= MAX_LINE_LEN)
    };
    if fits {
        Ok(())
    } else {
        Err(PgnErrorKind::CommentTooLong)
    }
}

/// The longest start of `s` of at most `max` bytes that ends at a character boundary.
fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// `s` in pieces of at most `max` bytes (`max` at least 4), cut at character boundaries.
fn pieces(s: &str, max: usize) -> impl Iterator<Item = &str> {
    let mut rest = s;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let piece = cut(rest, max);
        rest = &rest[piece.len()..];
        Some(piece)
    })
}

/// The PGN of the game with [`WriteOptions::default`].
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_game(self, &WriteOptions::default()))
    }
}

/// Puts tokens on lines of at most `width` characters (a token longer than that alone on its
/// line), and never more than [`MAX_LINE_LEN`] bytes. `(` is written with the token after it
/// and `)` with the token before it (moving that token to a new line if need be).
struct Wrap<'a> {
    out: &'a mut String,
    width: usize,
    /// Characters and bytes on the current line.
    col: usize,
    bytes: usize,
    /// A `(` waits to be written with the next token.
    open: bool,
    /// Where the last token starts in `out`, its length in characters, and whether a space
    /// before it separates it from a token on the same line.
    last_start: usize,
    last_len: usize,
    last_spaced: bool,
    /// chess.js's layout: comments in tight braces, a move number kept on the line of its
    /// move.
    tight: bool,
    /// A move number waiting for its move (in chess.js's layout).
    number: ArrayString<24>,
}

impl Wrap<'_> {
    fn new(out: &mut String, width: usize, tight: bool) -> Wrap<'_> {
        let width = width.clamp(1, MAX_LINE_LEN);
        Wrap {
            out,
            width,
            col: 0,
            bytes: 0,
            open: false,
            last_start: 0,
            last_len: 0,
            last_spaced: false,
            tight,
            number: ArrayString::new(),
        }
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.col = 0;
        self.bytes = 0;
    }

    fn token(&mut self, tok: &str) {
        if self.tight && tok.ends_with('.') && tok.starts_with(|c: char| c.is_ascii_digit()) {
            let _ = self.number.try_push_str(tok);
            return;
        }
        if !self.number.is_empty() {
            let mut joined = String::with_capacity(self.number.len() + 1 + tok.len());
            joined.push_str(&self.number);
            joined.push(' ');
            joined.push_str(tok);
            self.number.clear();
            return self.token(&joined);
        }
        if tok == "(" {
            if self.open {
                self.put("(");
            }
            self.open = true;
            return;
        }
        if tok == ")" && !self.open {
            if self.col + 1 > self.width && self.last_spaced {
                // Move the last token to a new line, so that `)` can follow it.
                self.out.replace_range(self.last_start - 1..self.last_start, "\n");
                self.col = self.last_len;
                self.bytes = self.out.len() - self.last_start;
                self.last_spaced = false;
            }
            if self.bytes + 1 > MAX_LINE_LEN {
                self.newline();
            }
            self.out.push(')');
            self.col += 1;
            self.bytes += 1;
            self.last_len += 1;
            return;
        }
        if std::mem::take(&mut self.open) {
            let mut joined = String::with_capacity(tok.len() + 1);
            joined.push('(');
            joined.push_str(tok);
            self.put(&joined);
        } else {
            self.put(tok);
        }
    }

    fn put(&mut self, tok: &str) {
        let len = tok.chars().count();
        self.last_spaced = false;
        if self.col > 0 {
            if self.col + 1 + len > self.width || self.bytes + 1 + tok.len() > MAX_LINE_LEN {
                self.newline();
            } else {
                self.out.push(' ');
                self.col += 1;
                self.bytes += 1;
                self.last_spaced = true;
            }
        }
        self.last_start = self.out.len();
        self.last_len = len;
        self.out.push_str(tok);
        self.col += len;
        self.bytes += tok.len();
    }

    fn comment(&mut self, text: &str) {
        let text = normalize_comment(text);
        if text.contains('}') {
            self.semicolon_comment(&text);
            return;
        }
        // `{ first` and `last }` stay together (when they fit a line); a line may break
        // between any two words. Words go straight to `put`: a `(` or `)` in a comment is no
        // variation. A word longer than a line (never one read) is broken.
        let mut tok = String::from(if std::mem::take(&mut self.open) { "({" } else { "{" });
        let mut first = true;
        for word in text.split(' ').filter(|w| !w.is_empty()).flat_map(|w| pieces(w, MAX_LINE_LEN)) {
            if first && tok.len() + 1 + word.len() <= MAX_LINE_LEN {
                if !self.tight {
                    tok.push(' ');
                }
            } else {
                self.put(&tok);
                tok.clear();
            }
            tok.push_str(word);
            first = false;
        }
        if tok.len() + 2 <= MAX_LINE_LEN {
            tok.push_str(if self.tight { "}" } else { " }" });
            self.put(&tok);
        } else {
            self.put(&tok);
            self.put("}");
        }
    }

    /// A comment holding `}`, which only a `;` comment can hold: written as one, ending the
    /// line (`; text`, or `;text` when only that fits a line). Longer than a line (never one
    /// read), it is cut into several.
    fn semicolon_comment(&mut self, text: &str) {
        if std::mem::take(&mut self.open) {
            self.put("(");
        }
        for body in pieces(text, MAX_LINE_LEN - 1) {
            let sep = if body.len() + 2 <= MAX_LINE_LEN { "; " } else { ";" };
            let (len, bytes) = (body.chars().count() + sep.len(), body.len() + sep.len());
            let glued = self.col > 0 && self.out.ends_with('(');
            let space = usize::from(!glued);
            if self.col > 0 && ((!glued && self.col + 1 + len > self.width) || self.bytes + space + bytes > MAX_LINE_LEN) {
                self.newline();
            }
            if self.col > 0 && !glued {
                self.out.push(' ');
            }
            self.out.push_str(sep);
            self.out.push_str(body);
            self.newline();
            self.last_spaced = false;
            self.last_len = 0;
            self.last_start = self.out.len();
        }
    }
}

/// One line being written.
struct Frame<'g> {
    line: &'g Line,
    /// The next node to write.
    idx: usize,
    /// The ply of `line.nodes[idx]` (0 = White's first move of move 1); 64 bits, as a FEN's
    /// move number goes up to `u32::MAX` and the moves after it count on.
    ply: u64,
    /// The position before `line.nodes[idx]`, when positions are tracked.
    pos: Option<Position>,
    /// The position before `line.nodes[idx - 1]`: where its variations start.
    prev: Option<Position>,
    /// The next variation of `line.nodes[idx - 1]` to write.
    var_idx: usize,
    /// The next move needs its number even if it is Black's.
    force_number: bool,
}

fn movetext(w: &mut Wrap<'_>, game: &Game, options: &WriteOptions) {
    let track = options.canonical_san || any_node(&game.root, |n| n.san.is_empty());
    let start = &game.start;
    let ply0 = (u64::from(start.fullmoves().max(1)) - 1) * 2 + u64::from(start.turn() == Color::Black);
    let frame = |line, ply, pos: Option<Position>| Frame { line, idx: 0, ply, prev: pos.clone(), pos, var_idx: 0, force_number: true };
    let mut stack = vec![frame(&game.root, ply0, track.then(|| start.clone()))];

    loop {
        let depth = stack.len();
        let Some(top) = stack.last_mut() else { break };
        // The variations of the node just written, one at a time.
        if top.idx > 0 && options.variations {
            let node = &top.line.nodes[top.idx - 1];
            if top.var_idx < node.variations.len() {
                let var = &node.variations[top.var_idx];
                top.var_idx += 1;
                top.force_number = true;
                let (ply, prev) = (top.ply - 1, top.prev.clone());
                w.token("(");
                stack.push(frame(var, ply, prev));
                continue;
            }
        }
        if top.idx < top.line.nodes.len() {
            let node = &top.line.nodes[top.idx];
            let game_start = depth == 1 && top.idx == 0;
            write_node(w, node, top, game_start, options);
            top.prev = top.pos.clone();
            if let Some(pos) = top.pos.as_mut() {
                pos.play_unchecked(node.mv);
            }
            top.idx += 1;
            top.ply += 1;
            top.var_idx = 0;
            top.force_number = options.comments && !node.comments_after.is_empty() && !options.chess_js;
            continue;
        }
        if options.comments {
            for c in &top.line.comments {
                w.comment(c);
            }
        }
        stack.pop();
        if let Some(parent) = stack.last_mut() {
            w.token(")");
            parent.force_number = true;
        }
    }
}

/// `game_start`: the first move of the game (not of a variation).
fn write_node(w: &mut Wrap<'_>, node: &Node, frame: &mut Frame<'_>, game_start: bool, options: &WriteOptions) {
    if options.comments && !node.comments_before.is_empty() {
        for c in &node.comments_before {
            w.comment(c);
        }
        frame.force_number |= !options.chess_js;
    }
    let number = frame.ply / 2 + 1;
    let mut buf = ArrayString::<24>::new();
    if frame.ply % 2 == 0 {
        let _ = write!(buf, "{number}.");
        w.token(&buf);
    } else if frame.force_number {
        let _ = write!(buf, "{number}{}", if options.chess_js && game_start { ". ..." } else { "..." });
        w.token(&buf);
    }
    // Positions are tracked only when SAN must be computed; a hand-built illegal move stops it.
    let legal = frame.pos.as_ref().filter(|p| p.is_legal(node.mv));
    let mut san: Cow<'_, str> = match legal {
        Some(p) if options.canonical_san || node.san.is_empty() => Cow::Owned(to_san(p, node.mv)),
        _ if node.san.is_empty() => {
            Cow::Owned(node.mv.uci(frame.pos.as_ref().map_or(crate::CastlingMode::Standard, |p| p.castling_mode())))
        }
        _ => Cow::Borrowed(&node.san),
    };
    if legal.is_none() {
        frame.pos = None;
    }
    let mut nags: &[Nag] = &node.nags;
    if options.nag_symbols {
        if let Some(sym) = nags.first().filter(|n| n.is_move_suffix()).and_then(|n| n.symbol()) {
            san.to_mut().push_str(sym);
            nags = &nags[1..];
        }
    }
    w.token(&san);
    for nag in nags {
        buf.clear();
        let _ = write!(buf, "${}", nag.0);
        w.token(&buf);
    }
    if options.comments {
        for c in &node.comments_after {
            w.comment(c);
        }
    }
}

/// Whether any node of the tree under `line` satisfies `pred` (explicit stack).
fn any_node(line: &Line, pred: impl Fn(&Node) -> bool) -> bool {
    let mut stack = vec![line];
    while let Some(l) = stack.pop() {
        for n in &l.nodes {
            if pred(n) {
                return true;
            }
            stack.extend(n.variations.iter());
        }
    }
    false
}
