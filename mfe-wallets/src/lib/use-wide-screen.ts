import { useEffect, useState } from 'react';

/** From here up the four history columns fit without wrapping a date over several lines. */
export const WIDE_SCREEN_QUERY = '(min-width: 640px)';

/** True on a wide screen; true too where the browser cannot tell (no matchMedia). */
export function useWideScreen(): boolean {
  const query = () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN_QUERY) : null;
  const [wide, setWide] = useState(() => query()?.matches ?? true);
  useEffect(() => {
    const list = query();
    if (!list) return undefined;
    const onChange = () => setWide(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return wide;
}
