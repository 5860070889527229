/**
 * Starts the phone's outbox (lib/outbox) at app start with the session it works for, and
 * refreshes each place's data when a queued write went out.
 */
import { onOutboxSettled, startOutbox } from '../lib/outbox/outbox-runtime';
import type { OutboxItem } from '../lib/outbox/types';
import { preloadToast } from '../lib/toast';
import { attendanceKeys } from '../features/attendance/api/query-keys';
import { currentSiteId, useSession } from '../features/auth/session-store';
import { customerKeys } from '../features/customers/api/query-keys';
import { reportKeys } from '../features/reports/api/query-keys';
import { todoKeys } from '../features/todo/api/query-keys';
import { draftPhotoIds } from '../features/reports/report-draft';

/**
 * The query keys whose data changed when the item was sent: a follow-up changes its customer and
 * 今日待办 (it may clear a due customer), a clock the attendance, a report its kind's lists and
 * 今日待办's owed reports.
 */
export function queryKeysOf(item: OutboxItem): (readonly unknown[])[] {
  const siteId = (item.body as { siteId?: number } | null)?.siteId ?? null;
  const { context } = item;
  if (context.kind === 'followUp') return [customerKeys.followUps(siteId, context.customerId), customerKeys.detail(siteId, context.customerId), todoKeys.all(siteId)];
  if (context.kind === 'clock') return [attendanceKeys.all(siteId)];
  return [reportKeys.all(context.report, siteId), todoKeys.all(siteId)];
}

export function startAppOutbox(): void {
  preloadToast();
  onOutboxSettled((item, outcome) => {
    if (outcome.kind !== 'sent') return;
    // The query client loads with the first page that reads data; only then is anything cached.
    void import('../lib/query-client').then(({ queryClient }) => {
      for (const queryKey of queryKeysOf(item)) void queryClient.invalidateQueries({ queryKey });
    });
  });
  startOutbox({
    getUser: () => {
      const { userId, token } = useSession.getState();
      return userId !== null && token ? { userId, token } : null;
    },
    getSiteId: currentSiteId,
    keptPhotoIds: draftPhotoIds,
    onSessionChange: (listener) =>
      void useSession.subscribe((state, previous) => {
        if (state.userId !== previous.userId || state.token !== previous.token) listener();
      }),
  });
}
