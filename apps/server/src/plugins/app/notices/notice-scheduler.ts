/**
 * The notice scheduler: each tick creates the notices that are due by then for the current
 * periods, so a restart at 10:00 still creates the 08:00 ones:
 * - 今日待联系 (followUpDue) from 08:00 China time: one notice per person with customers 今日待办
 *   lists as due today (the customer's latest follow-up is theirs and names today), key `followUpDue:<day>`;
 * - 周报待提交 (weeklyDue) from Friday 17:00 of the week, key `weeklyDue:<periodStart>`;
 * - 半月报待提交 (halfMonthDue) from 17:00 on the half month's last day (the 15th or the month's
 *   last), key `halfMonthDue:<periodStart>`; both to each salesperson (an active member who does
 *   not lead the site, as the team report counts them, and who was a member before the period
 *   ended) who has not written that period's report and has no notice with its key yet. The
 *   period before the current one is caught up too (a downtime across the boundary), and a
 *   period already done is looked at again when the site memberships changed (a newcomer);
 * - the purge of notices older than the retention period.
 *
 * With N instances on one database, each due notice is still created once: createNotices' unique
 * key (staff, dedupeKey) makes a repeat a no-op, and a transaction-level advisory lock lets only
 * one instance work per tick (the others skip it and find nothing new on their next one).
 *
 * The one mechanism for timed work: other timed work registers as a job (`ScheduledJob`, e.g.
 * the 公海 return job, pool-return-job.ts) with its own interval and advisory lock; the same timer
 * runs each job when its interval has passed on this instance, each run in its own transaction
 * under its lock, so with N instances one runs it and the others skip. A job computes what is due
 * from the data (not from when it last ran), so a run after a downtime catches up.
 */
import {
  addDays,
  chinaCalendar,
  chinaDayString,
  parseChinaDay,
  periodAt,
  periodLabel,
  REPORT_KIND_LABELS,
  shiftPeriod,
  TODO_PAGE_LINK,
  type ReportKind,
  type ReportPeriod,
} from '@sales/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../../db/client.js';
import { followUpDueBody, followUpDueCounts } from '../../../db/follow-up-due.js';
import { notices, positions, reports, staff } from '../../../db/schema.js';
import { createNotices, purgeOldNotices, type NewNotice } from './notices-repository.js';

/** The advisory lock key of the scheduler's tick (any constant shared by the instances). */
export const NOTICE_SCHEDULER_LOCK = 0x6e6f7469; // 'noti'

const HOUR_MS = 60 * 60 * 1000;
/** 今日待联系 goes out from 08:00 China time. */
const FOLLOW_UP_HOUR = 8;
/** Report reminders go out from 17:00 China time of their day. */
const REPORT_DUE_HOUR = 17;

/** Timed work beside the notices, run by the scheduler's timer. */
export interface ScheduledJob {
  name: string;
  /** The transaction-level advisory lock only one instance holds while it runs the job. */
  lockKey: number;
  /** At least this long between two runs on one instance (the scheduler's tick is the finest grain). */
  intervalMs: number;
  /** Does what is due at `at` in the transaction holding the lock; returns what it did (counts). */
  run(tx: Tx, at: Date): Promise<Record<string, number>>;
}

export interface JobRunResult {
  /** False when another instance held the job's lock and this one skipped the run. */
  ran: boolean;
  counts: Record<string, number>;
}

export interface NoticeSchedulerOptions {
  /** Milliseconds between ticks. */
  intervalMs: number;
  /** Other timed work the timer runs (see ScheduledJob). */
  jobs?: readonly ScheduledJob[];
  retentionDays: number;
  /** The clock (tests move it). */
  now?: () => Date;
  log?: FastifyBaseLogger;
}

export interface TickResult {
  /** False when another instance held the lock and this one skipped the tick. */
  ran: boolean;
  followUpDue: number;
  weeklyDue: number;
  halfMonthDue: number;
  purged: number;
}

/** The instant a period's report reminder is due: Friday 17:00 of a week, 17:00 of a half month's last day. */
export function reportDueAt(period: ReportPeriod): Date {
  const start = parseChinaDay(period.start);
  const end = parseChinaDay(period.end);
  if (!start || !end) throw new Error(`bad period ${period.start}–${period.end}`);
  const day = period.kind === 'weekly' ? addDays(start, 4) : end;
  return new Date(day.getTime() + REPORT_DUE_HOUR * HOUR_MS);
}

/** The notices of follow-ups due today: one per person, counting what 今日待办 lists as due today. */
async function followUpDueNotices(tx: Tx, at: Date): Promise<NewNotice[]> {
  const today = chinaDayString(at);
  const from = parseChinaDay(today);
  if (!from) return [];
  const rows = await followUpDueCounts(tx, from, addDays(from, 1));
  return rows.map((row) => ({
    staffId: row.staffId,
    kind: 'followUpDue' as const,
    dedupeKey: `followUpDue:${today}`,
    title: '今日待联系',
    body: followUpDueBody(row.customers),
    link: TODO_PAGE_LINK,
  }));
}

const REPORT_LINKS: Record<ReportKind, string> = {
  weekly: '/pages/weeklyReport/index?write=1',
  halfMonth: '/pages/my/addReport',
};

/** The instant a period ends: 00:00 China time of the day after its last. */
function periodEndsAt(period: ReportPeriod): Date {
  const end = parseChinaDay(period.end);
  if (!end) throw new Error(`bad period end ${period.end}`);
  return addDays(end, 1);
}

/**
 * The notices of a period's report not yet written: one per salesperson who owes it (first site by
 * id) and has not been told yet. Owing: an active member who does not lead the site, whose position
 * there began before the period ended (someone who joins in a later period is not asked for a
 * report of a period they were not there for), without that period's report at the site.
 */
async function reportDueNotices(tx: Tx, period: ReportPeriod): Promise<NewNotice[]> {
  const kind = period.kind === 'weekly' ? ('weeklyDue' as const) : ('halfMonthDue' as const);
  const dedupeKey = `${kind}:${period.start}`;
  const rows = await tx
    .select({ staffId: positions.staffId, siteId: sql<number>`min(${positions.siteId})`.mapWith(Number) })
    .from(positions)
    .innerJoin(staff, sql`${staff.id} = ${positions.staffId} and ${staff.status} = 'active'`)
    .where(
      sql`${positions.createdAt} < ${periodEndsAt(period).toISOString()}::timestamptz
        and not exists (select 1 from ${positions} led where led.staff_id = ${positions.staffId} and led.site_id = ${positions.siteId} and led.is_leader)
        and not exists (select 1 from ${reports} written where written.kind = ${period.kind} and written.staff_id = ${positions.staffId}
          and written.site_id = ${positions.siteId} and written.period_start = ${period.start})
        and not exists (select 1 from ${notices} told where told.staff_id = ${positions.staffId} and told.dedupe_key = ${dedupeKey})`,
    )
    .groupBy(positions.staffId);
  const label = REPORT_KIND_LABELS[period.kind];
  return rows.map((row) => ({
    staffId: row.staffId,
    kind,
    dedupeKey,
    title: `${label}待提交`,
    body: `${periodLabel(period)}的${label}还未提交，请尽快填写。`,
    link: REPORT_LINKS[period.kind],
    siteId: row.siteId,
  }));
}

/**
 * What the site memberships look like, cheaply: how many positions there are and the newest id.
 * A new position (a newcomer at a site) changes it, even one committed out of id order (the count).
 */
async function membershipMark(tx: Tx): Promise<string> {
  const [row] = await tx.select({ count: sql<number>`count(*)`.mapWith(Number), newest: sql<number>`coalesce(max(${positions.id}), 0)`.mapWith(Number) }).from(positions);
  return `${row?.count ?? 0}:${row?.newest ?? 0}`;
}

export class NoticeScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /**
   * Keys this instance has fully processed (a day's follow-ups, a period's reports), each with the
   * site memberships it saw (`membershipMark`): not recomputed until the memberships change.
   */
  private readonly done = new Map<string, string>();
  private readonly now: () => Date;
  private readonly jobs = new Map<string, ScheduledJob>();
  /** When each job last ran on this instance. */
  private readonly lastRun = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly options: NoticeSchedulerOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    for (const job of options.jobs ?? []) this.jobs.set(job.name, job);
  }

  /** Adds timed work to the timer (a plugin registering its job). */
  addJob(job: ScheduledJob): void {
    this.jobs.set(job.name, job);
  }

  /** Runs one job now, under its lock: `ran` false when another instance holds it. */
  async runJob(name: string, at: Date = this.now()): Promise<JobRunResult> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no scheduled job ${name}`);
    return this.db.transaction(async (tx) => {
      const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${job.lockKey}) as locked`);
      const [lockRow] = (locked as unknown as { rows: { locked: boolean }[] }).rows;
      if (!lockRow?.locked) return { ran: false, counts: {} };
      return { ran: true, counts: await job.run(tx, at) };
    });
  }

  /** Runs every job whose interval has passed on this instance (or whose clock went back); returns those run. */
  async runDueJobs(at: Date = this.now()): Promise<Record<string, JobRunResult>> {
    const results: Record<string, JobRunResult> = {};
    for (const job of this.jobs.values()) {
      const last = this.lastRun.get(job.name);
      if (last !== undefined && at.getTime() - last < job.intervalMs && at.getTime() >= last) continue;
      this.lastRun.set(job.name, at.getTime());
      try {
        results[job.name] = await this.runJob(job.name, at);
      } catch (error) {
        // Retried at its next interval; the other jobs still run.
        this.lastRun.delete(job.name);
        this.options.log?.error({ err: error, job: job.name }, 'scheduled job failed');
      }
    }
    return results;
  }

  /** Creates everything due at `at` (the clock's now by default) that does not exist yet. */
  async tick(at: Date = this.now()): Promise<TickResult> {
    const result: TickResult = { ran: false, followUpDue: 0, weeklyDue: 0, halfMonthDue: 0, purged: 0 };
    const finished = new Map<string, string>();
    await this.db.transaction(async (tx) => {
      const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${NOTICE_SCHEDULER_LOCK}) as locked`);
      const [lockRow] = (locked as unknown as { rows: { locked: boolean }[] }).rows;
      if (!lockRow?.locked) return;
      result.ran = true;
      const { hour } = chinaCalendar(at);
      const today = chinaDayString(at);
      const followUpKey = `followUpDue:${today}`;
      if (hour >= FOLLOW_UP_HOUR && !this.done.has(followUpKey)) {
        result.followUpDue = (await createNotices(tx, await followUpDueNotices(tx, at))).length;
        finished.set(followUpKey, '');
      }
      // Read before the reminders' queries: a membership added after it changes the next tick's mark.
      const memberships = await membershipMark(tx);
      for (const reportKind of ['weekly', 'halfMonth'] as const) {
        const current = periodAt(reportKind, at);
        // The period before is past due: caught up after a downtime across the boundary, and for
        // members who joined a site before it ended but after its reminder went out.
        for (const period of [shiftPeriod(current, -1), current]) {
          const key = `${reportKind}Due:${period.start}`;
          if (at < reportDueAt(period) || this.done.get(key) === memberships) continue;
          const created = (await createNotices(tx, await reportDueNotices(tx, period))).length;
          if (reportKind === 'weekly') result.weeklyDue += created;
          else result.halfMonthDue += created;
          finished.set(key, memberships);
        }
      }
    });
    // Only the current periods' keys matter; an instance running for years forgets the old ones.
    if (this.done.size > 64) this.done.clear();
    for (const [key, mark] of finished) this.done.set(key, mark);
    if (result.ran) result.purged = await purgeOldNotices(this.db, this.options.retentionDays);
    return result;
  }

  /** Ticks now and then every interval until stopped; a failed tick is logged and retried at the next. */
  start(): void {
    if (this.timer) return;
    const run = () => {
      if (this.running) return;
      const at = this.now();
      this.running = (async () => {
        try {
          const result = await this.tick(at);
          const created = result.followUpDue + result.weeklyDue + result.halfMonthDue;
          if (created > 0 || result.purged > 0) this.options.log?.info({ ...result }, 'notice scheduler created due notices');
        } catch (error) {
          this.options.log?.error({ err: error }, 'notice scheduler tick failed');
        }
        // The jobs run whatever the notices did (each logs its own failure).
        for (const [name, done] of Object.entries(await this.runDueJobs(at))) {
          if (Object.values(done.counts).some((n) => n > 0)) this.options.log?.info({ job: name, ...done.counts }, 'scheduled job did work');
        }
      })().finally(() => {
        this.running = null;
      });
    };
    this.timer = setInterval(run, this.options.intervalMs);
    this.timer.unref();
    run();
  }

  /** Stops ticking and waits for a tick under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
