import { chinaDayString } from '@sales/contract';
import { Avatar, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { CardSkeleton, EmptyState, ErrorState } from '../../../components/list-states';
import { formatDateTime } from '../../../lib/format';
import { useAttendanceDay } from '../api/get-attendance-day';
import { useAttendanceMonth } from '../api/get-attendance-month';
import { personDay, siteDay } from '../attendance-status';
import { shiftMonth } from '../../../lib/month';
import { AttendanceCalendar } from './attendance-calendar';
import { AttendanceCountsRow } from './attendance-counts';
import { AttendanceStatusTags } from './attendance-status-tag';

const clockTime = (value: string | null | undefined) => (value ? formatDateTime(value).slice(11) : '--:--');

/** A clock tapped offline and sent later from the phone counts at the tap; the leader sees when it arrived. */
function offlineArrival(clockIn: string | null, clockOut: string | null): string {
  const parts = [clockIn ? `上班 ${clockTime(clockIn)}` : null, clockOut ? `下班 ${clockTime(clockOut)}` : null].filter(Boolean);
  return `离线打卡，${parts.join('、')} 送达`;
}

/** Attendance is kept for the last 60 days and a few months back; the calendar pages back a year. */
const MONTHS_BACK = 12;

function DayView({ date }: { date: string }) {
  const day = useAttendanceDay(date, true);
  if (!day.data) {
    if (day.isError) return <ErrorState onRetry={() => void day.refetch()} />;
    return <CardSkeleton count={3} lines={1} />;
  }
  return (
    <section aria-label={`${date} 考勤`} data-testid="attendance-day" data-date={day.data.date}>
      <h2 className="section-title">{day.data.date} 考勤</h2>
      <AttendanceCountsRow counts={day.data.counts} testId="attendance-day-counts" />
      {day.data.members.length === 0 ? (
        <EmptyState title="暂无成员" />
      ) : (
        <ul className="att-members">
          {day.data.members.map(({ member, record }) => (
            <li key={member.id} className="att-members__row" data-testid="attendance-member" data-staff-id={member.id}>
              <Avatar src={member.avatar ?? ''} style={{ '--size': '32px', '--border-radius': '50%' }} />
              <span className="att-members__name" data-testid="attendance-member-name">
                {member.username}
              </span>
              <span className="att-members__times" data-testid="attendance-member-times">
                {clockTime(record?.clockInAt)} / {clockTime(record?.clockOutAt)}
                {record && (record.clockInReceivedAt || record.clockOutReceivedAt) && (
                  <span className="att-members__late-arrival" data-testid="attendance-member-offline">
                    {offlineArrival(record.clockInReceivedAt, record.clockOutReceivedAt)}
                  </span>
                )}
              </span>
              {record ? <AttendanceStatusTags statuses={record.statuses} testId="attendance-member-status" /> : <span className="muted att-members__none">未打卡</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MonthView({ staffId, today, onOpenDay }: { staffId: number | null; today: string; onOpenDay?: (date: string) => void }) {
  const [month, setMonth] = useState(today.slice(0, 7));
  const [selected, setSelected] = useState<string | null>(null);
  const data = useAttendanceMonth(month, staffId);
  const days = new Map((data.data?.days ?? []).map((item) => [item.date, item]));
  const earliest = shiftMonth(today.slice(0, 7), -MONTHS_BACK);
  const selectedDay = selected ? days.get(selected) : undefined;
  return (
    <>
      <AttendanceCalendar
        month={month}
        today={today}
        selected={selected}
        min={earliest}
        onMonthChange={(next) => {
          setMonth(next);
          setSelected(null);
        }}
        onSelect={(date) => {
          setSelected(date);
          onOpenDay?.(date);
        }}
        day={(date) => {
          const item = days.get(date);
          if (!item) return undefined;
          return staffId ? personDay(item.record?.statuses, item.counts.none > 0) : siteDay(item.counts);
        }}
      />
      {data.isError && <ErrorState onRetry={() => void data.refetch()} />}
      {data.data && (
        <>
          <h2 className="section-title">{Number(month.slice(5))}月合计</h2>
          <AttendanceCountsRow counts={data.data.counts} testId="attendance-month-counts" />
        </>
      )}
      {staffId && selectedDay?.record && (
        <p className="att-selected" data-testid="attendance-selected">
          {selectedDay.date}：上班 {clockTime(selectedDay.record.clockInAt)}，下班 {clockTime(selectedDay.record.clockOutAt)} · {personDay(selectedDay.record.statuses)?.description}
        </p>
      )}
    </>
  );
}

/**
 * 团队考勤 below the user's own card: for a leader of the site the day view (counts and each
 * member's clock times) and the month calendar of the site; for a salesperson their own month.
 */
export function TeamAttendanceView({
  isLeader,
  userId,
  visitsOf,
}: {
  isLeader: boolean;
  userId: number | null;
  /** 拜访: the leader's view of the day's check-ins (the page supplies it from the visits feature). */
  visitsOf?: (date: string) => React.ReactNode;
}) {
  const today = chinaDayString(new Date());
  const [tab, setTab] = useState<'day' | 'visits' | 'month'>('day');
  const [date, setDate] = useState(today);
  if (!isLeader) {
    return (
      <>
        <h2 className="section-title">我的考勤</h2>
        <MonthView staffId={userId} today={today} />
      </>
    );
  }
  return (
    <div className="detail-tabs">
      <Tabs activeKey={tab} onChange={(key) => setTab(key === 'month' || key === 'visits' ? key : 'day')}>
        <Tabs.Tab title="打卡" key="day">
          {date !== today && (
            <button type="button" className="link-button att-back-today" onClick={() => setDate(today)}>
              回到今天
            </button>
          )}
          <DayView date={date} />
        </Tabs.Tab>
        {visitsOf && (
          <Tabs.Tab title="拜访" key="visits">
            {date !== today && (
              <button type="button" className="link-button att-back-today" onClick={() => setDate(today)}>
                回到今天
              </button>
            )}
            {visitsOf(date)}
          </Tabs.Tab>
        )}
        <Tabs.Tab title="月历" key="month">
          <MonthView
            staffId={null}
            today={today}
            onOpenDay={(picked) => {
              setDate(picked);
              setTab('day');
            }}
          />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
