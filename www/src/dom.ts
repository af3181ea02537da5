// DOM helpers: the page's elements by id, typed; text writes that skip unchanged text.

/** The element with this id, which must exist and be of this type. */
export function $<T extends HTMLElement>(id: string, type: { new (): T }): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`#${id} is missing from index.html`);
  return el;
}

/** Sets `el`'s text only when it differs: an unchanged text then costs no style or layout work. */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}
