//! The PGN lexer: turns text, pulled one line at a time from any [`BufRead`], into tokens that
//! carry their line and column.
//!
//! It holds one line (at most [`MAX_LINE_LEN`] bytes; a longer one is skipped and reported) plus
//! the text of a comment that spans lines (at most [`MAX_COMMENT_LEN`] bytes; the rest of a
//! longer one is skipped and reported), never the whole input, and looks at every byte a bounded
//! number of times, so it runs in linear time and bounded memory. Columns count
//! characters (UTF-8 scalar values), from 1; a tab is one column. A byte-order mark, `\r` before
//! `\n`, tabs and form feeds are whitespace. A line whose first character is `%` is an escape
//! line and is skipped whole (outside a comment). Text that is not UTF-8 is read as Latin-1, as
//! old PGN files often are.

use super::tree::GameResult;
use super::{MAX_COMMENT_LEN, MAX_LINE_LEN};
use std::io::{BufRead, ErrorKind};

/// One token and where it starts (1-based line and column).
#[derive(Debug)]
pub(crate) struct Token {
    pub kind: Tok,
    pub line: u32,
    pub col: u32,
}

/// What a token is.
#[derive(Debug)]
pub(crate) enum Tok {
    /// `[`, opening a tag pair.
    LBracket,
    /// `]`, closing a tag pair.
    RBracket,
    /// `(`, opening a variation.
    LParen,
    /// `)`, closing a variation.
    RParen,
    /// A quoted string, escapes `\"` and `\\` resolved.
    Str(String),
    /// A `{...}` or `;` comment, whitespace collapsed to single spaces and trimmed.
    Comment(String),
    /// `$n`.
    Nag(u8),
    /// A move number: `12.`, `12...`, or bare digits.
    MoveNumber,
    /// A game termination marker.
    Result(GameResult),
    /// Any other run of characters: a move, an annotation glyph, a tag name, or garbage.
    Symbol(String),
    /// A lexical error; the lexer goes on after it.
    Error(LexError),
    /// The end of the input.
    Eof,
}

// A `;` comment ends with its line, so it is never longer than a comment may be.
const _: () = assert!(MAX_COMMENT_LEN >= MAX_LINE_LEN);

/// Lexical errors.
#[derive(Debug)]
pub(crate) enum LexError {
    /// `{` with no `}` before the end of the input.
    UnterminatedComment,
    /// `"` with no closing `"` on the same line.
    UnterminatedString,
    /// `$` not followed by a number from 0 to 255.
    BadNag,
    /// A line longer than [`MAX_LINE_LEN`]: skipped.
    LineTooLong,
    /// A comment longer than [`MAX_COMMENT_LEN`]: skipped to its end.
    CommentTooLong,
    /// The underlying reader failed.
    Io(String),
}

/// Byte classes: whitespace, and the bytes that end a symbol (whitespace included).
const SPACE: u8 = 1;
const DELIMITER: u8 = 2;
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let spaces = b" \t\r\n\x0b\x0c";
    let mut i = 0;
    while i < spaces.len() {
        t[spaces[i] as usize] = SPACE | DELIMITER;
        i += 1;
    }
    let delims = b"{}()[];\"$";
    let mut i = 0;
    while i < delims.len() {
        t[delims[i] as usize] = DELIMITER;
        i += 1;
    }
    t
};

/// Bytes that end a symbol.
#[inline]
fn is_delimiter(b: u8) -> bool {
    CLASS[b as usize] & DELIMITER != 0
}

/// The whitespace of PGN text (what separates tokens and collapses inside comments).
pub(crate) fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n' | '\x0b' | '\x0c')
}

/// Text from bytes: UTF-8 when valid, else Latin-1.
pub(crate) fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    }
}

/// Appends `bytes` to `out` with every run of whitespace made one space (leading whitespace
/// dropped when `out` is empty or already ends with a space).
fn push_collapsed(out: &mut Vec<u8>, bytes: &[u8]) {
    let mut i = 0;
    while i < bytes.len() {
        if CLASS[bytes[i] as usize] & SPACE != 0 {
            if !out.is_empty() && out.last() != Some(&b' ') {
                out.push(b' ');
            }
            i += 1;
        } else {
            let start = i;
            while i < bytes.len() && CLASS[bytes[i] as usize] & SPACE == 0 {
                i += 1;
            }
            out.extend_from_slice(&bytes[start..i]);
        }
    }
}

fn finish_comment(mut bytes: Vec<u8>) -> String {
    while bytes.last() == Some(&b' ') {
        bytes.pop();
    }
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    }
}

/// The result markers, by their spellings in real files.
pub(crate) fn result_of(sym: &[u8]) -> Option<GameResult> {
    Some(match sym {
        b"1-0" => GameResult::WhiteWins,
        b"0-1" => GameResult::BlackWins,
        // `½-½` in UTF-8 and in Latin-1.
        b"1/2-1/2" | b"\xC2\xBD-\xC2\xBD" | b"\xBD-\xBD" => GameResult::Draw,
        b"*" => GameResult::Ongoing,
        _ => return None,
    })
}

/// A streaming PGN lexer over a [`BufRead`].
pub(crate) struct Lexer<R> {
    reader: R,
    /// The current line, without its `\n`.
    buf: Vec<u8>,
    /// The next byte to read in `buf`.
    pos: usize,
    /// 1-based number of the line in `buf`; 0 before the first line.
    line_no: u32,
    /// Column bookkeeping: `col` is the column of byte `col_at`; advanced lazily and only forward.
    col_at: usize,
    col: u32,
    /// The line is ASCII (after any byte-order mark): a column is a byte offset.
    ascii: bool,
    /// No more lines.
    eof: bool,
    /// A token put back by the parser.
    peeked: Option<Token>,
    /// Bytes read so far.
    offset: u64,
    /// The line just loaded was too long (and skipped): reported as the next token.
    overlong: bool,
}

impl<R: BufRead> Lexer<R> {
    pub fn new(reader: R) -> Lexer<R> {
        Lexer {
            reader,
            buf: Vec::new(),
            pos: 0,
            line_no: 0,
            col_at: 0,
            col: 1,
            ascii: true,
            eof: false,
            peeked: None,
            offset: 0,
            overlong: false,
        }
    }

    /// How many bytes of the input have been read (whole lines at a time).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Reads the next line into `buf` (with its `\n`, if any), or as much of it as fits in
    /// [`MAX_LINE_LEN`]: a longer line is consumed but not kept (`buf` is left empty) and
    /// `overlong` is set. Returns the number of bytes consumed (0 at the end of the input).
    fn read_line(&mut self) -> std::io::Result<usize> {
        let mut total = 0;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(total);
            }
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if !self.overlong {
                if self.buf.len() + take - usize::from(done) > MAX_LINE_LEN {
                    self.overlong = true;
                    self.buf = Vec::new();
                } else {
                    self.buf.extend_from_slice(&chunk[..take]);
                }
            }
            self.reader.consume(take);
            total += take;
            if done {
                return Ok(total);
            }
        }
    }

    /// Loads the next line into `buf`; false at the end of input (or on an I/O error, which is
    /// returned through `io_error`).
    fn next_line(&mut self) -> Result<bool, String> {
        if self.eof {
            return Ok(false);
        }
        self.buf.clear();
        self.pos = 0;
        self.col_at = 0;
        self.col = 1;
        self.overlong = false;
        match self.read_line() {
            Ok(0) => {
                self.eof = true;
                Ok(false)
            }
            Ok(n) => {
                self.offset += n as u64;
                if self.buf.last() == Some(&b'\n') {
                    self.buf.pop();
                }
                self.line_no = self.line_no.saturating_add(1);
                if self.line_no == 1 && self.buf.starts_with(&[0xEF, 0xBB, 0xBF]) {
                    // The byte-order mark counts as no column.
                    self.pos = 3;
                    self.col_at = 3;
                }
                self.ascii = self.buf[self.col_at..].is_ascii();
                Ok(true)
            }
            Err(e) => {
                self.eof = true;
                Err(e.to_string())
            }
        }
    }

    /// The column of byte `at` of the current line (`at` never less than at the last call
    /// since the line was loaded).
    fn column(&mut self, at: usize) -> u32 {
        let end = at.min(self.buf.len());
        if self.ascii {
            return u32::try_from(end - self.col_at).unwrap_or(u32::MAX).saturating_add(self.col);
        }
        if end > self.col_at {
            let chars = self.buf[self.col_at..end].iter().filter(|&&b| b & 0xC0 != 0x80).count();
            self.col = self.col.saturating_add(chars as u32);
            self.col_at = end;
        }
        self.col
    }

    fn token(&mut self, kind: Tok, at: usize) -> Token {
        let col = self.column(at);
        Token { kind, line: self.line_no, col }
    }

    /// Puts a token back; the next [`Lexer::next`] returns it.
    pub fn unread(&mut self, tok: Token) {
        debug_assert!(self.peeked.is_none());
        self.peeked = Some(tok);
    }

    /// The next token.
    pub fn next(&mut self) -> Token {
        if let Some(t) = self.peeked.take() {
            return t;
        }
        loop {
            // Skip whitespace, loading lines as needed.
            while let Some(&b) = self.buf.get(self.pos) {
                if CLASS[b as usize] & SPACE != 0 {
                    self.pos += 1;
                } else if b == 0xEF && self.buf[self.pos..].starts_with(&[0xEF, 0xBB, 0xBF]) {
                    self.pos += 3;
                } else {
                    break;
                }
            }
            if self.pos >= self.buf.len() {
                match self.next_line() {
                    Ok(true) if self.overlong => return self.overlong_token(),
                    Ok(true) => {
                        if self.buf.get(self.pos) == Some(&b'%') {
                            // Escape line: skipped whole.
                            self.pos = self.buf.len();
                        }
                        continue;
                    }
                    Ok(false) => {
                        let line = self.line_no.max(1);
                        let col = self.column(usize::MAX);
                        return Token { kind: Tok::Eof, line, col };
                    }
                    Err(e) => {
                        let line = self.line_no.max(1);
                        return Token { kind: Tok::Error(LexError::Io(e)), line, col: 1 };
                    }
                }
            }
            let start = self.pos;
            let b = self.buf[start];
            let simple = match b {
                b'[' => Some(Tok::LBracket),
                b']' => Some(Tok::RBracket),
                b'(' => Some(Tok::LParen),
                b')' => Some(Tok::RParen),
                _ => None,
            };
            if let Some(kind) = simple {
                self.pos += 1;
                return self.token(kind, start);
            }
            return match b {
                b'{' => self.brace_comment(start),
                b';' => {
                    let mut text = Vec::new();
                    push_collapsed(&mut text, &self.buf[start + 1..]);
                    self.pos = self.buf.len();
                    self.token(Tok::Comment(finish_comment(text)), start)
                }
                b'"' => self.string(start),
                b'$' => self.nag(start),
                b'}' => {
                    self.pos += 1;
                    self.token(Tok::Symbol("}".to_owned()), start)
                }
                _ => match self.symbol(start) {
                    Some(t) => t,
                    None => continue,
                },
            };
        }
    }

    /// The error token for a line too long, which was skipped.
    fn overlong_token(&mut self) -> Token {
        Token { kind: Tok::Error(LexError::LineTooLong), line: self.line_no, col: 1 }
    }

    /// A `{...}` comment; past [`MAX_COMMENT_LEN`] its text is dropped, the rest skipped to the
    /// closing `}`, and the comment is an error.
    fn brace_comment(&mut self, start: usize) -> Token {
        let (line, col) = (self.line_no, self.column(start));
        let mut text = Vec::new();
        let mut too_long = false;
        let mut from = start + 1;
        loop {
            let rest = &self.buf[from..];
            let end = rest.iter().position(|&b| b == b'}');
            if !too_long {
                push_collapsed(&mut text, &rest[..end.unwrap_or(rest.len())]);
                if end.is_none() {
                    push_collapsed(&mut text, b"\n");
                }
                // (A space at the end is still to be trimmed.)
                if text.len() - usize::from(text.last() == Some(&b' ')) > MAX_COMMENT_LEN {
                    too_long = true;
                    text = Vec::new();
                }
            }
            if let Some(i) = end {
                self.pos = from + i + 1;
                let kind = if too_long { Tok::Error(LexError::CommentTooLong) } else { Tok::Comment(finish_comment(text)) };
                return Token { kind, line, col };
            }
            match self.next_line() {
                Ok(true) if self.overlong => return self.overlong_token(),
                Ok(true) => from = self.pos,
                Ok(false) => return Token { kind: Tok::Error(LexError::UnterminatedComment), line, col },
                Err(e) => return Token { kind: Tok::Error(LexError::Io(e)), line: self.line_no, col: 1 },
            }
        }
    }

    fn string(&mut self, start: usize) -> Token {
        let mut out = Vec::new();
        let mut i = start + 1;
        while i < self.buf.len() {
            match self.buf[i] {
                b'"' => {
                    self.pos = i + 1;
                    // A tag value is one line of text: control characters read as spaces.
                    let mut value = decode(&out);
                    if value.chars().any(char::is_control) {
                        value = value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
                    }
                    return self.token(Tok::Str(value), start);
                }
                b'\\' if matches!(self.buf.get(i + 1), Some(b'"') | Some(b'\\')) => {
                    out.push(self.buf[i + 1]);
                    i += 2;
                }
                b => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        self.pos = self.buf.len();
        self.token(Tok::Error(LexError::UnterminatedString), start)
    }

    fn nag(&mut self, start: usize) -> Token {
        let mut i = start + 1;
        let mut value: u32 = 0;
        while i < self.buf.len() && self.buf[i].is_ascii_digit() {
            value = value.saturating_mul(10).saturating_add(u32::from(self.buf[i] - b'0'));
            i += 1;
        }
        let digits = i - start - 1;
        // The NAG must end at a delimiter or a glyph such as `!`; `$1x` is an error.
        let ends_well = i >= self.buf.len() || is_delimiter(self.buf[i]) || matches!(self.buf[i], b'!' | b'?');
        if digits == 0 || value > 255 || !ends_well {
            while i < self.buf.len() && !is_delimiter(self.buf[i]) {
                i += 1;
            }
            self.pos = i.max(start + 1);
            return self.token(Tok::Error(LexError::BadNag), start);
        }
        self.pos = i;
        self.token(Tok::Nag(value as u8), start)
    }

    /// A run of non-delimiters: result, move number, dots (skipped: `None`), or symbol.
    fn symbol(&mut self, start: usize) -> Option<Token> {
        let mut end = start;
        while end < self.buf.len() && !is_delimiter(self.buf[end]) {
            end += 1;
        }
        let run = &self.buf[start..end];
        if let Some(r) = result_of(run) {
            self.pos = end;
            return Some(self.token(Tok::Result(r), start));
        }
        if run[0].is_ascii_digit() {
            let digits = run.iter().take_while(|b| b.is_ascii_digit()).count();
            let dots = run[digits..].iter().take_while(|&&b| b == b'.').count();
            if dots > 0 || digits == run.len() {
                // `12.`, `12...`, `12` (and `12.e4`: the move is lexed next).
                self.pos = start + digits + dots;
                return Some(self.token(Tok::MoveNumber, start));
            }
        }
        self.pos = end;
        if run.iter().all(|&b| b == b'.') {
            // `...` standing alone (as in `12. ... e5`).
            return None;
        }
        let text = decode(run);
        Some(self.token(Tok::Symbol(text), start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<String> {
        let mut lx = Lexer::new(text.as_bytes());
        let mut out = Vec::new();
        loop {
            let t = lx.next();
            if matches!(t.kind, Tok::Eof) {
                break;
            }
            out.push(format!("{}:{}:{:?}", t.line, t.col, t.kind));
        }
        out
    }

    #[test]
    fn tokens_and_positions() {
        let k = kinds("\u{feff}[White \"A \\\"B\\\" \\\\\"]\r\n1.e4 {a\n  b}  e5!? $14 ; rest\n% skipped {\n2... Nf3 *");
        assert_eq!(
            k,
            [
                "1:1:LBracket",
                "1:2:Symbol(\"White\")",
                "1:8:Str(\"A \\\"B\\\" \\\\\")",
                "1:20:RBracket",
                "2:1:MoveNumber",
                "2:3:Symbol(\"e4\")",
                "2:6:Comment(\"a b\")",
                "3:7:Symbol(\"e5!?\")",
                "3:12:Nag(14)",
                "3:16:Comment(\"rest\")",
                "5:1:MoveNumber",
                "5:6:Symbol(\"Nf3\")",
                "5:10:Result(Ongoing)",
            ]
        );
    }

    #[test]
    fn unicode_columns() {
        let k = kinds("{é} é Nf3");
        assert_eq!(k, ["1:1:Comment(\"é\")", "1:5:Symbol(\"é\")", "1:7:Symbol(\"Nf3\")"]);
    }

    #[test]
    fn errors() {
        let k = kinds("$ $256 $1x \"open\n{never");
        assert_eq!(
            k,
            [
                "1:1:Error(BadNag)",
                "1:3:Error(BadNag)",
                "1:8:Error(BadNag)",
                "1:12:Error(UnterminatedString)",
                "2:1:Error(UnterminatedComment)"
            ]
        );
    }
}
