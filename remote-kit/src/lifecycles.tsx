// The single-spa lifecycles a remote exposes as `<name>/app` (single-spa-react 6): the remote's root
// in React, inside an error boundary.
import React, { type FunctionComponent } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ErrorFallback } from '@ajo/shared/ui/error-fallback';

export function remoteLifecycles(rootComponent: FunctionComponent) {
  const { bootstrap, mount, unmount } = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent,
    // SPEC §8 rendering fallback: a render error stays inside this remote's area.
    errorBoundary: () => <ErrorFallback />,
  });
  return { bootstrap, mount, unmount };
}
