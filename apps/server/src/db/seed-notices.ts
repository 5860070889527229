/**
 * Demo notices (消息中心) from a fixed seed, so a new user sees the feature on first login: each
 * active user gets a customer bound to them and a changed target (unread), yesterday's 今日待联系
 * (unread) and the day before's when they had customers due those days, last period's report reminders (some left unread), and an older history
 * of read notices growing with the scale (20 per user at 1, so 100× gives the list and the unread
 * count a realistic table to answer from). All within the 90 days notices are kept; none for
 * today, which the scheduler sends. Written straight to the table, as the other seed steps write
 * theirs (the server's createNotices is above the db layer), with keys no live event uses.
 */
import { addDays, chinaCalendar, chinaDayString, periodAt, periodLabel, REPORT_KIND_LABELS, shiftPeriod, startOfChinaDay, TODO_PAGE_LINK, type NoticeKind } from '@sales/contract';
import { and, eq, sql } from 'drizzle-orm';
import { SeededRandom } from '../lib/random.js';
import type { Tx } from './client.js';
import { followUpDueBody, followUpDueCounts } from './follow-up-due.js';
import { customers, notices, positions, staff } from './schema.js';
import type { SeedOptions } from './seed.js';

const SEED = 20261124;
const BATCH = 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Older read notices per user at scale 1. */
const HISTORY_PER_USER = 20;
const KEPT_DAYS = 89;

type Row = typeof notices.$inferInsert;

export async function seedNotices(tx: Tx, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const random = new SeededRandom(SEED);
  const people = await tx
    .select({
      id: staff.id,
      // "staff"."id" written out: drizzle renders ${staff.id} unqualified in a one-table select, which
      // inside these subqueries would name the position's own id.
      leads: sql<boolean>`exists (select 1 from ${positions} p where p.staff_id = "staff"."id" and p.is_leader)`.mapWith(Boolean),
      siteId: sql<number>`(select min(p.site_id) from ${positions} p where p.staff_id = "staff"."id")`.mapWith(Number),
    })
    .from(staff)
    .where(eq(staff.status, 'active'))
    .orderBy(staff.id);
  const today = startOfChinaDay(now);
  const rows: Row[] = [];
  const add = (staffId: number, kind: NoticeKind, dedupeKey: string, title: string, body: string, link: string, createdAt: Date, read: boolean, siteId: number | null) => {
    rows.push({ staffId, kind, dedupeKey, title, body, link, siteId, createdAt, readAt: read ? new Date(createdAt.getTime() + HOUR_MS) : null });
  };
  const history = Math.round(HISTORY_PER_USER * options.scale);
  // Yesterday's and the day before's 今日待联系 count the customers still due those days as the
  // scheduler counts them (the ones 今日待办 now lists as overdue), and none for someone with
  // nothing due (a leader without follow-ups of their own).
  const dueByDay = new Map<number, Map<number, number>>();
  for (const daysBack of [1, 2]) {
    const day = addDays(today, -daysBack);
    const due = await followUpDueCounts(tx, day, addDays(day, 1));
    dueByDay.set(daysBack, new Map(due.map((row) => [row.staffId, row.customers])));
  }
  for (const person of people) {
    const owned = await tx
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(and(eq(customers.ownerId, person.id), eq(customers.siteId, person.siteId)))
      .orderBy(customers.id)
      .limit(20);
    const recent = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
    const customer = owned.length > 0 ? owned[random.int(0, owned.length - 1)] : undefined;
    if (customer) {
      add(person.id, 'customerAssigned', `seed:customerAssigned:${customer.id}`, '新客户分配', `客户「${customer.name}」已分配给您负责，请及时跟进。`, `/pages/details/customerDetails?id=${customer.id}`, recent(1), false, person.siteId);
    }
    if (!person.leads) {
      const { year, month } = chinaCalendar(now);
      add(person.id, 'targetChanged', 'seed:targetChanged', '业绩目标已调整', `您${year}年${month}月的业绩目标已由主管调整，点击查看最新目标与完成情况。`, '/pages/index/salesPerformance', recent(3), false, person.siteId);
      for (const kind of ['weekly', 'halfMonth'] as const) {
        const period = shiftPeriod(periodAt(kind, now), -1);
        const label = REPORT_KIND_LABELS[kind];
        const noticeKind = kind === 'weekly' ? 'weeklyDue' : 'halfMonthDue';
        const link = kind === 'weekly' ? '/pages/weeklyReport/index?write=1' : '/pages/my/addReport';
        add(person.id, noticeKind, `seed:${noticeKind}:${period.start}`, `${label}待提交`, `${periodLabel(period)}的${label}还未提交，请尽快填写。`, link, recent(24 * (kind === 'weekly' ? 4 : 6)), random.chance(0.5), person.siteId);
      }
    }
    for (const [daysBack, due] of dueByDay) {
      const day = addDays(today, -daysBack);
      const dueCount = due.get(person.id) ?? 0;
      if (dueCount === 0) continue;
      add(person.id, 'followUpDue', `seed:followUpDue:${chinaDayString(day)}`, '今日待联系', followUpDueBody(dueCount), TODO_PAGE_LINK, new Date(day.getTime() + 8 * HOUR_MS), daysBack > 1, null);
    }
    for (let i = 0; i < history; i += 1) {
      // A working day's hour (08:00–18:59) of a day 3 to 89 days back: 今日待联系 goes out at 08:00.
      const day = addDays(today, -random.int(3, KEPT_DAYS));
      const at = new Date(day.getTime() + random.int(8 * 60, 18 * 60 + 59) * 60_000);
      const pick = owned.length > 0 ? owned[random.int(0, owned.length - 1)] : undefined;
      if (pick && random.chance(0.5)) {
        add(person.id, 'customerAssigned', `seed:history:${i}`, '新客户分配', `客户「${pick.name}」已分配给您负责，请及时跟进。`, `/pages/details/customerDetails?id=${pick.id}`, at, true, person.siteId);
      } else {
        // One a day, as the scheduler sends them (a second of the same day is not inserted).
        add(person.id, 'followUpDue', `seed:followUpDue:${chinaDayString(day)}`, '今日待联系', followUpDueBody(random.int(1, 6)), TODO_PAGE_LINK, new Date(day.getTime() + 8 * HOUR_MS), true, null);
      }
    }
  }
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(notices).values(rows.slice(i, i + BATCH)).onConflictDoNothing();
  }
}
