import { Button } from 'antd-mobile';
import { useSession } from '../../auth/session-store';
import { showToast } from '../../../lib/toast';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { Dialog } from '../../../lib/antd-imperative';

/**
 * 重置密码 for a leader on a member's page: confirmed in a dialog; the member gets a one-time
 * password by SMS and must set a new one at the next login. Hidden from salespeople and on one's
 * own page; the server refuses fellow leaders and members of other sites.
 */
export function ResetStaffPasswordButton({ staffId, name }: { staffId: number; name?: string }) {
  const userId = useSession((state) => state.userId);
  const isLeader = useSession((state) => state.permissionData?.isSalesperson === false);
  const reset = useResetStaffPassword();
  if (!isLeader || staffId === userId) return null;

  const confirmReset = async () => {
    const confirmed = await Dialog.confirm({
      title: '重置密码',
      content: `确定重置${name ?? '该成员'}的登录密码吗？系统将以短信发送临时密码，对方已登录的设备会退出，下次登录须先设置新密码。`,
      confirmText: '重置',
      cancelText: '取消',
    });
    if (!confirmed) return;
    try {
      const { phone } = await reset.mutateAsync({ staffId });
      showToast(`临时密码已发送至 ${phone}`, 'success');
    } catch {
      // The request layer has shown why.
    }
  };

  return (
    <div className="section">
      <Button block color="warning" fill="outline" loading={reset.isPending} disabled={reset.isPending} onClick={() => void confirmReset()} data-testid="reset-staff-password">
        重置密码
      </Button>
    </div>
  );
}
