// The single-spa lifecycles a remote exposes as `<name>/app` (single-spa-react 6): the remote's root
// in React, inside an error boundary.
import React, { type FunctionComponent, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ErrorFallback } from '@ajo/shared/ui/error-fallback';

/**
 * The mount prop the shell passes with each version it mounts, to be called with an error this
 * remote's boundary caught: the shell counts it against that version
 * (docs/decisions/045-release-safety-in-the-browser.md). The same name as the shell's
 * (host/src/federation/with-fallback.ts REPORT_RENDER_ERROR): remote-kit is compiled into each
 * remote, so the name is the contract, not an import.
 */
export const REPORT_RENDER_ERROR = 'ajoReportRenderError';

interface BoundaryProps {
  children?: ReactNode;
  [REPORT_RENDER_ERROR]?: unknown;
}

/** SPEC §8 rendering fallback: a render error stays inside this remote's area, and is reported. */
class RemoteErrorBoundary extends React.Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    const report = this.props[REPORT_RENDER_ERROR];
    if (typeof report !== 'function') return;
    try {
      report(error);
    } catch {
      // Reporting is best effort; the fallback shows regardless.
    }
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}

export function remoteLifecycles(rootComponent: FunctionComponent) {
  const { bootstrap, mount, unmount } = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent,
    // single-spa-react hands the boundary the mount props (AppProps and the shell's own).
    errorBoundaryClass: RemoteErrorBoundary as unknown as NonNullable<
      Parameters<typeof singleSpaReact>[0]['errorBoundaryClass']
    >,
  });
  return { bootstrap, mount, unmount };
}
