import { chinaCalendar, REPORT_KIND_LABELS, type DueFollowUp, type OwedReport } from '@sales/contract';

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
