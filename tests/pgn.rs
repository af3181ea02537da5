#![cfg(not(target_arch = "wasm32"))]
//! PGN: the corpus in `tests/data/pgn/` (real-world shapes: lichess, chess.com, ChessBase-style
//! annotation, Chess960, games from a FEN, quirks, many games), read -> write -> read round
//! trips, 80-column output, malformed files with their error positions, nesting limits, and
//! property tests that the reader never panics and that whatever it reads round-trips.

use proptest::prelude::*;
use rocada::pgn::{self, Game, GameResult, Line, Nag, Node, PgnError, PgnErrorKind, Reader, WriteOptions, MAX_VARIATION_DEPTH};
use rocada::{parse_san, to_san, CastlingMode, Color, Position, SanOptions, Square};
use std::io::BufReader;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");

/// The corpus of readable files and how many games each holds.
const CORPUS: [(&str, usize); 7] = [
    ("lichess.pgn", 3),
    ("chesscom.pgn", 2),
    ("chessbase.pgn", 3),
    ("chess960.pgn", 8),
    ("from_fen.pgn", 4),
    ("quirks.pgn", 8),
    ("many_games.pgn", 60),
];

fn bytes(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DATA}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every game of a corpus file (read from bytes: some files are not UTF-8).
fn games(name: &str) -> Vec<Game> {
    Reader::new(&bytes(name)[..]).map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}"))).collect()
}

fn read_one(text: &str) -> Game {
    let mut all = pgn::parse_pgn(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(all.len(), 1, "{text}");
    all.pop().unwrap()
}

/// Every node of the tree, depth first (explicit stack).
fn nodes(line: &Line) -> Vec<&Node> {
    let mut out = Vec::new();
    let mut stack = vec![line];
    while let Some(l) = stack.pop() {
        for n in &l.nodes {
            out.push(n);
            stack.extend(n.variations.iter());
        }
    }
    out
}

fn max_depth(line: &Line) -> usize {
    let mut stack = vec![(line, 0)];
    let mut max = 0;
    while let Some((l, d)) = stack.pop() {
        max = max.max(d);
        for n in &l.nodes {
            stack.extend(n.variations.iter().map(|v| (v, d + 1)));
        }
    }
    max
}

/// The tree with every `san` cleared (to compare trees written with canonical SAN).
fn without_san(line: &Line) -> Line {
    let mut line = line.clone();
    let mut stack = vec![&mut line];
    while let Some(l) = stack.pop() {
        for n in &mut l.nodes {
            n.san.clear();
            stack.extend(n.variations.iter_mut());
        }
    }
    line
}

/// Lines of movetext are at most 80 characters, unless one word alone is longer.
fn assert_width(text: &str, width: usize) {
    for line in text.lines() {
        if line.starts_with('[') {
            continue;
        }
        let len = line.chars().count();
        assert!(len <= width || !line.contains(' '), "line of {len} characters:\n{line}");
    }
}

/// read -> write -> read gives the same game (tags in export order), and writing again gives
/// the same text; with canonical SAN and NAG symbols, the same tree but for SAN spellings.
fn assert_round_trip(g: &Game) {
    let text = pgn::write_game(g, &WriteOptions::default());
    assert_width(&text, 80);
    let again = read_one(&text);
    assert_eq!(again.tags, g.tags_in_export_order(), "{text}");
    assert_eq!(again.start, g.start, "{text}");
    assert_eq!(again.result, g.result, "{text}");
    assert_eq!(again.root, g.root, "{text}");
    assert_eq!(pgn::write_game(&again, &WriteOptions::default()), text);

    let opts = WriteOptions { canonical_san: true, nag_symbols: true, ..WriteOptions::default() };
    let text2 = pgn::write_game(g, &opts);
    assert_width(&text2, 80);
    let again2 = read_one(&text2);
    assert_eq!(without_san(&again2.root), without_san(&g.root), "{text2}");
    assert_eq!(pgn::write_game(&again2, &opts), text2);

    let narrow = WriteOptions { width: 40, ..WriteOptions::default() };
    let text3 = pgn::write_game(g, &narrow);
    assert_width(&text3, 40);
    assert_eq!(read_one(&text3).root, g.root);

    let bare = WriteOptions { comments: false, variations: false, ..WriteOptions::default() };
    let again4 = read_one(&pgn::write_game(g, &bare));
    assert_eq!(again4.mainline_moves(), g.mainline_moves());
    assert!(nodes(&again4.root).iter().all(|n| n.comments_after.is_empty() && n.variations.is_empty()));
}

#[test]
fn corpus_reads_every_game() {
    for (name, count) in CORPUS {
        let gs = games(name);
        assert_eq!(gs.len(), count, "{name}");
        for g in &gs {
            // Every node's move is legal where it stands: replay the main line.
            let steps: Vec<_> = g.mainline().collect();
            assert_eq!(steps.len(), g.root.nodes.len(), "{name}");
            for s in &steps {
                assert_eq!(parse_san(&s.before, &s.node.san, &SanOptions::default()), Ok(s.node.mv));
            }
        }
    }
}

#[test]
fn round_trip_over_the_corpus() {
    let mut n = 0;
    for (name, _) in CORPUS {
        for g in games(name) {
            assert_round_trip(&g);
            n += 1;
        }
        // The whole file at once, too.
        let gs = games(name);
        let text = pgn::write_games(&gs, &WriteOptions::default());
        let again = pgn::parse_pgn(&text).unwrap();
        assert_eq!(again.len(), gs.len());
        for (a, b) in again.iter().zip(&gs) {
            assert_eq!(a.root, b.root);
        }
    }
    assert_eq!(n, CORPUS.iter().map(|c| c.1).sum::<usize>());
}

#[test]
fn lichess_export() {
    let gs = games("lichess.pgn");
    let g = &gs[0];
    assert_eq!(g.tags.len(), 19);
    assert_eq!(g.tag("Opening"), Some("Italian Game: Classical Variation, Giuoco Pianissimo"));
    let first = &g.root.nodes[0];
    assert_eq!(first.san, "e4");
    assert!(first.comments_after[0].starts_with("[%eval ") && first.comments_after[0].contains("] [%clk 0:03:"));
    // Inaccuracies and mistakes: `?!` / `?` suffixes, an explanation, and the better line.
    let marked: Vec<&Node> = g.root.nodes.iter().filter(|n| n.nags.iter().any(|x| x.0 == 2 || x.0 == 6)).collect();
    assert!(!marked.is_empty());
    for n in marked {
        assert_eq!(n.comments_after.len(), 2);
        assert!(n.comments_after[1].contains(" was best."), "{:?}", n.comments_after);
        assert_eq!(n.variations.len(), 1);
    }
    assert_eq!(g.result.to_string(), g.tag("Result").unwrap());

    // "From Position": Black to move at move 9.
    let g = &gs[1];
    assert_eq!(g.tag("Variant"), Some("From Position"));
    assert_eq!((g.start.turn(), g.start.fullmoves()), (Color::Black, 9));
    assert!(pgn::write_game(g, &WriteOptions::default()).contains("\n\n9... "));

    // Chess960 with castling.
    let g = &gs[2];
    assert_eq!(g.start.castling_mode(), CastlingMode::Chess960);
    assert!(g.root.nodes.iter().any(|n| n.mv.is_castle()));
}

#[test]
fn chesscom_export_with_bom_and_crlf() {
    let raw = bytes("chesscom.pgn");
    assert!(raw.starts_with(&[0xEF, 0xBB, 0xBF]) && raw.windows(2).any(|w| w == b"\r\n"));
    let gs = games("chesscom.pgn");
    for g in &gs {
        assert_eq!(g.tags[0], ("Event".to_owned(), g.tag("Event").unwrap().to_owned()));
        assert!(g.tag("Event").unwrap().starts_with("Live Chess"));
        // chess.com's CurrentPosition tag is the end position.
        assert_eq!(g.tag("CurrentPosition").unwrap(), g.end_position().fen());
        assert!(g.root.nodes.iter().all(|n| n.comments_after.len() == 1 && n.comments_after[0].starts_with("[%clk ")));
        assert!(!g.tags.iter().any(|(k, v)| k.contains('\r') || v.contains('\r')));
    }
    assert_eq!(gs[1].start.castling_mode(), CastlingMode::Chess960);
}

#[test]
fn chessbase_annotations() {
    let gs = games("chessbase.pgn");
    let opera = &gs[0];
    assert_eq!(opera.root.nodes.len(), 33);
    assert!(opera.end_position().is_checkmate());
    assert_eq!(opera.result, GameResult::WhiteWins);
    assert_eq!(opera.root.nodes[0].comments_before, ["The Opera Game: rapid development against a king left in the centre."]);
    let bg4 = &opera.root.nodes[5];
    assert_eq!((bg4.san.as_str(), bg4.nags.as_slice()), ("Bg4", &[Nag::DUBIOUS][..]));
    // A comment over two lines, whitespace collapsed.
    assert_eq!(bg4.comments_after, ["Giving up the bishop pair, and with it control of the light squares."]);
    assert_eq!(bg4.variations.len(), 2);
    assert_eq!(bg4.variations[1].nodes[0].comments_after, ["the Hanham line"]);
    // 14... Qe6 (14... Qb4 15. Bxf6 gxf6 (15... Qxb3 16. Bxd7#) ...): nested two deep.
    assert_eq!(max_depth(&opera.root), 2);
    let qe6 = &opera.root.nodes[27];
    assert_eq!(qe6.san, "Qe6");
    let inner = &qe6.variations[0].nodes[2].variations[0];
    assert_eq!(inner.nodes.iter().map(|n| n.san.as_str()).collect::<Vec<_>>(), ["Qxb3", "Bxd7#"]);

    let immortal = &gs[1];
    let b5 = &immortal.root.nodes[7];
    assert_eq!((b5.san.as_str(), b5.nags.as_slice()), ("b5", &[Nag::SPECULATIVE][..]));
    assert_eq!(b5.comments_after, ["the Bryan Countergambit"]);
    let last = immortal.root.nodes.last().unwrap();
    assert_eq!((last.san.as_str(), last.nags.as_slice()), ("Be7#", &[Nag(18)][..])); // `+-`
    assert!(immortal.end_position().is_checkmate());

    let training = &gs[2];
    let exd6 = &training.root.nodes[4];
    assert!(exd6.mv.is_en_passant());
    assert_eq!((exd6.san.as_str(), exd6.nags.as_slice()), ("exd6", &[Nag::GOOD][..]));
    let castles: Vec<&str> = training.root.nodes.iter().filter(|n| n.mv.is_castle()).map(|n| n.san.as_str()).collect();
    assert_eq!(castles, ["0-0", "0-0-0"]);
    // `??` standing alone annotates the move before it.
    assert_eq!(training.root.nodes[9].nags, [Nag::BLUNDER]);
    assert_eq!(training.result, GameResult::Ongoing);
}

#[test]
fn chess960_games_and_variant_spellings() {
    let gs = games("chess960.pgn");
    let mut castles = 0;
    for g in &gs {
        assert_eq!(g.start.castling_mode(), CastlingMode::Chess960, "{:?}", g.tag("Variant"));
        let n: u32 = g.tag("StartPosition").unwrap().parse().unwrap();
        assert_eq!(g.start.board(), Position::chess960(n).unwrap().board());
        castles += g.root.nodes.iter().filter(|n| n.mv.is_castle()).count();
    }
    assert!(castles >= 5, "{castles}");
    let spellings: Vec<&str> = gs.iter().map(|g| g.tag("Variant").unwrap()).collect();
    for s in ["Chess960", "Fischerandom", "chess 960", "Fischer Random", "FischeRandom"] {
        assert!(spellings.contains(&s), "{s}");
    }
    // Case and ASCII punctuation do not matter; a character beyond ASCII names no variant.
    for (variant, chess960) in [("CHESS-960", Some(true)), ("From Position", Some(false)), ("Chess960\u{e9}", None), ("\u{212a}", None)] {
        let g = pgn::parse_pgn(&format!("[Variant \"{variant}\"]\n\n*"));
        match chess960 {
            Some(c) => assert_eq!(g.unwrap()[0].start.castling_mode() == CastlingMode::Chess960, c, "{variant}"),
            None => assert_eq!(g.unwrap_err().detail(), "unsupported-variant", "{variant}"),
        }
    }
    // A Shredder-FEN (`GDgd`) start.
    assert!(gs.iter().any(|g| g.tag("FEN").unwrap().contains(" GDgd ")));
    // Castling in Chess960 is written O-O / O-O-O, and read back to the same king-to-rook move.
    let g = gs.iter().find(|g| g.root.nodes.iter().any(|n| n.mv.is_castle())).unwrap();
    let text = pgn::write_game(g, &WriteOptions { canonical_san: true, ..WriteOptions::default() });
    assert!(text.contains("O-O"));
    assert_eq!(read_one(&text).mainline_moves(), g.mainline_moves());
}

#[test]
fn games_from_a_fen() {
    let gs = games("from_fen.pgn");
    let g = &gs[0];
    assert_eq!((g.start.turn(), g.start.fullmoves()), (Color::Black, 34));
    assert!(pgn::write_game(g, &WriteOptions::default()).contains("\n\n34... "));
    // The FEN's en passant square is kept: the capture is possible at once.
    assert_eq!(gs[1].start.ep_square(), Some(Square::F6));
    // Promotion races and castling from a set-up position.
    assert!(nodes(&gs[2].root).iter().any(|n| n.mv.promotion().is_some()));
    assert!(gs[3].root.nodes.iter().any(|n| n.mv.is_castle()));
}

#[test]
fn quirks_of_real_files() {
    let gs = games("quirks.pgn");
    // No result marker: the Result tag's value.
    assert_eq!((gs[0].root.nodes.len(), gs[0].result), (10, GameResult::WhiteWins));
    assert_eq!(gs[0].root.nodes[8].san, "0-0");
    // Tabs, `1.d4` with no space.
    assert_eq!(gs[1].root.nodes.len(), 13);
    // No tags at all; the comment after the result belongs to no game.
    assert!(gs[2].tags.is_empty());
    assert_eq!(gs[2].result, GameResult::Draw);
    assert_eq!(gs[2].root.nodes.last().unwrap().comments_after, ["a game with no tags at all"]);
    // Latin-1 text, glyphs standing alone, `½-½`.
    assert_eq!(gs[3].tag("White"), Some("García, Luis"));
    assert_eq!(gs[3].tag("Black"), Some("Ibáñez, Marta"));
    assert_eq!(gs[3].root.nodes[2].nags, [Nag(16)]);
    assert_eq!(gs[3].root.nodes[4].nags, [Nag(10)]);
    assert_eq!(gs[3].root.nodes[5].comments_after, ["¿Qué pasa?"]);
    assert_eq!(gs[3].result, GameResult::Draw);
    // Suffixes, figurines, one-character glyphs, `...` alone, `N` for a novelty.
    let g = &gs[4];
    let ann: Vec<(&str, Vec<u8>)> = g.root.nodes.iter().take(9).map(|n| (n.san.as_str(), n.nags.iter().map(|x| x.0).collect())).collect();
    assert_eq!(
        ann,
        [
            ("e4", vec![]),
            ("e5", vec![]),
            ("♘f3", vec![5]),
            ("♞c6", vec![6]),
            ("♗b5", vec![13]),
            ("a6", vec![146, 146]),
            ("Ba4", vec![5]),
            ("Nf6", vec![3]),
            ("O-O", vec![16]),
        ]
    );
    assert_eq!(g.root.nodes[17].nags, [Nag(16)]); // `+/-` after 9... Nb8
                                                  // `e.p.` glued to the move, promotion without `=`.
    let g = &gs[5];
    assert!(g.root.nodes[0].mv.is_en_passant());
    assert_eq!(g.root.nodes[0].san, "exd6");
    assert_eq!(g.root.nodes[2].san, "e8Q+");
    // Comments among the tags go before the first move; the marker beats the Result tag.
    let g = &gs[6];
    assert_eq!(
        g.root.nodes[0].comments_before,
        ["A comment among the tags, kept before the first move.", "a line comment before the moves"]
    );
    assert_eq!((g.tag("Result"), g.result), (Some("1-0"), GameResult::BlackWins));
    assert!(g.end_position().is_checkmate());
    // Result from the tag at the very end of the input.
    assert_eq!((gs[7].result, gs[7].root.nodes.len()), (GameResult::BlackWins, 7));
}

/// Expected outcome of each game of a malformed file: `Ok` or (game, line, column, detail).
type Expect = Result<(), (usize, usize, usize, &'static str)>;

#[test]
fn malformed_files_report_game_line_and_column() {
    let cases: &[(&str, &[Expect])] = &[
        ("unterminated_comment.pgn", &[Ok(()), Err((2, 9, 16, "unterminated-comment"))]),
        ("illegal_move.pgn", &[Ok(()), Ok(()), Err((3, 15, 14, "illegal-move"))]),
        ("unclosed_variation.pgn", &[Err((1, 4, 17, "unbalanced-parenthesis"))]),
        ("extra_parenthesis.pgn", &[Err((1, 4, 26, "unbalanced-parenthesis"))]),
        ("result_in_variation.pgn", &[Err((1, 3, 7, "unbalanced-parenthesis"))]),
        ("bad_tag.pgn", &[Err((1, 2, 7, "bad-tag"))]),
        ("unterminated_string.pgn", &[Err((1, 2, 8, "unterminated-string"))]),
        ("bad_nag.pgn", &[Err((1, 3, 13, "bad-nag"))]),
        ("invalid_fen.pgn", &[Err((1, 3, 6, "invalid-fen"))]),
        ("unsupported_variant.pgn", &[Err((1, 2, 10, "unsupported-variant"))]),
        ("variation_without_move.pgn", &[Err((1, 3, 1, "variation-without-move"))]),
        ("ambiguous_move.pgn", &[Err((1, 3, 33, "ambiguous-move"))]),
        ("null_move.pgn", &[Err((1, 3, 7, "null-move"))]),
        ("unexpected_token.pgn", &[Err((1, 3, 7, "unexpected-token"))]),
        // BOM, CRLF, and a two-byte character before the fault: columns count characters.
        ("mixed.pgn", &[Ok(()), Err((2, 9, 35, "illegal-move")), Ok(()), Err((4, 19, 22, "invalid-move-syntax")), Ok(())]),
    ];
    for (name, expected) in cases {
        let raw = bytes(&format!("malformed/{name}"));
        let got: Vec<Result<Game, PgnError>> = Reader::new(&raw[..]).collect();
        let got: Vec<Expect> = got
            .iter()
            .map(|r| match r {
                Ok(_) => Ok(()),
                Err(e) => {
                    assert_eq!(e.code(), "invalid-pgn");
                    let shown = e.to_string();
                    assert!(shown.starts_with(&format!("game {}, line {}, column {}: ", e.game, e.line, e.column)), "{shown}");
                    Err((e.game, e.line, e.column, e.detail()))
                }
            })
            .collect();
        assert_eq!(&got, expected, "{name}");
        // parse_pgn stops at the first fault.
        let first = expected.iter().find_map(|e| e.err()).unwrap();
        let e = pgn::parse_pgn(std::str::from_utf8(&raw).unwrap()).unwrap_err();
        assert_eq!((e.game, e.line, e.column, e.detail()), first, "{name}");
    }
    // Recovery: a bad tag in a one-line game skips that game only; so does a bad move.
    let text = "[Event x] 1. e4 e5 *\n[Event \"2\"] 1. d4 *\n[Event \"3\"] 1. e4 e5 2. Ke3 Nc6 *\n[Event \"4\"] 1. c4 *\n";
    let got: Vec<Result<String, (usize, usize, &str)>> =
        pgn::read_games(text).map(|g| g.map(|g| g.tag("Event").unwrap().to_owned()).map_err(|e| (e.game, e.line, e.detail()))).collect();
    assert_eq!(got, [Err((1, 1, "bad-tag")), Ok("2".into()), Err((3, 3, "illegal-move")), Ok("4".into())]);

    // The messages name what is wrong.
    let e = pgn::parse_pgn(&String::from_utf8(bytes("malformed/illegal_move.pgn")).unwrap()).unwrap_err();
    assert!(e.to_string().contains("illegal move Nf6: "), "{e}");
    let e = pgn::parse_pgn(&String::from_utf8(bytes("malformed/invalid_fen.pgn")).unwrap()).unwrap_err();
    assert!(e.to_string().contains("7 ranks"), "{e}");
}

#[test]
fn nesting_deeper_than_the_limit_is_an_error_not_a_stack_overflow() {
    // 10,000 nested variations, each a move deep.
    let mut text = String::from("1. e4 ");
    for _ in 0..10_000 {
        text.push_str("(1. d4 ");
    }
    text.push_str(&")".repeat(10_000));
    text.push_str(" *\n\n[Event \"next\"]\n\n1. e4 *\n");
    let results: Vec<_> = pgn::read_games(&text).collect();
    assert_eq!(results.len(), 2);
    let e = results[0].as_ref().unwrap_err();
    let col = 6 + MAX_VARIATION_DEPTH * 7 + 1;
    assert_eq!((e.game, e.line, e.column, e.detail()), (1, 1, col, "variation-too-deep"));
    assert_eq!(results[1].as_ref().unwrap().tag("Event"), Some("next"));

    // 10,000 `(` before any move; 10,000 `)`; 100,000 `{`.
    let e = pgn::parse_pgn(&"(".repeat(10_000)).unwrap_err();
    assert_eq!((e.line, e.column, e.detail()), (1, 1, "variation-without-move"));
    let e = pgn::parse_pgn(&format!("1. e4 {}", ")".repeat(10_000))).unwrap_err();
    assert_eq!((e.column, e.detail()), (7, "unbalanced-parenthesis"));
    let e = pgn::parse_pgn(&"{".repeat(100_000)).unwrap_err();
    assert_eq!((e.column, e.detail()), (1, "unterminated-comment"));

    // Exactly the limit is fine, and round-trips.
    let mut text = String::from("1. e4 ");
    for _ in 0..MAX_VARIATION_DEPTH {
        text.push_str("(1. d4 ");
    }
    text.push_str(&")".repeat(MAX_VARIATION_DEPTH));
    text.push_str(" *");
    let g = read_one(&text);
    assert_eq!(max_depth(&g.root), MAX_VARIATION_DEPTH);
    assert_round_trip(&g);
}

#[test]
fn a_hand_built_tree_deeper_than_the_limit_is_written_and_refused_on_reading() {
    let pos = Position::new();
    let e4 = parse_san(&pos, "e4", &SanOptions::default()).unwrap();
    let d4 = parse_san(&pos, "d4", &SanOptions::default()).unwrap();
    // 1,000 levels: the writer walks it with its own stack.
    let mut line = Line { nodes: vec![Node::new(d4, "")], comments: vec![] };
    for _ in 0..1_000 {
        let mut n = Node::new(d4, "");
        n.variations.push(line);
        line = Line { nodes: vec![n], comments: vec![] };
    }
    let mut game = Game::new();
    let mut first = Node::new(e4, "");
    first.variations.push(line);
    game.root.nodes.push(first);
    let text = pgn::write_game(&game, &WriteOptions::default());
    assert!(text.contains("1. e4 (1. d4 (1. d4"));
    assert_width(&text, 80);
    assert_eq!(pgn::parse_pgn(&text).unwrap_err().detail(), "variation-too-deep");
}

#[test]
fn huge_comments_and_lines_are_read() {
    let word = "lorem ipsum ";
    let big = word.repeat(200_000); // 2.4 MB
    let text = format!("1. e4 {{{big}}} e5 *");
    let g = read_one(&text);
    assert_eq!(g.root.nodes[0].comments_after[0].len(), big.trim_end().len());
    // One 1 MB line of moves (2,000 games without line breaks).
    let line = "1. Nf3 Nf6 2. Ng1 Ng8 *  ".repeat(2_000);
    assert_eq!(pgn::parse_pgn(&line).unwrap().len(), 2_000);
}

#[test]
fn streaming_from_a_bufread_matches_reading_a_str() {
    let path = format!("{DATA}/many_games.pgn");
    let file = std::fs::File::open(&path).unwrap();
    // A tiny buffer: lines are assembled across reads.
    let streamed: Vec<Game> = Reader::new(BufReader::with_capacity(16, file)).map(Result::unwrap).collect();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(streamed, pgn::parse_pgn(&text).unwrap());
}

#[test]
fn writer_layout() {
    let g = read_one(
        "[Site \"x\"] [Black \"B\"] [Event \"E\"] [Custom \"c\"] [White \"W\"]\n1. e4 {c1} e5 (1... c5 {c2}) {c3} 2. Nf3 $1 $18 (2. Bc4) *",
    );
    let text = pgn::write_game(&g, &WriteOptions::default());
    assert_eq!(
        text,
        "[Event \"E\"]\n[Site \"x\"]\n[White \"W\"]\n[Black \"B\"]\n[Custom \"c\"]\n\n\
         1. e4 { c1 } 1... e5 (1... c5 { c2 }) { c3 } 2. Nf3 $1 $18 (2. Bc4) *\n"
    );
    let sym = pgn::write_game(&g, &WriteOptions { nag_symbols: true, ..WriteOptions::default() });
    assert!(sym.contains("2. Nf3! $18 (2. Bc4)"), "{sym}");
    // Where comments go: after e4; before 2. Nf3 (after e5's variation); in the variation.
    assert_eq!(g.root.nodes[0].comments_after, ["c1"]);
    assert_eq!(g.root.nodes[2].comments_before, ["c3"]);
    assert_eq!(g.root.nodes[1].variations[0].nodes[0].comments_after, ["c2"]);

    // A `;` comment holding `}` stays a `;` comment; `(` and `)` inside comments are words.
    let g = read_one("1. e4 ; see } here\ne5 { a ( b ) c } (1... c5 ; x\n) *");
    assert_eq!(g.root.nodes[0].comments_after, ["see } here"]);
    assert_eq!(g.root.nodes[1].comments_after, ["a ( b ) c"]);
    assert_round_trip(&g);

    // Empty variations, comment-only lines and games, escaped tag values.
    for text in [
        "1. e4 () e5 ({only a comment}) *",
        "{ nothing but a comment } *",
        "[White \"A \\\"quoted\\\" \\\\ name\"] *",
        "[Event \"empty\"]",
        "*",
    ] {
        let g = read_one(text);
        assert_round_trip(&g);
    }
    let g = read_one("[White \"A \\\"quoted\\\" \\\\ name\"] *");
    assert_eq!(g.tag("White"), Some("A \"quoted\" \\ name"));

    // Annotation suffixes and `e.p.` in any order come off the SAN, which then reads alone.
    let g = read_one("[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"] 1. exd6!e.p.? Kd7!! *");
    assert_eq!((g.root.nodes[0].san.as_str(), g.root.nodes[0].nags.as_slice()), ("exd6", &[Nag::GOOD, Nag::MISTAKE][..]));
    assert_eq!(g.root.nodes[1].nags, [Nag::BRILLIANT]);
    assert_round_trip(&g);
    assert_eq!(pgn::parse_pgn("1. e4!!! *").unwrap_err().detail(), "invalid-move-syntax");

    // Found by the property tests: control characters in tag values read as spaces (the writer
    // could not keep them); comments keep non-ASCII whitespace such as U+0085 as it is.
    let g = read_one("[Black \"Kie\u{1f}ser\u{85}itzky\"] 1. e4 {\u{85} [%clk 0:03:00]} *");
    assert_eq!(g.tag("Black"), Some("Kie ser itzky"));
    assert_eq!(g.root.nodes[0].comments_after, ["\u{85} [%clk 0:03:00]"]);
    assert_round_trip(&g);
}

#[test]
fn game_api() {
    // A hand-built game: empty SAN is written canonically.
    let mut g = Game::new();
    let mut pos = Position::new();
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
        let m = parse_san(&pos, san, &SanOptions::default()).unwrap();
        g.root.nodes.push(Node::new(m, ""));
        pos.play(m).unwrap();
    }
    g.root.nodes[4].nags.push(Nag::GOOD);
    g.result = GameResult::Ongoing;
    let text = pgn::write_game(&g, &WriteOptions::default());
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n\
         1. e4 e5 2. Nf3 Nc6 3. Bb5 $1 *\n"
    );
    assert_eq!(format!("{g}"), text);
    let steps: Vec<_> = g.mainline().collect();
    assert_eq!(steps.len(), 5);
    assert_eq!(steps[4].after, pos);
    assert_eq!(to_san(&steps[4].before, steps[4].node.mv), "Bb5");
    assert_eq!(g.end_position(), pos);

    // A Chess960 start gets its tags, and reads back the same.
    let start = Position::chess960(0).unwrap();
    let g = Game::from_position(start.clone());
    assert_eq!(g.tag("Variant"), Some("Chess960"));
    assert_eq!(g.tag("SetUp"), Some("1"));
    assert_eq!(read_one(&g.to_string()).start, start);
    assert_eq!(Game::from_position(Position::new()).tag("FEN"), None);

    assert_eq!("1/2-1/2".parse::<GameResult>(), Ok(GameResult::Draw));
    assert!("2-0".parse::<GameResult>().is_err());
    assert_eq!(GameResult::BlackWins.winner(), Some(Color::Black));
    assert_eq!(Nag::from_symbol("±"), Some(Nag(16)));

    // Moves in Romanian letters (C = cal, the knight; N = nebun, the bishop).
    let text = "1. e4 e5 2. Cf3 Cc6 3. Nb5 a6 *";
    let opts = pgn::ReadOptions { lang: rocada::Lang::Ro, ..Default::default() };
    let g = Reader::with_options(text.as_bytes(), opts).next().unwrap().unwrap();
    let steps: Vec<_> = g.mainline().collect();
    assert_eq!(to_san(&steps[4].before, steps[4].node.mv), "Bb5");
    let e = pgn::parse_pgn(text).unwrap_err(); // in English, C is no piece
    assert_eq!((e.column, e.detail()), (13, "invalid-move-syntax"));
}

/// Reads everything in `input`; any game read must round-trip. Never panics.
fn read_all(input: &[u8]) -> usize {
    let mut ok = 0;
    for g in Reader::new(input).take(10_000).flatten() {
        let text = pgn::write_game(&g, &WriteOptions::default());
        let again = pgn::parse_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.len(), 1, "{text}");
        assert_eq!(again[0].root, g.root, "{text}");
        assert_eq!(again[0].tags, g.tags_in_export_order(), "{text}");
        ok += 1;
    }
    ok
}

/// Pieces of PGN to build garbage from.
const PIECES: &[&str] = &[
    "(",
    ")",
    "((",
    "))",
    "{",
    "}",
    "{ a comment }",
    "[",
    "]",
    "\"",
    "\\\"",
    "$",
    "$1",
    "$14",
    "$255",
    "$256",
    "$99999999999",
    "1.",
    "2.",
    "12...",
    "...",
    "1.e4",
    "e4",
    "e5",
    "d4",
    "d5",
    "Nf3",
    "Nc6",
    "Bb5",
    "a6",
    "O-O",
    "0-0",
    "O-O-O",
    "exd6",
    "e.p.",
    "e8=Q",
    "Qh5",
    "Bc4",
    "Nf6",
    "Qxf7#",
    "Nf6!?",
    "!",
    "?",
    "!!",
    "??",
    "?!",
    "+-",
    "=",
    "±",
    "N",
    "--",
    "Z0",
    "1-0",
    "0-1",
    "1/2-1/2",
    "½-½",
    "*",
    ";",
    ";c",
    "\n",
    "\r\n",
    "\r",
    "\t",
    " ",
    "%",
    "\n%",
    "\u{feff}",
    "é",
    "♘f3",
    "[Event \"x\"]",
    "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]",
    "[Variant \"Chess960\"]",
    "[Variant \"Atomic\"]",
    "[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]",
    "[SetUp \"1\"]",
    "\n\n",
    "[%clk 0:01:00]",
    "\0",
    "\u{0}",
];

fn shaped() -> impl Strategy<Value = String> {
    prop::collection::vec((0..PIECES.len(), prop::bool::ANY), 0..120)
        .prop_map(|v| v.into_iter().map(|(i, space)| if space { format!("{} ", PIECES[i]) } else { PIECES[i].to_owned() }).collect())
}

/// One corpus file with a few random edits (bytes: the result may not be UTF-8).
fn mutated() -> impl Strategy<Value = Vec<u8>> {
    let files: Vec<Vec<u8>> = ["chessbase.pgn", "quirks.pgn", "lichess.pgn", "chess960.pgn"].iter().map(|f| bytes(f)).collect();
    (0..files.len(), prop::collection::vec((any::<u32>(), any::<u32>(), 0u8..5, any::<u8>()), 1..6)).prop_map(move |(f, edits)| {
        let mut b = files[f].clone();
        for (at, len, kind, byte) in edits {
            let at = at as usize % (b.len() + 1);
            let len = (len as usize % 40).min(b.len() - at);
            match kind {
                0 => {
                    b.drain(at..at + len);
                }
                1 => b.insert(at, byte),
                2 => {
                    let special = b"(){}[]\"$;%!?\n";
                    b.insert(at, special[byte as usize % special.len()]);
                }
                3 => {
                    let piece = b[at..at + len].to_vec();
                    b.splice(at..at, piece);
                }
                _ => b.truncate(at),
            }
        }
        b
    })
}

/// Cases per property: `PROPTEST_CASES` if set, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(10_000), ..ProptestConfig::default() })]

    #[test]
    fn never_panics_on_arbitrary_text(s in ".*") {
        read_all(s.as_bytes());
    }

    #[test]
    fn never_panics_on_arbitrary_bytes(b in prop::collection::vec(any::<u8>(), 0..400)) {
        read_all(&b);
    }

    #[test]
    fn never_panics_on_pgn_shaped_garbage(s in shaped()) {
        read_all(s.as_bytes());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(3_000), ..ProptestConfig::default() })]

    #[test]
    fn never_panics_on_mutated_corpus_files(b in mutated()) {
        read_all(&b);
    }
}

/// A move that fails carries the position it was read in (a reader can show it, or have the
/// explainer say why in any language): in the main line, in a variation (the variation's own
/// position), after a NAG and a comment, and in Chess960 (X-FEN that reads back as Chess960).
#[test]
fn a_failing_move_carries_its_position() {
    let cases: [(&str, &str, &str, CastlingMode); 4] = [
        ("1. e4 e5 2. Ke3 *", "Ke3", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", CastlingMode::Standard),
        ("1. e4 (1. d4 d5 2. Kd3) e5 *", "Kd3", "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2", CastlingMode::Standard),
        (
            "1. e4 $1 {best} e5 2. Nf3 Nf6?? 3. Nxe5 Qxe5 *",
            "Qxe5",
            "rnbqkb1r/pppp1ppp/5n2/4N3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 3",
            CastlingMode::Standard,
        ),
        (
            "[Variant \"Chess960\"]\n[FEN \"nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1\"]\n\n1. O-O-O *",
            "O-O-O",
            "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w KQkq - 0 1",
            CastlingMode::Chess960,
        ),
    ];
    for (text, san, fen, mode) in cases {
        let e = pgn::parse_pgn(text).unwrap_err();
        let PgnErrorKind::InvalidMove { san: got_san, position, .. } = &e.kind else { panic!("{text}: {e}") };
        assert_eq!((got_san.as_str(), position.fen().as_str()), (san, fen), "{text}");
        let pos = Position::from_fen(&position.fen(), mode).unwrap_or_else(|f| panic!("{text}: {f}"));
        assert!(parse_san(&pos, san, &SanOptions::default()).is_err(), "{text}: {san} is refused in that position too");
    }
}
