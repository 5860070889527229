import { PhoneFill } from 'antd-mobile-icons';
import type { MouseEvent, ReactNode } from 'react';
import { telHref } from '../lib/tel';

// A call link inside a tappable row calls; it does not also open the row.
const stop = (event: MouseEvent) => event.stopPropagation();

/** A phone number as a `tel:` link; `button` draws it as a round call button. */
export function PhoneLink({ phone, children, button = false, testId }: { phone: string; children?: ReactNode; button?: boolean; testId?: string }) {
  return (
    <PhoneLinkView phone={phone} href={telHref(phone)} button={button} testId={testId}>
      {children}
    </PhoneLinkView>
  );
}

/** The link from its number and address (a painted page fills the same markup from an answer, app/prerender). */
export function PhoneLinkView({ phone, href, children, button = false, testId }: { phone: string; href: string; children?: ReactNode; button?: boolean; testId?: string }) {
  if (!phone) return <span className="muted">—</span>;
  if (button) {
    return (
      <a className="call-button" href={href} aria-label={`拨打 ${phone}`} data-testid={testId} onClick={stop}>
        <PhoneFill />
        {children ?? '拨打'}
      </a>
    );
  }
  return (
    <a className="phone-link" href={href} data-testid={testId} onClick={stop}>
      {children ?? phone}
    </a>
  );
}
