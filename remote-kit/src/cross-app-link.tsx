import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/**
 * A real <a href> to a route another app owns (/login, /terms-and-conditions/account). Plain clicks go
 * through navigateAcrossApps (the host bus 'navigate' event), so the page is not reloaded; modified
 * clicks (new tab, new window) keep the browser's own behaviour. The host modules load on the first
 * click, not with the link: a static page such as the landing page keeps them out of its first load.
 */
export function CrossAppLink(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { onClick, href, ...rest } = props;
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void import('./services').then(({ navigateAcrossApps }) => navigateAcrossApps(href));
  };
  return <a {...rest} href={href} onClick={handle} />;
}
