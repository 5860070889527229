import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { monthLabel, shiftMonth } from '../lib/month';

/** ‹ 2025年11月 › — steps a month back or forward within [min, max] ('YYYY-MM'). */
export function MonthStepper({ month, onChange, min, max, testId }: { month: string; onChange(month: string): void; min?: string; max?: string; testId?: string }) {
  return (
    <div className="month-stepper">
      <button type="button" className="month-stepper__nav" aria-label="上个月" disabled={min !== undefined && month <= min} onClick={() => onChange(shiftMonth(month, -1))}>
        <LeftOutline />
      </button>
      <span className="month-stepper__title" data-testid={testId} aria-live="polite">
        {monthLabel(month)}
      </span>
      <button type="button" className="month-stepper__nav" aria-label="下个月" disabled={max !== undefined && month >= max} onClick={() => onChange(shiftMonth(month, 1))}>
        <RightOutline />
      </button>
    </div>
  );
}
