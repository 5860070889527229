import type { GeoFix } from '@sales/contract';
import { locate } from './geolocation';

/** Clocking never waits long for a position: a coarse fix within 5 s, a minute old at most. */
const CLOCK_LOCATE_MS = 5_000;

/**
 * The position for a clock-in or clock-out, or null when refused, unavailable or slow. A prompt the
 * person leaves unanswered does not hold the clock either (the browser's timeout starts after it).
 */
export async function clockPosition(): Promise<GeoFix | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), CLOCK_LOCATE_MS + 1_000);
  });
  try {
    return await Promise.race([locate({ highAccuracy: false, timeoutMs: CLOCK_LOCATE_MS, maximumAge: 60_000 }).catch(() => null), giveUp]);
  } finally {
    clearTimeout(timer);
  }
}
