//! Notation: FEN in and out, SAN and LAN in and out (in three languages' letters), UCI moves,
//! and the quoting of user input in messages.

pub(crate) mod fen;
pub(crate) mod lang;
pub mod quoted;
pub(crate) mod san;
pub(crate) mod uci;
