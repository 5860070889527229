import type { AttendanceRecord } from '@sales/contract';
import { Button, Tag } from 'antd-mobile';
import { CardSkeleton, ErrorState } from '../../../components/list-states';
import { Dialog } from '../../../lib/antd-imperative';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useClock, type ClockKind } from '../api/clock';
import { useAttendanceToday } from '../api/get-attendance-today';
import { leavesEarly } from '../attendance-status';
import { AttendanceStatusTags } from './attendance-status-tag';
import { PendingClocks } from './pending-clocks';
import { QUEUED_TOAST } from '../../../lib/outbox/submit';
import { useOutboxItemsOf } from '../../../lib/outbox/use-outbox';

const clockTime = (value: string | number | null | undefined) => (value ? formatDateTime(value).slice(11) : '--:--');

/** Asked before a 下班打卡 that the working hours make 早退. */
export const EARLY_CLOCK_OUT_QUESTION = '现在下班将记为早退，确定吗？';

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
  const { record, canClockIn, canClockOut, workHours, date, serverTime } = today.data;
  const kind: ClockKind | null = canClockIn ? 'in' : canClockOut ? 'out' : null;
  const label = kind === 'in' ? '上班打卡' : kind === 'out' ? '下班打卡' : record?.status === 'leave' ? '今日请假' : '今日打卡已完成';
  // A clock waiting to be sent is the day's state; a refused one stays below with its reason and 删除.
  const waiting = queuedClocks.filter((item) => item.state !== 'failed');
  const failed = queuedClocks.filter((item) => item.state === 'failed');
  // The server's time now, from its answer and the time since (the phone's clock may be wrong).
  const serverNow = () => new Date(Date.parse(serverTime) + (Date.now() - today.dataUpdatedAt));

  const onClock = async () => {
    if (!kind) return;
    if (kind === 'out' && leavesEarly(serverNow(), workHours.end)) {
      const confirmed = await Dialog.confirm({ content: EARLY_CLOCK_OUT_QUESTION, confirmText: '确定', cancelText: '取消' });
      if (!confirmed) return;
    }
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
      <div className="clock-card__status" data-testid="clock-status">
        {record && <AttendanceStatusTags statuses={record.statuses} />}
        {waiting.map((item) => (
          <Tag key={item.id} color="warning" fill="outline" data-testid="pending-clock">
            {item.context.clock === 'in' ? '上班打卡' : '下班打卡'}待发送 {clockTime(item.createdAt)}
          </Tag>
        ))}
        {!record && waiting.length === 0 && <Tag fill="outline">未打卡</Tag>}
      </div>
      <PendingClocks items={failed} />
      <Button block color="primary" shape="rounded" disabled={!kind || clock.isPending || waiting.some((item) => item.context.clock === kind)} loading={clock.isPending} onClick={() => void onClock()} data-testid="clock-button">
        {label}
      </Button>
    </section>
  );
}
