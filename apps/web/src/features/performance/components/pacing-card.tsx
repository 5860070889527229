import type { Pacing, PacingSpan } from '@sales/contract';
import { CompletionBar } from '../../../components/completion-bar';
import { Money } from '../../../components/money';
import { pacingText, quarterUnsetText } from '../pacing-text';

function SpanLines({ span, end, testId }: { span: PacingSpan; end: '月末' | '季末'; testId: string }) {
  const text = pacingText(span, end);
  return (
    <div className="pacing__lines" data-testid={testId}>
      <span className={span.reached ? 'pacing__headline pacing__headline--done' : 'pacing__headline'} data-testid={`${testId}-headline`}>
        {text.headline}
      </span>
      {text.daily && <span data-testid={`${testId}-daily`}>{text.daily}</span>}
      <span className="muted" data-testid={`${testId}-projection`}>
        {text.projection}
      </span>
    </div>
  );
}

/**
 * Target pacing next to completion (home, 销售业绩, 部门销售业绩): this month's gap, daily need and
 * projection, and 本季度 (three months' targets) with its own completion and pacing — or, while a
 * month of the quarter has no target, which months have none and no quarter pace. The server
 * computes every figure; nothing shows without a target.
 */
export function PacingCard({ pacing, testId = 'pacing' }: { pacing: Pacing | null | undefined; testId?: string }) {
  if (!pacing) return null;
  const unset = quarterUnsetText(pacing.quarterUnsetMonths);
  return (
    <section className="dash-card pacing" aria-label="目标进度" data-testid={testId}>
      {pacing.month && (
        <div className="pacing__span">
          <h2 className="dash-card__title">
            本月目标进度
            <span className="muted dash-card__hint">
              目标 <Money value={pacing.month.targetAmount} />
            </span>
          </h2>
          <SpanLines span={pacing.month} end="月末" testId={`${testId}-month`} />
        </div>
      )}
      {unset && (
        <div className="pacing__span">
          <h2 className="dash-card__title">本季度</h2>
          <div className="pacing__lines" data-testid={`${testId}-quarter-unset`}>
            <span className="pacing__headline pacing__headline--unset">{unset}</span>
            <span className="muted">三个月都设了目标后计算季度进度</span>
          </div>
        </div>
      )}
      {pacing.quarter && (
        <div className="pacing__span">
          <h2 className="dash-card__title">
            本季度
            <span className="muted dash-card__hint" data-testid={`${testId}-quarter-target`}>
              目标 <Money value={pacing.quarter.targetAmount} /> · 已完成 <Money value={pacing.quarter.actualAmount} />
            </span>
          </h2>
          <CompletionBar label="季度完成" rate={pacing.quarter.completion} testId={`${testId}-quarter-completion`} />
          <SpanLines span={pacing.quarter} end="季末" testId={`${testId}-quarter`} />
        </div>
      )}
    </section>
  );
}
