import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';

/** A real <a href> (accessible, opens in a new tab) that routes through single-spa on plain clicks. */
export function NavLink(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { onClick, ...rest } = props;
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigateToUrl(props.href);
  };
  return <a {...rest} onClick={handle} />;
}
