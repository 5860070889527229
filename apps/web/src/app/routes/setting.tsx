import { maskPhone } from '@sales/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { routeUrl, type RouteName } from '../../config/paths';
import { logout } from '../../features/auth/session';
import { useSession } from '../../features/auth/session-store';
import { useOutboxCount } from '../../lib/outbox/use-outbox';
import { nav } from '../../lib/navigation';
import { clearLocalData, formatBytes } from '../../lib/storage';
import { showToast } from '../../lib/toast';
import { Dialog } from '../../lib/antd-imperative';

const go = (route: RouteName) => () => nav.navigateTo(routeUrl(route));

export default function SettingPage() {
  const phone = useSession((state) => state.userInfo?.phone ?? '');
  const queryClient = useQueryClient();
  const outboxCount = useOutboxCount();

  const clearCache = async () => {
    const confirmed = await Dialog.confirm({ content: '清除本机缓存的列表、图片和未提交的草稿？登录状态会保留。' });
    if (!confirmed) return;
    // What the cached lists take, measured as their JSON text before they are dropped.
    let freed = queryClient
      .getQueryCache()
      .getAll()
      .reduce((sum, query) => sum + (query.state.data === undefined ? 0 : (JSON.stringify(query.state.data)?.length ?? 0) * 2), 0);
    queryClient.clear();
    freed += clearLocalData();
    if ('caches' in window) {
      const names = await window.caches.keys();
      await Promise.all(names.map((name) => window.caches.delete(name)));
    }
    showToast(`已清除 ${formatBytes(freed)} 缓存`, 'success');
  };

  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({ content: '确定要退出登录吗？', confirmText: '退出登录', cancelText: '取消' });
    if (!confirmed) return;
    queryClient.clear();
    await logout();
  };

  return (
    <>
      <List header="账号与安全">
        <List.Item extra={maskPhone(phone)} onClick={go('viewPhone')}>
          手机号
        </List.Item>
        <List.Item onClick={go('updatePassword')}>修改密码</List.Item>
      </List>
      <List header="通知">
        <List.Item onClick={go('noticeSettings')}>消息通知</List.Item>
      </List>
      <List header="通用">
        <List.Item extra={<span data-testid="outbox-count">{outboxCount}</span>} onClick={go('outbox')} data-testid="setting-outbox">
          待发送
        </List.Item>
        <List.Item onClick={() => void clearCache()}>清除缓存</List.Item>
        <List.Item onClick={go('about')}>关于</List.Item>
        <List.Item onClick={go('platformAgreement')}>平台服务协议</List.Item>
        <List.Item onClick={go('privacyPolicy')}>隐私政策</List.Item>
        <List.Item onClick={go('logOut')}>注销账号</List.Item>
      </List>
      <div className="section" style={{ marginTop: 24 }}>
        <Button block color="danger" fill="outline" size="large" onClick={() => void confirmLogout()}>
          退出登录
        </Button>
      </div>
    </>
  );
}
