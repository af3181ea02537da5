//! Every tunable number of the engine, search and evaluation, in one place.
//!
//! Terms used below:
//! - *depth* is in plies; *ply* is the distance from the root of the current search.
//! - A *margin* is in centipawns (cp, a pawn = 100 in the middlegame-ish scale).
//! - `S(mg, eg)` is a score pair: the middlegame value and the endgame value; the evaluation
//!   blends the two by the game *phase* (24 = all pieces on, 0 = bare kings and pawns).
//! - Tables indexed by square are drawn as a board seen by White: the first row is rank 8,
//!   so `a8` is index 0 and `h1` index 63. Black's pieces read them mirrored.
//!
//! Nothing else in `search/` or `eval.rs` contains a tuning constant: a tuner rewrites this
//! file only. Changing any value here changes the bench signature (tests/bench_signature.rs).

use crate::eval::S;

// ---------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------

/// Nodes between two calls of the caller's `should_stop` and two readings of the clock.
pub const STOP_CHECK_INTERVAL: u64 = 1024;

/// Aspiration windows start at this depth, with this half-width; each failure widens the
/// window by this factor (in percent) until it is infinite.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
/// Initial half-width of the aspiration window.
pub const ASPIRATION_DELTA: i32 = 20;
/// Growth of the aspiration half-width after a fail, in percent.
pub const ASPIRATION_GROWTH_PERCENT: i32 = 150;

/// Reverse futility (static null move) pruning: at most this depth, prune when
/// `static eval - margin * depth >= beta`.
pub const RFP_MAX_DEPTH: i32 = 8;
/// Reverse futility margin per ply (less one ply's worth when improving).
pub const RFP_MARGIN: i32 = 75;

/// Null move pruning: minimum depth, base reduction, extra reduction per `NMP_DEPTH_DIVISOR`
/// plies, and per `NMP_EVAL_DIVISOR` cp of static eval above beta (at most `NMP_EVAL_MAX`).
pub const NMP_MIN_DEPTH: i32 = 3;
/// Base null move reduction.
pub const NMP_BASE_REDUCTION: i32 = 3;
/// One more ply of null move reduction per this many plies of depth.
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// One more ply of null move reduction per this many cp of eval above beta.
pub const NMP_EVAL_DIVISOR: i32 = 200;
/// Cap of the eval-based part of the null move reduction.
pub const NMP_EVAL_MAX: i32 = 3;

/// Razoring: at depth <= this, if `static eval + margin * depth < alpha`, verify with qsearch.
pub const RAZOR_MAX_DEPTH: i32 = 3;
/// Razoring margin per ply.
pub const RAZOR_MARGIN: i32 = 250;

/// Internal iterative reduction: a node without a hash move at least this deep is searched
/// one ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Late move pruning: at depth <= this, quiet moves after `LMP_BASE + depth^2` (halved when
/// not improving) are skipped.
pub const LMP_MAX_DEPTH: i32 = 8;
/// Late move pruning base count.
pub const LMP_BASE: i32 = 3;

/// Futility pruning of quiet moves: at depth <= this, skip quiets when
/// `static eval + FP_BASE + FP_MARGIN * depth <= alpha`.
pub const FP_MAX_DEPTH: i32 = 6;
/// Futility pruning base margin.
pub const FP_BASE: i32 = 90;
/// Futility pruning margin per ply.
pub const FP_MARGIN: i32 = 80;

/// SEE pruning in the main search: at depth <= this, skip captures losing more than
/// `SEE_CAPTURE_MARGIN * depth` and quiets losing more than `SEE_QUIET_MARGIN * depth`.
pub const SEE_PRUNE_MAX_DEPTH: i32 = 8;
/// SEE pruning threshold per ply for captures.
pub const SEE_CAPTURE_MARGIN: i32 = 90;
/// SEE pruning threshold per ply for quiet moves.
pub const SEE_QUIET_MARGIN: i32 = 50;

/// Late move reductions: moves after the first `LMR_MIN_MOVES` (plus one at PV nodes) at
/// depth >= `LMR_MIN_DEPTH` are reduced by `LMR_BASE + ln(depth) ln(moves) / LMR_DIVISOR`
/// (both in hundredths).
pub const LMR_MIN_DEPTH: i32 = 3;
/// Moves searched before reductions start.
pub const LMR_MIN_MOVES: i32 = 2;
/// Constant part of the reduction, in hundredths of a ply.
pub const LMR_BASE: i32 = 75;
/// Divisor of `ln(depth) * ln(moves)`, in hundredths.
pub const LMR_DIVISOR: i32 = 225;
/// History score that changes the reduction by one ply.
pub const LMR_HISTORY_DIVISOR: i32 = 8192;

/// Delta pruning in quiescence: skip a capture whose gain cannot lift the score to alpha
/// with this margin.
pub const QS_DELTA_MARGIN: i32 = 200;

/// History scores are kept within +-HISTORY_MAX (the gravity formula).
pub const HISTORY_MAX: i32 = 16384;
/// History bonus per depth^2, and its cap.
pub const HISTORY_BONUS_CAP: i32 = 1600;

/// Ordering bonus for a quiet move taking a piece out of an attack by a lesser piece (and
/// malus for moving into one), on the history scale.
pub const THREAT_ESCAPE_BONUS: i32 = 8192;

/// Check extensions stop beyond this many plies past the nominal depth (2 * depth).
pub const MAX_EXTENSION_RATIO: i32 = 2;

// Time management (milliseconds, percents).
/// Time kept back from every clock reading (GUI and process latency).
pub const MOVE_OVERHEAD_MS: f64 = 30.0;
/// Moves assumed left in the game without `movestogo`.
pub const DEFAULT_MOVES_TO_GO: f64 = 20.0;
/// Part of the increment added to the soft limit, in percent.
pub const INCREMENT_USE_PERCENT: f64 = 75.0;
/// The hard limit is at most this multiple of the soft limit ...
pub const HARD_LIMIT_FACTOR: f64 = 4.0;
/// ... and at most this part of the remaining time, in percent.
pub const HARD_LIMIT_MAX_PERCENT: f64 = 40.0;
/// An iteration is not started after this part of the soft limit, in percent.
pub const SOFT_START_PERCENT: f64 = 60.0;
/// The soft limit is scaled up to this much (percent) while the best move keeps changing.
pub const INSTABILITY_MAX_PERCENT: f64 = 180.0;

// ---------------------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------------------

/// Piece values by role (pawn, knight, bishop, rook, queen, king).
pub const PIECE_VALUE: [S; 6] = [S(90, 110), S(320, 300), S(335, 320), S(470, 540), S(950, 1000), S(0, 0)];

/// Plain piece values for SEE, move ordering and delta pruning.
pub const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20000];

/// Game phase weight of each role; a full board sums to `PHASE_MAX`.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Phase of the starting material.
pub const PHASE_MAX: i32 = 24;

/// Piece-square tables, by role, drawn from White's side (row 1 is rank 8).
#[rustfmt::skip]
pub const PST: [[S; 64]; 6] = [
    // pawn
    [
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
        S(  40,  55), S(  40,  55), S(  40,  55), S(  40,  55), S(  40,  55), S(  40,  55), S(  40,  55), S(  40,  55),
        S(  10,  30), S(  15,  30), S(  20,  30), S(  25,  30), S(  25,  30), S(  20,  30), S(  15,  30), S(  10,  30),
        S(   0,  12), S(   3,  12), S(   8,  12), S(  18,  12), S(  18,  12), S(   8,  12), S(   3,  12), S(   0,  12),
        S(  -4,   3), S(   0,   3), S(   5,   3), S(  14,   3), S(  14,   3), S(   5,   3), S(   0,   3), S(  -4,   3),
        S(  -3,  -2), S(   0,  -2), S(   3,  -2), S(   6,  -2), S(   6,  -2), S(   3,  -2), S(   0,  -2), S(  -3,  -2),
        S(  -3,   0), S(   2,   0), S(   2,   0), S( -10,   0), S( -10,   0), S(   2,   0), S(   2,   0), S(  -3,   0),
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
    ],
    // knight
    [
        S( -40, -39), S( -30, -30), S( -20, -21), S( -10, -12), S( -10, -12), S( -20, -21), S( -30, -30), S( -40, -39),
        S( -30, -30), S( -20, -21), S( -10, -12), S(   0,  -3), S(   0,  -3), S( -10, -12), S( -20, -21), S( -30, -30),
        S( -15, -21), S(  -5, -12), S(   5,  -3), S(  15,   6), S(  15,   6), S(   5,  -3), S(  -5, -12), S( -15, -21),
        S(  -5, -12), S(   5,  -3), S(  15,   6), S(  25,  15), S(  25,  15), S(  15,   6), S(   5,  -3), S(  -5, -12),
        S(  -5, -12), S(   5,  -3), S(  15,   6), S(  25,  15), S(  25,  15), S(  15,   6), S(   5,  -3), S(  -5, -12),
        S( -20, -21), S( -10, -12), S(   0,  -3), S(  10,   6), S(  10,   6), S(   0,  -3), S( -10, -12), S( -20, -21),
        S( -30, -30), S( -20, -21), S( -10, -12), S(   0,  -3), S(   0,  -3), S( -10, -12), S( -20, -21), S( -30, -30),
        S( -50, -39), S( -40, -30), S( -30, -21), S( -20, -12), S( -20, -12), S( -30, -21), S( -40, -30), S( -50, -39),
    ],
    // bishop
    [
        S(  -6, -16), S( -10, -12), S(  -6,  -8), S(  -2,  -4), S(  -2,  -4), S(  -6,  -8), S( -10, -12), S(  -6, -16),
        S( -10, -12), S(   2,  -8), S(  -2,  -4), S(   2,   0), S(   2,   0), S(  -2,  -4), S(   2,  -8), S( -10, -12),
        S(  -6,  -8), S(  -2,  -4), S(  10,   0), S(   6,   4), S(   6,   4), S(  10,   0), S(  -2,  -4), S(  -6,  -8),
        S(  -2,  -4), S(   2,   0), S(   6,   4), S(  18,   8), S(  18,   8), S(   6,   4), S(   2,   0), S(  -2,  -4),
        S(  -2,  -4), S(   2,   0), S(   6,   4), S(  18,   8), S(  18,   8), S(   6,   4), S(   2,   0), S(  -2,  -4),
        S(  -6,  -8), S(  -2,  -4), S(  10,   0), S(   6,   4), S(   6,   4), S(  10,   0), S(  -2,  -4), S(  -6,  -8),
        S( -10, -12), S(   2,  -8), S(  -2,  -4), S(   2,   0), S(   2,   0), S(  -2,  -4), S(   2,  -8), S( -10, -12),
        S( -14, -16), S( -18, -12), S( -14,  -8), S( -10,  -4), S( -10,  -4), S( -14,  -8), S( -18, -12), S( -14, -16),
    ],
    // rook
    [
        S(   0,   0), S(   0,   0), S(   0,   0), S(   5,   0), S(   5,   0), S(   0,   0), S(   0,   0), S(   0,   0),
        S(  15,   8), S(  15,   8), S(  15,   8), S(  20,   8), S(  20,   8), S(  15,   8), S(  15,   8), S(  15,   8),
        S(  -5,   0), S(   0,   0), S(   0,   0), S(   5,   0), S(   5,   0), S(   0,   0), S(   0,   0), S(  -5,   0),
        S(  -5,   0), S(   0,   0), S(   0,   0), S(   5,   0), S(   5,   0), S(   0,   0), S(   0,   0), S(  -5,   0),
        S(  -5,   0), S(   0,   0), S(   0,   0), S(   5,   0), S(   5,   0), S(   0,   0), S(   0,   0), S(  -5,   0),
        S(  -5,   0), S(   0,   0), S(   0,   0), S(   5,   0), S(   5,   0), S(   0,   0), S(   0,   0), S(  -5,   0),
        S(  -5,   0), S(   0,   0), S(   0,   0), S(   5,   0), S(   5,   0), S(   0,   0), S(   0,   0), S(  -5,   0),
        S(   0,   0), S(   0,   0), S(   0,   0), S(   5,   0), S(   5,   0), S(   0,   0), S(   0,   0), S(   0,   0),
    ],
    // queen
    [
        S(  -8, -24), S(  -6, -18), S(  -4, -12), S(  -2,  -6), S(  -2,  -6), S(  -4, -12), S(  -6, -18), S(  -8, -24),
        S(  -6, -18), S(  -4, -12), S(  -2,  -6), S(   0,   0), S(   0,   0), S(  -2,  -6), S(  -4, -12), S(  -6, -18),
        S(  -4, -12), S(  -2,  -6), S(   0,   0), S(   2,   6), S(   2,   6), S(   0,   0), S(  -2,  -6), S(  -4, -12),
        S(  -2,  -6), S(   0,   0), S(   2,   6), S(   4,  12), S(   4,  12), S(   2,   6), S(   0,   0), S(  -2,  -6),
        S(  -2,  -6), S(   0,   0), S(   2,   6), S(   4,  12), S(   4,  12), S(   2,   6), S(   0,   0), S(  -2,  -6),
        S(  -4, -12), S(  -2,  -6), S(   0,   0), S(   2,   6), S(   2,   6), S(   0,   0), S(  -2,  -6), S(  -4, -12),
        S(  -6, -18), S(  -4, -12), S(  -2,  -6), S(   0,   0), S(   0,   0), S(  -2,  -6), S(  -4, -12), S(  -6, -18),
        S( -14, -24), S(  -6, -18), S(  -4, -12), S(  -2,  -6), S(  -2,  -6), S(  -4, -12), S(  -6, -18), S( -14, -24),
    ],
    // king
    [
        S( -60, -21), S( -60, -16), S( -60, -11), S( -60,  -6), S( -60,  -6), S( -60, -11), S( -60, -16), S( -60, -21),
        S( -60, -16), S( -60,  -4), S( -60,   1), S( -60,   6), S( -60,   6), S( -60,   1), S( -60,  -4), S( -60, -16),
        S( -60, -11), S( -60,   1), S( -60,  13), S( -60,  18), S( -60,  18), S( -60,  13), S( -60,   1), S( -60, -11),
        S( -55,  -6), S( -55,   6), S( -55,  18), S( -55,  30), S( -55,  30), S( -55,  18), S( -55,   6), S( -55,  -6),
        S( -45,  -6), S( -45,   6), S( -45,  18), S( -45,  30), S( -45,  30), S( -45,  18), S( -45,   6), S( -45,  -6),
        S( -30, -11), S( -30,   1), S( -30,  13), S( -30,  18), S( -30,  18), S( -30,  13), S( -30,   1), S( -30, -11),
        S(   5, -16), S(  10,  -4), S(  -5,   1), S( -20,   6), S( -20,   6), S( -10,   1), S(  15,  -4), S(   5, -16),
        S(  25, -21), S(  30, -16), S(  15, -11), S(   0,  -6), S(   0,  -6), S(  10, -11), S(  35, -16), S(  25, -21),
    ],

];

/// Mobility per reachable square (not own pieces, not attacked by enemy pawns), counted
/// from a baseline of `MOBILITY_BASE` squares; by role (knight, bishop, rook, queen at 1..4).
pub const MOBILITY: [S; 6] = [S(0, 0), S(4, 4), S(5, 5), S(2, 5), S(1, 3), S(0, 0)];
/// Typical number of reachable squares per role (mobility counts from here).
pub const MOBILITY_BASE: [i32; 6] = [0, 4, 6, 6, 12, 0];

/// Passed pawn bonus by relative rank (rank 1 .. rank 8).
pub const PASSED_PAWN: [S; 8] = [S(0, 0), S(0, 5), S(5, 10), S(10, 20), S(25, 45), S(50, 85), S(85, 135), S(0, 0)];
/// Passed pawn whose stop square is free, by relative rank.
pub const PASSED_FREE: [S; 8] = [S(0, 0), S(0, 0), S(0, 2), S(0, 5), S(5, 12), S(10, 25), S(15, 45), S(0, 0)];
/// Endgame bonus per square of (their king's distance - our king's distance) to a passed
/// pawn's stop square, multiplied by the pawn's relative rank (3..6 count).
pub const PASSED_KING_DISTANCE: i32 = 4;
/// A pawn with no friendly pawn on the adjacent files.
pub const ISOLATED_PAWN: S = S(-10, -12);
/// Each pawn behind another friendly pawn on the same file.
pub const DOUBLED_PAWN: S = S(-10, -22);
/// A pawn defended by a pawn, or beside one (phalanx), by relative rank.
pub const CONNECTED_PAWN: [S; 8] = [S(0, 0), S(0, 0), S(4, 2), S(6, 4), S(10, 8), S(18, 18), S(30, 30), S(0, 0)];

/// Both bishops.
pub const BISHOP_PAIR: S = S(30, 55);
/// A rook on a file without pawns.
pub const ROOK_OPEN_FILE: S = S(28, 8);
/// A rook on a file with enemy pawns only.
pub const ROOK_SEMI_OPEN_FILE: S = S(12, 8);
/// A knight or bishop attacked by an enemy pawn, or a rook or queen attacked by a lesser piece.
pub const THREATENED_PIECE: S = S(-30, -20);
/// A minor piece on an outpost square (ranks 4-6, defended by a pawn, no enemy pawn can attack it).
pub const OUTPOST: S = S(20, 10);

/// King safety: attack units per piece attacking the king zone, by role.
pub const KING_ATTACK_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// Extra attack units for each safe check available, by role.
pub const SAFE_CHECK_UNITS: [i32; 6] = [0, 3, 2, 3, 4, 0];
/// Middlegame penalty = `units^2 * KING_DANGER_SCALE / 16`, capped by `KING_DANGER_MAX`.
pub const KING_DANGER_SCALE: i32 = 14;
/// Cap of the king danger penalty.
pub const KING_DANGER_MAX: i32 = 600;
/// Each own pawn on the two ranks in front of a castled king (three files).
pub const KING_SHIELD_PAWN: S = S(14, 0);
/// A file next to (or of) the king without own pawns.
pub const KING_OPEN_FILE: S = S(-18, 0);

/// Bonus for the side to move.
pub const TEMPO: i32 = 12;

/// Endgame scale (out of `SCALE_FULL`) with bishops of opposite colours and no other pieces.
pub const SCALE_OPPOSITE_BISHOPS: i32 = 64;
/// Same, with other pieces on the board.
pub const SCALE_OPPOSITE_BISHOPS_PIECES: i32 = 100;
/// Endgame scale when the stronger side has no pawns and at most a minor piece more.
pub const SCALE_NO_PAWNS_MINOR_UP: i32 = 16;
/// The unscaled endgame.
pub const SCALE_FULL: i32 = 128;

/// Mop-up (stronger side against a bare king): per step of the bare king from the centre,
/// and per step closer of the two kings.
pub const MOPUP_EDGE: i32 = 20;
/// Mop-up bonus per step of king distance saved.
pub const MOPUP_KINGS: i32 = 8;

// ---------------------------------------------------------------------------------------
// Levels (1..=19; 20 is full strength)
// ---------------------------------------------------------------------------------------

/// Depth at level `l`: `LEVEL_DEPTH_BASE + l / LEVEL_DEPTH_DIVISOR`.
pub const LEVEL_DEPTH_BASE: u32 = 1;
/// See `LEVEL_DEPTH_BASE`.
pub const LEVEL_DEPTH_DIVISOR: u32 = 2;
/// Node budget at level `l`: `LEVEL_NODES_BASE << (l / 2)`.
pub const LEVEL_NODES_BASE: u64 = 400;
/// Lines searched (MultiPV) to choose from.
pub const LEVEL_LINES: u32 = 4;
/// A move this many cp worse than the best, times `20 - level`, is never chosen.
pub const LEVEL_TOLERANCE_PER_STEP: i32 = 15;
