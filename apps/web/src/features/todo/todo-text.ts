import { chinaCalendar, REPORT_KIND_LABELS, type DueFollowUp, type OwedReport, type ReturningCustomer } from '@sales/contract';
import { telHref } from '../../lib/tel';

/** 逾期 3 天, or today's time: 今天 15:00 (China time, as the server counts days). */
export function dueLabel(item: Pick<DueFollowUp, 'daysOverdue' | 'nextContactAt'>): string {
  if (item.daysOverdue > 0) return `逾期 ${item.daysOverdue} 天`;
  const at = new Date(item.nextContactAt);
  if (Number.isNaN(at.getTime())) return '今天';
  const { hour, minute } = chinaCalendar(at);
  return `今天 ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** 写本周周报 · 11月23日截止 / 写本期半月报 · 11月30日截止. */
export function owedReportTitle(report: Pick<OwedReport, 'kind'>): string {
  return report.kind === 'weekly' ? '写本周周报' : `写本期${REPORT_KIND_LABELS.halfMonth}`;
}

export function owedReportHint(report: Pick<OwedReport, 'label' | 'periodEnd'>): string {
  const [, month, day] = report.periodEnd.split('-').map(Number);
  return `${report.label} · ${month}月${day}日截止`;
}

/** The badge's text: 99+ past 99, nothing at 0. */
export function badgeText(count: number | undefined): string | undefined {
  if (!count || count <= 0) return undefined;
  return count > 99 ? '99+' : String(count);
}

/** The texts of a due customer's card (components/due-card.tsx), shared with 今日待办's painter (app/prerender/todo-painter.ts). */
export interface DueCardText {
  name: string;
  when: string;
  contact: string;
  phone: string;
  tel: string;
  content: string;
}

export const dueCardText = (item: DueFollowUp): DueCardText => ({
  name: item.customer.name,
  when: dueLabel(item),
  contact: item.customer.contactName,
  phone: item.customer.phone,
  tel: telHref(item.customer.phone),
  content: `上次${item.type}：${item.content}`,
});

/** 即将回收's row: the customer and which rule returns it. */
export interface ReturningText {
  name: string;
  description: string;
}

export const returningText = (item: ReturningCustomer): ReturningText => ({
  name: item.customer.name,
  description: `${item.rule}将回收至公海 · ${item.customer.contactName || '—'}`,
});

/** An owed report's row. */
export interface OwedReportText {
  title: string;
  hint: string;
}

export const owedReportText = (report: OwedReport): OwedReportText => ({ title: owedReportTitle(report), hint: owedReportHint(report) });

/** 待联系's split: 今天 N, and · 逾期 M when some are overdue. */
export function dueSplitText(first: { total: number; todayTotal: number }): string {
  const overdue = first.total - first.todayTotal;
  return `今天 ${first.todayTotal}${overdue > 0 ? ` · 逾期 ${overdue}` : ''}`;
}
