//! The game tree: [`Game`] (tags, start position, moves, result), [`Line`] (a sequence of
//! moves) and [`Node`] (one move with its SAN, annotations and alternatives).
//!
//! Where each comment goes is fixed, so that reading what the writer wrote gives the same tree:
//! a comment right after a move (and its NAGs) is that move's `comments_after`; a comment after
//! a move's variations, or at the start of a line, is the next move's `comments_before`; one
//! after the last move's variations (or in a line with no moves) is the line's `comments`.

use super::nag::Nag;
pub use crate::game::{GameResult, ParseResultError};
use crate::{CastlingMode, Move, Position};

/// One move in the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move in SAN as the text wrote it, without annotation suffixes (`!?` became `nags`)
    /// or `e.p.`: `Nf3`, `0-0`, `Ng1f3`. Empty in a node built by hand: the writer then writes
    /// canonical SAN.
    pub san: String,
    /// The move, resolved against the position before it.
    pub mv: Move,
    /// Annotation glyphs, in the order given.
    pub nags: Vec<Nag>,
    /// Comments before the move (at the start of a line, or after the previous move's
    /// variations).
    pub comments_before: Vec<String>,
    /// Comments right after the move.
    pub comments_after: Vec<String>,
    /// Alternatives to this move: each line starts from the position *before* this move.
    pub variations: Vec<Line>,
}

impl Node {
    /// A node for `mv` with the given SAN and nothing else.
    pub fn new(mv: Move, san: impl Into<String>) -> Node {
        Node { san: san.into(), mv, nags: Vec::new(), comments_before: Vec::new(), comments_after: Vec::new(), variations: Vec::new() }
    }
}

/// A sequence of moves: the main line of a game, or a variation.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Line {
    /// The moves, in order.
    pub nodes: Vec<Node>,
    /// Comments after the last move's variations, or the comments of a line with no moves.
    pub comments: Vec<String>,
}

/// One game: its tag pairs, start position, move tree and result.
///
/// ```
/// # #[cfg(not(target_arch = "wasm32"))] {
/// use rocada_game::pgn::{self, GameResult};
/// let games = pgn::parse_pgn("[White \"Anna\"]\n\n1. e4 e5 (1... c5) 2. Nf3 1-0\n").unwrap();
/// let game = &games[0];
/// assert_eq!(game.tag("White"), Some("Anna"));
/// assert_eq!(game.result, GameResult::WhiteWins);
/// assert_eq!(game.mainline().count(), 3);
/// assert_eq!(game.root.nodes[1].variations[0].nodes[0].san, "c5");
/// # }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Tag pairs in the order read (the writer puts the Seven Tag Roster first).
    pub tags: Vec<(String, String)>,
    /// The position before the first move: from the `FEN` tag (with `Variant` choosing
    /// Chess960 castling), else the standard start.
    pub start: Position,
    /// The main line, with variations hanging from its nodes.
    pub root: Line,
    /// The termination marker (the `Result` tag's value if the movetext had none).
    pub result: GameResult,
}

/// The Seven Tag Roster, in export order.
pub const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// An empty game from the standard start, with the Seven Tag Roster set to `?` (`Date`
    /// `????.??.??`, `Result` `*`).
    pub fn new() -> Game {
        let tags = SEVEN_TAG_ROSTER
            .iter()
            .map(|&t| {
                let v = match t {
                    "Date" => "????.??.??",
                    "Result" => "*",
                    _ => "?",
                };
                (t.to_owned(), v.to_owned())
            })
            .collect();
        Game { tags, start: Position::new(), root: Line::default(), result: GameResult::Ongoing }
    }

    /// An empty game from `start`; unless it is the standard start, `SetUp` and `FEN` tags
    /// (and `Variant "Chess960"` in Chess960 mode) say so.
    pub fn from_position(start: Position) -> Game {
        let mut game = Game::new();
        if start.castling_mode() == CastlingMode::Chess960 {
            game.set_tag("Variant", "Chess960");
        }
        if start != Position::new() {
            game.set_tag("SetUp", "1");
            game.set_tag("FEN", &start.fen());
        }
        game.start = start;
        game
    }

    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Sets the first tag named `name`, or appends it. Nothing is checked: a setter of tags
    /// from outside can ask [`check_tag`](super::check_tag) first whether the pair will be
    /// written and read back as it is.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some((_, v)) => *v = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }

    /// The main line: each move with the positions before and after it.
    pub fn mainline(&self) -> Mainline<'_> {
        Mainline { nodes: self.root.nodes.iter(), pos: self.start.clone() }
    }

    /// The moves of the main line.
    pub fn mainline_moves(&self) -> Vec<Move> {
        self.root.nodes.iter().map(|n| n.mv).collect()
    }

    /// The position after the last move of the main line (after the last legal one, should a
    /// hand-built tree hold an illegal move).
    pub fn end_position(&self) -> Position {
        self.mainline().last().map_or_else(|| self.start.clone(), |s| s.after)
    }

    /// The tags in export order: the Seven Tag Roster first (in its order), then the others
    /// in the order given. This is the order [`write_game`](super::write_game) uses.
    pub fn tags_in_export_order(&self) -> Vec<(String, String)> {
        export_order(&self.tags).into_iter().cloned().collect()
    }
}

pub(crate) fn export_order(tags: &[(String, String)]) -> Vec<&(String, String)> {
    let rank = |name: &str| SEVEN_TAG_ROSTER.iter().position(|&t| t == name).unwrap_or(SEVEN_TAG_ROSTER.len());
    let mut out: Vec<&(String, String)> = tags.iter().collect();
    crate::sort::sort_by_key(&mut out, |(k, _)| rank(k)); // stable: others keep their order
    out
}

/// One step of [`Game::mainline`].
#[derive(Clone, Debug)]
pub struct Step<'a> {
    /// The node of the move.
    pub node: &'a Node,
    /// The position before the move.
    pub before: Position,
    /// The position after the move.
    pub after: Position,
}

/// The main line's moves with their positions; see [`Game::mainline`].
#[derive(Clone, Debug)]
pub struct Mainline<'a> {
    nodes: core::slice::Iter<'a, Node>,
    pos: Position,
}

impl<'a> Iterator for Mainline<'a> {
    type Item = Step<'a>;
    fn next(&mut self) -> Option<Step<'a>> {
        let node = self.nodes.next()?;
        let before = self.pos.clone();
        // Nodes built by the reader hold legal moves; a hand-built illegal one ends the walk.
        if !self.pos.is_legal(node.mv) {
            self.nodes = [].iter();
            return None;
        }
        self.pos.play_unchecked(node.mv);
        Some(Step { node, before, after: self.pos.clone() })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.nodes.len()))
    }
}
