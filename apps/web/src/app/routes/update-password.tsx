import { UpdatePasswordForm } from '../../features/account/components/update-password-form';

/** 修改密码 (and, after a leader's reset, the forced 设置新密码 step). */
export default function UpdatePasswordPage() {
  return <UpdatePasswordForm />;
}
