/** A 公海 customer for tests (released by 张伟 with a note), with the fields a test changes. */
import type { PoolCustomer } from '@sales/contract';

export const poolCustomer = (overrides: Partial<PoolCustomer> = {}): PoolCustomer => ({
  id: 7,
  name: '永辉面馆（拱墅店）',
  level: 'A',
  address: '杭州市拱墅区人民路130号',
  source: '地推开发',
  createdAt: '2026-10-01T02:00:00.000Z',
  lastOwner: { id: 3, username: '张伟' },
  leftAt: '2026-11-20T02:00:00.000Z',
  leftReason: 'release',
  leftNote: '店铺已转让',
  ...overrides,
});
