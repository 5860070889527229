import { DotLoading } from 'antd-mobile';
import { useEffect } from 'react';
import { landingUrl, loginUrl, refreshUserInfo } from '../../features/auth/session';
import { useSession } from '../../features/auth/session-store';
import { nav } from '../../lib/navigation';

/** Start: restores the stored session and sends the user on. */
export default function StartPage() {
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const restored = useSession.getState().token ? await refreshUserInfo({ hideErrorToast: true }) : false;
      if (!cancelled) nav.reLaunch(restored ? landingUrl() : loginUrl());
    })();
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <div className="page-status" role="status">
      <DotLoading color="primary" />
      <span>销售助手</span>
    </div>
  );
}
