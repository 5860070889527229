import { changeRatio } from '@sales/contract';
import { ChangeIndicator } from '../../../components/change-indicator';

/** 环比 and (when there are figures a year back) 同比 of one figure. */
export function ChangePair({ current, previous, yearAgo, testId }: { current: number; previous: number; yearAgo?: number | null; testId?: string }) {
  return (
    <span className="change-pair" data-testid={testId}>
      <ChangeIndicator label="环比" rate={changeRatio(current, previous)} />
      {yearAgo !== undefined && <ChangeIndicator label="同比" rate={yearAgo === null ? null : changeRatio(current, yearAgo)} />}
    </span>
  );
}
