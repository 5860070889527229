import type { ReportKind } from '@sales/contract';
import { routeUrl } from '../../config/paths';

/** Where an owed report of 今日待办 is written. */
export const REPORT_WRITERS: Record<ReportKind, string> = {
  weekly: routeUrl('weeklyReport', { write: 1 }),
  halfMonth: routeUrl('addReport'),
};
