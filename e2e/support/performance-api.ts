import { call, type Session } from './api';
import { SITE_101 } from './sales-api';

/**
 * The performance, standard and attendance calls of issue 7 (contract: packages/contract/src/performance.ts),
 * called straight from a test with a user's token, to check what the pages show against what the
 * server says. Only the fields the tests read are typed here.
 */

export type PerformancePeriod = 'week' | 'month' | 'lastMonth' | 'quarter' | 'year';
export type RankingMetric = 'orderAmount' | 'orderCount' | 'newCustomers' | 'followUps';

export interface Targets {
  targetAmount: number;
  targetOrders: number;
  targetNewCustomers: number;
}

export interface Completion {
  amount: number | null;
  orders: number | null;
  newCustomers: number | null;
}

export interface HomeDashboard {
  todaySales: { orderAmount: number; orderCount: number };
  monthSales: { orderAmount: number; orderCount: number };
  month: { target: Targets; completion: Completion };
  top: RankingEntry[];
}

export interface RankingEntry {
  rank: number;
  member: { id: number; username: string };
  value: number;
  isMe: boolean;
}

export interface Ranking {
  list: RankingEntry[];
  me: RankingEntry | null;
  ranges: { range: { startDate: string; endDate: string } };
}

export interface StandardRow extends Targets {
  staffId: number | null;
  isSet: boolean;
}

export interface Standards {
  month: string;
  canEdit: boolean;
  siteDefault: StandardRow;
  members: StandardRow[];
}

export interface AttendanceRecord {
  staffId: number;
  clockInAt: string | null;
  clockOutAt: string | null;
  status: string;
}

export interface AttendanceDay {
  date: string;
  members: { member: { id: number; username: string }; record: AttendanceRecord | null }[];
}

const PREFIX = '/seller/fenghe/staff/';

/** One call; the HTTP status and envelope whatever they are (for refusals). */
export async function performanceCall<T>(session: Session, path: string, body: object): Promise<{ status: number; code: number; data: T }> {
  const { status, body: envelope } = await call<T>('POST', `${PREFIX}${path}`, { token: session.token, body });
  return { status, code: envelope.code, data: envelope.data };
}

async function ok<T>(session: Session, path: string, body: object): Promise<T> {
  const { status, body: envelope } = await call<T>('POST', `${PREFIX}${path}`, { token: session.token, body });
  if (status !== 200 || envelope.code !== 200) throw new Error(`POST ${PREFIX}${path} ${JSON.stringify(body)} answered HTTP ${status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

export const homeDashboard = (session: Session, siteId = SITE_101) => ok<HomeDashboard>(session, 'performance/home', { siteId });

export const ranking = (session: Session, metric: RankingMetric, period: PerformancePeriod, siteId = SITE_101) => ok<Ranking>(session, 'performance/ranking', { siteId, metric, period });

export const standards = (session: Session, month: string, siteId = SITE_101) => ok<Standards>(session, 'performance/standard', { siteId, month });

export const attendanceDay = (session: Session, date: string, siteId = SITE_101) => ok<AttendanceDay>(session, 'attendance/day', { siteId, date });

/** The completion text the pages show: '87.5%' (one decimal at most), '—' without a target. */
export function formatCompletion(rate: number | null): string {
  if (rate === null) return '—';
  const rounded = Math.round(rate * 1000) / 10;
  return `${Object.is(rounded, -0) ? 0 : rounded}%`;
}

/** 'HH:mm' of an instant in China time (UTC+8). */
export function chinaClock(iso: string): string {
  const date = new Date(new Date(iso).getTime() + 8 * 3_600_000);
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}

/** Today in China time, 'YYYY-MM-DD'. */
export function chinaToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
