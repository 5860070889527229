/**
 * 今日待办's painter (issue 29; paint-core.ts says how a painter works): 待提交报告, 即将回收 and
 * the first customers of 待联系 drawn from the early answer of followup/due, with the texts the
 * app's render computes (features/todo/todo-text.ts). A tap on a painted row opens what the app's
 * tap opens (the customer, the report's writer) through the address; 拨打 is a plain tel: link;
 * 写跟进 needs the app (its touch loads it).
 *
 * Built by scripts/prerender-login-plugin.ts, which defines __TODO_PAINT__.
 */
import { RETURN_URGENT_DAYS, returnCountdownLabel, type FollowUpDue } from '@sales/contract';
import { routeUrl } from '../../config/paths';
import { REPORT_WRITERS } from '../../features/todo/report-writers';
import { dueCardText, dueSplitText, owedReportText, returningText } from '../../features/todo/todo-text';
import { fragment, openFromCopy, paintedRow, showCopy, startPainter } from './paint-core';
import { todoDueLook, type TodoPaintMarkup } from './paint-slots';

declare const __TODO_PAINT__: TodoPaintMarkup;
// Read once: the build writes the markup where the name is used.
const MARKUP: TodoPaintMarkup = __TODO_PAINT__;

/** The due cards drawn: more than a phone's first screen holds; the app draws the rest below them. */
const PAINTED_DUE_MAX = 10;

/** A painted row that remembers where a tap on it opens. */
function row(markup: string | undefined, texts: Record<string, string>, index: number, opens: string): Element | null {
  const element = paintedRow(markup, texts, index);
  element?.setAttribute('data-opens', opens);
  return element;
}

/**
 * Fills one section of the page: its count, and its rows in place of the sample row; a section the
 * answer has nothing for is taken out, as the app leaves it out.
 */
function fillSection(copy: DocumentFragment, section: string, sample: string, count: number, rows: (Element | null)[]): boolean {
  const element = copy.querySelector(`[data-testid=${section}]`);
  if (!element) return false;
  if (count === 0) {
    element.remove();
    return true;
  }
  const counter = element.querySelector('.todo-count');
  if (counter) counter.textContent = String(count);
  const sampleRow = element.querySelector(sample);
  const container = sampleRow?.parentElement;
  if (!sampleRow || !container) return false;
  for (const extra of Array.from(element.querySelectorAll(`${sample}, .adm-infinite-scroll`))) extra.remove();
  for (const item of rows) if (item) container.appendChild(item);
  return true;
}

startPainter<[FollowUpDue]>(([page], state) => {
  if (page.count === 0 && page.returning.length === 0) {
    showCopy(fragment(MARKUP.pages.empty));
    return;
  }
  const copy = fragment(MARKUP.pages.full);
  const reports = page.reports.map((report, index) => row(MARKUP.report, { ...owedReportText(report), kind: report.kind }, index, REPORT_WRITERS[report.kind]));
  const returning = page.returning.map((item, index) => {
    const element = row(MARKUP.returning[item.daysLeft < RETURN_URGENT_DAYS ? 'urgent' : 'calm'], { ...returningText(item) }, index, routeUrl('customerDetails', { id: item.customer.id }));
    const countdown = element?.querySelector('[data-testid=return-countdown]');
    if (countdown) countdown.textContent = returnCountdownLabel(Math.max(item.daysLeft, 0));
    return element;
  });
  const due = page.list
    .slice(0, PAINTED_DUE_MAX)
    .map((item, index) => row(MARKUP.due[todoDueLook(item.daysOverdue > 0, item.customer.phone)], { ...dueCardText(item) }, index, routeUrl('customerDetails', { id: item.customer.id })));
  if (page.total > 0 && due.length === 0) return;
  const filled =
    fillSection(copy, 'todo-reports', '[data-testid^=todo-report-]', page.reports.length, reports) &&
    fillSection(copy, 'todo-returning', '[data-testid=todo-returning-item]', page.returning.length, returning) &&
    fillSection(copy, 'todo-due', '[data-testid=todo-due-item]', page.total, due);
  if (!filled) return;
  const split = copy.querySelector('[data-testid=todo-due-split]');
  if (split) split.textContent = dueSplitText(page);
  copy.querySelector('[data-testid=todo]')?.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    // 拨打 calls by itself; 写跟进 needs the app, which the touch has started loading.
    if (!target || target.closest('a[href^="tel:"], [data-testid=todo-write]')) return;
    const opens = target.closest('[data-opens]')?.getAttribute('data-opens');
    if (opens) openFromCopy(state, opens);
  });
  showCopy(copy);
});
