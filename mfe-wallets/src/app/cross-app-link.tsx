import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateAcrossApps } from './services';

/**
 * A real <a href> to a route another app owns (/login, /terms-and-conditions/account). Plain clicks go
 * through the shell's 'navigate' bus event (host README), so the page is not reloaded.
 */
export function CrossAppLink(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { onClick, href, ...rest } = props;
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigateAcrossApps(href);
  };
  return <a {...rest} href={href} onClick={handle} />;
}
