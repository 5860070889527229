import { useCallback, useState } from 'react';
import { routeUrl } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { nav } from '../../../lib/navigation';
import { showToast } from '../../../lib/toast';
import { useResolveCustomerQr } from '../api/resolve-customer-qr';
import { classifyScan, NOT_OUR_CODE } from '../qr-scan';
import { QrScanner, type ScanNotice } from './qr-scanner';

/** 扫一扫: a customer's code opens the customer, or the claim flow for an unbound one. */
export function CustomerScanner() {
  const [notice, setNotice] = useState<ScanNotice | null>(null);
  const resolve = useResolveCustomerQr();
  const { mutateAsync } = resolve;

  const onDecode = useCallback(
    async (text: string) => {
      const outcome = classifyScan(text);
      if (outcome.kind === 'other') {
        setNotice({ text: NOT_OUR_CODE, tone: 'error' });
        return;
      }
      setNotice({ text: '已识别客户二维码，正在查询…', tone: 'info' });
      try {
        const found = await mutateAsync(outcome.code);
        if (found.canClaim) {
          setNotice({ text: `${found.name}：尚未绑定，可认领`, tone: 'success' });
          nav.redirectTo(routeUrl('relationshipBind', { id: found.customerId, qr: outcome.token }));
        } else if (found.canView) {
          setNotice({ text: `已识别：${found.name}`, tone: 'success' });
          nav.redirectTo(routeUrl('customerDetails', { id: found.customerId }));
        } else {
          const reason = found.owner ? `「${found.name}」由 ${found.owner.username} 负责，你无权查看` : `你无权查看或认领「${found.name}」`;
          setNotice({ text: reason, tone: 'error' });
          showToast(reason);
        }
      } catch (error) {
        const message =
          error instanceof ApiError && error.status === 404
            ? '当前站点没有这位客户；如果客户属于其他站点，请先切换站点'
            : error instanceof ApiError && error.message
              ? error.message
              : '识别失败，请重试';
        setNotice({ text: message, tone: 'error' });
      }
    },
    [mutateAsync],
  );

  return <QrScanner onDecode={onDecode} notice={notice} onNotice={setNotice} />;
}
