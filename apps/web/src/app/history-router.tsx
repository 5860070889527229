import { createContext, startTransition, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { createPath, Router, type Location, type NavigationType } from 'react-router';
import type { AppHistory } from '../lib/navigation';

interface RouterState {
  action: NavigationType;
  location: Location;
  /** The visit of the page on screen (see `usePageVisit`). */
  visit: number;
}

const PageVisit = createContext<number | null>(null);

/**
 * Which visit of its page the address is: a new one for every navigation the history hears but a
 * page's own query replaced in place (a list's filter, use-search-state.ts). Pages are keyed by it
 * (router.tsx), so opening a route again always mounts its page afresh, even when React never drew
 * the page in between. Null outside the app's router (tests of a page).
 */
export const usePageVisit = (): number | null => useContext(PageVisit);

/** The visit after `action` to `location`, heard right after `previous`. */
function nextVisit(visit: number, previous: Location, action: NavigationType, location: Location): number {
  return action === 'REPLACE' && location.pathname === previous.pathname ? visit : visit + 1;
}

/**
 * react-router's `unstable_HistoryRouter`, with the gap between its first render and its listener
 * closed. The router starts listening in a layout effect, after its first render; the app's first
 * render is a transition (main.tsx), which yields to the browser, so an address change in between
 * (the back button, a link, a hash set from outside) was never heard and the app stayed on the page
 * it first rendered with the address showing another. When it starts listening it now renders the
 * address as it is by then. Updates go in transitions, as the library's router does.
 */
export function AppHistoryRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [first] = useState<RouterState>(() => ({ action: history.action, location: history.location, visit: 0 }));
  const [state, setState] = useState(first);
  useLayoutEffect(() => {
    // Every step is heard here, also those React batches into one render: the visit follows them.
    let heard = first.location;
    let visit = first.visit;
    if (createPath(history.location) !== createPath(heard) || history.location.key !== heard.key) {
      visit = nextVisit(visit, heard, history.action, history.location);
      heard = history.location;
      setState({ action: history.action, location: heard, visit });
    }
    return history.listen(({ action, location }) => {
      visit = nextVisit(visit, heard, action, location);
      heard = location;
      const next = { action, location, visit };
      startTransition(() => setState(next));
    });
  }, [history, first]);
  return (
    <PageVisit.Provider value={state.visit}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </PageVisit.Provider>
  );
}
