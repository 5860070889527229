import { STORAGE_KEYS } from '@sales/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { TabBar as AntTabBar } from 'antd-mobile';
import { AppOutline, FileOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { ROUTES, type RouteMeta } from '../../config/paths';
import { useSession } from '../../features/auth/session-store';
import { useNoticeUnread } from '../../features/notices/api/get-notice-unread';
import { unreadBadgeContent } from '../../features/notices/components/unread-badge';
import { queryClient } from '../../lib/query-client';
import { nav } from '../../lib/navigation';
import { writeStorage } from '../../lib/storage';

interface TabEntry {
  key: string;
  path: string;
  label: string;
  icon: ReactNode;
  /** Other routes laid out as this tab. */
  alsoActiveOn: string[];
}

/** The four tabs of SPEC §2, in order. */
export const TABS: TabEntry[] = [
  { key: 'home', path: ROUTES.home.path, label: '首页', icon: <AppOutline />, alsoActiveOn: [ROUTES.entry.path] },
  { key: 'weekly', path: ROUTES.weeklyReport.path, label: '我的周报', icon: <FileOutline />, alsoActiveOn: [ROUTES.weeklyReportCopy.path] },
  { key: 'order', path: ROUTES.orderIndex.path, label: '订单', icon: <UnorderedListOutline />, alsoActiveOn: [ROUTES.about.path] },
  { key: 'my', path: ROUTES.my.path, label: '我的', icon: <UserOutline />, alsoActiveOn: [] },
];

/** The tabs this user sees: home only when the permission data allows it. */
export function useVisibleTabs(): TabEntry[] {
  const showIndex = useSession((state) => state.permissionData?.isShowIndex ?? false);
  return showIndex ? TABS : TABS.filter((tab) => tab.key !== 'home');
}

/** The tab bar with 我的's unread count; it sits outside the page, so it brings the query client itself. */
export function TabBar({ route }: { route: RouteMeta }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Tabs route={route} />
    </QueryClientProvider>
  );
}

function Tabs({ route }: { route: RouteMeta }) {
  const tabs = useVisibleTabs();
  const unread = useNoticeUnread();
  const active = tabs.find((tab) => tab.path === route.path || tab.alsoActiveOn.includes(route.path));
  return (
    <nav className="tab-bar" aria-label="主导航">
      <AntTabBar
        activeKey={active?.key ?? null}
        safeArea
        onChange={(key) => {
          const index = tabs.findIndex((tab) => tab.key === key);
          const tab = tabs[index];
          if (!tab) return;
          writeStorage(STORAGE_KEYS.tabBarIndex, index);
          nav.switchTab(`/${tab.path}`);
        }}
      >
        {tabs.map((tab) => (
          <AntTabBar.Item key={tab.key} icon={tab.icon} title={tab.label} badge={tab.key === 'my' ? unreadBadgeContent(unread) : null} />
        ))}
      </AntTabBar>
    </nav>
  );
}
