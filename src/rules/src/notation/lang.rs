//! `Lang`: the languages Rocada speaks (English, Romanian, Spanish), and their piece letters.

use crate::Role;

/// A language for piece letters and messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English: K Q R B N.
    #[default]
    En,
    /// Romanian: R (rege) D (damă) T (turn) N (nebun) C (cal).
    Ro,
    /// Spanish: R (rey) D (dama) T (torre) A (alfil) C (caballo).
    Es,
}

impl Lang {
    /// Every language.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ro, Lang::Es];

    /// The BCP 47 code: `en`, `ro`, `es`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ro => "ro",
            Lang::Es => "es",
        }
    }

    /// Parses `en`, `ro`, `es` (a region such as `es-AR` is accepted and ignored).
    pub fn from_code(code: &str) -> Option<Lang> {
        let base = code.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == base)
    }

    /// The uppercase piece letter of `role` in this language (`None` for the pawn).
    pub const fn piece_letter(self, role: Role) -> Option<char> {
        Some(match (self, role) {
            (_, Role::Pawn) => return None,
            (Lang::En, Role::King) => 'K',
            (Lang::En, Role::Queen) => 'Q',
            (Lang::En, Role::Rook) => 'R',
            (Lang::En, Role::Bishop) => 'B',
            (Lang::En, Role::Knight) => 'N',
            (Lang::Ro, Role::King) | (Lang::Es, Role::King) => 'R',
            (Lang::Ro, Role::Queen) | (Lang::Es, Role::Queen) => 'D',
            (Lang::Ro, Role::Rook) | (Lang::Es, Role::Rook) => 'T',
            (Lang::Ro, Role::Bishop) => 'N',
            (Lang::Es, Role::Bishop) => 'A',
            (Lang::Ro, Role::Knight) | (Lang::Es, Role::Knight) => 'C',
        })
    }

    /// The role whose letter in this language is `c` (uppercase), if any.
    pub fn role_of_letter(self, c: char) -> Option<Role> {
        [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight].into_iter().find(|r| self.piece_letter(*r) == Some(c))
    }
}

/// The figurine of a white `role` (`♔♕♖♗♘`; `None` for the pawn), as figurine SAN writes it.
pub const fn figurine(role: Role) -> Option<char> {
    Some(match role {
        Role::Pawn => return None,
        Role::King => '♔',
        Role::Queen => '♕',
        Role::Rook => '♖',
        Role::Bishop => '♗',
        Role::Knight => '♘',
    })
}
