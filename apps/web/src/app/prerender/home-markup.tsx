import { useSession } from '../../features/auth/session-store';
import { preloadPage } from '../router';
import { renderRoute } from './render-route';
import { homeTopMarkup } from './home-top-markup';
import type { HomePaintMarkup } from './paint-slots';

/**
 * Home as the app's first render shows it while its dashboard loads (the build stores a leader's
 * session with every entry before loading this module, scripts/prerender-login-plugin.ts), and the
 * dashboard's first screen in both its looks with placeholders for its texts, rendered at build
 * time for home's painter (home-painter.ts).
 */
export async function homeMarkup(): Promise<HomePaintMarkup> {
  await preloadPage('home');
  const session = useSession.getState();
  if (!session.currentSite?.isLeader || !session.permissionData?.isReport) throw new Error('home-markup: render with a leader\'s session stored, with 团队报告');
  return { page: renderRoute('home'), top: homeTopMarkup() };
}
