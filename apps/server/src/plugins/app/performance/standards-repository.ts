/** Performance standards (业绩标准): a month's targets per member, their changes under a lock, the history and the audit. */
import { isAmount, yuanToFen, type MemberRef, type StandardChange, type StandardHistory, type StandardRow, type Standards, type StandardUpdateBody } from '@sales/contract';
import { aliasedTable, and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { performanceStandardChanges, performanceStandards, staff } from '../../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import { appendAudit, type ClientContext } from '../audit.js';
import { noticeTargetChanged } from '../notices/notice-events.js';
import { ZERO_TARGETS, type TargetTotals } from '../../../db/performance-figures.js';
import { memberRef, toTargets } from './performance-views.js';
import { canEditStandards, canReadStandards, LEADERS_ONLY, STAFF_NOT_FOUND, STANDARDS_LEADERS_ONLY, type SalesScope } from '../sales/sales-authorization.js';
import { paging, staffRef } from '../sales/sales-queries.js';
import { siteMembers, type SiteMember } from '../members/site-members.js';

const toMemberRef = (row: { id: number; username: string; avatar: string | null } | undefined): MemberRef | null =>
  row ? { id: row.id, username: row.username, avatar: row.avatar, isLeader: false } : null;

export class StandardsRepository {
  constructor(private readonly db: Db) {}

  async get(scope: SalesScope, month: string): Promise<Standards> {
    if (!canReadStandards(scope)) throw forbidden(LEADERS_ONLY);
    const people = (await siteMembers(this.db, scope.siteId, undefined, undefined, `${month}-01`)).filter((person) => !person.isLeader);
    const updater = aliasedTable(staff, 'updater');
    const rows = await this.db
      .select({ row: performanceStandards, updaterName: updater.username })
      .from(performanceStandards)
      .leftJoin(updater, eq(updater.id, performanceStandards.updatedBy))
      .where(and(eq(performanceStandards.siteId, scope.siteId), eq(performanceStandards.month, month)));
    const byStaff = new Map(rows.map((entry) => [entry.row.staffId, entry]));
    const siteRow = byStaff.get(null);
    const defaults: TargetTotals = siteRow?.row ?? { ...ZERO_TARGETS };
    const rowOf = (staffId: number | null, member: SiteMember | null): StandardRow => {
      const own = byStaff.get(staffId);
      const values: TargetTotals = own?.row ?? defaults;
      return {
        staffId,
        member: member ? memberRef(member) : null,
        ...toTargets(values),
        isSet: own !== undefined,
        updatedAt: own?.row.updatedAt.toISOString() ?? null,
        updatedBy: staffRef(own?.row.updatedBy ?? null, own?.updaterName ?? null),
      };
    };
    return {
      siteId: scope.siteId,
      month,
      canEdit: canEditStandards(scope),
      siteDefault: rowOf(null, null),
      members: people.map((person) => rowOf(person.id, person)),
    };
  }

  async update(scope: SalesScope, body: StandardUpdateBody, client: ClientContext): Promise<Standards> {
    if (!canEditStandards(scope)) throw forbidden(STANDARDS_LEADERS_ONLY);
    if (!isAmount(String(body.targetAmount))) throw badRequest('目标金额须为 0 到 10 亿元之间的金额，最多两位小数');
    const staffId = body.staffId ?? null;
    if (staffId !== null) {
      const [member] = await siteMembers(this.db, scope.siteId, [staffId]);
      if (!member || member.isLeader) throw notFound(STAFF_NOT_FOUND);
    }
    const next: TargetTotals = {
      targetAmountFen: yuanToFen(body.targetAmount),
      targetOrders: body.targetOrders,
      targetNewCustomers: body.targetNewCustomers,
    };
    await this.db.transaction(async (tx) => {
      // One writer per site and month at a time, so the history's "old" values are exact.
      await tx.execute(sql`select pg_advisory_xact_lock(${scope.siteId}, ${Number(body.month.replace('-', ''))})`);
      const [old] = await tx
        .select()
        .from(performanceStandards)
        .where(
          and(
            eq(performanceStandards.siteId, scope.siteId),
            eq(performanceStandards.month, body.month),
            staffId === null ? isNull(performanceStandards.staffId) : eq(performanceStandards.staffId, staffId),
          ),
        );
      if (old && old.targetAmountFen === next.targetAmountFen && old.targetOrders === next.targetOrders && old.targetNewCustomers === next.targetNewCustomers) {
        return;
      }
      if (old) {
        await tx
          .update(performanceStandards)
          .set({ ...next, updatedBy: scope.userId, updatedAt: new Date() })
          .where(eq(performanceStandards.id, old.id));
      } else {
        await tx.insert(performanceStandards).values({ siteId: scope.siteId, staffId, month: body.month, ...next, updatedBy: scope.userId });
      }
      const [change] = await tx.insert(performanceStandardChanges).values({
        siteId: scope.siteId,
        staffId,
        month: body.month,
        changedBy: scope.userId,
        oldAmountFen: old?.targetAmountFen ?? null,
        oldOrders: old?.targetOrders ?? null,
        oldNewCustomers: old?.targetNewCustomers ?? null,
        newAmountFen: next.targetAmountFen,
        newOrders: next.targetOrders,
        newNewCustomers: next.targetNewCustomers,
      }).returning({ id: performanceStandardChanges.id });
      if (change) await noticeTargetChanged(tx, { changeId: change.id, siteId: scope.siteId, staffId, month: body.month, actorId: scope.userId });
      const whose = staffId === null ? 'default' : `staff ${staffId}`;
      await appendAudit(tx, { action: 'standard.update', actorId: scope.userId, targetId: staffId, detail: `site ${scope.siteId} month ${body.month} ${whose}`, client });
    });
    return this.get(scope, body.month);
  }

  async history(scope: SalesScope, month: string | undefined, pageInput?: number, pageSizeInput?: number): Promise<StandardHistory> {
    const { page, pageSize, offset } = paging(pageInput, pageSizeInput);
    if (!canReadStandards(scope)) throw forbidden(LEADERS_ONLY);
    const where = and(eq(performanceStandardChanges.siteId, scope.siteId), month ? eq(performanceStandardChanges.month, month) : undefined);
    const changer = aliasedTable(staff, 'changer');
    const [totalRow] = await this.db.select({ total: count() }).from(performanceStandardChanges).where(where);
    const c = performanceStandardChanges;
    const rows = await this.db
      .select({
        id: c.id,
        month: c.month,
        staffId: c.staffId,
        changedBy: c.changedBy,
        changerName: changer.username,
        changedAt: c.changedAt,
        oldAmountFen: c.oldAmountFen,
        oldOrders: c.oldOrders,
        oldNewCustomers: c.oldNewCustomers,
        newAmountFen: c.newAmountFen,
        newOrders: c.newOrders,
        newNewCustomers: c.newNewCustomers,
      })
      .from(c)
      .innerJoin(changer, eq(changer.id, c.changedBy))
      .where(where)
      .orderBy(desc(c.changedAt), desc(c.id))
      .limit(pageSize)
      .offset(offset);
    // Names of the members the changes were about (a second query: two joins of staff confuse the types).
    const memberIds = [...new Set(rows.flatMap((row) => (row.staffId === null ? [] : [row.staffId])))];
    const names = memberIds.length
      ? await this.db.select({ id: staff.id, username: staff.username, avatar: staff.avatar }).from(staff).where(inArray(staff.id, memberIds))
      : [];
    const memberOf = new Map(names.map((row) => [row.id, row]));
    const list: StandardChange[] = rows.map((change) => ({
      id: change.id,
      month: change.month,
      staffId: change.staffId,
      member: change.staffId !== null ? toMemberRef(memberOf.get(change.staffId)) : null,
      changedBy: { id: change.changedBy, username: change.changerName },
      changedAt: change.changedAt.toISOString(),
      old:
        change.oldAmountFen === null || change.oldOrders === null || change.oldNewCustomers === null
          ? null
          : toTargets({ targetAmountFen: change.oldAmountFen, targetOrders: change.oldOrders, targetNewCustomers: change.oldNewCustomers }),
      new: toTargets({ targetAmountFen: change.newAmountFen, targetOrders: change.newOrders, targetNewCustomers: change.newNewCustomers }),
    }));
    return { list, total: totalRow?.total ?? 0, page, pageSize };
  }
}
