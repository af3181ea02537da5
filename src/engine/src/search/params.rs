//! Every tunable number of the search (the evaluation's are in [`crate::eval::params`]).
//!
//! Terms used below:
//! - *depth* is in plies; *ply* is the distance from the root of the current search.
//! - A *margin* is in centipawns (cp, a pawn = 100 in the middlegame-ish scale).
//!
//! Nothing else in `search/` contains a tuning constant. Changing any value here changes the
//! bench signature (tests/bench_signature.rs).

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
/// Above this static evaluation (centipawns) neither reverse futility pruning nor the null
/// move cuts a node: the game is decided, and what is left to find is the mate, which both
/// would hide behind the evaluation (a mate in 2 of the mate suite, 15 pawns up, was never
/// found). Nor does the null move below minus this beta (the opponent's mating attack).
pub const PRUNE_DECISIVE: i32 = 1000;
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

/// The static evaluation is scaled by `(FIFTY_MOVE_SCALE - halfmoves) / FIFTY_MOVE_SCALE`
/// (halfmoves since the last capture or pawn move, at most 100): half of it is left when the
/// 50-move rule would end the game, so the search prefers progress to shuffling a lead.
pub const FIFTY_MOVE_SCALE: i32 = 200;

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
/// Moves assumed left in the game without `movestogo`, from move `OPENING_MOVES_TO_GO - 14`
/// on ...
pub const DEFAULT_MOVES_TO_GO: f64 = 14.0;
/// ... and at move 1, one less each move until then (`time::moves_to_go`).
pub const OPENING_MOVES_TO_GO: f64 = 45.0;
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
// Piece values
// ---------------------------------------------------------------------------------------

/// Plain piece values for SEE, move ordering and delta pruning.
pub const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20000];

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
