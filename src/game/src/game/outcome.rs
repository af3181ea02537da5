//! How a game ended: [`Outcome`] (who won), [`Termination`] (why) and the PGN result string.
//!
//! The termination codes are the ones the JavaScript `status().termination` reports, one to one.

use crate::messages::{self, Vars};
use crate::{Color, Lang};
use core::fmt;
use core::str::FromStr;

/// Why a game ended. Five endings are automatic (the position itself ends the game); the others
/// are game events: a resignation, an agreement, a claim, or a flag fall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is checkmated (automatic; FIDE 5.1.1).
    Checkmate,
    /// The side to move has no legal move and is not in check (automatic; FIDE 5.2.1).
    Stalemate,
    /// Dead position: no sequence of legal moves can end in mate, whether for lack of material
    /// or because the pawns are locked (automatic; FIDE 5.2.2).
    InsufficientMaterial,
    /// The same position has appeared five times (automatic; FIDE 9.6.1).
    FivefoldRepetition,
    /// 75 moves by each side with no capture and no pawn move, and the last move did not mate
    /// (automatic; FIDE 9.6.2).
    SeventyFiveMoves,
    /// Drawn on a correct claim of threefold repetition (FIDE 9.2).
    ThreefoldRepetition,
    /// Drawn on a correct claim of the 50-move rule (FIDE 9.3).
    FiftyMoves,
    /// A player resigned (FIDE 5.1.2).
    Resignation,
    /// The players agreed a draw (FIDE 5.2.3, 9.1).
    Agreement,
    /// A player's time ran out and the opponent could still mate (FIDE 6.9).
    Timeout,
    /// A player's time ran out but the opponent could not mate by any legal sequence: a draw
    /// (FIDE 6.9).
    TimeoutInsufficientMaterial,
}

impl Termination {
    /// Every termination, automatic ones first.
    pub const ALL: [Termination; 11] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::InsufficientMaterial,
        Termination::FivefoldRepetition,
        Termination::SeventyFiveMoves,
        Termination::ThreefoldRepetition,
        Termination::FiftyMoves,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Timeout,
        Termination::TimeoutInsufficientMaterial,
    ];

    /// The stable code, as JavaScript's `status().termination` gives it.
    pub const fn code(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient-material",
            Termination::FivefoldRepetition => "fivefold-repetition",
            Termination::SeventyFiveMoves => "seventyfive-moves",
            Termination::ThreefoldRepetition => "threefold-repetition",
            Termination::FiftyMoves => "fifty-moves",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::Timeout => "timeout",
            Termination::TimeoutInsufficientMaterial => "timeout-insufficient-material",
        }
    }

    /// The termination with this code.
    pub fn from_code(code: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.code() == code)
    }

    /// Whether the position alone ends the game (mate, stalemate, dead position, fivefold,
    /// 75 moves), as opposed to a game event (resignation, agreement, claim, flag fall).
    pub const fn is_automatic(self) -> bool {
        matches!(
            self,
            Termination::Checkmate
                | Termination::Stalemate
                | Termination::InsufficientMaterial
                | Termination::FivefoldRepetition
                | Termination::SeventyFiveMoves
        )
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Who won: one side, or nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `winner` won.
    Decisive {
        /// The side that won.
        winner: Color,
    },
    /// A draw.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner } => Some(winner),
            Outcome::Draw => None,
        }
    }

    /// The result: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result(self) -> GameResult {
        match self {
            Outcome::Decisive { winner: Color::White } => GameResult::WhiteWins,
            Outcome::Decisive { winner: Color::Black } => GameResult::BlackWins,
            Outcome::Draw => GameResult::Draw,
        }
    }
}

/// A game's result as PGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: the game goes on (or its result is unknown).
    #[default]
    Ongoing,
}

impl GameResult {
    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw | GameResult::Ongoing => None,
        }
    }

    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Ongoing => "*",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A string that is not one of `1-0`, `0-1`, `1/2-1/2`, `*`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseResultError;

impl fmt::Display for ParseResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a result is one of 1-0, 0-1, 1/2-1/2, *")
    }
}

impl std::error::Error for ParseResultError {}

impl FromStr for GameResult {
    type Err = ParseResultError;
    /// Reads `1-0`, `0-1`, `1/2-1/2` (also `½-½`) and `*`.
    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        match s.trim() {
            "1-0" => Ok(GameResult::WhiteWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Ongoing),
            _ => Err(ParseResultError),
        }
    }
}

/// The end of a game: who won and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    /// Who won.
    pub outcome: Outcome,
    /// Why the game ended.
    pub termination: Termination,
}

impl Ending {
    /// A win for `winner`.
    pub const fn win(winner: Color, termination: Termination) -> Ending {
        Ending { outcome: Outcome::Decisive { winner }, termination }
    }

    /// A draw.
    pub const fn draw(termination: Termination) -> Ending {
        Ending { outcome: Outcome::Draw, termination }
    }

    /// The winner, if any.
    pub const fn winner(&self) -> Option<Color> {
        self.outcome.winner()
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result(&self) -> GameResult {
        self.outcome.result()
    }

    /// A sentence saying how the game ended, in `lang`
    /// ("White wins by checkmate.", "Remiză: pat.", "Tablas por acuerdo.").
    ///
    /// ```
    /// use rocada_rules::{Color, Lang};
    /// use rocada_game::game::{Ending, Termination};
    /// let e = Ending::win(Color::Black, Termination::Resignation);
    /// assert_eq!(e.message(Lang::En), "Black wins: White resigned.");
    /// assert_eq!(e.message(Lang::Ro), "Negrul câștigă: albul a abandonat.");
    /// assert_eq!(e.message(Lang::Es), "Ganan las negras: las blancas abandonan.");
    /// ```
    pub fn message(&self, lang: Lang) -> String {
        let key = termination_key(self.termination);
        let mut vars = Vars::default();
        if let Some(w) = self.winner() {
            vars.winner = Some(w);
        }
        messages::render(key, lang, &vars)
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result(), self.termination)
    }
}

/// The message key for a termination.
fn termination_key(t: Termination) -> &'static str {
    match t {
        Termination::Checkmate => "termination.checkmate",
        Termination::Stalemate => "termination.stalemate",
        Termination::InsufficientMaterial => "termination.insufficient-material",
        Termination::FivefoldRepetition => "termination.fivefold-repetition",
        Termination::SeventyFiveMoves => "termination.seventyfive-moves",
        Termination::ThreefoldRepetition => "termination.threefold-repetition",
        Termination::FiftyMoves => "termination.fifty-moves",
        Termination::Resignation => "termination.resignation",
        Termination::Agreement => "termination.agreement",
        Termination::Timeout => "termination.timeout",
        Termination::TimeoutInsufficientMaterial => "termination.timeout-insufficient-material",
    }
}
