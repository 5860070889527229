import type { StaffSummary } from '@sales/contract';
import { Button, ErrorBlock } from 'antd-mobile';
import { useState, type ComponentType } from 'react';
import { CardSkeleton, RecordErrorState } from '../../../components/list-states';
import { Dialog } from '../../../lib/antd-imperative';
import { nav } from '../../../lib/navigation';
import { showToast } from '../../../lib/toast';
import { useBindCustomer } from '../api/bind-customer';
import { useCustomerDetail } from '../api/get-customer-detail';
import { useUnbindCustomer } from '../api/unbind-customer';
import { BindingHistory } from './binding-history';
import { CustomerBrief } from './customer-brief';

interface ManageBindingProps {
  customerId: number;
  /** The site's salespeople to pick the new owner from (the current one shown, not selectable). */
  picker: ComponentType<{ value: number | null; onChange(staff: StaffSummary): void; disabledId: number | null }>;
  /** The customer changed owner (the salespeople's customer counts changed). */
  onOwnerChanged(): unknown;
}

/** A leader binds, transfers or unbinds a customer of their site. */
export function ManageBinding({ customerId, picker: StaffPicker, onOwnerChanged }: ManageBindingProps) {
  const { data: customer, isError, error, refetch } = useCustomerDetail(customerId);
  const [picked, setPicked] = useState<StaffSummary | null>(null);
  const bind = useBindCustomer();
  const unbind = useUnbindCustomer();
  const busy = bind.isPending || unbind.isPending;

  if (!customer) {
    if (isError) return <RecordErrorState error={error} what="客户" onRetry={() => void refetch()} />;
    return <CardSkeleton count={2} lines={2} />;
  }

  if (!customer.canManage) {
    return (
      <>
        <CustomerBrief name={customer.name} level={customer.level} owner={customer.owner} />
        <ErrorBlock className="state-block" status="default" title="无法调整归属" description="只有本站点的主管可以绑定或转移客户" />
      </>
    );
  }

  const owner = customer.owner;
  const confirmBind = async () => {
    if (!picked) return;
    const verb = owner ? '转移' : '绑定';
    const confirmed = await Dialog.confirm({
      title: `确认${verb}`,
      content: owner ? `将「${customer.name}」从 ${owner.username} 转移给 ${picked.username}？` : `将「${customer.name}」绑定给 ${picked.username}？`,
      confirmText: `确认${verb}`,
    });
    if (!confirmed) return;
    try {
      await bind.mutateAsync({ customerId: customer.id, staffId: picked.id });
    } catch {
      return;
    }
    void onOwnerChanged();
    showToast(owner ? `已转移给 ${picked.username}` : `已绑定给 ${picked.username}`, 'success');
    nav.navigateBack();
  };

  const confirmUnbind = async () => {
    if (!owner) return;
    const confirmed = await Dialog.confirm({ title: '解除绑定', content: `「${customer.name}」将不再由 ${owner.username} 负责，确定解除？`, confirmText: '解除绑定' });
    if (!confirmed) return;
    try {
      await unbind.mutateAsync({ customerId: customer.id });
    } catch {
      return;
    }
    void onOwnerChanged();
    setPicked(null);
    showToast('已解除绑定', 'success');
  };

  return (
    <div className="detail detail--with-bar" data-testid="relationship-bind">
      <CustomerBrief name={customer.name} level={customer.level} owner={owner} />
      <h2 className="section-title">选择业务员</h2>
      <StaffPicker value={picked?.id ?? null} onChange={setPicked} disabledId={owner?.id ?? null} />
      <h2 className="section-title">绑定记录</h2>
      <BindingHistory customerId={customer.id} />
      <div className="action-bar">
        {owner && (
          <Button color="danger" fill="outline" disabled={busy} loading={unbind.isPending} onClick={() => void confirmUnbind()} data-testid="bind-unbind">
            解除绑定
          </Button>
        )}
        <Button color="primary" disabled={!picked || busy} loading={bind.isPending} onClick={() => void confirmBind()} data-testid="bind-confirm">
          {picked ? `${owner ? '转移' : '绑定'}给 ${picked.username}` : '请选择业务员'}
        </Button>
      </div>
    </div>
  );
}
