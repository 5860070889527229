import { RETURN_URGENT_DAYS, returnCountdownLabel } from '@sales/contract';
import './return-countdown.css';

/**
 * 剩余 N 天 until the 公海 rules return the customer (issue 27 §3), red under RETURN_URGENT_DAYS;
 * nothing when no rule of its site returns it (or it has no owner).
 */
export function ReturnCountdown({ daysLeft }: { daysLeft: number | null }) {
  if (daysLeft === null) return null;
  const urgent = daysLeft < RETURN_URGENT_DAYS;
  return (
    <span className={urgent ? 'return-countdown return-countdown--urgent' : 'return-countdown'} data-testid="return-countdown" data-urgent={urgent ? 'true' : 'false'}>
      {returnCountdownLabel(Math.max(daysLeft, 0))}
    </span>
  );
}
