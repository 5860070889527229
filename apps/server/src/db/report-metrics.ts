/**
 * The metrics of a report period (周报, 半月报): the performance figures over its days and the
 * monthly standards spread over them, never computed a second way. The reports and the seed use them.
 */
import { fenToYuan, periodMonths, type ReportMetrics, type ReportPeriod } from '@sales/contract';
import type { Db, Tx } from './client.js';
import { figuresFor, targetFor } from './performance-figures.js';

/** Monthly targets already read, by site, staff and month (for callers computing many periods at once). */
export type TargetCache = Map<string, Awaited<ReturnType<typeof targetFor>>>;

export interface MetricsSnapshot {
  orderCount: number;
  orderAmountFen: number;
  newCustomers: number;
  followUps: number;
  targetAmountFen: number;
  targetOrders: number;
  targetNewCustomers: number;
}

/**
 * A period's metrics for one person: the figures of issue 7 over the period's days, and the
 * monthly standard spread by days — each month contributes target × (days of the period in that
 * month) / (days in that month), summed and rounded once. A half month of 15 days in a 30-day
 * month gets half the month's target; a week across a month end takes its share of each month.
 */
export async function periodMetrics(db: Db | Tx, siteId: number, staffId: number, period: ReportPeriod, targets?: TargetCache): Promise<MetricsSnapshot> {
  const figures = await figuresFor(db, { siteId, staffId, startDate: period.start, endDate: period.end });
  let amount = 0;
  let orderTarget = 0;
  let customerTarget = 0;
  for (const part of periodMonths(period)) {
    const key = `${siteId}:${staffId}:${part.month}`;
    let target = targets?.get(key);
    if (!target) {
      target = await targetFor(db, { siteId, staffId, month: part.month });
      targets?.set(key, target);
    }
    const share = part.days / part.daysInMonth;
    amount += target.targetAmountFen * share;
    orderTarget += target.targetOrders * share;
    customerTarget += target.targetNewCustomers * share;
  }
  return {
    ...figures,
    targetAmountFen: Math.round(amount),
    targetOrders: Math.round(orderTarget),
    targetNewCustomers: Math.round(customerTarget),
  };
}

/** Amount over target, to four decimals; null without a target. */
export const reportCompletion = (amountFen: number, targetFen: number) => (targetFen > 0 ? Math.round((amountFen / targetFen) * 10_000) / 10_000 : null);

export function toMetrics(snapshot: MetricsSnapshot): ReportMetrics {
  return {
    orderCount: snapshot.orderCount,
    orderAmount: fenToYuan(snapshot.orderAmountFen),
    newCustomers: snapshot.newCustomers,
    followUps: snapshot.followUps,
    targetAmount: fenToYuan(snapshot.targetAmountFen),
    targetOrders: snapshot.targetOrders,
    targetNewCustomers: snapshot.targetNewCustomers,
    completion: reportCompletion(snapshot.orderAmountFen, snapshot.targetAmountFen),
  };
}
