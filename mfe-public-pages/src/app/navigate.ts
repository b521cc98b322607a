import { useEffect, useState } from 'react';

/**
 * Navigation without react-router for the landing page, so `/` does not load the router (issue item
 * 10). single-spa patches pushState: the host reroutes and every router hears a popstate.
 */
export function navigate(href: string): void {
  window.history.pushState(null, '', href);
}

export function usePathname(): string {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const update = () => setPath(window.location.pathname);
    window.addEventListener('popstate', update);
    window.addEventListener('single-spa:routing-event', update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener('single-spa:routing-event', update);
    };
  }, []);
  return path;
}
