/** Images that records carry (follow-ups, reports): files this app stored through /seller/upload/img. */
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { uploads } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';

const UPLOADED_IMAGE = /^\/seller\/upload\/files\/([A-Za-z0-9_-]+\.[a-z0-9]+)$/;

/** The storage key of an uploaded image's URL, or undefined when the URL is not one of ours. */
export const uploadKeyOf = (url: string): string | undefined => UPLOADED_IMAGE.exec(url)?.[1];

/** Refuses URLs that are not upload URLs (before any query runs). */
export function uploadKeysOf(images: readonly string[]): string[] {
  const keys = images.map(uploadKeyOf);
  if (keys.some((key) => key === undefined)) throw badRequest('图片必须通过上传接口上传');
  return keys as string[];
}

/** Refuses keys with no stored upload behind them. */
export async function requireUploaded(db: Db | Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const known = await db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.key, [...keys]));
  if (known.length < new Set(keys).size) throw badRequest('图片不存在，请重新上传');
}
