import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { createPath, Router, type Location, type NavigationType } from 'react-router';
import type { AppHistory } from '../lib/navigation';

interface RouterState {
  action: NavigationType;
  location: Location;
}

const current = (history: AppHistory): RouterState => ({ action: history.action, location: history.location });

/**
 * react-router's `unstable_HistoryRouter`, with the gap between its first render and its listener
 * closed. The router starts listening in a layout effect, after its first render; the app's first
 * render is a transition (main.tsx), which yields to the browser, so an address change in between
 * (the back button, a link, a hash set from outside) was never heard and the app stayed on the page
 * it first rendered with the address showing another. When it starts listening it now renders the
 * address as it is by then. Updates go in transitions, as the library's router does.
 */
export function AppHistoryRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [state, setState] = useState(() => current(history));
  useLayoutEffect(() => {
    const stop = history.listen(({ action, location }) => startTransition(() => setState({ action, location })));
    setState((rendered) => (createPath(rendered.location) === createPath(history.location) ? rendered : current(history)));
    return stop;
  }, [history]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
