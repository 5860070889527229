import type { PoolLastOwners, PoolRules } from '@sales/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { poolCustomer } from '../pool-test-support';
import { PoolBrowser } from './pool-browser';

// The owners' answer, which comes after the page has drawn.
const owners = await vi.hoisted(async () => (await import('../../../components/late-answer-test-support')).lateAnswer<PoolLastOwners | undefined>(undefined));
const cardRenders = vi.hoisted(() => ({ count: 0 }));

const RULES: PoolRules = {
  siteId: 101,
  ownLimit: 500,
  dailyClaimLimit: 10,
  reclaimBlockDays: 7,
  noFollowUpDays: 30,
  noOrderDays: null,
  warnDays: 3,
  usage: null,
  canClaim: false,
  canAssign: true,
};

vi.mock('../api/get-pool-rules', () => ({ usePoolRules: () => ({ data: RULES, isError: false }) }));
vi.mock('../api/get-pool-list', async () => {
  const { onePageQuery } = await import('../../../components/late-answer-test-support');
  const query = onePageQuery([poolCustomer({ id: 1 }), poolCustomer({ id: 2, name: '联华超市（新吴店）' })]);
  return { usePoolList: () => query };
});
vi.mock('../api/get-pool-last-owners', () => ({
  usePoolLastOwners: () => ({ data: owners.use() }),
}));
vi.mock('../api/pool-actions', () => ({ useClaimPoolCustomer: () => ({ mutateAsync: vi.fn() }) }));
vi.mock('./pool-card', () => ({
  PoolCard: ({ customer }: { customer: { name: string } }) => {
    cardRenders.count += 1;
    return <div data-testid="pool-item">{customer.name}</div>;
  },
}));

afterEach(() => {
  cleanup();
  owners.answer(undefined);
  cardRenders.count = 0;
});

describe('PoolBrowser', () => {
  it('takes the 前负责人 answer into its filter alone: the cards are not drawn again', async () => {
    render(
      <MemoryRouter initialEntries={['/pages/details/customerPool']}>
        <PoolBrowser />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('pool-item')).toHaveLength(2);
    const drawn = cardRenders.count;

    act(() => owners.answer({ list: [{ id: 3, username: '张伟', customers: 32 }] }));

    expect(cardRenders.count).toBe(drawn);
    fireEvent.click(screen.getByTestId('pool-owner-filter'));
    expect(await screen.findByText('张伟（32）')).toBeTruthy();
  });
});
