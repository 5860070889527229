import * as ROUTES from '@sales/contract/routes';
import { call } from '../../../lib/api-client';

/** POST /seller/fenghe/staff/performance/home: the home dashboard of the current site in one call. */
export const getHomeDashboard = (siteId: number, signal?: AbortSignal) =>
  call(ROUTES.performanceHome, { siteId }, { signal, hideErrorToast: true });

/** The key of a home dashboard request started before the home page loaded (app/first-page-data.ts). */
export const earlyHomeDashboardKey = (siteId: number) => `performance/home:${siteId}`;
