import { BADGE_TOP } from '@sales/contract';

/** Where the badge rests against a side edge: the side and its distance from the top. */
export interface RestingPlace {
  side: 'left' | 'right';
  top: number;
}

/** The spec's resting place (SPEC §2: right 0, top 160). */
export const DEFAULT_PLACE: RestingPlace = { side: 'right', top: BADGE_TOP };

/** Where a person dragged the badge, kept for the rest of the browser session (this tab). */
export const BADGE_PLACE_KEY = 'site-badge-place';

/** What counts as a control the badge must not cover (the layout sweep looks for the same). */
export const CONTROL_SELECTOR = 'a, button, input, textarea, select, [role=button], [role=tab], [role=switch], [role=option], [role=checkbox], [role=radio], [tabindex]';

/**
 * What the badge steps aside from at its resting place: the controls, and what a page marks to be
 * read at a glance (`data-keep-clear`: a figure such as a report's 跟进次数). The layout sweep
 * looks for the same.
 */
export const KEEP_CLEAR_SELECTOR = `${CONTROL_SELECTOR}, [data-keep-clear]`;

/** The place a person dragged the badge to in this session, or null when they have not. */
export function readDraggedPlace(): RestingPlace | null {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(BADGE_PLACE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RestingPlace> | null;
    if (value && (value.side === 'left' || value.side === 'right') && typeof value.top === 'number' && Number.isFinite(value.top) && value.top >= 0) {
      return { side: value.side, top: value.top };
    }
  } catch {
    // Not ours: ignored.
  }
  return null;
}

export function keepDraggedPlace(place: RestingPlace): void {
  try {
    window.sessionStorage.setItem(BADGE_PLACE_KEY, JSON.stringify(place));
  } catch {
    // Storage refused (private mode, quota): the place lasts as long as the page.
  }
}

/**
 * The top nearest to `preferred` at which a badge of `height` meets none of the `blocked` spans
 * (each [top, bottom) of a control in the badge's column), between `min` and `max`. With no such
 * place, `preferred`.
 */
export function freeTop(preferred: number, height: number, blocked: readonly (readonly [number, number])[], min: number, max: number): number {
  const spans = blocked
    .filter(([top, bottom]) => bottom > top && bottom > min && top < max + height)
    .map(([top, bottom]) => [top, bottom] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  let best: number | null = null;
  let gapStart = min;
  for (const [top, bottom] of [...merged, [max + height, max + height] as [number, number]]) {
    const highest = gapStart;
    const lowest = Math.min(top, max + height) - height;
    if (lowest >= highest) {
      const candidate = Math.min(Math.max(preferred, highest), lowest);
      if (best === null || Math.abs(candidate - preferred) < Math.abs(best - preferred)) best = candidate;
    }
    gapStart = Math.max(gapStart, bottom);
  }
  return best ?? preferred;
}
