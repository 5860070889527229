/**
 * The console's shell: signs in (password or SMS code), makes a one-time password be replaced,
 * refuses anyone who is not a 系统管理员, then shows the pages under a side menu. The page is in
 * the address (#/staff, #/sites, #/import, #/audit, #/settings), so a reload or a shared link opens the same page.
 */
import type { UserInfo } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Button, Layout, Menu, Result, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, clearToken, post, readToken, whenSignedOut } from './api';
import { SetPassword, SignIn } from './sign-in';
import { AuditPage } from './audit-page';
import { ImportPage } from './import-page';
import { SettingsPage } from './settings-page';
import { SitesPage } from './sites-page';
import { StaffPage } from './staff-page';

const PAGES = [
  { key: 'staff', label: '员工', render: () => <StaffPage /> },
  { key: 'sites', label: '组织架构', render: () => <SitesPage /> },
  { key: 'import', label: '导入', render: () => <ImportPage /> },
  { key: 'audit', label: '操作日志', render: () => <AuditPage /> },
  { key: 'settings', label: '系统设置', render: () => <SettingsPage /> },
] as const;
type PageKey = (typeof PAGES)[number]['key'];

const pageOfHash = (): PageKey => {
  const key = window.location.hash.replace(/^#\/?/, '');
  return PAGES.some((page) => page.key === key) ? (key as PageKey) : 'staff';
};

function usePage(): [PageKey, (key: PageKey) => void] {
  const [page, setPage] = useState<PageKey>(pageOfHash);
  useEffect(() => {
    const follow = () => setPage(pageOfHash());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return [page, (key) => (window.location.hash = `#/${key}`)];
}

type SessionState = { kind: 'signedOut' } | { kind: 'loading' } | { kind: 'signedIn'; user: UserInfo } | { kind: 'failed'; message: string };

export function Console() {
  const [session, setSession] = useState<SessionState>(() => (readToken() ? { kind: 'loading' } : { kind: 'signedOut' }));
  const [page, goTo] = usePage();

  const loadUser = useCallback(async () => {
    setSession({ kind: 'loading' });
    try {
      setSession({ kind: 'signedIn', user: await post(ROUTES.userInfo) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setSession({ kind: 'signedOut' });
      else setSession({ kind: 'failed', message: error instanceof Error ? error.message : '加载失败' });
    }
  }, []);

  useEffect(() => {
    whenSignedOut(() => setSession({ kind: 'signedOut' }));
    if (readToken()) void loadUser();
  }, [loadUser]);

  const signOut = async () => {
    await post(ROUTES.userLogout).catch(() => undefined);
    clearToken();
    setSession({ kind: 'signedOut' });
  };

  if (session.kind === 'signedOut') return <SignIn onSignedIn={loadUser} />;
  if (session.kind === 'loading') {
    return (
      <div className="sign-in">
        <Spin size="large" aria-label="加载中" />
      </div>
    );
  }
  if (session.kind === 'failed') {
    return <Result status="error" title="加载失败" subTitle={session.message} extra={<Button onClick={() => void loadUser()}>重试</Button>} />;
  }
  const { user } = session;
  if (user.mustChangePassword) return <SetPassword user={user} onDone={loadUser} onSignOut={signOut} />;
  if (!user.isAdmin) {
    return (
      <Result
        status="403"
        title="仅系统管理员可以使用管理后台"
        subTitle={`${user.username}（${user.phone}）不是系统管理员。如需开通，请联系贵公司的系统管理员。`}
        extra={
          <Button type="primary" onClick={() => void signOut()}>
            换个账号登录
          </Button>
        }
      />
    );
  }

  const current = PAGES.find((candidate) => candidate.key === page) ?? PAGES[0];
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={200} breakpoint="lg" collapsedWidth={64}>
        <div className="console-brand">销售助手 · 管理后台</div>
        <Menu theme="dark" mode="inline" selectedKeys={[current.key]} items={PAGES.map(({ key, label }) => ({ key, label }))} onClick={({ key }) => goTo(key as PageKey)} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Typography.Title level={1} style={{ fontSize: 18, margin: 0 }}>
            {current.label}
          </Typography.Title>
          <span>
            {user.username}
            <Button type="link" onClick={() => void signOut()}>
              退出登录
            </Button>
          </span>
        </Layout.Header>
        <Layout.Content className="console-content">{current.render()}</Layout.Content>
      </Layout>
    </Layout>
  );
}
