//! The PGN reader: a streaming iterator of games over any [`BufRead`] (or a `&str`).
//!
//! One game at a time is built and handed out; the text is read line by line. Time is linear
//! in the input: every byte is lexed once and every move is resolved once against the position
//! before it, with [`parse_san`]. Variations are built with an explicit stack (no recursion),
//! at most [`MAX_VARIATION_DEPTH`] deep; deeper nesting is an error, never a stack overflow.
//! The other limits of [`pgn`](super) bound what one game holds: [`MAX_TAGS`], [`MAX_GAME_LEN`],
//! [`MAX_GAME_ITEMS`] (the lexer bounds a line and a comment).
//!
//! After an error the reader skips to the end of the faulty game (its result marker outside
//! any variation, or the next tag pair) and goes on with the next game.

use super::error::{PgnError, PgnErrorKind};
use super::lexer::{LexError, Lexer, Tok, Token};
use super::nag::Nag;
use super::tree::{Game, GameResult, Line, Node};
use super::writer::{is_name_chars, is_tag_name};
use super::{MAX_GAMES, MAX_GAME_ITEMS, MAX_GAME_LEN, MAX_TAGS, MAX_TAG_NAME_LEN, MAX_TAG_VALUE_LEN, MAX_VARIATION_DEPTH};
use crate::{parse_san, parse_uci, SanOptions};
use crate::{CastlingMode, Lang, Position};
use std::io::BufRead;

/// How to read: which language's piece letters moves may use besides English, and whether
/// moves must be canonical SAN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Piece letters accepted besides English (default: English only).
    pub lang: Lang,
    /// Accept only canonical SAN ([`SanOptions::strict`]: no `Ng1f3`, no coordinate moves),
    /// as chess.js's `loadPgn(text, { strict: true })`. Default: lenient.
    pub strict: bool,
}

/// Reads games one at a time from a [`BufRead`]; an [`Iterator`] of `Result<Game, PgnError>`.
///
/// ```
/// # #[cfg(not(target_arch = "wasm32"))] {
/// use rocada_game::pgn::Reader;
/// let text = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 d5 *\n";
/// let counts: Vec<usize> = Reader::new(text.as_bytes()).map(|g| g.unwrap().root.nodes.len()).collect();
/// assert_eq!(counts, [1, 2]);
/// # }
/// ```
pub struct Reader<R> {
    lexer: Lexer<R>,
    /// Games handed out so far (errors included).
    games: usize,
    options: ReadOptions,
    finished: bool,
    /// Games to read before `too-many-games`.
    max_games: usize,
}

/// Reads every game of `text`; stops at the first game that cannot be read. More than
/// [`MAX_GAMES`] games is an error (`too-many-games`).
pub fn parse_pgn(text: &str) -> Result<Vec<Game>, PgnError> {
    Reader::new(text.as_bytes()).limit_games(MAX_GAMES).collect()
}

/// A [`Reader`] over `text`.
pub fn read_games(text: &str) -> Reader<&[u8]> {
    Reader::new(text.as_bytes())
}

/// One line being built: the main line or an open variation.
struct Frame {
    line: Line,
    /// The position after the line's last move.
    pos: Position,
    /// The position before the line's last move: where its variations start.
    before_last: Position,
    /// Comments waiting for the next move (or the end of the line).
    pending: Vec<String>,
    /// Where the `(` that opened it stands.
    open: (u32, u32),
}

impl Frame {
    fn new(pos: Position, open: (u32, u32)) -> Frame {
        Frame { line: Line::default(), before_last: pos.clone(), pos, pending: Vec::new(), open }
    }

    fn comment(&mut self, c: String) {
        match self.line.nodes.last_mut() {
            Some(n) if n.variations.is_empty() && self.pending.is_empty() => n.comments_after.push(c),
            _ => self.pending.push(c),
        }
    }

    fn finish(mut self) -> Line {
        self.line.comments = std::mem::take(&mut self.pending);
        self.line
    }
}

/// A fault and where it is.
type Fault = (PgnErrorKind, u32, u32);

enum Outcome {
    /// Nothing left but whitespace and comments.
    Nothing,
    Game(Game),
    /// A fault, whether the reader stands inside the tag section, and how many variations are
    /// open (for skipping the rest of the game).
    Fault(Fault, bool, u32),
}

impl<R: BufRead> Reader<R> {
    /// A reader of the PGN text `reader` gives, with default options.
    pub fn new(reader: R) -> Reader<R> {
        Reader::with_options(reader, ReadOptions::default())
    }

    /// A reader with the given options.
    pub fn with_options(reader: R, options: ReadOptions) -> Reader<R> {
        Reader { lexer: Lexer::new(reader), games: 0, options, finished: false, max_games: usize::MAX }
    }

    /// The same reader, reading at most `n` games: if anything but comments and whitespace
    /// follows the `n`th game, the next item is a `too-many-games` error and the last.
    pub fn limit_games(mut self, n: usize) -> Reader<R> {
        self.max_games = n;
        self
    }

    /// The next game: `None` at the end of the input.
    pub fn read_game(&mut self) -> Option<Result<Game, PgnError>> {
        if self.finished {
            return None;
        }
        if self.games >= self.max_games {
            self.finished = true;
            loop {
                let t = self.lexer.next();
                match t.kind {
                    Tok::Comment(_) => {}
                    Tok::Eof => return None,
                    _ => {
                        self.games += 1;
                        let kind = PgnErrorKind::TooManyGames;
                        return Some(Err(PgnError { game: self.games, line: t.line as usize, column: t.col as usize, kind }));
                    }
                }
            }
        }
        match self.game() {
            Outcome::Nothing => {
                self.finished = true;
                None
            }
            Outcome::Game(g) => {
                self.games += 1;
                Some(Ok(g))
            }
            Outcome::Fault((kind, line, col), in_tags, depth) => {
                self.games += 1;
                let io = matches!(kind, PgnErrorKind::Io(_));
                if io {
                    self.finished = true;
                } else {
                    self.skip_rest(in_tags, line, depth);
                }
                Some(Err(PgnError { game: self.games, line: line as usize, column: col as usize, kind }))
            }
        }
    }

    /// Skips what is left of a faulty game.
    fn skip_rest(&mut self, mut in_tags: bool, mut tag_line: u32, mut depth: u32) {
        loop {
            let t = self.lexer.next();
            match t.kind {
                Tok::Eof | Tok::Error(LexError::Io(_)) | Tok::Error(LexError::UnterminatedComment) => return,
                Tok::Result(_) if depth == 0 => return,
                _ if in_tags && t.line == tag_line => continue,
                Tok::LBracket if in_tags => tag_line = t.line,
                Tok::Comment(_) if in_tags => {}
                Tok::LParen => {
                    in_tags = false;
                    depth += 1;
                }
                Tok::RParen => {
                    in_tags = false;
                    depth = depth.saturating_sub(1);
                }
                Tok::LBracket => {
                    self.lexer.unread(t);
                    return;
                }
                _ => in_tags = false,
            }
        }
    }

    fn game(&mut self) -> Outcome {
        // Where the game's text starts, and how many moves, comments, NAGs and variations it has.
        let start_offset = self.lexer.offset();
        let mut items = 0usize;
        let too_long = |lexer: &Lexer<R>, items: usize| lexer.offset() - start_offset > MAX_GAME_LEN as u64 || items > MAX_GAME_ITEMS;
        loop {
            let mut tags: Vec<(String, String)> = Vec::new();
            let mut tag_pos: Vec<(u32, u32)> = Vec::new();
            let mut leading: Vec<String> = Vec::new();

            // The tag section.
            loop {
                let t = self.lexer.next();
                if !matches!(t.kind, Tok::Error(_)) && too_long(&self.lexer, items) {
                    let f = Outcome::Fault((PgnErrorKind::GameTooLong, t.line, t.col), true, 0);
                    if !matches!(t.kind, Tok::LBracket | Tok::Comment(_)) {
                        // The movetext: skipping the rest of the game starts there.
                        self.lexer.unread(t);
                    }
                    return f;
                }
                match t.kind {
                    Tok::LBracket if tags.len() >= MAX_TAGS => {
                        return Outcome::Fault((PgnErrorKind::TooManyTags, t.line, t.col), true, 0);
                    }
                    Tok::LBracket => match self.tag(&t) {
                        Ok((name, value, pos)) => {
                            tags.push((name, value));
                            tag_pos.push(pos);
                        }
                        Err(f) => return Outcome::Fault(f, true, 0),
                    },
                    Tok::Comment(c) => {
                        items += 1;
                        leading.push(c);
                    }
                    _ => {
                        self.lexer.unread(t);
                        break;
                    }
                }
            }

            let start = match start_position(&tags, &tag_pos) {
                Ok(p) => p,
                Err(f) => return Outcome::Fault(f, true, 0),
            };

            // The movetext.
            let mut stack: Vec<Frame> = vec![Frame::new(start.clone(), (0, 0))];
            stack[0].pending = leading;
            let mut result = None;
            let opts = SanOptions { lang: self.options.lang, strict: self.options.strict };
            let fault =
                |f: PgnErrorKind, t: &Token, stack: &Vec<Frame>| Outcome::Fault((f, t.line, t.col), false, (stack.len() - 1) as u32);
            loop {
                let t = self.lexer.next();
                let depth = stack.len() - 1;
                if matches!(t.kind, Tok::Symbol(_) | Tok::Comment(_) | Tok::Nag(_) | Tok::LParen) {
                    items += 1;
                }
                if !matches!(t.kind, Tok::Error(_)) && too_long(&self.lexer, items) {
                    let f = fault(PgnErrorKind::GameTooLong, &t, &stack);
                    if matches!(t.kind, Tok::Result(_) | Tok::LBracket) {
                        // Where skipping the rest of the game stops.
                        self.lexer.unread(t);
                    }
                    return f;
                }
                let top = stack.last_mut().expect("the main line is never popped");
                match t.kind {
                    Tok::Symbol(text) => {
                        if let Err(f) = symbol(top, text, &opts) {
                            return Outcome::Fault((f, t.line, t.col), false, depth as u32);
                        }
                    }
                    Tok::MoveNumber => {}
                    Tok::Comment(c) => top.comment(c),
                    Tok::Nag(n) => {
                        // A NAG before any move of its line has nothing to annotate: dropped.
                        if let Some(node) = top.line.nodes.last_mut() {
                            node.nags.push(Nag(n));
                        }
                    }
                    Tok::LParen => {
                        let no_move = top.line.nodes.is_empty();
                        let from = top.before_last.clone();
                        if no_move {
                            return fault(PgnErrorKind::VariationWithoutMove, &t, &stack);
                        }
                        if depth >= MAX_VARIATION_DEPTH {
                            return fault(PgnErrorKind::VariationTooDeep, &t, &stack);
                        }
                        stack.push(Frame::new(from, (t.line, t.col)));
                    }
                    Tok::RParen => {
                        if stack.len() == 1 {
                            return fault(PgnErrorKind::UnbalancedParenthesis { unclosed: false }, &t, &stack);
                        }
                        let line = stack.pop().expect("checked").finish();
                        let parent = stack.last_mut().expect("checked");
                        parent.line.nodes.last_mut().expect("a variation follows a move").variations.push(line);
                    }
                    Tok::Result(r) => {
                        if stack.len() > 1 {
                            return unclosed(&stack);
                        }
                        result = Some(r);
                        break;
                    }
                    Tok::LBracket | Tok::Eof => {
                        // The next game's tags, or the end: this game had no result marker.
                        let eof = matches!(t.kind, Tok::Eof);
                        self.lexer.unread(t);
                        if stack.len() > 1 {
                            return unclosed(&stack);
                        }
                        let root = &stack[0];
                        if tags.is_empty() && root.line.nodes.is_empty() {
                            // Only comments (or nothing): not a game.
                            if eof {
                                return Outcome::Nothing;
                            }
                            // Read on: the tag section takes the `[` put back.
                            stack.clear();
                            break;
                        }
                        break;
                    }
                    Tok::Str(_) => return fault(PgnErrorKind::UnexpectedToken("quoted string".into()), &t, &stack),
                    Tok::RBracket => return fault(PgnErrorKind::UnexpectedToken("]".into()), &t, &stack),
                    Tok::Error(e) => {
                        return Outcome::Fault((lex_fault(e), t.line, t.col), false, depth as u32);
                    }
                }
            }
            if stack.is_empty() {
                continue;
            }
            let root = stack.pop().expect("one frame left").finish();
            let result = result
                .or_else(|| tags.iter().find(|(k, _)| k == "Result").and_then(|(_, v)| v.parse().ok()))
                .unwrap_or(GameResult::Ongoing);
            return Outcome::Game(Game { tags, start, root, result });
        }
    }

    /// A tag pair, after its `[`: name, value, and where the value stands.
    fn tag(&mut self, open: &Token) -> Result<(String, String, (u32, u32)), Fault> {
        let t = self.lexer.next();
        let name = match t.kind {
            Tok::Symbol(s) if s.len() > MAX_TAG_NAME_LEN && is_name_chars(&s) => return Err((PgnErrorKind::TagTooLong, t.line, t.col)),
            Tok::Symbol(s) if is_tag_name(&s) => s,
            Tok::Eof => return Err((PgnErrorKind::BadTag("expected a tag name after ["), open.line, open.col)),
            Tok::Error(e) => return Err((lex_fault(e), t.line, t.col)),
            _ => return Err((PgnErrorKind::BadTag("expected a tag name after ["), t.line, t.col)),
        };
        let t = self.lexer.next();
        let (value, pos) = match t.kind {
            Tok::Str(v) if v.len() > MAX_TAG_VALUE_LEN => return Err((PgnErrorKind::TagTooLong, t.line, t.col)),
            Tok::Str(v) => (v, (t.line, t.col)),
            Tok::Error(LexError::UnterminatedString) => return Err((PgnErrorKind::UnterminatedString, t.line, t.col)),
            Tok::Error(e) => return Err((lex_fault(e), t.line, t.col)),
            _ => return Err((PgnErrorKind::BadTag("expected a quoted value after the tag name"), t.line, t.col)),
        };
        let t = self.lexer.next();
        match t.kind {
            Tok::RBracket => Ok((name, value, pos)),
            Tok::Error(e) => Err((lex_fault(e), t.line, t.col)),
            _ => Err((PgnErrorKind::BadTag("expected ] after the tag value"), t.line, t.col)),
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Game, PgnError>;
    fn next(&mut self) -> Option<Result<Game, PgnError>> {
        self.read_game()
    }
}

fn unclosed(stack: &[Frame]) -> Outcome {
    let (line, col) = stack.last().expect("non-empty").open;
    Outcome::Fault((PgnErrorKind::UnbalancedParenthesis { unclosed: true }, line, col), false, (stack.len() - 1) as u32)
}

fn lex_fault(e: LexError) -> PgnErrorKind {
    match e {
        LexError::UnterminatedComment => PgnErrorKind::UnterminatedComment,
        LexError::UnterminatedString => PgnErrorKind::UnterminatedString,
        LexError::BadNag => PgnErrorKind::BadNag,
        LexError::LineTooLong => PgnErrorKind::LineTooLong,
        LexError::CommentTooLong => PgnErrorKind::CommentTooLong,
        LexError::Io(s) => PgnErrorKind::Io(s),
    }
}

/// Annotation characters that may follow a move: `!` and `?` and their one-character forms.
fn is_annotation_char(c: char) -> bool {
    matches!(c, '!' | '?' | '‼' | '⁇' | '⁉' | '⁈')
}

/// A symbol in the movetext: an annotation glyph standing alone, or a move (with annotation
/// suffixes, which become NAGs).
fn symbol(top: &mut Frame, mut text: String, opts: &SanOptions) -> Result<(), PgnErrorKind> {
    // Every glyph but `N` starts with a non-alphanumeric character; moves never do.
    let first = text.as_bytes()[0];
    if !first.is_ascii_alphanumeric() || text == "N" {
        if let Some(nag) = Nag::from_symbol(&text) {
            if let Some(node) = top.line.nodes.last_mut() {
                node.nags.push(nag);
            }
            return Ok(());
        }
    }
    if matches!(text.as_str(), "e.p." | "ep" | "e.p") {
        return Ok(());
    }
    if matches!(text.as_str(), "--" | "Z0" | "0000" | "@@@@" | "null") {
        return Err(PgnErrorKind::NullMove(text));
    }
    // Peel annotation suffixes and `e.p.` off the end, in any order, so that the SAN kept
    // ends with neither and reads back alone as itself.
    let mut san_len = text.len();
    let mut nags = Vec::new();
    loop {
        let body = text[..san_len].trim_end_matches(is_annotation_char);
        if body.len() < san_len {
            match Nag::from_symbol(&text[body.len()..san_len]) {
                Some(n) => nags.push(n),
                None => {
                    let message = format!("unknown annotation {}", &text[body.len()..san_len]);
                    return Err(PgnErrorKind::InvalidMove {
                        san: text,
                        code: "invalid-move-syntax",
                        message,
                        position: Box::new(top.pos.clone()),
                    });
                }
            }
            san_len = body.len();
        }
        match text[..san_len].strip_suffix("e.p.") {
            Some(rest) => san_len = rest.len(),
            None => break,
        }
    }
    nags.reverse();
    // A coordinate move (`g1f3`, `e7e8q`, `e1g1`), as UCI writes it and chess.js reads it, is
    // read as one first: lenient SAN would take `b8d7` for a bishop move (`b` as `B`).
    let uci = if !opts.strict && is_coordinate_move(&text[..san_len]) { parse_uci(&top.pos, &text[..san_len]).ok() } else { None };
    let mv = match uci.map_or_else(|| parse_san(&top.pos, &text[..san_len], opts), Ok) {
        Ok(mv) => mv,
        Err(e) => {
            return Err(PgnErrorKind::InvalidMove {
                san: text,
                code: e.code(),
                message: e.to_string(),
                position: Box::new(top.pos.clone()),
            })
        }
    };
    text.truncate(san_len);
    let mut node = Node::new(mv, text);
    node.comments_before = std::mem::take(&mut top.pending);
    node.nags = nags;
    top.line.nodes.push(node);
    top.before_last = top.pos.clone();
    top.pos.play_unchecked(mv);
    Ok(())
}

/// Whether `text` has the shape of a UCI move: two squares and an optional promotion letter.
fn is_coordinate_move(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    matches!(b.len(), 4 | 5) && square(b[0], b[1]) && square(b[2], b[3]) && b.get(4).is_none_or(|c| b"qrbnQRBN".contains(c))
}

/// The position a game starts from, by its `FEN` and `Variant` tags.
fn start_position(tags: &[(String, String)], pos: &[(u32, u32)]) -> Result<Position, Fault> {
    let find = |name: &str| tags.iter().position(|(k, _)| k.eq_ignore_ascii_case(name));
    let mut mode = CastlingMode::Standard;
    if let Some(i) = find("Variant") {
        // ASCII letters and digits, lowercased; other ASCII dropped ("Fischer Random", "chess-960").
        // Every spelling known is ASCII: a character beyond it is kept, so that it names no
        // known variant (and no Unicode case tables are linked in).
        let v: String = tags[i].1.chars().filter(|c| !c.is_ascii() || c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect();
        mode = match v.as_str() {
            "" | "standard" | "chess" | "normal" | "fromposition" => CastlingMode::Standard,
            "chess960" | "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" | "chess960fischerrandom" => {
                CastlingMode::Chess960
            }
            _ => return Err((PgnErrorKind::UnsupportedVariant(tags[i].1.clone()), pos[i].0, pos[i].1)),
        };
    }
    let Some(i) = find("FEN") else {
        return Ok(match mode {
            CastlingMode::Standard => Position::new(),
            CastlingMode::Chess960 => Position::chess960(518).expect("518 is the standard position"),
        });
    };
    let fen = tags[i].1.trim();
    match Position::from_fen(fen, mode) {
        Ok(p) => Ok(p),
        Err(e) => {
            // A FEN whose castling rooks only Chess960 allows, with no Variant tag: Chess960.
            if mode == CastlingMode::Standard && e.code() == "invalid-castling-rights" {
                if let Ok(p) = Position::from_fen(fen, CastlingMode::Chess960) {
                    return Ok(p);
                }
            }
            Err((PgnErrorKind::InvalidFen { code: e.code(), message: e.to_string() }, pos[i].0, pos[i].1))
        }
    }
}
