/**
 * Starts the phone's outbox (lib/outbox) at app start with the session it works for, and
 * refreshes each place's data when a queued write went out.
 */
import { onOutboxSettled, startOutbox } from '../../lib/outbox/outbox-runtime';
import type { OutboxItem } from '../../lib/outbox/types';
import { currentSiteId, useSession } from '../auth/session-store';

/** The query keys (as the features build them) whose data changed when the item was sent. */
export function queryKeysOf(item: OutboxItem): unknown[][] {
  const siteId = (item.body as { siteId?: number } | null)?.siteId ?? null;
  const { context } = item;
  if (context.kind === 'followUp') return [['customers', siteId, 'follow-ups', context.customerId], ['customers', siteId, 'detail', context.customerId]];
  if (context.kind === 'clock') return [['attendance', siteId]];
  return [['reports', context.report, siteId]];
}

export function startAppOutbox(): void {
  onOutboxSettled((item, outcome) => {
    if (outcome.kind !== 'sent') return;
    // The query client loads with the first page that reads data; only then is anything cached.
    void import('../../lib/query-client').then(({ queryClient }) => {
      for (const queryKey of queryKeysOf(item)) void queryClient.invalidateQueries({ queryKey });
    });
  });
  startOutbox({
    getUser: () => {
      const { userId, token } = useSession.getState();
      return userId !== null && token ? { userId, token } : null;
    },
    getSiteId: currentSiteId,
    onSessionChange: (listener) =>
      void useSession.subscribe((state, previous) => {
        if (state.userId !== previous.userId || state.token !== previous.token) listener();
      }),
  });
}
