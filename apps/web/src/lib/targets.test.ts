// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasTargets } from './targets';

describe('hasTargets', () => {
  it('is false only when every target is 0 (no standard applies)', () => {
    expect(hasTargets({ targetAmount: 0, targetOrders: 0, targetNewCustomers: 0 })).toBe(false);
    expect(hasTargets({ targetAmount: 43_306.67, targetOrders: 0, targetNewCustomers: 0 })).toBe(true);
    expect(hasTargets({ targetAmount: 0, targetOrders: 0, targetNewCustomers: 2 })).toBe(true);
  });
});
