/**
 * The draft of a report being written, kept in local storage on every change so nothing typed is
 * lost when the page closes or the network fails. One draft per user, site, kind and period (or
 * report, when editing).
 */
import type { ReportKind } from '@sales/contract';

export interface ReportDraft {
  summary: string;
  plan: string;
  problems: string;
  images: string[];
}

export const EMPTY_DRAFT: ReportDraft = { summary: '', plan: '', problems: '', images: [] };

export const draftKey = (parts: { userId: number | null; siteId: number | null; kind: ReportKind; period: string; reportId?: number | undefined }) =>
  `report-draft:${parts.userId ?? 0}:${parts.siteId ?? 0}:${parts.kind}:${parts.reportId ? `report-${parts.reportId}` : parts.period}`;

export function readDraft(key: string): ReportDraft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ReportDraft>;
    return {
      summary: typeof value.summary === 'string' ? value.summary : '',
      plan: typeof value.plan === 'string' ? value.plan : '',
      problems: typeof value.problems === 'string' ? value.problems : '',
      images: Array.isArray(value.images) ? value.images.filter((url): url is string => typeof url === 'string') : [],
    };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: ReportDraft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // A full or blocked storage loses only the local copy; the form still holds the text.
  }
}

export const clearDraft = (key: string) => localStorage.removeItem(key);

export const isBlank = (draft: ReportDraft) => !draft.summary.trim() && !draft.plan.trim() && !draft.problems.trim() && draft.images.length === 0;

export const sameDraft = (a: ReportDraft, b: ReportDraft) =>
  a.summary === b.summary && a.plan === b.plan && a.problems === b.problems && a.images.join('\n') === b.images.join('\n');
