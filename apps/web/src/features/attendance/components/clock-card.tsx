import type { AttendanceRecord } from '@sales/contract';
import { Button, Tag } from 'antd-mobile';
import { CardSkeleton, ErrorState } from '../../../components/list-states';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useClock, type ClockKind } from '../api/clock';
import { useAttendanceToday } from '../api/get-attendance-today';
import { AttendanceStatusTag } from './attendance-status-tag';
import { PendingClocks } from './pending-clocks';
import { QUEUED_TOAST } from '../../../lib/outbox/submit';
import { useOutboxItemsOf } from '../../../lib/outbox/use-outbox';

const clockTime = (value: string | null | undefined) => (value ? formatDateTime(value).slice(11) : '--:--');

function ClockTimes({ record }: { record: AttendanceRecord | null }) {
  return (
    <div className="clock-card__times">
      <div>
        <span className="muted">上班</span>
        <strong data-testid="clock-in-time">{clockTime(record?.clockInAt)}</strong>
      </div>
      <div>
        <span className="muted">下班</span>
        <strong data-testid="clock-out-time">{clockTime(record?.clockOutAt)}</strong>
      </div>
    </div>
  );
}

/** The user's own day: clock times, status, and the 上班打卡 / 下班打卡 button (server time). */
export function ClockCard() {
  const today = useAttendanceToday();
  const clock = useClock();
  const queuedClocks = useOutboxItemsOf('clock', () => true);
  if (!today.data) {
    if (today.isError) return <ErrorState onRetry={() => void today.refetch()} />;
    return <CardSkeleton count={1} lines={2} />;
  }
  const { record, canClockIn, canClockOut, workHours, date } = today.data;
  const kind: ClockKind | null = canClockIn ? 'in' : canClockOut ? 'out' : null;
  const label = kind === 'in' ? '上班打卡' : kind === 'out' ? '下班打卡' : record?.status === 'leave' ? '今日请假' : '今日打卡已完成';

  const onClock = () => {
    if (!kind) return;
    clock.mutate(
      { kind },
      {
        onSuccess: (result) => {
          if (result.queued) return showToast(QUEUED_TOAST);
          const saved = result.data;
          showToast(`${kind === 'in' ? '上班' : '下班'}打卡成功 ${clockTime(kind === 'in' ? saved.record?.clockInAt : saved.record?.clockOutAt)}`, 'success');
        },
      },
    );
  };

  return (
    <section className="clock-card" data-testid="clock-card" aria-label="我的打卡">
      <div className="clock-card__head">
        <span className="clock-card__title">我的打卡</span>
        <span className="muted">
          {date} · 工作时间 {workHours.start}–{workHours.end}
        </span>
      </div>
      <ClockTimes record={record} />
      <div className="clock-card__status">
        {record ? <AttendanceStatusTag status={record.status} testId="clock-status" /> : <Tag fill="outline" data-testid="clock-status">未打卡</Tag>}
      </div>
      <PendingClocks items={queuedClocks} />
      <Button block color="primary" shape="rounded" disabled={!kind || clock.isPending || queuedClocks.some((item) => item.context.clock === kind && item.state !== 'failed')} loading={clock.isPending} onClick={onClock} data-testid="clock-button">
        {label}
      </Button>
    </section>
  );
}
