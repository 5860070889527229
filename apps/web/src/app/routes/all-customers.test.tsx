import type { FilterOption } from '../../components/filter-select';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../features/auth/session-store';
import AllCustomersPage from './all-customers';

// The salespeople's answer, which comes after the page has drawn.
const staff = await vi.hoisted(async () => (await import('../../components/late-answer-test-support')).lateAnswer<FilterOption<string>[]>([]));
const cardRenders = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../features/staff/components/use-staff-options', () => ({
  useStaffOptions: (enabled: boolean) => {
    const options = staff.use();
    return enabled ? options : undefined;
  },
}));
vi.mock('../../features/customers/api/get-customer-list', async () => {
  const { onePageQuery } = await import('../../components/late-answer-test-support');
  const query = onePageQuery([
    { id: 1, name: '华联生鲜超市（拱墅店）' },
    { id: 2, name: '宁波聚宝物业服务有限公司' },
  ]);
  return { useCustomerList: () => query, customerListQueryOptions: () => ({ queryKey: ['customers'] }) };
});
vi.mock('../../features/customers/api/export-customers', () => ({ useExportCustomers: () => ({ isPending: false, mutate: vi.fn() }) }));
vi.mock('../../features/customers/components/customer-card', () => ({
  CustomerCard: ({ customer }: { customer: { name: string } }) => {
    cardRenders.count += 1;
    return <div data-testid="customer-item">{customer.name}</div>;
  },
}));

beforeEach(() => {
  const position = { departmentId: 101, departmentName: '华东一部', isLeader: true, drawAuth: false };
  useSession.setState({ token: 't', userId: 2, currentSite: position });
});
afterEach(() => {
  cleanup();
  staff.answer([]);
  cardRenders.count = 0;
});

describe('客户列表 of a leader', () => {
  it('takes the salespeople’s answer into the 负责人 filter alone: the cards are not drawn again', async () => {
    render(
      <MemoryRouter initialEntries={['/pages/details/allCustomers']}>
        <AllCustomersPage />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('customer-item')).toHaveLength(2);
    const drawn = cardRenders.count;

    act(() => staff.answer([{ value: '1', label: '张伟' }]));

    expect(cardRenders.count).toBe(drawn);
    fireEvent.click(screen.getByTestId('customer-owner-filter'));
    expect(await screen.findByText('张伟')).toBeTruthy();
    expect(screen.getByText('未绑定')).toBeTruthy();
  });
});
