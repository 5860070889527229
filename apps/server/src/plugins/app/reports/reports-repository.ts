/**
 * 周报 and 半月报: the metrics of a period (from the performance figures, never computed a second
 * way), writing one report per staff, site and period, reading, read marks and the team view.
 */
import {
  addDays,
  fenToYuan,
  parseChinaDay,
  periodAt,
  periodHasBegun,
  periodLabel,
  periodStartingOn,
  REPORT_KIND_LABELS,
  shiftPeriod,
  type ReportCreateBody,
  type ReportDetail,
  type ReportKind,
  type ReportListBody,
  type ReportOrders,
  type ReportPage,
  type ReportPeriod,
  type ReportPreview,
  type ReportRemindResult,
  type ReportSeries,
  type ReportSummary,
  type ReportUpdateBody,
  type TeamReport,
} from '@sales/contract';
import { and, asc, count, desc, eq, exists, gte, inArray, lte, not, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { periodMetrics, reportCompletion, toMetrics, type MetricsSnapshot, type TargetCache } from '../../../db/report-metrics.js';
import { positions, reportReads, reports, staff } from '../../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import type { OrdersRepository } from '../orders/orders-repository.js';
import {
  canEditReport,
  canReadMembersReports,
  canReadReport,
  canSeeStaffReports,
  canSeeTeamReport,
  canWriteReport,
  marksReportRead,
  REPORT_NOT_FOUND,
  STAFF_NOT_FOUND,
  visibleReports,
  type ReportScope,
} from '../sales/sales-authorization.js';
import { iso, paging } from '../sales/sales-queries.js';
import { ReportFeedbackRepository } from './report-feedback.js';
import { remindMissing } from './report-reminders.js';
import { isRead, teamReport } from './report-team.js';
import { cleanText } from './report-text.js';
import { requireUploaded } from '../uploads/uploaded-images.js';

type ReportRow = typeof reports.$inferSelect;

/** How many periods back a report may still be written: the current one and the one before. */
const LATE_PERIODS = 1;

const periodOf = (row: Pick<ReportRow, 'kind' | 'periodStart' | 'periodEnd'>): ReportPeriod => ({ kind: row.kind, start: row.periodStart, end: row.periodEnd });


export class ReportsRepository {
  /** 点评, 回复 and 点赞 on this kind's reports (report-feedback.ts). */
  readonly feedback: ReportFeedbackRepository;

  constructor(
    private readonly db: Db,
    private readonly kind: ReportKind,
    private readonly salesOrders: OrdersRepository,
  ) {
    this.feedback = new ReportFeedbackRepository(db, kind);
  }

  private get label() {
    return REPORT_KIND_LABELS[this.kind];
  }

  /** The period a body names (the current one when absent); 400 when the day starts no period. */
  private period(periodStart: string | undefined, now = new Date()): ReportPeriod {
    if (periodStart === undefined) return periodAt(this.kind, now);
    const period = periodStartingOn(this.kind, periodStart);
    if (!period) throw badRequest(this.kind === 'weekly' ? '报告周期必须从周一开始' : '半月报周期必须从1日或16日开始');
    return period;
  }

  /** Periods a report may be written for: begun, and at most one period late. */
  private requireWritable(period: ReportPeriod, now = new Date()): void {
    if (!periodHasBegun(period, now)) throw badRequest(`该周期尚未开始，不能提交${this.label}`);
    const earliest = shiftPeriod(periodAt(this.kind, now), -LATE_PERIODS);
    if (period.start < earliest.start) throw badRequest(`只能提交本期或上一期的${this.label}`);
  }

  async preview(scope: ReportScope, periodStart: string | undefined): Promise<ReportPreview> {
    if (!canWriteReport(scope)) throw forbidden(`您不是该站点的成员，不能填写${this.label}`);
    const period = this.period(periodStart);
    const snapshot = await periodMetrics(this.db, scope.siteId, scope.userId, period);
    const [existing] = await this.db
      .select({ id: reports.id })
      .from(reports)
      .where(this.ownPeriod(scope, period));
    return {
      kind: this.kind,
      periodStart: period.start,
      periodEnd: period.end,
      label: periodLabel(period),
      siteName: scope.siteName,
      metrics: toMetrics(snapshot),
      reportId: existing?.id ?? null,
      reported: existing !== undefined,
    };
  }

  private ownPeriod(scope: ReportScope, period: ReportPeriod): SQL {
    return and(
      eq(reports.kind, this.kind),
      eq(reports.staffId, scope.userId),
      eq(reports.siteId, scope.siteId),
      eq(reports.periodStart, period.start),
    ) as SQL;
  }

  /** `db` is the transaction of the call's Idempotency-Key when it has one (a savepoint inside it). */
  async create(scope: ReportScope, body: ReportCreateBody, db: Db = this.db): Promise<ReportDetail> {
    if (!canWriteReport(scope)) throw forbidden(`您不是该站点的成员，不能填写${this.label}`);
    const period = this.period(body.periodStart);
    this.requireWritable(period);
    const text = cleanText(this.kind, body);
    const id = await db.transaction(async (tx) => {
      await requireUploaded(tx, text.keys);
      const snapshot = await periodMetrics(tx, scope.siteId, scope.userId, period);
      // The unique index decides between two concurrent creates: the second inserts nothing.
      const [row] = await tx
        .insert(reports)
        .values({
          kind: this.kind,
          staffId: scope.userId,
          siteId: scope.siteId,
          periodStart: period.start,
          periodEnd: period.end,
          ...snapshot,
          summary: text.summary,
          plan: text.plan,
          problems: text.problems,
          images: text.images,
        })
        .onConflictDoNothing()
        .returning({ id: reports.id });
      if (!row) throw conflict(`${periodLabel(period)}的${this.label}已提交，不能重复提交`);
      return row.id;
    });
    return this.detail(scope, id, db);
  }

  /** The report if the caller may read it, else 404 (also for another site's or a colleague's). */
  private async readable(scope: ReportScope, id: number, db: Db | Tx = this.db): Promise<ReportRow & { username: string }> {
    const [row] = await db
      .select({ report: reports, username: staff.username })
      .from(reports)
      .innerJoin(staff, eq(staff.id, reports.staffId))
      .where(and(eq(reports.id, id), eq(reports.kind, this.kind)));
    if (!row || !canReadReport(scope, row.report)) throw notFound(REPORT_NOT_FOUND);
    return { ...row.report, username: row.username };
  }

  /** A report with its readers; a leader of the site opening a member's report marks it read. */
  async detail(scope: ReportScope, id: number, db: Db = this.db): Promise<ReportDetail> {
    const report = await this.readable(scope, id, db);
    if (marksReportRead(scope, report)) await this.markRead(scope, report.id);
    const readers = await db
      .select({ id: staff.id, username: staff.username, readAt: reportReads.readAt })
      .from(reportReads)
      .innerJoin(staff, eq(staff.id, reportReads.leaderId))
      .where(eq(reportReads.reportId, report.id))
      .orderBy(asc(reportReads.readAt));
    return this.detailOf(scope, report, readers, canEditReport(scope, report, readers.length));
  }

  private detailOf(scope: ReportScope, report: ReportRow & { username: string }, readers: { id: number; username: string; readAt: Date }[], canEdit: boolean, read = readers.length > 0): ReportDetail {
    const snapshot: MetricsSnapshot = report;
    return {
      ...this.summaryOf(report, report.username, read),
      siteName: scope.siteName,
      metrics: toMetrics(snapshot),
      summary: report.summary,
      plan: report.plan,
      problems: report.problems,
      images: report.images,
      updatedAt: iso(report.updatedAt),
      readers: readers.map((reader) => ({ leader: { id: reader.id, username: reader.username }, readAt: iso(reader.readAt) })),
      canEdit,
    };
  }

  private summaryOf(row: ReportRow, username: string, read: boolean): ReportSummary {
    return {
      id: row.id,
      kind: row.kind,
      siteId: row.siteId,
      staff: { id: row.staffId, username },
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      label: periodLabel(periodOf(row)),
      orderAmount: fenToYuan(row.orderAmountFen),
      completion: reportCompletion(row.orderAmountFen, row.targetAmountFen),
      read,
      createdAt: iso(row.createdAt),
    };
  }

  /**
   * Locks the author's report for a change: the row lock makes a leader's first read wait, so a
   * report is never changed after it was read.
   */
  private async lockForEdit(tx: Tx, scope: ReportScope, id: number): Promise<ReportRow> {
    const [report] = await tx
      .select()
      .from(reports)
      .where(and(eq(reports.id, id), eq(reports.kind, this.kind)))
      .for('update');
    if (!report || !canReadReport(scope, report)) throw notFound(REPORT_NOT_FOUND);
    if (report.staffId !== scope.userId) throw forbidden(`只能修改自己的${this.label}`);
    const [reads] = await tx.select({ n: count() }).from(reportReads).where(eq(reportReads.reportId, id));
    if (!canEditReport(scope, report, reads?.n ?? 0)) throw conflict(`${this.label}已被主管查阅，不能再修改或删除`);
    return report;
  }

  async update(scope: ReportScope, body: ReportUpdateBody): Promise<ReportDetail> {
    const text = cleanText(this.kind, body);
    await this.db.transaction(async (tx) => {
      await this.lockForEdit(tx, scope, body.id);
      await requireUploaded(tx, text.keys);
      await tx
        .update(reports)
        .set({ summary: text.summary, plan: text.plan, problems: text.problems, images: text.images, updatedAt: new Date() })
        .where(eq(reports.id, body.id));
    });
    return this.detail(scope, body.id);
  }

  async delete(scope: ReportScope, id: number): Promise<{ id: number }> {
    await this.db.transaction(async (tx) => {
      await this.lockForEdit(tx, scope, id);
      await tx.delete(reports).where(eq(reports.id, id));
    });
    return { id };
  }

  /** Marks read inside a transaction that first takes a share lock, so an edit in flight finishes first. */
  async markRead(scope: ReportScope, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [report] = await tx.select().from(reports).where(eq(reports.id, id)).for('share');
      if (!report || !canReadReport(scope, report)) throw notFound(REPORT_NOT_FOUND);
      if (marksReportRead(scope, report)) {
        await tx.insert(reportReads).values({ reportId: id, leaderId: scope.userId }).onConflictDoNothing();
      }
    });
  }

  async list(scope: ReportScope, body: ReportListBody): Promise<ReportPage> {
    const { page, pageSize, offset } = paging(body.page, body.pageSize);
    const conditions: SQL[] = [eq(reports.kind, this.kind), visibleReports(scope)];
    if ((body.scope ?? 'mine') === 'mine') {
      conditions.push(eq(reports.staffId, scope.userId));
    } else {
      if (!canReadMembersReports(scope)) throw forbidden(`只有主管可以查看成员的${this.label}`);
      if (body.staffId !== undefined) conditions.push(eq(reports.staffId, body.staffId));
    }
    if (body.startDate) conditions.push(gte(reports.periodStart, body.startDate));
    if (body.endDate) conditions.push(lte(reports.periodStart, body.endDate));
    const readExists = exists(this.db.select({ one: sql`1` }).from(reportReads).where(eq(reportReads.reportId, reports.id)));
    if (body.read === 'read') conditions.push(readExists);
    if (body.read === 'unread') conditions.push(not(readExists));
    const where = and(...conditions);
    const [totals] = await this.db.select({ total: count() }).from(reports).where(where);
    return { list: await this.summaries(where, pageSize, offset), total: totals?.total ?? 0, page, pageSize };
  }

  /**
   * One person's latest reports of this kind at the site (a member's page), newest period first;
   * none when the caller may not read that person's reports.
   */
  async latestOf(scope: ReportScope, staffId: number, limit: number): Promise<ReportSummary[]> {
    if (!canSeeStaffReports(scope, staffId)) return [];
    return this.summaries(and(eq(reports.kind, this.kind), visibleReports(scope), eq(reports.staffId, staffId)), limit, 0);
  }

  /** The reports `where` selects, newest period first, with whether a leader has read each. */
  private async summaries(where: SQL | undefined, limit: number, offset: number): Promise<ReportSummary[]> {
    const rows = await this.db
      .select({ report: reports, username: staff.username, read: isRead })
      .from(reports)
      .innerJoin(staff, eq(staff.id, reports.staffId))
      .where(where)
      .orderBy(desc(reports.periodStart), asc(staff.id), desc(reports.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => this.summaryOf(row.report, row.username, row.read));
  }

  /**
   * The sales and refunds behind a report's order figures: the lines its snapshot counted (the
   * period's events up to `figures_at`), adding up to its 订单数 and amount.
   */
  async orders(scope: ReportScope, body: { id: number; page?: number | undefined; pageSize?: number | undefined }): Promise<ReportOrders> {
    const report = await this.readable(scope, body.id);
    const from = parseChinaDay(report.periodStart);
    const end = parseChinaDay(report.periodEnd);
    if (!from || !end) throw new Error(`report ${report.id} has a bad period`);
    const lines = await this.salesOrders.reportLines({
      siteId: report.siteId,
      staffId: report.staffId,
      from,
      to: addDays(end, 1),
      asOf: report.figuresAt,
      page: body.page,
      pageSize: body.pageSize,
    });
    return { ...lines, figuresAt: iso(report.figuresAt) };
  }

  /** The last weeks (or half months) of one person, oldest first, with the report of each when written. */
  async series(scope: ReportScope, body: { staffId?: number | undefined; weeks?: number | undefined }): Promise<ReportSeries> {
    const staffId = body.staffId ?? scope.userId;
    if (!canSeeStaffReports(scope, staffId)) throw notFound(STAFF_NOT_FOUND);
    if (staffId !== scope.userId) await this.requireSiteMember(scope.siteId, staffId);
    const count = body.weeks ?? 12;
    const current = periodAt(this.kind, new Date());
    const periods = Array.from({ length: count }, (_, index) => shiftPeriod(current, index - count + 1));
    const written = await this.db
      .select({ id: reports.id, periodStart: reports.periodStart })
      .from(reports)
      .where(
        and(
          eq(reports.kind, this.kind),
          eq(reports.staffId, staffId),
          eq(reports.siteId, scope.siteId),
          inArray(
            reports.periodStart,
            periods.map((period) => period.start),
          ),
        ),
      );
    const byStart = new Map(written.map((row) => [row.periodStart, row.id]));
    const list = [];
    const targets: TargetCache = new Map();
    for (const period of periods) {
      const snapshot = await periodMetrics(this.db, scope.siteId, staffId, period, targets);
      list.push({ periodStart: period.start, periodEnd: period.end, label: periodLabel(period), metrics: toMetrics(snapshot), reportId: byStart.get(period.start) ?? null });
    }
    return { list };
  }

  private async requireSiteMember(siteId: number, staffId: number): Promise<void> {
    const [member] = await this.db
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.siteId, siteId), eq(positions.staffId, staffId)))
      .limit(1);
    if (!member) throw notFound(STAFF_NOT_FOUND);
  }

  /** Who has and has not written a period's report at the site (report-team.ts). */
  async team(scope: ReportScope, periodStart: string | undefined): Promise<TeamReport> {
    if (!canSeeTeamReport(scope)) throw forbidden('您没有查看团队报告的权限');
    return teamReport(this.db, scope, this.period(periodStart));
  }

  /** 一键催交 for the current period or the one before (report-reminders.ts). */
  async remind(scope: ReportScope, periodStart: string | undefined): Promise<ReportRemindResult> {
    const now = new Date();
    const period = this.period(periodStart, now);
    this.requireWritable(period, now);
    return remindMissing(this.db, scope, period, now);
  }

  /** The full report for the PDF, checked like the detail but never marking it read. */
  async forPdf(scope: ReportScope, id: number): Promise<ReportDetail> {
    const report = await this.readable(scope, id);
    const readers = await this.db.select({ n: count() }).from(reportReads).where(eq(reportReads.reportId, id));
    return this.detailOf(scope, report, [], false, (readers[0]?.n ?? 0) > 0);
  }
}
