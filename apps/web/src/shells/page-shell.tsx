import '../app.css';

import { Component, StrictMode, startTransition } from 'react';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { ErrorPage } from '../features/errors/error-page';

/**
 * Starts a standalone page shell: one page on its own, with the providers it needs and none of
 * React Router. A phone or an OBS browser source that opens a streamer page directly gets this
 * (the server picks it), and so downloads far less script than the whole app's runtime.
 */
export function renderShell(page: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page shell has no #root element.');
  const tree = (
    <StrictMode>
      <ShellErrorBoundary>{page}</ShellErrorBoundary>
    </StrictMode>
  );
  // A page the server rendered (the donation page) is hydrated: its HTML stays and comes alive.
  if (container.firstChild) {
    hydrateRoot(container, tree);
    return;
  }
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser, so the first render is not one
  // long task that blocks input on a slow phone (what React Router's hydration does too).
  startTransition(() => root.render(tree));
}

/** The first path segment of the current URL: the streamer's slug on every streamer page. */
export function slugFromLocation(): string {
  const segment = window.location.pathname.split('/')[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** What the app's root error boundary does, for a page without the router. */
class ShellErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override render() {
    if (this.state.error !== null) return <ErrorPage error={this.state.error} />;
    return this.props.children;
  }
}
