import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from './navigate';

/** An ordinary <a href> that navigates in-app on a plain left click. */
export function PlainLink(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { onClick, ...rest } = props;
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(props.href);
  };
  return <a {...rest} onClick={handle} />;
}
