import * as ROUTES from '@sales/contract/routes';
import { describe, expect, test } from 'vitest';
import { AccountForms } from '../support/account-pages';
import { DEMO_PASSWORD, LI_NA, WANG_QIANG, ZHANG_WEI, type DemoAccount } from '../support/accounts';
import { apiLogin, callEndpoint, latestSmsCode } from '../support/api';
import { useApp } from '../support/app';
import { staffList } from '../support/sales-api';

const harness = useApp();

/**
 * Salespeople of 华东二部 beyond the demo accounts, so the account changes here touch no other
 * test's user. Listed by 王强, who leads 华东二部 and so sees their full phone numbers.
 */
async function salespeopleOf102(): Promise<DemoAccount[]> {
  const leader = await apiLogin(WANG_QIANG);
  return (await staffList(leader, 102)).list
    .filter((member) => !member.isLeader && !member.phone.startsWith('1380000000'))
    .map((member) => ({ phone: member.phone, name: member.username, sites: ['华东二部'], seesHome: false }));
}

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

describe('account', () => {
  test('changes the phone with a code to each number, stays logged in with the new one, and logs in with it later', async () => {
    const [member] = await salespeopleOf102();
    if (!member) throw new Error('no extra salesperson at 华东二部');
    const newPhone = '13912340001';
    const app = await harness.newApp();
    const forms = new AccountForms(app.page);
    await app.signIn(member);

    await app.open('pages/my/setting');
    await app.page.getByText('手机号', { exact: true }).tap();
    await app.waitForRoute('/pages/my/viewPhone');
    expect(await app.page.getByTestId('current-phone').textContent()).toBe(masked(member.phone));
    await app.page.getByRole('button', { name: '更换手机号' }).tap();
    await app.waitForRoute('/pages/my/updatePhone');
    await forms.submit('下一步');
    await app.page.getByText('请输入6位数字验证码').waitFor();
    await forms.requestCode();
    await app.page.getByTestId('resend-countdown').waitFor();
    await forms.fill('验证码', await latestSmsCode(member.phone));
    await forms.submit('下一步');

    await app.waitForRoute('/pages/my/setNewPhone');
    await forms.fill('新手机号', '1391234');
    await forms.submit('确定更换');
    await app.page.getByText('请输入正确的手机号').waitFor();
    await forms.fill('新手机号', newPhone);
    await forms.requestCode();
    await forms.fill('验证码', await latestSmsCode(newPhone));
    await app.screenshot('account-set-new-phone');
    await forms.submit('确定更换');
    await app.waitForToast('手机号已更换');
    await app.waitForRoute('/pages/my/viewPhone');
    await expect.poll(() => app.page.getByTestId('current-phone').textContent()).toBe(masked(newPhone));
    await expect.poll(() => app.storage('userInfo')).toMatchObject({ phone: newPhone });

    // Later, on another phone, the new number logs in and the old one no longer does.
    const later = await harness.newApp();
    await later.login.open();
    await later.login.loginWithPassword(member.phone, DEMO_PASSWORD);
    await later.waitForToast('手机号或密码错误');
    await later.login.loginWithPassword(newPhone, DEMO_PASSWORD, { agree: false });
    await later.waitForRoute('/pages/my/index');
    await expect.poll(() => later.storage('userInfo')).toMatchObject({ phone: newPhone, username: member.name });
  });

  test('a password changed in one browser ends the session in the other with 登录过期，请重新登录', async () => {
    const members = await salespeopleOf102();
    const member = members[1];
    if (!member) throw new Error('a second extra salesperson at 华东二部 is needed');
    const here = await harness.newApp();
    const elsewhere = await harness.newApp();
    await here.signIn(member);
    await elsewhere.signIn(member);
    const forms = new AccountForms(here.page);

    await here.open('pages/my/setting');
    await here.page.getByText('修改密码', { exact: true }).tap();
    await here.waitForRoute('/pages/my/updatePassword');
    expect(await here.page.getByTestId('password-policy').textContent()).toContain('8–32位');
    await forms.fill('原密码', DEMO_PASSWORD);
    await forms.fill('新密码', 'abcdefgh');
    await forms.fill('确认密码', 'abcdefgh');
    await forms.submit('确认修改');
    await here.page.getByText('密码须同时包含字母和数字').waitFor();
    await forms.fill('新密码', 'Changed2026');
    await forms.fill('确认密码', 'Changed2027');
    await forms.submit('确认修改');
    await here.page.getByText('两次输入的密码不一致').waitFor();
    await forms.fill('确认密码', 'Changed2026');
    await here.screenshot('account-update-password');
    await forms.submit('确认修改');
    await here.waitForToast('密码已修改');
    await here.waitForRoute('/pages/my/setting');

    // The other browser's next call finds its session ended.
    await elsewhere.open('pages/order/index');
    await elsewhere.waitForToast('登录过期，请重新登录');
    const route = await elsewhere.waitForRoute('/pages/login/index');
    expect(route.query.get('redirect')).toBe('/pages/order/index');
    await elsewhere.login.loginWithPassword(member.phone, 'Changed2026');
    await elsewhere.waitForRoute('/pages/order/index');
  });

  test('a leader resets 张伟’s password; 张伟 logs in with the SMS password and must set a new one first', async () => {
    const leader = await harness.newApp();
    await leader.signIn(LI_NA);
    const zhangWei = await apiLogin(ZHANG_WEI);
    await leader.open(`pages/order/salespersonPage?staffId=${zhangWei.userId}`);
    await leader.page.getByTestId('staff-name').filter({ hasText: '张伟' }).waitFor();
    await leader.page.getByTestId('reset-staff-password').tap();
    await leader.page.locator('.adm-dialog-body').getByText('确定重置该成员的登录密码吗？', { exact: false }).waitFor();
    await new AccountForms(leader.page).confirmDialog('重置');
    await leader.waitForToast('临时密码已发送至 138****0001');

    const member = await harness.newApp();
    const forms = new AccountForms(member.page);
    await member.login.open();
    await member.login.loginWithPassword(ZHANG_WEI.phone, await latestSmsCode(ZHANG_WEI.phone));
    await member.waitForRoute('/pages/my/updatePassword');
    await member.page.getByTestId('forced-password').waitFor();
    expect(await forms.input('原密码').count()).toBe(0);
    // Nothing else opens before the new password is set.
    await member.open('pages/order/index');
    await member.waitForRoute('/pages/my/updatePassword');
    await forms.fill('新密码', 'Zhangwei2026');
    await forms.fill('确认密码', 'Zhangwei2026');
    await member.screenshot('account-forced-password');
    await forms.submit('设置新密码');
    await member.waitForToast('密码已修改');
    await member.waitForRoute('/pages/my/index');
    await member.open('pages/order/index');
    await member.waitForRoute('/pages/order/index');

    // Give 张伟 the demo password back for the other test files.
    const fresh = await callEndpoint(ROUTES.userLogin, { phone: ZHANG_WEI.phone, password: 'Zhangwei2026' });
    const restored = await callEndpoint(ROUTES.userUpdatePassword, { oldPassword: 'Zhangwei2026', password: DEMO_PASSWORD }, fresh.body.data.token);
    expect(restored.status).toBe(200);
  });

  test('deletes the account after a code and a final confirmation, and lands on deregister', async () => {
    const members = await salespeopleOf102();
    const member = members[2];
    if (!member) throw new Error('a third extra salesperson at 华东二部 is needed');
    const app = await harness.newApp();
    const forms = new AccountForms(app.page);
    await app.signIn(member);
    await app.open('pages/my/setting');
    await app.page.getByText('注销账号', { exact: true }).tap();
    await app.waitForRoute('/pages/my/logOut');
    await app.page.getByTestId('deregister-notice').waitFor();
    await forms.requestCode();
    await forms.fill('验证码', await latestSmsCode(member.phone));
    await forms.submit('注销账号');
    await app.page.locator('.adm-dialog-body').getByText('确认注销账号？').waitFor();
    await forms.confirmDialog('确认注销');
    await app.waitForRoute('/pages/login/deregister');
    await app.waitForTitle('登录');
    await app.page.getByText('账号已注销').waitFor();
    expect(await app.storage('token')).toBeNull();
    await app.screenshot('account-deregister');

    await app.page.getByRole('button', { name: '返回登录' }).tap();
    await app.waitForRoute('/pages/login/index');
    // The URL changes before React shows the login page; opening the notice again before that
    // would land on the same, still mounted, page (one route key) instead of a fresh one.
    await app.login.phone().waitFor();
    // Shown once: the same tab opening it again goes to login.
    await app.open('pages/login/deregister');
    await app.waitForRoute('/pages/login/index');
    expect(await app.page.getByText('账号已注销').count()).toBe(0);
    await app.login.loginWithPassword(member.phone, DEMO_PASSWORD);
    await app.waitForToast('手机号或密码错误');
  });

  test('账号已注销 opened by its URL without a deletion goes to login, and a signed-in user stays signed in', async () => {
    const app = await harness.newApp();
    await app.open('pages/login/deregister');
    await app.waitForRoute('/pages/login/index');
    await app.login.phone().waitFor();
    expect(await app.page.getByText('账号已注销').count()).toBe(0);

    await app.signIn(LI_NA);
    await app.open('pages/login/deregister');
    await app.waitForRoute('/pages/login/index');
    expect(await app.page.getByText('账号已注销').count()).toBe(0);
    expect(await app.storage('token')).not.toBeNull();
  });

  test('a logged-out visit keeps every query parameter through login', async () => {
    const app = await harness.newApp();
    await app.open('pages/order/index?x=1&y=2');
    const atLogin = await app.waitForRoute('/pages/login/index');
    expect(atLogin.query.get('redirect')).toBe('/pages/order/index?x=1&y=2');
    await app.login.loginWithPassword(LI_NA.phone, DEMO_PASSWORD);
    const back = await app.waitForRoute('/pages/order/index');
    expect(back.query.get('x')).toBe('1');
    expect(back.query.get('y')).toBe('2');
  });
});
