/**
 * Home's painter (issue 29; paint-core.ts says how a painter works): the header, the entries and
 * the dashboard's first screen (今日, 本月, 本月标准完成) drawn from the early answer of
 * performance/home, with the texts the app's render computes (home-top-text.ts); the rest of the
 * dashboard stays a skeleton below until the app takes over. A tap on an entry opens its page
 * through the address, as the app would.
 *
 * Built by scripts/prerender-login-plugin.ts, which defines __HOME_PAINT__.
 */
import { STORAGE_KEYS, type HomeDashboard } from '@sales/contract';
import { routeUrl } from '../../config/paths';
import { greeting } from '../../features/performance/greeting';
import { homeTopText } from '../../features/performance/home-top-text';
import { fillSlotsIn, fragment, openFromCopy, showCopy, startPainter, stored } from './paint-core';
import { flatTexts, homeTopLook, type HomePaintMarkup } from './paint-slots';

declare const __HOME_PAINT__: HomePaintMarkup;
// Read once: the build writes the markup where the name is used.
const MARKUP: HomePaintMarkup = __HOME_PAINT__;

/** Sets an element's text (never parsed). */
function setText(root: ParentNode, selector: string, text: string): void {
  const element = root.querySelector(selector);
  if (element) element.textContent = text;
}

startPainter<[HomeDashboard]>(([data], state) => {
  const copy = fragment(MARKUP.page);
  const skeleton = copy.querySelector('[data-testid=list-skeleton]');
  if (!skeleton) return;
  const text = homeTopText(data);
  const top = fragment(MARKUP.top[homeTopLook(text)]);
  fillSlotsIn(top, flatTexts(text));

  const site = stored<{ departmentName?: unknown; isLeader?: unknown }>(STORAGE_KEYS.currentSite);
  const user = stored<{ username?: unknown }>(STORAGE_KEYS.userInfo);
  const permissions = stored<{ isReport?: unknown }>(STORAGE_KEYS.permissionData);
  // The build renders a leader's page with every entry: what this person has not is taken out.
  if (site?.isLeader !== true) top.querySelector('[data-testid=home-edit-standard]')?.remove();
  if (permissions?.isReport !== true) copy.querySelector(`[data-path="${routeUrl('teamReport')}"]`)?.remove();
  setText(copy, '[data-testid=home-greeting]', `${greeting(new Date())}，${typeof user?.username === 'string' ? user.username : ''}`);
  setText(copy, '[data-testid=home-site]', typeof site?.departmentName === 'string' ? site.departmentName : '');
  skeleton.before(top);

  const openTapped = (event: Event) => {
    const tapped = event.target instanceof Element ? event.target.closest('[data-path]') : null;
    const path = tapped?.getAttribute('data-path');
    if (path) openFromCopy(state, path);
  };
  copy.querySelector('.grid-entries')?.addEventListener('click', openTapped);
  const edit = copy.querySelector('[data-testid=home-edit-standard]');
  if (edit) {
    edit.setAttribute('data-path', routeUrl('updateStandard'));
    edit.addEventListener('click', openTapped);
  }
  showCopy(copy);
});
