import { STORAGE_KEYS } from '@sales/contract';

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Reads a JSON value; a missing or unreadable value is null. */
export function readStorage<T>(key: StorageKey): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: unknown): void {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the app still works for this visit.
  }
}

export function removeStorage(...keys: StorageKey[]): void {
  for (const key of keys) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
  }
}

/**
 * A random UUID v4. crypto.randomUUID exists only in secure contexts (HTTPS, localhost), while
 * getRandomValues exists everywhere, so a phone opening the app over plain HTTP still works.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The random device id kept under the stats key (SPEC §3). */
export function ensureDeviceId(): string {
  const known = readStorage<string>(STORAGE_KEYS.deviceId);
  if (known) return known;
  const id = randomId();
  writeStorage(STORAGE_KEYS.deviceId, id);
  return id;
}

const KEPT_KEYS = new Set<string>(Object.values(STORAGE_KEYS));

/**
 * Removes every local storage entry except the session, site and device keys of DESIGN §3
 * (drafts and anything else pages keep), and returns the bytes freed (UTF-16, as browsers count).
 */
export function clearLocalData(): number {
  let freed = 0;
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i)).filter(
      (key): key is string => key !== null && !KEPT_KEYS.has(key),
    );
    for (const key of keys) {
      freed += (key.length + (window.localStorage.getItem(key) ?? '').length) * 2;
      window.localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was kept, nothing to clear.
  }
  return freed;
}

/** A size for people: 0 B, 12.3 KB, 1.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
