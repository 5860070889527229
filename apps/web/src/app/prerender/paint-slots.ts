import { RETURN_URGENT_DAYS } from '@sales/contract';

/**
 * The placeholders of a painted page's prerendered markup (list-markup.tsx, home-markup.tsx) that
 * its painter (list-painter.ts, home-painter.ts) fills with an answer's texts: private-use
 * characters no real text has.
 */
const SLOT_START = '\uE000';
const SLOT_END = '\uE001';
export const SLOT_PATTERN = /\uE000(\w+)\uE001/g;

export const slot = (name: string): string => `${SLOT_START}${name}${SLOT_END}`;

/** Fills the placeholders of a text with the given values ('' for an unknown one). */
export const fillSlots = (text: string, values: Record<string, string>): string => text.replace(SLOT_PATTERN, (_match, name: string) => values[name] ?? '');

/** Whether a text holds a placeholder. */
export const hasSlot = (text: string): boolean => text.includes(SLOT_START);

const SLOT_PATH_SEPARATOR = '_';

/**
 * The same shape with a placeholder for every leaf, named by its path (`today_amountChange_text`):
 * what the build renders a view with. A number's placeholder stands where the number goes (a
 * style's width), so it is typed as the value it replaces.
 */
export function slotted<T>(value: T, path = ''): T {
  if (value === null || typeof value !== 'object') return slot(path) as T;
  const shaped: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) shaped[key] = slotted(member, path ? `${path}${SLOT_PATH_SEPARATOR}${key}` : key);
  return shaped as T;
}

/** The values of slotted's placeholders: every leaf of the texts as a string, under its path. */
export function flatTexts(value: unknown, path = '', into: Record<string, string> = {}): Record<string, string> {
  if (value === null || typeof value !== 'object') {
    into[path] = value === null || value === undefined ? '' : String(value);
    return into;
  }
  for (const [key, member] of Object.entries(value)) flatTexts(member, path ? `${path}${SLOT_PATH_SEPARATOR}${key}` : key, into);
  return into;
}

/** The card of a look: its level (the tag's colours) and its countdown (none, red, plain). */
export function cardVariant(level: string, returnDaysLeft: number | null): string {
  const countdown = returnDaysLeft === null ? 'none' : returnDaysLeft < RETURN_URGENT_DAYS ? 'urgent' : 'calm';
  return `${level}-${countdown}`;
}

/** What the build hands the list's painter. */
export interface ListPaintMarkup {
  /** The page's markup (what the app renders into #root), with one sample card. */
  page: string;
  /** One card per cardVariant, with slots for its texts. */
  cards: Record<string, string>;
}

/** What the build hands home's painter. */
export interface HomePaintMarkup {
  /** The page's markup while its dashboard loads (what the app renders into #root): the header, the entries, the skeleton. */
  page: string;
  /** The dashboard's first screen (HomeTopView) with slots for its texts: with a standard (目标) and without (未设标准). */
  top: { targets: string; unset: string };
}

/** The look of home's first screen for its texts. */
export const homeTopLook = (text: { target: unknown }): keyof HomePaintMarkup['top'] => (text.target === null ? 'unset' : 'targets');

/** What the build hands 消息中心's painter. */
export interface NoticePaintMarkup {
  /** The page with one sample row: with notices unread (全部已读 enabled, the count a placeholder) and with all read. */
  pages: { someUnread: string; allRead: string };
  /** A row, read and unread, with slots for its texts. */
  rows: { read: string; unread: string };
}

/** What the build hands 今日待办's painter. */
export interface TodoPaintMarkup {
  /** The page with each section and one sample row (`full`), and with nothing to do (`empty`). */
  pages: { full: string; empty: string };
  /** Rows with slots for their texts: due cards by todoDueLook, 即将回收 by its countdown's colour, an owed report. */
  due: Record<string, string>;
  returning: { urgent: string; calm: string };
  report: string;
}

/** A due card's look: overdue or today, with a phone to call or none. */
export const todoDueLook = (overdue: boolean, phone: string): string => `${overdue ? 'overdue' : 'today'}-${phone ? 'phone' : 'none'}`;

/** 公海's page by the caller's role (pool/rules): a salesperson claims, a leader selects and assigns. */
export type PoolRoleLook = 'claim' | 'assign';

/** What the build hands 公海's painter. */
export interface PoolPaintMarkup {
  /** The page for each role with a sample rules bar and one sample card, the count a placeholder. */
  pages: Record<PoolRoleLook, string>;
  /** The rules bar with slots for its texts, with the caller's usage line and without (poolRulesLook). */
  rules: { usage: string; plain: string };
  /** A card per role, and per poolCardLook within it, with slots for its texts. */
  cards: Record<PoolRoleLook, Record<string, string>>;
}

/** The page's role; null for one that both claims and assigns, or neither (no member has either; not painted). */
export const poolRoleLook = (role: { canClaim: boolean; canAssign: boolean }): PoolRoleLook | null => (role.canClaim === role.canAssign ? null : role.canClaim ? 'claim' : 'assign');

/** The rules bar's look: with a usage line (a caller who claims) or without. */
export const poolRulesLook = (text: { usage: string }): keyof PoolPaintMarkup['rules'] => (text.usage ? 'usage' : 'plain');

/** A pool card's look: its level (the tag's colours) and whether it names a source. */
export const poolCardLook = (level: string, source: string): string => `${level}-${source ? 'source' : 'none'}`;
