import { NewPhoneForm } from '../../features/account/components/new-phone-form';

/** 设置新手机号: the second step of changing the phone number. */
export default function SetNewPhonePage() {
  return <NewPhoneForm />;
}
