import { Button, Form, type FormProps } from 'antd-mobile';
import type { ReactNode } from 'react';

interface AccountFormProps<Values> {
  form: FormProps['form'];
  onSubmit(values: Values): Promise<void>;
  /** The submit button's text; `danger` makes it red (注销账号). */
  submitText: string;
  danger?: boolean;
  busy: boolean;
  /** Shown above the form (notes, warnings) and below it (a switch). */
  before?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}

/** An account page (手机号, 修改密码, 注销账号): its form and the one submit button under it. */
export function AccountForm<Values>({ form, onSubmit, submitText, danger = false, busy, before, after, children }: AccountFormProps<Values>) {
  return (
    <div className="account-page">
      {before}
      <Form
        form={form}
        layout="horizontal"
        onFinish={(values: Values) => void onSubmit(values)}
        footer={
          <Button block type="submit" color={danger ? 'danger' : 'primary'} size="large" loading={busy} disabled={busy}>
            {submitText}
          </Button>
        }
      >
        {children}
      </Form>
      {after}
    </div>
  );
}
