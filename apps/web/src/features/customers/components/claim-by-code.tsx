import { customerQrPayload } from '@sales/contract';
import { Button, ErrorBlock } from 'antd-mobile';
import { CardSkeleton, ErrorState } from '../../../components/list-states';
import { routeUrl } from '../../../config/paths';
import { Dialog } from '../../../lib/antd-imperative';
import { ApiError } from '../../../lib/api-client';
import { nav } from '../../../lib/navigation';
import { showToast } from '../../../lib/toast';
import { useClaimCustomer } from '../api/claim-customer';
import { useCustomerQrResolution } from '../api/resolve-customer-qr';
import { CustomerBrief } from './customer-brief';

/** A salesperson who scanned an unbound customer's code claims it (`onClaimed`: their customer count changed). */
export function ClaimByCode({ token, onClaimed }: { token: string; onClaimed(): unknown }) {
  const code = customerQrPayload(token);
  const { data: found, isError, error, refetch } = useCustomerQrResolution(code);
  const claim = useClaimCustomer();

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
    void onClaimed();
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
