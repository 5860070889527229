/**
 * Photos that wait in the outbox (issue 19 §1): a photo whose upload could not be sent is kept in
 * IndexedDB and the form gets the local reference `outbox-photo:<key>` (the key is the upload's
 * Idempotency-Key) as its URL. A write whose body holds such a reference is queued; the sender
 * uploads each photo first and puts the answered URL in its place. Shared by the app and the
 * service worker, so nothing here imports the app's modules.
 */

export const LOCAL_PHOTO_PREFIX = 'outbox-photo:';

/** Photos no queued write holds (picked offline, then the form was left) go after this long. */
export const ORPHAN_PHOTO_MS = 24 * 60 * 60 * 1000;

export const photoRef = (id: string): string => `${LOCAL_PHOTO_PREFIX}${id}`;

export const isPhotoRef = (value: unknown): value is string => typeof value === 'string' && value.startsWith(LOCAL_PHOTO_PREFIX) && value.length > LOCAL_PHOTO_PREFIX.length;

/** The photo keys referenced anywhere in a body (images arrays, checkIn.photo, …), each once, in order. */
export function photoIdsIn(body: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (isPhotoRef(value)) found.add(value.slice(LOCAL_PHOTO_PREFIX.length));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(body);
  return [...found];
}

/** The body with each local reference replaced by its uploaded URL (a new value; the input is left as it was). */
export function replacePhotoRefs(body: unknown, urls: ReadonlyMap<string, string>): unknown {
  if (isPhotoRef(body)) return urls.get(body.slice(LOCAL_PHOTO_PREFIX.length)) ?? body;
  if (Array.isArray(body)) return body.map((value) => replacePhotoRefs(value, urls));
  if (body && typeof body === 'object') return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, replacePhotoRefs(value, urls)]));
  return body;
}
