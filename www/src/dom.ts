// DOM helpers: the page's elements by id, typed; text writes that skip unchanged text; a
// scroll that stays inside its box.

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

/**
 * Scrolls the box `container` the least it takes to show `el`, and nothing else.
 * `scrollIntoView` would scroll the page too: on a phone, where the move list is below the
 * board, every move took the board off the screen.
 */
export function revealIn(container: HTMLElement, el: Element | null | undefined): void {
  if (!el) return;
  const box = container.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (r.top < box.top) container.scrollTop -= box.top - r.top;
  else if (r.bottom > box.bottom) container.scrollTop += Math.min(r.bottom - box.bottom, r.top - box.top);
  if (r.left < box.left) container.scrollLeft -= box.left - r.left;
  else if (r.right > box.right) container.scrollLeft += Math.min(r.right - box.right, r.left - box.left);
}
