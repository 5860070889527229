// @vitest-environment node
import type { StaffSummary } from '@sales/contract';
import { describe, expect, it } from 'vitest';
import { searchStaff, staffFilterOptions } from './staff-options';

const person = (id: number, username: string, phone: string): StaffSummary => ({ id, username, phone, avatar: null, isLeader: false, customerCount: 0, monthAmount: 0, monthOrders: 0 });
const staff = [person(1, '张伟', '13800000001'), person(5, '王芳', '13912345678'), person(9, '张敏', '13700000009')];

describe('staffFilterOptions', () => {
  it('offers every salesperson by id and name', () => {
    expect(staffFilterOptions(staff)).toEqual([
      { value: '1', label: '张伟' },
      { value: '5', label: '王芳' },
      { value: '9', label: '张敏' },
    ]);
  });
});

describe('searchStaff', () => {
  it('matches names and phone numbers, and returns everyone for an empty search', () => {
    expect(searchStaff(staff, '张').map((entry) => entry.id)).toEqual([1, 9]);
    expect(searchStaff(staff, '1234').map((entry) => entry.id)).toEqual([5]);
    expect(searchStaff(staff, '  ')).toHaveLength(3);
    expect(searchStaff(staff, '李')).toEqual([]);
  });
});
