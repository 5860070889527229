import { changeRatio } from '@sales/contract';
import { ChangeIndicatorView } from '../../../components/change-indicator';
import { describeChange, type Change } from '../../../lib/change';

/** 环比 and (when there are figures a year back) 同比 of one figure. */
export function ChangePair({ current, previous, yearAgo, testId }: { current: number; previous: number; yearAgo?: number | null; testId?: string }) {
  return (
    <ChangePairView
      previous={describeChange(changeRatio(current, previous))}
      yearAgo={yearAgo === undefined ? undefined : describeChange(yearAgo === null ? null : changeRatio(current, yearAgo))}
      testId={testId}
    />
  );
}

/** The pair from its described changes (a painted page fills the same markup from an answer, app/prerender). */
export function ChangePairView({ previous, yearAgo, testId }: { previous: Change; yearAgo?: Change; testId?: string }) {
  return (
    <span className="change-pair" data-testid={testId}>
      <ChangeIndicatorView label="环比" change={previous} />
      {yearAgo !== undefined && <ChangeIndicatorView label="同比" change={yearAgo} />}
    </span>
  );
}
