import type { ReportKind } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';

/** Each kind's endpoints in the contract's table: /seller/weekly/staff/ and /seller/halfmonth/staff/. */
export const REPORT_ROUTES = { weekly: ROUTES.weeklyReport, halfMonth: ROUTES.halfMonthReport } as const satisfies Record<ReportKind, unknown>;

/** What the text sections are called in each kind. */
export const SECTION_LABELS: Record<ReportKind, { summary: string; plan: string; problems: string }> = {
  weekly: { summary: '本周总结', plan: '下周计划', problems: '问题与支持' },
  halfMonth: { summary: '半月总结', plan: '下阶段计划', problems: '问题与支持' },
};
