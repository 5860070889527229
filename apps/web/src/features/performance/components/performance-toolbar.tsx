import type { PeriodRanges } from '@sales/contract';
import type { ReactNode } from 'react';
import { PeriodPicker } from '../../../components/period-picker';
import { PERFORMANCE_PICKER, usePerformancePeriod } from '../performance-period';
import { SitePicker } from './site-picker';

/** 'MM-DD ~ MM-DD' of a range (with years when they differ from this year). */
export function rangeText(range: { startDate: string; endDate: string }): string {
  const thisYear = new Date().getFullYear().toString();
  const short = (day: string) => (day.startsWith(thisYear) ? day.slice(5) : day);
  return range.startDate === range.endDate ? short(range.startDate) : `${short(range.startDate)} ~ ${short(range.endDate)}`;
}

/**
 * The sticky bar of a performance page: its own controls (tabs), the period picker, the site
 * picker for reportAllSites users, and the days the figures cover (a figure the site badge steps
 * aside from, as it does from the controls).
 */
export function PerformanceToolbar({ ranges, children, actions }: { ranges?: PeriodRanges; children?: ReactNode; actions?: ReactNode }) {
  const [period, setPeriod] = usePerformancePeriod();
  return (
    <div className="list-toolbar">
      {children}
      <div className="filter-row">
        <PeriodPicker value={period} onChange={setPeriod} keys={PERFORMANCE_PICKER.keys} rangeProblem={PERFORMANCE_PICKER.rangeProblem} testId="performance-period" />
        <SitePicker />
        {ranges && (
          <span className="performance-range muted" data-testid="performance-range" data-keep-clear>
            {rangeText(ranges.range)}
          </span>
        )}
        {actions}
      </div>
    </div>
  );
}
