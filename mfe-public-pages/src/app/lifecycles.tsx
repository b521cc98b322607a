// Exposed as `public_pages/app`: the single-spa lifecycles of this remote (single-spa-react 6).
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ErrorFallback } from '@ajo/shared/ui/error-fallback';
import { RemoteRoot } from './remote-root';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: RemoteRoot,
  // SPEC §8 rendering fallback: a render error stays inside this remote's area.
  errorBoundary: () => <ErrorFallback />,
});

export const { bootstrap, mount, unmount } = lifecycles;
