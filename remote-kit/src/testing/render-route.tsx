import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** Shows where the router went (path, query and navigation state), for redirect and hand-off checks. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output aria-label="current location">
      {`${location.pathname}${location.search}`} {JSON.stringify(location.state ?? null)}
    </output>
  );
}

/**
 * Renders `element` at `url` (a path, optionally with ?query) in a memory router, with `state` as
 * its navigation state; every other path renders the location probe.
 */
export function renderRoute(element: ReactElement, url: string, state?: unknown) {
  const [path = url, search = ''] = url.split('?');
  return render(
    <MemoryRouter
      initialEntries={[{ pathname: path, search: search ? `?${search}` : '', state }]}
      future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
    >
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}
