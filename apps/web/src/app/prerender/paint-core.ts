/**
 * What every painter shares (list-painter.ts, home-painter.ts): each is a classic script of its own
 * that index.html's inline script asks for on a cold load of its route with a session stored
 * (app/early-calls.ts). It waits for the answers the inline script asked for and the page's
 * stylesheets, and draws the page into #root from the markup the build rendered from the app's
 * components, every text of the answer set as text. The app then takes the page over (main.tsx); a
 * painter whose answers come after the app has rendered paints nothing.
 */
import { EARLY_CALLS_GLOBAL } from '../../lib/early-response';
import { BOOT_PAINT_CLASS, PAINTED_ATTRIBUTE, paintState, settlePainter, type PaintState } from '../../lib/painted-page';
import { BOOT_LOGIN_CLASS } from '../../lib/prerendered-login';
import { fillSlots, hasSlot } from './paint-slots';

/** The route of the address (as the inline script read it). */
export const currentRoute = () => decodeURIComponent(location.hash.replace(/^#\/*/, '').split('?')[0] ?? '').replace(/\/+$/, '');

/** The build's markup (never an answer's texts, which go in as text: fillSlotsIn). */
export function fragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** Replaces the slots of every text node and attribute under `root` (an answer's texts are set as values, never parsed). */
export function fillSlotsIn(root: Node, values: Record<string, string>): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.nodeValue ?? '';
      if (hasSlot(text)) node.nodeValue = fillSlots(text, values);
      continue;
    }
    const element = node as Element;
    for (const attribute of Array.from(element.attributes)) {
      if (hasSlot(attribute.value)) element.setAttribute(attribute.name, fillSlots(attribute.value, values));
    }
  }
}

/** One copy's ids kept apart from another's (a card's button is labelled by ids). */
export function renameIds(root: Element, suffix: string): void {
  for (const element of Array.from(root.querySelectorAll('[id]'))) element.id += suffix;
  for (const element of Array.from(root.querySelectorAll('[aria-labelledby]'))) {
    element.setAttribute('aria-labelledby', (element.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => id + suffix).join(' '));
  }
}

/** A row of the build's markup (a card, a notice, a due customer, 公海's rules bar) filled with its texts, its ids kept apart from the other rows'. */
export function paintedRow(markup: string | undefined, texts: Record<string, string>, index: number): Element | null {
  const element = markup ? fragment(markup).firstElementChild : null;
  if (!element) return null;
  fillSlotsIn(element, texts);
  renameIds(element, `-painted-${index}`);
  return element;
}

/** The stored session's part a painter reads (null when unreadable). */
export function stored<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/** The copy's elements, put back to the loading view. */
function unpaint(root: HTMLElement): void {
  for (const element of Array.from(root.querySelectorAll(`[${PAINTED_ATTRIBUTE}]`))) element.remove();
  const shell = document.getElementById('boot-shell');
  if (shell) shell.style.display = '';
  document.documentElement.classList.remove(BOOT_PAINT_CLASS);
}

/** A tap on the copy that opens another page: through the address, as the app would; the app loads on that page. */
export function openFromCopy(state: PaintState, path: string): void {
  const root = document.getElementById('root');
  state.stopped = true;
  if (root) unpaint(root);
  location.hash = `#${path}`;
}

/** Whether the copy may still be drawn: the app has not rendered, no login page shows, the address is the same. */
function mayPaint(state: PaintState | null): state is PaintState {
  return Boolean(state && !state.stopped && !document.documentElement.classList.contains(BOOT_LOGIN_CLASS) && currentRoute() === state.route);
}

/** Puts the drawn copy in #root in place of the loading view. */
export function showCopy(copy: DocumentFragment): void {
  const root = document.getElementById('root');
  const shell = document.getElementById('boot-shell');
  if (!root || !shell) return;
  for (const element of Array.from(copy.children)) element.setAttribute(PAINTED_ATTRIBUTE, '');
  shell.style.display = 'none';
  root.appendChild(copy);
  document.documentElement.classList.add(BOOT_PAINT_CLASS);
}

/** Resolves once every stylesheet the inline script added for the copy has loaded (or failed). */
function stylesLoaded(): Promise<void> {
  const links = Array.from(document.querySelectorAll<HTMLLinkElement>(`link[${PAINTED_ATTRIBUTE}]`));
  return Promise.all(
    links.map((link) =>
      link.sheet
        ? undefined
        : new Promise<void>((resolve) => {
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
          }),
    ),
  ).then(() => undefined);
}

/**
 * Runs a painter: `paint` draws the answers' data (showCopy), one per early call of the route in the
 * order of its table (app/early-calls.ts), once every one of them and the stylesheets are there, if
 * the page may still be painted. Painted or not, the app loads after (settlePainter).
 */
export function startPainter<T extends unknown[]>(paint: (data: T, state: PaintState) => void): void {
  try {
    const state = paintState();
    const entries = (window as unknown as Record<string, Record<string, { response: Promise<Response> } | undefined> | undefined>)[EARLY_CALLS_GLOBAL];
    const responses = (state?.keys ?? []).flatMap((key) => entries?.[key]?.response ?? []);
    if (!state || responses.length === 0 || responses.length < state.keys.length) {
      settlePainter();
      return;
    }
    // A copy of each answer: the request layer reads the answer itself when the app asks for it.
    const answers = Promise.all(
      responses.map((pending) => pending.then((response) => (response.ok ? (response.clone().json() as Promise<{ code?: number; data?: unknown }>) : null))),
    );
    void Promise.all([answers, stylesLoaded()])
      .then(([bodies]) => {
        const now = paintState();
        if (bodies.every((body) => body?.code === 200 && body.data) && mayPaint(now)) paint(bodies.map((body) => body?.data) as T, now);
      })
      .catch(() => undefined)
      // Painted or not, the app loads now: after the frame with the copy, which its scripts would
      // otherwise hold back while they run.
      .finally(() => requestAnimationFrame(() => setTimeout(settlePainter, 0)));
  } catch {
    // Anything unexpected: no copy, the app renders as it would.
    settlePainter();
  }
}
