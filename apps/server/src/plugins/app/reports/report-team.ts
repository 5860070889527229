/** The team report: who has and has not written a period's 周报 or 半月报 at a site, and who read them. */
import { fenToYuan, periodLabel, type ReportPeriod, type StaffRef, type TeamReport } from '@sales/contract';
import { and, asc, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { reportCompletion } from '../../../db/report-metrics.js';
import { positions, reportReads, reports, staff } from '../../../db/schema.js';
import { teamReportReadOnly, type ReportScope } from '../sales/sales-authorization.js';
import { iso } from '../sales/sales-queries.js';

/** Read by at least one leader. */
export const isRead = sql<boolean>`exists (select 1 from ${reportReads} where ${reportReads.reportId} = ${reports.id})`.mapWith(Boolean);

/**
 * Who has and has not written a period's report at the site. Expected writers are the active
 * members who are not leaders there; anyone else who wrote one is listed as submitted too.
 */
export async function teamReport(db: Db, scope: ReportScope, period: ReportPeriod): Promise<TeamReport> {
  const leaderHere = sql`exists (select 1 from ${positions} p2 where p2.staff_id = ${positions.staffId} and p2.site_id = ${positions.siteId} and p2.is_leader)`;
  const expected = await db
    .selectDistinct({ id: staff.id, username: staff.username })
    .from(positions)
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(and(eq(positions.siteId, scope.siteId), eq(staff.status, 'active'), not(leaderHere)))
    .orderBy(asc(staff.id));
  const readByMe = sql<boolean>`exists (select 1 from ${reportReads} where ${reportReads.reportId} = ${reports.id} and ${reportReads.leaderId} = ${scope.userId})`.mapWith(Boolean);
  const written = await db
    .select({ report: reports, username: staff.username, read: isRead, readByMe })
    .from(reports)
    .innerJoin(staff, eq(staff.id, reports.staffId))
    .where(and(eq(reports.kind, period.kind), eq(reports.siteId, scope.siteId), eq(reports.periodStart, period.start)))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  const wrote = new Set(written.map((row) => row.report.staffId));
  const missing: StaffRef[] = expected.filter((person) => !wrote.has(person.id));
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
  };
}
