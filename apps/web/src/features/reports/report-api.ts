import type { ReportKind } from '@sales/contract';

/** Where each kind's calls live: /seller/weekly/staff/ (SPEC §7's before/create) and /seller/halfmonth/staff/. */
export const REPORT_API: Record<ReportKind, string> = {
  weekly: '/seller/weekly/staff',
  halfMonth: '/seller/halfmonth/staff',
};

/** What the text sections are called in each kind. */
export const SECTION_LABELS: Record<ReportKind, { summary: string; plan: string; problems: string }> = {
  weekly: { summary: '本周总结', plan: '下周计划', problems: '问题与支持' },
  halfMonth: { summary: '半月总结', plan: '下阶段计划', problems: '问题与支持' },
};
