// Rocada's demo page: Play against the engine, Analyse games, Learn the rules; in English,
// Romanian and Spanish; offline after the first visit. Imports `rocada` exactly as a user of
// the npm package does.
import type { Color, EngineScore, Lang, Square } from 'rocada';
import { AnalyseMode } from './analyse/analyse';
import type { App, Mode, ModeName, Strip } from './app';
import { Board } from './board/board';
import { savedBoardTheme, setBoardTheme } from './board/theme';
import { $, setText } from './dom';
import { getEngine } from './engine';
import { detectLang, lang, onLangChange, setLang, t } from './i18n';
import { LearnMode } from './learn/learn';
import { PlayMode } from './play';
import { squareLabel } from './position';
import { isMuted, prepareSound, setMuted } from './sound';

const announcer = $('announcer', HTMLDivElement);
const moveError = $('move-error', HTMLParagraphElement);
const evalbar = $('evalbar', HTMLDivElement);
/** The error under the board, written again in a new language. */
let moveErrorText: () => string = () => '';

function renderStrip(el: HTMLElement, strip: Strip | null): void {
  if (el.hidden !== !strip) el.hidden = !strip;
  if (!strip) return;
  setText(el.querySelector('.name')!, strip.name);
  const clock = el.querySelector<HTMLElement>('.clock')!;
  if (clock.hidden !== (strip.clock === null)) clock.hidden = strip.clock === null;
  setText(clock, strip.clock ?? '');
  const ms = strip.clockMs === undefined ? undefined : String(Math.round(strip.clockMs));
  if (ms === undefined) delete clock.dataset.ms;
  else if (clock.dataset.ms !== ms) clock.dataset.ms = ms;
  clock.classList.toggle('running', !!strip.active);
  clock.classList.toggle('low', !!strip.low);
}

let modes: Record<ModeName, Mode>;
let current: ModeName = 'play';

const board = new Board($('board', HTMLDivElement), {
  onMove: (from: Square, to: Square) => modes[current].boardMove(from, to),
  onIdle: (square: Square) => modes[current].boardIdle?.(square),
  // Only Play allows premoves.
  onPremove: (from: Square, to: Square) => (modes.play as PlayMode).boardPremove(from, to),
  onPremoveCancel: () => (modes.play as PlayMode).cancelPremove(),
  label: squareLabel,
  promotionLabel: (p) => (p === 'cancel' ? t('board.promotionCancel') : t('board.promoteTo', { piece: t(`piece.w${p}`) })),
});

const app: App = {
  board,
  announce(text) {
    // Clearing first makes a repeated text be read again.
    announcer.textContent = '';
    requestAnimationFrame(() => {
      announcer.textContent = text;
    });
  },
  moveError(text) {
    moveErrorText = typeof text === 'string' ? () => text : text;
    moveError.textContent = moveErrorText();
  },
  strips(top, bottom) {
    renderStrip($('player-top', HTMLDivElement), top);
    renderStrip($('player-bottom', HTMLDivElement), bottom);
  },
  evalBar(score: EngineScore | null, end?: { winner: Color | null }) {
    if (evalbar.hidden !== !score) evalbar.hidden = !score;
    if (!score) return;
    const cp = 'mate' in score ? Math.sign(score.mate) * 1000 : score.cp;
    // White's share of the bar, 0..1 (the fill is scaled, not resized: no layout); a finished
    // game fills it for the winner (a mate), or halves it (a draw).
    const white = end ? (end.winner === 'w' ? '1.000' : end.winner === 'b' ? '0.000' : '0.500') : (1 / (1 + Math.exp(-cp / 250))).toFixed(3);
    const text = end ? (end.winner === 'w' ? '1-0' : end.winner === 'b' ? '0-1' : '0.0') : 'mate' in score ? `#${score.mate}` : (score.cp / 100).toFixed(1);
    const label = t('analyse.eval', { score: text });
    // Reports arrive several times a second: only what changed is written.
    if (evalbar.style.getPropertyValue('--white') !== white) evalbar.style.setProperty('--white', white);
    setText(evalbar.querySelector('.value')!, text);
    if (evalbar.getAttribute('aria-label') !== label) evalbar.setAttribute('aria-label', label);
  },
  switchMode,
  analysePgn(pgn) {
    switchMode('analyse');
    (modes.analyse as AnalyseMode).openPgn(pgn);
  },
};

modes = { play: new PlayMode(app), analyse: new AnalyseMode(app), learn: new LearnMode(app) };

function switchMode(name: ModeName): void {
  modes[current].leave();
  current = name;
  for (const tab of document.querySelectorAll<HTMLButtonElement>('[role="tab"]')) {
    const selected = tab.dataset.mode === name;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    $(`panel-${tab.dataset.mode}`, HTMLElement).hidden = !selected;
  }
  document.body.dataset.mode = name;
  app.moveError('');
  if (location.hash !== `#${name}`) history.replaceState(null, '', `#${name}`);
  modes[name].enter();
}

function setUp(): void {
  const langSelect = $('lang', HTMLSelectElement);
  setLang(detectLang());
  langSelect.value = lang();
  langSelect.addEventListener('change', () => setLang(langSelect.value as Lang));
  onLangChange(() => {
    moveError.textContent = moveErrorText();
    board.relabel();
    moveError.textContent = moveErrorText();
    modes[current].relabel();
  });

  const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  for (const tab of tabs) {
    tab.addEventListener('click', () => switchMode(tab.dataset.mode as ModeName));
    tab.addEventListener('keydown', (e) => {
      const i = tabs.indexOf(tab);
      const next = e.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : e.key === 'ArrowLeft' ? tabs[(i + tabs.length - 1) % tabs.length] : null;
      if (next) {
        next.click();
        next.focus();
      }
    });
  }
  $('flip', HTMLButtonElement).addEventListener('click', () => {
    board.flip();
    modes[current].relabel();
  });
  // The board's colours, remembered.
  const themeSelect = $('board-theme', HTMLSelectElement);
  themeSelect.value = setBoardTheme(savedBoardTheme());
  themeSelect.addEventListener('change', () => {
    themeSelect.value = setBoardTheme(themeSelect.value);
  });
  // The sound switch: pressed while move sounds play.
  const mute = $('mute', HTMLButtonElement);
  const showMute = (): void => {
    const on = !isMuted();
    mute.setAttribute('aria-pressed', String(on));
    // A speaker drawn in SVG (an emoji needs a font the system may lack), with waves or a cross.
    const waves = on ? '<path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13"/>' : '<path d="M16 9l6 6M22 9l-6 6"/>';
    mute.innerHTML = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>${waves}</svg>`;
    document.body.dataset.muted = String(!on);
  };
  mute.addEventListener('click', () => {
    setMuted(!isMuted());
    showMute();
    prepareSound();
  });
  showMute();

  const form = $('move-form', HTMLFormElement);
  const input = $('move-input', HTMLInputElement);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    modes[current].typed(input.value);
    input.value = '';
  });
  document.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable]') || e.altKey || e.ctrlKey || e.metaKey) return;
    if (modes[current].key?.(e)) e.preventDefault();
  });

  // `#analyse?pgn=...&ply=...` or `#analyse?fen=...`: a link from Analyse's "Link to this
  // position", opened on load or pasted into the address bar of an open page.
  const follow = (): void => {
    const [hash, query] = location.hash.slice(1).split('?', 2);
    const name = hash === 'analyse' || hash === 'learn' ? hash : 'play';
    if (name !== current || !document.body.dataset.ready) switchMode(name);
    if (name === 'analyse' && query) (modes.analyse as AnalyseMode).openLink(new URLSearchParams(query));
  };
  follow();
  window.addEventListener('hashchange', follow);
  document.body.dataset.ready = 'true';
  performance.mark('rocada-ready');
  // Start the engine's worker early, off the critical path.
  void getEngine();
}

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  void navigator.serviceWorker.register('/sw.js');
}

setUp();
