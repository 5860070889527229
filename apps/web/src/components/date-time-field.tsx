import { DatePicker } from 'antd-mobile';
import { CloseCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { formatDateTime } from '../lib/format';

interface DateTimeFieldProps {
  value?: Date | null;
  onChange?(value: Date | null): void;
  placeholder?: string;
  min?: Date;
  max?: Date;
  title?: string;
  /** Where the wheels start when nothing is chosen yet (default: now). */
  suggest?(): Date;
  testId?: string;
}

/** A date-and-time form control (to the minute) that opens antd-mobile's DatePicker; clearable. */
export function DateTimeField({ value = null, onChange, placeholder = '请选择', min, max, title, suggest, testId }: DateTimeFieldProps) {
  const [open, setOpen] = useState(false);
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
        min={min}
        max={max}
        value={value ?? suggest?.() ?? undefined}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => onChange?.(picked)}
      />
    </div>
  );
}
