/** The team report: who has and has not written a period's 周报 or 半月报 at a site, and who read them. */
import { fenToYuan, periodLabel, type ReportPeriod, type ReportRemindInfo, type StaffRef, type TeamReport } from '@sales/contract';
import { and, asc, desc, eq, not, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { reportCompletion } from '../../../db/report-metrics.js';
import { positions, reportReads, reportReminders, reports, staff } from '../../../db/schema.js';
import { canRemindReports, teamReportReadOnly, type ReportScope } from '../sales/sales-authorization.js';
import { iso } from '../sales/sales-queries.js';
import { countsForPeriod } from '../members/site-members.js';

/** Read by at least one leader. */
export const isRead = sql<boolean>`exists (select 1 from ${reportReads} where ${reportReads.reportId} = ${reports.id})`.mapWith(Boolean);

/**
 * The members expected to write a period's report at the site who have not: the members for the
 * period (countsForPeriod: active, or left since it started) who are not leaders there, by id.
 */
export async function missingMembers(db: Db | Tx, siteId: number, period: ReportPeriod): Promise<StaffRef[]> {
  const leaderHere = sql`exists (select 1 from ${positions} p2 where p2.staff_id = ${positions.staffId} and p2.site_id = ${positions.siteId} and p2.is_leader)`;
  const wrote = sql`exists (select 1 from ${reports} where ${reports.staffId} = ${staff.id} and ${reports.siteId} = ${siteId} and ${reports.kind} = ${period.kind} and ${reports.periodStart} = ${period.start})`;
  return db
    .selectDistinct({ id: staff.id, username: staff.username })
    .from(positions)
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(and(eq(positions.siteId, siteId), countsForPeriod(period.start), not(leaderHere), not(wrote)))
    .orderBy(asc(staff.id));
}

/**
 * Who has and has not written a period's report at the site. Expected writers are the active
 * members who are not leaders there; anyone else who wrote one is listed as submitted too.
 */
export async function teamReport(db: Db, scope: ReportScope, period: ReportPeriod): Promise<TeamReport> {
  const missing = await missingMembers(db, scope.siteId, period);
  const readByMe = sql<boolean>`exists (select 1 from ${reportReads} where ${reportReads.reportId} = ${reports.id} and ${reportReads.leaderId} = ${scope.userId})`.mapWith(Boolean);
  const written = await db
    .select({ report: reports, username: staff.username, read: isRead, readByMe })
    .from(reports)
    .innerJoin(staff, eq(staff.id, reports.staffId))
    .where(and(eq(reports.kind, period.kind), eq(reports.siteId, scope.siteId), eq(reports.periodStart, period.start)))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  return {
    kind: period.kind,
    siteId: scope.siteId,
    siteName: scope.siteName,
    periodStart: period.start,
    periodEnd: period.end,
    label: periodLabel(period),
    submitted: written.map((row) => ({
      staff: { id: row.report.staffId, username: row.username },
      reportId: row.report.id,
      orderAmount: fenToYuan(row.report.orderAmountFen),
      completion: reportCompletion(row.report.orderAmountFen, row.report.targetAmountFen),
      createdAt: iso(row.report.createdAt),
      readByMe: row.readByMe,
      read: row.read,
    })),
    missing,
    readOnly: teamReportReadOnly(scope),
    canRemind: canRemindReports(scope),
    lastRemind: await lastRemind(db, scope.siteId, period),
  };
}

/**
 * The period's latest 一键催交 at the site: its time, sender and how many it reminded (the rows of
 * one press share their transaction's time; compared in SQL, as JavaScript dates drop microseconds).
 */
export async function lastRemind(db: Db | Tx, siteId: number, period: ReportPeriod): Promise<ReportRemindInfo | null> {
  const ofPeriod = and(eq(reportReminders.siteId, siteId), eq(reportReminders.kind, period.kind), eq(reportReminders.periodStart, period.start));
  const [latest] = await db
    .select({
      at: reportReminders.createdAt,
      senderId: reportReminders.senderId,
      username: staff.username,
      count: sql<number>`(select count(*) from ${reportReminders} r2 where r2.site_id = ${reportReminders.siteId} and r2.kind = ${reportReminders.kind}
        and r2.period_start = ${reportReminders.periodStart} and r2.created_at = ${reportReminders.createdAt} and r2.sender_id = ${reportReminders.senderId})`.mapWith(Number),
    })
    .from(reportReminders)
    .innerJoin(staff, eq(staff.id, reportReminders.senderId))
    .where(ofPeriod)
    .orderBy(desc(reportReminders.createdAt), desc(reportReminders.id))
    .limit(1);
  if (!latest) return null;
  return { at: iso(latest.at), by: { id: latest.senderId, username: latest.username }, count: latest.count };
}
