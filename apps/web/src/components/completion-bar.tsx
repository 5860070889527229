import { ProgressBar } from 'antd-mobile';
import { formatCompletion } from '../lib/change';

/**
 * Completion of a target: a bar and the percentage. From 100 % the bar is full and red (the
 * colour of gains); without a target it says 未设标准 instead of a misleading 0 %.
 */
export function CompletionBar({ rate, label = '完成率', testId }: { rate: number | null | undefined; label?: string; testId?: string }) {
  const known = rate !== null && rate !== undefined && Number.isFinite(rate);
  const percent = known ? Math.max(0, Math.min(100, rate * 100)) : 0;
  const text = known ? formatCompletion(rate) : '未设标准';
  return (
    <div className={`completion${known && rate >= 1 ? ' completion--done' : ''}`} data-testid={testId}>
      <span className="completion__label">{label}</span>
      <ProgressBar
        className="completion__bar"
        percent={percent}
        // The label and the value beside it say it in text; the bar only draws it.
        aria-hidden="true"
        style={{ '--track-width': '6px', '--fill-color': known && rate >= 1 ? '#cf1322' : 'var(--adm-color-primary)' }}
      />
      <span className="completion__value">{text}</span>
    </div>
  );
}
