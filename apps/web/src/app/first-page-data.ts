import { useSession } from '../features/auth/session-store';
import { earlyHomeDashboardKey, getHomeDashboard } from '../features/performance/api/home-dashboard-request';
import { startEarlyRequest } from '../lib/early-request';

/**
 * On a first load of home (main.tsx loads this module only then), asks for the dashboard at once,
 * while home's chunks download: its figures are what a salesperson opens the app for, and on a
 * slow network the call would otherwise wait for every chunk of the page and its first render. Only when the shell will show
 * home (root-layout.tsx: signed in, allowed to see home, no password change pending); the page's
 * query takes the answer (features/performance/api/get-home-dashboard.ts).
 */
export function startFirstPageData(): void {
  const { token, currentSite, permissionData, userInfo } = useSession.getState();
  if (!token || !currentSite || !permissionData?.isShowIndex || userInfo?.mustChangePassword) return;
  const siteId = currentSite.departmentId;
  startEarlyRequest(earlyHomeDashboardKey(siteId), () => getHomeDashboard(siteId));
}
