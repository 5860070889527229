/**
 * The texts of the home dashboard's first screen (今日, 本月, 本月标准完成), computed from the
 * answer of performance/home: the app's render (components/home-dashboard.tsx) and home's painter
 * (app/prerender/home-painter.ts), which draws the same markup before the app has loaded, read
 * them from here, so the two cannot say different things.
 */
import { changeRatio, formatMoney, type AmountAndCount, type HomeDashboard } from '@sales/contract';
import { completionLook, describeChange, type Change, type CompletionLook } from '../../lib/change';
import { hasTargets } from '../../lib/targets';

export interface SalesCardText {
  amount: string;
  orders: string;
  amountChange: Change;
  ordersChange: Change;
}

export interface TargetText {
  amount: string;
  orders: string;
  newCustomers: string;
}

export interface HomeTopText {
  today: SalesCardText;
  month: SalesCardText;
  /** null: no standard applies (未设标准). */
  target: TargetText | null;
  completion: { amount: CompletionLook; orders: CompletionLook; newCustomers: CompletionLook };
}

export const salesCardText = (sales: AmountAndCount): SalesCardText => ({
  amount: formatMoney(sales.orderAmount),
  orders: String(sales.orderCount),
  amountChange: describeChange(changeRatio(sales.orderAmount, sales.previousAmount)),
  ordersChange: describeChange(changeRatio(sales.orderCount, sales.previousCount)),
});

/** What the first screen shows of the dashboard's answer. */
export type HomeTopData = Pick<HomeDashboard, 'todaySales' | 'monthSales'> & { month: Pick<HomeDashboard['month'], 'target' | 'completion'> };

export function homeTopText(data: HomeTopData): HomeTopText {
  const { target, completion } = data.month;
  return {
    today: salesCardText(data.todaySales),
    month: salesCardText(data.monthSales),
    target: hasTargets(target)
      ? { amount: formatMoney(target.targetAmount), orders: String(target.targetOrders), newCustomers: String(target.targetNewCustomers) }
      : null,
    completion: {
      amount: completionLook(completion.amount),
      orders: completionLook(completion.orders),
      newCustomers: completionLook(completion.newCustomers),
    },
  };
}
