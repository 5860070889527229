import { ERROR_MESSAGES, type LoginResult } from '@sales/contract';
import { routeUrl } from '../../config/paths';
import { ApiError, RuntimeError } from '../../lib/api-client';
import { nav } from '../../lib/navigation';
import { endPushOnThisDevice } from '../../lib/push-device';
import { showToast } from '../../lib/toast';
import { getUserInfo } from './api/get-user-info';
import { logoutOnServer } from './api/logout';
import { useSession } from './session-store';

/** Loads the user info into the session; false when it could not be loaded. */
export async function refreshUserInfo(options: { hideErrorToast?: boolean } = {}): Promise<boolean> {
  const { userId } = useSession.getState();
  try {
    useSession.getState().setUserInfo(await getUserInfo(userId, options));
    return true;
  } catch {
    return false;
  }
}

/** After a successful login: store the token and id, then load the user info (SPEC §4). */
export async function completeLogin(result: LoginResult): Promise<boolean> {
  useSession.getState().signIn(result.token, result.accountInfo.id);
  const loaded = await refreshUserInfo({ hideErrorToast: true });
  if (!loaded) {
    useSession.getState().clear();
    showToast(ERROR_MESSAGES.userInfoFailed);
  }
  return loaded;
}

/** The login URL that brings the user back to where they were. */
export function loginUrl(redirect?: string): string {
  return routeUrl('login', redirect ? { redirect } : undefined);
}

/** Clears the session locally (SPEC §4) and goes to login. */
export function endSession(redirect?: string): void {
  // The service worker loses the session too: no queued write is sent until its user signs in again.
  void import('../../lib/outbox/outbox-runtime').then((module) => module.endOutboxSession());
  // What this user saw is no longer kept on the phone for offline use.
  void import('../../lib/query-persistence').then((module) => module.forgetPersistedQueries());
  useSession.getState().clear();
  nav.reLaunch(loginUrl(redirect));
}

/** The server did not answer (no network, time-out, a 5xx): it still holds the session. */
const unanswered = (error: unknown) => error instanceof RuntimeError || (error instanceof ApiError && error.status >= 500);

/**
 * Logout from the setting page: ends this device's push and the server session, then clears local
 * state. Without a network the session still ends here at once, and the server is told when the
 * connection returns (the outbox keeps the token for that call only).
 */
export async function logout(): Promise<void> {
  await endPushOnThisDevice();
  const { token } = useSession.getState();
  try {
    await logoutOnServer();
  } catch (error) {
    // A session the server already ended needs nothing more.
    if (token && unanswered(error)) await import('../../lib/outbox/outbox-runtime').then((module) => module.queueLogout(token));
  }
  endSession();
}

/** Where a user lands after login: home when they may see it, otherwise their page. */
export function landingUrl(): string {
  return useSession.getState().permissionData?.isShowIndex ? routeUrl('home') : routeUrl('my');
}
