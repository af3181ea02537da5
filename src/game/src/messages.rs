//! Every sentence Rocada says to a person, in English, Romanian and Spanish.
//!
//! Messages are templates keyed by a stable code (the explanation reason codes, `touch-move.*`,
//! `termination.*`, plus the words they are built from: `piece.*`, `rule.*`, `color.*`). They
//! are written from the rules in `RULES.md`, with the chess terms each language uses:
//! Romanian rege, damă, turn, nebun, cal, pion, șah, mat, pat, rocadă, remiză; Spanish rey, dama,
//! torre, alfil, caballo, peón, jaque, mate, ahogado, enroque, tablas.
//!
//! Placeholders: `{piece}` the moving piece with its article ("the bishop", "nebunul",
//! "el alfil"), `{by}` the piece on the culprit square, `{attacker}` the attacking piece,
//! `{from}`, `{to}`, `{at}`, `{attacker_at}`, `{with}` squares, `{rule}` how the moving piece
//! moves, `{winner}`/`{loser}` a side; a capitalised name (`{Piece}`) capitalises the first
//! letter. `{m|f}` picks the form agreeing with the moving piece's grammatical gender
//! (Romanian *legat*/*legată*, Spanish *clavado*/*clavada*).

use crate::{Color, Lang, Piece, Role, Square};

/// Templates: key, then English, Romanian, Spanish.
const TABLE: &[(&str, [&str; 3])] = &[
    ("legal", ["Legal move.", "Mutare legală.", "Jugada legal."]),
    (
        "game-over",
        [
            "The game is over: no more moves can be made.",
            "Partida s-a încheiat: nu se mai pot face mutări.",
            "La partida ha terminado: ya no se pueden hacer jugadas.",
        ],
    ),
    (
        "not-your-turn",
        [
            "{Piece} on {from} cannot move now: it is the other player's turn.",
            "{Piece} de pe {from} nu se poate muta acum: este rândul celuilalt jucător.",
            "{Piece} de {from} no puede moverse ahora: es el turno del otro jugador.",
        ],
    ),
    (
        "no-piece",
        ["There is no piece on {from}.", "Pe {from} nu se află nicio piesă.", "No hay ninguna pieza en {from}."],
    ),
    (
        "no-such-piece",
        [
            "{Piece} this move names is not on the board, so it cannot go to {to}.",
            "{Piece} din această mutare nu se află pe tablă, deci nu poate merge pe {to}.",
            "{Piece} de esta jugada no está en el tablero, así que no puede ir a {to}.",
        ],
    ),
    (
        "same-square",
        [
            "A move must take a piece to another square: a player may not pass.",
            "O mutare trebuie să ducă piesa pe alt câmp: mutarea este obligatorie.",
            "Una jugada debe llevar la pieza a otra casilla: no se puede pasar el turno.",
        ],
    ),
    (
        "own-piece-on-target",
        [
            "{Piece} cannot go to {to}: {by} of the same side stands there. No piece may move onto a square occupied by its own side.",
            "{Piece} nu se poate muta pe {to}: acolo se află {by}, o piesă proprie. Nicio piesă nu se poate muta pe un câmp ocupat de o piesă de aceeași culoare.",
            "{Piece} no puede ir a {to}: allí está {by}, una pieza propia. Ninguna pieza puede moverse a una casilla ocupada por otra de su mismo color.",
        ],
    ),
    (
        "wrong-piece-movement",
        [
            "{Piece} cannot move from {from} to {to}. {rule}",
            "{Piece} nu se poate muta de pe {from} pe {to}. {rule}",
            "{Piece} no puede moverse de {from} a {to}. {rule}",
        ],
    ),
    (
        "path-blocked",
        [
            "{Piece} cannot go from {from} to {to}: {by} on {at} is in the way. Only the knight can jump over other pieces.",
            "{Piece} nu poate ajunge de pe {from} pe {to}: {by} de pe {at} blochează drumul. Numai calul poate sări peste alte piese.",
            "{Piece} no puede ir de {from} a {to}: {by} de {at} le cierra el paso. Solo el caballo puede saltar por encima de otras piezas.",
        ],
    ),
    (
        "pawn-captures-diagonally",
        [
            "The pawn cannot go from {from} to {to}: a pawn captures only one square diagonally forward, never straight ahead, and moves diagonally only when it captures.",
            "Pionul nu poate merge de pe {from} pe {to}: pionul capturează numai un câmp în diagonală, înainte, niciodată drept în față, și se mută în diagonală doar când capturează.",
            "El peón no puede ir de {from} a {to}: el peón solo captura una casilla en diagonal hacia delante, nunca de frente, y solo se mueve en diagonal cuando captura.",
        ],
    ),
    (
        "en-passant-expired",
        [
            "The pawn on {at} cannot be taken en passant now: en passant is allowed only on the move immediately after the enemy pawn's two-square advance.",
            "Pionul de pe {at} nu mai poate fi capturat en passant: captura en passant este permisă doar la mutarea imediat următoare avansului cu două câmpuri al pionului advers.",
            "El peón de {at} ya no puede capturarse al paso: la captura al paso solo se permite en la jugada inmediatamente posterior al avance de dos casillas del peón rival.",
        ],
    ),
    (
        "must-promote",
        [
            "A pawn that reaches the last rank must be promoted: choose a queen, a rook, a bishop or a knight.",
            "Un pion care ajunge pe ultima orizontală trebuie transformat: alege damă, turn, nebun sau cal.",
            "Un peón que llega a la última fila debe coronar: elige dama, torre, alfil o caballo.",
        ],
    ),
    (
        "invalid-promotion",
        [
            "A pawn is promoted only when it reaches the last rank, and only to a queen, a rook, a bishop or a knight of its colour.",
            "Un pion se transformă doar când ajunge pe ultima orizontală, și doar în damă, turn, nebun sau cal de aceeași culoare.",
            "Un peón solo corona al llegar a la última fila, y solo en dama, torre, alfil o caballo de su color.",
        ],
    ),
    (
        "king-in-check",
        [
            "Your king is in check from {by} on {at}, and this move does not get it out of check. Move the king, capture the checking piece, or block the check.",
            "Regele este în șah (dat de {by} de pe {at}), iar această mutare nu parează șahul. Mută regele, capturează piesa care dă șah sau interpune o piesă.",
            "El rey está en jaque ({by} de {at} da jaque) y esta jugada no saca al rey del jaque. Mueve el rey, captura la pieza que da jaque o interpón una pieza.",
        ],
    ),
    (
        "pinned",
        [
            "{Piece} on {from} is pinned: moving it would expose your king to {by} on {at}.",
            "{Piece} de pe {from} este {legat|legată}: dacă se mută, regele ar rămâne atacat de {by} de pe {at}.",
            "{Piece} de {from} está {clavado|clavada}: si se mueve, el rey quedaría atacado por {by} de {at}.",
        ],
    ),
    (
        "king-into-check",
        [
            "The king cannot move to {to}: that square is attacked by {by} on {at}. A king may never move into check.",
            "Regele nu se poate muta pe {to}: câmpul este atacat de {by} de pe {at}. Regele nu are voie să intre în șah.",
            "El rey no puede ir a {to}: esa casilla está atacada por {by} de {at}. El rey nunca puede ponerse en jaque.",
        ],
    ),
    (
        "kings-adjacent",
        [
            "The king cannot move to {to}: it would stand next to the enemy king on {at}. Kings may never stand on adjacent squares.",
            "Regele nu se poate muta pe {to}: ar ajunge lângă regele advers de pe {at}. Regii nu pot sta niciodată pe câmpuri vecine.",
            "El rey no puede ir a {to}: quedaría al lado del rey rival de {at}. Los reyes nunca pueden estar en casillas contiguas.",
        ],
    ),
    (
        "castle-rights-lost",
        [
            "Castling on this side is no longer possible: the king or this rook has already moved.",
            "Rocada pe această parte nu mai este posibilă: regele sau acest turn a fost deja mutat.",
            "Ya no es posible enrocar por este lado: el rey o esta torre ya se han movido.",
        ],
    ),
    (
        "castle-in-check",
        [
            "You cannot castle while your king is in check (from {by} on {at}).",
            "Nu se poate face rocada cât timp regele este în șah (dat de {by} de pe {at}).",
            "No se puede enrocar mientras el rey está en jaque (se lo da {by} de {at}).",
        ],
    ),
    (
        "castle-blocked",
        [
            "Castling is blocked: {by} on {at} is in the way. Every square the king and the rook cross or land on must be empty.",
            "Rocada este blocată: {by} de pe {at} stă în cale. Toate câmpurile pe care regele și turnul le traversează sau pe care ajung trebuie să fie libere.",
            "El enroque está bloqueado: {by} de {at} está en medio. Todas las casillas que el rey y la torre atraviesan o en las que terminan deben estar vacías.",
        ],
    ),
    (
        "castle-through-check",
        [
            "The king cannot castle through check: it would cross {at}, which {attacker} on {attacker_at} attacks.",
            "Regele nu poate face rocada trecând printr-un câmp atacat: {at} este atacat de {attacker} de pe {attacker_at}.",
            "El rey no puede enrocar atravesando una casilla atacada: {at} está atacada por {attacker} de {attacker_at}.",
        ],
    ),
    (
        "castle-into-check",
        [
            "The king cannot castle into check: it would land on {at}, which {attacker} on {attacker_at} attacks.",
            "Regele nu poate face rocada dacă ar intra în șah: câmpul {at}, pe care ar ajunge, este atacat de {attacker} de pe {attacker_at}.",
            "El rey no puede enrocar quedando en jaque: la casilla {at}, donde terminaría, está atacada por {attacker} de {attacker_at}.",
        ],
    ),
    (
        "touch-move",
        [
            "Touch-move rule: a touched piece must be moved, and a touched enemy piece captured, if possible.",
            "Regula piesei atinse: piesa proprie atinsă trebuie mutată, iar piesa adversă atinsă trebuie capturată, dacă este posibil.",
            "Regla de pieza tocada: la pieza propia tocada debe moverse y la pieza rival tocada debe capturarse, si es posible.",
        ],
    ),
    (
        "touch-move.move",
        [
            "Touch-move rule: you touched {by} on {at}, so you must move it.",
            "Regula piesei atinse: ai atins {by} de pe {at}, așa că trebuie să muți această piesă.",
            "Regla de pieza tocada: has tocado {by} de {at}, así que debes mover esa pieza.",
        ],
    ),
    (
        "touch-move.capture",
        [
            "Touch-move rule: you touched {by} on {at}, an enemy piece, so you must capture it.",
            "Regula piesei atinse: ai atins {by} de pe {at}, o piesă adversă, așa că trebuie să o capturezi.",
            "Regla de pieza tocada: has tocado {by} de {at}, una pieza rival, así que debes capturarla.",
        ],
    ),
    (
        "touch-move.capture-with",
        [
            "Touch-move rule: you touched your piece on {with} and the enemy piece on {at}, so you must capture on {at} with the piece on {with}.",
            "Regula piesei atinse: ai atins piesa ta de pe {with} și piesa adversă de pe {at}, așa că trebuie să capturezi pe {at} cu piesa de pe {with}.",
            "Regla de pieza tocada: has tocado tu pieza de {with} y la pieza rival de {at}, así que debes capturar en {at} con la pieza de {with}.",
        ],
    ),
    (
        "touch-move.castle",
        [
            "Touch-move rule: you touched the king and the rook on {at}, so you must castle on that side.",
            "Regula piesei atinse: ai atins regele și turnul de pe {at}, așa că trebuie să faci rocada pe acea parte.",
            "Regla de pieza tocada: has tocado el rey y la torre de {at}, así que debes enrocar por ese lado.",
        ],
    ),
    (
        "touch-move.king-move",
        [
            "Touch-move rule: castling on that side is not legal, so you must make another legal move with the king (castling on the other side included).",
            "Regula piesei atinse: rocada pe acea parte nu este legală, așa că trebuie să faci o altă mutare legală cu regele (inclusiv rocada pe cealaltă parte).",
            "Regla de pieza tocada: el enroque por ese lado no es legal, así que debes hacer otra jugada legal con el rey (incluido el enroque por el otro lado).",
        ],
    ),
    (
        "touch-move.rook-first",
        [
            "Touch-move rule: you touched the rook on {at} before the king, so you may not castle with it on this move; castling starts with the king.",
            "Regula piesei atinse: ai atins turnul de pe {at} înaintea regelui, așa că nu poți face rocada cu el la această mutare; rocada începe cu regele.",
            "Regla de pieza tocada: has tocado la torre de {at} antes que el rey, así que no puedes enrocar con ella en esta jugada; el enroque empieza por el rey.",
        ],
    ),
    ("illegal-move", ["This move is not legal.", "Această mutare nu este legală.", "Esta jugada no es legal."]),
    // How each piece moves.
    (
        "rule.king",
        [
            "The king moves one square in any direction (or castles with a rook).",
            "Regele se mută un singur câmp, în orice direcție (sau face rocada cu un turn).",
            "El rey se mueve una sola casilla en cualquier dirección (o enroca con una torre).",
        ],
    ),
    (
        "rule.queen",
        [
            "The queen moves any number of squares along a rank, a file or a diagonal.",
            "Dama se mută oricâte câmpuri pe orizontală, pe verticală sau pe diagonală.",
            "La dama se mueve cualquier número de casillas por una fila, una columna o una diagonal.",
        ],
    ),
    (
        "rule.rook",
        [
            "The rook moves any number of squares along a rank or a file.",
            "Turnul se mută oricâte câmpuri pe orizontală sau pe verticală.",
            "La torre se mueve cualquier número de casillas por una fila o una columna.",
        ],
    ),
    (
        "rule.bishop",
        [
            "The bishop moves any number of squares along a diagonal.",
            "Nebunul se mută oricâte câmpuri pe diagonală.",
            "El alfil se mueve cualquier número de casillas en diagonal.",
        ],
    ),
    (
        "rule.knight",
        [
            "The knight moves in an L: two squares along a rank or a file, then one square to the side.",
            "Calul se mută în formă de L: două câmpuri pe orizontală sau pe verticală, apoi un câmp lateral.",
            "El caballo se mueve en forma de L: dos casillas por una fila o una columna y luego una hacia un lado.",
        ],
    ),
    (
        "rule.pawn",
        [
            "The pawn moves straight forward one square (two from its starting square) and never backwards; it captures one square diagonally forward.",
            "Pionul înaintează drept un câmp (două de pe câmpul inițial) și nu se mută niciodată înapoi; capturează un câmp în diagonală, înainte.",
            "El peón avanza en línea recta una casilla (dos desde su casilla inicial) y nunca retrocede; captura una casilla en diagonal hacia delante.",
        ],
    ),
    // Words.
    ("piece.king", ["the king", "regele", "el rey"]),
    ("piece.queen", ["the queen", "dama", "la dama"]),
    ("piece.rook", ["the rook", "turnul", "la torre"]),
    ("piece.bishop", ["the bishop", "nebunul", "el alfil"]),
    ("piece.knight", ["the knight", "calul", "el caballo"]),
    ("piece.pawn", ["the pawn", "pionul", "el peón"]),
    ("color.white", ["White", "albul", "las blancas"]),
    ("color.black", ["Black", "negrul", "las negras"]),
    // How a game ended.
    (
        "termination.checkmate",
        ["{Winner} wins by checkmate.", "{Winner} câștigă prin mat.", "Ganan {winner} por jaque mate."],
    ),
    (
        "termination.stalemate",
        [
            "Draw by stalemate: the side to move has no legal move and is not in check.",
            "Remiză prin pat: jucătorul la mutare nu are nicio mutare legală și nu este în șah.",
            "Tablas por ahogado: el bando que mueve no tiene ninguna jugada legal y no está en jaque.",
        ],
    ),
    (
        "termination.insufficient-material",
        [
            "Draw: dead position. Neither side can checkmate by any sequence of legal moves.",
            "Remiză: poziție moartă. Niciuna dintre părți nu mai poate da mat prin vreo succesiune de mutări legale.",
            "Tablas: posición muerta. Ningún bando puede dar mate con ninguna serie de jugadas legales.",
        ],
    ),
    (
        "termination.fivefold-repetition",
        [
            "Draw: the same position has appeared five times.",
            "Remiză: aceeași poziție a apărut de cinci ori.",
            "Tablas: la misma posición se ha repetido cinco veces.",
        ],
    ),
    (
        "termination.seventyfive-moves",
        [
            "Draw: 75 moves by each side without a capture or a pawn move.",
            "Remiză: 75 de mutări ale fiecărei părți fără nicio captură și fără nicio mutare de pion.",
            "Tablas: 75 jugadas de cada bando sin capturas ni movimientos de peón.",
        ],
    ),
    (
        "termination.threefold-repetition",
        [
            "Draw by threefold repetition, on a correct claim.",
            "Remiză prin repetarea poziției de trei ori, la cererea unui jucător.",
            "Tablas por triple repetición, a petición de un jugador.",
        ],
    ),
    (
        "termination.fifty-moves",
        [
            "Draw by the 50-move rule, on a correct claim.",
            "Remiză prin regula celor 50 de mutări, la cererea unui jucător.",
            "Tablas por la regla de las 50 jugadas, a petición de un jugador.",
        ],
    ),
    (
        "termination.resignation",
        ["{Winner} wins: {loser} resigned.", "{Winner} câștigă: {loser} a abandonat.", "Ganan {winner}: {loser} abandonan."],
    ),
    ("termination.agreement", ["Draw by agreement.", "Remiză prin acord.", "Tablas por acuerdo."]),
    (
        "termination.timeout",
        [
            "{Winner} wins on time: {loser} ran out of time.",
            "{Winner} câștigă la timp: {loser} a depășit timpul de gândire.",
            "Ganan {winner} por tiempo: {loser} agotaron su tiempo.",
        ],
    ),
    (
        "termination.timeout-insufficient-material",
        [
            "Draw: time ran out, but the opponent could not checkmate by any sequence of legal moves.",
            "Remiză: timpul a expirat, dar adversarul nu mai putea da mat prin nicio succesiune de mutări legale.",
            "Tablas: se agotó el tiempo, pero el rival no podía dar mate con ninguna serie de jugadas legales.",
        ],
    ),
];

/// Every message key.
pub fn keys() -> impl Iterator<Item = &'static str> {
    TABLE.iter().map(|(k, _)| *k)
}

/// The template for `key` in `lang`, placeholders unfilled.
///
/// ```
/// use rocada_game::messages;
/// use rocada_rules::Lang;
/// assert_eq!(messages::template("piece.bishop", Lang::Es), Some("el alfil"));
/// ```
pub fn template(key: &str, lang: Lang) -> Option<&'static str> {
    TABLE.iter().find(|(k, _)| *k == key).map(|(_, t)| t[lang_index(lang)])
}

fn lang_index(lang: Lang) -> usize {
    match lang {
        Lang::En => 0,
        Lang::Ro => 1,
        Lang::Es => 2,
    }
}

/// The name of `role` with its definite article ("the rook", "turnul", "la torre").
pub fn piece_name(role: Role, lang: Lang) -> &'static str {
    template(role_key(role, "piece"), lang).unwrap_or("?")
}

/// How `role` moves, one sentence.
pub fn movement_rule(role: Role, lang: Lang) -> &'static str {
    template(role_key(role, "rule"), lang).unwrap_or("")
}

/// The name of a side ("White", "albul", "las blancas").
pub fn color_name(color: Color, lang: Lang) -> &'static str {
    template(if color == Color::White { "color.white" } else { "color.black" }, lang).unwrap_or("?")
}

fn role_key(role: Role, prefix: &str) -> &'static str {
    match (prefix, role) {
        ("piece", Role::King) => "piece.king",
        ("piece", Role::Queen) => "piece.queen",
        ("piece", Role::Rook) => "piece.rook",
        ("piece", Role::Bishop) => "piece.bishop",
        ("piece", Role::Knight) => "piece.knight",
        ("piece", Role::Pawn) => "piece.pawn",
        (_, Role::King) => "rule.king",
        (_, Role::Queen) => "rule.queen",
        (_, Role::Rook) => "rule.rook",
        (_, Role::Bishop) => "rule.bishop",
        (_, Role::Knight) => "rule.knight",
        (_, Role::Pawn) => "rule.pawn",
    }
}

/// Whether the name of `role` is grammatically feminine in `lang` (Romanian *dama*; Spanish
/// *la dama*, *la torre*).
pub fn is_feminine(role: Role, lang: Lang) -> bool {
    match lang {
        Lang::En => false,
        Lang::Ro => role == Role::Queen,
        Lang::Es => matches!(role, Role::Queen | Role::Rook),
    }
}

/// The values a template's placeholders take.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Vars {
    pub piece: Option<Piece>,
    pub from: Option<Square>,
    pub to: Option<Square>,
    pub by: Option<Piece>,
    pub at: Option<Square>,
    pub attacker: Option<Piece>,
    pub attacker_at: Option<Square>,
    pub with: Option<Square>,
    pub winner: Option<Color>,
}

/// Fills the template `key` in `lang` (the English one if `key` is unknown in `lang`; the key
/// itself if unknown altogether).
pub(crate) fn render(key: &str, lang: Lang, vars: &Vars) -> String {
    let Some(template) = template(key, lang) else {
        return key.to_string();
    };
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let name = &after[..close];
        rest = &after[close + 1..];
        if let Some((m, f)) = name.split_once('|') {
            let feminine = vars.piece.is_some_and(|p| is_feminine(p.role, lang));
            out.push_str(if feminine { f } else { m });
            continue;
        }
        // Placeholder names are ASCII (a test checks), so ASCII casing is all they need.
        let capital = name.starts_with(|c: char| c.is_ascii_uppercase());
        let value: String = match name.to_ascii_lowercase().as_str() {
            "piece" => vars.piece.map_or("?".into(), |p| piece_name(p.role, lang).into()),
            "by" => vars.by.map_or("?".into(), |p| piece_name(p.role, lang).into()),
            "attacker" => vars.attacker.map_or("?".into(), |p| piece_name(p.role, lang).into()),
            "rule" => vars.piece.map_or(String::new(), |p| movement_rule(p.role, lang).into()),
            "winner" => vars.winner.map_or("?".into(), |c| color_name(c, lang).into()),
            "loser" => vars.winner.map_or("?".into(), |c| color_name(!c, lang).into()),
            "from" => square(vars.from),
            "to" => square(vars.to),
            "at" => square(vars.at),
            "attacker_at" => square(vars.attacker_at),
            "with" => square(vars.with),
            _ => format!("{{{name}}}"),
        };
        if capital {
            out.push_str(&capitalize(&value));
        } else {
            out.push_str(&value);
        }
    }
    out.push_str(rest);
    out
}

fn square(sq: Option<Square>) -> String {
    sq.map_or("?".into(), |s| s.to_string())
}

/// `s` with its first letter in capitals. Every value a placeholder takes starts with an ASCII
/// character (a test checks), so no Unicode case tables are needed.
fn capitalize(s: &str) -> String {
    let mut out = s.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `render` changes case with ASCII rules only: that matches Unicode casing because every
    /// placeholder name and every value a placeholder takes start with ASCII characters.
    #[test]
    fn placeholders_and_their_values_are_ascii_where_cased() {
        for key in keys() {
            for lang in Lang::ALL {
                let t = template(key, lang).unwrap();
                for name in t.split('{').skip(1).filter_map(|s| s.split_once('}').map(|(n, _)| n)) {
                    assert!(name.contains('|') || name.is_ascii(), "{key}: placeholder {name}");
                }
            }
        }
        for lang in Lang::ALL {
            let mut values = vec![color_name(Color::White, lang), color_name(Color::Black, lang)];
            for role in Role::ALL {
                values.extend([piece_name(role, lang), movement_rule(role, lang)]);
            }
            for v in values {
                assert!(v.starts_with(|c: char| c.is_ascii()), "{v}");
            }
        }
        assert_eq!(capitalize("el peón"), "El peón");
        assert_eq!(capitalize("ăb"), "ăb");
        assert_eq!(capitalize(""), "");
    }
}
