import { BADGE_RIGHT, BADGE_SNAP_THRESHOLD, BADGE_TOP } from '@sales/contract';
import { useRef, useState, type PointerEvent } from 'react';
import { useSession } from '../../auth/session-store';
import { useSiteSwitcher } from './site-switcher';

type Position = { side: 'left' | 'right'; top: number } | { side: 'free'; left: number; top: number };

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
export function snapBadge(left: number, top: number, width: number, height: number, areaWidth: number, areaHeight: number): Position {
  const side = left + width / 2 < areaWidth / 2 ? 'left' : 'right';
  let settled = clamp(top, 0, areaHeight - height);
  if (settled < BADGE_SNAP_THRESHOLD) settled = 0;
  if (areaHeight - height - settled < BADGE_SNAP_THRESHOLD) settled = Math.max(0, areaHeight - height);
  return { side, top: settled };
}

/** The draggable '当前站点：' label (SPEC §2); a tap opens the site switcher when there are several sites. */
export function SiteBadge() {
  const site = useSession((state) => state.currentSite);
  const openSwitcher = useSiteSwitcher();
  const [position, setPosition] = useState<Position>({ side: 'right', top: BADGE_TOP });
  const badge = useRef<HTMLDivElement>(null);
  const drag = useRef<DragStart | null>(null);

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
    setPosition(snapBadge(element.offsetLeft, element.offsetTop, element.offsetWidth, element.offsetHeight, area.clientWidth, area.clientHeight));
  };

  const style =
    position.side === 'free'
      ? { left: position.left, top: position.top }
      : position.side === 'right'
        ? { right: BADGE_RIGHT, top: position.top }
        : { left: 0, top: position.top };

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
