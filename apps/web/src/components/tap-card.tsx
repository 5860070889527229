import { useId, type ReactNode } from 'react';

/**
 * A card that opens something when tapped (or activated from the keyboard).
 *
 * Its tap target is a real button stretched over the whole card and holding nothing: controls
 * inside the card (a tel: link, a button) are not nested in it but layered above it, so they stay
 * separate controls (axe: nested-interactive). The button is named by the card's text, with
 * `label` before it (read, not shown). A tap anywhere on the card that no inner control takes
 * lands on the button, and its click reaches the card's handler; inner controls stop their own.
 */
export function TapCard({
  onTap,
  onPress,
  children,
  className,
  testId,
  label,
}: {
  onTap(): void;
  /** At pointerdown, before the tap's click: what the tap will need can start (lib/route-intent.ts). */
  onPress?(): void;
  children: ReactNode;
  className?: string;
  testId?: string;
  label?: string;
}) {
  const id = useId();
  const labelId = `${id}label`;
  const contentId = `${id}content`;
  return (
    // The card only hears the clicks that bubble up from its button (and from text layered above it);
    // the button is what a keyboard or a screen reader reaches.
    <div className={`card card--tap${className ? ` ${className}` : ''}`} onClick={onTap} onPointerDown={onPress} data-testid={testId}>
      <button type="button" className="card__tap" aria-labelledby={label ? `${labelId} ${contentId}` : contentId} />
      {label && (
        <span id={labelId} hidden>
          {label}
        </span>
      )}
      <div id={contentId} className="card__content">
        {children}
      </div>
    </div>
  );
}
