import {
  HistogramOutline,
  ClockCircleOutline,
  FileOutline,
  SearchOutline,
  TeamOutline,
  UnorderedListOutline,
  UserContactOutline,
  UserOutline,
  PieOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { routeUrl, ROUTES, type RouteName } from '../../config/paths';
import { currentSiteId, useSession } from '../../features/auth/session-store';
import { homeDashboardQueryOptions } from '../../features/performance/api/get-home-dashboard';
import { NoticeBell } from '../../features/notices/components/notice-bell';
import { HomeDashboardView } from '../../features/performance/components/home-dashboard';
import { TodoLink } from '../../features/todo/components/todo-entry';
import { greeting } from '../../features/performance/greeting';
import { nav } from '../../lib/navigation';
import { registerPaintTakeover } from '../../lib/painted-page';
import { queryClient } from '../../lib/query-client';
import { prefetchRoute } from '../../lib/route-intent';

interface Entry {
  route: RouteName;
  label: string;
  icon: ReactNode;
  onlyWithReport?: boolean;
}

const ENTRIES: Entry[] = [
  { route: 'salesPerformance', label: '销售业绩', icon: <HistogramOutline /> },
  { route: 'departmentalSalesPerformance', label: '部门销售业绩', icon: <PieOutline /> },
  { route: 'employeePerformanceRanking', label: '员工业绩排行', icon: <UserOutline /> },
  { route: 'departmentMemberPage', label: '部门成员', icon: <TeamOutline /> },
  { route: 'teamAttendance', label: '团队考勤', icon: <ClockCircleOutline /> },
  { route: 'teamReport', label: '团队报告', icon: <FileOutline />, onlyWithReport: true },
  { route: 'allCustomers', label: '客户列表', icon: <UserContactOutline /> },
  { route: 'orderList', label: '订单列表', icon: <UnorderedListOutline /> },
  { route: 'searchPerformance', label: '搜索', icon: <SearchOutline /> },
];

// The painted copy of home (app/prerender/home-painter.ts) showed the early answer: the app's first
// render reads it from the cache (the request layer takes the same answer).
for (const path of [ROUTES.home.path, ROUTES.entry.path]) {
  registerPaintTakeover(path, () => queryClient.prefetchQuery(homeDashboardQueryOptions(currentSiteId())));
}

/** 首页: custom nav bar with the greeting and site, the grid of entries and the dashboard. */
export default function HomePage() {
  const username = useSession((state) => state.userInfo?.username ?? '');
  const site = useSession((state) => state.currentSite);
  const isReport = useSession((state) => state.permissionData?.isReport ?? false);

  return (
    <>
      <header className="custom-nav home-header">
        <div>
          <h1 className="custom-nav__title" data-testid="home-greeting">
            {`${greeting(new Date())}，${username}`}
          </h1>
          <div className="muted" data-testid="home-site">
            {site?.departmentName ?? ''}
          </div>
        </div>
        <NoticeBell onOpen={() => nav.navigateTo(routeUrl('messageCenter'))} />
      </header>
      <nav className="grid-entries" aria-label="功能入口">
        {ENTRIES.filter((entry) => !entry.onlyWithReport || isReport).map((entry) => (
          <button key={entry.route} type="button" data-path={routeUrl(entry.route)} onClick={() => nav.navigateTo(routeUrl(entry.route))} onPointerDown={() => prefetchRoute(routeUrl(entry.route))}>
            <span className="icon">{entry.icon}</span>
            {entry.label}
          </button>
        ))}
      </nav>
      <HomeDashboardView toContactAction={<TodoLink onOpen={() => nav.navigateTo(routeUrl('todo'))} onPress={() => prefetchRoute(routeUrl('todo'))} />} />
    </>
  );
}
