import type { AttendanceRecord, AttendanceToday } from '@sales/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOutboxView } from '../../../lib/outbox/outbox-runtime';
import type { OutboxItem } from '../../../lib/outbox/types';
import { useSession } from '../../auth/session-store';
import { attendanceKeys } from '../api/query-keys';
import { ClockCard, EARLY_CLOCK_OUT_QUESTION } from './clock-card';

const mutate = vi.fn();
vi.mock('../api/clock', () => ({ useClock: () => ({ mutate, isPending: false }) }));

const record = (extra: Partial<AttendanceRecord> = {}): AttendanceRecord => ({
  id: 1,
  staffId: 7,
  date: '2026-11-27',
  clockInAt: '2026-11-27T01:10:00.000Z',
  clockOutAt: null,
  status: 'late',
  statuses: ['late'],
  late: true,
  early: false,
  clockInPosition: null,
  clockOutPosition: null,
  clockInReceivedAt: null,
  clockOutReceivedAt: null,
  ...extra,
});

const today = (serverTime: string, value: AttendanceRecord | null, extra: Partial<AttendanceToday> = {}): AttendanceToday => ({
  date: '2026-11-27',
  serverTime,
  workHours: { start: '09:00', end: '18:00' },
  record: value,
  canClockIn: value === null,
  canClockOut: Boolean(value?.clockInAt && !value.clockOutAt),
  ...extra,
});

const queuedClock = (clock: 'in' | 'out', createdAt: number, state: OutboxItem['state'] = 'waiting'): OutboxItem => ({
  id: `k-${clock}`,
  userId: 7,
  path: `/seller/fenghe/staff/attendance/clock-${clock}`,
  body: { siteId: 101 },
  createdAt,
  state,
  context: { kind: 'clock', clock },
  ...(state === 'failed' ? { message: '今天已经打过上班卡了，不能重复打卡' } : {}),
});

function renderCard(data: AttendanceToday) {
  const client = new QueryClient();
  client.setQueryData(attendanceKeys.today(101), data);
  render(
    <QueryClientProvider client={client}>
      <ClockCard />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSession.setState({ currentSite: { departmentId: 101, departmentName: '华东一部' } } as never);
});

afterEach(() => {
  cleanup();
  mutate.mockReset();
  useOutboxView.setState({ items: [] });
});

describe('ClockCard: a queued clock is the day’s state', () => {
  it('shows 上班打卡待发送 with the tap time instead of 未打卡, and 未打卡 once nothing waits', () => {
    // 10:44 China time.
    useOutboxView.setState({ items: [queuedClock('in', Date.parse('2026-11-27T02:44:00Z'))] });
    renderCard(today('2026-11-27T02:45:00Z', null));
    expect(screen.getByTestId('clock-status').textContent).toBe('上班打卡待发送 10:44');
    expect(screen.getByTestId('clock-button')).toHaveProperty('disabled', true);

    act(() => useOutboxView.setState({ items: [] }));
    expect(screen.getByTestId('clock-status').textContent).toBe('未打卡');
  });

  it('keeps a refused clock below with its reason, not as the state', () => {
    useOutboxView.setState({ items: [queuedClock('in', Date.parse('2026-11-27T02:44:00Z'), 'failed')] });
    renderCard(today('2026-11-27T02:45:00Z', null));
    expect(screen.getByTestId('clock-status').textContent).toBe('未打卡');
    expect(screen.getByTestId('outbox-message').textContent).toContain('不能重复打卡');
  });

  it('shows the day’s status beside a 下班打卡 still waiting', () => {
    useOutboxView.setState({ items: [queuedClock('out', Date.parse('2026-11-27T10:05:00Z'))] });
    renderCard(today('2026-11-27T10:06:00Z', record()));
    expect(screen.getByTestId('clock-status').textContent).toBe('迟到下班打卡待发送 18:05');
  });
});

describe('ClockCard: 下班打卡 before the end of the day', () => {
  it('asks first; 取消 sends nothing, 确定 clocks out', async () => {
    // 16:00 China time on the server's clock.
    renderCard(today('2026-11-27T08:00:00Z', record()));
    fireEvent.click(screen.getByTestId('clock-button'));
    await screen.findByText(EARLY_CLOCK_OUT_QUESTION);
    fireEvent.click(screen.getByText('取消'));
    await waitFor(() => expect(screen.queryByText(EARLY_CLOCK_OUT_QUESTION)).toBeNull());
    expect(mutate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('clock-button'));
    await screen.findByText(EARLY_CLOCK_OUT_QUESTION);
    fireEvent.click(screen.getByText('确定'));
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1));
    expect(mutate.mock.calls[0]?.[0]).toEqual({ kind: 'out' });
  });

  it('does not ask from 18:00, nor for 上班打卡', async () => {
    renderCard(today('2026-11-27T10:00:00Z', record()));
    fireEvent.click(screen.getByTestId('clock-button'));
    // Clocked without a question (a question would hold the clock until 确定).
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1));
    expect(mutate.mock.calls[0]?.[0]).toEqual({ kind: 'out' });
    cleanup();

    renderCard(today('2026-11-27T02:00:00Z', null));
    fireEvent.click(screen.getByTestId('clock-button'));
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(2));
    expect(mutate.mock.calls[1]?.[0]).toEqual({ kind: 'in' });
  });

  it('shows 迟到 and 早退 both when both apply', () => {
    renderCard(today('2026-11-27T09:30:00Z', record({ clockOutAt: '2026-11-27T09:00:00.000Z', early: true, statuses: ['late', 'early'] })));
    expect(screen.getByTestId('clock-status').textContent).toBe('迟到早退');
  });
});
