import { Button, ErrorBlock } from 'antd-mobile';
import { routeUrl } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { nav } from '../../../lib/navigation';
import type { OutboxItemOf } from '../../../lib/outbox/use-outbox';
import { OutboxFailure, OutboxStateTag } from '../../../components/outbox-state';

/** A report submitted without a network, where it would be written: 待发送, or 发送失败 with the reason. */
export function PendingReport({ item, label }: { item: OutboxItemOf<'report'>; label: string }) {
  const failed = item.state === 'failed';
  return (
    <ErrorBlock
      className="state-block"
      status="default"
      title={failed ? `${label}发送失败` : `${label}已保存到待发送`}
      description={`提交于 ${formatDateTime(item.createdAt)}${failed ? '' : '，恢复网络后自动发送'}`}
      data-testid="pending-report"
    >
      <OutboxStateTag item={item} />
      <OutboxFailure item={item} />
      <Button color="primary" fill="outline" onClick={() => void nav.navigateTo(routeUrl('outbox'))}>
        查看待发送
      </Button>
    </ErrorBlock>
  );
}
