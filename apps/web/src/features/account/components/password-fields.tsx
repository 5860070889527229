import { PASSWORD_MAX_LENGTH, PASSWORD_POLICY, passwordProblem } from '@sales/contract';
import { Form, Input } from 'antd-mobile';

/** The new password twice, checked against the policy shown above them before anything is typed. */
export function NewPasswordFields({ phone }: { phone: string }) {
  return (
    <>
      <div className="form-note" data-testid="password-policy">
        密码要求：{PASSWORD_POLICY}
      </div>
      <Form.Item
        name="password"
        label="新密码"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = passwordProblem(value ?? '', phone);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Input type="password" autoComplete="new-password" aria-label="新密码" placeholder="请输入新密码" maxLength={PASSWORD_MAX_LENGTH} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认密码"
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (!value) throw new Error('请再次输入新密码');
              if (value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input type="password" autoComplete="new-password" aria-label="确认密码" placeholder="请再次输入新密码" maxLength={PASSWORD_MAX_LENGTH} />
      </Form.Item>
    </>
  );
}
