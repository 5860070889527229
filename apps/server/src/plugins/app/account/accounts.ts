/**
 * app.accounts: the one door of the routes to accounts. Each concern lives in its own module
 * (account-*.ts) over the shared helpers of account-shared.ts; this class only holds what they
 * work with and passes it on.
 */
import type { CheckResult, LoginResult, PasswordUpdateBody, TicketFlow, UserInfo } from '@sales/contract';
import type { Db } from '../../../db/client.js';
import { limitCodeRequests, sendCode, type CodeScene } from './account-codes.js';
import { deleteAccount } from './account-deletion.js';
import { userInfo } from './account-info.js';
import { updatePassword } from './account-password.js';
import { changePhone, ensureChangePhoneTicket, ensurePhoneFree } from './account-phone.js';
import { authenticate, ensureCanReceiveLoginCode, loginWithCode, loginWithHost, loginWithPassword, logout } from './account-sessions.js';
import { staffChanged, type AccountDeps, type ClientContext, type SessionUser } from './account-shared.js';
import { resetStaffPassword } from './account-staff-reset.js';
import { check } from './account-tickets.js';
import type { SessionCache } from '../auth/session-cache.js';
import type { SmsProvider } from './sms.js';
import type { Throttle } from '../throttle.js';

export class AccountService {
  private readonly deps: AccountDeps;

  constructor(db: Db, sms: SmsProvider, throttle: Throttle, sessionDays: number, cache: SessionCache) {
    this.deps = { db, sms, throttle, sessionDays, cache };
  }

  // Codes and login (account-codes.ts, account-sessions.ts)
  limitCodeRequests = (client: ClientContext): Promise<void> => limitCodeRequests(this.deps, client);
  sendCode = (phone: string, scene: CodeScene): Promise<{ resendAfter: number; phone: string }> => sendCode(this.deps, phone, scene);
  ensureCanReceiveLoginCode = (phone: string): Promise<void> => ensureCanReceiveLoginCode(this.deps, phone);
  loginWithPassword = (phone: string, password: string, client: ClientContext): Promise<LoginResult> => loginWithPassword(this.deps, phone, password, client);
  loginWithCode = (phone: string, code: string, client: ClientContext): Promise<LoginResult> => loginWithCode(this.deps, phone, code, client);
  /** A session for the active staff member 企业微信 or 钉钉 named (host-login.ts). */
  loginWithHost = (user: { id: number; username: string; phone: string; mustChangePassword: boolean }, method: 'wecom' | 'dingtalk', client: ClientContext): Promise<LoginResult> =>
    loginWithHost(this.deps, user, method, client);

  // Sessions and the user's info (account-sessions.ts, account-info.ts)
  authenticate = (token: string): Promise<SessionUser | null> => authenticate(this.deps, token);
  logout = (sessionId: number): Promise<void> => logout(this.deps, sessionId);
  userInfo = (staffId: number): Promise<UserInfo> => userInfo(this.deps, staffId);
  /** Drops every instance's cached sessions and info of a user; call after the change has committed. */
  staffChanged = (staffId: number): Promise<void> => staffChanged(this.deps, staffId);

  // Account changes behind a ticket (account-tickets.ts, account-phone.ts, account-password.ts, account-deletion.ts)
  check = (user: SessionUser, flow: TicketFlow, code: string, client: ClientContext): Promise<CheckResult> => check(this.deps, user, flow, code, client);
  ensureChangePhoneTicket = (user: SessionUser, ticket: string | undefined): Promise<void> => ensureChangePhoneTicket(this.deps, user, ticket);
  ensurePhoneFree = (phone: string): Promise<void> => ensurePhoneFree(this.deps.db, phone);
  changePhone = (user: SessionUser, ticket: string, phone: string, code: string, client: ClientContext): Promise<LoginResult> =>
    changePhone(this.deps, user, ticket, phone, code, client);
  updatePassword = (user: SessionUser, input: PasswordUpdateBody, client: ClientContext): Promise<void> => updatePassword(this.deps, user, input, client);
  deleteAccount = (user: SessionUser, ticket: string, client: ClientContext): Promise<void> => deleteAccount(this.deps, user, ticket, client);

  // A leader's reset of a member's password (account-staff-reset.ts)
  resetStaffPassword = (leader: SessionUser, staffId: number, client: ClientContext): Promise<{ phone: string }> =>
    resetStaffPassword(this.deps, leader, staffId, client);
}
