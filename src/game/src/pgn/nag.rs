//! `Nag`: Numeric Annotation Glyphs (`$1`..`$255`) and the symbols that stand for them.

use core::fmt;

/// A Numeric Annotation Glyph, written `$n` in PGN. The move suffixes `!`, `?`, `!!`, `??`,
/// `!?`, `?!` are NAGs 1 to 6; other common glyphs (`+-`, `=`, `∞`, `±`, ...) have numbers too.
///
/// ```
/// use rocada_game::pgn::Nag;
/// assert_eq!(Nag::from_symbol("!?"), Some(Nag::SPECULATIVE));
/// assert_eq!(Nag(18).symbol(), Some("+-"));
/// assert_eq!(Nag(5).to_string(), "$5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

/// NAG numbers and the symbols read for them; the first symbol of a number is the one written.
const SYMBOLS: &[(u8, &str)] = &[
    (1, "!"),
    (2, "?"),
    (3, "!!"),
    (4, "??"),
    (5, "!?"),
    (6, "?!"),
    (3, "‼"),
    (4, "⁇"),
    (5, "⁉"),
    (6, "⁈"),
    (7, "□"),
    (10, "="),
    (13, "∞"),
    (14, "⩲"),
    (14, "+="),
    (14, "+/="),
    (15, "⩱"),
    (15, "=+"),
    (15, "=/+"),
    (16, "±"),
    (16, "+/-"),
    (17, "∓"),
    (17, "-/+"),
    (18, "+-"),
    (18, "+−"),
    (19, "-+"),
    (19, "−+"),
    (22, "⨀"),
    (32, "⟳"),
    (36, "→"),
    (40, "↑"),
    (44, "=∞"),
    (132, "⇆"),
    (138, "⊕"),
    (140, "∆"),
    (140, "Δ"),
    (146, "N"),
];

impl Nag {
    /// `!`, a good move.
    pub const GOOD: Nag = Nag(1);
    /// `?`, a mistake.
    pub const MISTAKE: Nag = Nag(2);
    /// `!!`, a brilliant move.
    pub const BRILLIANT: Nag = Nag(3);
    /// `??`, a blunder.
    pub const BLUNDER: Nag = Nag(4);
    /// `!?`, an interesting (speculative) move.
    pub const SPECULATIVE: Nag = Nag(5);
    /// `?!`, a dubious move.
    pub const DUBIOUS: Nag = Nag(6);

    /// The NAG a symbol stands for: the move suffixes `!` .. `?!` and the common glyphs
    /// (`□ = ∞ ⩲ ⩱ ± ∓ +- -+ ⨀ ⟳ → ↑ ⇆ ⊕ ∆ N`, with ASCII spellings such as `+/-`, `+=`).
    pub fn from_symbol(s: &str) -> Option<Nag> {
        SYMBOLS.iter().find(|(_, sym)| *sym == s).map(|&(n, _)| Nag(n))
    }

    /// The usual symbol of this NAG, if it has one.
    pub fn symbol(self) -> Option<&'static str> {
        SYMBOLS.iter().find(|(n, _)| *n == self.0).map(|&(_, s)| s)
    }

    /// Whether this is one of the move suffixes `!`, `?`, `!!`, `??`, `!?`, `?!` (NAGs 1 to 6).
    pub fn is_move_suffix(self) -> bool {
        (1..=6).contains(&self.0)
    }
}

/// `$n`.
impl fmt::Display for Nag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes() {
        for (i, s) in ["!", "?", "!!", "??", "!?", "?!"].into_iter().enumerate() {
            let n = Nag::from_symbol(s).unwrap();
            assert_eq!(n.0 as usize, i + 1);
            assert_eq!(n.symbol(), Some(s));
            assert!(n.is_move_suffix());
        }
        assert_eq!(Nag::from_symbol("+/-"), Some(Nag(16)));
        assert_eq!(Nag(16).symbol(), Some("±"));
        assert_eq!(Nag(200).symbol(), None);
        assert_eq!(Nag::from_symbol("e4"), None);
    }
}
