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

/** The random device id kept under the stats key (SPEC §3). */
export function ensureDeviceId(): string {
  const known = readStorage<string>(STORAGE_KEYS.deviceId);
  if (known) return known;
  const id = crypto.randomUUID();
  writeStorage(STORAGE_KEYS.deviceId, id);
  return id;
}
