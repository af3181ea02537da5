#![cfg(not(target_arch = "wasm32"))]
//! Perft against the named cases of `tests/data/perft.txt`.
//!
//! - `perft_fast_depths`: every case at every depth below its `slow:` mark (the default run).
//! - `perft_slow_depths` (`#[ignore]`): the deep counts, some over a billion nodes; run with
//!   `cargo test --release --test perft -- --ignored`.
//! - `data_file_agrees_with_shakmaty`: the file itself, checked against an independent
//!   generator (shakmaty) at the fast depths, so a typo in the data cannot hide.
//! - `perft_every_leaf`, `divide` and the bulk count agree with each other.
//!
//! Failures are collected over all cases and reported together, each with its name, FEN and
//! the depth, expected and actual counts.

use rocada::{divide, perft, perft_every_leaf, CastlingMode, Position};

/// One named case of the data file.
#[derive(Debug, Clone)]
struct Case {
    name: String,
    fen: String,
    chess960: bool,
    /// `counts[d - 1]` is the leaf count at depth `d`.
    counts: Vec<u64>,
    /// First depth that only the ignored test runs.
    slow: Option<u32>,
    source: String,
}

impl Case {
    fn mode(&self) -> CastlingMode {
        if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }

    fn position(&self) -> Position {
        Position::from_fen(&self.fen, self.mode())
            .unwrap_or_else(|e| panic!("case {:?}: Rocada rejects the FEN {:?}: {e}", self.name, self.fen))
    }

    /// `(depth, count)` pairs, fast (`slow == false`) or slow ones.
    fn depths(&self, slow: bool) -> impl Iterator<Item = (u32, u64)> + '_ {
        let first_slow = self.slow.unwrap_or(u32::MAX);
        self.counts.iter().enumerate().map(|(i, n)| (i as u32 + 1, *n)).filter(move |(d, _)| (*d >= first_slow) == slow)
    }
}

const DATA: &str = include_str!("data/perft.txt");

/// Parses the block format documented at the top of `tests/data/perft.txt`.
fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let mut current: Option<Case> = None;
    let finish = |case: Option<Case>, cases: &mut Vec<Case>| {
        if let Some(c) = case {
            assert!(!c.fen.is_empty(), "case {:?} has no fen", c.name);
            assert!(!c.counts.is_empty(), "case {:?} has no perft counts", c.name);
            assert!(!c.source.is_empty(), "case {:?} has no source", c.name);
            cases.push(c);
        }
    };
    for (lineno, raw) in DATA.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            finish(current.take(), &mut cases);
            continue;
        }
        let (key, value) =
            line.split_once(':').unwrap_or_else(|| panic!("perft.txt line {}: expected `key: value`, got {raw:?}", lineno + 1));
        let value = value.trim();
        if key == "case" {
            finish(current.take(), &mut cases);
            current = Some(Case {
                name: value.to_string(),
                fen: String::new(),
                chess960: false,
                counts: Vec::new(),
                slow: None,
                source: String::new(),
            });
            continue;
        }
        let case = current.as_mut().unwrap_or_else(|| panic!("perft.txt line {}: {key:?} before any `case:`", lineno + 1));
        match key {
            "fen" => case.fen = value.to_string(),
            "chess960" => {
                case.chess960 = match value {
                    "yes" => true,
                    "no" => false,
                    _ => panic!("perft.txt line {}: chess960 must be yes or no", lineno + 1),
                }
            }
            "perft" => {
                case.counts = value
                    .split_whitespace()
                    .map(|n| n.parse().unwrap_or_else(|_| panic!("perft.txt line {}: bad count {n:?}", lineno + 1)))
                    .collect()
            }
            "slow" => case.slow = Some(value.parse().unwrap_or_else(|_| panic!("perft.txt line {}: bad depth", lineno + 1))),
            "source" => case.source = value.to_string(),
            _ => panic!("perft.txt line {}: unknown key {key:?}", lineno + 1),
        }
    }
    finish(current.take(), &mut cases);
    cases
}

/// Runs `f` on every case, collecting failure messages; panics once with all of them.
fn check_all(cases: &[Case], f: impl FnMut(&Case) -> Vec<String>) {
    let failures: Vec<String> = cases.iter().flat_map(f).collect();
    if !failures.is_empty() {
        panic!("{} perft failure(s):\n{}", failures.len(), failures.join("\n"));
    }
}

fn compare_rocada(case: &Case, slow: bool) -> Vec<String> {
    let pos = match Position::from_fen(&case.fen, case.mode()) {
        Ok(p) => p,
        Err(e) => return vec![format!("[{}] {}: FEN rejected: {e}", case.name, case.fen)],
    };
    case.depths(slow)
        .filter_map(|(depth, expected)| {
            let got = perft(&pos, depth);
            (got != expected).then(|| {
                format!("[{}] {} (chess960: {}) depth {depth}: expected {expected}, got {got}", case.name, case.fen, case.chess960)
            })
        })
        .collect()
}

#[test]
fn data_file_is_well_formed() {
    let cases = cases();
    let mut names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    names.sort_unstable();
    let before = names.len();
    names.dedup();
    assert_eq!(before, names.len(), "case names must be unique");

    // The six standard positions at their published depths.
    for (name, depth) in [
        ("startpos", 6),
        ("kiwipete", 5),
        ("position 3", 7),
        ("position 4", 6),
        ("position 4 mirrored", 6),
        ("position 5", 5),
        ("position 6", 5),
    ] {
        let case = cases.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("missing case {name:?}"));
        assert!(case.counts.len() >= depth, "{name} should reach depth {depth}");
    }
    let published_960 = cases.iter().filter(|c| c.name.starts_with("chess960 list #")).count();
    assert!(published_960 >= 20, "only {published_960} published Chess960 positions");
    let chess960_edges = cases.iter().filter(|c| c.name.starts_with("chess960: ")).count();
    assert!(chess960_edges >= 5, "only {chess960_edges} Chess960 rule edges");

    for case in &cases {
        // Every slow mark is where the count passes 10 million nodes, so the default run stays fast.
        let first_big = case.counts.iter().position(|n| *n > 10_000_000).map(|i| i as u32 + 1);
        assert_eq!(case.slow, first_big, "case {:?}: slow mark", case.name);
        // Counts grow with depth except in positions that run into mates and stalemates.
        assert!(case.counts[0] > 0, "case {:?}: no legal move at depth 1", case.name);
    }
}

#[test]
fn perft_fast_depths() {
    check_all(&cases(), |c| compare_rocada(c, false));
}

#[test]
#[ignore = "deep counts (up to 1.25 billion nodes per case); run with --ignored in release mode"]
fn perft_slow_depths() {
    check_all(&cases(), |c| compare_rocada(c, true));
}

/// The data file against shakmaty, an independent move generator (fast depths).
#[test]
fn data_file_agrees_with_shakmaty() {
    use shakmaty::{fen::Fen, CastlingMode as SMode, Chess};
    check_all(&cases(), |case| {
        let fen: Fen = case.fen.parse().expect("shakmaty parses the FEN");
        let mode = if case.chess960 { SMode::Chess960 } else { SMode::Standard };
        let pos: Chess = fen.into_position(mode).expect("shakmaty accepts the position");
        case.depths(false)
            .filter_map(|(depth, expected)| {
                let got = shakmaty::perft(&pos, depth);
                (got != expected).then(|| format!("[{}] data file says {expected} at depth {depth}, shakmaty counts {got}", case.name))
            })
            .collect()
    });
}

#[test]
fn perft_every_leaf_matches_bulk_counting() {
    check_all(&cases(), |case| {
        let pos = match Position::from_fen(&case.fen, case.mode()) {
            Ok(p) => p,
            Err(_) => return Vec::new(), // reported by perft_fast_depths
        };
        case.depths(false)
            .filter(|(_, n)| *n <= 300_000)
            .filter_map(|(depth, expected)| {
                let got = perft_every_leaf(&pos, depth);
                (got != expected).then(|| format!("[{}] perft_every_leaf depth {depth}: expected {expected}, got {got}", case.name))
            })
            .collect()
    });
}

#[test]
fn divide_sums_to_perft_and_lists_each_legal_move_once() {
    check_all(&cases(), |case| {
        let pos = match Position::from_fen(&case.fen, case.mode()) {
            Ok(p) => p,
            Err(_) => return Vec::new(),
        };
        let depth = case.depths(false).filter(|(_, n)| *n <= 200_000).map(|(d, _)| d).last().unwrap_or(1);
        let split = divide(&pos, depth);
        let mut errors = Vec::new();
        let total: u64 = split.iter().map(|(_, n)| n).sum();
        if total != case.counts[depth as usize - 1] {
            errors.push(format!("[{}] divide({depth}) sums to {total}, expected {}", case.name, case.counts[depth as usize - 1]));
        }
        let mut moves: Vec<String> = split.iter().map(|(m, _)| m.uci(CastlingMode::Chess960)).collect();
        if moves.len() as u64 != case.counts[0] {
            errors.push(format!("[{}] divide lists {} moves, expected {}", case.name, moves.len(), case.counts[0]));
        }
        moves.sort();
        moves.dedup();
        if moves.len() != split.len() {
            errors.push(format!("[{}] divide lists a move twice", case.name));
        }
        errors
    });
}

#[test]
fn perft_of_depth_zero_is_one() {
    for case in cases() {
        assert_eq!(perft(&case.position(), 0), 1, "{}", case.name);
        assert_eq!(perft_every_leaf(&case.position(), 0), 1, "{}", case.name);
    }
}

#[test]
fn every_case_names_its_source() {
    for case in cases() {
        assert!(
            case.source.starts_with("CPW")
                || case.source.starts_with("TalkChess")
                || case.source.starts_with("perftsuite")
                || case.source.starts_with("en passant")
                || case.source == "computed",
            "case {:?}: unknown source {:?}",
            case.name,
            case.source
        );
    }
}
