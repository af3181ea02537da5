// Every text of the page, in English, Romanian and Spanish (one messages table per language:
// en.ts, ro.ts, es.ts). The language comes from the browser, can be switched, and is kept in
// localStorage. Static texts in index.html carry `data-i18n` (text), `data-i18n-label`
// (aria-label) or `data-i18n-placeholder`.
import type { Lang } from 'rocada';
import { en, type MessageKey, type Messages } from './en';
import { ro } from './ro';
import { es } from './es';

export type { MessageKey };

const TABLES: Record<Lang, Messages> = { en, ro, es };
const LANGS: Lang[] = ['en', 'ro', 'es'];

let current: Lang = 'en';
const listeners: (() => void)[] = [];

function isLang(s: string | null | undefined): s is Lang {
  return !!s && (LANGS as string[]).includes(s);
}

/** The saved choice, else the first of the browser's languages we have, else English. */
export function detectLang(): Lang {
  const saved = localStorage.getItem('rocada.lang');
  if (isLang(saved)) return saved;
  for (const l of navigator.languages ?? [navigator.language]) {
    const code = l.slice(0, 2).toLowerCase();
    if (isLang(code)) return code;
  }
  return 'en';
}

export function lang(): Lang {
  return current;
}

/** Switches the language, re-translates the static texts and tells every listener. */
export function setLang(l: Lang): void {
  current = l;
  localStorage.setItem('rocada.lang', l);
  document.documentElement.lang = l;
  translateStatic();
  for (const f of listeners) f();
}

/** Calls `f` after every language change. */
export function onLangChange(f: () => void): void {
  listeners.push(f);
}

/** The text of `key` in the current language, `{name}` placeholders filled from `vars`. */
export function t(key: MessageKey, vars: Record<string, string | number> = {}): string {
  return TABLES[current][key].replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** Whether `key` is a known message (for keys built at run time). */
export function hasKey(key: string): key is MessageKey {
  return key in en;
}

function translateStatic(): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const key = el.dataset.i18n;
    if (key && hasKey(key)) el.textContent = t(key);
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n-label]')) {
    const key = el.dataset.i18nLabel;
    if (key && hasKey(key)) el.setAttribute('aria-label', t(key));
  }
  for (const el of document.querySelectorAll<HTMLInputElement>('[data-i18n-placeholder]')) {
    const key = el.dataset.i18nPlaceholder;
    if (key && hasKey(key)) el.placeholder = t(key);
  }
}
