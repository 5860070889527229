import type { FollowUp } from '@sales/contract';
import { Dialog } from '../../lib/antd-imperative';
import { showToast } from '../../lib/toast';
import { setCustomerPosition } from './api/set-customer-position';

/**
 * After a check-in on a customer without a position (no distance was measured), offers
 * 设为客户位置: the check-in's point becomes the customer's, once the person confirms.
 * Answers whether the position was set (the caller refreshes the customer).
 */
export async function offerCustomerPosition(followUp: FollowUp): Promise<boolean> {
  const checkIn = followUp.checkIn;
  if (!checkIn || checkIn.distance !== null) return false;
  const confirmed = await Dialog.confirm({
    title: '设为客户位置',
    content: `该客户还没有位置。是否把这次签到的位置（±${Math.round(checkIn.accuracy)} 米）设为客户位置？以后的签到会与它比较距离。`,
    confirmText: '设为客户位置',
    cancelText: '暂不',
  });
  if (!confirmed) return false;
  try {
    await setCustomerPosition({ customerId: followUp.customerId, followUpId: followUp.id });
  } catch {
    // The request layer has said why (e.g. a leader set one meanwhile).
    return false;
  }
  showToast('已设为客户位置', 'success');
  return true;
}
