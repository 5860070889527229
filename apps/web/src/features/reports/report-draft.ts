/**
 * The draft of a report being written, kept in local storage on every change so nothing typed is
 * lost when the page closes or the network fails. One draft per user, site, kind and period (or
 * report, when editing).
 */
import type { ReportKind } from '@sales/contract';
import { photoIdsIn } from '../../lib/outbox/photos';

export interface ReportDraft {
  summary: string;
  plan: string;
  problems: string;
  images: string[];
}

export const EMPTY_DRAFT: ReportDraft = { summary: '', plan: '', problems: '', images: [] };

const DRAFT_PREFIX = 'report-draft:';

export const draftKey = (parts: { userId: number | null; siteId: number | null; kind: ReportKind; period: string; reportId?: number | undefined }) =>
  `${DRAFT_PREFIX}${parts.userId ?? 0}:${parts.siteId ?? 0}:${parts.kind}:${parts.reportId ? `report-${parts.reportId}` : parts.period}`;

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

/**
 * The offline photos (outbox-photo: references) of every report draft on this phone: the outbox
 * keeps them while the draft does, however long the report takes to write.
 */
export function draftPhotoIds(): string[] {
  const ids: string[] = [];
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(DRAFT_PREFIX)) ids.push(...photoIdsIn(readDraft(key)?.images ?? []));
    }
  } catch {
    // Storage blocked: no draft survives either.
  }
  return ids;
}

export const isBlank = (draft: ReportDraft) => !draft.summary.trim() && !draft.plan.trim() && !draft.problems.trim() && draft.images.length === 0;

export const sameDraft = (a: ReportDraft, b: ReportDraft) =>
  a.summary === b.summary && a.plan === b.plan && a.problems === b.problems && a.images.join('\n') === b.images.join('\n');
