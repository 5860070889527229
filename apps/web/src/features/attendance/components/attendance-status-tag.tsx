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
