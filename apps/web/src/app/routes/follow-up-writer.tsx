import type { FollowUp } from '@sales/contract';
import { CheckInField } from '../../features/visits/components/check-in-field';
import { offerCustomerPosition } from '../../features/visits/offer-customer-position';
import { useInvalidateCustomers } from '../../features/customers/api/use-invalidate-customers';
import { FollowUpForm } from '../../features/customers/components/follow-up-form';

export interface FollowUpWriterProps {
  customerId: number;
  onClose: () => void;
  /** After the record was saved (or queued offline): the page shows it. */
  onWritten: (created: FollowUp | null) => void;
}

/**
 * The 写跟进 sheet's content on 客户详情 and 今日待办: the follow-up form with its check-in, then,
 * after a visit to a customer without a position, the offer to keep it (设为客户位置). Its own
 * module, loaded by FollowUpWriterSheet once the page has settled or on the tap, so the form,
 * upload and location code stay off both pages' first load.
 */
export default function FollowUpWriter({ customerId, onClose, onWritten }: FollowUpWriterProps) {
  const invalidateCustomers = useInvalidateCustomers();
  return (
    <FollowUpForm
      customerId={customerId}
      onCancel={onClose}
      checkInField={(onBusyChange) => <CheckInField onBusyChange={onBusyChange} />}
      onDone={(created) => {
        onClose();
        onWritten(created);
        if (created) {
          void offerCustomerPosition(created).then((set) => {
            if (set) void invalidateCustomers();
          });
        }
      }}
    />
  );
}
