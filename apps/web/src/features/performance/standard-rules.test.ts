// @vitest-environment node
import { STANDARD_FIELD_MESSAGES } from '@sales/contract';
import { describe, expect, it } from 'vitest';
import { parseTargets, standardFieldError } from './standard-rules';

describe('standardFieldError', () => {
  it('accepts amounts with up to two decimals and refuses more, negatives and words', () => {
    expect(standardFieldError('targetAmount', '120000')).toBeNull();
    expect(standardFieldError('targetAmount', '0.5')).toBeNull();
    expect(standardFieldError('targetAmount', ' 88.88 ')).toBeNull();
    expect(standardFieldError('targetAmount', '1.234')).toBe(STANDARD_FIELD_MESSAGES.targetAmount);
    expect(standardFieldError('targetAmount', '-5')).toBe(STANDARD_FIELD_MESSAGES.targetAmount);
    expect(standardFieldError('targetAmount', '十万')).toBe(STANDARD_FIELD_MESSAGES.targetAmount);
    expect(standardFieldError('targetAmount', '1000000001')).toBe(STANDARD_FIELD_MESSAGES.targetAmount);
  });

  it('accepts whole counts only, up to the limit', () => {
    expect(standardFieldError('targetOrders', '30')).toBeNull();
    expect(standardFieldError('targetOrders', '0')).toBeNull();
    expect(standardFieldError('targetOrders', '3.5')).toBe(STANDARD_FIELD_MESSAGES.targetOrders);
    expect(standardFieldError('targetNewCustomers', '007')).toBe(STANDARD_FIELD_MESSAGES.targetNewCustomers);
    expect(standardFieldError('targetNewCustomers', '1000001')).toBe(STANDARD_FIELD_MESSAGES.targetNewCustomers);
  });

  it('asks for a value that is missing', () => {
    expect(standardFieldError('targetOrders', '  ')).toBe('请输入目标订单数');
  });
});

describe('parseTargets', () => {
  it('gives numbers when every field is valid, null otherwise', () => {
    expect(parseTargets({ targetAmount: '12000.5', targetOrders: '20', targetNewCustomers: '3' })).toEqual({ targetAmount: 12000.5, targetOrders: 20, targetNewCustomers: 3 });
    expect(parseTargets({ targetAmount: '12000.555', targetOrders: '20', targetNewCustomers: '3' })).toBeNull();
  });
});
