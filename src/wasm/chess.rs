//! `class Chess`: a game (position, history, endings, touch-move, PGN notes) for JS. Names
//! follow chess.js. Every rule is the core's ([`Game`], [`Position`], SAN, PGN, explain); this
//! file only reads arguments, calls the core and hands results to `objects.js`.

use super::clock::Clock;
use super::error::Failure;
use super::js::{array_len, describe, get, is_array, item, js_number, number_text, strings, type_name, Obj};
use super::objects::{self, board_codes, color_str, explanation_object, move_words, obligation_object, piece_code, squares};
use super::options::{self, Options};
use super::pgn::nag_array;
use super::types::*;
use crate::editor;
use crate::game::{Game, GameError};
use crate::notation::quoted::Quoted;
use crate::pgn::{self, ReadOptions, Reader, WriteOptions};
use crate::record::{Record, Start};
use crate::{
    explain, for_each_san, parse_san, perft, CastlingMode, CastlingNotation, CastlingSide, Color, Lang, Move, Position, PositionError,
    Role, SanOptions, SanStyle, Setup, Square,
};
use wasm_bindgen::prelude::*;

/// The deepest `perft` accepted: far beyond what finishes in a lifetime, and shallow enough
/// that the recursion can never exhaust the wasm stack.
const MAX_PERFT_DEPTH: u32 = 30;

/// A chess game: a position with its legal moves, history, endings, PGN headers and comments.
///
/// ```ts
/// import { Chess } from 'rocada';
/// const chess = new Chess();
/// chess.move('e4');
/// chess.moves().length; // 20
/// ```
#[wasm_bindgen]
pub struct Chess {
    game: Game,
    /// The board while it is not a legal position (after `clear()`, `put()`, `remove()` or
    /// `load(fen, { skipValidation: true })`): moves are empty until it is legal again.
    edit: Option<Box<Edit>>,
    record: Record,
    lang: Lang,
    figurine: bool,
    /// Positions from FENs and edits are built as sandbox positions (lessons).
    sandbox: bool,
}

/// A board that is not a legal position, and why.
struct Edit {
    setup: Setup,
    mode: CastlingMode,
    error: PositionError,
}

/// A move as JS gives it.
enum MoveInput {
    San(String),
    Uci(String),
    Squares { from: Square, to: Square, promotion: Option<Role> },
}

#[wasm_bindgen]
impl Chess {
    /// The standard start position when `fen` is omitted, otherwise the given FEN (X-FEN and
    /// Shredder-FEN accepted). Options: `chess960`, `sandbox` (lesson positions: kings may be
    /// missing, one side may stand alone, pawns may stand on any rank), `lang`, `figurine`,
    /// `touchMove`, `skipValidation`.
    ///
    /// Throws `ChessError` `invalid-fen` (detail `{ reason, reasons, field?, message }`) or
    /// `invalid-option`.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<FenArg>, options: Option<ChessOptionsArg>) -> Result<Chess, JsValue> {
        let o = Options::read(options.as_ref(), "options", &["chess960", "sandbox", "lang", "figurine", "touchMove", "skipValidation"])?;
        let sandbox = o.bool("sandbox")?.unwrap_or(false);
        let mode = mode_of(o.bool("chess960")?.unwrap_or(false));
        let mut chess = Chess {
            game: Game::from_position(start_position(mode, sandbox)),
            edit: None,
            record: Record::default(),
            lang: o.lang()?.unwrap_or(Lang::En),
            figurine: o.bool("figurine")?.unwrap_or(false),
            sandbox,
        };
        if o.bool("touchMove")?.unwrap_or(false) {
            chess.game.set_touch_move(true);
        }
        if let Some(fen) = fen.filter(|f| !f.is_undefined() && !f.is_null()) {
            chess.load_fen(&fen, mode, o.bool("skipValidation")?.unwrap_or(false), false)?;
        }
        Ok(chess)
    }

    /// Chess960 start position number `n` (0 to 959; 518 is the standard position), or a
    /// random one when `n` is omitted. Options as for the constructor.
    #[wasm_bindgen(js_name = chess960)]
    pub fn chess960_start(n: Option<NumberArg>, options: Option<ChessOptionsArg>) -> Result<Chess, JsValue> {
        let n = match n.as_deref().filter(|v| !v.is_undefined() && !v.is_null()) {
            None => (js_sys::Math::random() * 960.0) as u32 % 960,
            Some(v) => match v.as_f64() {
                Some(n) if n.fract() == 0.0 && (0.0..960.0).contains(&n) => n as u32,
                _ => {
                    return Err(Failure::Option {
                        option: "n".to_owned(),
                        message: format!("expected an integer from 0 to 959, got {}", number_text(v)),
                    }
                    .into())
                }
            },
        };
        let opts = Options::read(options.as_ref(), "options", &["lang", "figurine", "touchMove", "chess960"])?;
        let mut chess = Chess::new(None, None)?;
        chess.lang = opts.lang()?.unwrap_or(Lang::En);
        chess.figurine = opts.bool("figurine")?.unwrap_or(false);
        chess.game.set_touch_move(opts.bool("touchMove")?.unwrap_or(false));
        let pos = Position::chess960(n).expect("0..=959 is a Chess960 position");
        chess.start_new(pos, false);
        Ok(chess)
    }

    /// Replaces the position by a FEN (history and comments are cleared). Options:
    /// `chess960` and `sandbox` (default: as before), `preserveHeaders`, `skipValidation` (an
    /// illegal but readable position is kept for editing, with no moves).
    pub fn load(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
        options: Option<LoadOptionsArg>,
    ) -> Result<(), JsValue> {
        let o = Options::read(options.as_ref(), "options", &["chess960", "sandbox", "preserveHeaders", "skipValidation"])?;
        let mode = o.bool("chess960")?.map_or(self.mode(), mode_of);
        let sandbox = o.bool("sandbox")?.unwrap_or(self.sandbox);
        let skip_validation = o.bool("skipValidation")?.unwrap_or(false);
        let preserve_headers = o.bool("preserveHeaders")?.unwrap_or(false);
        // A refused FEN leaves the game, and its mode, as they were.
        let previous = core::mem::replace(&mut self.sandbox, sandbox);
        self.load_fen(&fen, mode, skip_validation, preserve_headers).inspect_err(|_| self.sandbox = previous)?;
        Ok(())
    }

    /// Back to the start position (of the same castling mode); headers and history cleared.
    pub fn reset(&mut self) {
        self.start_new(start_position(self.mode(), self.sandbox), false);
    }

    /// An empty board (for setting up a position with `put`). `{ preserveHeaders: true }`
    /// keeps the headers.
    pub fn clear(&mut self, options: Option<ClearOptionsArg>) -> Result<(), JsValue> {
        let o = Options::read(options.as_ref(), "options", &["preserveHeaders"])?;
        let mode = self.mode();
        self.set_setup(Setup::empty(), mode, o.bool("preserveHeaders")?.unwrap_or(false));
        Ok(())
    }

    /// The position as FEN (X-FEN for Chess960: `KQkq` where unambiguous).
    pub fn fen(&self) -> String {
        match &self.edit {
            Some(e) => e.setup.fen(CastlingNotation::Standard),
            None => self.game.position().fen(),
        }
    }

    /// The side to move: `'w'` or `'b'`.
    #[wasm_bindgen(unchecked_return_type = "Color")]
    pub fn turn(&self) -> String {
        color_str(self.setup_turn()).to_owned()
    }

    /// The number of the current full move (1 at the start, +1 after each Black move).
    #[wasm_bindgen(js_name = moveNumber)]
    pub fn move_number(&self) -> u32 {
        match &self.edit {
            Some(e) => e.setup.fullmoves,
            None => self.game.position().fullmoves(),
        }
    }

    /// Whether Chess960 castling rules apply.
    #[wasm_bindgen(js_name = isChess960)]
    pub fn is_chess960(&self) -> bool {
        self.mode() == CastlingMode::Chess960
    }

    /// Whether positions are sandbox positions (the `sandbox` option of the constructor or
    /// `load`): each piece moves by its own rules; check, checkmate and stalemate apply only to
    /// a side that has its king; no draw rules; a side with no king and no move passes.
    #[wasm_bindgen(js_name = isSandbox)]
    pub fn is_sandbox(&self) -> bool {
        self.sandbox
    }

    /// See the `Chess` interface in the custom TypeScript section for the overloads.
    #[wasm_bindgen(skip_typescript)]
    pub fn moves(&self, options: Option<JsValue>) -> Result<JsValue, JsValue> {
        let o = Options::read(options.as_ref(), "options", &["verbose", "square", "piece", "lang", "figurine"])?;
        let verbose = o.bool("verbose")?.unwrap_or(false);
        // chess.js reads this square (and no other argument's) in either case: `'E2'` too.
        let square = match o.get_raw("square")? {
            Some(v) => Some(options::square_any_case(&v)?),
            None => None,
        };
        let piece = match o.string("piece")? {
            None => None,
            Some(p) => Some(single_role(&p).ok_or_else(|| Failure::Option {
                option: "piece".to_owned(),
                message: format!("expected 'p', 'n', 'b', 'r', 'q' or 'k', got {}", Quoted(&p)),
            })?),
        };
        let style = self.style(&o)?;
        if self.edit.is_some() || self.game.is_game_over() {
            return Ok(if verbose { js_sys::Array::new().into() } else { objects::split_sans("") });
        }
        let pos = self.game.position();
        // With touch-move enforced, only the moves the rule allows.
        let allowed = self.game.touch_move().then(|| self.game.legal_moves());
        let keep = |m: Move| {
            square.is_none_or(|s| m.from() == s) && piece.is_none_or(|r| m.role() == r) && allowed.as_ref().is_none_or(|a| a.contains(&m))
        };
        let mut sans = String::with_capacity(256);
        if !verbose {
            for_each_san(pos, style, |m, san| {
                if keep(m) {
                    if !sans.is_empty() {
                        sans.push(' ');
                    }
                    sans.push_str(san);
                }
            });
            return Ok(objects::split_sans(&sans));
        }
        let mut words = Vec::with_capacity(128);
        for_each_san(pos, style, |m, san| {
            if keep(m) {
                let (w0, w1) = move_words(pos, m, san);
                words.push(w0);
                words.push(w1);
                if !sans.is_empty() {
                    sans.push(' ');
                }
                sans.push_str(san);
            }
        });
        objects::install_fen_after();
        Ok(objects::make_moves(&words, &sans, &pos.fen(), false, self.is_chess960()))
    }

    /// Plays a move: SAN (lenient: `Nf3`, `0-0`, `Ng1f3`, missing `+`; English letters and
    /// the selected language's), UCI (`e2e4`, `e7e8q`, `e1g1` or king-onto-rook), or
    /// `{ from, to, promotion? }`. Returns the `Move`. Options: `strict` (canonical SAN only:
    /// UCI text is then refused too, as chess.js refuses it; a move object is still read),
    /// `lang`, `figurine`.
    ///
    /// Throws `ChessError` `illegal-move` (detail `{ move, reason, message, explanation }`),
    /// `invalid-move-syntax`, `ambiguous-move` (detail `candidates`), `game-over`,
    /// `touch-move`, `invalid-position`.
    #[wasm_bindgen(js_name = move, unchecked_return_type = "Move")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | MoveObject")] m: JsValue,
        options: Option<MoveOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let o = Options::read(options.as_ref(), "options", &["strict", "lang", "figurine"])?;
        let lang = o.lang()?.unwrap_or(self.lang);
        let strict = o.bool("strict")?.unwrap_or(false);
        let style = self.style(&o)?;
        self.editable_position()?;
        let input = match move_input(&m)? {
            // Strict mode takes canonical SAN only, as chess.js's: `e2e4` is no SAN.
            MoveInput::Uci(uci) if strict => MoveInput::San(uci),
            input => input,
        };
        let played = match &input {
            MoveInput::San(san) => {
                if let Some(ending) = self.game.ending() {
                    return Err(self.game_failure(GameError::GameOver(ending), san, lang));
                }
                let san_options = SanOptions { lang, strict };
                match parse_san(self.game.position(), san, &san_options) {
                    Ok(mv) => self.game.play(mv).map(|()| mv).map_err(|e| self.game_failure(e, san, lang)),
                    // Well-formed but illegal: the game explains it (and records a touch-move
                    // attempt) as it does a move given by squares.
                    Err(crate::SanError::Illegal { .. }) => {
                        self.game.play_san_with(san, &san_options).map_err(|e| self.game_failure(e, san, lang))
                    }
                    Err(e) => Err(Failure::San(e).into()),
                }
            }
            MoveInput::Uci(uci) => self.game.play_uci(uci).map_err(|e| self.game_failure(e, uci, lang)),
            MoveInput::Squares { from, to, promotion } => {
                let text = format!("{from}{to}{}", promotion.map_or(String::new(), |r| r.char().to_string()));
                self.game.play_squares(*from, *to, *promotion).map_err(|e| self.game_failure(e, &text, lang))
            }
        };
        let mv = played?;
        self.record.sync(&self.game);
        Ok(self.last_move_object(mv, style))
    }

    /// Takes back the last move and returns it (`null` at the start of the game). Also undoes
    /// an ending by resignation, agreement, claim or flag fall made after that move.
    #[wasm_bindgen(unchecked_return_type = "Move | null")]
    pub fn undo(&mut self, options: Option<NotationOptionsArg>) -> Result<JsValue, JsValue> {
        let o = Options::read(options.as_ref(), "options", &["lang", "figurine"])?;
        let style = self.style(&o)?;
        if self.edit.is_some() {
            return Ok(JsValue::NULL);
        }
        let Some(&mv) = self.game.moves().last() else {
            return Ok(JsValue::NULL);
        };
        let object = self.last_move_object(mv, style);
        self.record.take_back(self.game.position());
        self.game.undo();
        self.record.sync(&self.game);
        Ok(object)
    }

    /// See the `Chess` interface in the custom TypeScript section for the overloads.
    #[wasm_bindgen(skip_typescript)]
    pub fn history(&self, options: Option<JsValue>) -> Result<JsValue, JsValue> {
        let o = Options::read(options.as_ref(), "options", &["verbose", "lang", "figurine"])?;
        let style = self.style(&o)?;
        let verbose = o.bool("verbose")?.unwrap_or(false);
        if self.edit.is_some() {
            return Ok(if verbose { js_sys::Array::new().into() } else { objects::split_sans("") });
        }
        let mut sans = String::new();
        let mut words = Vec::new();
        for (i, (pos, m)) in self.game.history().enumerate() {
            let san = crate::to_san_styled(pos, m, style);
            if i > 0 {
                sans.push(' ');
            }
            sans.push_str(&san);
            if verbose {
                let (w0, w1) = move_words(pos, m, &san);
                words.push(w0);
                words.push(w1);
            }
        }
        if !verbose {
            return Ok(objects::split_sans(&sans));
        }
        let fens: Vec<String> = self.game.positions().iter().map(Position::fen).collect();
        Ok(objects::make_moves(&words, &sans, &fens.join("\n"), true, self.is_chess960()))
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = inCheck)]
    pub fn in_check(&self) -> bool {
        self.edit.is_none() && self.game.position().is_check()
    }

    /// Same as `inCheck()` (chess.js has both).
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.in_check()
    }

    /// Whether the side to move is checkmated.
    #[wasm_bindgen(js_name = isCheckmate)]
    pub fn is_checkmate(&self) -> bool {
        self.edit.is_none() && self.game.position().is_checkmate()
    }

    /// Whether the side to move is stalemated.
    #[wasm_bindgen(js_name = isStalemate)]
    pub fn is_stalemate(&self) -> bool {
        self.edit.is_none() && self.game.position().is_stalemate()
    }

    /// Whether the position is dead: neither side can ever checkmate (too little material, or
    /// locked pawns the kings cannot reach).
    #[wasm_bindgen(js_name = isInsufficientMaterial)]
    pub fn is_insufficient_material(&self) -> bool {
        self.edit.is_none() && self.game.is_insufficient_material()
    }

    /// Whether the current position has occurred three times (a draw may be claimed).
    #[wasm_bindgen(js_name = isThreefoldRepetition)]
    pub fn is_threefold_repetition(&self) -> bool {
        self.edit.is_none() && self.game.is_threefold_repetition()
    }

    /// Whether 50 moves by each side passed without capture or pawn move (a draw may be
    /// claimed).
    #[wasm_bindgen(js_name = isDrawByFiftyMoves)]
    pub fn is_draw_by_fifty_moves(&self) -> bool {
        self.edit.is_none() && self.game.is_fifty_moves()
    }

    /// Whether the current position has occurred five times (the game is drawn).
    #[wasm_bindgen(js_name = isFivefoldRepetition)]
    pub fn is_fivefold_repetition(&self) -> bool {
        self.edit.is_none() && self.game.is_fivefold_repetition()
    }

    /// Whether 75 moves by each side passed without capture or pawn move (the game is drawn
    /// unless the last move mated).
    #[wasm_bindgen(js_name = isSeventyFiveMoves)]
    pub fn is_seventy_five_moves(&self) -> bool {
        self.edit.is_none() && self.game.is_seventy_five_moves()
    }

    /// As chess.js: stalemate, dead position, threefold repetition or 50 moves, and also any
    /// drawn ending (agreement, fivefold, 75 moves, a draw on time).
    #[wasm_bindgen(js_name = isDraw)]
    pub fn is_draw(&self) -> bool {
        self.edit.is_none()
            && (self.game.result() == crate::GameResult::Draw
                || self.is_stalemate()
                || self.is_insufficient_material()
                || self.is_threefold_repetition()
                || self.is_draw_by_fifty_moves())
    }

    /// As chess.js: checkmate or `isDraw()`, and also any other ending (resignation, flag
    /// fall). `status().gameOver` is the FIDE view, where threefold and 50 moves end the game
    /// only when claimed.
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.edit.is_none() && (self.game.is_game_over() || self.is_draw())
    }

    /// Whether `color` can never checkmate by any sequence of legal moves (decides a flag
    /// fall: FIDE 6.9).
    #[wasm_bindgen(js_name = hasInsufficientMaterial)]
    pub fn has_insufficient_material(&self, #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue) -> Result<bool, JsValue> {
        let color = options::color(&color, "color")?;
        self.position()?;
        Ok(self.game.has_insufficient_material(color))
    }

    /// Everything about the state of the game at once; see `Status`.
    #[wasm_bindgen(unchecked_return_type = "Status")]
    pub fn status(&self) -> JsValue {
        if self.edit.is_some() {
            return objects::make_status(0);
        }
        objects::make_status(objects::status_bits(&self.game.status()))
    }

    /// The number of leaf nodes `depth` plies deep (legal moves counted in bulk at the last
    /// ply): perft(1) of the start position is 20, perft(3) is 8902. `depth` is an integer
    /// from 0 to 30; otherwise throws `ChessError` `invalid-option` (detail `option: 'depth'`).
    pub fn perft(&self, #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue) -> Result<f64, JsValue> {
        let Some(depth) = depth.as_f64().filter(|d| d.fract() == 0.0 && (0.0..=MAX_PERFT_DEPTH as f64).contains(d)) else {
            return Err(Failure::Option {
                option: "depth".to_owned(),
                message: format!("expected an integer from 0 to {MAX_PERFT_DEPTH}, got {}", number_text(&depth)),
            }
            .into());
        };
        Ok(perft(self.position()?, depth as u32) as f64)
    }

    // ------------------------------------------------------------------ board

    /// The board as chess.js gives it: 8 rows, rank 8 first, each square
    /// `{ square, type, color }` or `null`.
    #[wasm_bindgen(unchecked_return_type = "BoardSquare[][]")]
    pub fn board(&self) -> JsValue {
        objects::make_board(&board_codes(&self.setup_board()))
    }

    /// The board as text, chess.js's layout.
    pub fn ascii(&self) -> String {
        objects::make_ascii(&board_codes(&self.setup_board()))
    }

    /// The piece on a square, or `undefined`.
    #[wasm_bindgen(unchecked_return_type = "Piece | undefined")]
    pub fn get(&self, #[wasm_bindgen(unchecked_param_type = "Square")] square: JsValue) -> Result<JsValue, JsValue> {
        let sq = options::square(&square)?;
        Ok(objects::make_piece(piece_code(self.setup_board().piece_at(sq))))
    }

    /// Puts a piece on a square (replacing any piece there) and starts a new game from the
    /// board. Returns `false`, changing nothing, for a second king of one color (as chess.js).
    /// Castling rights and an en passant square that no longer apply are dropped. While the
    /// board is not a legal position, `moves()` is empty and `move()` throws
    /// `invalid-position`.
    pub fn put(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Piece")] piece: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Square")] square: JsValue,
    ) -> Result<bool, JsValue> {
        let piece = options::piece(&piece)?;
        let sq = options::square(&square)?;
        let mut setup = self.current_setup();
        if piece.role == Role::King && setup.board.by_piece(piece).without(sq).any() {
            return Ok(false);
        }
        setup.board.put(sq, piece);
        let mode = self.mode();
        self.set_setup(setup, mode, true);
        Ok(true)
    }

    /// Removes the piece on a square and returns it (`undefined` if the square was empty); a
    /// new game starts from the board, as for `put`.
    #[wasm_bindgen(unchecked_return_type = "Piece | undefined")]
    pub fn remove(&mut self, #[wasm_bindgen(unchecked_param_type = "Square")] square: JsValue) -> Result<JsValue, JsValue> {
        let sq = options::square(&square)?;
        let mut setup = self.current_setup();
        let removed = setup.board.remove(sq);
        if removed.is_some() {
            let mode = self.mode();
            self.set_setup(setup, mode, true);
        }
        Ok(objects::make_piece(piece_code(removed)))
    }

    /// Sets the side to move, as chess.js does by a null move (no en passant, the halfmove
    /// clock one more, the move number on after Black); `false` if it already was.
    #[wasm_bindgen(js_name = setTurn)]
    pub fn set_turn(&mut self, #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue) -> Result<bool, JsValue> {
        let color = options::color(&color, "color")?;
        let mut setup = self.current_setup();
        if setup.turn == color {
            return Ok(false);
        }
        // As chess.js (a null move): refused in check, which would leave the side not to move
        // in check, a position no game reaches.
        if self.edit.is_none() && self.game.position().is_check() {
            return Err(Failure::Argument {
                argument: "color",
                message: "the side to move is in check: the turn cannot pass (a null move is illegal in check)".to_owned(),
            }
            .into());
        }
        editor::pass_turn(&mut setup);
        let mode = self.mode();
        self.set_setup(setup, mode, true);
        Ok(true)
    }

    /// `'light'` or `'dark'`.
    #[wasm_bindgen(js_name = squareColor, unchecked_return_type = "'light' | 'dark'")]
    pub fn square_color(&self, #[wasm_bindgen(unchecked_param_type = "Square")] square: JsValue) -> Result<String, JsValue> {
        let sq = options::square(&square)?;
        Ok(if sq.is_light() { "light" } else { "dark" }.to_owned())
    }

    /// The squares holding this piece.
    #[wasm_bindgen(js_name = findPiece, unchecked_return_type = "Square[]")]
    pub fn find_piece(&self, #[wasm_bindgen(unchecked_param_type = "Piece")] piece: JsValue) -> Result<JsValue, JsValue> {
        let piece = options::piece(&piece)?;
        Ok(squares(self.setup_board().by_piece(piece)))
    }

    /// The squares of the pieces of `color` (default: the side to move) that attack `square`.
    #[wasm_bindgen(unchecked_return_type = "Square[]")]
    pub fn attackers(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Square")] square: JsValue,
        color: Option<ColorArg>,
    ) -> Result<JsValue, JsValue> {
        let sq = options::square(&square)?;
        let pos = self.position()?;
        let color = match color {
            Some(c) => options::color(&c, "color")?,
            None => pos.turn(),
        };
        Ok(squares(pos.attackers_to(sq, color, pos.board().occupied())))
    }

    /// Whether a piece of `color` attacks `square`.
    #[wasm_bindgen(js_name = isAttacked)]
    pub fn is_attacked(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Square")] square: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue,
    ) -> Result<bool, JsValue> {
        let sq = options::square(&square)?;
        let color = options::color(&color, "color")?;
        let pos = self.position()?;
        Ok(pos.attackers_to(sq, color, pos.board().occupied()).any())
    }

    /// The castling rights of `color`: `{ k, q }` (king side, queen side).
    #[wasm_bindgen(js_name = getCastlingRights, unchecked_return_type = "{ k: boolean; q: boolean }")]
    pub fn get_castling_rights(&self, #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue) -> Result<JsValue, JsValue> {
        let [k, q] = self.castling_rights(options::color(&color, "color")?);
        Ok(Obj::new().set("k", k).set("q", q).build())
    }

    /// Whether `color` may castle king side and queen side (an edited board that is not a
    /// position has no rights).
    fn castling_rights(&self, color: Color) -> [bool; 2] {
        let castles = match &self.edit {
            Some(_) => return [false; 2],
            None => self.game.position().castles(),
        };
        [CastlingSide::KingSide, CastlingSide::QueenSide].map(|side| castles.rook(color, side).is_some())
    }

    /// Sets or clears `color`'s castling rights, as chess.js: `{ k: true }` gives the king side
    /// (with the outermost rook on that side of the king, in Chess960 too), `{ q: false }` takes
    /// the queen side away, a side not named stays. `true` if the rights are now as asked
    /// (a right the board cannot have, with the king or the rook gone, is not given). As every
    /// edit, a change starts a new game from the new board.
    #[wasm_bindgen(js_name = setCastlingRights)]
    pub fn set_castling_rights(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue,
        #[wasm_bindgen(unchecked_param_type = "{ k?: boolean; q?: boolean }")] rights: JsValue,
    ) -> Result<bool, JsValue> {
        let color = options::color(&color, "color")?;
        if !rights.is_object() {
            return Err(
                Failure::Argument { argument: "rights", message: format!("expected {{ k?, q? }}, got {}", type_name(&rights)) }.into()
            );
        }
        let o = Options::read(Some(&rights), "rights", &["k", "q"])?;
        let asked = [(CastlingSide::KingSide, o.bool("k")?), (CastlingSide::QueenSide, o.bool("q")?)];
        let mut setup = self.current_setup();
        let before = setup.castling_rights;
        for (side, on) in asked {
            if let Some(on) = on {
                editor::set_castling(&mut setup, color, side, on);
            }
        }
        if setup.castling_rights != before {
            let mode = self.mode();
            self.set_setup(setup, mode, true);
        }
        let now = self.castling_rights(color);
        Ok(asked.iter().zip(now).all(|((_, on), has)| on.is_none_or(|on| on == has)))
    }

    /// The Polyglot Zobrist hash of the position, 16 hex digits.
    pub fn hash(&self) -> Result<String, JsValue> {
        Ok(format!("{:016x}", self.position()?.zobrist_hash()))
    }

    // ------------------------------------------------------------------ explanations, touch-move

    /// Why a move is legal or not: `{ legal, reason?, message, ... }` with the message in the
    /// selected language. The move is SAN, UCI or `{ from, to, promotion? }`; nothing is played.
    #[wasm_bindgen(unchecked_return_type = "Explanation")]
    pub fn explain(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | MoveObject")] m: JsValue,
        options: Option<LangOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let o = Options::read(options.as_ref(), "options", &["lang"])?;
        let lang = o.lang()?.unwrap_or(self.lang);
        let pos = self.position()?;
        let (from, to, promotion) = match move_input(&m)? {
            MoveInput::Squares { from, to, promotion } => (from, to, promotion),
            MoveInput::Uci(uci) => crate::parse_uci_squares(&uci).ok_or(Failure::Uci(crate::UciError::Syntax { input: uci }))?,
            MoveInput::San(san) => match parse_san(pos, &san, &SanOptions { lang, strict: false }) {
                Ok(mv) => (mv.from(), mv.to(), mv.promotion()),
                // The SAN names no legal move: the game says why, from what the text names.
                Err(crate::SanError::Illegal { attempt, .. }) => {
                    return Ok(explanation_object(&self.game.explain_san(&attempt), lang, None))
                }
                Err(e) => return Err(Failure::San(e).into()),
            },
        };
        let e = self.game.explain(from, to, promotion);
        let san = e.mv.map(|mv| crate::to_san_styled(pos, mv, self.default_style(lang)));
        Ok(explanation_object(&e, lang, san))
    }

    /// Turns the touch-move rule (FIDE 4.3-4.7) on or off.
    #[wasm_bindgen(js_name = setTouchMove)]
    pub fn set_touch_move(&mut self, #[wasm_bindgen(unchecked_param_type = "boolean")] on: JsValue) -> Result<(), JsValue> {
        let on = on
            .as_bool()
            .ok_or_else(|| Failure::Argument { argument: "on", message: format!("expected a boolean, got {}", type_name(&on)) })?;
        self.game.set_touch_move(on);
        Ok(())
    }

    /// Whether the touch-move rule is enforced.
    #[wasm_bindgen(js_name = isTouchMove)]
    pub fn is_touch_move(&self) -> bool {
        self.game.touch_move()
    }

    /// The player to move touches the piece on `square` (or several squares at once, such as
    /// king and rook); returns what touch-move now obliges. Turns the rule on if it was off.
    /// With `color`, that player touches: `not-your-turn` unless it is their move.
    #[wasm_bindgen(unchecked_return_type = "Obligation")]
    pub fn touch(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Square | Square[]")] square: JsValue,
        color: Option<ColorArg>,
    ) -> Result<JsValue, JsValue> {
        self.editable_position()?;
        let text = describe(&square);
        let mut sqs = Vec::new();
        let unreadable =
            || Failure::Argument { argument: "square", message: "expected a square or an array of squares; it cannot be read".to_owned() };
        match array_len(&square, 64).map_err(|_| unreadable())? {
            Some(n) => {
                for i in 0..n {
                    sqs.push(options::square(&item(&square, i).map_err(|_| unreadable())?)?);
                }
            }
            None => sqs.push(options::square(&square)?),
        }
        let color = match color {
            Some(c) => options::color(&c, "color")?,
            None => self.game.turn(),
        };
        let obligation = match sqs.as_slice() {
            [one] => self.game.touch_as(color, *one),
            _ if color != self.game.turn() => Err(GameError::NotYourTurn),
            many => self.game.touch_together(many),
        };
        obligation.map(obligation_object).map_err(|e| self.game_failure(e, &text, self.lang))
    }

    /// What touch-move obliges now (`{ type: 'free' }` when nothing is touched or the rule
    /// is off).
    #[wasm_bindgen(unchecked_return_type = "Obligation")]
    pub fn obligation(&self) -> JsValue {
        if self.edit.is_some() {
            return obligation_object(crate::touch::Obligation::Free);
        }
        obligation_object(self.game.obligation())
    }

    // ------------------------------------------------------------------ endings by the players

    /// `color` resigns; the opponent wins.
    pub fn resign(&mut self, #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue) -> Result<(), JsValue> {
        let color = options::color(&color, "color")?;
        self.editable_position()?;
        self.game.resign(color).map(|_| ()).map_err(|e| self.game_failure(e, "", self.lang))
    }

    /// `color` offers a draw: only right after their own move (FIDE 9.1.2.1). The offer stands
    /// until the opponent accepts, declines or moves.
    #[wasm_bindgen(js_name = offerDraw)]
    pub fn offer_draw(&mut self, #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue) -> Result<(), JsValue> {
        let color = options::color(&color, "color")?;
        self.editable_position()?;
        self.game.offer_draw(color).map_err(|e| self.game_failure(e, "", self.lang))
    }

    /// The side whose draw offer stands, or `null`.
    #[wasm_bindgen(js_name = drawOffer, unchecked_return_type = "Color | null")]
    pub fn draw_offer(&self) -> JsValue {
        match (&self.edit, self.game.draw_offer()) {
            (None, Some(c)) => JsValue::from_str(color_str(c)),
            _ => JsValue::NULL,
        }
    }

    /// The player to move accepts the standing draw offer.
    #[wasm_bindgen(js_name = acceptDraw)]
    pub fn accept_draw(&mut self) -> Result<(), JsValue> {
        self.editable_position()?;
        self.game.accept_draw().map(|_| ()).map_err(|e| self.game_failure(e, "", self.lang))
    }

    /// The player to move declines the standing draw offer.
    #[wasm_bindgen(js_name = declineDraw)]
    pub fn decline_draw(&mut self) -> Result<(), JsValue> {
        self.editable_position()?;
        self.game.decline_draw().map_err(|e| self.game_failure(e, "", self.lang))
    }

    /// The player to move claims a draw by threefold repetition or the 50-move rule, now or by
    /// declaring the move that makes it hold (the move is then played). Throws
    /// `invalid-claim` (nothing changes) when the claim is not correct.
    #[wasm_bindgen(js_name = claimDraw)]
    pub fn claim_draw(&mut self, m: Option<MoveArg>) -> Result<(), JsValue> {
        let pos = self.position()?;
        let declared = match m {
            None => None,
            Some(m) => Some(self.resolve(pos, &m)?),
        };
        self.game.claim_draw(declared).map_err(|e| self.game_failure(e, "", self.lang))?;
        self.record.sync(&self.game);
        Ok(())
    }

    /// `color`'s flag has fallen: the opponent wins, or it is a draw if the opponent cannot
    /// mate by any sequence of legal moves (FIDE 6.9).
    #[wasm_bindgen(js_name = flagFall)]
    pub fn flag_fall(&mut self, #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue) -> Result<(), JsValue> {
        let color = options::color(&color, "color")?;
        self.editable_position()?;
        self.game.flag_fall(color).map(|_| ()).map_err(|e| self.game_failure(e, "", self.lang))
    }

    /// Ends the game if the clock shows a fallen flag (FIDE 6.9); `true` if this call ended it.
    /// JS calls it through `syncClock` (pkg/extend.js), which checks that the argument is a
    /// `Clock` first.
    #[wasm_bindgen(js_name = __syncClockChecked, skip_typescript)]
    pub fn sync_clock(&mut self, clock: &Clock) -> bool {
        self.edit.is_none() && self.game.sync_clock(clock.inner()).is_some()
    }

    // ------------------------------------------------------------------ PGN

    /// The game as PGN: headers, moves (canonical SAN), comments, NAGs, variations of a
    /// loaded PGN, result. Options: `maxWidth` (0, the default, is one line, as chess.js),
    /// `newline`.
    pub fn pgn(&self, options: Option<PgnOptionsArg>) -> Result<String, JsValue> {
        let o = Options::read(options.as_ref(), "options", &["maxWidth", "newline"])?;
        let width = match o.number("maxWidth")? {
            None => 0,
            Some(w) if w.fract() == 0.0 && (0.0..=1e9).contains(&w) => w as usize,
            Some(w) => {
                return Err(Failure::Option {
                    option: "maxWidth".to_owned(),
                    message: format!("expected a whole number from 0, got {}", js_number(w)),
                }
                .into())
            }
        };
        let newline = o.string("newline")?;
        let game = self.pgn_game()?;
        let options = WriteOptions {
            canonical_san: true,
            chess_js: true,
            width: if width == 0 { usize::MAX / 2 } else { width },
            ..WriteOptions::default()
        };
        let mut text = pgn::write_game(&game, &options);
        while text.ends_with('\n') {
            text.pop();
        }
        Ok(match newline {
            Some(nl) if nl != "\n" => text.replace('\n', &nl),
            _ => text,
        })
    }

    /// Loads the first game of a PGN text: headers, moves, comments, NAGs, variations.
    /// Options: `lang` (piece letters accepted besides English), `strict` (canonical SAN only, as chess.js), `newlineChar`. Throws
    /// `invalid-pgn` with `{ game, line, column, reason, message }` (and, for a move that fails, `move` and `fen`: its position, to `explain()` it in any language); the game is unchanged then.
    #[wasm_bindgen(js_name = loadPgn)]
    pub fn load_pgn(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] pgn: JsValue,
        options: Option<LoadPgnOptionsArg>,
    ) -> Result<(), JsValue> {
        let o = Options::read(options.as_ref(), "options", &["strict", "lang", "newlineChar"])?;
        let lang = o.lang()?.unwrap_or(self.lang);
        let mut text = pgn
            .as_string()
            .ok_or_else(|| Failure::Argument { argument: "pgn", message: format!("expected a string, got {}", type_name(&pgn)) })?;
        if let Some(nl) = o.string("newlineChar")? {
            if !nl.is_empty() && nl != "\n" && nl != "\r?\n" {
                // By JS's replaceAll (the replacement "\n" holds no `$` pattern): Rust's
                // substring search would add 2 KB of code to the module.
                text = js_sys::JsString::from(text).replace_all(&nl, "\n").into();
            }
        }
        match Reader::with_options(
            std::io::Cursor::new(text.into_bytes()),
            ReadOptions { lang, strict: o.bool("strict")?.unwrap_or(false) },
        )
        .read_game()
        {
            None => {
                self.reset();
                Ok(())
            }
            Some(Err(e)) => Err(Failure::Pgn(e).into()),
            Some(Ok(g)) => {
                let loaded = Chess::from_pgn_game(g, self.lang, self.figurine, self.game.touch_move())?;
                *self = loaded;
                Ok(())
            }
        }
    }

    /// chess.js's `header(key, value, ...)`: sets pairs; returns every header.
    #[wasm_bindgen(js_name = __headerPairs, skip_typescript)]
    pub fn header_pairs(&mut self, args: Vec<JsValue>) -> JsValue {
        let mut i = 0;
        while i + 1 < args.len() {
            if let (Some(k), Some(v)) = (args[i].as_string(), args[i + 1].as_string()) {
                // As chess.js, pairs it cannot take are passed over: here also the ones
                // `setHeader` refuses (a PGN would not read them back).
                let _ = self.record.set_tag(&self.game, start_of(&self.edit, &self.game), &k, &v);
            }
            i += 2;
        }
        self.get_headers()
    }

    /// Every header, as `{ name: value }`.
    #[wasm_bindgen(js_name = getHeaders, unchecked_return_type = "Record<string, string>")]
    pub fn get_headers(&self) -> JsValue {
        let obj = js_sys::Object::new();
        for (k, v) in self.record.headers(&self.game, start_of(&self.edit, &self.game)) {
            let _ = js_sys::Reflect::set(&obj, &JsValue::from_str(&k), &JsValue::from_str(&v));
        }
        obj.into()
    }

    /// Sets a header; returns every header.
    #[wasm_bindgen(js_name = setHeader, unchecked_return_type = "Record<string, string>")]
    pub fn set_header(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] key: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] value: JsValue,
    ) -> Result<JsValue, JsValue> {
        let key = tag_name(&key)?;
        let value = value
            .as_string()
            .ok_or_else(|| Failure::Argument { argument: "value", message: format!("expected a string, got {}", type_name(&value)) })?;
        // What pgn() writes must read back: the reader's limits and characters.
        self.record
            .set_tag(&self.game, start_of(&self.edit, &self.game), &key, &value)
            .map_err(|error| Failure::Note { argument: "value", error })?;
        Ok(self.get_headers())
    }

    /// Removes a header (a Seven Tag Roster header goes back to `?`); `false` if absent.
    #[wasm_bindgen(js_name = removeHeader)]
    pub fn remove_header(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] key: JsValue) -> Result<bool, JsValue> {
        // As chess.js: any name; one that is not a tag is absent.
        let key = key
            .as_string()
            .ok_or_else(|| Failure::Argument { argument: "key", message: format!("expected a string, got {}", type_name(&key)) })?;
        Ok(self.record.remove_tag(start_of(&self.edit, &self.game), &key))
    }

    /// The comment on the current position (`undefined` if none).
    #[wasm_bindgen(js_name = getComment, unchecked_return_type = "string | undefined")]
    pub fn get_comment(&self) -> JsValue {
        self.record.comment().map_or(JsValue::UNDEFINED, |c| JsValue::from_str(&c))
    }

    /// Sets the comment on the current position. Braces become brackets, as in chess.js (a
    /// brace cannot stand in a PGN comment); chess.js changes only the first of each.
    #[wasm_bindgen(js_name = setComment)]
    pub fn set_comment(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] comment: JsValue) -> Result<(), JsValue> {
        let comment = comment
            .as_string()
            .ok_or_else(|| Failure::Argument { argument: "comment", message: format!("expected a string, got {}", type_name(&comment)) })?;
        let comment = comment.replace('{', "[").replace('}', "]");
        self.record.set_comment(&self.game, comment).map_err(|error| Failure::Note { argument: "comment", error })?;
        Ok(())
    }

    /// Removes and returns the comment on the current position.
    #[wasm_bindgen(js_name = removeComment, unchecked_return_type = "string | undefined")]
    pub fn remove_comment(&mut self) -> JsValue {
        self.record.remove_comment().map_or(JsValue::UNDEFINED, |c| JsValue::from_str(&c))
    }

    /// Same as `removeComment()` (chess.js's older name).
    #[wasm_bindgen(js_name = deleteComment, unchecked_return_type = "string | undefined")]
    pub fn delete_comment(&mut self) -> JsValue {
        self.remove_comment()
    }

    /// Every comment of the game, in game order: `[{ fen, comment, suffixAnnotation?, nags? }]`,
    /// the last two for a comment on a position a move with NAGs led to. As chess.js 1.4
    /// every entry has its comment (chess.js's next release also lists positions with only a
    /// suffix annotation): `getNags(fen)` and `getSuffixAnnotation(fen)` give those.
    #[wasm_bindgen(
        js_name = getComments,
        unchecked_return_type = "{ fen: string; comment: string; suffixAnnotation?: Suffix; nags?: number[] }[]"
    )]
    pub fn get_comments(&mut self) -> JsValue {
        // As chess.js: what is not on the game's line now is forgotten.
        self.record.forget_taken_back();
        let list = js_sys::Array::new();
        if self.edit.is_some() {
            return list.into();
        }
        let positions = self.game.positions();
        for (ply, comment) in self.record.comments() {
            let mut entry = Obj::new().set("fen", positions[ply].fen()).set("comment", comment);
            let nags = self.record.nags(ply);
            if !nags.is_empty() {
                entry = entry.opt("suffixAnnotation", self.record.suffix(ply).and_then(|n| n.symbol())).set("nags", nag_array(nags));
            }
            list.push(&entry.build());
        }
        list.into()
    }

    /// Removes every comment (NAGs stay); returns them as `[{ fen, comment }]`.
    #[wasm_bindgen(js_name = removeComments, unchecked_return_type = "{ fen: string; comment: string }[]")]
    pub fn remove_comments(&mut self) -> JsValue {
        self.record.forget_taken_back();
        let list = js_sys::Array::new();
        if self.edit.is_none() {
            let positions = self.game.positions();
            for (ply, comment) in self.record.remove_comments() {
                list.push(&Obj::new().set("fen", positions[ply].fen()).set("comment", comment).build());
            }
        }
        list.into()
    }

    /// Same as `removeComments()` (chess.js's older name).
    #[wasm_bindgen(js_name = deleteComments, unchecked_return_type = "{ fen: string; comment: string }[]")]
    pub fn delete_comments(&mut self) -> JsValue {
        self.remove_comments()
    }

    /// The NAGs of the move to the current position, or to the position of the game with FEN
    /// `fen` (`[]` for the start, or a FEN of no position of the game).
    #[wasm_bindgen(js_name = getNags, unchecked_return_type = "number[]")]
    pub fn get_nags(&self, fen: Option<FenArg>) -> Result<JsValue, JsValue> {
        Ok(self.ply_of(fen.as_deref())?.map_or_else(|| nag_array(&[]), |ply| nag_array(self.record.nags(ply))))
    }

    /// Adds a NAG (a number from 0 to 255, `'$14'`, or a glyph such as `'!?'` or `'±'`) to
    /// the move to the current position (or to the position with FEN `fen`); one it has is
    /// not added again. Throws `invalid-argument` for the start position (a NAG follows a
    /// move), a FEN of no position of the game, or past the PGN reader's limits.
    #[wasm_bindgen(js_name = addNag)]
    pub fn add_nag(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number | string")] nag: JsValue,
        fen: Option<FenArg>,
    ) -> Result<(), JsValue> {
        let nag = nag_input(&nag, "nag")?;
        let ply = self.target_ply(fen.as_deref())?;
        self.record.add_nag(&self.game, ply, nag).map_err(|error| Failure::Note { argument: "nag", error }.into())
    }

    /// Replaces the NAGs of the move to the current position (or to `fen`'s); returns the old
    /// ones. Refused as `addNag`.
    #[wasm_bindgen(js_name = setNags, unchecked_return_type = "number[]")]
    pub fn set_nags(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "(number | string)[]")] nags: JsValue,
        fen: Option<FenArg>,
    ) -> Result<JsValue, JsValue> {
        let unreadable = || Failure::Argument { argument: "nags", message: "the array cannot be read".to_owned() };
        let Some(len) = array_len(&nags, 257).map_err(|()| unreadable())? else {
            return Err(
                Failure::Argument { argument: "nags", message: format!("expected an array of NAGs, got {}", type_name(&nags)) }.into()
            );
        };
        let mut list = Vec::with_capacity(len as usize);
        for i in 0..len {
            list.push(nag_input(&item(&nags, i).map_err(|()| unreadable())?, "nags")?);
        }
        let ply = self.target_ply(fen.as_deref())?;
        let old = self.record.set_nags(&self.game, ply, &list).map_err(|error| Failure::Note { argument: "nags", error })?;
        Ok(nag_array(&old))
    }

    /// Removes a NAG from the move to the current position (or to `fen`'s); `false` if it had
    /// none.
    #[wasm_bindgen(js_name = removeNag)]
    pub fn remove_nag(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number | string")] nag: JsValue,
        fen: Option<FenArg>,
    ) -> Result<bool, JsValue> {
        let nag = nag_input(&nag, "nag")?;
        Ok(self.ply_of(fen.as_deref())?.is_some_and(|ply| self.record.remove_nag(ply, nag)))
    }

    /// Removes every NAG of the move to the current position (or to `fen`'s); returns them.
    #[wasm_bindgen(js_name = removeNags, unchecked_return_type = "number[]")]
    pub fn remove_nags(&mut self, fen: Option<FenArg>) -> Result<JsValue, JsValue> {
        Ok(nag_array(&self.ply_of(fen.as_deref())?.map_or_else(Vec::new, |ply| self.record.remove_nags(ply))))
    }

    /// The suffix annotation (`'!'`, `'?'`, `'!!'`, `'!?'`, `'?!'`, `'??'`) of the move to
    /// the current position (or to `fen`'s): its NAG 1 to 6, as chess.js's next release.
    #[wasm_bindgen(js_name = getSuffixAnnotation, unchecked_return_type = "Suffix | undefined")]
    pub fn get_suffix_annotation(&self, fen: Option<FenArg>) -> Result<JsValue, JsValue> {
        let suffix = self.ply_of(fen.as_deref())?.and_then(|ply| self.record.suffix(ply)).and_then(|n| n.symbol());
        Ok(suffix.map_or(JsValue::UNDEFINED, JsValue::from_str))
    }

    /// Sets the suffix annotation of the move to the current position (or to `fen`'s): it
    /// replaces the move's NAG 1 to 6. Throws `invalid-argument` for anything but the six,
    /// and as `addNag`.
    #[wasm_bindgen(js_name = setSuffixAnnotation)]
    pub fn set_suffix_annotation(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Suffix")] suffix: JsValue,
        fen: Option<FenArg>,
    ) -> Result<(), JsValue> {
        // The six of `SUFFIX_LIST` (pkg/objects.js): NAGs 1 to 6 in ASCII (not `‼`).
        let nag =
            suffix.as_string().filter(|s| s.is_ascii()).and_then(|s| pgn::Nag::from_symbol(&s)).filter(|n| n.is_move_suffix()).ok_or_else(
                || Failure::Argument { argument: "suffix", message: format!("expected one of ! ? !! !? ?! ??, got {}", describe(&suffix)) },
            )?;
        let ply = self.target_ply(fen.as_deref())?;
        self.record.set_suffix(&self.game, ply, nag).map(drop).map_err(|error| Failure::Note { argument: "suffix", error }.into())
    }

    /// Removes the suffix annotation of the move to the current position (or to `fen`'s);
    /// returns it.
    #[wasm_bindgen(js_name = removeSuffixAnnotation, unchecked_return_type = "Suffix | undefined")]
    pub fn remove_suffix_annotation(&mut self, fen: Option<FenArg>) -> Result<JsValue, JsValue> {
        let old = self.ply_of(fen.as_deref())?.and_then(|ply| self.record.remove_suffix(ply)).and_then(|n| n.symbol());
        Ok(old.map_or(JsValue::UNDEFINED, JsValue::from_str))
    }

    /// Whether `move` (SAN, UCI or `{ from, to }`; its promotion piece may be left out) is a
    /// legal move that promotes a pawn, as chess.js's next release: what a board UI asks
    /// before offering the choice of a piece. `false` for an illegal or unreadable move.
    #[wasm_bindgen(js_name = isPromotion)]
    pub fn is_promotion(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | { from: string; to: string; promotion?: string }")] m: JsValue,
    ) -> Result<bool, JsValue> {
        let input = match move_input(&m) {
            Ok(input) => input,
            Err(Failure::Square { .. } | Failure::Piece { .. }) => return Ok(false),
            Err(e) => return Err(e.into()),
        };
        let Ok(pos) = self.position() else { return Ok(false) };
        if self.game.is_game_over() {
            return Ok(false);
        }
        Ok(match input {
            MoveInput::Squares { from, to, .. } => explain::promotes(pos, from, to),
            MoveInput::Uci(uci) => crate::parse_uci_squares(&uci).is_some_and(|(from, to, _)| explain::promotes(pos, from, to)),
            MoveInput::San(san) => match parse_san(pos, &san, &SanOptions { lang: self.lang, strict: false }) {
                Ok(mv) => mv.promotion().is_some(),
                // `c8` for a pawn that must promote: every candidate promotes.
                Err(crate::SanError::Ambiguous { candidates, .. }) => candidates.iter().all(|(mv, _)| mv.promotion().is_some()),
                Err(_) => false,
            },
        })
    }
}

// ---------------------------------------------------------------------- helpers

impl Chess {
    /// The game of a parsed PGN (its main line played, its notes kept).
    pub(crate) fn from_pgn_game(g: pgn::Game, lang: Lang, figurine: bool, touch_move: bool) -> Result<Chess, Failure> {
        let mut game = Game::from_position(g.start.clone());
        for (ply, node) in g.root.nodes.iter().enumerate() {
            // The reader resolved every move against its position: only an ending (fivefold
            // repetition, 75 moves) can refuse one.
            game.play(node.mv).map_err(|error| Failure::PgnAfterEnd { ply, error })?;
        }
        game.set_touch_move(touch_move);
        Ok(Chess { game, edit: None, record: Record::from_pgn(g), lang, figurine, sandbox: false })
    }

    /// The ply of the position a note is for: the current one (`fen` left out), else the
    /// last position of the game whose FEN is `fen` (`None` if none is).
    fn ply_of(&self, fen: Option<&JsValue>) -> Result<Option<usize>, Failure> {
        let Some(fen) = fen.filter(|f| !f.is_undefined() && !f.is_null()) else {
            return Ok(Some(self.game.ply()));
        };
        let fen = fen
            .as_string()
            .ok_or_else(|| Failure::Argument { argument: "fen", message: format!("expected a FEN string, got {}", type_name(fen)) })?;
        if self.edit.is_some() {
            return Ok(None);
        }
        Ok(self.game.positions().iter().rposition(|p| p.fen() == fen))
    }

    /// [`Chess::ply_of`] for a setter: a FEN of no position of the game is refused.
    fn target_ply(&self, fen: Option<&JsValue>) -> Result<usize, Failure> {
        self.ply_of(fen)?.ok_or_else(|| Failure::Argument { argument: "fen", message: "no position of the game has this FEN".to_owned() })
    }

    /// The game as a PGN tree.
    fn pgn_game(&self) -> Result<pgn::Game, Failure> {
        self.position()?;
        Ok(self.record.to_pgn(&self.game, start_of(&self.edit, &self.game)))
    }

    /// The last move played as a `Move` object (both FENs known).
    fn last_move_object(&self, mv: Move, style: SanStyle) -> JsValue {
        let positions = self.game.positions();
        let before = &positions[positions.len() - 2];
        let after = &positions[positions.len() - 1];
        let san = crate::to_san_styled(before, mv, style);
        let (w0, w1) = move_words(before, mv, &san);
        objects::make_move(w0, w1, &san, &before.fen(), &after.fen(), self.is_chess960())
    }

    /// A move given as JS, resolved in `pos` without playing it.
    fn resolve(&self, pos: &Position, m: &JsValue) -> Result<Move, Failure> {
        match move_input(m)? {
            MoveInput::San(san) => parse_san(pos, &san, &SanOptions { lang: self.lang, strict: false }).map_err(|e| match e {
                crate::SanError::Illegal { attempt, input } => {
                    Failure::Game { error: GameError::IllegalMove(self.game.explain_san(&attempt)), input, lang: self.lang }
                }
                e => Failure::San(e),
            }),
            MoveInput::Uci(uci) => crate::parse_uci(pos, &uci).map_err(Failure::Uci),
            MoveInput::Squares { from, to, promotion } => explain::find_legal(pos, from, to, promotion).ok_or_else(|| Failure::Game {
                error: GameError::IllegalMove(explain::explain(pos, from, to, promotion)),
                input: format!("{from}{to}"),
                lang: self.lang,
            }),
        }
    }

    fn game_failure(&self, error: GameError, input: &str, lang: Lang) -> JsValue {
        Failure::Game { error, input: input.to_owned(), lang }.into()
    }

    /// The position, or `invalid-position` while the board is being edited.
    fn position(&self) -> Result<&Position, Failure> {
        match &self.edit {
            Some(e) => Err(Failure::Position(e.error)),
            None => Ok(self.game.position()),
        }
    }

    fn editable_position(&self) -> Result<(), Failure> {
        self.position().map(|_| ())
    }

    fn current_setup(&self) -> Setup {
        match &self.edit {
            Some(e) => e.setup.clone(),
            None => self.game.position().to_setup(),
        }
    }

    fn setup_board(&self) -> crate::Board {
        match &self.edit {
            Some(e) => e.setup.board,
            None => *self.game.position().board(),
        }
    }

    fn setup_turn(&self) -> Color {
        match &self.edit {
            Some(e) => e.setup.turn,
            None => self.game.position().turn(),
        }
    }

    /// A position from a setup: a sandbox position in sandbox mode.
    fn build(&self, setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        if self.sandbox {
            Position::sandbox(setup, mode)
        } else {
            Position::from_setup(setup, mode)
        }
    }

    fn mode(&self) -> CastlingMode {
        match &self.edit {
            Some(e) => e.mode,
            None => self.game.position().castling_mode(),
        }
    }

    fn default_style(&self, lang: Lang) -> SanStyle {
        if self.figurine {
            SanStyle::Figurine
        } else {
            SanStyle::Letters(lang)
        }
    }

    /// The SAN style of a call: its `lang` and `figurine` options over the instance's.
    fn style(&self, o: &Options) -> Result<SanStyle, Failure> {
        let lang = o.lang()?.unwrap_or(self.lang);
        let figurine = o.bool("figurine")?.unwrap_or(self.figurine && o.lang()?.is_none());
        Ok(if figurine { SanStyle::Figurine } else { SanStyle::Letters(lang) })
    }

    /// Reads a FEN argument and starts from it.
    fn load_fen(&mut self, fen: &JsValue, mode: CastlingMode, skip_validation: bool, preserve_headers: bool) -> Result<(), Failure> {
        let text = fen.as_string().ok_or_else(|| Failure::FenNotString(type_name(fen)))?;
        let setup = Setup::from_fen(&text).map_err(|e| Failure::Fen(crate::FenError::Parse(e)))?;
        if skip_validation {
            self.set_setup(setup, mode, preserve_headers);
            return Ok(());
        }
        let pos = self.build(setup, mode).map_err(|e| Failure::Fen(crate::FenError::Position(e)))?;
        self.start_new(pos, preserve_headers);
        Ok(())
    }

    /// A new game from `pos`: history, comments and (unless preserved) headers cleared.
    fn start_new(&mut self, pos: Position, preserve_headers: bool) {
        let touch = self.game.touch_move();
        self.game = Game::from_position(pos);
        self.game.set_touch_move(touch);
        self.edit = None;
        self.reset_notes(preserve_headers);
    }

    fn reset_notes(&mut self, preserve_headers: bool) {
        self.record.restart(preserve_headers, start_of(&self.edit, &self.game));
    }

    /// A new game from an edited board ([`editor::edited_position`]: the rights and the en
    /// passant square the board no longer supports are dropped); a board that is still not a
    /// legal position is kept for further editing.
    fn set_setup(&mut self, setup: Setup, mode: CastlingMode, preserve_headers: bool) {
        match editor::edited_position(setup, mode, self.sandbox) {
            Ok(pos) => self.start_new(pos, preserve_headers),
            Err(editor::Unplayable { setup, error }) => {
                self.edit = Some(Box::new(Edit { setup, mode, error }));
                self.reset_notes(preserve_headers);
            }
        }
    }
}

/// A move argument.
fn move_input(value: &JsValue) -> Result<MoveInput, Failure> {
    if let Some(s) = value.as_string() {
        let trimmed = s.trim();
        if crate::parse_uci_squares(trimmed).is_some() {
            return Ok(MoveInput::Uci(trimmed.to_owned()));
        }
        return Ok(MoveInput::San(s));
    }
    if value.is_object() && is_array(value) != Some(true) {
        let unreadable = || Failure::Argument { argument: "move", message: "the move object's fields cannot be read".to_owned() };
        let field = |k: &str| get(value, &JsValue::from_str(k)).map_err(|_| unreadable());
        let from = options::square(&field("from")?)?;
        let to = options::square(&field("to")?)?;
        let promotion = options::promotion(&field("promotion")?)?;
        return Ok(MoveInput::Squares { from, to, promotion });
    }
    Err(Failure::Argument {
        argument: "move",
        message: format!("expected SAN (Nf3), UCI (g1f3) or {{ from, to, promotion? }}, got {}", type_name(value)),
    })
}

/// A NAG given as a number from 0 to 255, `$n`, or a glyph (`!?`, `±`, `+-`, ...).
fn nag_input(value: &JsValue, argument: &'static str) -> Result<pgn::Nag, Failure> {
    let number = match value.as_string() {
        Some(s) => match s.strip_prefix('$') {
            // By hand: `str::parse` of a number links core's number parsing (KBs of wasm).
            Some(digits) if !digits.is_empty() && digits.len() <= 3 && digits.bytes().all(|b| b.is_ascii_digit()) => {
                Some(digits.bytes().fold(0.0, |n, b| n * 10.0 + f64::from(b - b'0')))
            }
            Some(_) => None,
            None => return pgn::Nag::from_symbol(&s).ok_or_else(|| bad_nag(value, argument)),
        },
        None => value.as_f64(),
    };
    match number {
        Some(n) if n.fract() == 0.0 && (0.0..=255.0).contains(&n) => Ok(pgn::Nag(n as u8)),
        _ => Err(bad_nag(value, argument)),
    }
}

fn bad_nag(value: &JsValue, argument: &'static str) -> Failure {
    Failure::Argument {
        argument,
        message: format!("expected a NAG: a number from 0 to 255, $n, or a glyph such as !? or ±, got {}", describe(value)),
    }
}

fn single_role(s: &str) -> Option<Role> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Role::from_char(c),
        _ => None,
    }
}

fn tag_name(key: &JsValue) -> Result<String, Failure> {
    match key.as_string() {
        Some(k) if pgn::is_tag_name(&k) => Ok(k),
        _ => Err(Failure::Argument {
            argument: "key",
            message: format!("expected a tag name (1 to 255 letters, digits and _, not only digits), got {}", describe(key)),
        }),
    }
}

/// Where the game starts, for the tags made on demand: the edited board, else the game's
/// first position.
fn start_of<'a>(edit: &'a Option<Box<Edit>>, game: &'a Game) -> Start<'a> {
    match edit {
        Some(e) => Start::Edited(&e.setup, e.mode),
        None => Start::Position(game.initial_position()),
    }
}

fn mode_of(chess960: bool) -> CastlingMode {
    if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

/// The start position in a castling mode, as a sandbox position in sandbox mode.
fn start_position(mode: CastlingMode, sandbox: bool) -> Position {
    let pos = match mode {
        CastlingMode::Standard => Position::new(),
        CastlingMode::Chess960 => Position::chess960(518).expect("518 is the standard start"),
    };
    if sandbox {
        Position::sandbox(pos.to_setup(), mode).unwrap_or(pos)
    } else {
        pos
    }
}

/// A FEN's validity, as chess.js's `validateFen`: `{ ok, error?, reason?, reasons? }`.
#[wasm_bindgen(js_name = validateFen, unchecked_return_type = "FenValidation")]
pub fn validate_fen(
    #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
    options: Option<ValidateFenOptionsArg>,
) -> Result<JsValue, JsValue> {
    let o = Options::read(options.as_ref(), "options", &["chess960", "sandbox"])?;
    let mode = mode_of(o.bool("chess960")?.unwrap_or(false));
    let sandbox = o.bool("sandbox")?.unwrap_or(false);
    let Some(text) = fen.as_string() else {
        return Ok(Obj::new()
            .set("ok", false)
            .set("error", format!("FEN must be a string, got {}", type_name(&fen)))
            .set("reason", "fen-type")
            .set("reasons", strings(["fen-type"]))
            .build());
    };
    let checked = match Setup::from_fen(&text) {
        Err(e) => Err(crate::FenError::Parse(e)),
        Ok(setup) if sandbox => Position::sandbox(setup, mode).map_err(crate::FenError::Position),
        Ok(setup) => Position::from_setup(setup, mode).map_err(crate::FenError::Position),
    };
    Ok(match checked {
        Ok(_) => Obj::new().set("ok", true).build(),
        Err(e) => {
            let reasons: Vec<&str> = match &e {
                crate::FenError::Parse(p) => vec![p.code()],
                crate::FenError::Position(p) => p.reasons().map(|r| r.code()).collect(),
            };
            Obj::new().set("ok", false).set("error", e.to_string()).set("reason", e.code()).set("reasons", strings(reasons)).build()
        }
    })
}
