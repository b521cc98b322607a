import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { ErrorFallback } from '@ajo/shared/ui/error-fallback';
import type { loadHostApi } from '../federation/host-modules';
import { guardRedirect, hasSession, isVerificationRoute, type StorageLike } from '../routes/guard';
import { landmark, needsHostServices, resolveRoute } from '../routes/route-table';
import { duePrompts } from '../prompts/prompt-conditions';
import { activationRedirect, isActivated } from './activation';
import { Breadcrumb } from './breadcrumb';
import { PublicNavbar, BRAND } from './public-navbar';
import { Sidebar } from './sidebar';
import { SIDEBAR_FLAG_KEY } from './sidebar-links';
import { ToastArea } from './toast-area';
import { useCurrentUser } from './use-current-user';
import { useHostServices, type HostServices } from './use-host-services';
import { useSignedOutElsewhere } from './use-signed-out-elsewhere';
import { usePathname } from '@ajo/remote-kit/use-pathname';
import styles from './shell.module.css';

// The login form is not part of the first load of `/`.
const LoginPage = lazy(() => import('../login/login-page'));
// SPEC §4 prompts: only signed-in pages with a prompt due ever fetch the modals and their forms.
const ProtectedPagePrompts = lazy(() => import('../prompts/protected-page-prompts'));
// The alerts bell is signed-in only: a chunk of its own, fetched once the user is known.
const AlertsBell = lazy(() => import('./alerts-bell'));

export const MFE_AREA_ID = 'ajo-mfe-area';

export interface ShellDeps {
  loadServices: () => Promise<HostServices>;
  navigate: (to: string, replace?: boolean) => void;
  storage: StorageLike & Pick<Storage, 'setItem' | 'clear'>;
  /** host/api for the prompts; defaults to the federated module (tests inject a fake). */
  loadApi?: typeof loadHostApi;
}

export function ShellApp({ deps }: { deps: ShellDeps }) {
  const pathname = usePathname();
  const route = resolveRoute(pathname);
  const dashboard = route.layout === 'dashboard';
  const { navigate, storage } = deps;
  const { services, toastSource } = useHostServices(
    dashboard || needsHostServices(pathname),
    deps.loadServices,
  );
  const { user, loading } = useCurrentUser(services, dashboard, navigate);
  // The NIN prompt a screen asked for (the dashboard badge's "Submit your NIN"), though SPEC §4
  // made none due.
  const [ninAsked, setNinAsked] = useState(false);
  useEffect(() => {
    const sub = services?.bus.on('open-prompt').subscribe(() => setNinAsked(true));
    return () => sub?.unsubscribe();
  }, [services]);
  const [sidebarOpen, setSidebarOpen] = useState(
    () => storage.getItem(SIDEBAR_FLAG_KEY) === 'true',
  );

  // The route guard (SPEC §2): signed-in route without stored tk and id -> /login.
  useEffect(() => {
    const redirect = guardRedirect(pathname, storage);
    if (redirect) navigate(redirect, true);
  }, [pathname, storage, navigate]);

  // An activated customer back on a verification or onboarding page (the Back button after
  // onboarding): those pages only fail for them now, so the signed-in home instead.
  useEffect(() => {
    if (!services || !isVerificationRoute(pathname) || !hasSession(storage)) return undefined;
    let cancelled = false;
    const cached = services.session.getUser();
    (cached ? Promise.resolve(cached) : services.session.loadUser())
      .then((current) => {
        if (!cancelled && isActivated(current)) navigate(landmark('signed-in-home'), true);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [services, pathname, storage, navigate]);

  // SPEC §4 "Account activation": decided on a freshly loaded user only (see useCurrentUser).
  useEffect(() => {
    if (!dashboard || loading || !user) return;
    const redirect = activationRedirect(route, user);
    if (redirect) navigate(redirect, true);
  }, [dashboard, loading, user, route, navigate]);

  useEffect(() => {
    document.title = `${route.label} | ${BRAND}`;
  }, [route.label]);

  // A phone's open menu would otherwise cover the dashboard of the next sign-in: signing out closes
  // it (its stored flag went with the rest of the storage).
  const leaveSignedInPages = useCallback(() => {
    setSidebarOpen(false);
    navigate('/login');
  }, [navigate]);

  useEffect(() => {
    if (!services) return undefined;
    // 'navigate' events are followed by the bus itself (host/src/bus/follow-navigation.ts).
    const sub = services.bus.on('signed-out').subscribe(leaveSignedInPages);
    return () => sub.unsubscribe();
  }, [services, leaveSignedInPages]);

  // Signed out in another tab: this one forgets the user and leaves protected pages at once.
  const signedOutElsewhere = useCallback(() => {
    setSidebarOpen(false);
    if (services && services.session.getUser() !== null) services.session.setUser(null);
    const redirect = guardRedirect(window.location.pathname, storage);
    if (redirect) navigate(redirect, true);
  }, [services, storage, navigate]);
  useSignedOutElsewhere(signedOutElsewhere);

  const toggleSidebar = () => {
    const next = !sidebarOpen;
    storage.setItem(SIDEBAR_FLAG_KEY, String(next));
    setSidebarOpen(next);
  };

  const signOut = useCallback(() => {
    if (services) return services.session.signOut();
    // SPEC §2: Signout clears all local browser storage and goes to /login.
    storage.clear();
    globalThis.sessionStorage?.clear();
    leaveSignedInPages();
  }, [services, storage, leaveSignedInPages]);

  return (
    <>
      <a href="#ajo-main" className={styles.skip}>
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.headerRow}>
          {dashboard && (
            <button
              type="button"
              className={styles.menuButton}
              aria-expanded={sidebarOpen}
              aria-controls="ajo-sidebar"
              onClick={toggleSidebar}
            >
              Menu
            </button>
          )}
          <PublicNavbar variant={route.layout} />
          {dashboard && services && user && (
            <Suspense fallback={null}>
              <AlertsBell bus={services.bus} loadApi={deps.loadApi} />
            </Suspense>
          )}
        </div>
        {dashboard && <Breadcrumb label={route.label} />}
      </header>
      <ToastArea source={toastSource} page={pathname} />
      <div className={dashboard ? styles.body : undefined}>
        {dashboard ? (
          <Sidebar
            id="ajo-sidebar"
            pathname={pathname}
            open={sidebarOpen}
            user={user}
            loadingUser={loading}
            onSignOut={signOut}
            onNavigate={() => undefined}
          />
        ) : null}
        <main id="ajo-main" className={styles.main} tabIndex={-1}>
          {route.owner === 'host' && (
            <Suspense fallback={<p role="status">Loading…</p>}>
              <LoginPage services={services} navigate={navigate} />
            </Suspense>
          )}
          {/* No remote owns this page: the registry could not be read, so nothing would show. */}
          {route.owner === '' && <ErrorFallback />}
          {/* single-spa mounts each remote into its own child of this element; React never renders into it. */}
          <div id={MFE_AREA_ID} />
        </main>
      </div>
      {dashboard && services && user && !loading && (ninAsked || duePrompts(user).length > 0) && (
        <Suspense fallback={null}>
          <ProtectedPagePrompts
            user={user}
            services={services}
            loadApi={deps.loadApi}
            requested={ninAsked ? ['nin'] : []}
            onRequestedClosed={() => setNinAsked(false)}
          />
        </Suspense>
      )}
    </>
  );
}
