import { maskPhone } from '@sales/contract';
import { Avatar, Badge, List, Tag } from 'antd-mobile';
import {
  ContentOutline,
  FileOutline,
  InformationCircleOutline,
  ScanningOutline,
  SetOutline,
  ClockCircleOutline,
  TeamOutline,
  UnorderedListOutline,
  UserContactOutline,
  HistogramOutline,
  BellOutline,
  GlobalOutline,
} from 'antd-mobile-icons';
import { routeUrl, type RouteName } from '../../config/paths';
import { useSession, useSites } from '../../features/auth/session-store';
import { useNoticeUnread } from '../../features/notices/api/get-notice-unread';
import { unreadBadgeContent } from '../../features/notices/components/unread-badge';
import { useSiteSwitcher } from '../../features/site/components/site-switcher';
import { TodoEntry } from '../../features/todo/components/todo-entry';
import { nav } from '../../lib/navigation';
import { prefetchRoute } from '../../lib/route-intent';

interface Entry {
  route: RouteName;
  label: string;
  icon: React.ReactNode;
  leaderOnly?: boolean;
  /** Works without a site (a person without positions, such as an administrator, sees only these). */
  siteless?: boolean;
}

const ENTRIES: Entry[] = [
  { route: 'allCustomers', label: '我的客户', icon: <UserContactOutline /> },
  { route: 'customerPool', label: '公海客户', icon: <GlobalOutline /> },
  { route: 'orderList', label: '我的订单', icon: <UnorderedListOutline /> },
  { route: 'addReport', label: '写半月报', icon: <FileOutline /> },
  { route: 'historicalReportRecords', label: '半月报记录', icon: <ContentOutline /> },
  { route: 'employeeReport', label: '员工报告', icon: <TeamOutline />, leaderOnly: true },
  { route: 'scanQRCode', label: '扫一扫', icon: <ScanningOutline /> },
  { route: 'teamAttendance', label: '考勤打卡', icon: <ClockCircleOutline /> },
  { route: 'salesPerformance', label: '我的业绩', icon: <HistogramOutline /> },
  { route: 'setting', label: '设置', icon: <SetOutline />, siteless: true },
  { route: 'about', label: '关于', icon: <InformationCircleOutline />, siteless: true },
];

export default function MyPage() {
  const userInfo = useSession((state) => state.userInfo);
  const site = useSession((state) => state.currentSite);
  const sites = useSites();
  const openSwitcher = useSiteSwitcher();
  const isLeader = site?.isLeader ?? false;
  const unread = useNoticeUnread();

  return (
    <>
      <header className="profile">
        <Avatar src={userInfo?.avatar ?? ''} style={{ '--size': '60px', '--border-radius': '50%' }} />
        <div>
          <p className="profile__name">{userInfo?.username ?? ''}</p>
          <div className="muted">{userInfo ? maskPhone(userInfo.phone) : ''}</div>
          {site && (
            <div style={{ marginTop: 6, display: 'flex', gap: 6, alignItems: 'center' }}>
              <Tag color={isLeader ? 'warning' : 'primary'} fill="outline">
                {isLeader ? '负责人' : '业务员'}
              </Tag>
              <span className="muted" style={{ fontSize: 13 }}>
                {site.departmentName}
              </span>
            </div>
          )}
        </div>
      </header>
      {site ? (
        // 今日待办: its own block at the top, apart from the lists below.
        <TodoEntry onOpen={() => nav.navigateTo(routeUrl('todo'))} onPress={() => prefetchRoute(routeUrl('todo'))} />
      ) : (
        <List header="尚未分配站点" data-testid="my-no-site">
          <List.Item description="业绩、客户、订单和报告，要在系统管理员为你分配站点岗位后才能使用。">你还没有站点岗位</List.Item>
          {userInfo?.isAdmin && (
            <List.Item description={`请在电脑浏览器打开 ${window.location.origin}/admin/ 管理组织架构和员工。`}>你是系统管理员</List.Item>
          )}
        </List>
      )}
      {sites.length > 1 && (
        <List header="站点">
          <List.Item extra={site?.departmentName} onClick={openSwitcher} description={`共 ${sites.length} 个站点`}>
            切换站点
          </List.Item>
        </List>
      )}
      <List>
        <List.Item prefix={<BellOutline />} extra={<Badge content={unreadBadgeContent(unread)} />} onClick={() => nav.navigateTo(routeUrl('messageCenter'))} data-testid="my-message-center">
          消息中心
        </List.Item>
      </List>
      <List header="常用功能">
        {ENTRIES.filter((entry) => (!entry.leaderOnly || isLeader) && (site || entry.siteless)).map((entry) => (
          <List.Item key={entry.route} prefix={entry.icon} onClick={() => nav.navigateTo(routeUrl(entry.route))}>
            {entry.label}
          </List.Item>
        ))}
      </List>
    </>
  );
}
