import { findRoute } from '../config/paths';
import { loginUrl } from '../features/auth/session';
import { useSession } from '../features/auth/session-store';
import { addNavigationInterceptor } from '../lib/navigation';

/**
 * SPEC §2: navigate, relaunch, redirect or switch-tab to a page that needs login goes to login
 * while the user info has no username.
 */
export function installNavigationGuards(): () => void {
  return addNavigationInterceptor(({ kind, url }) => {
    if (kind === 'navigateBack') return undefined;
    const pathname = url.split('?')[0] ?? '';
    const route = findRoute(pathname);
    if (!route || route.public) return undefined;
    if (useSession.getState().userInfo?.username) return undefined;
    return loginUrl(url);
  });
}
