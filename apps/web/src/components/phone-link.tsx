import { PhoneFill } from 'antd-mobile-icons';
import type { MouseEvent, ReactNode } from 'react';

// A call link inside a tappable row calls; it does not also open the row.
const stop = (event: MouseEvent) => event.stopPropagation();

/** A phone number as a `tel:` link; `button` draws it as a round call button. */
export function PhoneLink({ phone, children, button = false, testId }: { phone: string; children?: ReactNode; button?: boolean; testId?: string }) {
  if (!phone) return <span className="muted">—</span>;
  const digits = phone.replace(/[^\d+]/g, '');
  if (button) {
    return (
      <a className="call-button" href={`tel:${digits}`} aria-label={`拨打 ${phone}`} data-testid={testId} onClick={stop}>
        <PhoneFill />
        {children ?? '拨打'}
      </a>
    );
  }
  return (
    <a className="phone-link" href={`tel:${digits}`} data-testid={testId} onClick={stop}>
      {children ?? phone}
    </a>
  );
}
