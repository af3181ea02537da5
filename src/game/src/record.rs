//! A game's record for PGN, kept beside a [`Game`]: the tags, and per move the comments, NAGs
//! and variations a loaded PGN carried, kept in step with the game's moves as they are played
//! and taken back. What chess.js calls headers and comments; the JavaScript `Chess` holds one.
//!
//! Tags not set by hand are made on demand from the start: the Seven Tag Roster with `?`
//! values (`????.??.??` for the date, `*` for the result), plus `SetUp` and `FEN` (and
//! `Variant`) when the game does not start from the standard position.

use crate::game::{max_plies, Game};
use crate::pgn::{self, GameResult, Line, Nag, Node, PgnErrorKind, WriteOptions};
use crate::{CastlingMode, CastlingNotation, Position, Setup};

/// Where the game starts, for the tags made on demand.
#[derive(Clone, Copy, Debug)]
pub enum Start<'a> {
    /// A legal position.
    Position(&'a Position),
    /// A board being edited that is not (yet) a legal position.
    Edited(&'a Setup, CastlingMode),
}

/// The tags a game from `start` has when none were set: the Seven Tag Roster, then `Variant`,
/// `SetUp` and `FEN` as the start requires.
pub fn default_tags(start: Start<'_>) -> Vec<(String, String)> {
    match start {
        Start::Position(pos) => pgn::Game::from_position(pos.clone()).tags,
        Start::Edited(setup, mode) => {
            let mut g = pgn::Game::new();
            if mode == CastlingMode::Chess960 {
                g.set_tag("Variant", "Chess960");
            }
            g.set_tag("SetUp", "1");
            g.set_tag("FEN", &setup.fen(CastlingNotation::Standard));
            g.tags
        }
    }
}

/// The value a Seven Tag Roster tag takes when removed (it cannot be absent); `None` for other
/// tags.
pub fn roster_default(name: &str) -> Option<&'static str> {
    match name {
        "Date" => Some("????.??.??"),
        "Result" => Some("*"),
        k if pgn::SEVEN_TAG_ROSTER.contains(&k) => Some("?"),
        _ => None,
    }
}

/// Why a note (a comment, a NAG, a tag) was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoteError {
    /// A NAG for the start position: NAGs follow moves in PGN, and no move led there.
    NoMove,
    /// With it the game's PGN would break one of the reader's limits (with room kept for
    /// every move the rules still allow): `comment-too-long`, `too-many-tags`,
    /// `game-too-long`... ([`pgn::check_game`]).
    Limit(PgnErrorKind),
}

impl NoteError {
    /// A stable code: `no-move`, or the reader's detail (`comment-too-long`, ...).
    pub fn code(&self) -> &'static str {
        match self {
            NoteError::NoMove => "no-move",
            NoteError::Limit(e) => e.detail(),
        }
    }
}

impl core::fmt::Display for NoteError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            NoteError::NoMove => f.write_str("the start position follows no move, and a NAG belongs to a move"),
            NoteError::Limit(e) => write!(f, "the game's PGN would not read back: {e}"),
        }
    }
}

/// The notes of a move taken back, kept for the position it led to.
#[derive(Clone, Debug, Default)]
struct Notes {
    comments: Vec<String>,
    nags: Vec<Nag>,
}

/// Tags, comments, NAGs and variations beside a game's moves.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// `None`: made on demand from the start ([`default_tags`]).
    tags: Option<Vec<(String, String)>>,
    /// One node per move of the game (SAN left empty: written canonically).
    line: Line,
    /// Comments on the start position.
    start_comments: Vec<String>,
    /// The termination marker of a loaded PGN.
    result: Option<GameResult>,
    /// Comments and NAGs of moves taken back, by the position they followed (its
    /// [`PositionKey`]): played again, a move to that position gets them back (chess.js keeps
    /// comments and suffix annotations by FEN).
    stash: Vec<(PositionKey, Notes)>,
}

/// The most notes kept for moves taken back (then they are forgotten, and it starts again).
const STASH_LIMIT: usize = 256;

/// What a FEN says of a position, without writing it: its hash and its two move counters.
type PositionKey = (u64, u32, u32);

fn key(pos: &Position) -> PositionKey {
    (pos.zobrist_hash(), pos.halfmoves(), pos.fullmoves())
}

impl Record {
    /// The record of a parsed PGN game (its tree and result marker; `g.start` is left). Its
    /// tags are chess.js's after `loadPgn`: the start's own ([`default_tags`]: the Seven Tag
    /// Roster, `SetUp` and `FEN`) overridden by the ones read, in their order; the `Result`
    /// tag is the termination marker's (the PGN standard, 8.2.6: they must match, and chess.js
    /// takes the marker's), so `getHeaders()` and `pgn()` agree. A tag that is no result
    /// (`[Result "?"]`) stays as read when the game has none.
    pub fn from_pgn(g: pgn::Game) -> Record {
        let mut tags = default_tags(Start::Position(&g.start));
        for (k, v) in &g.tags {
            set(&mut tags, k, v);
        }
        let tag = g.tags.iter().find(|(k, _)| k == "Result").map(|(_, v)| v.as_str());
        let keep = tag.is_some_and(|v| v.parse::<GameResult>().is_err()) && g.result == GameResult::Ongoing;
        if !keep {
            set(&mut tags, "Result", g.result.as_str());
        }
        let mut root = g.root;
        let start_comments = match root.nodes.first_mut() {
            Some(first) => std::mem::take(&mut first.comments_before),
            None => std::mem::take(&mut root.comments),
        };
        Record { tags: Some(tags), line: root, start_comments, result: Some(g.result), stash: Vec::new() }
    }

    /// A fresh record for a new game from `start`; with `preserve_headers` the tags set so far
    /// are kept, but the start's own (`SetUp`, `FEN`, `Variant`) follow the new start.
    pub fn restart(&mut self, preserve_headers: bool, start: Start<'_>) {
        let tags = if preserve_headers { self.tags.take() } else { None };
        *self = Record::default();
        if let Some(mut tags) = tags {
            tags.retain(|(k, _)| k != "SetUp" && k != "FEN" && k != "Variant");
            tags.extend(default_tags(start).into_iter().filter(|(k, _)| k == "SetUp" || k == "FEN" || k == "Variant"));
            self.tags = Some(tags);
        }
    }

    /// Every tag, in order.
    pub fn tags(&self, start: Start<'_>) -> Vec<(String, String)> {
        match &self.tags {
            Some(t) => t.clone(),
            None => default_tags(start),
        }
    }

    fn tags_mut(&mut self, start: Start<'_>) -> &mut Vec<(String, String)> {
        self.tags.get_or_insert_with(|| default_tags(start))
    }

    /// Sets a tag (replacing its value, or adding it last). Refused past [`pgn::MAX_TAGS`]
    /// tags (`too-many-tags`) or by [`pgn::check_tag`].
    pub fn set_tag(&mut self, game: &Game, start: Start<'_>, name: &str, value: &str) -> Result<(), NoteError> {
        pgn::check_tag(name, value).map_err(NoteError::Limit)?;
        let tags = self.tags_mut(start);
        if tags.len() >= pgn::MAX_TAGS && !tags.iter().any(|(k, _)| k == name) {
            return Err(NoteError::Limit(PgnErrorKind::TooManyTags));
        }
        let old = tags.clone();
        set(tags, name, value);
        self.checked(game, |r| r.tags = Some(old))
    }

    /// Removes a tag (a Seven Tag Roster tag goes back to its unknown value); `false` if absent.
    pub fn remove_tag(&mut self, start: Start<'_>, name: &str) -> bool {
        let tags = self.tags_mut(start);
        let Some(i) = tags.iter().position(|(k, _)| k == name) else {
            return false;
        };
        match roster_default(name) {
            Some(v) => tags[i].1 = v.to_owned(),
            None => {
                tags.remove(i);
            }
        }
        true
    }

    /// Keeps a change if the game is still within the reader's limits (see
    /// [`Record::check`]), else undoes it with `undo` and says why.
    fn checked(&mut self, game: &Game, undo: impl FnOnce(&mut Record)) -> Result<(), NoteError> {
        match self.check(game) {
            Ok(()) => Ok(()),
            Err(e) => {
                undo(self);
                Err(NoteError::Limit(e))
            }
        }
    }

    /// Whether the game's PGN is within the reader's limits with room for every move the rules
    /// still allow ([`max_plies`] from the start; none in a sandbox, which has no draw rules)
    /// and for the notes of moves taken back: what `pgn()` writes must read back.
    pub fn check(&self, game: &Game) -> Result<(), PgnErrorKind> {
        let start = game.initial_position();
        let g = self.to_pgn(game, Start::Position(start));
        let room = max_plies(start).unwrap_or(0).saturating_sub(game.ply());
        let stashed: usize = self.stash.iter().map(|(_, n)| n.comments.len() + n.nags.len()).sum();
        pgn::check_game(&g, &WriteOptions { canonical_san: true, chess_js: true, ..WriteOptions::default() }, room + stashed)
    }

    fn current(&self) -> &Vec<String> {
        match self.line.nodes.last() {
            Some(node) => &node.comments_after,
            None => &self.start_comments,
        }
    }

    fn current_mut(&mut self) -> &mut Vec<String> {
        match self.line.nodes.last_mut() {
            Some(node) => &mut node.comments_after,
            None => &mut self.start_comments,
        }
    }

    /// The comment on the current position (several read from a PGN, joined by a space).
    pub fn comment(&self) -> Option<String> {
        let c = self.current();
        (!c.is_empty()).then(|| c.join(" "))
    }

    /// Sets the comment on the current position; refused if the PGN would then break the
    /// reader's limits ([`pgn::check_comment`], [`Record::check`]).
    pub fn set_comment(&mut self, game: &Game, comment: String) -> Result<(), NoteError> {
        pgn::check_comment(&comment).map_err(NoteError::Limit)?;
        let old = std::mem::replace(self.current_mut(), vec![comment]);
        self.checked(game, |r| *r.current_mut() = old)
    }

    fn node(&self, ply: usize) -> Option<&Node> {
        self.line.nodes.get(ply.checked_sub(1)?)
    }

    fn node_mut(&mut self, ply: usize) -> Option<&mut Node> {
        self.line.nodes.get_mut(ply.checked_sub(1)?)
    }

    /// The NAGs of the move that led to the position after `ply` moves (none for the start).
    pub fn nags(&self, ply: usize) -> &[Nag] {
        self.node(ply).map_or(&[], |n| &n.nags)
    }

    /// Replaces the NAGs of the move to the position after `ply` moves (a NAG given twice is
    /// kept once, where it first stands); returns the old ones. Refused for the start
    /// position ([`NoteError::NoMove`]) or past the reader's limits ([`Record::check`]).
    pub fn set_nags(&mut self, game: &Game, ply: usize, nags: &[Nag]) -> Result<Vec<Nag>, NoteError> {
        let mut list: Vec<Nag> = Vec::with_capacity(nags.len());
        for &n in nags {
            if !list.contains(&n) {
                list.push(n);
            }
        }
        let node = self.node_mut(ply).ok_or(NoteError::NoMove)?;
        let old = std::mem::replace(&mut node.nags, list);
        let back = old.clone();
        self.checked(game, |r| {
            if let Some(node) = r.node_mut(ply) {
                node.nags = back;
            }
        })?;
        Ok(old)
    }

    /// Adds a NAG to the move to the position after `ply` moves (a NAG it has is not added
    /// again). Refused as [`Record::set_nags`].
    pub fn add_nag(&mut self, game: &Game, ply: usize, nag: Nag) -> Result<(), NoteError> {
        let mut nags = self.nags(ply).to_vec();
        nags.push(nag);
        self.set_nags(game, ply, &nags).map(drop)
    }

    /// Removes every NAG of the move to the position after `ply` moves; returns them.
    pub fn remove_nags(&mut self, ply: usize) -> Vec<Nag> {
        self.node_mut(ply).map(|n| std::mem::take(&mut n.nags)).unwrap_or_default()
    }

    /// Removes a NAG from the move to the position after `ply` moves; `false` if it had none.
    pub fn remove_nag(&mut self, ply: usize, nag: Nag) -> bool {
        let Some(node) = self.node_mut(ply) else { return false };
        let before = node.nags.len();
        node.nags.retain(|&n| n != nag);
        node.nags.len() != before
    }

    /// The suffix annotation of the move to the position after `ply` moves: its move
    /// assessment, the first of its NAGs 1 to 6 (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    pub fn suffix(&self, ply: usize) -> Option<Nag> {
        self.nags(ply).iter().copied().find(|n| n.is_move_suffix())
    }

    /// Makes `suffix` (one of NAGs 1 to 6) the move's assessment: it replaces the ones it had,
    /// and stands first (as it is written: `e4!`). Returns the one replaced. Refused as
    /// [`Record::set_nags`].
    pub fn set_suffix(&mut self, game: &Game, ply: usize, suffix: Nag) -> Result<Option<Nag>, NoteError> {
        debug_assert!(suffix.is_move_suffix());
        let old = self.suffix(ply);
        let mut nags = vec![suffix];
        nags.extend(self.nags(ply).iter().filter(|n| !n.is_move_suffix()));
        self.set_nags(game, ply, &nags)?;
        Ok(old)
    }

    /// Removes the move's assessments (NAGs 1 to 6); returns the first.
    pub fn remove_suffix(&mut self, ply: usize) -> Option<Nag> {
        let old = self.suffix(ply);
        if let Some(node) = self.node_mut(ply) {
            node.nags.retain(|n| !n.is_move_suffix());
        }
        old
    }

    /// Removes the comment on the current position and returns it.
    pub fn remove_comment(&mut self) -> Option<String> {
        let old = self.comment();
        self.current_mut().clear();
        old
    }

    /// Every comment of the game as (ply of the position it follows: 0 for the start, joined
    /// text), in game order.
    pub fn comments(&self) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        if !self.start_comments.is_empty() {
            out.push((0, self.start_comments.join(" ")));
        }
        for (i, node) in self.line.nodes.iter().enumerate() {
            if !node.comments_after.is_empty() {
                out.push((i + 1, node.comments_after.join(" ")));
            }
        }
        out
    }

    /// Removes every comment; returns them as [`Record::comments`] did.
    pub fn remove_comments(&mut self) -> Vec<(usize, String)> {
        let old = self.comments();
        self.start_comments.clear();
        self.line.comments.clear();
        for node in &mut self.line.nodes {
            node.comments_after.clear();
            node.comments_before.clear();
        }
        old
    }

    /// Keeps one node per move of `game` after moves were played or taken back. A move to a
    /// position whose notes were taken back with [`Record::take_back`] gets them back (if the
    /// game stays within the reader's limits: else they are forgotten).
    pub fn sync(&mut self, game: &Game) {
        let moves = game.moves();
        let line = &mut self.line;
        while line.nodes.len() > moves.len() {
            if let Some(mut node) = line.nodes.pop() {
                // Comments before the move go back to where they were: the end of the line.
                node.comments_before.append(&mut line.comments);
                line.comments = node.comments_before;
            }
        }
        let mut restored = Vec::new();
        for (i, &mv) in moves.iter().enumerate().skip(line.nodes.len()) {
            let mut node = Node::new(mv, String::new());
            node.comments_before = std::mem::take(&mut line.comments);
            if let Some(pos) = game.positions().get(i + 1).filter(|_| !self.stash.is_empty()) {
                let at = key(pos);
                if let Some(k) = self.stash.iter().rposition(|(f, _)| *f == at) {
                    let notes = self.stash.remove(k).1;
                    node.comments_after = notes.comments;
                    node.nags = notes.nags;
                    restored.push(i);
                }
            }
            line.nodes.push(node);
        }
        if !restored.is_empty() && self.check(game).is_err() {
            for i in restored {
                self.line.nodes[i].comments_after.clear();
                self.line.nodes[i].nags.clear();
            }
        }
    }

    /// Before the last move is taken back: keeps its comments and NAGs by `after`, the
    /// position it led to, so that they come back with a move to that position (chess.js
    /// keeps comments by FEN).
    pub fn take_back(&mut self, after: &Position) {
        let Some(node) = self.line.nodes.last_mut() else { return };
        if node.comments_after.is_empty() && node.nags.is_empty() {
            return;
        }
        if self.stash.len() == STASH_LIMIT {
            self.stash.clear();
        }
        let notes = Notes { comments: std::mem::take(&mut node.comments_after), nags: std::mem::take(&mut node.nags) };
        self.stash.push((key(after), notes));
    }

    /// Forgets the notes of moves taken back (chess.js prunes comments on `getComments()`).
    pub fn forget_taken_back(&mut self) {
        self.stash.clear();
    }

    /// The game's tags as `pgn()` writes them and `getHeaders()` gives them: the tags, with
    /// the `Result` the game's result if decided (a mate, a draw by rule, a resignation...),
    /// else a loaded PGN's marker or the `Result` tag as set. (chess.js leaves `*` after a mate.)
    pub fn headers(&self, game: &Game, start: Start<'_>) -> Vec<(String, String)> {
        self.headers_and_result(game, start).0
    }

    fn headers_and_result(&self, game: &Game, start: Start<'_>) -> (Vec<(String, String)>, GameResult) {
        let mut tags = self.tags(start);
        let result = match game.result() {
            decided @ (GameResult::WhiteWins | GameResult::BlackWins | GameResult::Draw) => decided,
            GameResult::Ongoing => self
                .result
                .filter(|r| *r != GameResult::Ongoing)
                .or_else(|| tags.iter().find(|(k, _)| k == "Result").and_then(|(_, v)| v.parse().ok()))
                .unwrap_or_default(),
        };
        set(&mut tags, "Result", result.as_str());
        (tags, result)
    }

    /// The game as a PGN tree: its [`headers`](Record::headers) (the result marker is their
    /// `Result`), the moves with their notes.
    pub fn to_pgn(&self, game: &Game, start: Start<'_>) -> pgn::Game {
        let (tags, marker) = self.headers_and_result(game, start);
        let mut root = self.line.clone();
        if !self.start_comments.is_empty() {
            let before = match root.nodes.first_mut() {
                Some(first) => &mut first.comments_before,
                None => &mut root.comments,
            };
            let mut c = self.start_comments.clone();
            c.append(before);
            *before = c;
        }
        pgn::Game { tags, start: game.initial_position().clone(), root, result: marker }
    }
}

fn set(tags: &mut Vec<(String, String)>, name: &str, value: &str) {
    match tags.iter_mut().find(|(k, _)| k == name) {
        Some((_, v)) => *v = value.to_owned(),
        None => tags.push((name.to_owned(), value.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_made_on_demand_and_follow_the_start() {
        let start = Position::new();
        let mut r = Record::default();
        assert_eq!(r.tags(Start::Position(&start)).len(), 7);
        let game = Game::new();
        r.set_tag(&game, Start::Position(&start), "White", "Anna").unwrap();
        assert!(r.remove_tag(Start::Position(&start), "White"));
        assert_eq!(r.tags(Start::Position(&start))[4], ("White".to_owned(), "?".to_owned()));
        assert!(!r.remove_tag(Start::Position(&start), "Annotator"));
        let other = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", CastlingMode::Standard).unwrap();
        r.restart(true, Start::Position(&other));
        let tags = r.tags(Start::Position(&other));
        assert!(tags.contains(&("FEN".to_owned(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1".to_owned())));
        r.restart(false, Start::Position(&start));
        assert_eq!(r.tags(Start::Position(&start)).len(), 7);
    }

    #[test]
    fn comments_follow_the_moves() {
        let mut game = Game::new();
        let mut r = Record::default();
        r.set_comment(&game, "start".into()).unwrap();
        game.play_san("e4").unwrap();
        r.sync(&game);
        r.set_comment(&game, "best by test".into()).unwrap();
        assert_eq!(r.comments(), vec![(0, "start".to_owned()), (1, "best by test".to_owned())]);
        game.undo();
        r.sync(&game);
        assert_eq!(r.comment().as_deref(), Some("start"));
        let g = r.to_pgn(&game, Start::Position(game.initial_position()));
        assert_eq!(g.root.comments, vec!["start".to_owned()]);
        assert_eq!(r.remove_comments().len(), 1);
    }

    #[test]
    fn a_comment_comes_back_with_its_position() {
        let mut game = Game::new();
        let mut r = Record::default();
        for san in ["e4", "e5"] {
            game.play_san(san).unwrap();
            r.sync(&game);
            r.set_comment(&game, format!("after {san}")).unwrap();
        }
        for _ in 0..2 {
            r.take_back(game.position());
            game.undo();
            r.sync(&game);
        }
        assert_eq!(r.comments(), vec![]);
        game.play_san("e4").unwrap();
        r.sync(&game);
        assert_eq!(r.comment().as_deref(), Some("after e4"));
        // Another move, another position: no comment; the old one waits for its position.
        game.play_san("c5").unwrap();
        r.sync(&game);
        assert_eq!(r.comment(), None);
        r.take_back(game.position());
        game.undo();
        r.sync(&game);
        game.play_san("e5").unwrap();
        r.sync(&game);
        assert_eq!(r.comment().as_deref(), Some("after e5"));
        r.take_back(game.position());
        game.undo();
        r.sync(&game);
        r.forget_taken_back();
        game.play_san("e5").unwrap();
        r.sync(&game);
        assert_eq!(r.comment(), None);
    }

    fn played(sans: &[&str]) -> (Game, Record) {
        let mut game = Game::new();
        let mut r = Record::default();
        for san in sans {
            game.play_san(san).unwrap();
            r.sync(&game);
        }
        (game, r)
    }

    #[test]
    fn nags_and_suffixes_belong_to_the_move() {
        let (game, mut r) = played(&["e4", "e5"]);
        assert_eq!(r.add_nag(&game, 0, Nag(1)), Err(NoteError::NoMove));
        r.add_nag(&game, 1, Nag(14)).unwrap();
        r.add_nag(&game, 1, Nag(14)).unwrap();
        assert_eq!(r.nags(1), [Nag(14)]);
        assert_eq!(r.set_suffix(&game, 1, Nag::GOOD), Ok(None));
        assert_eq!(r.nags(1), [Nag::GOOD, Nag(14)]);
        assert_eq!(r.set_suffix(&game, 1, Nag::DUBIOUS), Ok(Some(Nag::GOOD)));
        assert_eq!(r.nags(1), [Nag::DUBIOUS, Nag(14)]);
        assert_eq!(r.suffix(2), None);
        assert_eq!(r.set_nags(&game, 2, &[Nag(2), Nag(18), Nag(2)]), Ok(vec![]));
        assert_eq!(r.suffix(2), Some(Nag::MISTAKE));
        assert_eq!(r.remove_suffix(2), Some(Nag::MISTAKE));
        assert!(r.remove_nag(2, Nag(18)));
        assert!(!r.remove_nag(2, Nag(18)));
        let g = r.to_pgn(&game, Start::Position(game.initial_position()));
        assert_eq!(g.root.nodes[0].nags, [Nag::DUBIOUS, Nag(14)]);
    }

    #[test]
    fn nags_come_back_with_their_position() {
        let (mut game, mut r) = played(&["e4"]);
        r.set_suffix(&game, 1, Nag::BRILLIANT).unwrap();
        r.take_back(game.position());
        game.undo();
        r.sync(&game);
        assert_eq!(r.nags(0), []);
        game.play_san("e4").unwrap();
        r.sync(&game);
        assert_eq!(r.suffix(1), Some(Nag::BRILLIANT));
    }

    #[test]
    fn notes_keep_the_pgn_readable() {
        let (game, mut r) = played(&["e4"]);
        let long = "x".repeat(pgn::MAX_COMMENT_LEN + 1);
        assert_eq!(r.set_comment(&game, long), Err(NoteError::Limit(PgnErrorKind::CommentTooLong)));
        assert_eq!(r.comment(), None);
        let start = Start::Position(game.initial_position());
        for i in 0..pgn::MAX_TAGS - 7 {
            r.set_tag(&game, start, &format!("T{i}"), "x").unwrap();
        }
        assert_eq!(r.set_tag(&game, start, "One", "more"), Err(NoteError::Limit(PgnErrorKind::TooManyTags)));
        r.set_tag(&game, start, "T0", "replaced").unwrap();
        // Four comments of 4 MiB pass one by one, but not together: 16 MiB of text.
        let (mut game, mut r) = played(&[]);
        let mut refused = None;
        for (i, san) in ["e4", "e5", "Nf3", "Nc6", "Bb5"].iter().enumerate() {
            game.play_san(san).unwrap();
            r.sync(&game);
            if let Err(e) = r.set_comment(&game, "y ".repeat(pgn::MAX_COMMENT_LEN / 2 - 1)) {
                refused = Some((i, e));
                break;
            }
        }
        assert_eq!(refused, Some((3, NoteError::Limit(PgnErrorKind::GameTooLong))));
        assert!(r.check(&game).is_ok());
    }

    #[test]
    fn notes_leave_room_for_every_move_the_rules_allow() {
        // Four comments whose text alone fits MAX_GAME_LEN, but not with the 19,046 moves the
        // rules still allow (24 bytes each): the fourth is refused, though a PGN writer would
        // take the game as it stands.
        let (mut game, mut r) = (Game::new(), Record::default());
        let room = (max_plies(game.initial_position()).unwrap() - 4) * 24;
        let len = (pgn::MAX_GAME_LEN - room / 2) / 4;
        assert!(len <= pgn::MAX_COMMENT_LEN);
        for san in ["e4", "e5", "Nf3", "Nc6"] {
            game.play_san(san).unwrap();
            r.sync(&game);
            if game.ply() < 4 {
                r.set_comment(&game, "z".repeat(len)).unwrap();
            }
        }
        assert_eq!(r.set_comment(&game, "z".repeat(len)), Err(NoteError::Limit(PgnErrorKind::GameTooLong)));
        let mut g = r.to_pgn(&game, Start::Position(game.initial_position()));
        g.root.nodes[3].comments_after = vec!["z".repeat(len)];
        let opts = WriteOptions { canonical_san: true, chess_js: true, ..WriteOptions::default() };
        assert!(pgn::try_write_game(&g, &opts).is_ok());
    }
}
