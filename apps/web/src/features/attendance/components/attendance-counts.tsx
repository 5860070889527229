import type { AttendanceCounts } from '@sales/contract';
import { COUNT_KEYS, COUNT_LABELS } from '../attendance-status';

/** The counts of a day or a month by status: 正常 12 · 迟到 1 · … */
export function AttendanceCountsRow({ counts, testId }: { counts: AttendanceCounts; testId?: string }) {
  return (
    <dl className="att-counts" data-testid={testId}>
      {COUNT_KEYS.map((key) => (
        <div key={key} className={`att-counts__item att-counts__item--${key}`} data-testid={`count-${key}`}>
          <dt>{COUNT_LABELS[key]}</dt>
          <dd>{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
