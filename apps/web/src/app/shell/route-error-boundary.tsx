import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { LoadFailure } from './lazy-page';

interface Props {
  location: Location;
  children: ReactNode;
}

interface State {
  failed: boolean;
  location: Location;
}

/**
 * Shows the page-load error view (a tap reloads) when rendering a page throws, and clears it when
 * the location changes, like the data router's route error boundary did.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    return this.state.failed ? <LoadFailure timeout={false} /> : this.props.children;
  }
}
