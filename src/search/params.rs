//! Every tunable number of the engine, search and evaluation, in one place.
//!
//! Terms used below:
//! - *depth* is in plies; *ply* is the distance from the root of the current search.
//! - A *margin* is in centipawns (cp, a pawn = 100 in the middlegame-ish scale).
//! - `S(mg, eg)` is a score pair: the middlegame value and the endgame value; the evaluation
//!   blends the two by the game *phase* (24 = all pieces on, 0 = bare kings and pawns).
//! - Piece-square tables are drawn as the left half of a board seen by White: the first row
//!   is rank 8, files a..d, so `a8` is index 0 and `d1` index 31; files e..h read them
//!   mirrored (`h1` as `a1`), and Black's pieces read them with the ranks mirrored.
//!
//! Nothing else in `search/` or `eval.rs` contains a tuning constant: a tuner rewrites this
//! file only. Changing any value here changes the bench signature (tests/bench_signature.rs).

use crate::eval::{EvalParams, S};

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
pub const NMP_BASE_REDUCTION: i32 = 4;
/// One more ply of null move reduction per this many plies of depth.
pub const NMP_DEPTH_DIVISOR: i32 = 3;
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
/// From this depth, a cut node without a hash move is reduced by two plies.
pub const IIR_CUT_NODE_MIN_DEPTH: i32 = 8;

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
/// History pruning: quiet moves (after the killers) are skipped at depth up to this ...
pub const HISTORY_PRUNE_MAX_DEPTH: i32 = 4;
/// ... when their history score is below minus this much per ply of depth.
pub const HISTORY_PRUNE_MARGIN: i32 = 4096;

/// Singular extensions: at depth >= this, the hash move is tested for being the only good one.
pub const SE_MIN_DEPTH: i32 = 6;
/// ... when its table entry is at most this many plies shallower than the node,
pub const SE_TT_DEPTH_MARGIN: i32 = 3;
/// ... against a bound this many cp per ply below its score;
pub const SE_MARGIN_PER_PLY: i32 = 2;
/// two plies of extension when the other moves fail by this much more.
pub const SE_DOUBLE_MARGIN: i32 = 25;

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
pub const LMR_HISTORY_DIVISOR: i32 = 12288;
/// Extra reduction at an expected cut node, in plies.
pub const LMR_CUT_NODE: i32 = 2;

/// Correction history: entries are kept in 1/`CORRECTION_GRAIN` cp, ...
pub const CORRECTION_GRAIN: i32 = 256;
/// ... within +-`CORRECTION_MAX` cp;
pub const CORRECTION_MAX: i32 = 96;
/// an update moves an entry `min(depth + 1, CORRECTION_MAX_WEIGHT) / CORRECTION_WEIGHT_SCALE`
/// of the way to the new difference.
pub const CORRECTION_MAX_WEIGHT: i32 = 16;
/// See `CORRECTION_MAX_WEIGHT`.
pub const CORRECTION_WEIGHT_SCALE: i32 = 256;

/// Delta pruning in quiescence: skip a capture whose gain cannot lift the score to alpha
/// with this margin.
pub const QS_DELTA_MARGIN: i32 = 200;

/// History scores are kept within +-HISTORY_MAX (the gravity formula).
pub const HISTORY_MAX: i32 = 16384;
/// History bonus per depth^2, and its cap (reached at depth 8: deep cuts do not swamp the tables).
pub const HISTORY_BONUS_CAP: i32 = 64;

/// Ordering bonus for a quiet move taking a piece out of an attack by a lesser piece (and
/// malus for moving into one), on the history scale.
pub const THREAT_ESCAPE_BONUS: i32 = 8192;

/// A timed or node-bounded search stops once an iteration of depth `MATE_STOP_FACTOR * plies + MATE_STOP_EXTRA`
/// still finds a mate in `plies` (shorter mates hidden by pruning show up by then).
pub const MATE_STOP_FACTOR: i32 = 2;
/// See `MATE_STOP_FACTOR`.
pub const MATE_STOP_EXTRA: i32 = 4;

/// Check extensions stop beyond this many plies past the nominal depth (2 * depth).
pub const MAX_EXTENSION_RATIO: i32 = 2;

// Time management (milliseconds, percents).
/// Time kept back from every clock reading (GUI and process latency).
pub const MOVE_OVERHEAD_MS: f64 = 30.0;
/// Moves assumed left in the game without `movestogo`.
pub const DEFAULT_MOVES_TO_GO: f64 = 14.0;
/// Part of the increment added to the soft limit, in percent. Above 100, so the clock is
/// spent down to a small reserve and the time goes to the middlegame rather than being carried
/// to the end of the game (at 10s+0.1s, a median of 1.06 s left at move 40 and 0.63 s at move
/// 60, against 1.88 s and 1.58 s at 75%).
pub const INCREMENT_USE_PERCENT: f64 = 150.0;
/// The hard limit is at most this multiple of the soft limit ...
pub const HARD_LIMIT_FACTOR: f64 = 4.0;
/// ... and at most this part of the remaining time, in percent.
pub const HARD_LIMIT_MAX_PERCENT: f64 = 40.0;
/// An iteration is not started after this part of the soft limit, in percent.
pub const SOFT_START_PERCENT: f64 = 60.0;
/// The soft limit is scaled up to this much (percent) while the best move keeps changing.
pub const INSTABILITY_MAX_PERCENT: f64 = 180.0;
/// The soft limit is also scaled by a falling-evaluation factor: this many percent when the
/// score holds, ...
pub const FALLING_EVAL_BASE_PERCENT: f64 = 75.0;
/// ... plus this many percent per centipawn of `2 * (previous move's score - score) +
/// (score three iterations ago - score)`, ...
pub const FALLING_EVAL_PERCENT_PER_CP: f64 = 1.25;
/// ... within these bounds.
pub const FALLING_EVAL_MIN_PERCENT: f64 = 60.0;
/// See `FALLING_EVAL_MIN_PERCENT`.
pub const FALLING_EVAL_MAX_PERCENT: f64 = 160.0;

// ---------------------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------------------

/// Plain piece values for SEE, move ordering and delta pruning.
pub const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20000];

/// Game phase weight of each role; a full board sums to `PHASE_MAX`.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Phase of the starting material.
pub const PHASE_MAX: i32 = 24;

/// The linear evaluation weights (see [`EvalParams`] for what each one is). `rocada-tune`
/// (bench/src/tune.rs) rewrites this block from the text between the markers.
// BEGIN EVAL
#[rustfmt::skip]
pub const EVAL: EvalParams = EvalParams {
    piece_value: [S(  81,   90), S( 369,  340), S( 386,  367), S( 457,  635), S(1003, 1129), S(   0,    0)],
    pst: [
        // pawn
        [
            S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0),
            S(  31,   47), S(  24,   78), S(  34,   43), S(  36,   41),
            S(  22,   36), S(  11,   31), S(  25,   35), S(  25,   18),
            S(  -1,   18), S(  13,    8), S(  21,  -11), S(  32,  -16),
            S( -10,    7), S(  -3,    6), S(  13,   -2), S(  18,   -8),
            S(  -8,   -3), S(   2,  -10), S(  -7,    1), S( -20,   21),
            S(  -7,    3), S(  13,    3), S(   4,   14), S( -14,   22),
            S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0),
        ],
        // knight
        [
            S( -87,  -61), S( -38,  -25), S( -31,  -17), S( -12,  -15),
            S( -17,  -34), S( -19,  -18), S(   8,   -3), S(  -8,    5),
            S(  -3,  -12), S(  20,   -6), S(  29,   16), S(  39,   17),
            S(  18,   -9), S(   3,    7), S(  15,   31), S(  15,   42),
            S( -11,  -16), S(   0,    4), S(   6,   25), S(  10,   28),
            S( -28,  -19), S(   0,   -2), S(  -2,    1), S(   3,   19),
            S( -24,  -24), S( -17,   -8), S(  -4,  -19), S(   3,   -9),
            S( -44,  -30), S( -21,  -28), S( -25,  -22), S( -19,  -10),
        ],
        // bishop
        [
            S( -14,  -10), S( -12,  -10), S( -14,   -8), S(  -8,   -8),
            S( -17,  -14), S(  -5,  -11), S( -20,   -2), S(  -8,    1),
            S(  -8,   -3), S(  13,   -3), S(  28,   -6), S(  21,    9),
            S(   3,   -5), S(  11,    1), S(   6,   -1), S(  19,   16),
            S(   3,  -25), S( -13,    4), S(   4,   13), S(  24,    5),
            S(  -4,    6), S(   4,   -2), S(   8,    8), S(   1,   25),
            S(  18,  -19), S(  18,  -12), S(   4,   -2), S(   7,   -9),
            S(  -7,   -7), S(  -8,   -9), S( -10,   -4), S( -15,   -5),
        ],
        // rook
        [
            S(  14,   16), S(  11,   21), S(   8,   25), S(  13,   16),
            S(  11,   25), S(  -6,   28), S(  32,   27), S(  35,   18),
            S(   8,   25), S(  28,   16), S(  24,   19), S(  32,    7),
            S(  -7,   22), S(  16,   12), S(  26,   10), S(  12,   11),
            S( -23,    5), S( -13,   17), S( -12,   14), S( -12,    5),
            S( -24,   -9), S( -15,    5), S( -25,    7), S( -20,   -7),
            S( -42,  -19), S( -13,  -34), S(  -6,  -30), S( -16,  -18),
            S(  -7,  -28), S( -10,  -14), S(  21,  -29), S(  22,  -29),
        ],
        // queen
        [
            S(  -2,  -17), S(   9,   -3), S(  18,   -1), S(  14,    5),
            S(  -3,  -11), S( -26,   13), S(  10,   10), S(   9,   16),
            S(   7,    3), S(  20,   18), S(   9,   19), S(  18,   30),
            S(  -3,    7), S( -20,    9), S( -11,   17), S( -11,   38),
            S( -10,    6), S( -14,   14), S( -13,   21), S( -10,   37),
            S( -16,   -5), S(  -5,    1), S(  -4,   10), S(  -6,   -6),
            S(  -9,  -22), S(   3,  -25), S(  18,  -48), S(  18,  -42),
            S(  -1,  -23), S( -11,  -38), S(  -8,  -42), S(  13,  -42),
        ],
        // king
        [
            S( -62,  -26), S( -58,   -8), S( -58,   -2), S( -60,  -13),
            S( -58,    9), S( -58,   15), S( -62,   13), S( -62,   -2),
            S( -59,   11), S( -61,   40), S( -64,   34), S( -66,   23),
            S( -59,   -2), S( -52,   34), S( -58,   28), S( -68,   21),
            S( -51,  -12), S( -51,   12), S( -55,   16), S( -55,   17),
            S( -21,   -9), S( -17,   -2), S( -53,   11), S( -51,   17),
            S(  33,  -30), S(  14,  -14), S(  -9,    3), S( -15,   -6),
            S(  20,  -53), S(  47,  -39), S(  11,  -30), S(  28,  -51),
        ],
    ],
    mobility: [
        [S( -34,  -21), S( -21,  -20), S( -11,   -3), S(  -6,   13), S(   3,   24), S(   9,   31), S(  16,   28), S(  27,   16), S(  26,    3), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0)],
        [S( -38,  -67), S( -27,  -35), S( -16,  -25), S(  -6,   -9), S(  -1,    2), S(   2,   17), S(   5,   20), S(   7,   27), S(  12,   27), S(  15,   28), S(  21,   13), S(  22,   18), S(  28,   24), S(  27,   20), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0)],
        [S( -41,  -52), S( -25,  -47), S( -19,  -31), S(  -9,  -20), S(  -7,   -5), S(  -3,    3), S(   4,    6), S(  10,   11), S(   8,   23), S(  13,   31), S(  20,   31), S(  23,   37), S(  25,   38), S(  28,   36), S(  33,   25), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0)],
        [S( -40,  -12), S( -41,  -13), S( -34,  -15), S( -29,  -18), S( -24,  -24), S( -18,  -17), S( -14,  -15), S( -10,   -7), S(  -5,   -6), S(  -3,    1), S(  -5,   15), S(   0,   11), S(  -1,   16), S(  -3,   19), S(   5,   14), S(   7,   20), S(  15,   19), S(  17,   15), S(  21,   11), S(  28,   15), S(  29,   15), S(  29,   11), S(  32,   14), S(  31,    7), S(  36,   12), S(  39,   13), S(  42,   14), S(  45,   15)],
    ],
    passed_pawn: [S(   0,    0), S(  -3,   12), S( -18,   20), S(  -9,   38), S(   1,   66), S(  15,   97), S(  48,  142), S(   0,    0)],
    passed_free: [S(   0,    0), S(   0,    6), S(   4,    4), S(   0,   20), S(   1,   42), S(   4,   72), S(  14,  106), S(   0,    0)],
    passed_king_distance: S(  -2,    8),
    isolated_pawn: S(  -6,  -12),
    doubled_pawn: S( -14,   -7),
    connected_pawn: [S(   0,    0), S(   5,    2), S(  13,    5), S(  13,    9), S(  21,   22), S(  36,   59), S(  32,   16), S(   0,    0)],
    bishop_pair: S(  41,   58),
    rook_open_file: S(  44,   -7),
    rook_semi_open_file: S(  20,   10),
    threatened_piece: S( -47,  -27),
    outpost: S(  40,    3),
    king_shield_pawn: S(  15,    1),
    king_open_file: S( -18,    5),
    king_danger: S( -45,  -76),
    hanging_piece: S( -10,  -12),
    bishop_pawns: S(  -5,    0),
    pawn_push_threat: S( -24,   -4),
    weak_pawn: S( -16,  -23),
    passed_safe_stop: S(  -2,    7),
    king_danger_linear: S(  -1,   -4),
    complexity_pawns: S(   0,    6),
    complexity_both_flanks: S(   0,   12),
    complexity_base: S(   0,  -40),
    king_pawn_distance: S(   0,   -8),
};
// END EVAL

/// King safety: attack units per piece attacking the king zone, by role.
pub const KING_ATTACK_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// Extra attack units for each safe check available, by role.
pub const SAFE_CHECK_UNITS: [i32; 6] = [0, 3, 2, 3, 4, 0];
/// King danger (`EvalParams::king_danger` per `units^2 / 64`) grows up to this many units^2.
pub const KING_DANGER_MAX_UNITS_SQUARED: i32 = 686;

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
/// Mop-up with a bishop and a knight: per step of the bare king toward a corner of the
/// bishop's colour (the only corners where they mate).
pub const MOPUP_BN_CORNER: i32 = 60;

// ---------------------------------------------------------------------------------------
// Levels (1..=19; 20 is full strength)
// ---------------------------------------------------------------------------------------

/// Node budget by level (index 0 = level 1).
pub const LEVEL_NODES: [u64; 19] =
    [1000, 1000, 1500, 1500, 2500, 2500, 4000, 5000, 6000, 7000, 10_000, 15_000, 22_000, 33_000, 50_000, 80_000, 120_000, 200_000, 400_000];
/// Depth cap by level.
pub const LEVEL_DEPTH: [u32; 19] = [1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 11, 13];
/// Chance (percent) by level that a move is a mistake: another line than the best.
pub const LEVEL_MISTAKE_PERCENT: [u64; 19] = [60, 50, 40, 34, 28, 25, 22, 18, 16, 14, 12, 10, 8, 6, 5, 4, 3, 2, 1];
/// By level, how much worse (cp, by the level's own search) a mistake may be.
pub const LEVEL_TOLERANCE: [i32; 19] = [400, 350, 300, 260, 220, 200, 180, 160, 140, 120, 105, 90, 80, 70, 60, 50, 40, 30, 20];
/// Lines searched (MultiPV) to choose from.
pub const LEVEL_LINES: u32 = 4;
/// Levels below this one have blind spots (retreats and long moves missed) ...
pub const LEVEL_BLIND_BELOW: u8 = 10;
/// ... each missed with this probability (percent) per level below `LEVEL_BLIND_BELOW`.
pub const LEVEL_BLIND_PERCENT_PER_STEP: u64 = 5;
/// A move of at least this many squares (king steps) counts as long.
pub const LEVEL_LONG_MOVE: u32 = 4;
