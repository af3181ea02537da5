// Board colours: a few themes for the squares and their coordinates, chosen under the board
// and remembered in localStorage. The board knows nothing of them: the theme is a data
// attribute on <html> (`data-board`), which style.css turns into the squares' colours.

/** The themes, the first the default (the select's options in index.html, in this order). */
export const BOARD_THEMES = ['wood', 'green', 'blue', 'grey'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];

const STORAGE_KEY = 'rocada.board';

function isTheme(s: string | null | undefined): s is BoardTheme {
  return !!s && (BOARD_THEMES as readonly string[]).includes(s);
}

/** The saved theme, else the default. */
export function savedBoardTheme(): BoardTheme {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isTheme(saved)) return saved;
  } catch {
    // Storage refused (private mode): the default.
  }
  return BOARD_THEMES[0];
}

/** Shows `theme` (an unknown name: the default) and remembers it. */
export function setBoardTheme(theme: string): BoardTheme {
  const chosen = isTheme(theme) ? theme : BOARD_THEMES[0];
  document.documentElement.dataset.board = chosen;
  try {
    localStorage.setItem(STORAGE_KEY, chosen);
  } catch {
    // Storage refused: the theme still holds for this visit.
  }
  return chosen;
}
