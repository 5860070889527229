import type { CustomerDetail } from '@sales/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Dialog } from '../../../lib/antd-imperative';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useSetCustomerPosition } from '../api/set-customer-position';
import { geoMessageOf, locate } from '../../../lib/geolocation';

const SOURCE_LABEL = { leader: '主管设置', check_in: '签到确认', create: '新建时定位' } as const;

/** 客户位置 on the customer page for leaders: the point and where it came from, and 用当前位置 to set it. */
export function CustomerPositionCard({ customer, onSaved }: { customer: CustomerDetail; onSaved: () => void }) {
  const [locating, setLocating] = useState(false);
  const save = useSetCustomerPosition(onSaved);
  const position = customer.position;

  const setFromHere = async () => {
    setLocating(true);
    let fix;
    try {
      fix = await locate({ highAccuracy: true, timeoutMs: 15_000 });
    } catch (caught) {
      showToast(geoMessageOf(caught), 'fail');
      return;
    } finally {
      setLocating(false);
    }
    const confirmed = await Dialog.confirm({
      title: '设为客户位置',
      content: `把当前位置（±${fix.accuracy} 米）设为「${customer.name}」的位置？`,
      confirmText: '设为客户位置',
    });
    if (!confirmed) return;
    await save.mutateAsync({ customerId: customer.id, latitude: fix.latitude, longitude: fix.longitude });
    showToast('客户位置已更新', 'success');
  };

  return (
    <section className="customer-position" data-testid="customer-position" aria-label="客户位置">
      <div className="customer-position__head">
        <strong>客户位置</strong>
        <Button size="small" color="primary" fill="outline" loading={locating || save.isPending} onClick={() => void setFromHere().catch(() => undefined)} data-testid="customer-position-set">
          用当前位置
        </Button>
      </div>
      {position ? (
        <p className="muted" data-testid="customer-position-value">
          {position.latitude.toFixed(6)}, {position.longitude.toFixed(6)} · {SOURCE_LABEL[position.source]} · {formatDateTime(position.setAt).slice(0, 16)}
        </p>
      ) : (
        <p className="muted" data-testid="customer-position-value">
          未设置：签到不会标记位置偏离
        </p>
      )}
    </section>
  );
}
