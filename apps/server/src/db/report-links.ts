/** The app pages a report notice opens (DESIGN §2 routes of the web app). */
import type { ReportKind } from '@sales/contract';

/** 周报业绩详情 or 历史记录 with the report. */
export const reportPageLink = (kind: ReportKind, reportId: number) =>
  kind === 'weekly' ? `/pages/index/weeklyDetails?id=${reportId}` : `/pages/details/historicalReportRecords?id=${reportId}`;

/** Where the member writes the period's report: 周报's writer or 添加半月报. */
export const reportWriteLink = (kind: ReportKind) => (kind === 'weekly' ? '/pages/weeklyReport/index?write=1' : '/pages/my/addReport');
