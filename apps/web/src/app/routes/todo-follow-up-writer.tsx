import { FollowUpForm } from '../../features/customers/components/follow-up-form';
import { CheckInField } from '../../features/visits/components/check-in-field';
import { offerCustomerPosition } from '../../features/visits/offer-customer-position';

/**
 * 今日待办's 写跟进 sheet: the customer page's writer with its check-in, and the offer to keep the
 * customer's position after a visit. Loaded when 今日待办 has settled or when 写跟进 is tapped
 * (todo.tsx), so its form, upload and location code stay off the list's first load.
 */
export default function TodoFollowUpWriter({ customerId, onClose, onWritten }: { customerId: number; onClose: () => void; onWritten: () => void }) {
  return (
    <FollowUpForm
      customerId={customerId}
      onCancel={onClose}
      checkInField={(onBusyChange) => <CheckInField onBusyChange={onBusyChange} />}
      onDone={(created) => {
        onClose();
        onWritten();
        if (created) void offerCustomerPosition(created);
      }}
    />
  );
}
