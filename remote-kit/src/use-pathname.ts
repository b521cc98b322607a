import { useEffect, useState } from 'react';

/**
 * The current path without react-router, for the shell and the landing page, so `/` does not load
 * the router (the first-load budget). single-spa reroutes on every history change and fires its
 * routing event.
 */
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
