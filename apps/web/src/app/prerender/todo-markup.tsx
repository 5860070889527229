import { RETURN_URGENT_DAYS, type DueFollowUp, type FollowUpDue, type OwedReport, type ReturningCustomer } from '@sales/contract';
import { currentSiteId } from '../../features/auth/session-store';
import { todoKeys } from '../../features/todo/api/query-keys';
import { PAGE_SIZE } from '../../lib/paging';
import { queryClient } from '../../lib/query-client';
import { preloadPage } from '../router';
import { renderRoute } from './render-route';
import type { TodoPaintMarkup } from './paint-slots';
import { todoRowsMarkup } from './todo-rows-markup';

const customer = { id: 1, name: 'x', contactName: 'x', phone: '1' };
const sampleDue: DueFollowUp = { id: 1, customer, nextContactAt: '2025-01-01 09:00:00', daysOverdue: 0, type: '电话', content: 'x', createdAt: '2025-01-01 00:00:00' };
const sampleReport: OwedReport = { kind: 'weekly', periodStart: '2025-01-06', periodEnd: '2025-01-12', label: 'x' };
const sampleReturning: ReturningCustomer = { customer, daysLeft: RETURN_URGENT_DAYS, returnsAt: '2025-01-01 00:00:00', rule: 'x' };

/** 今日待办 with this first page in the cache, as the app's first render shows it. */
function page(first: FollowUpDue): string {
  queryClient.setQueryData(todoKeys.list(currentSiteId()), { pages: [first], pageParams: [1] });
  return renderRoute('todo');
}

/**
 * 今日待办 for its painter (todo-painter.ts), rendered at build time signed in
 * (scripts/prerender-login-plugin.ts): the page with every section, and with nothing to do, and
 * each row's looks with placeholders for its texts.
 */
export async function todoMarkup(): Promise<TodoPaintMarkup> {
  await preloadPage('todo');
  const base = { page: 1, pageSize: PAGE_SIZE, today: '2025-01-01' };
  const full = page({ ...base, list: [sampleDue], total: 1, todayTotal: 1, reports: [sampleReport], returning: [sampleReturning], count: 2 });
  const empty = page({ ...base, list: [], total: 0, todayTotal: 0, reports: [], returning: [], count: 0 });
  return { pages: { full, empty }, ...todoRowsMarkup() };
}
