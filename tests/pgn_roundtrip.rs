#![cfg(not(target_arch = "wasm32"))]
//! PGN writer and reader as a pair: whatever a comment or a tag value holds, the text written
//! reads back to the same game (comments with `}`, newlines, `;`, `%` at a line's start, very
//! long; tag values with quotes, backslashes, control characters); the writer keeps to the
//! reader's limits (no line over `MAX_LINE_LEN`, `try_write_game` refusing what the reader
//! would); coordinate moves in movetext; move numbers past 2^31; and a property test that
//! random games (standard and Chess960 starts, comments, NAGs, variations, tags) round-trip.

use proptest::prelude::*;
use rocada::pgn::{self, Game, GameResult, Line, Nag, Node, WriteOptions};
use rocada::pgn::{MAX_COMMENT_LEN, MAX_GAME_ITEMS, MAX_LINE_LEN, MAX_TAGS, MAX_TAG_NAME_LEN, MAX_TAG_VALUE_LEN};
use rocada::{to_san, CastlingMode, Position};

fn read_one(text: &str) -> Game {
    let mut all = pgn::parse_pgn(text).unwrap_or_else(|e| panic!("{e}\n{}", &text[..text.len().min(2000)]));
    assert_eq!(all.len(), 1, "{}", &text[..text.len().min(2000)]);
    all.pop().unwrap()
}

fn longest_line(text: &str) -> usize {
    text.split('\n').map(str::len).max().unwrap_or(0)
}

/// A game from the standard start with the given SAN moves.
fn game_of(sans: &[&str]) -> Game {
    let mut g = Game::new();
    let mut pos = g.start.clone();
    for san in sans {
        let mv = rocada::parse_san(&pos, san, &rocada::SanOptions::default()).unwrap();
        g.root.nodes.push(Node::new(mv, *san));
        pos.play_unchecked(mv);
    }
    g
}

/// Write, read back, and compare with `expected` (tags in export order).
fn assert_reads_back(g: &Game, expected: &Game) -> String {
    let text = pgn::write_game(g, &WriteOptions::default());
    assert!(longest_line(&text) <= MAX_LINE_LEN);
    let again = read_one(&text);
    assert_eq!(again.tags, expected.tags_in_export_order(), "{text}");
    assert_eq!(again.start, expected.start, "{text}");
    assert_eq!(again.root, expected.root, "{text}");
    assert_eq!(again.result, expected.result, "{text}");
    text
}

#[test]
fn a_comment_holding_a_brace_and_newlines_stays_one_comment_of_one_game() {
    let mut g = game_of(&["e4", "e5"]);
    g.root.nodes[0].comments_after.push("}\n\n[White \"Mallory\"]\n\n1. d4".to_owned());
    let text = pgn::write_game(&g, &WriteOptions::default());
    let games = pgn::parse_pgn(&text).unwrap();
    assert_eq!(games.len(), 1, "{text}");
    assert_eq!(games[0].tag("White"), Some("?"));
    assert_eq!(games[0].root.nodes.len(), 2, "{text}");
    // Whitespace is collapsed, as the reader does for every comment it reads.
    assert_eq!(games[0].root.nodes[0].comments_after, ["} [White \"Mallory\"] 1. d4"]);
    let mut expected = g.clone();
    expected.root.nodes[0].comments_after[0] = pgn::normalize_comment(&g.root.nodes[0].comments_after[0]).into_owned();
    assert_reads_back(&g, &expected);
    assert!(pgn::check_comment(&g.root.nodes[0].comments_after[0]).is_ok());
}

#[test]
fn the_chess_js_layout() {
    let mut g = game_of(&["e4", "e5", "Nf3"]);
    g.root.nodes[0].comments_after.push("best by test".to_owned());
    g.root.nodes[1].variations.push(Line { nodes: vec![game_of(&["e4", "c5"]).root.nodes.remove(1)], comments: vec![] });
    let chess_js = WriteOptions { chess_js: true, width: usize::MAX, ..WriteOptions::default() };
    let text = pgn::write_game(&g, &chess_js);
    assert!(text.ends_with("\n\n1. e4 {best by test} e5 (1... c5) 2. Nf3 *\n"), "{text}");
    assert_eq!(read_one(&text).root, g.root);
    // From a position with Black to move: `1. ...`; no moves: no blank line, ` *`.
    let black = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", CastlingMode::Standard).unwrap();
    let mut g = Game::from_position(black.clone());
    let e5 = rocada::parse_san(&black, "e5", &rocada::SanOptions::default()).unwrap();
    g.root.nodes.push(Node::new(e5, String::new()));
    let text = pgn::write_game(&g, &WriteOptions { canonical_san: true, ..chess_js });
    assert!(text.ends_with("\n\n1. ... e5 *\n"), "{text}");
    assert_eq!(read_one(&text).root.nodes.len(), 1);
    let mut empty = Game::new();
    empty.tags = vec![("White".to_owned(), "A".to_owned())];
    assert_eq!(pgn::write_game(&empty, &chess_js), "[White \"A\"]\n *\n");
    empty.root.comments.push("hi".to_owned());
    assert_eq!(pgn::write_game(&empty, &chess_js), "[White \"A\"]\n{hi} *\n");
}

#[test]
fn every_comment_shape_the_reader_produces_round_trips() {
    let shapes = [
        "",
        "}",
        "{",
        "{}",
        "a } b { c",
        "; not a new comment",
        "%escape-looking",
        "a %b",
        "( not a variation )",
        "1-0",
        "*",
        "[%clk 0:01:00]",
        "\"quoted\" \\ back",
        "é ½ ♘ \u{a0}nbsp \u{2028} \u{1b}esc \u{0} nul",
        "} at the start",
        "at the end }",
        "x }",
    ];
    for shape in shapes {
        let mut g = game_of(&["e4", "e5", "Nf3"]);
        g.root.nodes[0].comments_after.push(shape.to_owned());
        // (A comment before a move stays there when a variation stands before it.)
        g.root.nodes[0].variations.push(Line { nodes: game_of(&["d4"]).root.nodes, comments: vec![] });
        g.root.nodes[1].comments_before.push(shape.to_owned());
        g.root.nodes[1]
            .variations
            .push(Line { nodes: vec![game_of(&["e4", "c5"]).root.nodes.remove(1)], comments: vec![shape.to_owned()] });
        g.root.nodes[2].variations.push(Line::default());
        g.root.comments.push(shape.to_owned());
        let mut v = game_of(&["e4", "d5"]).root.nodes.remove(1);
        v.comments_before.push(shape.to_owned());
        g.root.nodes[1].variations.push(Line { nodes: vec![v], comments: vec![] });
        for (width, chess_js) in [1, 3, 80, usize::MAX].into_iter().flat_map(|w| [(w, false), (w, true)]) {
            let text = pgn::write_game(&g, &WriteOptions { width, chess_js, ..WriteOptions::default() });
            let again = read_one(&text);
            assert_eq!(again.root, expected(&g).root, "{shape:?} at width {width}, chess.js layout {chess_js}:\n{text}");
        }
        assert_reads_back(&g, &expected(&g));
    }
}

#[test]
fn the_longest_comments_the_reader_produces_round_trip() {
    // A `;` comment holding `}` that fills a line, and a brace comment of one word as long as a
    // line (alone on a line of its own inside the braces) or of many words up to the limit.
    let long_semi = format!("}}{}", "x".repeat(MAX_LINE_LEN - 2));
    let text = format!(";{long_semi}\n1. e4 *\n");
    assert_eq!(read_one(&text).root.nodes[0].comments_before, std::slice::from_ref(&long_semi));
    let word = "y".repeat(MAX_LINE_LEN);
    let text = format!("1. e4 {{\n{word}\n}} *\n");
    assert_eq!(read_one(&text).root.nodes[0].comments_after, std::slice::from_ref(&word));
    let words = "ab ".repeat(MAX_COMMENT_LEN / 3).trim_end().to_owned();
    for c in [long_semi, word, words] {
        assert!(pgn::check_comment(&c).is_ok());
        let mut g = game_of(&["e4"]);
        g.root.nodes[0].comments_after.push(c.clone());
        let text = pgn::try_write_game(&g, &WriteOptions::default()).unwrap();
        assert!(longest_line(&text) <= MAX_LINE_LEN, "{}", longest_line(&text));
        assert_eq!(read_one(&text).root, g.root);
    }
}

#[test]
fn tag_values_with_quotes_backslashes_and_control_characters() {
    let values = ["\"", "\\", "\\\"", "a\\", "\"]\n[White \"Mallory\"]", "tab\there", "nul\0", "é ½", "", " spaces  kept ", "}{;%"];
    for v in values {
        let mut g = game_of(&["d4"]);
        g.set_tag("Event", v);
        g.set_tag("Custom_1", v);
        let mut expected = g.clone();
        let spaced: String = v.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        expected.set_tag("Event", &spaced);
        expected.set_tag("Custom_1", &spaced);
        let text = assert_reads_back(&g, &expected);
        assert_eq!(pgn::try_write_game(&g, &WriteOptions::default()).unwrap(), text);
        assert_eq!(pgn::check_tag("Event", v).is_ok(), !v.chars().any(char::is_control), "{v:?}");
    }
}

#[test]
fn tag_names_follow_one_rule() {
    for ok in ["White", "WhiteElo", "Time_Control", "_x", "1a", "x1", &"N".repeat(MAX_TAG_NAME_LEN)] {
        assert!(pgn::is_tag_name(ok), "{ok}");
        assert!(pgn::check_tag(ok, "v").is_ok());
        let text = format!("[{ok} \"v\"]\n\n*\n");
        assert_eq!(read_one(&text).tag(ok), Some("v"));
    }
    for bad in ["", "GreatestGameEverPlayed?", "Bad name", "é", "42", "a-b", "a\"b"] {
        assert!(!pgn::is_tag_name(bad), "{bad}");
        assert_eq!(pgn::check_tag(bad, "v").unwrap_err().detail(), "bad-tag", "{bad}");
        // The writer leaves such a tag out rather than write a game the reader refuses.
        let mut g = game_of(&["e4"]);
        g.tags.push((bad.to_owned(), "v".to_owned()));
        let text = pgn::write_game(&g, &WriteOptions::default());
        assert_eq!(read_one(&text).tags, Game::new().tags, "{text}");
        assert_eq!(pgn::try_write_game(&g, &WriteOptions::default()).unwrap_err().detail(), "bad-tag");
    }
    let long = "N".repeat(MAX_TAG_NAME_LEN + 1);
    assert_eq!(pgn::check_tag(&long, "v").unwrap_err().detail(), "tag-too-long");
    let e = pgn::parse_pgn(&format!("[{long} \"v\"]\n\n*\n")).unwrap_err();
    assert_eq!((e.line, e.column, e.detail()), (1, 2, "tag-too-long"));
}

#[test]
fn tag_values_past_the_limit_are_refused_by_reader_writer_and_check() {
    let at = "v".repeat(MAX_TAG_VALUE_LEN);
    let over = "v".repeat(MAX_TAG_VALUE_LEN + 1);
    assert_eq!(read_one(&format!("[Event \"{at}\"]\n\n*\n")).tag("Event"), Some(at.as_str()));
    let e = pgn::parse_pgn(&format!("[Event \"{over}\"]\n\n*\n[Event \"next\"] *")).unwrap_err();
    assert_eq!((e.game, e.line, e.column, e.detail()), (1, 1, 8, "tag-too-long"));
    let results: Vec<_> = pgn::read_games(&format!("[Event \"{over}\"]\n\n*\n[Event \"next\"] *")).collect();
    assert_eq!(results[1].as_ref().unwrap().tag("Event"), Some("next"));
    assert!(pgn::check_tag("Event", &at).is_ok());
    assert_eq!(pgn::check_tag("Event", &over).unwrap_err().detail(), "tag-too-long");

    // Escaped, a value of backslashes at the limit still fits a line.
    let mut g = game_of(&["e4"]);
    g.set_tag("Event", &"\\".repeat(MAX_TAG_VALUE_LEN));
    assert_reads_back(&g, &g);

    // 50 MB: refused by try_write_game; write_game cuts it to the limit (no line over the
    // reader's), and the text reads back.
    g.set_tag("Event", &"é".repeat(25 << 20));
    assert_eq!(pgn::try_write_game(&g, &WriteOptions::default()).unwrap_err().detail(), "tag-too-long");
    let text = pgn::write_game(&g, &WriteOptions::default());
    assert!(longest_line(&text) <= MAX_LINE_LEN);
    assert_eq!(read_one(&text).tag("Event").unwrap().len(), MAX_TAG_VALUE_LEN);
}

#[test]
fn the_writer_keeps_to_the_readers_limits() {
    // A 5 MiB comment: no line over MAX_LINE_LEN; past MAX_COMMENT_LEN, refused by
    // try_write_game as the reader refuses it.
    let mut g = game_of(&["e4", "e5"]);
    g.root.nodes[0].comments_after.push("w ".repeat(5 << 19) + &"z".repeat(5 << 20));
    let text = pgn::write_game(&g, &WriteOptions::default());
    assert!(longest_line(&text) <= MAX_LINE_LEN, "{}", longest_line(&text));
    assert_eq!(pgn::parse_pgn(&text).unwrap_err().detail(), "comment-too-long");
    assert_eq!(pgn::check_comment(&g.root.nodes[0].comments_after[0]).unwrap_err().detail(), "comment-too-long");
    assert_eq!(pgn::try_write_game(&g, &WriteOptions::default()).unwrap_err().detail(), "comment-too-long");
    // A 5 MiB comment holding `}`: `;` comments, none over a line.
    g.root.nodes[0].comments_after[0] = "}".repeat(5 << 20);
    let text = pgn::write_game(&g, &WriteOptions::default());
    assert!(longest_line(&text) <= MAX_LINE_LEN);
    assert_eq!(read_one(&text).root.nodes.len(), 2);
    assert_eq!(pgn::try_write_game(&g, &WriteOptions::default()).unwrap_err().detail(), "comment-too-long");

    // 1,000 tags are written and read; 1,001 are refused by both.
    let mut g = game_of(&["e4"]);
    g.tags.clear();
    for i in 0..MAX_TAGS {
        g.tags.push((format!("T{i}"), "x".to_owned()));
    }
    let text = pgn::try_write_game(&g, &WriteOptions::default()).unwrap();
    assert_eq!(read_one(&text).tags.len(), MAX_TAGS);
    g.tags.push(("One_more".to_owned(), "x".to_owned()));
    assert_eq!(pgn::try_write_game(&g, &WriteOptions::default()).unwrap_err().detail(), "too-many-tags");
    let text = pgn::write_game(&g, &WriteOptions::default());
    assert_eq!(pgn::parse_pgn(&text).unwrap_err().detail(), "too-many-tags");

    // Items: MAX_GAME_ITEMS moves, comments and NAGs are written; one more is refused.
    let mut g = game_of(&["Nf3", "Nf6", "Ng1", "Ng8"]);
    let four = g.root.nodes.clone();
    while g.root.nodes.len() + 4 <= MAX_GAME_ITEMS / 2 {
        g.root.nodes.extend(four.iter().cloned());
    }
    for n in &mut g.root.nodes {
        n.nags.push(Nag(1));
    }
    let items = g.root.nodes.len() * 2;
    assert!(items <= MAX_GAME_ITEMS);
    for _ in items..MAX_GAME_ITEMS {
        g.root.comments.push(String::new());
    }
    let text = pgn::try_write_game(&g, &WriteOptions::default()).unwrap();
    assert_eq!(read_one(&text).root, g.root);
    g.root.comments.push(String::new());
    assert_eq!(pgn::try_write_game(&g, &WriteOptions::default()).unwrap_err().detail(), "game-too-long");
    assert_eq!(pgn::parse_pgn(&pgn::write_game(&g, &WriteOptions::default())).unwrap_err().detail(), "game-too-long");
    // As suffixes, the NAGs are no tokens of their own.
    let symbols = WriteOptions { nag_symbols: true, ..WriteOptions::default() };
    assert!(pgn::try_write_game(&g, &symbols).is_ok());
}

#[test]
fn a_hand_built_tree_deeper_than_the_limit_is_refused_by_try_write() {
    let mut g = game_of(&["e4"]);
    let e4 = g.root.nodes[0].clone();
    let mut line = Line { nodes: vec![e4.clone()], comments: vec![] };
    for _ in 0..pgn::MAX_VARIATION_DEPTH {
        let mut n = e4.clone();
        n.variations.push(line);
        line = Line { nodes: vec![n], comments: vec![] };
    }
    g.root = line.clone();
    assert!(pgn::try_write_game(&g, &WriteOptions::default()).is_ok());
    let mut n = e4.clone();
    n.variations.push(line);
    g.root = Line { nodes: vec![n], comments: vec![] };
    assert_eq!(pgn::try_write_game(&g, &WriteOptions::default()).unwrap_err().detail(), "variation-too-deep");
    assert_eq!(pgn::parse_pgn(&pgn::write_game(&g, &WriteOptions::default())).unwrap_err().detail(), "variation-too-deep");
}

#[test]
fn coordinate_moves_in_movetext() {
    let g = read_one("1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1g1 f8c5 *");
    let sans: Vec<String> = g.mainline().map(|s| to_san(&s.before, s.node.mv)).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O", "Bc5"]);
    assert_eq!(g.root.nodes[2].san, "g1f3");
    assert_reads_back(&g, &g);
    // Promotion, with its letter in either case; Chess960 castling as king takes rook.
    let g = read_one("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a7a8q h7g6 2. a8b8 g6h6 *");
    assert_eq!(to_san(&g.start, g.root.nodes[0].mv), "a8=Q");
    let g = read_one("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a7a8N *");
    assert_eq!(to_san(&g.start, g.root.nodes[0].mv), "a8=N");
    // An illegal coordinate move is still an error, as SAN reports it.
    assert_eq!(pgn::parse_pgn("1. e2e5 *").unwrap_err().detail(), "illegal-move");
    assert_eq!(pgn::parse_pgn("1. g1g3 *").unwrap_err().detail(), "illegal-move");
}

#[test]
fn null_moves_are_still_refused() {
    for null in ["--", "Z0"] {
        let e = pgn::parse_pgn(&format!("1. e4 {null} 2. d4 *")).unwrap_err();
        assert_eq!((e.column, e.detail()), (7, "null-move"), "{null}");
    }
}

#[test]
fn move_numbers_count_on_past_two_to_the_31_and_to_the_32() {
    for (fullmove, expected) in [
        (2_147_483_647u64, "2147483647. Kd1 Kd8 2147483648. Ke1 *"),
        (2_147_483_648, "2147483648. Kd1 Kd8 2147483649. Ke1 *"),
        (4_294_967_295, "4294967295. Kd1 Kd8 4294967296. Ke1 *"),
    ] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {fullmove}");
        let text = format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. Kd1 Kd8 2. Ke1 *\n");
        let g = read_one(&text);
        let mut bare = g.clone();
        bare.tags.clear();
        assert_eq!(pgn::write_game(&bare, &WriteOptions::default()).trim_end(), expected);
        assert_reads_back(&g, &g);
        // Black to move: `n...` first.
        let fen = format!("4k3/8/8/8/8/8/8/4K3 b - - 0 {fullmove}");
        let g = read_one(&format!("[FEN \"{fen}\"]\n\n1... Kd8 2. Kd1 Ke8 *\n"));
        let mut bare = g.clone();
        bare.tags.clear();
        let n = fullmove + 1;
        assert_eq!(pgn::write_game(&bare, &WriteOptions::default()).trim_end(), format!("{fullmove}... Kd8 {n}. Kd1 Ke8 *"));
    }
    // The FEN reader takes move numbers up to u32::MAX and refuses larger ones.
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295", CastlingMode::Standard).is_ok());
    let e = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 4294967296", CastlingMode::Standard).unwrap_err();
    assert_eq!(e.code(), "fen-fullmoves");
}

// ------------------------------------------------------------------ the property

/// Text for comments: any Unicode with the characters that matter to PGN made likely.
fn comment_text() -> impl Strategy<Value = String> {
    let special = prop::sample::select(vec![
        "}", "{", "\n", "\r\n", ";", "%", "\n%", "\n;", "\t", " ", "  ", "(", ")", "[", "]", "\"", "\\", "$1", "1-0", "*", "e4", "\u{0}",
        "\u{a0}", "\u{2028}", "é", "♘", "\u{feff}", "\x0c", "\x0b",
    ]);
    let piece = prop_oneof![
        3 => special.prop_map(str::to_owned),
        2 => any::<String>().prop_map(|s| s.chars().take(6).collect::<String>()),
        1 => "[a-z]{1,8}",
    ];
    prop_oneof![
        10 => prop::collection::vec(piece, 0..12).prop_map(|v| v.concat()),
        // Long: many words, or one long word, across many lines when written.
        1 => (1usize..3000, any::<bool>()).prop_map(|(n, brace)| {
            let mut s = "ab ".repeat(n);
            if brace {
                s.push('}');
            }
            s
        }),
        1 => (1usize..5000).prop_map(|n| "x".repeat(n)),
    ]
}

/// Tag values: any Unicode with quotes, backslashes and control characters made likely.
fn tag_value() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        prop::sample::select(vec!["\"", "\\", "\\\"", "\n", "\t", "]", "[", "\u{0}", "\u{85}", " ", "é"]).prop_map(str::to_owned),
        any::<String>().prop_map(|s| s.chars().take(5).collect::<String>()),
    ];
    prop::collection::vec(piece, 0..8).prop_map(|v| v.concat())
}

/// The random choices a game is built from: a start, moves (indexes into the legal moves),
/// and for each ply: NAGs, comments, variations (each a few more move indexes), a spelling.
#[derive(Clone, Debug)]
struct Plan {
    chess960: Option<u32>,
    plies: Vec<PlyPlan>,
    tags: Vec<(String, String)>,
    line_comments: Vec<String>,
    result: u8,
}

#[derive(Clone, Debug)]
struct PlyPlan {
    pick: u32,
    nags: Vec<u8>,
    before: Vec<String>,
    after: Vec<String>,
    variations: Vec<(Vec<u32>, Vec<String>, Vec<String>)>,
    coordinate: bool,
}

fn ply_plan() -> impl Strategy<Value = PlyPlan> {
    let few_comments = || prop::collection::vec(comment_text(), 0..2);
    let sparse = |s: BoxedStrategy<Vec<String>>| prop_oneof![4 => Just(Vec::new()), 1 => s];
    (
        any::<u32>(),
        prop_oneof![4 => Just(Vec::new()), 1 => prop::collection::vec(any::<u8>(), 1..3)],
        sparse(few_comments().boxed()),
        sparse(few_comments().boxed()),
        prop_oneof![5 => Just(Vec::new()), 1 => prop::collection::vec((prop::collection::vec(any::<u32>(), 1..5), few_comments(), few_comments()), 1..3)],
        prop::bool::weighted(0.1),
    )
        .prop_map(|(pick, nags, before, after, variations, coordinate)| PlyPlan { pick, nags, before, after, variations, coordinate })
}

fn plan() -> impl Strategy<Value = Plan> {
    (
        prop_oneof![Just(None), (0u32..960).prop_map(Some)],
        prop::collection::vec(ply_plan(), 0..40),
        prop::collection::vec(("X[A-Za-z0-9_]{0,10}", tag_value()), 0..6),
        prop::collection::vec(comment_text(), 0..2),
        0u8..4,
    )
        .prop_map(|(chess960, plies, tags, line_comments, result)| Plan { chess960, plies, tags, line_comments, result })
}

/// The node for the `pick`th legal move of `pos` (None if there is none), SAN or coordinates.
fn node(pos: &Position, pick: u32, coordinate: bool) -> Option<Node> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let mv = moves[pick as usize % moves.len()];
    let san = if coordinate { mv.uci(pos.castling_mode()) } else { to_san(pos, mv) };
    Some(Node::new(mv, san))
}

/// Variations from `pos` (alternatives to a move played there), chosen by `seed`, with more
/// variations inside them down to `depth` levels.
fn nested(pos: &Position, seed: u32, depth: u32) -> Vec<Line> {
    let mut seed = seed;
    let mut next = || {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        seed >> 8
    };
    let mut lines = Vec::new();
    for _ in 0..1 + next() % 2 {
        let mut line = Line::default();
        let mut p = pos.clone();
        for i in 0..1 + next() % 3 {
            let r = next();
            let Some(mut n) = node(&p, r, r % 5 == 0) else { break };
            if r % 4 == 0 {
                n.comments_after.push(format!("nested {depth} }} {{ ;"));
            }
            if i > 0 && depth > 0 && r % 2 == 0 {
                n.variations = nested(&p, r, depth - 1);
            }
            p.play_unchecked(n.mv);
            line.nodes.push(n);
        }
        if !line.nodes.is_empty() {
            lines.push(line);
        }
    }
    lines
}

fn build(plan: &Plan) -> Game {
    let start = match plan.chess960 {
        Some(n) => Position::chess960(n).unwrap(),
        None => Position::new(),
    };
    let mut g = Game::from_position(start.clone());
    for (k, v) in &plan.tags {
        g.set_tag(k, v);
    }
    let mut pos = start;
    for p in &plan.plies {
        let Some(mut n) = node(&pos, p.pick, p.coordinate) else { break };
        n.nags = p.nags.iter().map(|&b| Nag(b)).collect();
        n.comments_before = p.before.clone();
        n.comments_after = p.after.clone();
        // A comment before a move is read as the previous move's unless something stands
        // between them (a variation), or the move starts its line.
        if g.root.nodes.last().is_some_and(|prev: &Node| prev.variations.is_empty()) {
            let prev = g.root.nodes.last_mut().unwrap();
            prev.comments_after.append(&mut n.comments_before);
        }
        for (picks, before, line_comments) in &p.variations {
            let mut line = Line::default();
            let mut vpos = pos.clone();
            for (i, &pick) in picks.iter().enumerate() {
                let Some(mut vn) = node(&vpos, pick, pick % 7 == 0) else { break };
                if i == 0 {
                    vn.comments_before = before.clone();
                } else if pick % 3 == 0 {
                    // Variations inside variations, a few levels deep.
                    vn.variations = nested(&vpos, pick, 2);
                }
                vpos.play_unchecked(vn.mv);
                line.nodes.push(vn);
            }
            line.comments = line_comments.clone();
            if line.nodes.is_empty() {
                line.comments.clear(); // a variation needs a move to stand for
                continue;
            }
            n.variations.push(line);
        }
        pos.play_unchecked(n.mv);
        g.root.nodes.push(n);
    }
    g.root.comments = plan.line_comments.clone();
    g.result = [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Ongoing][plan.result as usize];
    g
}

/// What reading the written game must give: comments whitespace-collapsed, tag values with
/// control characters as spaces, tags in export order, a comment's place as the reader
/// assigns it (see `pgn::tree`), and a line's comments after a move with no variation become
/// that move's.
fn expected(g: &Game) -> Game {
    let mut e = g.clone();
    e.tags =
        e.tags_in_export_order().into_iter().map(|(k, v)| (k, v.chars().map(|c| if c.is_control() { ' ' } else { c }).collect())).collect();
    let norm = |v: &mut Vec<String>| v.iter_mut().for_each(|c| *c = pgn::normalize_comment(c).into_owned());
    let mut stack = vec![&mut e.root];
    while let Some(line) = stack.pop() {
        norm(&mut line.comments);
        if let Some(last) = line.nodes.last_mut() {
            if last.variations.is_empty() {
                last.comments_after.append(&mut line.comments);
            }
        }
        for n in &mut line.nodes {
            norm(&mut n.comments_before);
            norm(&mut n.comments_after);
            stack.extend(n.variations.iter_mut());
        }
    }
    e
}

proptest! {
    #![proptest_config(ProptestConfig { cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(3000), ..ProptestConfig::default() })]

    #[test]
    fn random_games_round_trip(plan in plan(), width in prop_oneof![Just(80usize), 1usize..120], chess_js in any::<bool>()) {
        let g = build(&plan);
        let want = expected(&g);
        let opts = WriteOptions { width, chess_js, ..WriteOptions::default() };
        let text = pgn::try_write_game(&g, &opts).unwrap_or_else(|e| panic!("{e}"));
        prop_assert_eq!(&text, &pgn::write_game(&g, &opts));
        prop_assert!(longest_line(&text) <= MAX_LINE_LEN);
        let again = pgn::parse_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(again.len(), 1, "{}", text);
        let again = &again[0];
        prop_assert_eq!(&again.tags, &want.tags, "{}", text);
        prop_assert_eq!(&again.start, &want.start, "{}", text);
        prop_assert_eq!(&again.root, &want.root, "{}", text);
        prop_assert_eq!(again.result, want.result, "{}", text);
        // And what was read writes to the same text.
        prop_assert_eq!(pgn::write_game(again, &opts), text);
    }
}
