import { DeregisterForm } from '../../features/account/components/deregister-form';

/** 注销账号. */
export default function LogOutPage() {
  return <DeregisterForm />;
}
