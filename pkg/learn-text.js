// The lesson runner's own sentences (feedback, hints, validation problems) in the package's
// three languages, and how a lesson's texts are read. A lesson text is a literal string (the
// same in every language), an object of texts by language (`{ en, ro, es }`), or
// `{ key: 'name' }`, looked up in the author's `messages` table (`{ en: { name: '...' } }`).
// Missing languages fall back to English, then to any language the text has.

/** @type {Record<string, Record<string, string>>} */
export const RUNNER_TEXT = {
  en: {
    correct: 'Well done!',
    'lesson-done': 'Lesson complete!',
    'step-over': 'This step is finished: go on to the next one.',
    'not-a-move': 'I cannot read "{input}" as a move. Write it like e4, Nf3 or e2e4.',
    'not-a-question': 'This step asks for a move, not an answer.',
    'not-a-move-step': 'This step asks a question: answer it instead of moving.',
    'not-a-claim': 'There is nothing to claim in this step.',
    waiting: 'Wait for the reply.',
    'wrong-answer': 'Not quite. Look again.',
    'progress-visit': 'Good! {left} to go.',
    'progress-capture': 'Got it! {left} to go.',
    'progress-mate': 'Good move. The answer was {reply}: now finish it.',
    'progress-move': 'Good. Keep going.',
    'miss-reach': 'That piece went to {to}. The goal is {square}.',
    'miss-visit': 'That square has no star.',
    'miss-check': 'That move does not attack the king.',
    'miss-escape-by-king': 'That saves the king, but this time move the king itself.',
    'miss-escape-by-capture': 'That saves the king, but this time capture the piece that gives check.',
    'miss-escape-by-block': 'That saves the king, but this time put a piece in the way.',
    'miss-mate': 'That is not checkmate: the king can still escape.',
    'miss-mate-escape': 'After that, {reply} gets away. Find a stronger move.',
    'miss-stalemate': 'Stalemate! The king is not in check and cannot move, so it is a draw. Leave it a square.',
    'miss-hangs': 'Careful: after that your piece ({piece}) can be taken, and nobody can win any more.',
    'miss-not-stalemate': 'That is not stalemate: the other side can still move or is in check.',
    'miss-castle': 'That is not castling. Move the king two squares toward the rook.',
    'miss-castle-side': 'That is castling, but on the other side.',
    'miss-en-passant': 'That is not the en passant capture. Take the pawn that just jumped two squares.',
    'miss-promote': 'Move a pawn to the last rank.',
    'miss-promote-piece': 'That pawn became a {got}. This time choose: {want}.',
    'miss-play': 'You played {played}. The lesson asks for {want}.',
    'miss-draw': 'That does not end the game as a draw by {rule}.',
    'miss-claim': 'You could claim a draw here instead of playing on.',
    'claim-refused': 'You cannot claim a draw here: {why}',
    'miss-select': 'That is {got}. Find {want}.',
    'miss-touch': 'Play a move the touch-move rule allows.',
    'hint-piece': 'Use the piece on {from}.',
    'hint-square': 'Move from {from} to {to}.',
    'hint-answer': 'Think again about the rule of this step.',
    'hint-select-file': 'Look in the {file}-file.',
    'hint-select': 'It is the square {square}.',
    'hint-claim': 'Claim the draw (FIDE {rule}).',
    'hint-none': 'No hint here.',
    'rule-threefold': 'threefold repetition',
    'rule-fifty': 'the fifty-move rule',
    'rule-stalemate': 'stalemate',
    'rule-insufficient-material': 'insufficient material',
    'rule-fivefold-repetition': 'fivefold repetition',
    'rule-seventyfive-moves': 'the seventy-five-move rule',
    yes: 'yes',
    no: 'no',
    p: 'pawn',
    n: 'knight',
    b: 'bishop',
    r: 'rook',
    q: 'queen',
    k: 'king',
  },
  ro: {
    correct: 'Bravo!',
    'lesson-done': 'Lecția e gata!',
    'step-over': 'Pasul acesta e gata: treci la următorul.',
    'not-a-move': 'Nu pot citi „{input}” ca mutare. Scrie-o ca e4, Cf3 sau e2e4.',
    'not-a-question': 'Pasul acesta cere o mutare, nu un răspuns.',
    'not-a-move-step': 'Pasul acesta pune o întrebare: răspunde în loc să muți.',
    'not-a-claim': 'În pasul acesta nu ai ce cere.',
    waiting: 'Așteaptă răspunsul.',
    'wrong-answer': 'Nu chiar. Mai uită-te o dată.',
    'progress-visit': 'Bine! Mai sunt {left}.',
    'progress-capture': 'Ai luat-o! Mai sunt {left}.',
    'progress-mate': 'Mutare bună. Răspunsul a fost {reply}: acum termină.',
    'progress-move': 'Bine. Continuă.',
    'miss-reach': 'Piesa a ajuns pe {to}. Ținta este {square}.',
    'miss-visit': 'Pe câmpul acela nu e nicio stea.',
    'miss-check': 'Mutarea aceasta nu atacă regele.',
    'miss-escape-by-king': 'Așa scapi regele, dar de data asta mută chiar regele.',
    'miss-escape-by-capture': 'Așa scapi regele, dar de data asta ia piesa care dă șah.',
    'miss-escape-by-block': 'Așa scapi regele, dar de data asta pune o piesă în cale.',
    'miss-mate': 'Nu e mat: regele încă poate scăpa.',
    'miss-mate-escape': 'După asta, {reply} scapă. Caută o mutare mai tare.',
    'miss-stalemate': 'Pat! Regele nu e în șah și nu se poate mișca, deci e remiză. Lasă-i un câmp liber.',
    'miss-hangs': 'Atenție: după asta poate fi luată piesa ta ({piece}) și nimeni nu mai poate câștiga.',
    'miss-not-stalemate': 'Nu e pat: cealaltă parte încă poate muta sau e în șah.',
    'miss-castle': 'Asta nu e rocadă. Mută regele două câmpuri spre turn.',
    'miss-castle-side': 'E rocadă, dar pe partea cealaltă.',
    'miss-en-passant': 'Asta nu e luarea en passant. Ia pionul care tocmai a sărit două câmpuri.',
    'miss-promote': 'Du un pion pe ultimul rând.',
    'miss-promote-piece': 'Pionul a devenit {got}. De data asta alege: {want}.',
    'miss-play': 'Ai jucat {played}. Lecția cere {want}.',
    'miss-draw': 'Asta nu termină partida la remiză prin {rule}.',
    'miss-claim': 'Aici puteai cere remiză în loc să joci mai departe.',
    'claim-refused': 'Nu poți cere remiză aici: {why}',
    'miss-select': 'Acela e {got}. Găsește {want}.',
    'miss-touch': 'Joacă o mutare permisă de regula piesei atinse.',
    'hint-piece': 'Folosește piesa de pe {from}.',
    'hint-square': 'Mută de pe {from} pe {to}.',
    'hint-answer': 'Gândește-te din nou la regula acestui pas.',
    'hint-select-file': 'Caută pe coloana {file}.',
    'hint-select': 'Este câmpul {square}.',
    'hint-claim': 'Cere remiză (FIDE {rule}).',
    'hint-none': 'Aici nu am niciun indiciu.',
    'rule-threefold': 'tripla repetare',
    'rule-fifty': 'regula celor 50 de mutări',
    'rule-stalemate': 'pat',
    'rule-insufficient-material': 'material insuficient',
    'rule-fivefold-repetition': 'repetarea de cinci ori',
    'rule-seventyfive-moves': 'regula celor 75 de mutări',
    yes: 'da',
    no: 'nu',
    p: 'pion',
    n: 'cal',
    b: 'nebun',
    r: 'turn',
    q: 'damă',
    k: 'rege',
  },
  es: {
    correct: '¡Muy bien!',
    'lesson-done': '¡Lección terminada!',
    'step-over': 'Este paso está terminado: pasa al siguiente.',
    'not-a-move': 'No puedo leer «{input}» como jugada. Escríbela como e4, Cf3 o e2e4.',
    'not-a-question': 'Este paso pide una jugada, no una respuesta.',
    'not-a-move-step': 'Este paso hace una pregunta: respóndela en vez de mover.',
    'not-a-claim': 'En este paso no hay nada que reclamar.',
    waiting: 'Espera la respuesta.',
    'wrong-answer': 'No exactamente. Mira otra vez.',
    'progress-visit': '¡Bien! Quedan {left}.',
    'progress-capture': '¡Capturada! Quedan {left}.',
    'progress-mate': 'Buena jugada. La respuesta fue {reply}: ahora remata.',
    'progress-move': 'Bien. Sigue.',
    'miss-reach': 'La pieza fue a {to}. La meta es {square}.',
    'miss-visit': 'Esa casilla no tiene estrella.',
    'miss-check': 'Esa jugada no ataca al rey.',
    'miss-escape-by-king': 'Eso salva al rey, pero esta vez mueve el rey mismo.',
    'miss-escape-by-capture': 'Eso salva al rey, pero esta vez captura la pieza que da jaque.',
    'miss-escape-by-block': 'Eso salva al rey, pero esta vez pon una pieza en medio.',
    'miss-mate': 'No es jaque mate: el rey todavía puede escapar.',
    'miss-mate-escape': 'Después de eso, {reply} escapa. Busca una jugada más fuerte.',
    'miss-stalemate': '¡Ahogado! El rey no está en jaque y no puede moverse: es tablas. Déjale una casilla.',
    'miss-hangs': 'Cuidado: después de eso te pueden capturar la pieza ({piece}) y ya nadie puede ganar.',
    'miss-not-stalemate': 'Eso no es ahogado: el otro bando todavía puede mover o está en jaque.',
    'miss-castle': 'Eso no es enroque. Mueve el rey dos casillas hacia la torre.',
    'miss-castle-side': 'Es un enroque, pero del otro lado.',
    'miss-en-passant': 'Esa no es la captura al paso. Captura el peón que acaba de avanzar dos casillas.',
    'miss-promote': 'Lleva un peón a la última fila.',
    'miss-promote-piece': 'El peón se convirtió en {got}. Esta vez elige: {want}.',
    'miss-play': 'Jugaste {played}. La lección pide {want}.',
    'miss-draw': 'Eso no termina la partida en tablas por {rule}.',
    'miss-claim': 'Aquí podías reclamar tablas en vez de seguir jugando.',
    'claim-refused': 'No puedes reclamar tablas aquí: {why}',
    'miss-select': 'Esa es {got}. Busca {want}.',
    'miss-touch': 'Juega una jugada que permita la regla de pieza tocada.',
    'hint-piece': 'Usa la pieza de {from}.',
    'hint-square': 'Mueve de {from} a {to}.',
    'hint-answer': 'Piensa otra vez en la regla de este paso.',
    'hint-select-file': 'Busca en la columna {file}.',
    'hint-select': 'Es la casilla {square}.',
    'hint-claim': 'Reclama tablas (FIDE {rule}).',
    'hint-none': 'Aquí no hay pista.',
    'rule-threefold': 'triple repetición',
    'rule-fifty': 'la regla de las 50 jugadas',
    'rule-stalemate': 'ahogado',
    'rule-insufficient-material': 'material insuficiente',
    'rule-fivefold-repetition': 'quíntuple repetición',
    'rule-seventyfive-moves': 'la regla de las 75 jugadas',
    yes: 'sí',
    no: 'no',
    p: 'peón',
    n: 'caballo',
    b: 'alfil',
    r: 'torre',
    q: 'dama',
    k: 'rey',
  },
};

/** The languages the runner speaks (those of the package's messages). */
export const LANGS = Object.freeze(['en', 'ro', 'es']);

/**
 * The runner's sentence `code` in `lang`, with `{name}` replaced from `args`.
 * @param {string} lang
 * @param {string} code
 * @param {Record<string, string | number>} [args]
 */
export function say(lang, code, args = {}) {
  const table = Object.hasOwn(RUNNER_TEXT, lang) ? RUNNER_TEXT[lang] : RUNNER_TEXT.en;
  const own = (t) => (typeof code === 'string' && Object.hasOwn(t, code) ? t[code] : undefined);
  const text = own(table) ?? own(RUNNER_TEXT.en) ?? (typeof code === 'string' ? code : '');
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in args ? String(args[name]) : all));
}

/**
 * A lesson text in `lang`: see the top of this file. `undefined` if it has none.
 * @param {unknown} text
 * @param {string} lang
 * @param {Record<string, Record<string, string>> | undefined} messages
 * @returns {string | undefined}
 */
export function textOf(text, lang, messages) {
  if (typeof text === 'string') return text;
  if (!text || typeof text !== 'object') return undefined;
  if (typeof text.key === 'string') {
    const key = text.key;
    const table = messages?.[lang] ?? {};
    const value = table[key] ?? messages?.en?.[key];
    return typeof value === 'string' ? value : undefined;
  }
  const own = text[lang] ?? text.en ?? Object.values(text).find((v) => typeof v === 'string');
  return typeof own === 'string' ? own : undefined;
}
