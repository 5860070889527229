import { VerifyPhoneForm } from '../../features/account/components/verify-phone-form';

/** 验证手机号: the first step of changing the phone number. */
export default function UpdatePhonePage() {
  return <VerifyPhoneForm />;
}
