import { RETURN_URGENT_DAYS } from '@sales/contract';

/**
 * The placeholders of the list's prerendered markup (list-markup.tsx) that its painter
 * (list-painter.ts) fills with an answer's texts: private-use characters no real text has.
 */
const SLOT_START = '\uE000';
const SLOT_END = '\uE001';
export const SLOT_PATTERN = /\uE000(\w+)\uE001/g;

export const slot = (name: string): string => `${SLOT_START}${name}${SLOT_END}`;

/** Fills the placeholders of a text with the given values ('' for an unknown one). */
export const fillSlots = (text: string, values: Record<string, string>): string => text.replace(SLOT_PATTERN, (_match, name: string) => values[name] ?? '');

/** The card of a look: its level (the tag's colours) and its countdown (none, red, plain). */
export function cardVariant(level: string, returnDaysLeft: number | null): string {
  const countdown = returnDaysLeft === null ? 'none' : returnDaysLeft < RETURN_URGENT_DAYS ? 'urgent' : 'calm';
  return `${level}-${countdown}`;
}

/** What the build hands the painter. */
export interface ListPaintMarkup {
  /** The page's markup (what the app renders into #root), with one sample card. */
  page: string;
  /** One card per cardVariant, with slots for its texts. */
  cards: Record<string, string>;
}
