/**
 * 一键催交 (issue 18 §4): a reportRemind notice to every member of the site still missing the
 * period's report, at most once per member, kind, site, period and China day (the unique index
 * report_reminders_member_period_day_uq, and the notice's key names the period too), so 催交 of
 * 上期 does not use up today's 催交 of 本期. A press that finds no one left to remind today for the
 * period is 409 今天已催交过; members who became missing later (or were not reminded yet) are reminded.
 */
import { chinaDayKey, periodLabel, REPORT_KIND_LABELS, type ReportPeriod, type ReportRemindResult } from '@sales/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { reportReminders, staff } from '../../../db/schema.js';
import { badRequest, conflict, forbidden } from '../../../lib/errors.js';
import { createNotices } from '../notices/notices-repository.js';
import { canRemindReports, type ReportScope } from '../sales/sales-authorization.js';
import { reportWriteLink } from '../../../db/report-links.js';
import { lastRemind, missingMembers } from './report-team.js';

/** Reminds the members missing the period's report who were not reminded of it today, in one transaction. */
export async function remindMissing(db: Db, scope: ReportScope, period: ReportPeriod, now = new Date()): Promise<ReportRemindResult> {
  const label = REPORT_KIND_LABELS[period.kind];
  if (!canRemindReports(scope)) throw forbidden('只有站点主管可以催交');
  return db.transaction(async (tx) => {
    const missing = await missingMembers(tx, scope.siteId, period);
    if (missing.length === 0) throw badRequest(`${periodLabel(period)}的${label}都已提交，无需催交`);
    const day = chinaDayKey(now);
    const inserted = await tx
      .insert(reportReminders)
      .values(missing.map((member) => ({ kind: period.kind, siteId: scope.siteId, staffId: member.id, periodStart: period.start, day, senderId: scope.userId })))
      .onConflictDoNothing()
      .returning({ staffId: reportReminders.staffId });
    if (inserted.length === 0) throw conflict('今天已催交过');
    const fresh = new Set(inserted.map((row) => row.staffId));
    const reminded = missing.filter((member) => fresh.has(member.id));
    const [sender] = await tx.select({ username: staff.username }).from(staff).where(eq(staff.id, scope.userId));
    const name = sender?.username ?? '主管';
    await createNotices(
      tx,
      reminded.map((member) => ({
        staffId: member.id,
        kind: 'reportRemind' as const,
        dedupeKey: `reportRemind:${period.kind}:${scope.siteId}:${period.start}:${day}`,
        title: `请提交${label}`,
        body: `${name}提醒你提交${periodLabel(period)}的${label}（${scope.siteName}）`,
        link: reportWriteLink(period.kind),
        siteId: scope.siteId,
        actorId: scope.userId,
      })),
    );
    const last = await lastRemind(tx, scope.siteId, period);
    if (!last) throw new Error('reminders inserted but none found');
    return { reminded, last };
  });
}
