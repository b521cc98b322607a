import './styles/tokens.css';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { navigateToUrl, start } from 'single-spa';
import { loadHostBus, loadHostSession } from './federation/host-modules';
import {
  HOST_CONTAINER,
  fetchRegistryDocument,
  inlinedRegistry,
  toRemoteChoices,
} from './federation/registry-client';
import { withoutFailedVersions } from './federation/failed-versions';
import { registerRemoteApps } from './federation/register-apps';
import { registerRemotes } from './federation/runtime';
import { revealWhenReady } from './first-paint';
import { ShellApp, type ShellDeps } from './layout/shell-app';
import { hasSession } from './routes/guard';
import { resolveRoute, setRouteDocument } from './routes/route-table';

function navigate(to: string, replace = false): void {
  if (replace) {
    // single-spa patches replaceState and reroutes.
    window.history.replaceState(window.history.state, '', to);
  } else {
    navigateToUrl(to);
  }
}

// The host container is same-origin and known up front; the remotes, and the routes each owns,
// come from the registry document: the one inlined in the page composes the route table before
// anything renders; a page without it (a static host) renders once /registry.json has arrived.
registerRemotes([HOST_CONTAINER]);
const inlined = inlinedRegistry();
if (inlined) setRouteDocument(inlined);
const registryDocument = fetchRegistryDocument(fetch, inlined);
// A version that already failed in this tab is not tried again (failed-versions.ts).
const registry = registryDocument.then((doc) =>
  withoutFailedVersions(toRemoteChoices(doc), sessionStorage),
);
const remotesRegistered = registry.then(registerRemotes);

const deps: ShellDeps = {
  loadServices: async () => {
    await remotesRegistered;
    const [{ bus }, { session }] = await Promise.all([loadHostBus(), loadHostSession()]);
    return { bus, session };
  },
  navigate,
  storage: localStorage,
};

// A signed-in page's first screen needs the user: asked for now, while the remote loads, not once
// the layout and then the remote have mounted. The session keeps the one request (its loadUser
// shares a request in flight and hands the fresh user to the remote, ENTRY_USER_MAX_AGE_MS);
// failures are the layout's to show, on its own loadUser (layout/use-current-user.ts).
function askForTheUserEarly(): void {
  if (resolveRoute(window.location.pathname).layout !== 'dashboard' || !hasSession(localStorage)) {
    return;
  }
  deps
    .loadServices()
    .then(({ session }) => session.loadUser())
    .catch(() => undefined);
}
if (inlined) askForTheUserEarly();

async function main(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  // A page served with a picture of its first screen keeps showing it until the live page shows
  // the same screen (first-paint.ts).
  const reveal = revealWhenReady(container);
  if (!inlined) {
    setRouteDocument(await registryDocument);
    askForTheUserEarly();
  }
  const root = createRoot(container);
  // The layout (and its <main> area) must exist before single-spa mounts anything into it.
  flushSync(() => root.render(<ShellApp deps={deps} />));
  try {
    await remotesRegistered;
    registerRemoteApps(await registry);
    start({ urlRerouteOnly: true });
  } catch (error) {
    // Whatever the shell shows about it is in #root: the picture must not hide it.
    reveal();
    throw error;
  }
}

void main();
