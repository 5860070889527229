import { CalendarPicker, CheckList, Popup } from 'antd-mobile';
import { useState } from 'react';
import { localDay } from '../lib/format';
import { PERIOD_KEYS, PERIOD_LABELS, periodLabel, type Period, type PeriodKey } from '../lib/period';
import { FilterChip } from './filter-select';

/** A date filter chip: the period shortcuts, and a calendar for a custom range. */
export function PeriodPicker({ value, onChange, testId }: { value: Period; onChange(period: Period): void; testId?: string }) {
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
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="sheet">
        <div className="sheet__title">日期</div>
        <div className="sheet__body">
          <CheckList
            value={[value.key]}
            onChange={(values) => {
              const key = PERIOD_KEYS.find((candidate) => candidate === values[0]);
              // Tapping the chosen 自定义 again reopens the calendar.
              choose(key ?? value.key);
            }}
          >
            {PERIOD_KEYS.map((key) => (
              <CheckList.Item key={key} value={key}>
                {PERIOD_LABELS[key]}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Popup>
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
          setCalendar(false);
          if (range) onChange({ key: 'custom', range: { startDate: localDay(range[0]), endDate: localDay(range[1]) } });
        }}
      />
    </>
  );
}
