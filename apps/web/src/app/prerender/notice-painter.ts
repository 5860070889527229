/**
 * 消息中心's painter (issue 29; paint-core.ts says how a painter works): the count line and the
 * first notices drawn from the early answer of notice/list. A tap on a painted notice does what the
 * app's tap does: marks it read (the same call, sent at once) and opens what it is about through
 * the address; the app loads on that page.
 *
 * Built by scripts/prerender-login-plugin.ts, which defines __NOTICE_PAINT__.
 */
import { APP_VERSION, PLATFORM, STORAGE_KEYS, type NoticeItem, type NoticePage } from '@sales/contract';
import * as API from '@sales/contract/routes';
import { noticeCountText, noticeRowText } from '../../features/notices/notice-row-text';
import { fragment, openFromCopy, paintedRow, showCopy, startPainter, stored } from './paint-core';
import type { NoticePaintMarkup } from './paint-slots';

declare const __NOTICE_PAINT__: NoticePaintMarkup;
// Read once: the build writes the markup where the name is used.
const MARKUP: NoticePaintMarkup = __NOTICE_PAINT__;

/** The rows drawn: more than a phone's first screen holds; the app draws the rest below them. */
const PAINTED_ROWS_MAX = 10;

function row(notice: NoticeItem, index: number): Element | null {
  const element = paintedRow(notice.read ? MARKUP.rows.read : MARKUP.rows.unread, { ...noticeRowText(notice) }, index);
  element?.setAttribute('data-notice-index', String(index));
  return element;
}

/** notice/read for one notice, as the request layer sends it; kept alive across the page change that follows. */
function markRead(id: number): void {
  const token = stored<string>(STORAGE_KEYS.token);
  if (typeof token !== 'string') return;
  void fetch(API.noticeRead, {
    method: 'POST',
    keepalive: true,
    headers: { platform: PLATFORM, Version: APP_VERSION, Authorization: token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id }),
  }).catch(() => undefined);
}

startPainter<[NoticePage]>(([page], state) => {
  if (!Array.isArray(page.list) || page.list.length === 0) return;
  const copy = fragment(page.unread > 0 ? MARKUP.pages.someUnread : MARKUP.pages.allRead);
  const list = copy.querySelector('[data-testid=notice-list]');
  if (!list) return;
  // The sample row and the footer of the infinite scroll (drawn by the app below the rows).
  for (const element of Array.from(list.querySelectorAll('[data-testid=notice-item], .adm-infinite-scroll'))) element.remove();
  const count = copy.querySelector('[data-testid=notice-unread-count]');
  if (count) count.textContent = noticeCountText(page.total, page.unread);
  const shown = page.list.slice(0, PAINTED_ROWS_MAX);
  shown.forEach((notice, index) => {
    const element = row(notice, index);
    if (element) list.appendChild(element);
  });
  list.addEventListener('click', (event) => {
    const tapped = event.target instanceof Element ? event.target.closest('[data-notice-index]') : null;
    const notice = tapped ? shown[Number(tapped.getAttribute('data-notice-index'))] : undefined;
    if (!notice) return;
    if (!notice.read) markRead(notice.id);
    openFromCopy(state, notice.link);
  });
  showCopy(copy);
});
