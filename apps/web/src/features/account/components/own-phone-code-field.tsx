import { maskPhone, type SendBody } from '@sales/contract';
import { sendCodeToOwnPhone } from '../../auth/api/send-code';
import { CodeField } from './code-field';

/**
 * The code field for a code sent to the user's own phone for `scene`, under the note of where it
 * goes unless the page says so itself (`note={false}`).
 */
export function OwnPhoneCodeField({ phone, scene, note = true }: { phone: string; scene: SendBody['scene']; note?: boolean }) {
  return (
    <>
      {note && <div className="form-note">验证码将发送至 {maskPhone(phone)}</div>}
      <CodeField
        phone={phone}
        send={async () => {
          try {
            await sendCodeToOwnPhone({ scene });
            return true;
          } catch {
            return false;
          }
        }}
      />
    </>
  );
}
