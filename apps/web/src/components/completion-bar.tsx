import { ProgressBar } from 'antd-mobile';
import { completionLook, type CompletionLook } from '../lib/change';

/**
 * Completion of a target: a bar and the percentage. From 100 % the bar is full and red (the
 * colour of gains); without a target it says 未设标准 instead of a misleading 0 %. The percentage
 * is a figure read at a glance: the site badge steps aside from it (`data-keep-clear`).
 */
export function CompletionBar({ rate, label = '完成率', testId }: { rate: number | null | undefined; label?: string; testId?: string }) {
  return <CompletionBarView look={completionLook(rate)} label={label} testId={testId} />;
}

export function CompletionBarView({ look, label = '完成率', testId }: { look: CompletionLook; label?: string; testId?: string }) {
  return (
    <div className={look.className} data-testid={testId}>
      <span className="completion__label">{label}</span>
      <ProgressBar
        className="completion__bar"
        percent={look.percent}
        // The label and the value beside it say it in text; the bar only draws it.
        aria-hidden="true"
        style={{ '--track-width': '6px', '--fill-color': look.fillColor }}
      />
      <span className="completion__value" data-keep-clear>
        {look.text}
      </span>
    </div>
  );
}
