import type { MemberList, PersonFigures, UserInfo } from '@sales/contract';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../features/auth/session-store';
import SalesPerformancePage from './sales-performance';

// The page's data and heavy parts are stood in for: what is under test is which flag it reads.
const figures = vi.hoisted(() => ({ data: undefined as PersonFigures | undefined }));
const memberList = vi.hoisted(() => vi.fn());

vi.mock('../../features/performance/api/get-person-figures', () => ({
  usePersonFigures: () => ({ data: figures.data, isError: false, isPlaceholderData: false, error: null, refetch: vi.fn() }),
}));
vi.mock('../../features/staff/api/get-member-list', () => ({ useMemberList: memberList }));
vi.mock('../../features/performance/performance-site', () => ({ usePerformanceSiteId: () => 101 }));
vi.mock('../../features/performance/components/figures-panel', () => ({ FiguresPanel: () => null }));
vi.mock('../../features/performance/components/performance-toolbar', () => ({
  PerformanceToolbar: ({ actions }: { actions?: ReactNode }) => <div>{actions}</div>,
}));

const members: MemberList = {
  list: [
    { id: 1, username: '张伟', avatar: null, isLeader: false, phone: '138****0001', full: false, customerCount: null, month: null },
    { id: 2, username: '李娜', avatar: null, isLeader: true, phone: '138****0002', full: false, customerCount: null, month: null },
  ],
  total: 2,
};

function personFigures(canPickMember: boolean): PersonFigures {
  const zero = { orderAmount: 0, orderCount: 0, newCustomers: 0, followUps: 0 };
  const range = { startDate: '2026-11-01', endDate: '2026-11-30' };
  return {
    member: { id: 1, username: '张伟', avatar: null, isLeader: false },
    ranges: { period: 'month', range, previous: range, yearAgo: range, targetRange: range },
    figures: {
      current: zero,
      previous: zero,
      yearAgo: null,
      target: { targetAmount: 0, targetOrders: 0, targetNewCustomers: 0 },
      completion: { amount: null, orders: null, newCustomers: null },
    },
    trend: [],
    canPickMember,
    pacing: null,
  };
}

/** A user at 华东一部 (101): its leader, or a salesperson there. */
function signInAs(isLeader: boolean, reportAllSites = false) {
  const position = { departmentId: 101, departmentName: '华东一部', isLeader, drawAuth: false };
  const userInfo: UserInfo = {
    id: 1,
    username: '张伟',
    phone: '13800000001',
    avatar: null,
    positionUsers: [position],
    reportAllSites,
    teamReportAuth: false,
    mustChangePassword: false,
    isAdmin: false,
  };
  useSession.setState({ token: 't', userId: 1, userInfo, currentSite: position });
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/pages/performance/sales']}>
      <SalesPerformancePage />
    </MemoryRouter>,
  );

beforeEach(() => {
  memberList.mockImplementation((_siteId: number | null, options?: { enabled?: boolean }) => ({ data: options?.enabled ? members : undefined }));
});

afterEach(() => {
  cleanup();
  memberList.mockReset();
  figures.data = undefined;
  useSession.setState({ token: null, userId: null, userInfo: null, currentSite: null });
});

describe('销售业绩 member picker', () => {
  it('is not offered to a leader of the site when the server says canPickMember false, and no member list is fetched', () => {
    signInAs(true, true);
    figures.data = personFigures(false);
    renderPage();
    expect(screen.getByTestId('performance-person').textContent).toContain('张伟的业绩');
    expect(screen.queryByTestId('performance-member')).toBeNull();
    expect(memberList).toHaveBeenCalled();
    expect(memberList.mock.calls.every(([, options]) => options?.enabled === false)).toBe(true);
  });

  it('is offered to a salesperson when the server says canPickMember true', () => {
    signInAs(false);
    figures.data = personFigures(true);
    renderPage();
    expect(screen.getByTestId('performance-member')).toBeTruthy();
    expect(memberList).toHaveBeenLastCalledWith(101, { enabled: true });
  });

  it('waits for the figures before asking for the member list', () => {
    signInAs(true, true);
    renderPage();
    expect(screen.queryByTestId('performance-member')).toBeNull();
    expect(memberList.mock.calls.every(([, options]) => options?.enabled === false)).toBe(true);
  });
});
