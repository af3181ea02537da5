#![cfg(not(target_arch = "wasm32"))]
//! The PGN reader's resource limits and its behaviour on hostile input (and FEN's: it needs no
//! limit, reading any length in constant memory).
//!
//! - Each limit of `rocada::pgn` (line, comment, tags, game length in bytes and in items,
//!   variation depth, games per `parse_pgn`) accepts exactly the limit and refuses one more with
//!   its own detail code, at the right game, line and column; reading goes on with the next game.
//! - Pathological texts (a million `(`, a 50 MB comment on one line or on many, a million tags,
//!   a 16 MB game of NAGs) are refused or read quickly, in bounded memory.
//! - Streaming: games generated on the fly through a `Read` (never held whole) are read with the
//!   memory the reader allocates staying under a cap (a counting allocator measures it), in time
//!   linear in the input; throughput is printed. The 100 MB run is `#[ignore]`d:
//!   `cargo test --release --test pgn_limits -- --ignored --nocapture`.

use rocada::pgn::{self, Game, PgnError, Reader};
use rocada::pgn::{MAX_COMMENT_LEN, MAX_GAMES, MAX_GAME_ITEMS, MAX_GAME_LEN, MAX_LINE_LEN, MAX_TAGS, MAX_VARIATION_DEPTH};
use rocada::{CastlingMode, Position};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::{BufReader, Read};
use std::time::{Duration, Instant};

/// Counts the bytes this thread has allocated and not freed, and the peak since a reset.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn track(delta: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        track(layout.size() as isize);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        track(-(layout.size() as isize));
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        track(new_size as isize - layout.size() as isize);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` and returns its result with the most memory this thread held during it, above what
/// it held before.
fn peak_memory<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    (out, (PEAK.with(Cell::get) - base).max(0) as usize)
}

const MB: usize = 1 << 20;

/// A `Read` that yields `count` copies of `unit`, then `tail`: hundreds of megabytes of text
/// without ever holding them.
struct Repeat {
    unit: Vec<u8>,
    count: usize,
    tail: Vec<u8>,
    pos: usize,
}

impl Repeat {
    fn new(unit: impl Into<Vec<u8>>, count: usize, tail: impl Into<Vec<u8>>) -> Repeat {
        Repeat { unit: unit.into(), count, tail: tail.into(), pos: 0 }
    }
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let src = if self.count > 0 { &self.unit } else { &self.tail };
        let n = buf.len().min(src.len() - self.pos);
        buf[..n].copy_from_slice(&src[self.pos..self.pos + n]);
        self.pos += n;
        if self.pos == src.len() && self.count > 0 {
            self.count -= 1;
            self.pos = 0;
        }
        Ok(n)
    }
}

/// Reads every game from `input` through a 64 KiB buffer.
fn read_all(input: impl Read) -> Vec<Result<Game, PgnError>> {
    Reader::new(BufReader::with_capacity(64 << 10, input)).collect()
}

/// (game, line, column, detail) of an error.
fn at(e: &PgnError) -> (usize, usize, usize, &'static str) {
    (e.game, e.line, e.column, e.detail())
}

/// The game after a refused one is read: the reader skipped what was left of the bad one.
fn next_is_read(results: &[Result<Game, PgnError>]) {
    let last = results.last().expect("games").as_ref().expect("the game after the fault is read");
    assert_eq!(last.tag("Event"), Some("next"));
}

const NEXT: &str = "\n\n[Event \"next\"]\n\n1. e4 e5 *\n";

#[test]
fn the_limits_are_as_documented() {
    assert_eq!(MAX_VARIATION_DEPTH, 64);
    assert_eq!(MAX_LINE_LEN, 4 * MB);
    assert_eq!(MAX_COMMENT_LEN, 4 * MB);
    assert_eq!(MAX_TAGS, 1_000);
    assert_eq!(MAX_GAME_LEN, 16 * MB);
    assert_eq!(MAX_GAME_ITEMS, 100_000);
    assert_eq!(MAX_GAMES, 100_000);
}

#[test]
fn a_line_longer_than_the_limit_is_skipped_in_bounded_memory() {
    // Exactly the limit: a comment line of MAX_LINE_LEN bytes is read.
    let comment = format!("{{{}}}", "x".repeat(MAX_LINE_LEN - 2));
    let results = read_all(Repeat::new(format!("[Event \"a\"]\n{comment}\n1. e4 *"), 1, NEXT));
    let g = results[0].as_ref().expect("a line of exactly MAX_LINE_LEN bytes");
    assert_eq!(g.root.nodes[0].comments_before[0].len(), MAX_LINE_LEN - 2);

    // 64 MB on one line, streamed: refused at its line, the reader's memory stays under the
    // cap, and the next game is read.
    let (results, peak) = peak_memory(|| read_all(Repeat::new(vec![b'a'; MB], 64, format!("\n*{NEXT}"))));
    assert_eq!(at(results[0].as_ref().unwrap_err()), (1, 1, 1, "line-too-long"));
    assert!(peak < MAX_LINE_LEN + 2 * MB, "peak {peak} bytes");
    next_is_read(&results);

    // One byte over, after a first line.
    let text = format!("[Event \"a\"]\n{}\n1. e4 *{NEXT}", "b".repeat(MAX_LINE_LEN + 1));
    let results: Vec<_> = pgn::read_games(&text).collect();
    assert_eq!(at(results[0].as_ref().unwrap_err()), (1, 2, 1, "line-too-long"));
    next_is_read(&results);
    assert!(results[0].as_ref().unwrap_err().to_string().contains("line longer than 4194304 bytes"));
}

#[test]
fn a_comment_longer_than_the_limit_is_refused() {
    // A comment on many lines: exactly MAX_COMMENT_LEN bytes (after whitespace is collapsed).
    let line = format!("{}\n", "y".repeat(1023)); // 1,024 bytes with its collapsed newline
    let n = MAX_COMMENT_LEN / 1024;
    let exact = format!("1. e4 {{{}{}}} *", line.repeat(n - 1), "y".repeat(1024));
    let g = &pgn::parse_pgn(&exact).unwrap()[0];
    assert_eq!(g.root.nodes[0].comments_after[0].len(), MAX_COMMENT_LEN);
    let over = format!("1. e4 {{{}{}}} *{NEXT}", line.repeat(n - 1), "y".repeat(1025));
    let results: Vec<_> = pgn::read_games(&over).collect();
    assert_eq!(at(results[0].as_ref().unwrap_err()), (1, 1, 7, "comment-too-long"));
    next_is_read(&results);

    // 50 MB of comment in 80-column lines, streamed: refused, in bounded memory.
    let (results, peak) =
        peak_memory(|| read_all(Repeat::new(format!("{}\n", "z".repeat(79)), 50 * MB / 80, format!("}} *{NEXT}")).into_head("1. d4 {")));
    assert_eq!(at(results[0].as_ref().unwrap_err()), (1, 1, 7, "comment-too-long"));
    assert!(peak < 2 * MAX_COMMENT_LEN + 2 * MB, "peak {peak} bytes");
    next_is_read(&results);
}

/// A `Read` that yields `head` before another one.
struct Chain<R>(std::io::Chain<std::io::Cursor<Vec<u8>>, R>);

impl<R: Read> Read for Chain<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.read(buf)
    }
}

trait IntoHead: Read + Sized {
    fn into_head(self, head: &str) -> Chain<Self> {
        Chain(std::io::Cursor::new(head.as_bytes().to_vec()).chain(self))
    }
}

impl<R: Read> IntoHead for R {}

#[test]
fn more_tags_than_the_limit_are_refused() {
    let tags = |n: usize| (0..n).map(|i| format!("[T{i} \"v\"]\n")).collect::<String>();
    let g = &pgn::parse_pgn(&format!("{}1. e4 *", tags(MAX_TAGS))).unwrap()[0];
    assert_eq!(g.tags.len(), MAX_TAGS);
    let results: Vec<_> = pgn::read_games(&format!("{}1. e4 *{NEXT}", tags(MAX_TAGS + 1))).collect();
    assert_eq!(at(results[0].as_ref().unwrap_err()), (1, MAX_TAGS + 1, 1, "too-many-tags"));
    next_is_read(&results);

    // A million tags (about 16 MB), streamed.
    let start = Instant::now();
    let results = read_all(Repeat::new("[Name \"value\"]\n", 1_000_000, format!("1. e4 *{NEXT}")));
    assert_eq!(at(results[0].as_ref().unwrap_err()), (1, MAX_TAGS + 1, 1, "too-many-tags"));
    next_is_read(&results);
    eprintln!("a million tags: {:?}", start.elapsed());
}

#[test]
fn a_game_longer_than_the_limit_is_refused() {
    // Items: MAX_GAME_ITEMS moves, comments and NAGs are read; one more is refused.
    let nags = |n: usize| format!("1. e4 {}*", "$1 ".repeat(n - 1));
    let g = &pgn::parse_pgn(&nags(MAX_GAME_ITEMS)).unwrap()[0];
    assert_eq!(g.root.nodes[0].nags.len(), MAX_GAME_ITEMS - 1);
    let results: Vec<_> = pgn::read_games(&format!("{}{NEXT}", nags(MAX_GAME_ITEMS + 1))).collect();
    let column = 7 + 3 * (MAX_GAME_ITEMS - 1);
    assert_eq!(at(results[0].as_ref().unwrap_err()), (1, 1, column, "game-too-long"));
    next_is_read(&results);

    // Bytes: 17 MB of comments of 1 KB (fewer items than the limit) in one game.
    let comment = format!("{{{}}}\n", "c".repeat(1021));
    let (results, peak) = peak_memory(|| read_all(Repeat::new(comment.clone(), 17 * 1024, format!("*{NEXT}")).into_head("1. e4 ")));
    let e = results[0].as_ref().unwrap_err();
    assert_eq!((e.game, e.detail()), (1, "game-too-long"));
    assert_eq!(e.line, MAX_GAME_LEN / 1024, "{e}");
    assert!(peak < MAX_GAME_LEN + 8 * MB, "peak {peak} bytes");
    next_is_read(&results);
}

#[test]
fn more_games_than_the_limit_are_refused_by_parse_pgn() {
    let games = "*\n".repeat(MAX_GAMES);
    assert_eq!(pgn::parse_pgn(&games).unwrap().len(), MAX_GAMES);
    assert_eq!(pgn::parse_pgn(&format!("{games}{{ a trailing comment }}\n")).unwrap().len(), MAX_GAMES);
    let e = pgn::parse_pgn(&format!("{games}[Event \"one more\"]\n*\n")).unwrap_err();
    assert_eq!(at(&e), (MAX_GAMES + 1, MAX_GAMES + 1, 1, "too-many-games"));
    // A reader reads any number, or as many as it is told.
    assert_eq!(pgn::read_games(&format!("{games}*")).count(), MAX_GAMES + 1);
    let limited: Vec<_> = pgn::read_games("* * *").limit_games(2).collect();
    assert_eq!(limited.len(), 3);
    assert_eq!(at(limited[2].as_ref().unwrap_err()), (3, 1, 5, "too-many-games"));
}

/// CPU time of this thread: unlike wall time, it does not count the time other processes of a
/// busy machine take (Linux; elsewhere wall time).
#[cfg(target_os = "linux")]
fn cpu_now() -> Duration {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `t` is a valid, writable timespec; the call only writes it.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0);
    Duration::new(t.sec as u64, t.nsec as u32)
}

#[cfg(not(target_os = "linux"))]
fn cpu_now() -> Duration {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

/// The least CPU time of five runs each of `small` and `big`, interleaved.
fn best_of_five(mut small: impl FnMut(), mut big: impl FnMut()) -> (Duration, Duration) {
    let mut best = (Duration::MAX, Duration::MAX);
    for _ in 0..5 {
        let t = cpu_now();
        small();
        best.0 = best.0.min(cpu_now() - t);
        let t = cpu_now();
        big();
        best.1 = best.1.min(cpu_now() - t);
    }
    best
}

/// `big` takes about `ratio` times as long as `small` (at most four times that), not more: the
/// work is linear.
fn assert_linear(what: &str, small: Duration, big: Duration, ratio: f64) {
    let got = big.as_secs_f64() / small.as_secs_f64().max(1e-6);
    eprintln!("{what}: {small:?} -> {big:?} (x{got:.1}, linear x{ratio})");
    assert!(got < 4.0 * ratio, "{what}: x{got:.1} for x{ratio} the input");
}

#[test]
fn deep_nesting_is_refused_in_linear_time() {
    let nested = |n: usize| format!("1. e4 {}{} *{NEXT}", "(1. d4 ".repeat(n), ")".repeat(n));
    let results: Vec<_> = pgn::read_games(&nested(10_000)).collect();
    assert_eq!(at(results[0].as_ref().unwrap_err()), (1, 1, 7 + 7 * MAX_VARIATION_DEPTH, "variation-too-deep"));
    next_is_read(&results);
    // 50,000 and 500,000 levels (3.5 MB, one line under the line limit).
    let (small, big) = (nested(50_000), nested(500_000));
    let (t_small, t_big) = best_of_five(|| assert_eq!(pgn::read_games(&small).count(), 2), || assert_eq!(pgn::read_games(&big).count(), 2));
    assert_linear("nesting 50k -> 500k", t_small, t_big, 10.0);

    // A million `(` alone, a million `{`, a million `)`: one error each, fast.
    let start = Instant::now();
    assert_eq!(pgn::parse_pgn(&"(".repeat(1_000_000)).unwrap_err().detail(), "variation-without-move");
    assert_eq!(pgn::parse_pgn(&"{".repeat(1_000_000)).unwrap_err().detail(), "unterminated-comment");
    assert_eq!(pgn::parse_pgn(&format!("1. e4 {}", ")".repeat(1_000_000))).unwrap_err().detail(), "unbalanced-parenthesis");
    assert_eq!(pgn::parse_pgn(&format!("1. e4 {}", "(1. d4\n".repeat(1_000_000))).unwrap_err().detail(), "variation-too-deep");
    // On one line (7 MB), the line limit comes first.
    assert_eq!(pgn::parse_pgn(&format!("1. e4 {}", "(1. d4 ".repeat(1_000_000))).unwrap_err().detail(), "line-too-long");
    eprintln!("a million ( {{ ) and nested variations: {:?}", start.elapsed());
}

#[test]
fn hostile_shapes_are_read_in_linear_time() {
    // Each shape in lines of about 80 bytes, 1 MB and 8 MB of it: the time grows with the
    // size, no faster. (Most shapes hit a limit early; the rest of the game is then skipped.)
    let shapes: [(&str, &str); 6] = [
        ("NAGs", "$1 "),
        ("glyphs", "!! "),
        ("move numbers", "1. "),
        ("empty comments", "{} "),
        ("long symbols", "Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3 "),
        ("accented words", "\u{e9}\u{e8} "),
    ];
    for (what, unit) in shapes {
        let line = format!("{}\n", unit.repeat((80 / unit.len()).max(1)));
        let text = |mb: usize| format!("1. e4 {}*", line.repeat(mb * MB / line.len()));
        let (small, big) = (text(1), text(8));
        let (t_small, t_big) = best_of_five(
            || {
                let _ = pgn::read_games(&small).count();
            },
            || {
                let _ = pgn::read_games(&big).count();
            },
        );
        assert_linear(what, t_small, t_big, 8.0);
    }
}

/// A stream of real-looking games: the corpus (60 games with comments, NAGs and variations, and
/// three lichess-style games with clock and eval comments) again and again.
fn corpus_unit() -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");
    let mut unit = std::fs::read_to_string(format!("{dir}/many_games.pgn")).unwrap();
    unit.push_str("\n\n");
    unit.push_str(&std::fs::read_to_string(format!("{dir}/lichess.pgn")).unwrap());
    unit.push_str("\n\n");
    unit
}

/// Streams `mb` megabytes of games; returns (games, CPU seconds, peak reader memory).
fn stream(mb: usize) -> (usize, f64, usize) {
    let unit = corpus_unit();
    let per_unit = pgn::parse_pgn(&unit).unwrap().len();
    let count = (mb * MB).div_ceil(unit.len());
    let start = cpu_now();
    let (games, peak) = peak_memory(|| {
        let mut games = 0;
        // Each game is dropped once read: the reader never holds more than the game it builds.
        for g in Reader::new(BufReader::with_capacity(64 << 10, Repeat::new(unit.clone(), count, ""))) {
            g.expect("the corpus reads");
            games += 1;
        }
        games
    });
    let secs = (cpu_now() - start).as_secs_f64();
    assert_eq!(games, per_unit * count);
    let bytes = (unit.len() * count) as f64;
    eprintln!(
        "streamed {:.1} MB, {games} games in {secs:.2} s of CPU: {:.0} games/s, {:.1} MB/s; peak memory {:.2} MB",
        bytes / MB as f64,
        games as f64 / secs,
        bytes / MB as f64 / secs,
        peak as f64 / MB as f64
    );
    // The unit the stream repeats is held by the test (100 KB); the reader adds its buffer,
    // one line and one game.
    assert!(peak < MB, "peak {peak} bytes");
    (games, secs, peak)
}

#[test]
fn games_stream_in_bounded_memory() {
    let (games, _, _) = stream(8);
    assert!(games > 5_000);
}

#[test]
#[ignore = "100 MB: run with --release -- --ignored --nocapture"]
fn a_100_mb_stream_in_bounded_memory_and_linear_time() {
    let (_, small, _) = stream(10);
    let (games, big, _) = stream(100);
    assert!(games > 60_000);
    assert_linear("10 MB -> 100 MB", Duration::from_secs_f64(small), Duration::from_secs_f64(big), 10.0);
}

#[test]
fn fens_of_any_length_are_read_in_constant_memory() {
    // 50 MB each: far too many ranks, fields, or characters in a rank.
    let ranks = "8/".repeat(25 * MB);
    let fields = "w ".repeat(25 * MB);
    let rank = format!("{}/8/8/8/8/8/8/8 w - - 0 1", "1".repeat(50 * MB));
    for (text, code) in [(&ranks, "fen-board"), (&fields, "fen-field-count"), (&rank, "fen-board")] {
        let (result, peak) = peak_memory(|| Position::from_fen(text, CastlingMode::Standard));
        assert_eq!(result.unwrap_err().code(), code);
        assert!(peak < 4096, "{code}: peak {peak} bytes");
    }
}
