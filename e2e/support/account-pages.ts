import type { Page } from 'playwright-core';

/** The account pages: 手机号 flow, 修改密码, 注销账号, and the forms they share. */
export class AccountForms {
  constructor(private readonly page: Page) {}

  private body() {
    return this.page.locator('.page__body');
  }

  /** A form input by its aria label (验证码, 新手机号, 原密码, 新密码, 确认密码); password inputs have no textbox role. */
  input(label: string) {
    return this.body().locator(`input[aria-label="${label}"]`);
  }

  async fill(label: string, value: string): Promise<void> {
    await this.input(label).fill(value);
  }

  /** Taps 获取验证码 and waits until the server has sent the code. */
  async requestCode(): Promise<void> {
    const sent = this.page.waitForResponse((response) => /\/seller\/user\/send(\/msg)?$/.test(new URL(response.url()).pathname) && response.status() === 200);
    await this.body().getByTestId('send-code').tap();
    await sent;
  }

  async submit(name: string): Promise<void> {
    await this.body().getByRole('button', { name, exact: true }).tap();
  }

  /** Confirms the open dialog with the named button. */
  async confirmDialog(name: string): Promise<void> {
    await this.page.locator('.adm-dialog-footer').getByRole('button', { name, exact: true }).tap();
  }
}
