// The curriculum of `rocada/lessons`: every rule of the FIDE Laws the package implements, as
// lessons for the runner of `rocada/learn` (plain data: `JSON.stringify` of any lesson gives
// it back whole). Texts in English, Romanian and Spanish, short and concrete, for children.
// Every step has the solution the tests play (test/lessons.test.mjs); the runner checks
// answers and goals against the rules, never against these solutions.

const T = (en, ro, es) => ({ en, ro, es });
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const CASTLE = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
const KNIGHT_DANCE = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];

export const lessons = [
  {
    id: 'board',
    title: T('The board', 'Tabla de șah', 'El tablero'),
    description: T('Squares, files and ranks.', 'Câmpuri, coloane și linii.', 'Casillas, columnas y filas.'),
    steps: [
      {
        text: T(
          'Every square has a name: its letter (a to h, left to right) and its number (1 to 8, from White\'s side). Click e4.',
          'Fiecare câmp are un nume: litera lui (de la a la h, de la stânga la dreapta) și cifra lui (de la 1 la 8, dinspre alb). Apasă pe e4.',
          'Cada casilla tiene un nombre: su letra (de la a a la h, de izquierda a derecha) y su número (del 1 al 8, desde el lado de las blancas). Pulsa e4.',
        ),
        goal: { kind: 'select', square: 'e4' },
      },
      {
        text: T(
          'The board is placed so that each player has a light square in the right-hand corner. Click White\'s right-hand corner.',
          'Tabla se așază astfel încât fiecare jucător să aibă un câmp alb în colțul din dreapta. Apasă pe colțul din dreapta al albului.',
          'El tablero se coloca de modo que cada jugador tenga una casilla clara en la esquina derecha. Pulsa la esquina derecha de las blancas.',
        ),
        goal: { kind: 'select', square: 'h1' },
      },
      {
        text: T(
          'The queen starts on a square of her own colour. Click the square of the black queen.',
          'Dama începe pe un câmp de culoarea ei. Apasă pe câmpul damei negre.',
          'La dama empieza en una casilla de su color. Pulsa la casilla de la dama negra.',
        ),
        goal: { kind: 'select', square: 'd8' },
      },
    ],
  },
  {
    id: 'rook',
    title: T('The rook', 'Turnul', 'La torre'),
    description: T('Straight lines, as far as it likes.', 'Linii drepte, oricât de departe.', 'Líneas rectas, tan lejos como quiera.'),
    steps: [
      {
        text: T('The rook moves in straight lines: up, down, left or right. Move it to the star on a6.', 'Turnul merge în linie dreaptă: în sus, în jos, la stânga sau la dreapta. Du-l la steaua de pe a6.', 'La torre se mueve en línea recta: arriba, abajo, a la izquierda o a la derecha. Llévala a la estrella de a6.'),
        fen: '8/8/8/8/8/8/8/R7 w - - 0 1', sandbox: true, marks: ['a6'], goal: { kind: 'reach', square: 'a6' }, solution: ['a1a6'],
      },
      {
        text: T('Collect all the stars with the rook, one move at a time.', 'Adună toate stelele cu turnul, câte o mutare pe rând.', 'Recoge todas las estrellas con la torre, una jugada cada vez.'),
        fen: '8/8/8/8/8/8/8/R7 w - - 0 1', sandbox: true, marks: ['h1', 'h8', 'a8'], goal: { kind: 'visit' }, solution: ['a1h1', 'h1h8', 'h8a8'],
      },
    ],
  },
  {
    id: 'bishop',
    title: T('The bishop', 'Nebunul', 'El alfil'),
    description: T('Diagonals, always on one colour.', 'Diagonale, mereu pe aceeași culoare.', 'Diagonales, siempre del mismo color.'),
    steps: [
      {
        text: T('The bishop moves diagonally, so it always stays on squares of one colour. Move it to h6.', 'Nebunul merge pe diagonală, așa că rămâne mereu pe câmpuri de aceeași culoare. Du-l pe h6.', 'El alfil se mueve en diagonal, así que siempre está en casillas del mismo color. Llévalo a h6.'),
        fen: '8/8/8/8/8/8/8/2B5 w - - 0 1', sandbox: true, marks: ['h6'], goal: { kind: 'reach', square: 'h6' }, solution: ['c1h6'],
      },
      {
        text: T('Collect the stars with the bishop.', 'Adună stelele cu nebunul.', 'Recoge las estrellas con el alfil.'),
        fen: '8/8/8/8/8/8/8/2B5 w - - 0 1', sandbox: true, marks: ['a3', 'd6', 'f8'], goal: { kind: 'visit' }, solution: ['c1a3', 'a3d6', 'd6f8'],
      },
    ],
  },
  {
    id: 'queen',
    title: T('The queen', 'Dama', 'La dama'),
    description: T('A rook and a bishop in one.', 'Un turn și un nebun într-una.', 'Una torre y un alfil a la vez.'),
    steps: [
      {
        text: T('The queen moves like a rook and like a bishop. Move her to a4.', 'Dama merge și ca turnul, și ca nebunul. Du-o pe a4.', 'La dama se mueve como la torre y como el alfil. Llévala a a4.'),
        fen: '8/8/8/8/8/8/8/3Q4 w - - 0 1', sandbox: true, marks: ['a4'], goal: { kind: 'reach', square: 'a4' }, solution: ['d1a4'],
      },
      {
        text: T('Collect the stars with the queen.', 'Adună stelele cu dama.', 'Recoge las estrellas con la dama.'),
        fen: '8/8/8/8/8/8/8/3Q4 w - - 0 1', sandbox: true, marks: ['d8', 'h4', 'e1'], goal: { kind: 'visit' }, solution: ['d1d8', 'd8h4', 'h4e1'],
      },
    ],
  },
  {
    id: 'knight',
    title: T('The knight', 'Calul', 'El caballo'),
    description: T('The L-shaped jump.', 'Săritura în formă de L.', 'El salto en forma de L.'),
    steps: [
      {
        text: T('The knight jumps in an L: two squares one way, then one to the side. It can jump over pieces. Jump to c3.', 'Calul sare în formă de L: două câmpuri într-o parte, apoi unul lateral. Poate sări peste piese. Sari pe c3.', 'El caballo salta en L: dos casillas en una dirección y una de lado. Puede saltar por encima de las piezas. Salta a c3.'),
        fen: '8/8/8/8/8/8/PPPPPPPP/1N6 w - - 0 1', sandbox: true, marks: ['c3'], goal: { kind: 'reach', square: 'c3' }, solution: ['b1c3'],
      },
      {
        text: T('Collect the stars with the knight.', 'Adună stelele cu calul.', 'Recoge las estrellas con el caballo.'),
        fen: '8/8/8/8/8/8/8/1N6 w - - 0 1', sandbox: true, marks: ['c3', 'd5', 'f6'], goal: { kind: 'visit' }, solution: ['b1c3', 'c3d5', 'd5f6'],
      },
    ],
  },
  {
    id: 'king',
    title: T('The king', 'Regele', 'El rey'),
    description: T('One step in any direction.', 'Un pas în orice direcție.', 'Un paso en cualquier dirección.'),
    steps: [
      {
        text: T('The king moves one square in any direction. Move it to f2.', 'Regele merge un singur câmp, în orice direcție. Du-l pe f2.', 'El rey se mueve una casilla en cualquier dirección. Llévalo a f2.'),
        fen: '8/8/8/8/8/8/8/4K3 w - - 0 1', sandbox: true, marks: ['f2'], goal: { kind: 'reach', square: 'f2' }, solution: ['e1f2'],
      },
      {
        text: T('Walk the king to every star.', 'Plimbă regele pe la fiecare stea.', 'Lleva el rey a cada estrella.'),
        fen: '8/8/8/8/8/8/8/4K3 w - - 0 1', sandbox: true, marks: ['d2', 'd3', 'e4'], goal: { kind: 'visit' }, solution: ['e1d2', 'd2d3', 'd3e4'],
      },
    ],
  },
  {
    id: 'pawn',
    title: T('The pawn', 'Pionul', 'El peón'),
    description: T('Forward only; two squares at the start; captures diagonally.', 'Doar înainte; două câmpuri la început; ia pe diagonală.', 'Solo hacia delante; dos casillas al principio; captura en diagonal.'),
    steps: [
      {
        text: T('A pawn moves straight forward, never back. From its first square it may move two squares. Move it to e4.', 'Pionul merge drept înainte, niciodată înapoi. De pe câmpul de plecare poate merge două câmpuri. Du-l pe e4.', 'El peón avanza recto, nunca hacia atrás. Desde su casilla inicial puede avanzar dos casillas. Llévalo a e4.'),
        fen: '8/8/8/8/8/8/4P3/8 w - - 0 1', sandbox: true, marks: ['e4'], goal: { kind: 'reach', square: 'e4', piece: 'p' }, solution: ['e2e4'],
      },
      {
        text: T('A pawn captures one square diagonally forward. Straight ahead it is blocked. Capture the pawn on d5.', 'Pionul ia un câmp pe diagonală, înainte. Drept înainte e blocat. Ia pionul de pe d5.', 'El peón captura una casilla en diagonal hacia delante. Recto está bloqueado. Captura el peón de d5.'),
        fen: '8/8/8/3pp3/4P3/8/8/8 w - - 0 1', sandbox: true, marks: ['d5'], goal: { kind: 'capture' }, solution: ['e4d5'],
      },
      {
        text: T('Only the first move of a pawn may be two squares. Push this pawn to e5.', 'Doar prima mutare a pionului poate fi de două câmpuri. Împinge pionul pe e5.', 'Solo el primer movimiento del peón puede ser de dos casillas. Avanza este peón a e5.'),
        fen: '8/8/8/8/4P3/8/8/8 w - - 0 1', sandbox: true, marks: ['e5'], goal: { kind: 'reach', square: 'e5', piece: 'p' }, solution: ['e4e5'],
      },
    ],
  },
  {
    id: 'capture',
    title: T('Capturing', 'Capturarea', 'Capturar'),
    description: T('Take the enemy pieces.', 'Ia piesele adversarului.', 'Captura las piezas enemigas.'),
    steps: [
      {
        text: T('Moving onto an enemy piece captures it: it leaves the board. Capture both black pieces with the rook.', 'Când te muți pe o piesă a adversarului, o iei: ea iese de pe tablă. Ia ambele piese negre cu turnul.', 'Al moverte a la casilla de una pieza enemiga, la capturas: sale del tablero. Captura las dos piezas negras con la torre.'),
        fen: '8/8/8/3n4/8/8/8/R2p4 w - - 0 1', sandbox: true, marks: ['d1', 'd5'], goal: { kind: 'capture' }, solution: ['a1d1', 'd1d5'],
      },
      {
        text: T('The knight captures where it lands. Capture the black pawns.', 'Calul ia acolo unde aterizează. Ia pionii negri.', 'El caballo captura donde cae. Captura los peones negros.'),
        fen: '8/8/8/4p3/8/5p2/8/6N1 w - - 0 1', sandbox: true, marks: ['f3', 'e5'], goal: { kind: 'capture' }, solution: ['g1f3', 'f3e5'],
      },
    ],
  },
  {
    id: 'en-passant',
    title: T('En passant', 'Luarea en passant', 'Captura al paso'),
    description: T('A pawn capture with a deadline.', 'O luare cu pionul care are termen.', 'Una captura de peón con plazo.'),
    steps: [
      {
        text: T('Black\'s pawn just moved two squares and stopped beside yours. Right now, your pawn may take it as if it had moved one square: play e5 to d6.', 'Pionul negru tocmai a mers două câmpuri și s-a oprit lângă al tău. Chiar acum, pionul tău îl poate lua ca și cum ar fi mers un câmp: joacă de pe e5 pe d6.', 'El peón negro acaba de avanzar dos casillas y se ha parado junto al tuyo. Ahora mismo tu peón puede capturarlo como si hubiera avanzado una: juega de e5 a d6.'),
        fen: 'k7/3p4/8/4P3/8/8/8/K7 b - - 0 1', before: ['d7d5'], goal: { kind: 'en-passant' }, solution: ['e5d6'],
      },
      {
        text: T('This time the black pawn moved two squares a move ago. En passant had to be played at once: it is too late. Push your pawn to e6.', 'De data asta, pionul negru a mers două câmpuri acum o mutare. En passant trebuia jucat imediat: e prea târziu. Împinge pionul pe e6.', 'Esta vez el peón negro avanzó dos casillas hace una jugada. La captura al paso debía hacerse enseguida: es tarde. Avanza tu peón a e6.'),
        fen: 'k7/3p4/8/4P3/8/8/8/K7 b - - 0 1', before: ['d7d5', 'a1b1', 'a8b8'], marks: ['e6'], goal: { kind: 'reach', square: 'e6', piece: 'p' }, solution: ['e5e6'],
      },
    ],
  },
  {
    id: 'promotion',
    title: T('Promotion', 'Promovarea', 'La promoción'),
    description: T('A pawn on the last rank becomes a piece.', 'Pionul ajuns pe ultima linie devine piesă.', 'Un peón en la última fila se convierte en pieza.'),
    steps: [
      {
        text: T('A pawn that reaches the last rank must become a queen, rook, bishop or knight. Promote it to a queen.', 'Pionul care ajunge pe ultima linie trebuie să devină damă, turn, nebun sau cal. Fă-l damă.', 'Un peón que llega a la última fila debe convertirse en dama, torre, alfil o caballo. Conviértelo en dama.'),
        fen: '7k/4P3/8/8/8/8/8/4K3 w - - 0 1', goal: { kind: 'promote', piece: 'q' }, solution: ['e7e8q'],
      },
      {
        text: T('Sometimes a knight is better: here it checks the king and attacks the queen at once. Promote to a knight.', 'Uneori calul e mai bun: aici dă șah regelui și atacă dama în același timp. Fă-l cal.', 'A veces es mejor un caballo: aquí da jaque al rey y ataca a la dama a la vez. Conviértelo en caballo.'),
        fen: '8/4P1k1/3q4/8/8/8/8/K7 w - - 0 1', goal: { kind: 'promote', piece: 'n' }, solution: ['e7e8n'],
      },
    ],
  },
  {
    id: 'check',
    title: T('Check', 'Șahul', 'El jaque'),
    description: T('Attacking the king, and the three ways out.', 'Atacul asupra regelui și cele trei ieșiri.', 'Atacar al rey, y las tres salidas.'),
    steps: [
      {
        text: T('A king that is attacked is in check. Give check to the black king with your queen.', 'Un rege atacat este în șah. Dă șah regelui negru cu dama.', 'Un rey atacado está en jaque. Da jaque al rey negro con tu dama.'),
        fen: '4k3/8/8/8/8/8/8/3QK3 w - - 0 1', goal: { kind: 'check' }, solution: ['d1a4'],
      },
      {
        text: T('Is the white king in check?', 'Este regele alb în șah?', '¿Está el rey blanco en jaque?'),
        fen: '4k3/8/8/8/8/8/3q4/4K3 w - - 0 1', goal: { kind: 'question', ask: 'in-check' },
      },
      {
        text: T('Which piece gives check? Click it.', 'Care piesă dă șah? Apasă pe ea.', '¿Qué pieza da jaque? Púlsala.'),
        fen: '4k3/8/8/8/1b6/8/8/2r1K2R w K - 0 1', goal: { kind: 'question', ask: 'checkers' },
      },
      {
        text: T('You must get out of check. First way: move the king to a safe square.', 'Trebuie să ieși din șah. Prima cale: mută regele pe un câmp sigur.', 'Tienes que salir del jaque. Primera forma: mueve el rey a una casilla segura.'),
        fen: '7k/8/8/4r3/8/2B5/8/4K3 w - - 0 1', goal: { kind: 'escape', by: 'king' }, solution: ['e1d2'],
      },
      {
        text: T('Second way: capture the piece that gives check.', 'A doua cale: ia piesa care dă șah.', 'Segunda forma: captura la pieza que da jaque.'),
        fen: '7k/8/8/4r3/8/2B5/8/4K3 w - - 0 1', goal: { kind: 'escape', by: 'capture' }, solution: ['c3e5'],
      },
      {
        text: T('Third way: put a piece in between. Block the check with the knight.', 'A treia cale: pune o piesă la mijloc. Acoperă șahul cu calul.', 'Tercera forma: pon una pieza en medio. Tapa el jaque con el caballo.'),
        fen: '7k/8/8/4r3/8/8/3N4/4K3 w - - 0 1', goal: { kind: 'escape', by: 'block' }, solution: ['d2e4'],
      },
      {
        text: T('Your king may never stand in check. Here only one move is legal: find it.', 'Regele tău nu are voie să rămână în șah. Aici e o singură mutare legală: găsește-o.', 'Tu rey nunca puede quedar en jaque. Aquí solo hay una jugada legal: encuéntrala.'),
        fen: '7k/8/8/8/8/8/r7/7K w - - 0 1', goal: { kind: 'only-move' }, solution: ['h1g1'],
      },
      {
        text: T('A pinned piece may not move if that would put its own king in check. Click the pinned white piece.', 'O piesă legată nu are voie să se miște dacă asta și-ar pune regele în șah. Apasă pe piesa albă legată.', 'Una pieza clavada no puede moverse si eso deja a su rey en jaque. Pulsa la pieza blanca clavada.'),
        fen: '4k3/8/8/b7/8/8/3P4/4K3 w - - 0 1', goal: { kind: 'question', ask: 'pinned' },
      },
    ],
  },
  {
    id: 'checkmate',
    title: T('Checkmate', 'Șah mat', 'Jaque mate'),
    description: T('Check with no way out wins the game.', 'Șah fără scăpare câștigă partida.', 'Jaque sin salida gana la partida.'),
    steps: [
      {
        text: T('Checkmate: the king is in check and cannot get out. The game is over. Mate the king behind its own pawns.', 'Mat: regele e în șah și nu poate scăpa. Partida s-a terminat. Dă mat regelui din spatele pionilor lui.', 'Jaque mate: el rey está en jaque y no puede escapar. La partida termina. Da mate al rey detrás de sus propios peones.'),
        fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', goal: { kind: 'checkmate' }, solution: ['a1a8'],
      },
      {
        text: T('Mate with the queen; your king helps.', 'Dă mat cu dama; regele tău ajută.', 'Da mate con la dama; tu rey ayuda.'),
        fen: '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', goal: { kind: 'checkmate' }, solution: ['f1f8'],
      },
      {
        text: T('Mate in two moves: first take away the king\'s squares, then give mate. Black defends as well as it can.', 'Mat în două mutări: întâi ia-i regelui câmpurile, apoi dă mat. Negrul se apără cât poate de bine.', 'Mate en dos jugadas: primero quita casillas al rey y luego da mate. Las negras se defienden lo mejor posible.'),
        fen: 'k7/8/2K5/8/8/8/8/1R6 w - - 0 1', goal: { kind: 'checkmate', in: 2 }, solution: ['c6c7', 'b1a1'],
      },
      {
        text: T('Is Black checkmated?', 'Are negrul mat?', '¿Están las negras en jaque mate?'),
        fen: 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1', goal: { kind: 'question', ask: 'checkmate' },
      },
    ],
  },
  {
    id: 'stalemate',
    title: T('Stalemate', 'Patul', 'El ahogado'),
    description: T('No legal move and no check: a draw.', 'Nicio mutare legală și niciun șah: remiză.', 'Sin jugadas legales y sin jaque: tablas.'),
    steps: [
      {
        text: T('Black is not in check but has no legal move. Is this stalemate?', 'Negrul nu e în șah, dar nu are nicio mutare legală. Este pat?', 'Las negras no están en jaque pero no tienen jugadas legales. ¿Es ahogado?'),
        fen: '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', goal: { kind: 'question', ask: 'stalemate' },
      },
      {
        text: T('Stalemate is a draw, even if you have much more. Find the queen move that stalemates, so you know it.', 'Patul e remiză, chiar dacă ai mult mai mult. Găsește mutarea damei care dă pat, ca s-o recunoști.', 'El ahogado es tablas, aunque tengas mucho más. Encuentra la jugada de dama que ahoga, para reconocerla.'),
        fen: '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', goal: { kind: 'stalemate' }, solution: ['f1f7'],
      },
      {
        text: T('Now you are winning: leave the black king a square and keep your queen safe.', 'Acum câștigi: lasă-i regelui negru un câmp și păstrează-ți dama în siguranță.', 'Ahora vas ganando: deja una casilla al rey negro y mantén tu dama a salvo.'),
        fen: '7k/8/5K2/8/8/8/8/6Q1 w - - 0 1', goal: { kind: 'avoid-stalemate' }, solution: ['g1g5'],
      },
    ],
  },
  {
    id: 'castling',
    title: T('Castling', 'Rocada', 'El enroque'),
    description: T('The king\'s special move, and when it is not allowed.', 'Mutarea specială a regelui și când nu e voie.', 'La jugada especial del rey, y cuándo no se puede.'),
    steps: [
      {
        text: T('Castling: the king moves two squares towards a rook, and the rook jumps to the other side of the king. Castle on the short side.', 'Rocada: regele merge două câmpuri spre un turn, iar turnul sare de partea cealaltă a regelui. Fă rocada mică.', 'El enroque: el rey va dos casillas hacia una torre y la torre salta al otro lado del rey. Haz el enroque corto.'),
        fen: CASTLE, goal: { kind: 'castle', side: 'k' }, solution: ['e1g1'],
      },
      {
        text: T('Now castle on the long side, towards the a1 rook.', 'Acum fă rocada mare, spre turnul de pe a1.', 'Ahora haz el enroque largo, hacia la torre de a1.'),
        fen: CASTLE, goal: { kind: 'castle', side: 'q' }, solution: ['e1c1'],
      },
      {
        text: T('The king may not pass over a square that an enemy piece attacks. The rook on f2 attacks f1. Can White castle short?', 'Regele nu are voie să treacă peste un câmp atacat. Turnul de pe f2 atacă f1. Poate albul să facă rocada mică?', 'El rey no puede pasar por una casilla atacada. La torre de f2 ataca f1. ¿Pueden las blancas enrocar corto?'),
        fen: 'r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1', goal: { kind: 'question', ask: 'can-castle', side: 'k' },
      },
      {
        text: T('A king in check may not castle. Can White castle short here?', 'Un rege în șah nu are voie să facă rocada. Poate albul să facă rocada mică aici?', 'Un rey en jaque no puede enrocar. ¿Pueden las blancas enrocar corto aquí?'),
        fen: '4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1', goal: { kind: 'question', ask: 'can-castle', side: 'k' },
      },
      {
        text: T('The white king walked to e2 and came back. A king that has moved may never castle. Can White castle short?', 'Regele alb a mers pe e2 și s-a întors. Un rege care s-a mișcat nu mai poate face niciodată rocada. Poate albul să facă rocada mică?', 'El rey blanco fue a e2 y volvió. Un rey que se ha movido ya no puede enrocar nunca. ¿Pueden las blancas enrocar corto?'),
        fen: 'r3k2r/pppppppp/8/8/8/8/PPPP1PPP/R3K2R w KQkq - 0 1', before: ['e1e2', 'a8b8', 'e2e1', 'b8a8'], goal: { kind: 'question', ask: 'can-castle', side: 'k' },
      },
      {
        text: T('All squares between the king and the rook must be empty. Can White castle long?', 'Toate câmpurile dintre rege și turn trebuie să fie libere. Poate albul să facă rocada mare?', 'Todas las casillas entre el rey y la torre deben estar vacías. ¿Pueden las blancas enrocar largo?'),
        fen: 'r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1', goal: { kind: 'question', ask: 'can-castle', side: 'q' },
      },
    ],
  },
  {
    id: 'chess960',
    title: T('Chess960', 'Șah 960', 'Ajedrez 960'),
    description: T('Shuffled pieces, the same castling squares.', 'Piese amestecate, aceleași câmpuri de rocadă.', 'Piezas mezcladas, las mismas casillas de enroque.'),
    steps: [
      {
        text: T('In Chess960 the pieces start shuffled, the king between its rooks. After castling, king and rook stand where normal castling puts them. Move the king onto the b1 rook to castle long.', 'În șahul 960 piesele pornesc amestecate, cu regele între turnuri. După rocadă, regele și turnul stau unde îi pune rocada obișnuită. Mută regele peste turnul de pe b1 ca să faci rocada mare.', 'En el ajedrez 960 las piezas empiezan mezcladas, con el rey entre sus torres. Tras enrocar, rey y torre quedan donde los pone el enroque normal. Mueve el rey sobre la torre de b1 para enrocar largo.'),
        fen: 'nrk4r/pppppppp/8/8/8/8/PPPPPPPP/NRK4R w HBhb - 0 1', chess960: true, goal: { kind: 'castle', side: 'q' }, solution: ['c1b1'],
      },
      {
        text: T('Castling short always ends with the king on g1 and the rook on f1. Move the king onto the h1 rook.', 'Rocada mică se termină mereu cu regele pe g1 și turnul pe f1. Mută regele peste turnul de pe h1.', 'El enroque corto siempre termina con el rey en g1 y la torre en f1. Mueve el rey sobre la torre de h1.'),
        fen: 'nrk4r/pppppppp/8/8/8/8/PPPPPPPP/NRK4R w HBhb - 0 1', chess960: true, goal: { kind: 'castle', side: 'k' }, solution: ['c1h1'],
      },
    ],
  },
  {
    id: 'draws',
    title: T('Draws', 'Remiza', 'Las tablas'),
    description: T('Agreement, repetition, fifty moves, dead positions.', 'Acord, repetare, cincizeci de mutări, poziții moarte.', 'Acuerdo, repetición, cincuenta jugadas, posiciones muertas.'),
    steps: [
      {
        text: T('Players may agree to a draw. You offer it right after making your move, before pressing the clock. Play Nf3, then you could offer.', 'Jucătorii pot cădea de acord la remiză. Oferi remiza imediat după ce ai mutat, înainte să apeși ceasul. Joacă Cf3, apoi ai putea oferi.', 'Los jugadores pueden acordar tablas. Se ofrecen justo después de hacer tu jugada, antes de pulsar el reloj. Juega Cf3 y luego podrías ofrecerlas.'),
        fen: START, goal: { kind: 'play', move: 'Nf3' }, solution: ['g1f3'],
      },
      {
        text: T('When no one can ever checkmate, the game is drawn at once. Take the last black pawn: a king and a bishop cannot mate.', 'Când nimeni nu mai poate da mat, partida e remiză pe loc. Ia ultimul pion negru: un rege și un nebun nu pot da mat.', 'Cuando nadie puede dar mate nunca, la partida es tablas al instante. Captura el último peón negro: un rey y un alfil no pueden dar mate.'),
        fen: '7k/8/8/8/8/8/6p1/5B1K w - - 0 1', goal: { kind: 'draw', by: 'insufficient-material' }, solution: ['f1g2'],
      },
      {
        text: T('King and bishop against king and knight: can a mate still happen? Is this a dead position?', 'Rege și nebun contra rege și cal: mai poate exista un mat? Este o poziție moartă?', 'Rey y alfil contra rey y caballo: ¿todavía puede haber mate? ¿Es una posición muerta?'),
        fen: '8/8/8/8/8/2k5/8/1bK1N3 w - - 0 1', goal: { kind: 'question', ask: 'dead-position' },
      },
      {
        text: T('Fifty moves each without a capture or a pawn move: you may claim a draw. The counter says 100 half-moves. Claim it.', 'Cincizeci de mutări fiecare fără nicio luare și fără mutare de pion: poți cere remiză. Contorul arată 100 de semimutări. Cere remiza.', 'Cincuenta jugadas cada uno sin capturas ni jugadas de peón: puedes reclamar tablas. El contador marca 100 medias jugadas. Reclámalas.'),
        fen: '7k/8/8/8/8/8/8/R6K w - - 100 120', goal: { kind: 'claim', rule: 'fifty' }, solution: [],
      },
      {
        text: T('Here the counter says 98 half-moves. Can you claim a draw now?', 'Aici contorul arată 98 de semimutări. Poți cere remiză acum?', 'Aquí el contador marca 98 medias jugadas. ¿Puedes reclamar tablas ahora?'),
        fen: '7k/8/8/8/8/8/8/R6K w - - 98 120', goal: { kind: 'question', ask: 'claimable' },
      },
      {
        text: T('The same position for the third time: the player about to make it may claim a draw with that move. The knights danced back and forth. Play Ng8 and claim.', 'Aceeași poziție a treia oară: jucătorul care o face poate cere remiză cu acea mutare. Caii au dansat înainte și înapoi. Joacă Cg8 și cere remiza.', 'La misma posición por tercera vez: el jugador que va a producirla puede reclamar tablas con esa jugada. Los caballos han ido y venido. Juega Cg8 y reclama.'),
        fen: START, before: [...KNIGHT_DANCE, ...KNIGHT_DANCE.slice(0, 3)], goal: { kind: 'claim', rule: 'threefold' }, solution: ['f6g8'],
      },
      {
        text: T('The same position five times ends the game by itself: a draw, no claim needed. Play Ng8 once more.', 'Aceeași poziție de cinci ori termină singură partida: remiză, fără să ceri. Mai joacă o dată Cg8.', 'La misma posición cinco veces termina la partida sola: tablas, sin reclamar. Juega Cg8 una vez más.'),
        fen: START, before: [...KNIGHT_DANCE, ...KNIGHT_DANCE, ...KNIGHT_DANCE, ...KNIGHT_DANCE.slice(0, 3)], goal: { kind: 'draw', by: 'fivefold-repetition' }, solution: ['f6g8'],
      },
      {
        text: T('Seventy-five moves each without a capture or a pawn move end the game by themselves. One more rook move does it.', 'Șaptezeci și cinci de mutări fiecare fără luare sau mutare de pion termină singure partida. Încă o mutare de turn ajunge.', 'Setenta y cinco jugadas cada uno sin capturas ni jugadas de peón terminan la partida solas. Basta una jugada más de torre.'),
        fen: '7k/8/8/8/8/8/p7/R6K w - - 149 120', goal: { kind: 'draw', by: 'seventyfive-moves' }, solution: ['a1b1'],
      },
    ],
  },
  {
    id: 'clock',
    title: T('The clock', 'Ceasul', 'El reloj'),
    description: T('Time runs out: who wins?', 'Se termină timpul: cine câștigă?', 'Se acaba el tiempo: ¿quién gana?'),
    steps: [
      {
        text: T('A player whose time runs out loses, if the other player can still mate. White\'s time runs out; Black has a rook. What is the result?', 'Cine rămâne fără timp pierde, dacă adversarul mai poate da mat. Albului i se termină timpul; negrul are un turn. Care e rezultatul?', 'Quien se queda sin tiempo pierde, si el rival todavía puede dar mate. A las blancas se les acaba el tiempo; las negras tienen una torre. ¿Cuál es el resultado?'),
        fen: '8/8/8/8/8/2k5/5r2/2K5 w - - 0 1', goal: { kind: 'question', ask: 'flag-result', color: 'w' },
      },
      {
        text: T('But if the other player cannot mate by any legal moves, it is a draw. White\'s time runs out; Black has only a king. What is the result?', 'Dar dacă adversarul nu poate da mat în niciun fel, e remiză. Albului i se termină timpul; negrul are doar regele. Care e rezultatul?', 'Pero si el rival no puede dar mate de ninguna manera, son tablas. A las blancas se les acaba el tiempo; las negras solo tienen el rey. ¿Cuál es el resultado?'),
        fen: '8/8/8/8/8/2k5/8/2K1NR2 w - - 0 1', goal: { kind: 'question', ask: 'flag-result', color: 'w' },
      },
    ],
  },
  {
    id: 'touch-move',
    title: T('Touch-move', 'Piesa atinsă', 'Pieza tocada'),
    description: T('Touch a piece, move that piece.', 'Atingi o piesă, muți acea piesă.', 'Tocas una pieza, mueves esa pieza.'),
    steps: [
      {
        text: T('If you touch one of your pieces on purpose, you must move it. You touched the knight on g1. Try e4, then move the knight.', 'Dacă atingi intenționat una dintre piesele tale, trebuie s-o muți. Ai atins calul de pe g1. Încearcă e4, apoi mută calul.', 'Si tocas a propósito una de tus piezas, tienes que moverla. Has tocado el caballo de g1. Prueba e4 y luego mueve el caballo.'),
        fen: START, touched: ['g1'], marks: ['g1'], goal: { kind: 'touch' }, solution: ['g1f3'],
      },
    ],
  },
  {
    id: 'notation',
    title: T('Writing moves', 'Notarea mutărilor', 'Anotar las jugadas'),
    description: T('Piece letter and square, in your language.', 'Litera piesei și câmpul, în limba ta.', 'Letra de la pieza y casilla, en tu idioma.'),
    steps: [
      {
        text: T('A move is written with the piece\'s letter and the square it goes to; pawns have no letter. Type the move e4 in the move box.', 'O mutare se scrie cu litera piesei și câmpul unde merge; pionii nu au literă. Scrie mutarea e4 în căsuța de mutări.', 'Una jugada se escribe con la letra de la pieza y la casilla de destino; los peones no llevan letra. Escribe la jugada e4 en la casilla de jugadas.'),
        fen: START, goal: { kind: 'play', move: 'e4' }, solution: ['e2e4'],
      },
      {
        text: T('Write the knight move from g1 to f3 (in English N is the knight; in Romanian and Spanish, C).', 'Scrie mutarea calului de pe g1 pe f3 (în română calul este C).', 'Escribe la jugada del caballo de g1 a f3 (en español el caballo es la C).'),
        fen: START, goal: { kind: 'question', ask: 'san', move: 'g1f3' },
      },
      {
        text: T('A capture is written with x; a pawn capture starts with the pawn\'s file. Write the pawn capture e4 takes d5.', 'Luarea se scrie cu x; luarea cu pionul începe cu coloana pionului. Scrie luarea pionului de pe e4 pe d5.', 'Una captura se escribe con x; la del peón empieza por su columna. Escribe la captura del peón de e4 en d5.'),
        fen: 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2', goal: { kind: 'question', ask: 'san', move: 'e4d5' },
      },
      {
        text: T('Short castling is written O-O and long castling O-O-O. Write White\'s short castling.', 'Rocada mică se scrie O-O, iar rocada mare O-O-O. Scrie rocada mică a albului.', 'El enroque corto se escribe O-O y el largo O-O-O. Escribe el enroque corto de las blancas.'),
        fen: CASTLE, goal: { kind: 'question', ask: 'san', move: 'e1g1' },
      },
    ],
  },
  {
    id: 'resign',
    title: T('Resigning', 'Abandonul', 'El abandono'),
    description: T('Giving up ends the game.', 'Cine cedează încheie partida.', 'Rendirse termina la partida.'),
    steps: [
      {
        text: T('A player may resign: the game ends and the other player wins. White resigns. What is the result?', 'Un jucător poate abandona: partida se termină și adversarul câștigă. Albul abandonează. Care e rezultatul?', 'Un jugador puede abandonar: la partida termina y gana el rival. Las blancas abandonan. ¿Cuál es el resultado?'),
        goal: { kind: 'question', ask: 'resign-result', color: 'w' },
      },
    ],
  },
];
