import type { KeyboardEvent, ReactNode } from 'react';

/** A card that opens something when tapped (or activated from the keyboard). */
export function TapCard({ onTap, children, className, testId, label }: { onTap(): void; children: ReactNode; className?: string; testId?: string; label?: string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onTap();
    }
  };
  return (
    <div role="button" tabIndex={0} aria-label={label} className={`card card--tap${className ? ` ${className}` : ''}`} onClick={onTap} onKeyDown={onKeyDown} data-testid={testId}>
      {children}
    </div>
  );
}
