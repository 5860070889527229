/** Starts the outbox at app start and refreshes each place's data when a queued write went out. */
import { onOutboxSettled, startOutbox } from './outbox-runtime';
import type { OutboxItem } from './types';

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
  startOutbox();
}
