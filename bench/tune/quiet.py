"""The rule both data generators (gen_data.py, label_games.py) use to pick training positions
for the evaluation tuner."""

# Scores at least this large (in centipawns) are left out: the evaluation is not fitted there.
MAX_CP = 3000


def is_training_position(board, best, cp):
    """Whether `board` is written as a training position, given Stockfish's best move `best`
    and its score `cp` (centipawns for the side to move; None for a mate): quiet by Stockfish's
    choice (not in check, the best move neither a capture nor a promotion) and not decided."""
    return (
        cp is not None
        and abs(cp) < MAX_CP
        and not board.is_check()
        and best in board.legal_moves
        and not board.is_capture(best)
        and best.promotion is None
    )
