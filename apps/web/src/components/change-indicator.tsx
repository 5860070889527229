import { describeChange, type Change } from '../lib/change';

/**
 * A change against an earlier period: `环比 ↑12.5%` in red, `↓3.1%` in green (red is up in
 * China). The label is part of the text so a screen reader says what is compared.
 */
export function ChangeIndicator({ label, rate, testId }: { label: string; rate: number | null | undefined; testId?: string }) {
  return <ChangeIndicatorView label={label} change={describeChange(rate)} testId={testId} />;
}

/** The indicator from its described change (a painted page fills the same markup from an answer, app/prerender). */
export function ChangeIndicatorView({ label, change, testId }: { label: string; change: Change; testId?: string }) {
  return (
    <span className={`change change--${change.direction}`} data-testid={testId}>
      <span className="change__label">{label}</span>
      <span className="change__value">{change.text}</span>
    </span>
  );
}
