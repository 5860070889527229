/**
 * The 'seed:performance:v1' step: monthly standards for every month of the sales history (25
 * months with the current one), and attendance for the last 60 days. Runs after the sales step, so
 * targets are set from the sales each person really made (completion between about 60 % and 130 %).
 * A salesperson's months before the one they joined have a standard of 0 (no target).
 */
import { addDays, chinaCalendar, chinaDayString, chinaMidnight, WORK_HOURS } from '@sales/contract';
import { eq, gte, sql } from 'drizzle-orm';
import { SeededRandom } from '../lib/random.js';
import { HISTORY_MONTHS_BACK } from './seed-history.js';
import type { Tx } from './client.js';
import { attendance, performanceDaily, performanceStandards, positions, staff } from './schema.js';
import type { SeedOptions } from './seed.js';

const SEED = 20251107;
const ATTENDANCE_DAYS = 60;

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM' of the China month `back` months before the one holding `now`. */
function monthBefore(now: Date, back: number): string {
  const { year, month } = chinaCalendar(now);
  const { year: y, month: m } = chinaCalendar(chinaMidnight(year, month - back));
  return `${y}-${pad(m)}`;
}

/** An instant on a China day at hh:mm plus some seconds. */
function at(day: Date, hour: number, minute: number, second: number): Date {
  return new Date(day.getTime() + ((hour * 60 + minute) * 60 + second) * 1000);
}

const [startHour, startMinute] = WORK_HOURS.start.split(':').map(Number) as [number, number];
const [endHour, endMinute] = WORK_HOURS.end.split(':').map(Number) as [number, number];

interface Member {
  staffId: number;
  siteId: number;
  isLeader: boolean;
  joinedAt: Date;
}

export async function seedPerformance(tx: Tx, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const random = new SeededRandom(SEED);
  const rows = await tx
    .select({ staffId: positions.staffId, siteId: positions.siteId, isLeader: positions.isLeader, joinedAt: staff.createdAt })
    .from(positions)
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(eq(staff.status, 'active'))
    .orderBy(positions.staffId, positions.siteId, positions.id);
  // One entry per person and site; leading wins, as in the app.
  const members = new Map<string, Member>();
  for (const row of rows) {
    const key = `${row.siteId}/${row.staffId}`;
    const known = members.get(key);
    members.set(key, { ...row, isLeader: row.isLeader || (known?.isLeader ?? false) });
  }

  // Standards: each salesperson's target is what they sold that month divided by 0.6–1.3 (so the
  // completion of a past month is that factor), rounded to 100 yuan; the current month's is the
  // month before's divided by 0.8–1.2. The site default is the median
  // salesperson's. Some months leave a salesperson whose target is near it on the default.
  const months = Array.from({ length: HISTORY_MONTHS_BACK + 1 }, (_, i) => monthBefore(now, HISTORY_MONTHS_BACK - i));
  const { year, month: monthNumber, day: elapsed } = chinaCalendar(now);
  const daysInMonth = chinaCalendar(addDays(chinaMidnight(year, monthNumber + 1), -1)).day;
  const firstDay = `${months[0]}-01`;
  const sold = await tx
    .select({
      siteId: performanceDaily.siteId,
      staffId: performanceDaily.staffId,
      month: sql<string>`to_char(${performanceDaily.day}, 'YYYY-MM')`,
      amountFen: sql<string>`sum(${performanceDaily.paidAmountFen} - ${performanceDaily.refundAmountFen})`,
      orders: sql<string>`sum(${performanceDaily.paidCount} - ${performanceDaily.refundCount})`,
      newCustomers: sql<string>`sum(${performanceDaily.newCustomers})`,
    })
    .from(performanceDaily)
    .where(gte(performanceDaily.day, firstDay))
    .groupBy(performanceDaily.siteId, performanceDaily.staffId, sql`3`);
  const actual = new Map(sold.map((row) => [`${row.siteId}/${row.staffId}/${row.month}`, row]));
  const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);
  const standardRows: (typeof performanceStandards.$inferInsert)[] = [];
  const sites = [...new Set([...members.values()].map((member) => member.siteId))].sort((a, b) => a - b);
  for (const siteId of sites) {
    const salespeople = [...members.values()].filter((member) => member.siteId === siteId && !member.isLeader);
    for (const [index, month] of months.entries()) {
      const current = index === months.length - 1;
      // Who had joined by the end of the month; the others get a standard of 0 for it.
      const joinedMonth = (person: Member) => monthBefore(person.joinedAt, 0);
      const here = salespeople.filter((person) => joinedMonth(person) <= month);
      const targets = here.map((person) => {
        // This month's target is set from the month before, as a company sets a month's targets
        // ahead: from this month's few days, a first start on the 1st gave targets of 100 yuan. Only
        // someone without a month before (joined this month) gets this month's pace so far,
        // projected over the whole month.
        const before = current && index > 0 ? actual.get(`${siteId}/${person.staffId}/${months[index - 1]}`) : undefined;
        const row = before ?? actual.get(`${siteId}/${person.staffId}/${month}`);
        const scale = current && !before ? daysInMonth / elapsed : 1;
        const factor = current ? 0.8 + random.next() * 0.4 : 0.6 + random.next() * 0.7;
        const target = (value: string | undefined, step: number) => roundTo((Number(value ?? 0) * scale) / factor, step);
        return {
          staffId: person.staffId,
          targetAmountFen: target(row?.amountFen, 10_000),
          targetOrders: target(row?.orders, 1),
          targetNewCustomers: target(row?.newCustomers, 1),
        };
      });
      const sorted = [...targets].sort((a, b) => a.targetAmountFen - b.targetAmountFen);
      const median = sorted[Math.floor(sorted.length / 2)];
      const siteDefault = median ?? { targetAmountFen: 5_000_000, targetOrders: 20, targetNewCustomers: 3 };
      standardRows.push({
        siteId,
        staffId: null,
        month,
        targetAmountFen: siteDefault.targetAmountFen,
        targetOrders: siteDefault.targetOrders,
        targetNewCustomers: siteDefault.targetNewCustomers,
      });
      // Some are left on the site default — only those whose own target is near it (within half to
      // twice): a top seller on the median's target showed completion rates like 1576 %.
      const nearDefault = (fen: number) => fen >= siteDefault.targetAmountFen / 2 && fen <= siteDefault.targetAmountFen * 2;
      for (const target of targets) {
        if (random.chance(0.15) && nearDefault(target.targetAmountFen)) continue;
        standardRows.push({ siteId, month, ...target });
      }
      for (const person of salespeople) {
        if (joinedMonth(person) > month) standardRows.push({ siteId, month, staffId: person.staffId, targetAmountFen: 0, targetOrders: 0, targetNewCustomers: 0 });
      }
    }
  }
  if (standardRows.length > 0) await tx.insert(performanceStandards).values(standardRows);

  // Attendance at each person's first site, working days only, today left open.
  const firstSite = new Map<number, number>();
  const joinedDay = new Map<number, string>();
  for (const member of [...members.values()].sort((a, b) => a.staffId - b.staffId || a.siteId - b.siteId)) {
    if (!firstSite.has(member.staffId)) firstSite.set(member.staffId, member.siteId);
    joinedDay.set(member.staffId, chinaDayString(member.joinedAt));
  }
  const today = chinaMidnight(chinaCalendar(now).year, chinaCalendar(now).month, chinaCalendar(now).day);
  const records: (typeof attendance.$inferInsert)[] = [];
  for (let back = ATTENDANCE_DAYS; back >= 1; back -= 1) {
    const day = addDays(today, -back);
    const weekday = chinaCalendar(day).weekday;
    if (weekday === 0 || weekday === 6) continue;
    for (const [staffId, siteId] of firstSite) {
      const roll = random.next();
      if (chinaDayString(day) < (joinedDay.get(staffId) ?? '')) continue;
      const onTimeIn = at(day, startHour - 1, 15 + random.int(0, 44), random.int(0, 59));
      const onTimeOut = at(day, endHour, endMinute + random.int(0, 90), random.int(0, 59));
      const base = { staffId, siteId, day: chinaDayString(day) };
      if (roll < 0.04) {
        records.push({ ...base, status: 'leave' });
      } else if (roll < 0.1) {
        records.push({ ...base, clockInAt: at(day, startHour, startMinute + random.int(1, 50), random.int(0, 59)), clockOutAt: onTimeOut, status: 'late' });
      } else if (roll < 0.14) {
        records.push({ ...base, clockInAt: onTimeIn, clockOutAt: at(day, endHour - 1 - random.int(0, 1), random.int(0, 55), random.int(0, 59)), status: 'early' });
      } else if (roll < 0.17) {
        const missingOut = random.chance(0.7);
        records.push({ ...base, clockInAt: missingOut ? onTimeIn : null, clockOutAt: missingOut ? null : onTimeOut, status: 'missing' });
      } else if (roll < 0.19) {
        // Absent without a record: counted as 未打卡 on the day view.
        continue;
      } else {
        records.push({ ...base, clockInAt: onTimeIn, clockOutAt: onTimeOut, status: 'normal' });
      }
    }
  }
  for (let i = 0; i < records.length; i += 1000) await tx.insert(attendance).values(records.slice(i, i + 1000));
}
