/** Customer positions (set by a leader, or confirmed from a check-in) and the leaders' 拜访 view of a day. */
import {
  addDays,
  parseChinaDay,
  type AttendanceVisits,
  type CustomerPositionBody,
  type CustomerPositionResult,
  type PositionSource,
  type Visit,
} from '@sales/contract';
import { and, asc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { customers, followUps, staff } from '../../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import { appendAudit, type ClientContext } from '../audit.js';
import { toFollowUp } from '../customers/follow-ups-repository.js';
import { memberRef } from '../performance/performance-views.js';
import { siteMembers } from '../members/site-members.js';
import { canLogFollowUp, canSeeSiteAttendance, CUSTOMER_NOT_FOUND, LEADERS_ONLY, visibleCustomers, type SalesScope } from '../sales/sales-authorization.js';

export const POSITION_MESSAGES = {
  oneOf: '请提供签到记录，或经纬度（二选一）',
  bothCoordinates: '经度和纬度须同时提供',
  leadersOnly: '只有站点主管可以设置客户位置',
  checkInNotFound: '签到记录不存在',
  alreadySet: '该客户已有位置，只有站点主管可以修改',
} as const;

export class VisitsRepository {
  constructor(
    private readonly db: Db,
    private readonly deviationMeters: number,
  ) {}

  /**
   * A leader of the site sets the point (a new one replaces the old); the author of a check-in (or
   * a leader) confirms the check-in's point for a customer that has no position yet.
   */
  async setPosition(scope: SalesScope, body: CustomerPositionBody, client: ClientContext, now = new Date()): Promise<CustomerPositionResult> {
    const hasPoint = body.latitude !== undefined || body.longitude !== undefined;
    if ((body.followUpId !== undefined) === hasPoint) throw badRequest(POSITION_MESSAGES.oneOf);
    if (hasPoint && (body.latitude === undefined || body.longitude === undefined)) throw badRequest(POSITION_MESSAGES.bothCoordinates);

    return this.db.transaction(async (tx) => {
      const [customer] = await tx
        .select({ id: customers.id, siteId: customers.siteId, ownerId: customers.ownerId, latitude: customers.latitude })
        .from(customers)
        .where(and(eq(customers.id, body.customerId), visibleCustomers(scope)))
        .for('update');
      if (!customer || !canLogFollowUp(scope, customer)) throw notFound(CUSTOMER_NOT_FOUND);

      let point: { latitude: number; longitude: number };
      let source: PositionSource;
      let detail: string;
      if (body.followUpId === undefined) {
        if (!scope.isLeader) throw forbidden(POSITION_MESSAGES.leadersOnly);
        point = { latitude: body.latitude as number, longitude: body.longitude as number };
        source = 'leader';
        detail = `customer ${customer.id} by leader`;
      } else {
        const [checkIn] = await tx
          .select({ latitude: followUps.checkInLatitude, longitude: followUps.checkInLongitude })
          .from(followUps)
          .where(
            and(
              eq(followUps.id, body.followUpId),
              eq(followUps.customerId, customer.id),
              eq(followUps.siteId, scope.siteId),
              isNotNull(followUps.checkInAt),
              scope.isLeader ? undefined : eq(followUps.staffId, scope.userId),
            ),
          );
        if (!checkIn || checkIn.latitude === null || checkIn.longitude === null) throw notFound(POSITION_MESSAGES.checkInNotFound);
        if (customer.latitude !== null) throw conflict(POSITION_MESSAGES.alreadySet);
        point = { latitude: checkIn.latitude, longitude: checkIn.longitude };
        source = 'check_in';
        detail = `customer ${customer.id} from follow-up ${body.followUpId}`;
      }

      await tx
        .update(customers)
        .set({ latitude: point.latitude, longitude: point.longitude, positionSource: source, positionSetAt: now, positionSetBy: scope.userId })
        .where(eq(customers.id, customer.id));
      await appendAudit(tx, { action: 'customer.position', actorId: scope.userId, targetId: customer.ownerId, detail, client });
      return { customerId: customer.id, position: { ...point, source, setAt: now.toISOString() } };
    });
  }

  /** 团队考勤 → 拜访: the check-ins of a China day at the site, by member (leaders of the site). */
  async day(scope: SalesScope, date: string): Promise<AttendanceVisits> {
    if (!canSeeSiteAttendance(scope)) throw forbidden(LEADERS_ONLY);
    const start = parseChinaDay(date);
    if (!start) throw badRequest('日期不正确');
    const [members, rows] = await Promise.all([
      siteMembers(this.db, scope.siteId, undefined, undefined, date),
      this.db
        .select({ followUp: followUps, username: staff.username, customerName: customers.name })
        .from(followUps)
        .innerJoin(customers, eq(customers.id, followUps.customerId))
        .innerJoin(staff, eq(staff.id, followUps.staffId))
        .where(and(eq(followUps.siteId, scope.siteId), gte(followUps.checkInAt, start), lt(followUps.checkInAt, addDays(start, 1))))
        .orderBy(asc(followUps.checkInAt), asc(followUps.id)),
    ]);
    const byStaff = new Map<number, Visit[]>();
    for (const row of rows) {
      const { checkIn, content, id, images, type } = toFollowUp(row.followUp, row.username);
      if (!checkIn) continue;
      const visits = byStaff.get(row.followUp.staffId) ?? [];
      visits.push({ followUpId: id, customer: { id: row.followUp.customerId, name: row.customerName }, type, content, images, checkIn });
      byStaff.set(row.followUp.staffId, visits);
    }
    // Members of the site now, with their check-ins (none: an empty list); the counts are of those listed.
    const list = members.map((member) => ({ member: memberRef(member), visits: byStaff.get(member.id) ?? [] }));
    const all = list.flatMap((entry) => entry.visits);
    return { date, deviationMeters: this.deviationMeters, total: all.length, deviated: all.filter((visit) => visit.checkIn.deviated).length, members: list };
  }
}
