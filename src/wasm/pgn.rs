//! `parsePgn(text)` and `class PgnGame`: every game of a PGN text with its tags, move tree
//! (SAN, UCI, comments, NAGs, variations) and result, over the core's [`crate::pgn`].

use super::chess::Chess;
use super::error::Failure;
use super::js::{strings, type_name, Obj};
use super::objects::{self, move_words};
use super::options::Options;
use super::types::*;
use crate::pgn::{self, Line, ReadOptions, Reader, WriteOptions};
use crate::{CastlingMode, Lang, SanStyle};
use wasm_bindgen::prelude::*;

/// One game of a PGN text.
#[wasm_bindgen]
pub struct PgnGame {
    game: pgn::Game,
}

/// Every game of a PGN text. Option `lang`: piece letters accepted besides English. Throws
/// `ChessError` `invalid-pgn` with `{ game, line, column, reason, message }` (and, for a move
/// that fails, `move` and `fen`: the position it was read in) for the first game that cannot be read (reason `too-many-games` past `pgn::MAX_GAMES` games); then no
/// game was made, and nothing is left to free. [`PgnReader`] reads one game at a time and
/// goes on past a bad one.
#[wasm_bindgen(js_name = parsePgn, unchecked_return_type = "PgnGame[]")]
pub fn parse_pgn(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    options: Option<LangOptionsArg>,
) -> Result<JsValue, JsValue> {
    // Every game is read before any becomes a JS object: on an error the games read so far
    // are dropped here, not left to the garbage collector.
    let mut games = Vec::new();
    let mut reader = text_reader(&text, options.as_ref())?.limit_games(pgn::MAX_GAMES);
    while let Some(game) = reader.read_game() {
        games.push(game.map_err(Failure::from)?);
    }
    let list = js_sys::Array::new();
    for game in games {
        list.push(&PgnGame { game }.into());
    }
    Ok(list.into())
}

/// A reader of the PGN `text` (a string) with the `lang` of `options`.
fn text_reader(text: &JsValue, options: Option<&LangOptionsArg>) -> Result<Reader<std::io::Cursor<Vec<u8>>>, JsValue> {
    let lang = Options::read(options, "options", &["lang"])?.lang()?.unwrap_or(Lang::En);
    let text = text
        .as_string()
        .ok_or_else(|| Failure::Argument { argument: "text", message: format!("expected a string, got {}", type_name(text)) })?;
    Ok(Reader::with_options(std::io::Cursor::new(text.into_bytes()), ReadOptions { lang, ..ReadOptions::default() }))
}

/// Reads the games of a PGN text one at a time, for databases: memory holds the text and one
/// game, a bad game is reported and the reader goes on with the next, and there is no limit
/// on the number of games. `next()` gives the next `PgnGame`, `undefined` at the end, or
/// throws `ChessError` `invalid-pgn` for a game that cannot be read (calling `next()` again
/// goes on after it). `for (const item of reader)` gives `{ game }` or `{ error }` per game.
#[wasm_bindgen]
pub struct PgnReader {
    reader: Reader<std::io::Cursor<Vec<u8>>>,
}

#[wasm_bindgen]
impl PgnReader {
    /// A reader of `text`. Option `lang`: piece letters accepted besides English.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        options: Option<LangOptionsArg>,
    ) -> Result<PgnReader, JsValue> {
        Ok(PgnReader { reader: text_reader(&text, options.as_ref())? })
    }

    /// The next game, `undefined` at the end; throws `invalid-pgn` for a bad game.
    #[wasm_bindgen(unchecked_return_type = "PgnGame | undefined")]
    pub fn next(&mut self) -> Result<JsValue, JsValue> {
        match self.reader.read_game() {
            None => Ok(JsValue::UNDEFINED),
            Some(Ok(game)) => Ok(PgnGame { game }.into()),
            Some(Err(e)) => Err(Failure::from(e).into()),
        }
    }
}

#[wasm_bindgen]
impl PgnGame {
    /// The tag pairs, `{ name: value }`.
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, string>")]
    pub fn headers(&self) -> JsValue {
        let obj = js_sys::Object::new();
        for (k, v) in &self.game.tags {
            let _ = js_sys::Reflect::set(&obj, &JsValue::from_str(k), &JsValue::from_str(v));
        }
        obj.into()
    }

    /// The main line as a tree: each node `{ san, uci, comments, commentsBefore, nags,
    /// variations }`; a variation is a list of nodes replacing that node's move.
    #[wasm_bindgen(getter, unchecked_return_type = "PgnNode[]")]
    pub fn moves(&self) -> JsValue {
        line_js(&self.game.root, self.game.start.castling_mode())
    }

    /// Comments before the first move (or of a game without moves).
    #[wasm_bindgen(getter, unchecked_return_type = "string[]")]
    pub fn comments(&self) -> JsValue {
        match self.game.root.nodes.first() {
            Some(n) => strings(&n.comments_before),
            None => strings(&self.game.root.comments),
        }
    }

    /// `'1-0'`, `'0-1'`, `'1/2-1/2'` or `'*'`.
    #[wasm_bindgen(getter, unchecked_return_type = "'1-0' | '0-1' | '1/2-1/2' | '*'")]
    pub fn result(&self) -> String {
        self.game.result.as_str().to_owned()
    }

    /// The FEN of the start position.
    #[wasm_bindgen(getter, js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.game.start.fen()
    }

    /// The main line's moves as `Move` objects (SAN canonical, in `lang` / `figurine`).
    #[wasm_bindgen(unchecked_return_type = "Move[]")]
    pub fn mainline(&self, options: Option<NotationOptionsArg>) -> Result<JsValue, JsValue> {
        let o = Options::read(options.as_ref(), "options", &["lang", "figurine"])?;
        let style =
            if o.bool("figurine")?.unwrap_or(false) { SanStyle::Figurine } else { SanStyle::Letters(o.lang()?.unwrap_or(Lang::En)) };
        let mut words = Vec::new();
        let mut sans = String::new();
        let mut fens = self.game.start.fen();
        for (i, step) in self.game.mainline().enumerate() {
            let san = crate::to_san_styled(&step.before, step.node.mv, style);
            let (w0, w1) = move_words(&step.before, step.node.mv, &san);
            words.push(w0);
            words.push(w1);
            if i > 0 {
                sans.push(' ');
            }
            sans.push_str(&san);
            fens.push('\n');
            fens.push_str(&step.after.fen());
        }
        let chess960 = self.game.start.castling_mode() == CastlingMode::Chess960;
        Ok(objects::make_moves(&words, &sans, &fens, true, chess960))
    }

    /// A `Chess` game of this PGN game: main line played, headers, comments and variations
    /// kept. Options: `lang`, `figurine`, `touchMove`.
    #[wasm_bindgen(js_name = toChess)]
    pub fn to_chess(&self, options: Option<ToChessOptionsArg>) -> Result<Chess, JsValue> {
        let o = Options::read(options.as_ref(), "options", &["lang", "figurine", "touchMove"])?;
        Ok(Chess::from_pgn_game(
            self.game.clone(),
            o.lang()?.unwrap_or(Lang::En),
            o.bool("figurine")?.unwrap_or(false),
            o.bool("touchMove")?.unwrap_or(false),
        )?)
    }

    /// The game written back as PGN (export order, 80 columns).
    pub fn pgn(&self) -> String {
        pgn::write_game(&self.game, &WriteOptions::default())
    }
}

/// A line as JS nodes.
fn line_js(line: &Line, mode: CastlingMode) -> JsValue {
    let list = js_sys::Array::new();
    for node in &line.nodes {
        let variations = js_sys::Array::new();
        for v in &node.variations {
            variations.push(&line_js(v, mode));
        }
        let obj = Obj::new()
            .set("san", node.san.as_str())
            .set("uci", node.mv.uci(mode))
            .set("comments", strings(&node.comments_after))
            .set("commentsBefore", strings(&node.comments_before))
            .set("nags", nag_array(&node.nags))
            .set("variations", variations);
        list.push(&obj.build());
    }
    list.into()
}

/// NAGs as a JS array of numbers (a PGN node's, a `Chess` move's).
pub(crate) fn nag_array(nags: &[crate::pgn::Nag]) -> JsValue {
    let array = js_sys::Array::new();
    for n in nags {
        array.push(&JsValue::from(n.0));
    }
    array.into()
}
