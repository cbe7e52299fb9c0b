/**
 * Opens what a `#id` in the address names on the help centre (decision 085): an article (a
 * `<details>`) is opened, and the article or section is scrolled into view. The assistant's links
 * (`/help-center#damage`) land here on load and on every change of the hash.
 */
export interface HashDocument {
  getElementById(id: string): HashTarget | null;
}

export interface HashTarget {
  tagName: string;
  open?: boolean;
  scrollIntoView(options?: ScrollIntoViewOptions): void;
}

/** The element the hash names, opened and scrolled to; null when there is none (yet). */
export function openHashTarget(hash: string, doc: HashDocument): HashTarget | null {
  if (!hash || hash === '#') return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return null;
  }
  const target = doc.getElementById(id);
  if (!target) return null;
  if (target.tagName.toLowerCase() === 'details') target.open = true;
  target.scrollIntoView({ block: 'start' });
  return target;
}
