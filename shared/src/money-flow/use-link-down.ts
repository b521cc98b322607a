import { useSyncExternalStore } from 'react';

/**
 * Said beside a money action while the link is down: nothing is sent until it returns (the
 * page's own notice says the customer is offline, docs/decisions/036-a-service-worker-of-our-own.md).
 */
export const OFFLINE_MONEY_REASON =
  'You are offline. You can continue once your connection returns.';

// The page's inline script keeps <html data-offline> and fires 'ajo:link' (host/public/index.html);
// without it (a static host, tests) the browser's own online state is all there is.
const EVENTS = ['ajo:link', 'online', 'offline'] as const;

function subscribe(onChange: () => void): () => void {
  for (const type of EVENTS) window.addEventListener(type, onChange);
  return () => {
    for (const type of EVENTS) window.removeEventListener(type, onChange);
  };
}

export function linkIsDown(): boolean {
  return document.documentElement.hasAttribute('data-offline') || window.navigator.onLine === false;
}

/** True while the link is down; the component renders again when it changes. */
export function useLinkDown(): boolean {
  return useSyncExternalStore(subscribe, linkIsDown, () => false);
}
