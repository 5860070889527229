import type { KeyboardEvent, ReactNode } from 'react';

/**
 * A card that opens something when tapped (or activated from the keyboard). Its name is its text;
 * `label` goes before it for screen readers only (an aria-label would hide the visible text).
 */
export function TapCard({ onTap, children, className, testId, label }: { onTap(): void; children: ReactNode; className?: string; testId?: string; label?: string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onTap();
    }
  };
  return (
    <div role="button" tabIndex={0} className={`card card--tap${className ? ` ${className}` : ''}`} onClick={onTap} onKeyDown={onKeyDown} data-testid={testId}>
      {label && <span className="visually-hidden">{label} </span>}
      {children}
    </div>
  );
}
