import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { poolCustomer } from '../pool-test-support';
import { PoolCard } from './pool-card';

const CUSTOMER = poolCustomer();

describe('PoolCard', () => {
  afterEach(cleanup);

  it('shows the address, source and who had it last, when and why — never a phone', () => {
    render(<PoolCard customer={CUSTOMER} />);
    expect(screen.getByTestId('pool-name').textContent).toBe('永辉面馆（拱墅店）');
    expect(screen.getByText('来源：地推开发')).toBeTruthy();
    expect(screen.getByTestId('pool-left').textContent).toBe('前负责人 张伟 · 2026-11-20 放弃（店铺已转让）');
    expect(screen.queryByTestId('pool-claim')).toBeNull();
    expect(screen.queryByTestId('pool-select')).toBeNull();
  });

  it('reads a binding that ended without a kept reason as 解除', () => {
    render(<PoolCard customer={{ ...CUSTOMER, leftReason: null, leftNote: null }} />);
    expect(screen.getByTestId('pool-left').textContent).toBe('前负责人 张伟 · 2026-11-20 解除');
  });

  it('says so when nobody has had it, and offers 领取 to a salesperson', () => {
    const onClaim = vi.fn();
    render(<PoolCard customer={{ ...CUSTOMER, lastOwner: null, leftAt: null, leftReason: null, leftNote: null }} onClaim={onClaim} />);
    expect(screen.getByTestId('pool-left').textContent).toBe('从未有负责人');
    fireEvent.click(screen.getByRole('button', { name: '领取' }));
    expect(onClaim).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
  });

  it('gives a leader a selection box named by the customer', () => {
    const onSelect = vi.fn();
    render(<PoolCard customer={{ ...CUSTOMER, leftReason: 'auto_return', leftNote: '未跟进 30 天' }} onSelect={onSelect} />);
    expect(screen.getByTestId('pool-left').textContent).toBe('前负责人 张伟 · 2026-11-20 自动回收（未跟进 30 天）');
    fireEvent.click(screen.getByRole('checkbox', { name: /永辉面馆/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), true);
  });
});
