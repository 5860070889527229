import { formatMoney, groupNumber, type Figures, type RankingMetric } from '@sales/contract';

/** The figures of a performance page, in the order they are shown, with their units. */
export const METRIC_LABELS: Record<RankingMetric, string> = {
  orderAmount: '销售额',
  orderCount: '订单数',
  newCustomers: '新客户',
  followUps: '跟进',
};

const UNITS: Record<Exclude<RankingMetric, 'orderAmount'>, string> = {
  orderCount: '单',
  newCustomers: '位',
  followUps: '次',
};

/** One figure as the app shows it: 12,345.6元, 18单, 3位, 25次. */
export function formatMetric(metric: RankingMetric, value: number): string {
  if (metric === 'orderAmount') return formatMoney(value);
  return `${Number.isFinite(value) ? groupNumber(value, 3) : 0}${UNITS[metric]}`;
}

/** The value of one figure in a set of figures. */
export const metricOf = (figures: Figures, metric: RankingMetric): number => figures[metric];

/** 'YYYY-MM-DD' → 'MM-DD', the short day of chart axes and day lists. */
export const shortDay = (day: string): string => day.slice(5);
