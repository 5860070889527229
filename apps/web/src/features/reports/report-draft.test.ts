import { afterEach, describe, expect, it } from 'vitest';
import { photoRef } from '../../lib/outbox/photos';
import { clearDraft, draftKey, draftPhotoIds, EMPTY_DRAFT, isBlank, readDraft, sameDraft, writeDraft } from './report-draft';

afterEach(() => localStorage.clear());

describe('report drafts', () => {
  const key = draftKey({ userId: 1, siteId: 101, kind: 'weekly', period: '2025-11-17' });

  it('are kept per user, site, kind and period, or per report when editing', () => {
    expect(key).toBe('report-draft:1:101:weekly:2025-11-17');
    expect(draftKey({ userId: 1, siteId: 101, kind: 'weekly', period: '2025-11-17', reportId: 9 })).toBe('report-draft:1:101:weekly:report-9');
    expect(draftKey({ userId: 1, siteId: 102, kind: 'weekly', period: '2025-11-17' })).not.toBe(key);
  });

  it('survive a reload: what was written is read back', () => {
    const draft = { summary: '本周新签约两家门店', plan: '', problems: '', images: ['/seller/upload/files/a.png'] };
    writeDraft(key, draft);
    expect(readDraft(key)).toEqual(draft);
    clearDraft(key);
    expect(readDraft(key)).toBeNull();
  });

  it('ignore broken or foreign values instead of failing the form', () => {
    localStorage.setItem(key, '{not json');
    expect(readDraft(key)).toBeNull();
    localStorage.setItem(key, JSON.stringify({ summary: 3, images: ['ok', 5] }));
    expect(readDraft(key)).toEqual({ summary: '', plan: '', problems: '', images: ['ok'] });
  });

  it('name the offline photos every draft holds, of any user, site or period', () => {
    localStorage.clear();
    writeDraft(key, { ...EMPTY_DRAFT, images: ['https://cdn.example/a.png', photoRef('p-1')] });
    writeDraft(draftKey({ userId: 2, siteId: 102, kind: 'halfMonth', period: '2025-11-16' }), { ...EMPTY_DRAFT, images: [photoRef('p-2')] });
    localStorage.setItem('unrelated', JSON.stringify({ images: [photoRef('p-3')] }));
    expect(draftPhotoIds().sort()).toEqual(['p-1', 'p-2']);
    localStorage.clear();
  });

  it('tell blank and unchanged drafts apart', () => {
    expect(isBlank(EMPTY_DRAFT)).toBe(true);
    expect(isBlank({ ...EMPTY_DRAFT, problems: ' 需要样品 ' })).toBe(false);
    expect(sameDraft(EMPTY_DRAFT, { ...EMPTY_DRAFT })).toBe(true);
    expect(sameDraft(EMPTY_DRAFT, { ...EMPTY_DRAFT, images: ['x'] })).toBe(false);
  });
});
