import { Component, type ReactNode } from 'react';

interface State {
  hasError: boolean;
}

/** Shown when a page fails to load or render (for example a chunk after a deploy): a way back, not a blank screen. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <main className="container route-error">
        <h1>Something went wrong</h1>
        <p className="muted">This page could not be loaded. Please check your connection and try again.</p>
        <div className="row route-error-actions">
          <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
            Try again
          </button>
          <a className="btn btn-primary" href="/">
            Go to Home
          </a>
        </div>
      </main>
    );
  }
}
