/** The layout sweep's checks (run inside the page) and the axe-core pass. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** No text may come closer than this to a side edge of the screen. */
export const EDGE_MARGIN = 8;

/** What counts as a control a person may need to reach. */
export const CONTROL_SELECTOR = 'a, button, input, textarea, select, [role=button], [role=tab], [role=switch], [role=option], [role=checkbox], [role=radio], [tabindex]';

/** What the site badge must leave clear: the controls and the figures a page marks (`data-keep-clear`). */
export const KEEP_CLEAR_SELECTOR = `${CONTROL_SELECTOR}, [data-keep-clear]`;

export interface LayoutReport {
  /** document.scrollingElement.scrollWidth and innerWidth. */
  scrollWidth: number;
  innerWidth: number;
  /** Visible text closer than EDGE_MARGIN to a side edge: the text and its left/right. */
  edgeText: string[];
  /** Tabs not wholly on screen. */
  cutTabs: string[];
  /** The badge's box, when one is shown. */
  badge: { left: number; top: number; right: number; bottom: number } | null;
  /** Visible controls and marked figures whose box meets the badge's. */
  underBadge: string[];
  /** Visible controls and marked figures whose box meets the offline notice's (网络已断开 … 重试). */
  underNotice: string[];
  /** Buttons whose label does not fit them (cut, or cut short with an ellipsis). */
  cutLabels: string[];
}

/**
 * Runs in the page (serialised: everything it needs is inside it). Looks at the page as it is,
 * scrolled to the top: sideways overflow, text at the side edges, tabs cut by the screen's edge,
 * controls and figures under the current-site badge or the offline notice, and button labels that
 * do not fit.
 */
function inspectLayout({ margin, controls }: { margin: number; controls: string }): LayoutReport {
  const width = window.innerWidth;
  type Box = { left: number; top: number; right: number; bottom: number };
  const clipCache = new Map<Element, Box | null>();
  /** The part of the screen where an element's content can show: the viewport's width cut by every clipping ancestor. */
  const clipOf = (element: Element | null): Box | null => {
    if (!element || element === document.documentElement || element === document.body) return { left: 0, top: -Infinity, right: width, bottom: Infinity };
    const cached = clipCache.get(element);
    if (cached !== undefined) return cached;
    const outer = clipOf(element.parentElement);
    let box = outer;
    const style = getComputedStyle(element);
    if (outer && (style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.clip !== 'auto' || style.clipPath !== 'none')) {
      const rect = element.getBoundingClientRect();
      const left = Math.max(outer.left, style.overflowX === 'visible' ? -Infinity : rect.left);
      const right = Math.min(outer.right, style.overflowX === 'visible' ? Infinity : rect.right);
      const top = Math.max(outer.top, style.overflowY === 'visible' ? -Infinity : rect.top);
      const bottom = Math.min(outer.bottom, style.overflowY === 'visible' ? Infinity : rect.bottom);
      box = right - left < 1 || bottom - top < 1 || (style.clip !== 'auto' && rect.width <= 1) ? null : { left, top, right, bottom };
    }
    clipCache.set(element, box);
    return box;
  };
  const cut = (rect: Box, clip: Box | null): Box | null => {
    if (!clip) return null;
    const box = { left: Math.max(rect.left, clip.left), right: Math.min(rect.right, clip.right), top: Math.max(rect.top, clip.top), bottom: Math.min(rect.bottom, clip.bottom) };
    return box.right - box.left >= 1 && box.bottom - box.top >= 1 ? box : null;
  };
  const shown = (element: Element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const describe = (element: Element) => `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().replace(/\s+/g, ' ').slice(0, 30) || element.getAttribute('aria-label') || element.getAttribute('placeholder') || ''}"`;

  const edgeText: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const parent = node.parentElement;
    if (!text || !parent || !shown(parent)) continue;
    const clip = clipOf(parent);
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      const visible = cut(rect, clip);
      if (!visible) continue;
      if (visible.left < margin || visible.right > width - margin) {
        edgeText.push(`"${text.slice(0, 30)}" at ${Math.round(visible.left)}–${Math.round(visible.right)}`);
        break;
      }
    }
  }

  const cutTabs: string[] = [];
  for (const tab of document.querySelectorAll('[role=tab]')) {
    if (!shown(tab)) continue;
    const rect = tab.getBoundingClientRect();
    if (rect.width < 1) continue;
    if (rect.left < -0.5 || rect.right > width + 0.5) cutTabs.push(`${describe(tab)} at ${Math.round(rect.left)}–${Math.round(rect.right)}`);
  }

  /** The visible controls (outside it) whose box meets an element's: what it covers. */
  const under = (overlay: Element, box: Box): string[] => {
    const covered: string[] = [];
    for (const control of document.querySelectorAll(controls)) {
      if (overlay.contains(control) || control.contains(overlay) || !shown(control)) continue;
      const visible = cut(control.getBoundingClientRect(), clipOf(control.parentElement));
      if (!visible) continue;
      if (visible.left < box.right - 0.5 && visible.right > box.left + 0.5 && visible.top < box.bottom - 0.5 && visible.bottom > box.top + 0.5) covered.push(describe(control));
    }
    return covered;
  };
  const boxOf = (element: Element | null): Box | null => {
    if (!element || !shown(element)) return null;
    const rect = element.getBoundingClientRect();
    return { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
  };

  const badgeElement = document.querySelector('[data-testid=site-badge]');
  const badge = boxOf(badgeElement);
  const underBadge = badgeElement && badge ? under(badgeElement, badge) : [];
  const noticeElement = document.querySelector('[data-testid=offline-notice]');
  const notice = boxOf(noticeElement);
  const underNotice = noticeElement && notice ? under(noticeElement, notice) : [];

  const cutLabels: string[] = [];
  for (const button of document.querySelectorAll('button, .adm-button')) {
    if (!shown(button) || button.clientWidth < 1) continue;
    if (button.scrollWidth > button.clientWidth + 1) cutLabels.push(`${describe(button)} (${button.scrollWidth} px in ${button.clientWidth})`);
  }

  const scroller = document.scrollingElement ?? document.documentElement;
  return { scrollWidth: scroller.scrollWidth, innerWidth: width, edgeText, cutTabs, badge, underBadge, underNotice, cutLabels };
}

/** The layout of the page as it is now (scroll it to the top first). */
export function layoutReport(page: Page): Promise<LayoutReport> {
  return page.evaluate(inspectLayout, { margin: EDGE_MARGIN, controls: KEEP_CLEAR_SELECTOR });
}

/** The problems a report shows, one line each (empty when the page is fine). */
export function layoutProblems(report: LayoutReport): string[] {
  const problems: string[] = [];
  if (report.scrollWidth > report.innerWidth) problems.push(`scrolls sideways: ${report.scrollWidth} px wide in ${report.innerWidth}`);
  for (const text of report.edgeText) problems.push(`text within ${EDGE_MARGIN} px of a side edge: ${text}`);
  for (const tab of report.cutTabs) problems.push(`tab cut by the screen's edge: ${tab}`);
  for (const control of report.underBadge) problems.push(`control under the site badge: ${control}`);
  for (const control of report.underNotice) problems.push(`control under the offline notice: ${control}`);
  for (const label of report.cutLabels) problems.push(`button label cut: ${label}`);
  return problems;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core on the page (injected once per document; the context must bypass the app's CSP)
 * and returns its serious and critical violations, one line each.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged once every finite animation and transition has ended: a dialog zooming in
  // or a button fading to enabled blends its colours below 4.5:1 meanwhile (seen on a busy
  // machine). A spinner's endless animation is not waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes.slice(0, 4).map((node) => `${JSON.stringify(node.target)} ${(node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`).join(' | ')}${violation.nodes.length > 4 ? ` … ${violation.nodes.length} in all` : ''}`);
  }, AXE_TAGS);
  return violations;
}
