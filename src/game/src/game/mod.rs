//! `Game`: a position with its history, and every way a chess game ends.
//!
//! A [`Game`] starts from any [`Position`] (standard or Chess960), plays moves (as [`Move`]s,
//! SAN or UCI), keeps the history and undoes moves. After each move it decides the automatic
//! endings of the FIDE Laws: checkmate, stalemate, dead position, fivefold repetition, 75 moves
//! (mate on the move that reaches 75 moves still wins: FIDE 9.6.2). Threefold repetition and 50
//! moves are **claims** (FIDE 9.2, 9.3): the player to move claims when the condition holds, or
//! declares the move that will make it hold ([`Game::claim_draw`]). Resignation, draw offers and
//! flag fall (FIDE 6.9, with [`crate::clock`]) are game events. Optionally the game enforces
//! touch-move ([`Game::set_touch_move`], [`crate::touch`]).
//!
//! ```
//! use rocada_game::game::{Game, Termination};
//! let mut game = Game::new();
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     game.play_san(san)?;
//! }
//! assert_eq!(game.result().as_str(), "0-1");
//! assert_eq!(game.termination(), Some(Termination::Checkmate));
//! # Ok::<(), rocada_game::game::GameError>(())
//! ```

mod dead;
mod draw;
mod offer;
mod outcome;

pub use dead::{dead_position, has_insufficient_material, material_cannot_mate, DeadPosition};
pub use draw::{RepetitionKey, FIFTY_MOVES, SEVENTY_FIVE_MOVES};
pub use offer::DrawOffer;
pub use outcome::{Ending, GameResult, Outcome, ParseResultError, Termination};

use crate::clock::{Clock, TimeSource};
use crate::explain::{self, Explanation, Reason};
use crate::touch::{Obligation, TouchError, Touches};
use crate::{CastlingMode, Color, FenError, Move, MoveList, Position, Role, SanOptions, Square};
use core::fmt;

/// Why a game action was refused. Each has a stable [`code`](GameError::code).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// `game-over`: the game has ended.
    GameOver(Ending),
    /// `illegal-move`: the move is not legal; the explanation says why.
    IllegalMove(Explanation),
    /// `touch-move`: the move is legal but breaks the touch-move rule.
    TouchMove(Explanation),
    /// `invalid-move-syntax`, `illegal-move` or `ambiguous-move` from the SAN or UCI reader.
    Notation {
        /// The reader's code.
        code: &'static str,
        /// The reader's message.
        message: String,
    },
    /// `not-your-turn`: only the player to move may do this.
    NotYourTurn,
    /// `invalid-draw-offer`: a draw is offered right after one's own move, before the
    /// opponent moves (FIDE 9.1.2.1).
    InvalidDrawOffer,
    /// `no-draw-offer`: there is no standing draw offer to accept or decline.
    NoDrawOffer,
    /// `invalid-claim`: the draw claim is not correct (FIDE 9.5): the position has not
    /// occurred three times, or 50 moves have not passed, nor would after the declared move.
    InvalidClaim,
}

impl GameError {
    /// A stable code.
    pub fn code(&self) -> &'static str {
        match self {
            GameError::GameOver(_) => "game-over",
            GameError::IllegalMove(_) => "illegal-move",
            GameError::TouchMove(_) => "touch-move",
            GameError::Notation { code, .. } => code,
            GameError::NotYourTurn => "not-your-turn",
            GameError::InvalidDrawOffer => "invalid-draw-offer",
            GameError::NoDrawOffer => "no-draw-offer",
            GameError::InvalidClaim => "invalid-claim",
        }
    }

    /// The explanation of an illegal or touch-move-breaking move.
    pub fn explanation(&self) -> Option<&Explanation> {
        match self {
            GameError::IllegalMove(e) | GameError::TouchMove(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver(e) => write!(f, "the game is over ({e})"),
            GameError::IllegalMove(e) | GameError::TouchMove(e) => f.write_str(&e.message(crate::Lang::En)),
            GameError::Notation { message, .. } => f.write_str(message),
            GameError::NotYourTurn => f.write_str("only the player to move may do this"),
            GameError::InvalidDrawOffer => f.write_str("a draw may be offered only right after one's own move, before the opponent moves"),
            GameError::NoDrawOffer => f.write_str("there is no draw offer to answer"),
            GameError::InvalidClaim => {
                f.write_str("the draw claim is incorrect: no threefold repetition and no 50 moves, now or after the declared move")
            }
        }
    }
}

impl std::error::Error for GameError {}

/// Everything about the current state of a game, as JavaScript's `status()` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Status {
    /// The side to move is in check.
    pub check: bool,
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// Dead position: neither side can ever mate.
    pub insufficient_material: bool,
    /// The current position has occurred at least three times.
    pub threefold_repetition: bool,
    /// The current position has occurred at least five times.
    pub fivefold_repetition: bool,
    /// At least 50 moves by each side without capture or pawn move.
    pub fifty_moves: bool,
    /// At least 75 moves by each side without capture or pawn move.
    pub seventy_five_moves: bool,
    /// The player to move may claim threefold repetition, now or by declaring a move.
    pub can_claim_threefold: bool,
    /// The player to move may claim the 50-move rule, now or by declaring a move.
    pub can_claim_fifty: bool,
    /// Either claim is possible.
    pub can_claim_draw: bool,
    /// The game has ended.
    pub game_over: bool,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: GameResult,
    /// Why the game ended (`None` while it goes on).
    pub termination: Option<Termination>,
    /// The winner, if the game ended decisively.
    pub winner: Option<Color>,
}

/// A chess game: a start position, the moves played, and how it ended.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[i]` is the position after `i` moves.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// The repetition identity of each position.
    keys: Vec<RepetitionKey>,
    /// The automatic ending of the current position, if any.
    automatic: Option<Ending>,
    /// An ending by a game event (resignation, agreement, claim, flag fall).
    event: Option<Ending>,
    offer: Option<DrawOffer>,
    /// Touch-move state, when the rule is enforced.
    touch: Option<Touches>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard starting position.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from `pos` (which may already be over: a mate or a dead position).
    pub fn from_position(pos: Position) -> Game {
        let key = RepetitionKey::of(&pos);
        let mut game =
            Game { positions: vec![pos], moves: Vec::new(), keys: vec![key], automatic: None, event: None, offer: None, touch: None };
        game.automatic = game.compute_automatic();
        game
    }

    /// A game from a FEN.
    pub fn from_fen(fen: &str, mode: CastlingMode) -> Result<Game, FenError> {
        Position::from_fen(fen, mode).map(Game::from_position)
    }

    /// The start position.
    pub fn initial_position(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Each move played with the position it was played in.
    pub fn history(&self) -> impl Iterator<Item = (&Position, Move)> + '_ {
        self.positions.iter().zip(self.moves.iter().copied())
    }

    /// Every position of the game, the start position first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The number of moves (plies) played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The legal moves in the current position (none once the game is over). With touch-move
    /// enforced, only the moves the rule allows.
    pub fn legal_moves(&self) -> MoveList {
        if self.is_game_over() {
            return MoveList::new();
        }
        match &self.touch {
            Some(t) => t.allowed_moves(self.position()),
            None => self.position().legal_moves(),
        }
    }

    // ---------------------------------------------------------------- moves

    /// Plays `m`. Refused when the game is over, when `m` is illegal (the error explains
    /// why), or when it breaks touch-move. An illegal attempt counts as touching the piece
    /// when touch-move is enforced (FIDE 7.5.1).
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if let Some(e) = self.ending() {
            return Err(GameError::GameOver(e));
        }
        let pos = self.position();
        if !pos.is_legal(m) {
            let explanation = explain::explain_move(pos, m);
            let (from, to) = (m.from(), m.to());
            if let Some(t) = self.touch.as_mut() {
                t.record_attempt(self.positions.last().expect("position"), from, to);
            }
            return Err(GameError::IllegalMove(explanation));
        }
        if let Some(t) = &self.touch {
            if let Err(v) = t.check(pos, m) {
                let mut e = explain::explain_move(pos, m);
                e = touch_fault(e, v.obligation, v.rook_touched_first, m, pos);
                return Err(GameError::TouchMove(e));
            }
        }
        self.push(m);
        Ok(())
    }

    /// Plays a move given by squares, as a learner or a board UI gives it: castling as
    /// king-to-destination (`e1`-`g1`) or king-onto-rook. A promotion piece given with a move
    /// that does not promote is ignored, as chess.js does (board UIs pass one with every
    /// move); one missing where the move promotes is `must-promote`. An illegal attempt is
    /// explained.
    pub fn play_squares(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Result<Move, GameError> {
        if let Some(e) = self.ending() {
            return Err(GameError::GameOver(e));
        }
        let pos = self.position();
        let found = explain::find_legal(pos, from, to, promotion)
            .or_else(|| promotion.and_then(|_| explain::find_legal(pos, from, to, None)).filter(|m| m.promotion().is_none()));
        match found {
            Some(m) => self.play(m).map(|()| m),
            None => Err(self.refuse_squares(from, to, promotion)),
        }
    }

    /// The refusal of an illegal move given by squares: its explanation, and a touch-move
    /// attempt recorded.
    fn refuse_squares(&mut self, from: Square, to: Square, promotion: Option<Role>) -> GameError {
        let e = self.explain(from, to, promotion);
        if let Some(t) = self.touch.as_mut() {
            t.record_attempt(self.positions.last().expect("position"), from, to);
        }
        GameError::IllegalMove(e)
    }

    /// Plays a SAN move, read leniently with English letters (`Nf3`, `0-0`, `e8Q`, `exd6 e.p.`).
    pub fn play_san(&mut self, san: &str) -> Result<Move, GameError> {
        self.play_san_with(san, &SanOptions::default())
    }

    /// Plays a SAN move read with `options` (language, strictness).
    pub fn play_san_with(&mut self, san: &str, options: &SanOptions) -> Result<Move, GameError> {
        if let Some(e) = self.ending() {
            return Err(GameError::GameOver(e));
        }
        let m = match crate::parse_san(self.position(), san, options) {
            Ok(m) => m,
            // Well-formed but illegal: the same explanation as the move given by squares.
            Err(crate::SanError::Illegal { attempt, .. }) => {
                let e = self.explain_san(&attempt);
                // An attempt touches a piece, if the text names one that is there.
                if let Some(t) = self.touch.as_mut().filter(|_| e.reason != Some(Reason::NoSuchPiece)) {
                    t.record_attempt(self.positions.last().expect("position"), e.from, e.to);
                }
                return Err(GameError::IllegalMove(e));
            }
            Err(e) => return Err(GameError::Notation { code: e.code(), message: e.to_string() }),
        };
        self.play(m).map(|()| m)
    }

    /// Plays a UCI move (`e2e4`, `e7e8q`, `e1g1` or king-onto-rook `e1h1`). A well-formed but
    /// illegal move is explained ([`GameError::IllegalMove`]), as [`Game::play_squares`] does.
    pub fn play_uci(&mut self, uci: &str) -> Result<Move, GameError> {
        if let Some(e) = self.ending() {
            return Err(GameError::GameOver(e));
        }
        match crate::parse_uci(self.position(), uci) {
            Ok(m) => self.play(m).map(|()| m),
            // Well-formed but illegal: explained as the same move given by squares, without
            // play_squares' leniency (`e2e4q` is no UCI move: `invalid-promotion`).
            Err(crate::UciError::Illegal { from, to, promotion, .. }) => Err(self.refuse_squares(from, to, promotion)),
            Err(e) => Err(GameError::Notation { code: e.code(), message: e.to_string() }),
        }
    }

    fn push(&mut self, m: Move) {
        let mut next = self.position().clone();
        next.play_unchecked(m);
        let next = sandbox_pass(next);
        self.keys.push(RepetitionKey::of(&next));
        self.positions.push(next);
        self.moves.push(m);
        if let Some(t) = self.touch.as_mut() {
            t.clear();
        }
        self.automatic = self.compute_automatic();
    }

    /// Takes back the last move, and any ending or offer that came after it. Returns the move,
    /// or `None` at the start. (Undo also reopens a game ended by resignation, agreement, claim
    /// or flag fall *without* a move: use [`Game::reopen`] for that.)
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        self.event = None;
        self.offer = None;
        if let Some(t) = self.touch.as_mut() {
            t.clear();
        }
        self.automatic = self.compute_automatic();
        Some(m)
    }

    /// Cancels an ending by a game event (resignation, agreement, claim, flag fall), as an
    /// arbiter's correction would. Automatic endings stay.
    pub fn reopen(&mut self) {
        self.event = None;
    }

    // ---------------------------------------------------------------- repetition and counts

    /// How many times the current position has occurred (1 the first time), by FIDE's
    /// identity: placement, side to move, castling rights, and en passant only when possible.
    pub fn repetition_count(&self) -> usize {
        self.count_of(self.keys.last().expect("key"), self.position().halfmoves())
    }

    fn count_of(&self, key: &RepetitionKey, halfmoves: u32) -> usize {
        draw::count_in(&self.keys, key, halfmoves as usize + 1)
    }

    /// The current position has occurred at least three times.
    pub fn is_threefold_repetition(&self) -> bool {
        self.repetition_count() >= 3
    }

    /// The current position has occurred at least five times (the game is drawn).
    pub fn is_fivefold_repetition(&self) -> bool {
        self.repetition_count() >= 5
    }

    /// At least 50 moves by each side without a capture or a pawn move.
    pub fn is_fifty_moves(&self) -> bool {
        self.position().halfmoves() >= FIFTY_MOVES
    }

    /// At least 75 moves by each side without a capture or a pawn move.
    pub fn is_seventy_five_moves(&self) -> bool {
        self.position().halfmoves() >= SEVENTY_FIVE_MOVES
    }

    /// Dead position: neither side can mate by any sequence of legal moves.
    pub fn is_insufficient_material(&self) -> bool {
        dead_position(self.position()).is_some()
    }

    /// Whether the position is dead, and why.
    pub fn dead_position(&self) -> Option<DeadPosition> {
        dead_position(self.position())
    }

    /// Whether `color` can never mate by any sequence of legal moves (FIDE 6.9 on the other
    /// side's flag fall).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        has_insufficient_material(self.position(), color)
    }

    // ---------------------------------------------------------------- claims

    /// The draw the player to move could claim now (with `declared`: by declaring that move,
    /// which must be legal), or `None`. Threefold is preferred when both hold.
    pub fn claimable(&self, declared: Option<Move>) -> Option<Termination> {
        if self.is_game_over() {
            return None;
        }
        let pos = self.position();
        match declared {
            None => {
                if self.is_threefold_repetition() {
                    Some(Termination::ThreefoldRepetition)
                } else if self.is_fifty_moves() {
                    Some(Termination::FiftyMoves)
                } else {
                    None
                }
            }
            Some(m) => {
                if !pos.is_legal(m) {
                    return None;
                }
                let mut after = pos.clone();
                after.play_unchecked(m);
                if draw::is_reversible(pos, m) {
                    let key = RepetitionKey::of(&after);
                    // The position after the move counts as one occurrence.
                    if self.count_of(&key, after.halfmoves()) + 1 >= 3 {
                        return Some(Termination::ThreefoldRepetition);
                    }
                }
                (after.halfmoves() >= FIFTY_MOVES).then_some(Termination::FiftyMoves)
            }
        }
    }

    /// The player to move may claim threefold repetition: the position has occurred three
    /// times, or some legal move would make a position occur the third time (FIDE 9.2.1).
    pub fn can_claim_threefold(&self) -> bool {
        if self.is_game_over() {
            return false;
        }
        if self.is_threefold_repetition() {
            return true;
        }
        let pos = self.position();
        // Occurrences of a position are at least four plies apart, so the move's result can be a
        // third occurrence only after eight reversible plies (this spares status() the search).
        if pos.halfmoves() + 1 < 8 || self.keys.len() < 8 {
            return false;
        }
        pos.legal_moves().into_iter().any(|m| {
            draw::is_reversible(pos, m) && {
                let mut after = pos.clone();
                after.play_unchecked(m);
                self.count_of(&RepetitionKey::of(&after), after.halfmoves()) + 1 >= 3
            }
        })
    }

    /// The player to move may claim the 50-move rule: 50 moves have passed, or some legal
    /// move without capture or pawn move would complete them (FIDE 9.3).
    pub fn can_claim_fifty(&self) -> bool {
        if self.is_game_over() {
            return false;
        }
        let pos = self.position();
        if pos.halfmoves() >= FIFTY_MOVES {
            return true;
        }
        if pos.halfmoves() + 1 < FIFTY_MOVES {
            return false;
        }
        pos.legal_moves().into_iter().any(|m| draw::keeps_fifty_count(pos, m))
    }

    /// Either claim is possible.
    pub fn can_claim_draw(&self) -> bool {
        self.can_claim_threefold() || self.can_claim_fifty()
    }

    /// The player to move claims a draw by threefold repetition or the 50-move rule (FIDE 9.2,
    /// 9.3): with `None` the condition must hold now; with `Some(m)` the player declares `m`,
    /// which must be legal and make the condition hold. A correct claim with a declared move
    /// records the move (it is written on the scoresheet) and ends the game drawn; the game is
    /// not ended by that move's own consequences. An incorrect claim changes nothing and
    /// returns [`GameError::InvalidClaim`]; under FIDE 9.5 a declared move must then be played
    /// ([`Game::play`]) and the opponent gets two more minutes ([`Clock::add_time`]).
    pub fn claim_draw(&mut self, declared: Option<Move>) -> Result<Ending, GameError> {
        if let Some(e) = self.ending() {
            return Err(GameError::GameOver(e));
        }
        if let Some(t) = &self.touch {
            if let Some(m) = declared {
                // A declared move must be one the touch-move rule allows.
                if self.position().is_legal(m) && t.check(self.position(), m).is_err() {
                    return Err(GameError::InvalidClaim);
                }
            }
        }
        let termination = self.claimable(declared).ok_or(GameError::InvalidClaim)?;
        if let Some(m) = declared {
            self.push(m);
        }
        let ending = Ending::draw(termination);
        self.event = Some(ending);
        Ok(ending)
    }

    // ---------------------------------------------------------------- resignation and offers

    /// `color` resigns: the opponent wins (FIDE 5.1.2). Either player, at any time.
    pub fn resign(&mut self, color: Color) -> Result<Ending, GameError> {
        if let Some(e) = self.ending() {
            return Err(GameError::GameOver(e));
        }
        let ending = Ending::win(!color, Termination::Resignation);
        self.event = Some(ending);
        Ok(ending)
    }

    /// `color` offers a draw. Valid only right after `color`'s own move, before the opponent
    /// moves (FIDE 9.1.2.1): `color` must not be the side to move, and must have moved (in
    /// this game, or before the start position when the other side is to move there). The
    /// offer stands until the opponent accepts, declines, or moves.
    pub fn offer_draw(&mut self, color: Color) -> Result<(), GameError> {
        if let Some(e) = self.ending() {
            return Err(GameError::GameOver(e));
        }
        let has_moved = !self.moves.is_empty() || {
            let start = self.initial_position();
            start.turn() == Color::Black || start.fullmoves() > 1
        };
        if color == self.turn() || !has_moved {
            return Err(GameError::InvalidDrawOffer);
        }
        self.offer = Some(DrawOffer { by: color, ply: self.ply() });
        Ok(())
    }

    /// The player who has a draw offer standing, if any.
    pub fn draw_offer(&self) -> Option<Color> {
        if self.is_game_over() {
            return None;
        }
        self.offer.filter(|o| o.stands_at(self.ply())).map(|o| o.by)
    }

    /// The player to move accepts the standing draw offer: the game is drawn.
    pub fn accept_draw(&mut self) -> Result<Ending, GameError> {
        if let Some(e) = self.ending() {
            return Err(GameError::GameOver(e));
        }
        if self.draw_offer().is_none() {
            return Err(GameError::NoDrawOffer);
        }
        self.offer = None;
        let ending = Ending::draw(Termination::Agreement);
        self.event = Some(ending);
        Ok(ending)
    }

    /// The player to move declines the standing draw offer (making a move declines it too).
    pub fn decline_draw(&mut self) -> Result<(), GameError> {
        if self.draw_offer().is_none() {
            return Err(GameError::NoDrawOffer);
        }
        self.offer = None;
        Ok(())
    }

    // ---------------------------------------------------------------- time

    /// `color`'s flag has fallen (FIDE 6.9): the opponent wins, unless the opponent cannot mate
    /// by any sequence of legal moves, when the game is drawn. Refused if the game was already
    /// over (a mate or another ending came first).
    pub fn flag_fall(&mut self, color: Color) -> Result<Ending, GameError> {
        if let Some(e) = self.ending() {
            return Err(GameError::GameOver(e));
        }
        let ending = if has_insufficient_material(self.position(), !color) {
            Ending::draw(Termination::TimeoutInsufficientMaterial)
        } else {
            Ending::win(!color, Termination::Timeout)
        };
        self.event = Some(ending);
        Ok(ending)
    }

    /// Ends the game if `clock` shows a fallen flag (and the game was not over already); the
    /// ending, if this call made one. Call it before accepting each move, and from a timer.
    pub fn sync_clock<T: TimeSource>(&mut self, clock: &Clock<T>) -> Option<Ending> {
        let color = clock.flagged()?;
        self.flag_fall(color).ok()
    }

    // ---------------------------------------------------------------- endings

    fn compute_automatic(&self) -> Option<Ending> {
        let pos = self.position();
        let mover = pos.turn();
        if pos.is_sandbox() {
            // Lessons: only a side with its king can be mated or stalemated; no draw rules.
            let stuck = pos.board().king_of(mover).is_some() && pos.count_legal_moves() == 0;
            return stuck.then(|| {
                if pos.is_check() {
                    Ending::win(!mover, Termination::Checkmate)
                } else {
                    Ending::draw(Termination::Stalemate)
                }
            });
        }
        if pos.count_legal_moves() == 0 {
            return Some(if pos.is_check() { Ending::win(!mover, Termination::Checkmate) } else { Ending::draw(Termination::Stalemate) });
        }
        if dead_position(pos).is_some() {
            Some(Ending::draw(Termination::InsufficientMaterial))
        } else if self.repetition_count() >= 5 {
            Some(Ending::draw(Termination::FivefoldRepetition))
        } else if pos.halfmoves() >= SEVENTY_FIVE_MOVES {
            Some(Ending::draw(Termination::SeventyFiveMoves))
        } else {
            None
        }
    }

    /// How the game ended, if it has: a game event (resignation, agreement, claim, flag fall)
    /// or the automatic ending of the current position.
    pub fn ending(&self) -> Option<Ending> {
        self.event.or(self.automatic)
    }

    /// Whether the game has ended.
    pub fn is_game_over(&self) -> bool {
        self.ending().is_some()
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn result(&self) -> GameResult {
        self.ending().map_or(GameResult::Ongoing, |e| e.result())
    }

    /// Why the game ended.
    pub fn termination(&self) -> Option<Termination> {
        self.ending().map(|e| e.termination)
    }

    /// The winner, if the game ended decisively.
    pub fn winner(&self) -> Option<Color> {
        self.ending().and_then(|e| e.winner())
    }

    /// The full status (JavaScript's `status()`).
    pub fn status(&self) -> Status {
        let pos = self.position();
        let no_moves = pos.count_legal_moves() == 0;
        let count = self.repetition_count();
        let ending = self.ending();
        let can_claim_threefold = self.can_claim_threefold();
        let can_claim_fifty = self.can_claim_fifty();
        Status {
            check: pos.is_check(),
            checkmate: no_moves && pos.is_check(),
            stalemate: no_moves && !pos.is_check(),
            insufficient_material: dead_position(pos).is_some(),
            threefold_repetition: count >= 3,
            fivefold_repetition: count >= 5,
            fifty_moves: pos.halfmoves() >= FIFTY_MOVES,
            seventy_five_moves: pos.halfmoves() >= SEVENTY_FIVE_MOVES,
            can_claim_threefold,
            can_claim_fifty,
            can_claim_draw: can_claim_threefold || can_claim_fifty,
            game_over: ending.is_some(),
            result: ending.map_or(GameResult::Ongoing, |e| e.result()),
            termination: ending.map(|e| e.termination),
            winner: ending.and_then(|e| e.winner()),
        }
    }

    // ---------------------------------------------------------------- explanations

    /// Explains a SAN move that names no legal move ([`explain::explain_san`]), adding the
    /// game's own `game-over`.
    pub fn explain_san(&self, attempt: &crate::SanAttempt) -> Explanation {
        let pos = self.position();
        let e = explain::explain_san(pos, attempt);
        if self.is_game_over() {
            return e.fault(Reason::GameOver, None, pos);
        }
        e
    }

    /// Explains an attempted move in the current position ([`explain::explain`]), adding the
    /// game's own reasons: `game-over`, and `touch-move` when the rule is enforced.
    pub fn explain(&self, from: Square, to: Square, promotion: Option<Role>) -> Explanation {
        let pos = self.position();
        let e = explain::explain(pos, from, to, promotion);
        if self.is_game_over() {
            return e.fault(Reason::GameOver, None, pos);
        }
        if let (Some(m), Some(t)) = (e.mv, &self.touch) {
            if let Err(v) = t.check(pos, m) {
                return touch_fault(e, v.obligation, v.rook_touched_first, m, pos);
            }
        }
        e
    }

    // ---------------------------------------------------------------- touch-move

    /// Turns touch-move enforcement on or off (off by default). Turning it on starts with
    /// nothing touched.
    pub fn set_touch_move(&mut self, on: bool) {
        self.touch = on.then(Touches::new);
    }

    /// Whether touch-move is enforced.
    pub fn touch_move(&self) -> bool {
        self.touch.is_some()
    }

    /// The player to move touches the piece on `sq`, and the obligation now in force is
    /// returned. Touching turns touch-move enforcement on if it was off.
    pub fn touch(&mut self, sq: Square) -> Result<Obligation, GameError> {
        let turn = self.turn();
        self.touch_as(turn, sq)
    }

    /// `color` touches the piece on `sq`: refused unless `color` is to move.
    pub fn touch_as(&mut self, color: Color, sq: Square) -> Result<Obligation, GameError> {
        if let Some(e) = self.ending() {
            return Err(GameError::GameOver(e));
        }
        let pos = self.positions.last().expect("position");
        let touches = self.touch.get_or_insert_with(Touches::new);
        touches.touch_as(pos, color, sq).map_err(|TouchError::NotYourTurn| GameError::NotYourTurn)
    }

    /// The player to move touches several pieces at once (the king and a rook together).
    pub fn touch_together(&mut self, squares: &[Square]) -> Result<Obligation, GameError> {
        if let Some(e) = self.ending() {
            return Err(GameError::GameOver(e));
        }
        let pos = self.positions.last().expect("position");
        Ok(self.touch.get_or_insert_with(Touches::new).touch_together(pos, squares))
    }

    /// `color` adjusts a piece after saying "j'adoube": no obligation; only the player to move.
    pub fn adjust(&self, color: Color, sq: Square) -> Result<(), GameError> {
        Touches::new().adjust(self.position(), color, sq).map_err(|TouchError::NotYourTurn| GameError::NotYourTurn)
    }

    /// The touch-move obligation in force (always [`Obligation::Free`] when not enforced).
    pub fn obligation(&self) -> Obligation {
        match &self.touch {
            Some(t) => t.obligation(self.position()),
            None => Obligation::Free,
        }
    }
}

/// At most how many plies a game from `pos` can last under the Laws (`None` in a sandbox,
/// which has no draw rules): the 75-move rule (FIDE 9.6.2) ends a game
/// [`SEVENTY_FIVE_MOVES`] plies after the last pawn move or capture, a pawn has only so many
/// steps to its last rank and a man can be captured once. 19,050 from the standard start (the
/// true longest game is shorter): the room the JavaScript `Chess` keeps for moves when it
/// checks that a note leaves the game's PGN within the reader's limits.
///
/// ```
/// use rocada_game::game::max_plies;
/// use rocada_rules::{CastlingMode, Position};
/// assert_eq!(max_plies(&Position::new()), Some(19_050));
/// let kings = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 10 1", CastlingMode::Standard).unwrap();
/// assert_eq!(max_plies(&kings), Some(140));
/// ```
pub fn max_plies(pos: &Position) -> Option<usize> {
    if pos.is_sandbox() {
        return None;
    }
    let board = pos.board();
    let steps: usize = board
        .by_role(Role::Pawn)
        .map(|sq| {
            let rank = sq.rank().index();
            if board.by_color(Color::White).contains(sq) {
                7 - rank
            } else {
                rank
            }
        })
        .sum();
    let captures = board.occupied().count() as usize - board.by_role(Role::King).count() as usize;
    let window = SEVENTY_FIVE_MOVES as usize;
    Some((steps + captures + 1) * window - (pos.halfmoves() as usize).min(window))
}

/// The position after a move in a sandbox: a side with no king and no legal move (typically a
/// side with no pieces at all, in a one-side lesson) passes, so the other side moves again.
/// Outside the sandbox, `pos` unchanged.
pub fn sandbox_pass(pos: Position) -> Position {
    let mover = pos.turn();
    if !pos.is_sandbox() || pos.board().king_of(mover).is_some() || pos.count_legal_moves() > 0 {
        return pos;
    }
    let mut setup = pos.to_setup();
    setup.turn = !mover;
    setup.ep_square = None;
    if mover == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    Position::sandbox(setup, pos.castling_mode()).unwrap_or(pos)
}

/// Turns the explanation of a legal move into a touch-move fault.
fn touch_fault(e: Explanation, ob: Obligation, rook_first: bool, m: Move, pos: &Position) -> Explanation {
    let culprit = if rook_first { Some(m.to()) } else { ob.square() };
    let mut e = e.fault(Reason::TouchMove, culprit, pos);
    e.touch = Some(ob);
    e.rook_touched_first = rook_first;
    if let Obligation::CaptureWith { piece, .. } = ob {
        e.squares = e.squares.with(piece);
    }
    e
}
