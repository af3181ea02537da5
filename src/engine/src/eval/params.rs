//! Every tunable number of the evaluation, in one place (the search's are in
//! [`crate::search::params`]). `S(mg, eg)` is a score pair: the middlegame value and the
//! endgame value; the evaluation blends the two by the game *phase* (24 = all pieces on, 0 =
//! bare kings and pawns). Piece-square tables are drawn as the left half of a board seen by
//! White: the first row is rank 8, files a..d, so `a8` is index 0 and `d1` index 31; files e..h
//! read them mirrored (`h1` as `a1`), and Black's pieces read them with the ranks mirrored.
//!
//! Nothing else in `eval/` contains a tuning constant: the tuner (`rocada-tune`) rewrites the
//! `EVAL` block of this file only. Changing any value here changes the bench signature
//! (tests/bench_signature.rs).

use super::{EvalParams, S};

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
