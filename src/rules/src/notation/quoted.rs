//! User input quoted in messages, `"e9"` and `'x'`, as `{:?}` writes them, without linking
//! `<str as Debug>::fmt` into the wasm (1 KB): each character as `char::escape_debug` writes
//! it, which the module links anyway. (`{:?}` leaves a combining mark unescaped after the
//! first character; this escapes it.)

use core::fmt::{self, Display, Formatter, Write};

/// A string in double quotes.
pub struct Quoted<'a>(pub &'a str);

/// A character in single quotes.
pub struct QuotedChar(pub char);

impl Display for Quoted<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for c in self.0.chars() {
            escape(f, c, '"')?;
        }
        f.write_char('"')
    }
}

impl Display for QuotedChar {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char('\'')?;
        escape(f, self.0, '\'')?;
        f.write_char('\'')
    }
}

/// Writes `c` as `{:?}` does inside `quote`s: `char::escape_debug` escapes both quotes.
fn escape(f: &mut Formatter<'_>, c: char, quote: char) -> fmt::Result {
    if matches!(c, '"' | '\'') && c != quote {
        f.write_char(c)
    } else {
        write!(f, "{}", c.escape_debug())
    }
}

#[cfg(test)]
mod tests {
    use super::{Quoted, QuotedChar};

    #[test]
    fn writes_what_debug_writes() {
        for s in ["", "e9", "Nf3+", "say \"hi\"", "a\\b", "tab\there", "line\r\nend", "\0\u{1}\u{7f}\u{85}", "été", "♞ 🐴", "it's"] {
            assert_eq!(Quoted(s).to_string(), format!("{s:?}"), "{s:?}");
        }
        for c in ['x', '\'', '"', '\\', '\n', '\u{1b}', 'é', '♞'] {
            assert_eq!(QuotedChar(c).to_string(), format!("{c:?}"), "{c:?}");
        }
    }
}
