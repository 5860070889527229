import { ATTENDANCE_STATUS_LABELS, type AttendanceStatus } from '@sales/contract';
import { Tag } from 'antd-mobile';

const COLORS: Record<AttendanceStatus, string> = {
  normal: 'success',
  late: 'warning',
  early: 'warning',
  missing: 'danger',
  leave: '#2f54eb',
};

/** 正常 / 迟到 / 早退 / 缺卡 / 请假 as a coloured tag. */
export function AttendanceStatusTag({ status, testId }: { status: AttendanceStatus; testId?: string }) {
  return (
    <Tag color={COLORS[status]} fill="outline" data-testid={testId}>
      {ATTENDANCE_STATUS_LABELS[status]}
    </Tag>
  );
}

/** Every status that applies to a day (迟到 and 早退 both), one tag each. */
export function AttendanceStatusTags({ statuses, testId }: { statuses: readonly AttendanceStatus[]; testId?: string }) {
  return (
    <span className="att-status-tags" data-testid={testId}>
      {statuses.map((status) => (
        <AttendanceStatusTag key={status} status={status} />
      ))}
    </span>
  );
}
