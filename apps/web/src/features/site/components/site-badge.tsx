import { BADGE_RIGHT, BADGE_SNAP_THRESHOLD } from '@sales/contract';
import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { useSession } from '../../auth/session-store';
import { DEFAULT_PLACE, freeTop, keepDraggedPlace, KEEP_CLEAR_SELECTOR, readDraggedPlace, type RestingPlace } from './badge-placement';
import { useSiteSwitcher } from './site-switcher';

type Position = RestingPlace | { side: 'free'; left: number; top: number };

/** Layers above the page whose controls the badge does not step aside for (it lies under them). */
const OVERLAYS = '.adm-popup, .adm-mask, .adm-center-popup-wrap, .adm-toast-mask, .offline-notice';

/**
 * Where the badge resting at `place` can show without covering a control or a figure of the page:
 * the top nearest to the place's at which none lies in the badge's column.
 */
function stepAside(badge: HTMLElement, area: HTMLElement, place: RestingPlace): number {
  const areaBox = area.getBoundingClientRect();
  const width = badge.offsetWidth;
  const height = badge.offsetHeight;
  const left = place.side === 'right' ? areaBox.right - BADGE_RIGHT - width : areaBox.left;
  const right = left + width;
  const blocked: [number, number][] = [];
  for (const control of document.querySelectorAll(KEEP_CLEAR_SELECTOR)) {
    if (area.contains(control) || control.closest(OVERLAYS)) continue;
    const box = control.getBoundingClientRect();
    if (box.width < 1 || box.height < 1 || box.right <= left || box.left >= right) continue;
    if (typeof control.checkVisibility === 'function' && !control.checkVisibility({ visibilityProperty: true })) continue;
    blocked.push([box.top - areaBox.top, box.bottom - areaBox.top]);
  }
  return freeTop(place.top, height, blocked, 0, area.clientHeight - height);
}

interface DragStart {
  pointerId: number;
  x: number;
  y: number;
  left: number;
  top: number;
  dragging: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * Where a released badge settles: against the nearer side edge, and against the top or bottom
 * edge when it is within the snap threshold of it.
 */
export function snapBadge(left: number, top: number, width: number, height: number, areaWidth: number, areaHeight: number): RestingPlace {
  const side = left + width / 2 < areaWidth / 2 ? 'left' : 'right';
  let settled = clamp(top, 0, areaHeight - height);
  if (settled < BADGE_SNAP_THRESHOLD) settled = 0;
  if (areaHeight - height - settled < BADGE_SNAP_THRESHOLD) settled = Math.max(0, areaHeight - height);
  return { side, top: settled };
}

/**
 * The draggable '当前站点：' label (SPEC §2); a tap opens the site switcher when there are several sites.
 *
 * It rests at right 0, top 160 — unless a control of the page lies there: then it steps up or down
 * to the nearest place in its column where it covers none (looked at again whenever the page
 * changes, is resized or stops scrolling). Where a person drags it, it stays, on every page, for
 * the rest of the session (sessionStorage).
 */
export function SiteBadge() {
  const site = useSession((state) => state.currentSite);
  const openSwitcher = useSiteSwitcher();
  const [dragged] = useState(readDraggedPlace);
  const [position, setPosition] = useState<Position>(dragged ?? DEFAULT_PLACE);
  // Whether the resting place is one a person chose (kept as it is) or the spec's (steps aside).
  const [chosen, setChosen] = useState(dragged !== null);
  const [shiftedTop, setShiftedTop] = useState<number | null>(null);
  const badge = useRef<HTMLDivElement>(null);
  const drag = useRef<DragStart | null>(null);
  const hasSite = site !== null;

  useLayoutEffect(() => {
    const element = badge.current;
    const area = element?.parentElement;
    if (!hasSite || !element || !area || position.side === 'free' || chosen) {
      setShiftedTop(null);
      return undefined;
    }
    const place: RestingPlace = { side: position.side, top: position.top };
    let frame = 0;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      frame = 0;
      if (drag.current?.dragging) return;
      const top = stepAside(element, area, place);
      setShiftedTop(top === place.top ? null : top);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(look);
    };
    // While a list scrolls under it the badge stays put; it looks again once scrolling stops.
    const scrolled = () => {
      clearTimeout(settle);
      settle = setTimeout(schedule, 150);
    };
    // The first look before the first paint, so the badge is never drawn over a control it then leaves.
    look();
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true, characterData: true });
    const sizes = new ResizeObserver(schedule);
    sizes.observe(document.body);
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', scrolled, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      mutations.disconnect();
      sizes.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', scrolled);
    };
  }, [hasSite, position, chosen]);

  if (!site) return null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const element = badge.current;
    if (!element) return;
    element.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, left: element.offsetLeft, top: element.offsetTop, dragging: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    const element = badge.current;
    const area = element?.parentElement;
    if (!start || !element || !area || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.dragging && Math.hypot(dx, dy) < BADGE_SNAP_THRESHOLD) return;
    start.dragging = true;
    setPosition({
      side: 'free',
      left: clamp(start.left + dx, 0, area.clientWidth - element.offsetWidth),
      top: clamp(start.top + dy, 0, area.clientHeight - element.offsetHeight),
    });
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    const element = badge.current;
    const area = element?.parentElement;
    drag.current = null;
    if (!start || !element || !area || start.pointerId !== event.pointerId) return;
    if (!start.dragging) {
      openSwitcher();
      return;
    }
    const place = snapBadge(element.offsetLeft, element.offsetTop, element.offsetWidth, element.offsetHeight, area.clientWidth, area.clientHeight);
    keepDraggedPlace(place);
    setChosen(true);
    setShiftedTop(null);
    setPosition(place);
  };

  const top = position.side !== 'free' && shiftedTop !== null ? shiftedTop : position.top;
  const style = position.side === 'free' ? { left: position.left, top } : position.side === 'right' ? { right: BADGE_RIGHT, top } : { left: 0, top };

  return (
    <div className="site-badge-area">
      <div
        ref={badge}
        className={`site-badge site-badge--${position.side}`}
        style={style}
        role="button"
        tabIndex={0}
        data-testid="site-badge"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') openSwitcher();
        }}
      >
        当前站点：{site.departmentName}
      </div>
    </div>
  );
}
