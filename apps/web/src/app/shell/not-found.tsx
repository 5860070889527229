import { Button, ErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { nav } from '../../lib/navigation';
import { NavBar } from './nav-bar';

/** The 页面不存在 view of an unknown route, with a way home. */
export function NotFound() {
  useEffect(() => {
    document.title = '页面不存在';
    // The runtime's page-not-found launch event, for anyone listening (analytics, tests).
    window.dispatchEvent(new CustomEvent('app:page-not-found', { detail: { hash: window.location.hash } }));
  }, []);
  return (
    <div className="page">
      <NavBar title="页面不存在" />
      <main className="page__body page__body--center">
        <ErrorBlock status="empty" title="页面不存在" description="您访问的页面不存在或已被移除" />
        <Button color="primary" fill="outline" onClick={() => {
            nav.reLaunch('/');
          }}>
          返回首页
        </Button>
      </main>
    </div>
  );
}
