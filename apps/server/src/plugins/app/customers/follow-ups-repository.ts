/** 跟进记录: what salespeople log about their contacts with a customer. */
import { VISIT_DEVIATION_METERS_DEFAULT, type FollowUp, type FollowUpCreateBody, type FollowUpListBody, type FollowUpPage, addDays, parseChinaTimestamp, startOfChinaDay } from '@sales/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { followUps, staff } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import type { CustomersRepository } from './customers-repository.js';
import { canLogFollowUp, CUSTOMER_NOT_FOUND, followUpsOfSite, type SalesScope } from '../sales/sales-authorization.js';
import { iso, isoOrNull, paging } from '../sales/sales-queries.js';
import { requireUploaded, uploadKeysOf } from '../uploads/uploaded-images.js';
import { checkInColumns, precheckCheckIn } from '../visits/check-in.js';

const CONTENT_MAX = 500;

export class FollowUpsRepository {
  constructor(
    private readonly db: Db,
    private readonly customers: CustomersRepository,
    /** 位置偏离 beyond this many metres from the customer's position (config visitDeviationMeters). */
    private readonly deviationMeters: number = VISIT_DEVIATION_METERS_DEFAULT,
  ) {}

  async list(scope: SalesScope, body: FollowUpListBody): Promise<FollowUpPage> {
    await this.customers.requireVisible(scope, body.customerId);
    const { page, pageSize, offset } = paging(body.page, body.pageSize);
    const where = and(eq(followUps.customerId, body.customerId), followUpsOfSite(scope));
    const [totals] = await this.db.select({ total: count() }).from(followUps).where(where);
    const rows = await this.db
      .select({ followUp: followUps, username: staff.username })
      .from(followUps)
      .innerJoin(staff, eq(staff.id, followUps.staffId))
      .where(where)
      .orderBy(desc(followUps.createdAt), desc(followUps.id))
      .limit(pageSize)
      .offset(offset);
    return { list: rows.map((row) => toFollowUp(row.followUp, row.username)), total: totals?.total ?? 0, page, pageSize };
  }

  /** `db` is the transaction of the call's Idempotency-Key when it has one (a savepoint inside it). */
  async create(scope: SalesScope, username: string, body: FollowUpCreateBody, db: Db = this.db): Promise<FollowUp> {
    const content = body.content.trim();
    if (!content) throw badRequest('请填写跟进内容');
    if (content.length > CONTENT_MAX) throw badRequest(`跟进内容不能超过${CONTENT_MAX}字`);
    const images = body.images ?? [];
    const keys = uploadKeysOf(images);
    const nextContactAt = this.nextContact(body.nextContactAt);
    const photoKey = precheckCheckIn(body.type, body.checkIn);

    return db.transaction(async (tx) => {
      const customer = await this.customers.requireVisible(scope, body.customerId, tx);
      if (!canLogFollowUp(scope, customer)) throw notFound(CUSTOMER_NOT_FOUND);
      await requireUploaded(tx, keys);
      const checkIn = await checkInColumns(tx, scope, customer.id, body.checkIn, photoKey, this.deviationMeters, new Date());
      const [row] = await tx
        .insert(followUps)
        .values({ customerId: customer.id, siteId: customer.siteId, staffId: scope.userId, type: body.type, content, images, nextContactAt, ...checkIn })
        .returning();
      if (!row) throw new Error('follow-up insert returned nothing');
      return toFollowUp(row, username);
    });
  }

  /** The next contact time: a real instant, from today (China time) to a year ahead, or none. */
  private nextContact(value: string | null | undefined): Date | null {
    if (value === null || value === undefined || value === '') return null;
    const at = parseChinaTimestamp(value);
    if (!at) throw badRequest('下次联系时间格式不正确');
    const today = startOfChinaDay(new Date());
    if (at < today) throw badRequest('下次联系时间不能早于今天');
    if (at > addDays(today, 366)) throw badRequest('下次联系时间不能超过一年');
    return at;
  }
}

export function toFollowUp(row: typeof followUps.$inferSelect, username: string): FollowUp {
  return {
    id: row.id,
    customerId: row.customerId,
    staff: { id: row.staffId, username },
    type: row.type,
    content: row.content,
    images: row.images,
    nextContactAt: isoOrNull(row.nextContactAt),
    createdAt: iso(row.createdAt),
    checkIn:
      row.checkInAt && row.checkInLatitude !== null && row.checkInLongitude !== null && row.checkInAccuracy !== null
        ? {
            at: iso(row.checkInAt),
            latitude: row.checkInLatitude,
            longitude: row.checkInLongitude,
            accuracy: row.checkInAccuracy,
            photo: row.checkInPhoto,
            distance: row.checkInDistance,
            deviated: row.checkInDeviated,
          }
        : null,
  };
}
