import { Button } from 'antd-mobile';
import { OutboxStateTag } from '../../../components/outbox-state';
import type { OutboxItem } from '../../../lib/outbox/types';

/** Where 写周报 would be, for a report waiting in the outbox: its state (待发送, 发送失败) → the writer. */
export function QueuedReportButton({ item, children, onOpen, testId }: { item: OutboxItem; children: string; onOpen(): void; testId: string }) {
  return (
    <Button block fill="outline" color={item.state === 'failed' ? 'danger' : 'warning'} onClick={onOpen} data-testid={testId}>
      <OutboxStateTag item={item} /> {children}
    </Button>
  );
}
