/** 拜访签到 on a follow-up: what the create call writes beside the follow-up itself. */
import type { CheckInInput, FollowUpType } from '@sales/contract';
import { and, eq, like } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { customers, type followUps, uploads } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';
import type { SalesScope } from '../sales/sales-authorization.js';
import { uploadKeyOf } from '../uploads/uploaded-images.js';
import { deviationOf } from '../../../db/geo.js';

export const CHECK_IN_MESSAGES = {
  notVisit: '只有拜访可以签到',
  photoNotUpload: '签到照片必须通过上传接口上传',
  photoMissing: '签到照片不存在，请重新上传',
} as const;

type CheckInColumns = Pick<
  typeof followUps.$inferInsert,
  'checkInAt' | 'checkInLatitude' | 'checkInLongitude' | 'checkInAccuracy' | 'checkInPhoto' | 'checkInDistance' | 'checkInDeviated'
>;

/** Refuses what needs no query: a check-in on anything but 拜访, a photo URL that is not an upload URL. */
export function precheckCheckIn(type: FollowUpType, input: CheckInInput | undefined): string | undefined {
  if (!input) return undefined;
  if (type !== '拜访') throw badRequest(CHECK_IN_MESSAGES.notVisit);
  const photo = input.photo ?? null;
  if (photo === null) return undefined;
  const key = uploadKeyOf(photo);
  if (!key) throw badRequest(CHECK_IN_MESSAGES.photoNotUpload);
  return key;
}

/**
 * The check-in columns of a follow-up: the server's time, the phone's fix, the photo (an image the
 * caller uploaded) and, when the customer has a position, the distance and 位置偏离 beyond `thresholdMeters`.
 */
export async function checkInColumns(
  tx: Db | Tx,
  scope: SalesScope,
  customerId: number,
  input: CheckInInput | undefined,
  photoKey: string | undefined,
  thresholdMeters: number,
  now: Date,
): Promise<CheckInColumns> {
  if (!input) return {};
  if (photoKey) {
    const [upload] = await tx
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(eq(uploads.key, photoKey), eq(uploads.ownerId, scope.userId), like(uploads.contentType, 'image/%')));
    if (!upload) throw badRequest(CHECK_IN_MESSAGES.photoMissing);
  }
  const [position] = await tx.select({ latitude: customers.latitude, longitude: customers.longitude }).from(customers).where(eq(customers.id, customerId));
  const { distance, deviated } = deviationOf(input, position ?? { latitude: null, longitude: null }, thresholdMeters);
  return {
    checkInAt: now,
    checkInLatitude: input.latitude,
    checkInLongitude: input.longitude,
    checkInAccuracy: input.accuracy,
    checkInPhoto: input.photo ?? null,
    checkInDistance: distance,
    checkInDeviated: deviated,
  };
}
