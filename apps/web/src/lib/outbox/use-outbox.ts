/** React views of the outbox: the signed-in user's items, all or those of one place. */
import type { ReportKind } from '@sales/contract';
import { useShallow } from 'zustand/react/shallow';
import { useOutboxView } from './outbox-runtime';
import type { OutboxContext, OutboxItem } from './types';

type Kind = OutboxContext['kind'];
export type OutboxItemOf<K extends Kind> = OutboxItem & { context: Extract<OutboxContext, { kind: K }> };

/** Every item of the signed-in user, oldest first. */
export const useOutboxItems = (): OutboxItem[] => useOutboxView((state) => state.items);

/** The count shown on 设置 → 待发送. */
export const useOutboxCount = (): number => useOutboxView((state) => state.items.length);

/** The items of one kind that match `match` (a customer's follow-ups, a report's period…). */
export function useOutboxItemsOf<K extends Kind>(kind: K, match: (context: Extract<OutboxContext, { kind: K }>) => boolean): OutboxItemOf<K>[] {
  return useOutboxView(useShallow((state) => state.items.filter((item): item is OutboxItemOf<K> => item.context.kind === kind && match(item.context as Extract<OutboxContext, { kind: K }>))));
}

/**
 * The report of a period submitted without a network and still in the outbox (待发送, or 发送失败
 * with the server's reason): where the period's report would show (the writer, the period's card,
 * 今日待办's owed report), this shows instead of 写周报, so nobody writes it twice or thinks it lost.
 * Undefined until the period is known.
 */
export function useQueuedReport(kind: ReportKind, periodStart: string | undefined): OutboxItemOf<'report'> | undefined {
  const [queued] = useOutboxItemsOf('report', (context) => context.report === kind && context.periodStart === periodStart);
  return periodStart === undefined ? undefined : queued;
}
