//! The PGN writer: tags in export order, then the movetext wrapped at 80 columns.
//!
//! What it writes reads back into the same [`Game`] (tags put in export order): the same moves,
//! SAN, comments, NAGs and variations. Black's moves get a move number (`12... e5`) at the start
//! of a line and after a comment or a variation. Lines break only between tokens and between
//! the words of a comment, so a line is longer than the width only where one word is. The tree
//! is walked with an explicit stack, so even a hand-built tree of any depth cannot overflow it.

use super::lexer::is_space;
use super::nag::Nag;
use super::tree::{export_order, Game, Line, Node};
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
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions { canonical_san: false, nag_symbols: false, comments: true, variations: true, width: 80 }
    }
}

/// The PGN of `game`: tag pairs, a blank line, the movetext ending with the result, `\n`.
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
pub fn write_game_to(out: &mut String, game: &Game, options: &WriteOptions) {
    for (name, value) in export_order(&game.tags) {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        for c in value.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '"' => out.push_str("\\\""),
                c if c.is_control() => out.push(' '),
                c => out.push(c),
            }
        }
        out.push_str("\"]\n");
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    let mut w = Wrap::new(out, options.width);
    movetext(&mut w, game, options);
    w.token(game.result.as_str());
    w.out.push('\n');
}

/// The PGN of the game with [`WriteOptions::default`].
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_game(self, &WriteOptions::default()))
    }
}

/// Puts tokens on lines of at most `width` characters. `(` is written with the token after it
/// and `)` with the token before it (moving that token to a new line if need be).
struct Wrap<'a> {
    out: &'a mut String,
    width: usize,
    /// Characters on the current line.
    col: usize,
    /// A `(` waits to be written with the next token.
    open: bool,
    /// Where the last token starts in `out`, its length in characters, and whether a space
    /// before it separates it from a token on the same line.
    last_start: usize,
    last_len: usize,
    last_spaced: bool,
}

impl Wrap<'_> {
    fn new(out: &mut String, width: usize) -> Wrap<'_> {
        Wrap { out, width: width.max(1), col: 0, open: false, last_start: 0, last_len: 0, last_spaced: false }
    }

    fn token(&mut self, tok: &str) {
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
                self.last_spaced = false;
            }
            self.out.push(')');
            self.col += 1;
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
            if self.col + 1 + len > self.width {
                self.out.push('\n');
                self.col = 0;
            } else {
                self.out.push(' ');
                self.col += 1;
                self.last_spaced = true;
            }
        }
        self.last_start = self.out.len();
        self.last_len = len;
        self.out.push_str(tok);
        self.col += len;
    }

    fn comment(&mut self, text: &str) {
        if text.contains('}') {
            // Only a `;` comment can hold `}`: write it as one, ending the line.
            if std::mem::take(&mut self.open) {
                self.put("(");
            }
            let len = text.chars().count() + 2;
            let glued = self.out.ends_with('(');
            if self.col > 0 && !glued && self.col + 1 + len > self.width {
                self.out.push('\n');
                self.col = 0;
            }
            if self.col > 0 && !glued {
                self.out.push(' ');
            }
            self.out.push_str("; ");
            self.out.push_str(text);
            self.out.push('\n');
            self.col = 0;
            self.last_spaced = false;
            self.last_len = 0;
            self.last_start = self.out.len();
            return;
        }
        // `{ first` and `last }` stay together; a line may break between any two words.
        // Words go straight to `put`: a `(` or `)` in a comment is no variation.
        let mut tok = String::from(if std::mem::take(&mut self.open) { "({ " } else { "{ " });
        let mut words = text.split(is_space).filter(|w| !w.is_empty()).peekable();
        if words.peek().is_none() {
            tok.push('}');
            self.put(&tok);
            return;
        }
        while let Some(word) = words.next() {
            tok.push_str(word);
            if words.peek().is_none() {
                tok.push_str(" }");
            }
            self.put(&tok);
            tok.clear();
        }
    }
}

/// One line being written.
struct Frame<'g> {
    line: &'g Line,
    /// The next node to write.
    idx: usize,
    /// The ply of `line.nodes[idx]` (0 = White's first move of move 1).
    ply: u32,
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
    let ply0 = (start.fullmoves().max(1) - 1).saturating_mul(2) + u32::from(start.turn() == Color::Black);
    let frame = |line, ply, pos: Option<Position>| Frame { line, idx: 0, ply, prev: pos.clone(), pos, var_idx: 0, force_number: true };
    let mut stack = vec![frame(&game.root, ply0, track.then(|| start.clone()))];

    while let Some(top) = stack.last_mut() {
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
            write_node(w, node, top, options);
            top.prev = top.pos.clone();
            if let Some(pos) = top.pos.as_mut() {
                pos.play_unchecked(node.mv);
            }
            top.idx += 1;
            top.ply += 1;
            top.var_idx = 0;
            top.force_number = options.comments && !node.comments_after.is_empty();
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

fn write_node(w: &mut Wrap<'_>, node: &Node, frame: &mut Frame<'_>, options: &WriteOptions) {
    if options.comments && !node.comments_before.is_empty() {
        for c in &node.comments_before {
            w.comment(c);
        }
        frame.force_number = true;
    }
    let number = frame.ply / 2 + 1;
    let mut buf = ArrayString::<24>::new();
    if frame.ply % 2 == 0 {
        let _ = write!(buf, "{number}.");
        w.token(&buf);
    } else if frame.force_number {
        let _ = write!(buf, "{number}...");
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
