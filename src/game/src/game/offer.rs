//! Draw offers (FIDE 9.1.2): made by the player who has just moved, before the opponent moves;
//! accepted or declined by the opponent, and declined implicitly when the opponent moves.

use crate::Color;

/// A pending draw offer: by whom, and at which ply (number of moves played) it was made.
/// It lapses as soon as another move is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawOffer {
    /// The player who offered.
    pub by: Color,
    /// The ply at which the offer was made (the length of the move history then).
    pub ply: usize,
}

impl DrawOffer {
    /// Whether the offer still stands at `ply`.
    pub const fn stands_at(&self, ply: usize) -> bool {
        self.ply == ply
    }
}
