//! A game's record for PGN, kept beside a [`Game`]: the tags, and per move the comments, NAGs
//! and variations a loaded PGN carried, kept in step with the game's moves as they are played
//! and taken back. What chess.js calls headers and comments; the JavaScript `Chess` holds one.
//!
//! Tags not set by hand are made on demand from the start: the Seven Tag Roster with `?`
//! values (`????.??.??` for the date, `*` for the result), plus `SetUp` and `FEN` (and
//! `Variant`) when the game does not start from the standard position.

use crate::game::Game;
use crate::pgn::{self, GameResult, Line, Node};
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
    /// Comments of moves taken back, by the position they followed (its [`PositionKey`]):
    /// played again, a move to that position gets its comment back (chess.js keeps comments
    /// by FEN).
    stash: Vec<(PositionKey, Vec<String>)>,
}

/// The most comments kept for moves taken back (then they are forgotten, and it starts again).
const STASH_LIMIT: usize = 256;

/// What a FEN says of a position, without writing it: its hash and its two move counters.
type PositionKey = (u64, u32, u32);

fn key(pos: &Position) -> PositionKey {
    (pos.zobrist_hash(), pos.halfmoves(), pos.fullmoves())
}

impl Record {
    /// The record of a parsed PGN game (its tree and result marker; `g.start` is left). Its
    /// tags are chess.js's after `loadPgn`: the start's own ([`default_tags`]: the Seven Tag
    /// Roster, `SetUp` and `FEN`) overridden by the ones read, in their order; a `Result` tag
    /// the text lacks comes from its termination marker.
    pub fn from_pgn(g: pgn::Game) -> Record {
        let mut tags = default_tags(Start::Position(&g.start));
        let has_result = g.tags.iter().any(|(k, _)| k == "Result");
        for (k, v) in &g.tags {
            set(&mut tags, k, v);
        }
        if !has_result {
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

    /// Sets a tag (replacing its value, or adding it last). The name and value are the
    /// caller's to check ([`pgn::check_tag`]).
    pub fn set_tag(&mut self, start: Start<'_>, name: &str, value: &str) {
        set(self.tags_mut(start), name, value);
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

    /// Sets the comment on the current position.
    pub fn set_comment(&mut self, comment: String) {
        *self.current_mut() = vec![comment];
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
    /// position whose comment was taken back with [`Record::take_back`] gets it back.
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
        for (i, &mv) in moves.iter().enumerate().skip(line.nodes.len()) {
            let mut node = Node::new(mv, String::new());
            node.comments_before = std::mem::take(&mut line.comments);
            if let Some(pos) = game.positions().get(i + 1).filter(|_| !self.stash.is_empty()) {
                let at = key(pos);
                if let Some(k) = self.stash.iter().rposition(|(f, _)| *f == at) {
                    node.comments_after = self.stash.remove(k).1;
                }
            }
            line.nodes.push(node);
        }
    }

    /// Before the last move is taken back: keeps its comments by `after`, the position it led
    /// to, so that they come back with a move to that position (chess.js keeps comments by
    /// FEN).
    pub fn take_back(&mut self, after: &Position) {
        let Some(node) = self.line.nodes.last_mut() else { return };
        if node.comments_after.is_empty() {
            return;
        }
        if self.stash.len() == STASH_LIMIT {
            self.stash.clear();
        }
        self.stash.push((key(after), std::mem::take(&mut node.comments_after)));
    }

    /// Forgets the comments of moves taken back (chess.js prunes them on `getComments()`).
    pub fn forget_taken_back(&mut self) {
        self.stash.clear();
    }

    /// The game as a PGN tree: the tags, the result marker (the game's result if decided,
    /// else a loaded PGN's marker or the `Result` tag), the moves with their notes.
    pub fn to_pgn(&self, game: &Game, start: Start<'_>) -> pgn::Game {
        let mut tags = self.tags(start);
        let marker = match game.result() {
            decided @ (GameResult::WhiteWins | GameResult::BlackWins | GameResult::Draw) => decided,
            GameResult::Ongoing => self
                .result
                .filter(|r| *r != GameResult::Ongoing)
                .or_else(|| tags.iter().find(|(k, _)| k == "Result").and_then(|(_, v)| v.parse().ok()))
                .unwrap_or_default(),
        };
        set(&mut tags, "Result", marker.as_str());
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
        r.set_tag(Start::Position(&start), "White", "Anna");
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
        r.set_comment("start".into());
        game.play_san("e4").unwrap();
        r.sync(&game);
        r.set_comment("best by test".into());
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
            r.set_comment(format!("after {san}"));
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
}
