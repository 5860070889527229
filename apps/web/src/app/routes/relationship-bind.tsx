import { customerQrPayload, parseCustomerQr, type StaffSummary } from '@sales/contract';
import { Button, ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BadLinkState, CardSkeleton, ErrorState, RecordErrorState } from '../../components/list-states';
import { routeUrl } from '../../config/paths';
import { useBindCustomer } from '../../features/customers/api/bind-customer';
import { useClaimCustomer } from '../../features/customers/api/claim-customer';
import { useCustomerDetail } from '../../features/customers/api/get-customer-detail';
import { useCustomerQrResolution } from '../../features/customers/api/resolve-customer-qr';
import { useUnbindCustomer } from '../../features/customers/api/unbind-customer';
import { BindingHistory } from '../../features/customers/components/binding-history';
import { CustomerBrief } from '../../features/customers/components/customer-brief';
import { useInvalidateStaff } from '../../features/staff/api/use-invalidate-staff';
import { StaffPicker } from '../../features/staff/components/staff-picker';
import { ApiError } from '../../lib/api-client';
import { nav } from '../../lib/navigation';
import { parseId } from '../../lib/query-params';
import { showToast } from '../../lib/toast';
import { Dialog } from '../../lib/antd-imperative';

/** A leader binds, transfers or unbinds a customer of their site. */
function ManageBinding({ customerId }: { customerId: number }) {
  const { data: customer, isError, error, refetch } = useCustomerDetail(customerId);
  const [picked, setPicked] = useState<StaffSummary | null>(null);
  const bind = useBindCustomer();
  const unbind = useUnbindCustomer();
  const invalidateStaff = useInvalidateStaff();
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
    void invalidateStaff();
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
    void invalidateStaff();
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

/** A salesperson who scanned an unbound customer's code claims it. */
function ClaimByCode({ token }: { token: string }) {
  const code = customerQrPayload(token);
  const { data: found, isError, error, refetch } = useCustomerQrResolution(code);
  const claim = useClaimCustomer();
  const invalidateStaff = useInvalidateStaff();

  if (!found) {
    if (isError) return <ErrorState title={error instanceof ApiError && error.message ? error.message : '二维码识别失败'} onRetry={() => void refetch()} />;
    return <CardSkeleton count={1} lines={2} />;
  }

  const confirmClaim = async () => {
    const confirmed = await Dialog.confirm({ title: '认领客户', content: `认领后「${found.name}」将由你负责，确定认领？`, confirmText: '认领' });
    if (!confirmed) return;
    try {
      await claim.mutateAsync({ qrToken: token });
    } catch {
      return;
    }
    void invalidateStaff();
    showToast('认领成功', 'success');
    nav.redirectTo(routeUrl('customerDetails', { id: found.customerId }));
  };

  return (
    <div className="detail detail--with-bar" data-testid="relationship-claim">
      <CustomerBrief name={found.name} owner={found.owner} />
      {!found.canClaim && (
        <ErrorBlock
          className="state-block"
          status="default"
          title={found.owner ? '该客户已有负责人' : '无法认领'}
          description={found.owner ? `该客户由 ${found.owner.username} 负责，如需调整请联系主管` : '只有本站点的业务员可以认领未绑定的客户'}
        />
      )}
      {found.canClaim && <p className="section muted">该客户还没有负责人，认领后将出现在你的客户列表中。</p>}
      <div className="action-bar">
        {found.canView && (
          <Button
            fill="outline"
            onClick={() => {
              nav.redirectTo(routeUrl('customerDetails', { id: found.customerId }));
            }}
          >
            查看客户
          </Button>
        )}
        {found.canClaim && (
          <Button color="primary" loading={claim.isPending} disabled={claim.isPending} onClick={() => void confirmClaim()} data-testid="bind-claim">
            认领
          </Button>
        )}
      </div>
    </div>
  );
}

/** 绑定客户关系 (?id= for leaders; ?qr=<token> for a salesperson arriving from a scan). */
export default function RelationshipBindPage() {
  const [params] = useSearchParams();
  const qr = params.get('qr');
  if (qr !== null) {
    const token = parseCustomerQr(customerQrPayload(qr));
    return token ? <ClaimByCode token={token} /> : <BadLinkState what="客户二维码" />;
  }
  const id = parseId(params.get('id'));
  if (!id) return <BadLinkState what="客户" />;
  return <ManageBinding customerId={id} />;
}
