import { Button, Result } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { routeUrl } from '../../config/paths';
import { forgetDeregistered, justDeregistered } from '../../features/account/deregistered-notice';
import { useSession } from '../../features/auth/session-store';
import { nav } from '../../lib/navigation';

/**
 * Shown once, right after this tab deleted its account; the server has ended its sessions, this
 * ends the local one. Opened any other way (a link, typed, a reload after it was shown) it goes
 * to login and leaves any session alone.
 */
export default function DeregisterPage() {
  // Read once and kept for the page's life: forgetting the mark below must not hide the page.
  const [deregistered] = useState(justDeregistered);
  useEffect(() => {
    if (!deregistered) {
      nav.reLaunch(routeUrl('login'));
      return;
    }
    forgetDeregistered();
    if (useSession.getState().token) useSession.getState().clear();
  }, [deregistered]);
  if (!deregistered) return null;
  return (
    <div className="page__body--center" data-testid="deregistered">
      <Result status="success" title="账号已注销" description="您的账号及个人信息已删除。如需继续使用，请联系所在企业的管理员重新开通。" />
      <Button block color="primary" onClick={() => { nav.reLaunch(routeUrl('login')); }}>
        返回登录
      </Button>
    </div>
  );
}
