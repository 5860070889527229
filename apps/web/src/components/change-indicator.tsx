import { describeChange } from '../lib/change';

/**
 * A change against an earlier period: `环比 ↑12.5%` in red, `↓3.1%` in green (red is up in
 * China). The label is part of the text so a screen reader says what is compared.
 */
export function ChangeIndicator({ label, rate, testId }: { label: string; rate: number | null | undefined; testId?: string }) {
  const change = describeChange(rate);
  return (
    <span className={`change change--${change.direction}`} data-testid={testId}>
      <span className="change__label">{label}</span>
      <span className="change__value">{change.text}</span>
    </span>
  );
}
