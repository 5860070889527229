import type { StaffSummary } from '@sales/contract';
import { POOL_REASON_MAX } from '@sales/contract';
import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../../../lib/toast';
import { StaffPicker } from '../../staff/components/staff-picker';
import { useAssignPoolCustomers } from '../api/pool-actions';
import { failureText } from '../failure-text';

interface AssignSheetProps {
  customerIds: number[];
  onDone(): void;
  onCancel(): void;
}

/**
 * 分配: pick a member of the site for the selected pool customers. When the member's 拥有上限
 * refuses, the leader may 超限分配 with a reason (kept in the audit log).
 */
export function AssignSheet({ customerIds, onDone, onCancel }: AssignSheetProps) {
  const [picked, setPicked] = useState<StaffSummary | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [overrideAllowed, setOverrideAllowed] = useState(false);
  const [reason, setReason] = useState('');
  const assign = useAssignPoolCustomers();

  const submit = async (override: boolean) => {
    if (!picked) return;
    setRefusal(null);
    try {
      const result = await assign.mutateAsync({ customerIds, staffId: picked.id, ...(override ? { override: { reason: reason.trim() } } : {}) });
      showToast(`已分配 ${result.assigned} 位客户给 ${result.staff.username}`, 'success');
      onDone();
    } catch (error) {
      const text = failureText(error);
      setRefusal(text);
      // Only the cap may be overridden; a taken customer or a member elsewhere may not.
      setOverrideAllowed(text.includes('拥有上限'));
    }
  };

  return (
    <div className="pool-sheet" data-testid="pool-assign-sheet">
      <div className="sheet__title">分配 {customerIds.length} 位客户</div>
      <StaffPicker
        value={picked?.id ?? null}
        onChange={(person) => {
          setPicked(person);
          setRefusal(null);
          setOverrideAllowed(false);
        }}
      />
      {refusal && (
        <p className="pool-sheet__message" role="alert" data-testid="pool-assign-refusal">
          {refusal}
        </p>
      )}
      {overrideAllowed && (
        <TextArea
          placeholder="超限分配的原因（必填，将记入操作日志）"
          value={reason}
          onChange={setReason}
          maxLength={POOL_REASON_MAX}
          showCount
          rows={2}
          aria-label="超限分配的原因"
          data-testid="pool-override-reason"
        />
      )}
      <div className="sheet__actions" style={{ display: 'flex', gap: 10, marginTop: 12 }}>
        <Button block onClick={onCancel}>
          取消
        </Button>
        {overrideAllowed ? (
          <Button block color="warning" disabled={!reason.trim() || assign.isPending} loading={assign.isPending} onClick={() => void submit(true)} data-testid="pool-override-confirm">
            超限分配
          </Button>
        ) : (
          <Button block color="primary" disabled={!picked || assign.isPending} loading={assign.isPending} onClick={() => void submit(false)} data-testid="pool-assign-confirm">
            {picked ? `分配给 ${picked.username}` : '请选择成员'}
          </Button>
        )}
      </div>
    </div>
  );
}
