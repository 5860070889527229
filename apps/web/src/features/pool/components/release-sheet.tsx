import { POOL_REASON_MAX } from '@sales/contract';
import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../../../lib/toast';
import { useReleaseCustomer } from '../api/pool-actions';
import { failureText } from '../failure-text';

/** 放弃: the owner returns the customer to the site's 公海 with a reason. */
export function ReleaseSheet({ customerId, customerName, onDone, onCancel }: { customerId: number; customerName: string; onDone(): void; onCancel(): void }) {
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const release = useReleaseCustomer();

  const submit = async () => {
    setRefusal(null);
    try {
      await release.mutateAsync({ customerId, reason: reason.trim() });
    } catch (error) {
      setRefusal(failureText(error));
      return;
    }
    showToast('已放弃到公海', 'success');
    onDone();
  };

  return (
    <div className="pool-sheet" data-testid="pool-release-sheet">
      <div className="sheet__title">放弃客户</div>
      <p className="muted">「{customerName}」将回到本站点公海，其他业务员可以领取。请说明原因：</p>
      <TextArea
        placeholder="放弃原因（必填）"
        value={reason}
        onChange={setReason}
        maxLength={POOL_REASON_MAX}
        showCount
        rows={3}
        aria-label="放弃原因"
        data-testid="pool-release-reason"
      />
      {refusal && (
        <p className="pool-sheet__message" role="alert">
          {refusal}
        </p>
      )}
      <div style={{ display: 'flex', gap: 10, marginTop: 12 }}>
        <Button block onClick={onCancel}>
          取消
        </Button>
        <Button block color="danger" disabled={!reason.trim() || release.isPending} loading={release.isPending} onClick={() => void submit()} data-testid="pool-release-confirm">
          确认放弃
        </Button>
      </div>
    </div>
  );
}
