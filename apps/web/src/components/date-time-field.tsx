import { DatePicker } from 'antd-mobile';
import { CloseCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { formatDateTime, instantOfPicked, pickerDateOf } from '../lib/format';

interface DateTimeFieldProps {
  value?: Date | null;
  onChange?(value: Date | null): void;
  placeholder?: string;
  /** The earliest choice; a function is read each time the wheels open (so "now" stays now). */
  min?: Date | (() => Date);
  max?: Date | (() => Date);
  title?: string;
  /** Where the wheels start when nothing is chosen yet (default: now). */
  suggest?(): Date;
  /** Minutes offered, in steps of this many (default: every minute). */
  minuteStep?: number;
  testId?: string;
}

const read = (bound: Date | (() => Date) | undefined) => (typeof bound === 'function' ? bound() : bound);

/**
 * A date-and-time form control (to the minute) that opens antd-mobile's DatePicker; clearable. The
 * wheels show China time and the value is the instant it means, whatever zone the phone is set to.
 */
export function DateTimeField({ value = null, onChange, placeholder = '请选择', min, max, title, suggest, minuteStep = 1, testId }: DateTimeFieldProps) {
  const [open, setOpen] = useState(false);
  const earliest = open ? read(min) : undefined;
  const latest = open ? read(max) : undefined;
  const start = value ?? suggest?.() ?? new Date();
  return (
    <div className="date-time-field">
      <button type="button" className={`date-time-field__value${value ? '' : ' muted'}`} onClick={() => setOpen(true)} data-testid={testId}>
        {value ? formatDateTime(value) : placeholder}
      </button>
      {value && (
        <button type="button" className="date-time-field__clear" aria-label="清除" onClick={() => onChange?.(null)}>
          <CloseCircleFill />
        </button>
      )}
      <DatePicker
        visible={open}
        precision="minute"
        title={title}
        min={earliest && pickerDateOf(earliest)}
        max={latest && pickerDateOf(latest)}
        filter={minuteStep > 1 ? { minute: (minute) => minute % minuteStep === 0 } : undefined}
        value={pickerDateOf(start)}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => onChange?.(instantOfPicked(picked))}
      />
    </div>
  );
}
