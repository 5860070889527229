import { Button, Result } from 'antd-mobile';
import { useEffect } from 'react';
import { routeUrl } from '../../config/paths';
import { useSession } from '../../features/auth/session-store';
import { nav } from '../../lib/navigation';

/** Shown after an account was deleted; the server has ended its sessions, this ends the local one. */
export default function DeregisterPage() {
  useEffect(() => {
    if (useSession.getState().token) useSession.getState().clear();
  }, []);
  return (
    <div className="page__body--center">
      <Result status="success" title="账号已注销" description="您的账号及个人信息已删除。如需继续使用，请联系所在企业的管理员重新开通。" />
      <Button block color="primary" onClick={() => {
          nav.reLaunch(routeUrl('login'));
        }}>
        返回登录
      </Button>
    </div>
  );
}
