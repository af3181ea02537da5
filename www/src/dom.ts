// Looking up the page's elements by id, typed.

/** The element with this id, which must exist and be of this type. */
export function $<T extends HTMLElement>(id: string, type: { new (): T }): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`#${id} is missing from index.html`);
  return el;
}
