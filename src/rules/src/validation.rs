//! Why a [`Setup`](crate::Setup) is not a legal position: every reason, each with a stable code.

use core::fmt;

/// One reason a setup is not a legal chess position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Invalid {
    /// A side has no king.
    MissingKing = 0,
    /// A side has more than one king.
    TooManyKings,
    /// A pawn stands on the first or eighth rank.
    PawnsOnBackrank,
    /// A side has more than eight pawns.
    TooManyPawns,
    /// A side has more than 16 pieces, or more promoted pieces than missing pawns.
    TooManyPieces,
    /// The side not to move is in check (its king could be captured).
    OppositeCheck,
    /// The side to move is in a check no legal last move could have given.
    ImpossibleCheck,
    /// A castling right names no rook, no king on the back rank, or two rooks on one side
    /// (or, in standard chess, anything but the a/h rooks and the e-file king).
    InvalidCastlingRights,
    /// The en passant square is not one a pawn just skipped.
    InvalidEnPassant,
}

impl Invalid {
    /// Every reason, in code order.
    pub const ALL: [Invalid; 9] = [
        Invalid::MissingKing,
        Invalid::TooManyKings,
        Invalid::PawnsOnBackrank,
        Invalid::TooManyPawns,
        Invalid::TooManyPieces,
        Invalid::OppositeCheck,
        Invalid::ImpossibleCheck,
        Invalid::InvalidCastlingRights,
        Invalid::InvalidEnPassant,
    ];

    /// A stable code, such as `missing-king`.
    pub const fn code(self) -> &'static str {
        match self {
            Invalid::MissingKing => "missing-king",
            Invalid::TooManyKings => "too-many-kings",
            Invalid::PawnsOnBackrank => "pawns-on-backrank",
            Invalid::TooManyPawns => "too-many-pawns",
            Invalid::TooManyPieces => "too-many-pieces",
            Invalid::OppositeCheck => "opposite-check",
            Invalid::ImpossibleCheck => "impossible-check",
            Invalid::InvalidCastlingRights => "invalid-castling-rights",
            Invalid::InvalidEnPassant => "invalid-en-passant",
        }
    }

    /// An English sentence.
    pub const fn message(self) -> &'static str {
        match self {
            Invalid::MissingKing => "a side has no king",
            Invalid::TooManyKings => "a side has more than one king",
            Invalid::PawnsOnBackrank => "a pawn stands on the first or eighth rank",
            Invalid::TooManyPawns => "a side has more than eight pawns",
            Invalid::TooManyPieces => "a side has more pieces than the game allows",
            Invalid::OppositeCheck => "the side not to move is in check",
            Invalid::ImpossibleCheck => "the side to move is in a check no legal move could have given",
            Invalid::InvalidCastlingRights => "castling rights do not match the king and rooks",
            Invalid::InvalidEnPassant => "the en passant square is not one a pawn just skipped",
        }
    }
}

/// Every reason a setup is not a legal position (at least one).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PositionError {
    reasons: u16,
}

impl PositionError {
    pub(crate) fn new() -> PositionError {
        PositionError { reasons: 0 }
    }

    pub(crate) fn add(&mut self, reason: Invalid) {
        self.reasons |= 1 << reason as u8;
    }

    pub(crate) fn remove(&mut self, reason: Invalid) {
        self.reasons &= !(1 << reason as u8);
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.reasons == 0
    }

    /// Whether `reason` is among the faults.
    pub fn has(&self, reason: Invalid) -> bool {
        self.reasons & (1 << reason as u8) != 0
    }

    /// All the faults, in code order.
    pub fn reasons(&self) -> impl Iterator<Item = Invalid> + '_ {
        Invalid::ALL.into_iter().filter(move |r| self.has(*r))
    }

    /// The code of the first fault.
    pub fn code(&self) -> &'static str {
        self.reasons().next().map_or("invalid-position", Invalid::code)
    }
}

impl fmt::Debug for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.reasons()).finish()
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, r) in self.reasons().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            f.write_str(r.message())?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}
