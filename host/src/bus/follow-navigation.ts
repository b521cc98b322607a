import type { Subscription } from '@ajo/shared/rx';
import type { EventBus } from '@ajo/shared/events';

export type HistoryLike = Pick<History, 'pushState' | 'replaceState' | 'state'>;

/** '/path?query#hash' only: never another origin ('//host', 'https://…') or a `javascript:` URL. */
export function isAppPath(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\');
}

/**
 * Follows the bus's 'navigate' events: the one way a remote goes to a route another app owns
 * (@ajo/remote-kit navigateAcrossApps). Wired where the bus is created, not in the shell's layout,
 * so it works from the moment any app loads the bus: on static pages (landing, FAQ) the shell keeps
 * the host's services out of the first load and only a remote's click brings the bus in.
 * single-spa patches pushState and replaceState: it reroutes, and every router hears a popstate.
 */
export function followNavigation(bus: EventBus, history?: HistoryLike): Subscription {
  return bus.on('navigate').subscribe(({ to, replace }) => {
    if (!isAppPath(to)) {
      console.error(`[bus] 'navigate' to ${JSON.stringify(to)} ignored: not a path of this app`);
      return;
    }
    // Read at the event, not at import: the module also loads where there is no window (tests).
    const target = history ?? window.history;
    if (replace) target.replaceState(target.state, '', to);
    else target.pushState(null, '', to);
  });
}
