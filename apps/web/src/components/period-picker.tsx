import { CalendarPicker, CheckList } from 'antd-mobile';
import { useState } from 'react';
import { localDay } from '../lib/format';
import { PERIOD_KEYS, PERIOD_LABELS, periodLabel, type DayRange, type Period, type PeriodKey } from '../lib/period';
import { showToast } from '../lib/toast';
import { FilterChip } from './filter-select';
import { Sheet } from './sheet';

interface PeriodPickerProps {
  value: Period;
  onChange(period: Period): void;
  /** The shortcuts offered (performance pages offer no 全部时间 or 今天). */
  keys?: readonly PeriodKey[];
  /** What is wrong with a custom range (too long…), or null; a refused range is toasted. */
  rangeProblem?(range: DayRange): string | null;
  testId?: string;
}

/** A date filter chip: the period shortcuts, and a calendar for a custom range. */
export function PeriodPicker({ value, onChange, keys = PERIOD_KEYS, rangeProblem, testId }: PeriodPickerProps) {
  const [open, setOpen] = useState(false);
  const [calendar, setCalendar] = useState(false);

  const choose = (key: PeriodKey) => {
    setOpen(false);
    if (key === 'custom') setCalendar(true);
    else onChange({ key });
  };

  return (
    <>
      <FilterChip active={value.key !== 'all'} onClick={() => setOpen(true)} testId={testId}>
        {value.key === 'all' ? '日期' : periodLabel(value)}
      </FilterChip>
      <Sheet visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="sheet">
        <div className="sheet__title">日期</div>
        <div className="sheet__body">
          <CheckList
            value={[value.key]}
            onChange={(values) => {
              const key = keys.find((candidate) => candidate === values[0]);
              // Tapping the chosen 自定义 again reopens the calendar.
              choose(key ?? value.key);
            }}
          >
            {keys.map((key) => (
              <CheckList.Item key={key} value={key}>
                {PERIOD_LABELS[key]}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Sheet>
      <CalendarPicker
        visible={calendar}
        selectionMode="range"
        title="选择日期范围"
        weekStartsOn="Monday"
        max={new Date()}
        min={new Date(new Date().getFullYear() - 3, 0, 1)}
        defaultValue={null}
        onClose={() => setCalendar(false)}
        onMaskClick={() => setCalendar(false)}
        onConfirm={(range) => {
          if (!range) {
            setCalendar(false);
            return;
          }
          const chosen = { startDate: localDay(range[0]), endDate: localDay(range[1]) };
          // Keep the calendar open so the user can pick another range.
          const problem = rangeProblem?.(chosen) ?? null;
          if (problem) {
            showToast(problem);
            return;
          }
          setCalendar(false);
          onChange({ key: 'custom', range: chosen });
        }}
      />
    </>
  );
}
