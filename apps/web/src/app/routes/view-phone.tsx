import { maskPhone } from '@sales/contract';
import { Button } from 'antd-mobile';
import { routeUrl } from '../../config/paths';
import { useSession } from '../../features/auth/session-store';
import { nav } from '../../lib/navigation';

/** 手机号: the masked number and the way to change it. */
export default function ViewPhonePage() {
  const phone = useSession((state) => state.userInfo?.phone ?? '');
  return (
    <div className="account-page">
      <div className="account-page__hero">
        <div className="muted">当前绑定的手机号</div>
        <div className="account-page__phone" data-testid="current-phone">
          {maskPhone(phone)}
        </div>
        <div className="muted">手机号用于登录和接收验证码</div>
      </div>
      <Button block color="primary" size="large" onClick={() => {
          nav.navigateTo(routeUrl('updatePhone'));
        }}>
        更换手机号
      </Button>
    </div>
  );
}
