import { useSearchParams } from 'react-router';
import { safeRedirect } from '../../config/paths';
import { CodeLoginForm } from '../../features/auth/components/code-login-form';

/** 输入验证码 (?phone=, ?redirect=). */
export default function EnterCodePage() {
  const [params] = useSearchParams();
  return <CodeLoginForm phone={params.get('phone') ?? ''} redirect={safeRedirect(params.get('redirect'))} />;
}
