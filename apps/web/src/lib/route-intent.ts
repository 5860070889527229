/**
 * A tap's intent to open a page, heard at pointerdown (touchstart on a phone), ~100 ms before its
 * click: the page's module and its first call can start then (app/route-prefetch.ts registers what
 * that means). Before the registration (the login page, whose chunks carry no query client) a press
 * does nothing more than the click.
 */
type Prefetcher = (url: string) => void;

let prefetcher: Prefetcher | null = null;

export function setRoutePrefetcher(next: Prefetcher | null): void {
  prefetcher = next;
}

/** Starts loading the page of this app URL ('/pages/details/customerDetails?id=3') and its first data. */
export function prefetchRoute(url: string): void {
  try {
    prefetcher?.(url);
  } catch {
    // A prefetch is only a head start: the click loads the page as always.
  }
}
