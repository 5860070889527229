import type { ReportKind } from '@sales/contract';
import { callForFile } from '../../../lib/api-client';
import { REPORT_ROUTES } from '../report-api';

/** What a PDF shows: one report, or the team summary of a period. */
export type PdfSource = { kind: ReportKind; id: number } | { kind: ReportKind; team: true; periodStart?: string | undefined };

/** GET …/pdf or …/team/pdf as a blob (the Authorization header goes with it, so no token in a URL). */
export function downloadReportPdf(source: PdfSource, siteId: number): Promise<Blob> {
  if ('id' in source) return callForFile(REPORT_ROUTES[source.kind].pdf, { siteId, id: source.id }, { hideErrorToast: true });
  return callForFile(REPORT_ROUTES[source.kind].teamPdf, { siteId, periodStart: source.periodStart }, { hideErrorToast: true });
}
