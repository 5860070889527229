/**
 * Answers index.html's inline script asked for before the app had loaded (app/early-calls.ts): the
 * request layer takes one instead of sending the same call again, once, while it is fresh and only
 * for the token it was sent with.
 */

/** Where the inline script leaves its pending answers. */
export const EARLY_CALLS_GLOBAL = '__salesEarlyCalls';

/** Older than this, an answer may be stale (a write in another tab): the page asks again. */
export const EARLY_RESPONSE_TTL_MS = 10_000;

interface EarlyEntry {
  token: string;
  at: number;
  response: Promise<Response>;
}

/** JSON with object keys sorted and undefined members left out: the same body gives the same key whatever its key order. */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`)
    .join(',')}}`;
}

function earlyEntries(): Record<string, EarlyEntry | undefined> | null {
  const entries = (globalThis as Record<string, unknown>)[EARLY_CALLS_GLOBAL];
  return entries && typeof entries === 'object' ? (entries as Record<string, EarlyEntry | undefined>) : null;
}

/** The pending answer to this call, taken (a second ask sends its own call); null when there is none to use. */
export function takeEarlyResponse(url: string, body: unknown, token: string | null): Promise<Response> | null {
  const entries = earlyEntries();
  if (!entries || token === null) return null;
  const key = `${url} ${stableJson(body)}`;
  const entry = entries[key];
  if (!entry) return null;
  entries[key] = undefined;
  if (entry.token !== token || Date.now() - entry.at > EARLY_RESPONSE_TTL_MS) return null;
  return entry.response;
}
