import { CODE_RESEND_SECONDS } from '@sales/contract';
import { useEffect, useState } from 'react';

const key = (phone: string) => `code-sent-at:${phone}`;

/** Remembers when a code went to a phone, for the resend countdown across pages of this tab. */
export function markCodeSent(phone: string): void {
  try {
    window.sessionStorage.setItem(key(phone), String(Date.now()));
  } catch {
    // Without session storage the countdown simply starts over.
  }
}

function secondsLeft(phone: string): number {
  let sentAt = 0;
  try {
    sentAt = Number(window.sessionStorage.getItem(key(phone)) ?? 0);
  } catch {
    sentAt = 0;
  }
  const elapsed = Math.floor((Date.now() - sentAt) / 1000);
  return Math.max(0, CODE_RESEND_SECONDS - elapsed);
}

/** Seconds until another code may be requested for the phone, ticking down once a second. */
export function useResendCountdown(phone: string): { seconds: number; restart(): void } {
  const [seconds, setSeconds] = useState(() => secondsLeft(phone));
  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = setTimeout(() => setSeconds(secondsLeft(phone)), 1000);
    return () => clearTimeout(timer);
  }, [seconds, phone]);
  return {
    seconds,
    restart() {
      markCodeSent(phone);
      setSeconds(secondsLeft(phone));
    },
  };
}
