import type { ReportPreview } from '@sales/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useOutboxView } from '../../../lib/outbox/outbox-runtime';
import type { OutboxItem } from '../../../lib/outbox/types';
import { useSession } from '../../auth/session-store';
import { reportKeys } from '../api/query-keys';
import { PeriodCard } from './period-card';

const preview: ReportPreview = {
  kind: 'weekly',
  periodStart: '2026-11-23',
  periodEnd: '2026-11-29',
  label: '11月23日-11月29日',
  siteName: '华东一部',
  metrics: { orderCount: 1, orderAmount: 100, newCustomers: 0, followUps: 2, targetAmount: 0, targetOrders: 0, targetNewCustomers: 0, completion: null },
  reportId: null,
  reported: false,
};

const queued = (periodStart: string, state: OutboxItem['state'] = 'waiting'): OutboxItem => ({
  id: `k-${periodStart}`,
  userId: 1,
  path: '/seller/weekly/staff/create',
  body: { siteId: 101, periodStart },
  createdAt: 1,
  state,
  context: { kind: 'report', report: 'weekly', periodStart },
});

function renderCard() {
  useSession.setState({ currentSite: { departmentId: 101, departmentName: '华东一部' } } as never);
  const client = new QueryClient();
  client.setQueryData(reportKeys.preview('weekly', 101, undefined), preview);
  render(
    <QueryClientProvider client={client}>
      <PeriodCard kind="weekly" onWrite={() => undefined} onOpen={() => undefined} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  useOutboxView.setState({ items: [] });
});

describe('PeriodCard', () => {
  it('offers 写周报 until this week’s report waits in the outbox, then shows its state instead', () => {
    useOutboxView.setState({ items: [queued('2026-11-16')] });
    renderCard();
    // Last week's queued report does not stand for this week's.
    expect(screen.getByTestId('period-card-write').textContent).toBe('写周报');

    act(() => useOutboxView.setState({ items: [queued('2026-11-23')] }));
    expect(screen.queryByTestId('period-card-write')).toBeNull();
    expect(screen.getByTestId('period-card-queued').textContent).toContain('待发送');

    act(() => useOutboxView.setState({ items: [{ ...queued('2026-11-23', 'failed'), message: '本周周报已提交' }] }));
    expect(screen.getByTestId('period-card-queued').textContent).toContain('发送失败');
  });
});
